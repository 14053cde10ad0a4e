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
# Each ratio is a median of ROUNDS alternating runs (mirror-bot-bench schedule-ratio,
# classify-ratio; import-ratio with IMPORT_ROUNDS). It prints every ratio beside the one recorded in docs/BENCHMARKS.md
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

# One measurement of a figure: the benchmark's "ratio NAME=X" line.
measure() {
  local name="$1" output
  shift
  output="$("$BIN/mirror-bot-bench" "$@")" || { echo "$output" >&2; return 1; }
  echo "$output" | sed 's/^/bench-guard:   /' >&2
  echo "$output" > "$outputs/$name"
  echo "$output" | sed -n "s/^ratio $name=\([0-9.]*\).*/\1/p"
}

echo "bench-guard: load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores, $rounds rounds a figure"
failed=0
check() {
  local name="$1" want got attempt
  shift
  want="$(recorded "$name")"
  [ -n "$want" ] || { echo "bench-guard: no recorded ratio for '$name' in docs/BENCHMARKS.md" >&2; failed=1; return; }
  for attempt in 1 2; do
    got="$(measure "$name" "$@")" || got=""
    [ -n "$got" ] || { echo "bench-guard: $name printed no ratio" >&2; failed=1; return; }
    if python3 -c "import sys; sys.exit(0 if float('$got') * 2 >= float('$want') else 1)"; then
      echo "bench-guard: $name ratio $got (recorded $want, fails under $(python3 -c "print(round(float('$want') / 2, 3))")): ok"
      return
    fi
    echo "bench-guard: $name ratio $got is under half of the recorded $want (attempt $attempt of 2, load $(cut -d' ' -f1 /proc/loadavg))"
  done
  echo "bench-guard: FAILED: $name is more than 2x worse than docs/BENCHMARKS.md records" >&2
  failed=1
}

check schedule schedule-ratio "$posts" --rounds "$rounds" --mirror-bot "$BIN/mirror-bot"
check classify classify-ratio --posts "$classify_posts" --rounds "$rounds" --mirror-bot "$BIN/mirror-bot"
check import-10000 import-ratio 10000 --rounds "$import_rounds" --mirror-bot "$BIN/mirror-bot"
check import-100000 import-ratio 100000 --rounds "$import_rounds" --mirror-bot "$BIN/mirror-bot"

# Growth between two sizes of one path: the time ratio over the size ratio, from the last
# measurements' "time NAME=SECONDS" lines; 1 is linear, fixed costs put it under 1.
growth() {
  local small="$1" large="$2" small_size="$3" large_size="$4" a b verdict
  a="$(sed -n "s/^time $small=\([0-9.]*\).*/\1/p" "$outputs/$small" 2>/dev/null)"
  b="$(sed -n "s/^time $large=\([0-9.]*\).*/\1/p" "$outputs/$large" 2>/dev/null)"
  [ -n "$a" ] && [ -n "$b" ] || { echo "bench-guard: no times for $small and $large" >&2; failed=1; return; }
  verdict="$(python3 -c "g = ($b / $a) / ($large_size / $small_size); print(f'{g:.2f}', 'ok' if g < 2 else 'FAILED')")"
  echo "bench-guard: growth $small -> $large: time ratio over size ratio ${verdict% *} (fails at 2): ${verdict#* }"
  [ "${verdict#* }" = ok ] || { echo "bench-guard: FAILED: $large grows faster than linearly from $small" >&2; failed=1; }
}
growth import-10000 import-100000 10000 100000
exit "$failed"
