#!/usr/bin/env bash
# What X costs over a simulated week (docs/COST.md): the daemon's reply, like and learning
# loops and a fixed posting plan on a simulated clock against fake-x (in process, likes
# refused as on X's self-serve tiers), with today's read behaviour and with the new
# defaults, for the same world. Prints requests and posts per day by endpoint and dollars a
# day (the X adapter's count at the 2026 price table), and checks that the new defaults
# cost at most a fifth of the old and read no home timeline once likes were refused.
#
#   scripts/cost-week.sh            # a week (7 simulated days), release build
#   DAYS=1 scripts/cost-week.sh     # one day (what CI runs: a few seconds)
#
# Needs no service: the stores are the in-memory ones the core's tests use.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
days="${DAYS:-7}"
configuration="${CONFIGURATION:-release}"
# Release with the static standard library, as scripts/bench-guard.sh builds it (CI reuses that build).
flags=(-c "$configuration")
[ "$configuration" = release ] && flags+=(--static-swift-stdlib)
swift build "${flags[@]}" --product mirror-bot-bench >/dev/null
"$(swift build "${flags[@]}" --show-bin-path)/mirror-bot-bench" cost-week --days "$days" --check
