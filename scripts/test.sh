#!/usr/bin/env bash
# Installs what is missing, builds everything with warnings as errors, and runs every test.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh" test
# The schema validator (Ajv) and, later, the browser test driver come from npm.
(cd "$root" && npm ci --no-audit --no-fund --loglevel=error)
cmake -S "$root" -B "$root/build/test" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCATAN_WERROR=ON \
  -DCATAN_BUILD_TESTS=ON -DCATAN_BUILD_BENCH=ON >/dev/null
cmake --build "$root/build/test"
cd "$root/build/test"
ctest --output-on-failure -j "$(nproc)"
