#!/usr/bin/env bash
# The core's size and the repeated code over Sources and Tests, the figures docs/DESIGN.md
# ("Size") keeps: `bash scripts/core-size.sh [DIR]` (DIR: a checkout, default this one).
# Lines: every line of Sources/MirrorBot's .swift files (wc -l), and those that are neither
# blank nor only a comment. Pairs: the first line of the `duplicates` command's report
# (the tool library's; six or more shared lines, the same or of the same shape).
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$root"
files=$(find Sources/MirrorBot -name '*.swift' | sort)
all=$(cat $files | wc -l)
code=$(cat $files | grep -Ev '^[[:space:]]*($|//)' | wc -l)
echo "core (Sources/MirrorBot): $(echo "$files" | wc -l) files, $all lines, $code neither blank nor comment"
if command -v duplicates >/dev/null; then
  echo "Sources: $(duplicates --repo Sources --seconds 120 | head -n 1)"
  echo "Tests: $(duplicates --repo Tests --seconds 120 | head -n 1)"
fi
