#!/usr/bin/env bash
# The speed guard (issue 30): each figure is timed against a baseline run in the same job on
# the same machine, and only the ratio is compared, since a shared machine's load moves
# absolute times far more than ratios:
#   schedule  the seed's two methods (every post read twice, grouped in the process) over
#             200,000 posts / the whole `mirror-bot schedule --days 1` process over them
#   classify  `mirror-bot classify --jsonl` (whole process) posts/s / MeCab's own command
#             line's posts/s over the same 20,000 made-up Japanese posts
#   import    `mirror-bot import` (whole process) of an X archive of 10,000 and of 100,000
#             made-up posts into a fresh schema / plain 500-row INSERTs of as many rows into a
#             table without index or trigger (mirror-bot-bench import-ratio); and the growth
#             between the two sizes: (time at 100,000 / time at 10,000) / (100,000 / 10,000)
#             must stay under 2, or the import has turned super-linear
#   train-jsonl  `mirror-bot train classifier --jsonl` (whole process) of 2,000 and of 10,000
#             made-up Japanese posts into a fresh schema and key prefix / MeCab's own command line
#             over the same texts (mirror-bot-bench train-jsonl-ratio); growth as for the import
#   train     `mirror-bot train scheduler --force` (3,200 posts from a fake X stored) / plain
#             INSERTs of 3,200 rows, and `mirror-bot train classifier --force` (800 likes, 800
#             home-timeline posts) / MeCab's command line over their texts, the learning
#             round's steps, on a store of 10,000 and of 100,000 posts (mirror-bot-bench
#             train-ratio); each time at 100,000 over its time at 10,000 must stay under 2: a
#             round's cost must not follow the store's size; the deletion sweep's query (the
#             median of 21, on each store aged as months of sweeping leave it) must stay under 4
#   status    1,000 requests over 8 connections (curl) to the daemon's status routes on a busy
#             board / to the same server answering the same bytes rendered once, for / and
#             /metrics (mirror-bot-bench status-ratio)
# Each ratio is a median of ROUNDS alternating runs (mirror-bot-bench schedule-ratio,
# classify-ratio, status-ratio; import-ratio, train-jsonl-ratio and train-ratio with IMPORT_ROUNDS). It prints every ratio beside the one recorded in docs/BENCHMARKS.md
# ("The CI guard" table) and fails when one falls below half of it; a figure under the
# bound is measured once more before failing, so a burst of load on a shared machine
# does not fail CI, while a real 2x regression fails both times.
#
#   scripts/bench-guard.sh
#
# Environment: BIN (a folder holding release builds of mirror-bot and mirror-bot-bench;
# default: built here with --static-swift-stdlib, which reuses CI's release build),
# ROUNDS (default 5), POSTS (default 200000), CLASSIFY_POSTS (default 20000), IMPORT_ROUNDS (default 3).
set -euo pipefail
cd "$(dirname "$0")/.."

