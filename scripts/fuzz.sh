#!/usr/bin/env bash
# Runs every libFuzzer target of a CATAN_FUZZ build tree for a bounded time, as many at once as there
# are cores, and fails if any of them finds a crash, a sanitizer report, a broken property, a leak or a
# hang.
# Usage: scripts/fuzz.sh <build dir> [seconds per target, default 30] [target ...]
# Each target grows its corpus in <build>/tests/fuzz/corpus/<target>/ (kept between runs) from the
# seeds and regression inputs CMake listed in <build>/tests/fuzz/fuzzers.txt; a failing input lands in
# <build>/tests/fuzz/artifacts/<target>/ and the run's log in <build>/tests/fuzz/<target>.log.
# To keep a crash input for good: copy it to tests/fuzz/regressions/<target>/ (then reconfigure).
set -euo pipefail
build="${1:?usage: scripts/fuzz.sh <build dir> [seconds per target] [target ...]}"
seconds="${2:-30}"
shift $(( $# < 2 ? $# : 2 ))
fuzz_dir="$(cd "$build/tests/fuzz" && pwd)"
[[ -s "$fuzz_dir/fuzzers.txt" ]] || { echo "error: $fuzz_dir/fuzzers.txt is missing: configure $build with -DCATAN_FUZZ=ON" >&2; exit 1; }

results="$(mktemp -d)"
trap 'rm -rf "$results"' EXIT

# One target: its summary line, or its failure, in $results/<name>.{ok,failed}.
fuzz_one() {
  local name="$1" dict="$2" corpora="$3"
  local corpus="$fuzz_dir/corpus/$name" artifacts="$fuzz_dir/artifacts/$name" log="$fuzz_dir/$name.log"
  mkdir -p "$corpus" "$artifacts"
  # 16 KiB: the largest WebSocket frame and REST body the gateway reads (longer kept inputs are cut).
  local options=(-max_total_time="$seconds" -max_len=16384 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
                 -artifact_prefix="$artifacts/")
  [[ "$dict" != "-" ]] && options+=(-dict="$dict")
  # shellcheck disable=SC2086  # the corpus directories are a space-separated list (no spaces in paths)
  if "$fuzz_dir/$name" "${options[@]}" "$corpus" $corpora >"$log" 2>&1; then
    local execs rate cov
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
    echo "fuzz: $name: ${seconds} s, ${execs:-?} inputs (${rate:-?}/s), $cov, corpus $(ls "$corpus" | wc -l) files" >"$results/$name.ok"
  else
    { echo "fuzz: $name FAILED (log $log, inputs in $artifacts):"
      grep -E -A40 'ERROR: |fuzz property broken|runtime error|SUMMARY' "$log" | head -80 || tail -60 "$log"
    } >"$results/$name.failed"
  fi
}

parallel="$(nproc)"
names=()
while read -r name dict corpora; do
  if [[ $# -gt 0 && ! " $* " == *" $name "* ]]; then continue; fi
  names+=("$name")
  while [[ "$(jobs -rp | wc -l)" -ge "$parallel" ]]; do wait -n || true; done
  fuzz_one "$name" "$dict" "$corpora" &
done <"$fuzz_dir/fuzzers.txt"
wait

failed=()
for name in "${names[@]}"; do
  if [[ -f "$results/$name.ok" ]]; then
    cat "$results/$name.ok"
  else
    cat "$results/$name.failed" >&2 2>/dev/null || echo "fuzz: $name FAILED: no result" >&2
    failed+=("$name")
  fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "error: fuzzing failed: ${failed[*]}" >&2
  exit 1
fi
