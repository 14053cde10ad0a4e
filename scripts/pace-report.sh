#!/usr/bin/env bash
# The human's pace over a simulated week (docs/PACE.md): the daemon's reply and like loops on a
# simulated clock against fake-x (in process), with REPLY_PACE=human POLL_PACE=human and with
# today's timing (immediate, steady), for the same mentions arriving at any hour. Prints the bot's
# reply delays against the human's (two-sample KS statistic), replies in the human's quiet hours,
# requests a day by endpoint, and where the likes fell within the poll intervals (and in quiet
# hours); checks KS < 0.15 and no reply and no like in a quiet hour.
#
#   scripts/pace-report.sh            # a week (7 simulated days), release build
#   DAYS=2 scripts/pace-report.sh     # what CI runs
#
# Needs no service: the stores are the in-memory ones the core's tests use.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
days="${DAYS:-7}"
configuration="${CONFIGURATION:-release}"
flags=(-c "$configuration")
[ "$configuration" = release ] && flags+=(--static-swift-stdlib)
swift build "${flags[@]}" --product mirror-bot-bench >/dev/null
"$(swift build "${flags[@]}" --show-bin-path)/mirror-bot-bench" pace-report --days "$days" --check
