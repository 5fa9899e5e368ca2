#!/usr/bin/env bash
# `catan-server --version` prints the release, the commit and the protocol version, and exits 0.
# usage: version_test.sh BINARY SOURCE_DIR RELEASE
#   RELEASE: CMake's project version. The commit must be what `git rev-parse --short HEAD` says in
#   SOURCE_DIR (with -dirty when tracked files changed), or "unknown" outside a git checkout; the
#   protocol version the one the code speaks (include/catan/proto/version.hpp), which docs/protocol.md
#   must name too.
set -euo pipefail
binary=$1 source=$2 release=$3
fail() { echo "FAIL: $*" >&2; exit 1; }

out=$("$binary" --version) || fail "$binary --version exited with $?"
echo "$out"
mapfile -t lines <<<"$out"
[[ ${#lines[@]} -eq 3 ]] || fail "expected 3 lines, got ${#lines[@]}"

[[ ${lines[0]} == "catan-server $release" ]] || fail "line 1 is '${lines[0]}', expected 'catan-server $release'"

expected=unknown
if command -v git >/dev/null && top=$(git -C "$source" rev-parse --show-toplevel 2>/dev/null) &&
   [[ $(realpath "$top") == $(realpath "$source") ]]; then
    expected=$(git -C "$source" rev-parse --short HEAD)
    if [[ -n $(git -C "$source" status --porcelain --untracked-files=no) ]]; then
        expected+=-dirty
    fi
fi
[[ ${lines[1]} == "commit: $expected" ]] ||
    fail "line 2 is '${lines[1]}', expected 'commit: $expected' (a binary built before the last commit or edit? rebuild it)"

protocol=$(sed -n 's/.*inline constexpr int kProtocolVersion = \([0-9][0-9]*\);.*/\1/p' "$source/include/catan/proto/version.hpp")
[[ -n $protocol ]] || fail "no kProtocolVersion in include/catan/proto/version.hpp"
[[ ${lines[2]} == "protocol: $protocol" ]] || fail "line 3 is '${lines[2]}', expected 'protocol: $protocol'"
head -1 "$source/docs/protocol.md" | grep -qx "# Protocol (version $protocol)" ||
    fail "docs/protocol.md's title does not name protocol version $protocol"
[[ -d $source/proto/v$protocol ]] || fail "no proto/v$protocol folder for protocol version $protocol"

# --version wins over everything else on the line and needs no data file.
(cd "$(mktemp -d)" && "$binary" --version >/dev/null && [[ ! -e catan.db ]]) || fail "--version touched a data file"
echo "PASS"
