#!/usr/bin/env bash
# Fuzzes every parser of outside input with libFuzzer (docs/FUZZING.md).
#
#     scripts/fuzz.sh SECONDS [TARGET...]    each target (default: all) for SECONDS, one after another
#     FUZZ_JOBS=2 scripts/fuzz.sh 600        two targets at a time (each is one libFuzzer worker)
#
# Builds Sources/mirror-bot-fuzz with SwiftPM into .build/fuzz, instrumented for coverage
# (-sanitize-coverage) and checked by AddressSanitizer, linked with the toolchain's
# libclang_rt.fuzzer_no_main (the binary calls LLVMFuzzerRunDriver itself, as one binary
# serves every target). Each target starts from its committed seeds, fuzz/corpus/TARGET
# (read only), and keeps what it finds in .build/fuzz-runs/corpus/TARGET across runs.
# Prints per target: executions, exec/s, corpus size, crashes. Exits 1 when any target
# crashed (the input is in .build/fuzz-runs/artifacts/, the report in .build/fuzz-runs/logs/TARGET.log).
set -euo pipefail

# All in a function, read whole before it runs: editing this file during a long run is safe.
main() {
  cd "$(dirname "$0")/.."
  export PATH="/opt/swift/usr/bin:$PATH"

  seconds="${1:?usage: scripts/fuzz.sh SECONDS [TARGET...]}"
  shift
  jobs="${FUZZ_JOBS:-1}"
  work="${FUZZ_BUILD:-.build/fuzz}"
  runs=.build/fuzz-runs

  # The fuzzer runtime ships with the Swift toolchain; Debian's clang runtime is the fallback.
  runtime=""
  for candidate in /opt/swift/usr/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a \
    /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a; do
    [ -f "$candidate" ] && { runtime="$candidate"; break; }
  done
  if [ -z "$runtime" ]; then
    scripts/install-deps.sh libclang-rt-14-dev
    runtime="$(ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -n 1)"
  fi
  scripts/install-deps.sh libhiredis-dev libpq-dev libmecab-dev libssl-dev libcurl4-openssl-dev

  started=$SECONDS
  swift build --scratch-path "$work" --product mirror-bot-fuzz \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver -Xlinker -u -Xlinker LLVMFuzzerRunDriver \
    -Xlinker "$runtime" -Xlinker -lstdc++ 2>&1 | grep -v "Cannot export local symbol" | tail -n 3
  bin="$work/debug/mirror-bot-fuzz"
  echo "fuzz: built $bin in $((SECONDS - started)) s (libFuzzer from $runtime)"

  targets=("$@")
  if [ "${#targets[@]}" -eq 0 ]; then
    # The target names, from the binary's own list.
    mapfile -t targets < <("$bin" 2>&1 | sed -n 's/^  \([a-z0-9-]*\) .*/\1/p')
  fi

  mkdir -p "$runs/logs" "$runs/artifacts"

  # Swift's own crash reporter would fight ASan for the crash; libFuzzer reports it instead.
  export SWIFT_BACKTRACE=enable=no
  export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"

  # Per target: tokens that help the mutator past the parsers' keywords and edge values (fuzz/dict/).
  options() {
    case "$1" in
      x-response | mastodon-response | bluesky-response) echo "-dict=fuzz/dict/http.dict" ;;
      archive-* | jsonl-* | mastodon-outbox | json-last-key) echo "-dict=fuzz/dict/json.dict" ;;
      arguments) echo "-dict=fuzz/dict/arguments.dict" ;;
      resp) echo "-dict=fuzz/dict/resp.dict" ;;
    esac
  }

  run_target() {
    local target=$1
    mkdir -p "$runs/corpus/$target"
    # -timeout: an input taking over 10 s is a hang; -rss_limit_mb: over 2 GB is a leak or a bomb.
    # shellcheck disable=SC2046
    "$bin" "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 $(options "$target") \
      -artifact_prefix="$runs/artifacts/$target-" "$runs/corpus/$target" "fuzz/corpus/$target" \
      >"$runs/logs/$target.log" 2>&1
  }

  failed=0
  declare -A status=()
  pending=("${targets[@]}")
  running=()
  while [ "${#pending[@]}" -gt 0 ] || [ "${#running[@]}" -gt 0 ]; do
    while [ "${#pending[@]}" -gt 0 ] && [ "${#running[@]}" -lt "$jobs" ]; do
      target="${pending[0]}"
      pending=("${pending[@]:1}")
      echo "fuzz: $target for $seconds s ($(date -u +%H:%M:%S))"
      run_target "$target" &
      running+=("$!:$target")
    done
    # Wait for the oldest run (runs of one length end in start order).
    entry="${running[0]}"
    running=("${running[@]:1}")
    if wait "${entry%%:*}"; then status[${entry#*:}]=0; else status[${entry#*:}]=$?; fi
  done

  printf '\n%-18s %11s %7s %6s %13s %7s  %s\n' target executions exec/s cov "corpus" crashes result
  for target in "${targets[@]}"; do
    log="$runs/logs/$target.log"
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    # libFuzzer's last status line: "#N DONE cov: C ft: F corp: UNITS/SIZE ..." (none when a
    # committed input crashed while the corpus loaded: then the report below still prints).
    last=$(grep -E '^#[0-9]+[[:space:]].*corp: ' "$log" | tail -n 1 || true)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    corpus=$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<<"$last")
    crashes=$(grep -cE '^(==[0-9]+==ERROR|fuzz property failed|.*Fatal error:)' "$log" || true)
    result=ok
    if [ "${status[$target]}" -ne 0 ]; then
      result="FAILED (exit ${status[$target]}): see $log"
      failed=1
      [ "$crashes" -gt 0 ] || crashes=1
    fi
    printf '%-18s %11s %7s %6s %13s %7s  %s\n' "$target" "${executions:-?}" "${rate:-?}" "${cov:-?}" "${corpus:-?}" "$crashes" "$result"
  done

  if [ "$failed" -ne 0 ]; then
    for target in "${targets[@]}"; do
      [ "${status[$target]}" -eq 0 ] && continue
      echo
      echo "=== $target: the end of $runs/logs/$target.log"
      tail -n 40 "$runs/logs/$target.log"
      echo "replay: $bin $target $runs/artifacts/$target-crash-* (or any input file)"
    done
    exit 1
  fi
}

main "$@"
