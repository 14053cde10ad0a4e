#!/usr/bin/env bash
# How long `mirror-bot import` takes at each size (issue 43), through the product's own
# process, against a private PostgreSQL: an X archive and a JSONL file of 10,000, 100,000
# and 1,000,000 made-up posts into a fresh schema; a Mastodon export (outbox.json), a
# Misskey notes export and a Bluesky repository (repo.car) of 10,000 and 100,000; 100,000
# posts into a store already holding 900,000 spread over the same years; and one page of 100 posts (what a learning
# round or a page of `train scheduler` stores) into stores of 10,000 and 1,000,000. Each
# line is `mirror-bot-bench import-ratio` (see docs/BENCHMARKS.md, "Archive import").
#
#   scripts/import-speed.sh            # all of the above, one round each
#   scripts/import-speed.sh 10000 100000   # only these sizes, fresh stores, every shape
#
# Environment: BIN (a folder holding release builds of mirror-bot and mirror-bot-bench;
# default: built here with --static-swift-stdlib), ROUNDS (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."

[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
rounds="${ROUNDS:-1}"
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

run() {
  echo "import-speed: import-ratio $* (load $(cut -d' ' -f1-3 /proc/loadavg))"
  "$BIN/mirror-bot-bench" import-ratio "$@" --rounds "$rounds" --mirror-bot "$BIN/mirror-bot" | grep -v '^time '
}

if [ "$#" -gt 0 ]; then
  for posts in "$@"; do
    run "$posts"; run "$posts" --jsonl; run "$posts" --shape mastodon; run "$posts" --shape misskey; run "$posts" --shape bluesky
  done
  exit 0
fi
for posts in 10000 100000 1000000; do
  run "$posts"
  run "$posts" --jsonl
done
for posts in 10000 100000; do
  run "$posts" --shape mastodon
  run "$posts" --shape misskey
  run "$posts" --shape bluesky
done
run 100000 --jsonl --stored 900000
run 100 --jsonl --stored 10000
run 100 --jsonl --stored 1000000
