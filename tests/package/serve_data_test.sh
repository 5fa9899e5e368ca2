#!/usr/bin/env bash
# scripts/serve.sh keeps the rooms in catan.db at the top of the checkout wherever it is started from,
# still uses a catan.db in the current folder (where it kept it before), and leaves CATAN_DATA and
# --data alone. Runs a copy of the script in a scratch checkout whose build steps and binary are
# stand-ins that print what the real binary would be given (building a release tree takes minutes).
# usage: serve_data_test.sh SOURCE_DIR
set -euo pipefail
source=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/checkout
mkdir -p "$root/scripts" "$root/build/release" "$work/bin" "$work/elsewhere" "$work/old"
cp "$source/scripts/serve.sh" "$root/scripts/serve.sh"
printf '#!/bin/sh\nexit 0\n' >"$root/scripts/install-deps.sh"
printf '#!/bin/sh\nexit 0\n' >"$work/bin/cmake"
printf '#!/bin/sh\necho "data=${CATAN_DATA:-} args=$*"\n' >"$root/build/release/catan-server"
chmod +x "$root/scripts/"*.sh "$work/bin/cmake" "$root/build/release/catan-server"
serve() { (cd "$1" && shift && env -u CATAN_DATA PATH="$work/bin:$PATH" "$root/scripts/serve.sh" "$@" 2>"$work/stderr"); }

[[ $(serve "$root") == "data=$root/catan.db args=" ]] || fail "from the checkout: $(serve "$root")"
[[ $(serve "$work/elsewhere" --listen 127.0.0.1:9000) == "data=$root/catan.db args=--listen 127.0.0.1:9000" ]] ||
    fail "from another folder: $(serve "$work/elsewhere")"
[[ ! -e $work/elsewhere/catan.db ]] || fail "a data file appeared in the current folder"
touch "$work/old/catan.db"
[[ $(serve "$work/old") == "data=$work/old/catan.db args=" ]] || fail "an existing ./catan.db was not used: $(serve "$work/old")"
grep -q "using $work/old/catan.db" "$work/stderr" || fail "serve.sh did not say it uses ./catan.db"
out=$(cd "$work/old" && CATAN_DATA=/srv/rooms.db PATH="$work/bin:$PATH" "$root/scripts/serve.sh")
[[ $out == "data=/srv/rooms.db args=" ]] || fail "CATAN_DATA was not kept: $out"
echo "PASS"
