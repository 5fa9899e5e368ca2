#!/usr/bin/env bash
# `cmake --install BUILD --prefix P` puts every part of the product in place: the binary, the man
# page generated from its --help, the systemd unit pointing at P, the settings file and the docs.
# The unit passes `systemd-analyze verify` and `systemd-analyze security` (when systemd-analyze is
# installed; scripts/install-deps.sh test installs it); the settings file names only real variables.
# usage: install_test.sh CMAKE BUILD_DIR SOURCE_DIR
set -euo pipefail
cmake=$1 build=$2 source=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
p=$work/prefix

"$cmake" --install "$build" --prefix "$p" >"$work/install.log" ||
    { cat "$work/install.log"; fail "cmake --install failed (is $build built? cmake --build $build)"; }

bin=$p/bin/catan-server
[[ -x $bin ]] || fail "no $bin"
[[ $("$bin" --version) == $("$build/catan-server" --version) ]] || fail "the installed binary is not the built one"

man=$p/share/man/man1/catan-server.1.gz
gzip -t "$man" || fail "$man is not a gzip file"
page=$(gzip -dc "$man")
for want in '^\.TH CATAN-SERVER "1"' 'CATAN_LISTEN' 'CATAN_DATA' '^\.SS simulate' '^\.SS export' '^\.SS verify' \
            '^\.SH ENVIRONMENT' '^\.SH FILES' 'Print the release, the git commit'; do
    grep -qE -- "$want" <<<"$page" || fail "the man page lacks $want"
done
# Generated from this binary: its --version is in the page, and each subcommand's own usage.
while read -r line; do
    grep -qF "$line" <<<"$page" || fail "the man page lacks '$line' of this binary's --version"
done < <("$bin" --version)
for sub in simulate export import verify; do
    usage=$("$bin" "$sub" --help | grep '^Usage:' | sed "s|$bin|catan-server|")
    grep -qF "$usage" <<<"$page" || fail "the man page lacks '$usage'"
done
! grep -q "$build\|$source" <<<"$page" || fail "the man page names a build or source folder"

unit=$p/lib/systemd/system/catan-server.service
[[ -f $unit ]] || fail "no $unit"
grep -qx "ExecStart=$p/bin/catan-server serve --data \${STATE_DIRECTORY}/catan.db" "$unit" ||
    fail "ExecStart does not run $p/bin/catan-server on the state directory: $(grep ^ExecStart= "$unit")"
grep -qx "EnvironmentFile=-$p/etc/default/catan-server" "$unit" || fail "EnvironmentFile is not $p/etc/default/catan-server"
grep -qx "StateDirectory=catan-server" "$unit" || fail "no StateDirectory=catan-server"
! grep -q '@[A-Z_]*@' "$unit" || fail "placeholders left in the unit: $(grep '@[A-Z_]*@' "$unit")"

# LimitNOFILE leaves the server its default of 10000 connections plus 64 descriptors it keeps back
# (--max-connections in --help).
help=$("$bin" --help)
grep -q 'less 64' <<<"$help" && grep -q 'at most 10000' <<<"$help" || fail "--help no longer says 'less 64 ... at most 10000'; update LimitNOFILE"
grep -qx "LimitNOFILE=10064" "$unit" || fail "LimitNOFILE is not 10064"

env_file=$p/etc/default/catan-server
cmp -s "$env_file" "$source/packaging/catan-server.default" || fail "$env_file differs from packaging/catan-server.default"
# Every variable it sets or shows commented out is one the binary reads.
for name in $(grep -oE '^#?CATAN_[A-Z_]+=' "$env_file" | tr -d '#='); do
    grep -q "Env:$name\b" <<<"$help" || fail "$env_file names $name, which catan-server --help does not know"
done

# A second install (an upgrade) keeps the operator's settings, as dpkg keeps a conffile.
echo "# an operator's edit" >>"$env_file"
"$cmake" --install "$build" --prefix "$p" >"$work/install2.log" || { cat "$work/install2.log"; fail "a second cmake --install failed"; }
[[ $(tail -1 "$env_file") == "# an operator's edit" ]] || fail "a second install overwrote $env_file"
grep -q "Keeping: $env_file" "$work/install2.log" || fail "the second install did not say it kept $env_file"

doc=$p/share/doc/catan-server
cmp -s "$doc/catan-server.default" "$source/packaging/catan-server.default" || fail "no default settings in $doc"
[[ -f $doc/README.md ]] || fail "no $doc/README.md"
for f in "$source"/docs/*.md; do
    cmp -s "$f" "$doc/$(basename "$f")" || fail "docs/$(basename "$f") is not installed in $doc"
done

if command -v systemd-analyze >/dev/null; then
    # verify: syntax, known settings, the ExecStart binary exists, and (with man installed) that
    # Documentation=man:catan-server(1) finds the page installed in the prefix.
    man_check=(--man=no)
    command -v man >/dev/null && man_check=(--man=yes)
    (cd "$work" && MANPATH=$p/share/man: systemd-analyze verify "${man_check[@]}" "$unit") >"$work/verify.log" 2>&1 ||
        { cat "$work/verify.log"; fail "systemd-analyze verify failed"; }
    if [[ -s $work/verify.log ]]; then cat "$work/verify.log"; fail "systemd-analyze verify warned"; fi
    # security: systemd's own score of the sandbox, 0 (locked down) to 10 (none); "OK" is under 2.
    systemd-analyze security --offline=true --threshold=20 "$unit" >"$work/security.log" 2>&1 ||
        { cat "$work/security.log"; fail "systemd-analyze security rates the unit above 2.0"; }
    grep -E 'Overall exposure level' "$work/security.log"
else
    echo "SKIP (part): systemd-analyze is not installed (apt-get install systemd); the unit was not verified"
fi
echo "PASS"