[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
rounds="${ROUNDS:-5}"
posts="${POSTS:-200000}"
classify_posts="${CLASSIFY_POSTS:-20000}"
import_rounds="${IMPORT_ROUNDS:-3}"
outputs="$(mktemp -d)"

if [ -z "${BIN:-}" ]; then
  for product in mirror-bot mirror-bot-bench; do
    swift build -c release --static-swift-stdlib --product "$product" 2>&1 | tail -n 1
  done
  BIN="$(swift build -c release --static-swift-stdlib --show-bin-path)"
fi
for binary in mirror-bot mirror-bot-bench; do
  [ -x "$BIN/$binary" ] || { echo "bench-guard: $BIN/$binary is not built" >&2; exit 1; }
done

# shellcheck source=scripts/services.sh
. scripts/services.sh
start_services
trap 'stop_services; rm -rf "$outputs"' EXIT
export DATABASE_URL="$TEST_DATABASE_URL" REDIS_URL="$TEST_REDIS_URL"

# The ratio recorded for a figure: the second cell of its row in docs/BENCHMARKS.md's guard table.
recorded() {
  awk -F'|' -v key="\`$1\`" '{ gsub(/ /, "", $2); gsub(/ /, "", $3) } $2 == key { print $3; exit }' docs/BENCHMARKS.md
}

# One measurement: the benchmark's output, kept as $outputs/NAME for each of its figures' NAMES.
measure() {
  local names="$1" output name
  shift
  output="$("$BIN/mirror-bot-bench" "$@")" || { echo "$output" >&2; return 1; }
  echo "$output" | sed 's/^/bench-guard:   /' >&2
  for name in $names; do echo "$output" > "$outputs/$name"; done
}

echo "bench-guard: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores, $rounds rounds a figure"
failed=0
# check "NAME..." BENCHMARK ARGS: one run of the benchmark gives every NAME's "ratio NAME=X" line;
# a run with any of them under half its recorded ratio is measured once more.
check() {
  local names="$1" name want got attempt pending
  shift
  pending="$names"
  for name in $names; do
    [ -n "$(recorded "$name")" ] || { echo "bench-guard: no recorded ratio for '$name' in docs/BENCHMARKS.md" >&2; failed=1; return; }
  done
  for attempt in 1 2; do
    measure "$names" "$@" || { echo "bench-guard: $names: the benchmark failed" >&2; failed=1; return; }
    local low=""
    for name in $pending; do
      want="$(recorded "$name")"
      got="$(sed -n "s/^ratio $name=\([0-9.]*\).*/\1/p" "$outputs/$name")"
      [ -n "$got" ] || { echo "bench-guard: $name printed no ratio" >&2; failed=1; return; }
      if python3 -c "import sys; sys.exit(0 if float('$got') * 2 >= float('$want') else 1)"; then
        echo "bench-guard: $name ratio $got (recorded $want, fails under $(python3 -c "print(round(float('$want') / 2, 3))")): ok"
      else
        echo "bench-guard: $name ratio $got is under half of the recorded $want (attempt $attempt of 2, load $(cut -d' ' -f1 /proc/loadavg))"
        low="$low $name"
      fi
    done
    pending="$low"
    [ -n "$pending" ] || return 0
  done
  for name in $pending; do echo "bench-guard: FAILED: $name is more than 2x worse than docs/BENCHMARKS.md records" >&2; done
  failed=1
}

check schedule schedule-ratio "$posts" --rounds "$rounds" --mirror-bot "$BIN/mirror-bot"
check classify classify-ratio --posts "$classify_posts" --rounds "$rounds" --mirror-bot "$BIN/mirror-bot"
check import-10000 import-ratio 10000 --rounds "$import_rounds" --mirror-bot "$BIN/mirror-bot"
check import-100000 import-ratio 100000 --rounds "$import_rounds" --mirror-bot "$BIN/mirror-bot"
check train-jsonl-2000 train-jsonl-ratio --posts 2000 --rounds "$import_rounds" --mirror-bot "$BIN/mirror-bot"
check train-jsonl-10000 train-jsonl-ratio --posts 10000 --rounds "$import_rounds" --mirror-bot "$BIN/mirror-bot"
check "train-scheduler-10000 train-classifier-10000" train-ratio --stored 10000 --rounds "$import_rounds" --mirror-bot "$BIN/mirror-bot"
check "train-scheduler-100000 train-classifier-100000" train-ratio --stored 100000 --rounds "$import_rounds" --mirror-bot "$BIN/mirror-bot"
check "status-page status-metrics" status-ratio --rounds "$rounds"

# Growth between two sizes of one path: the time ratio over the size ratio, from the last
# measurements' "time NAME=SECONDS" lines; 1 is linear, fixed costs put it under 1. It fails
# at the fifth argument (default 2).
growth() {
  local small="$1" large="$2" small_size="$3" large_size="$4" limit="${5:-2}" a b verdict
  a="$(cat "$outputs"/* | sed -n "s/^time $small=\([0-9.]*\).*/\1/p" | tail -n 1)"
  b="$(cat "$outputs"/* | sed -n "s/^time $large=\([0-9.]*\).*/\1/p" | tail -n 1)"
  [ -n "$a" ] && [ -n "$b" ] || { echo "bench-guard: no times for $small and $large" >&2; failed=1; return; }
  verdict="$(python3 -c "g = ($b / $a) / ($large_size / $small_size); print(f'{g:.2f}', 'ok' if g < $limit else 'FAILED')")"
  echo "bench-guard: growth $small -> $large: time ratio over size ratio ${verdict% *} (fails at $limit): ${verdict#* }"
  local how="grows faster than linearly from $small"
  [ "$small_size" != "$large_size" ] || how="costs more on the larger store than $small: it follows the store's size"
  [ "${verdict#* }" = ok ] || { echo "bench-guard: FAILED: $large $how" >&2; failed=1; }
}
growth import-10000 import-100000 10000 100000
growth train-jsonl-2000 train-jsonl-10000 2000 10000
# A path whose cost must not depend on the store's size: the same work on a store ten times
# larger, growth with a size ratio of 1 (time at the large store / time at the small one).
growth train-scheduler-10000 train-scheduler-100000 1 1
growth train-classifier-10000 train-classifier-100000 1 1
# The sweep's query reads a few rows along indexes, a level deeper on a larger store (1.3-1.4
# times at 10,000 -> 100,000 posts, a few milliseconds each); sorting every post costs ten times.
growth sweep-10000 sweep-100000 1 1 4
exit "$failed"
