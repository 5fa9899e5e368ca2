#!/usr/bin/env bash
# Builds catan-server in release mode and runs it. Extra arguments go to the binary.
# The rooms are kept in catan.db at the top of the checkout, wherever this is started from; a
# catan.db in the current folder (where earlier versions of this script kept it) is still used.
# --data PATH or CATAN_DATA=PATH choose another file.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh" build
cmake -S "$root" -B "$root/build/release" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCATAN_BUILD_TESTS=OFF -DCATAN_BUILD_BENCH=OFF >/dev/null
cmake --build "$root/build/release" --target catan-server
if [[ -z "${CATAN_DATA:-}" ]]; then
  # An environment default, so --data on the command line still wins (and other subcommands ignore it).
  if [[ -e "$PWD/catan.db" && "$(pwd -P)" != "$(cd "$root" && pwd -P)" ]]; then
    echo "serve.sh: using $PWD/catan.db, found in the current folder; move it to $root/catan.db to keep it with the checkout" >&2
    export CATAN_DATA="$PWD/catan.db"
  else
    export CATAN_DATA="$root/catan.db"
  fi
fi
exec "$root/build/release/catan-server" "$@"
