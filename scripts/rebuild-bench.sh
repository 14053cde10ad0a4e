#!/usr/bin/env bash
# What a year of the classifier's learning costs to keep in PostgreSQL and to rebuild in
# Redis after Redis lost it (docs/CLASSIFIER.md, "Counts that survive Redis"): records the
# daemon's learning of DAYS days (24 rounds a day, 300 timeline posts seen and 15 liked a
# day, 800 archive likes) in a fresh schema, deletes the counts, times the rebuild.
#
#   scripts/rebuild-bench.sh             # a year, release build
#   DAYS=30 scripts/rebuild-bench.sh     # a month
#
# Starts a private PostgreSQL and Redis (scripts/services.sh) and stops them after.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
days="${DAYS:-365}"
configuration="${CONFIGURATION:-release}"
. scripts/services.sh
trap stop_services EXIT
start_services
swift build -c "$configuration" --product mirror-bot-bench >/dev/null
DATABASE_URL="$TEST_DATABASE_URL" REDIS_URL="$TEST_REDIS_URL" \
  "$(swift build -c "$configuration" --show-bin-path)/mirror-bot-bench" rebuild --days "$days" "$@"
