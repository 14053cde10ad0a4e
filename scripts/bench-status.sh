#!/usr/bin/env bash
# The status server's benchmark (docs/BENCHMARKS.md, "Status page"): requests/s on
# /metrics and / with wrk while the daemon runs the demo against fake-x, and the
# daemon's memory with and without the server.
#
#   scripts/bench-status.sh
#
# Runs the demo (scripts/demo.sh, release build) twice: with STATUS_PORT=0 and with
# STATUS_PORT=off. In each, at AT seconds after the daemon started, it reads the
# daemon's VmRSS and VmHWM (/proc/PID/status). In the first it then runs wrk on
# /metrics and on / (DURATION seconds each, CONNECTIONS connections, 2 threads) and
# reads the memory again, and checks the daemon went on working (posts, replies and
# likes counted before and after). Installs Debian's wrk if missing.
#
# Settings: AT (default 30), DURATION (default 15), CONNECTIONS (default 8: under the
# server's 16 per address).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

at="${AT:-30}" duration="${DURATION:-15}" connections="${CONNECTIONS:-8}"
bash scripts/install-deps.sh wrk
work="$(mktemp -d /tmp/mirror-bot-bench-status.XXXXXX)"
demo_pid=""
cleanup() {
  set +e
  if [ -n "$demo_pid" ] && kill -0 "$demo_pid" 2>/dev/null; then kill -TERM "$demo_pid"; wait "$demo_pid"; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Starts the demo in the background with STATUS_PORT=$1; waits for the daemon's pid (and address).
start_demo() {
  : >"$work/status"
  STATUS_PORT="$1" DEMO_CONFIGURATION=release DEMO_SECONDS=$((at + 2 * duration + 30)) DEMO_STATUS_FILE="$work/status" \
    bash scripts/demo.sh </dev/null >"$work/demo-$1.log" 2>&1 &
  demo_pid=$!
  for _ in $(seq 1 1200); do
    grep -q '^pid=' "$work/status" 2>/dev/null && break
    kill -0 "$demo_pid" 2>/dev/null || { cat "$work/demo-$1.log" >&2; echo "bench: the demo ended early" >&2; exit 1; }
    sleep 0.5
  done
  pid="$(sed -n 's/^pid=//p' "$work/status")"
  url="$(sed -n 's/^url=//p' "$work/status")"
  started=$SECONDS
}
stop_demo() {
  kill -TERM "$demo_pid" 2>/dev/null || true
  wait "$demo_pid" 2>/dev/null || true
  demo_pid=""
}
memory() { awk '/^VmRSS|^VmHWM/ { printf "%s %.1f MB  ", $1, $2 / 1024 }' "/proc/$pid/status"; }
wait_until() { while [ $((SECONDS - started)) -lt "$1" ]; do sleep 0.2; done; }
metric() { curl -fsS "${url}metrics" | awk -v name="$1" '$1 == name { print $2 }'; }
writes() { echo "posts=$(metric mirror_bot_posts_total) replies=$(metric mirror_bot_replies_total) likes=$(metric mirror_bot_likes_total)"; }
bench() {
  local path="$1" out="$work/wrk-$(echo "$1" | tr -c 'a-z' _).txt"
  wrk -t2 -c"$connections" -d"${duration}s" --latency "${url}${path#/}" >"$out"
  local rps latency errors
  rps="$(awk '/^Requests\/sec/ { print $2 }' "$out")"
  latency="$(awk '$1 == "50%" { p50 = $2 } $1 == "99%" { p99 = $2 } END { print "p50 " p50 ", p99 " p99 }' "$out")"
  errors="$(grep -E 'Non-2xx|Socket errors' "$out" | tr -s ' ' | tr '\n' ';' || true)"
  echo "bench: GET $path: $rps requests/s ($latency)${errors:+ $errors}"
}

echo "bench: $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg) before the runs"
echo "bench: 1. the demo with the status server"
start_demo 0
wait_until "$at"
echo "bench: with the server, ${at} s after start: $(memory)"
before="$(writes)"
bench /metrics
bench /
echo "bench: with the server, after wrk: $(memory)"
echo "bench: the daemon's writes before wrk: $before; after: $(writes)"
echo "bench: body sizes: /metrics $(curl -fsS "${url}metrics" | wc -c) bytes, / $(curl -fsS "$url" | wc -c) bytes"
stop_demo

echo "bench: 2. the demo without the status server (STATUS_PORT=off)"
start_demo off
wait_until "$at"
echo "bench: without the server, ${at} s after start: $(memory)"
stop_demo
echo "bench: load average $(cut -d ' ' -f 1-3 /proc/loadavg) after the runs"
