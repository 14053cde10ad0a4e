#!/usr/bin/env bash
# The daemon's soak: the real `mirror-bot start` (release build) for an hour
# against an in-process fake X with injected faults, mentions every 20 s and
# timeline posts every 30 s; prints memory every minute and, at the end,
# whether every mention was answered exactly once. Not part of the test run.
#
#     scripts/soak.sh [MINUTES]     (default 60)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
minutes="${1:-60}"

scripts/install-deps.sh
swift build -c release --product mirror-bot
swift build -c release --product mirror-bot-bench
. scripts/services.sh
trap stop_services EXIT
start_services
bin="$(swift build -c release --show-bin-path)"
DATABASE_URL="$TEST_DATABASE_URL" REDIS_URL="$TEST_REDIS_URL" "$bin/mirror-bot-bench" soak --minutes "$minutes"
