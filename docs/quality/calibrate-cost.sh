#!/usr/bin/env bash
# What the calibration script costs inside Redis (formula 4 against formula 3's single
# words' scale): learns a training file of docs/quality/orders.sh with `train classifier
# --jsonl` (so both windows are full), then runs the script of ClassifierScript.calibrate
# with no new post ROUNDS times with the scales "1" (formula 3's arithmetic: one sort) and
# ROUNDS times with Calibration.textScales (five sorts), alternating, and prints the
# milliseconds Redis spent in each EVAL (SLOWLOG, every command logged). Not a timed test:
# the figures go to docs/CLASSIFIER.md.
#
# Usage: docs/quality/calibrate-cost.sh FILE [ROUNDS]
#        FILE: a train-*.jsonl of orders.sh (QUALITY_WORK=/tmp/orders docs/quality/orders.sh),
#        e.g. /tmp/orders/ja/mix-3/train-shuffled.jsonl; ROUNDS default 6.
set -euo pipefail
file="$(realpath "$1")"
rounds="${2:-6}"
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
unset FAVORITE_RATE_THRESHOLD
swift build --product mirror-bot
bin="$(swift build --show-bin-path)/mirror-bot"
. scripts/services.sh
trap stop_services EXIT
start_services
export REDIS_URL="$TEST_REDIS_URL" REDIS_KEY_PREFIX="calibrate-cost:"
"$bin" train classifier --jsonl "$file" | grep '^Threshold in force'
cli() { REDISCLI_AUTH="$TEST_REDIS_PASSWORD" redis-cli --no-auth-warning -p "$TEST_REDIS_PORT" "$@"; }
# The script as Swift sends it: the text of `static let calibrate = """ ... """`, with `\\` as `\`.
script="$(python3 - <<'PY'
source = open("Sources/MirrorBotRedis/ClassifierScript.swift", encoding="utf-8").read()
body = source.split('static let calibrate = """\n', 1)[1].split('    """', 1)[0]
print("\n".join(line[4:] for line in body.split("\n")).replace("\\\\", "\\"))
PY
)"
scales="$(grep -o 'textScales: \[Double\] = \[[^]]*\]' Sources/MirrorBot/Classifier/Calibration.swift | sed 's/.*= \[//; s/\]//; s/ //g')"
p="$REDIS_KEY_PREFIX"
cli CONFIG SET slowlog-log-slower-than 0 > /dev/null
cli CONFIG SET slowlog-max-len 1000 > /dev/null
for round in $(seq "$rounds"); do
  for tried in 1 "$scales"; do
    cli SLOWLOG RESET > /dev/null
    threshold="$(cli EVAL "$script" 7 "${p}classifier:sample" "${p}classifier:window:favorite" "${p}classifier:window:normal" \
      "${p}classifier:documents" "${p}classifier:features:favorite" "${p}classifier:features:normal" "${p}classifier:recent" \
      1000 4 1 10 "@author:" 3 "$tried")"
    micros="$(cli SLOWLOG GET 10 | python3 -c 'import sys; lines = sys.stdin.read().split("\n"); print(next(lines[i - 1] for i, l in enumerate(lines) if l == "EVAL"))')"
    echo "calibrate-cost: round $round scales $tried: $(python3 -c "print(round($micros / 1000, 1))") ms in Redis (threshold $threshold, scale $(cli HGET "${p}classifier:sample" scale))"
  done
done
