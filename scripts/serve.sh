#!/usr/bin/env bash
# Builds catan-server in release mode and runs it. Extra arguments go to the binary.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh" build
cmake -S "$root" -B "$root/build/release" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCATAN_BUILD_TESTS=OFF -DCATAN_BUILD_BENCH=OFF >/dev/null
cmake --build "$root/build/release" --target catan-server
exec "$root/build/release/catan-server" "$@"
