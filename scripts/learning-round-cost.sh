#!/usr/bin/env bash
# What a learning round and `mirror-bot train` cost on stores of different sizes (issue 43):
# `mirror-bot-bench train-ratio --stored N` at each size (see docs/BENCHMARKS.md, "Training
# and the learning round"): the whole `train scheduler --force` and `train classifier
# --force` processes against an in-process fake X, and the deletion sweep's query, on a store
# of N posts imported first (untimed; a million takes about two minutes).
#
#   scripts/learning-round-cost.sh                  # 10,000 and 1,000,000 stored posts
#   scripts/learning-round-cost.sh 10000 100000     # these sizes
#
# Environment: BIN (a folder holding release builds of mirror-bot and mirror-bot-bench;
# default: built here with --static-swift-stdlib), ROUNDS (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."

[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
rounds="${ROUNDS:-3}"
if [ -z "${BIN:-}" ]; then
  for product in mirror-bot mirror-bot-bench; do
    swift build -c release --static-swift-stdlib --product "$product" 2>&1 | tail -n 1
  done
  BIN="$(swift build -c release --static-swift-stdlib --show-bin-path)"
fi

# shellcheck source=scripts/services.sh
. scripts/services.sh
start_services
trap stop_services EXIT
export DATABASE_URL="$TEST_DATABASE_URL" REDIS_URL="$TEST_REDIS_URL"

[ "$#" -gt 0 ] || set -- 10000 1000000
for stored in "$@"; do
  echo "learning-round-cost: train-ratio --stored $stored (load $(cut -d' ' -f1-3 /proc/loadavg))"
  "$BIN/mirror-bot-bench" train-ratio --stored "$stored" --rounds "$rounds" --mirror-bot "$BIN/mirror-bot"
done
