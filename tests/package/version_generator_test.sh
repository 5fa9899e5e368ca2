#!/usr/bin/env bash
# src/app/version.cmake, the build step behind --version's commit: "unknown" outside git (and inside
# an unrelated repository around the sources), the short hash in a clean checkout, -dirty once a
# tracked file changes (an untracked one does not count), and the file rewritten only when the text
# changes (so a build with nothing new recompiles nothing).
# usage: version_generator_test.sh CMAKE VERSION_CMAKE
set -euo pipefail
cmake=$1 script=$2
command -v git >/dev/null || { echo "SKIP: git is not installed"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
generate() { "$cmake" -DSOURCE_DIR="$1" -DOUTPUT="$work/out.cpp" -P "$script"; }
commit_of() { sed -n 's/.*build_commit() { return "\(.*\)"; }.*/\1/p' "$work/out.cpp"; }

mkdir "$work/plain"
generate "$work/plain"
[[ $(commit_of) == unknown ]] || fail "outside git: '$(commit_of)', expected unknown"

g() { git -C "$work/repo" -c user.name=t -c user.email=t@t "$@"; }
mkdir -p "$work/repo/sources"
git init -q "$work/repo"
echo one >"$work/repo/sources/file"
g add sources/file && g commit -q -m one
generate "$work/repo/sources"
[[ $(commit_of) == unknown ]] || fail "sources inside an unrelated repository: '$(commit_of)', expected unknown"

generate "$work/repo"
hash=$(g rev-parse --short HEAD)
[[ $(commit_of) == "$hash" ]] || fail "clean checkout: '$(commit_of)', expected $hash"

touch -d '2000-01-01' "$work/out.cpp"
generate "$work/repo"
[[ $(stat -c %Y "$work/out.cpp") == $(date -d '2000-01-01' +%s) ]] || fail "unchanged commit rewrote the file"

echo untracked >"$work/repo/new-file"
generate "$work/repo"
[[ $(commit_of) == "$hash" ]] || fail "an untracked file made it '$(commit_of)'"

echo two >"$work/repo/sources/file"
generate "$work/repo"
[[ $(commit_of) == "$hash-dirty" ]] || fail "changed tracked file: '$(commit_of)', expected $hash-dirty"

g commit -q -a -m two
generate "$work/repo"
hash2=$(g rev-parse --short HEAD)
[[ $hash2 != "$hash" && $(commit_of) == "$hash2" ]] || fail "after a commit: '$(commit_of)', expected $hash2"
echo "PASS"
