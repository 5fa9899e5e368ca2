#!/usr/bin/env bash
# Installs what is missing, builds everything with warnings as errors, and runs every test; then the
# hardening stages: ASan+UBSan and TSan builds of the C++ tests (clang) and a bounded fuzzing run
# (docs/security.md, "Fuzzing and sanitizers"). CATAN_FUZZ_SECONDS sets the seconds per fuzz target.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh" test
# The schema validator (Ajv) and, later, the browser test driver come from npm.
(cd "$root" && npm ci --no-audit --no-fund --loglevel=error)
stage() { echo "== $1: $(( SECONDS - stage_start )) s"; stage_start=$SECONDS; }
stage_start=$SECONDS
cmake -S "$root" -B "$root/build/test" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCATAN_WERROR=ON \
  -DCATAN_BUILD_TESTS=ON -DCATAN_BUILD_BENCH=ON >/dev/null
cmake --build "$root/build/test"
(cd "$root/build/test" && ctest --output-on-failure -j "$(nproc)")
stage "release build and tests"
"$root/scripts/sanitize.sh" address
stage "ASan+UBSan build and tests"
"$root/scripts/fuzz.sh" "$root/build/asan" "${CATAN_FUZZ_SECONDS:-30}"
stage "fuzzing"
"$root/scripts/sanitize.sh" thread
stage "TSan build and tests"
