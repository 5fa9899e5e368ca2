#!/usr/bin/env bash
# The Debian package, end to end: cpack builds it from this build tree, dpkg installs it, the
# INSTALLED binary runs the way catan-server.service runs it (the unit's ExecStart, its settings
# file, LimitNOFILE, a state directory of its own, an unprivileged user), answers /healthz and creates
# a room over REST; a newer version installed over it keeps the operator's settings and finds the
# room again; then `dpkg -r` stops short of the settings and the data, and `dpkg --purge` leaves no
# file of the package behind.
# Needs root (dpkg), or sudo without a password; otherwise it exits 77 (SKIP). It refuses to run
# (SKIP) where catan-server is already installed or has a state directory, so it never touches a
# real installation, and it purges the package on any failure.
# usage: deb_test.sh CPACK BUILD_DIR
set -euo pipefail
cpack=$1 build=$2
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }

if [[ $(id -u) -eq 0 ]]; then
    root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    root=(sudo -n)
else
    skip "installing a package needs root or sudo without a password (run as root to test the .deb)"
fi
as_root() { "${root[@]}" "$@"; }
for tool in dpkg dpkg-deb dpkg-shlibdeps setpriv; do
    command -v $tool >/dev/null || skip "$tool is not installed (scripts/install-deps.sh test installs it)"
done
dpkg-query -W -f='${Status}' catan-server 2>/dev/null | grep -q "installed" &&
    skip "catan-server is installed on this machine; this test installs and purges its own copy, so it does not run here (left by an interrupted run of this test? dpkg --purge catan-server)"
for d in /var/lib/catan-server /var/lib/private/catan-server /etc/default/catan-server; do
    [[ -e $d || -L $d ]] && skip "$d exists (a catan-server set up on this machine); the purge would delete it"
done

work=$(mktemp -d)
state=""
server_pid=""
installed=no
made_state=no
private_existed=no
[[ -d /var/lib/private ]] && private_existed=yes
cleanup() {
    local code=$?
    set +e  # every step runs, whatever failed before
    [[ -n $server_pid ]] && as_root kill -KILL "$server_pid" 2>/dev/null
    if [[ $installed == yes ]]; then
        echo "cleanup: purging catan-server"
        as_root dpkg --purge catan-server >/dev/null 2>&1 || true
    fi
    if [[ $made_state == yes ]]; then
        as_root rm -rf /var/lib/private/catan-server /var/lib/catan-server
        [[ $private_existed == yes ]] || as_root rmdir /var/lib/private 2>/dev/null || true
    fi
    [[ -n $state ]] && as_root rm -rf "$state"
    rm -rf "$work"
    exit $code
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# 1. Build the package from this tree (as the invoking user: the build folder stays theirs).
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/cpack" >"$work/cpack.log" 2>&1 ||
    { cat "$work/cpack.log"; fail "cpack failed"; }
debs=("$work"/cpack/catan-server_*.deb)
[[ ${#debs[@]} -eq 1 && -f ${debs[0]} ]] || fail "cpack made no catan-server_*.deb: $(ls "$work/cpack")"
deb=${debs[0]}
echo "built $(basename "$deb") ($(stat -c %s "$deb") bytes)"

# 2. What is in it: dependencies from dpkg-shlibdeps, the settings file as a conffile, the scripts.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libc6 libsqlite3 libssl3 libstdc++6; do
    grep -q "\b$lib\b" <<<"$depends" || fail "Depends lacks $lib (dpkg-shlibdeps did not run?)"
done
dpkg-deb -e "$deb" "$work/control"
[[ $(cat "$work/control/conffiles") == /etc/default/catan-server ]] || fail "conffiles is not /etc/default/catan-server"
for s in postinst prerm postrm; do [[ -x $work/control/$s ]] || fail "no executable $s"; done
dpkg-deb -c "$deb" >"$work/contents"
for f in ./usr/bin/catan-server ./usr/lib/systemd/system/catan-server.service ./etc/default/catan-server \
         ./usr/share/man/man1/catan-server.1.gz ./usr/share/doc/catan-server/README.md \
         ./usr/share/doc/catan-server/security.md; do
    grep -q " $f\$" "$work/contents" || fail "the package lacks $f"
done
grep -q ' ./usr/bin/catan-server$' <<<"$(grep '^-rwxr-xr-x root/root' "$work/contents")" ||
    fail "/usr/bin/catan-server is not root-owned 0755"

# 3. Install. Remember which of the package's paths existed before (directories such as /usr/bin).
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\.||; s|/$||' | grep -v '^$' >"$work/paths"
while read -r path; do [[ -e $path || -L $path ]] && echo "$path"; done <"$work/paths" >"$work/existed"
installed=yes
as_root dpkg -i "$deb" >"$work/dpkg-i.log" 2>&1 || { cat "$work/dpkg-i.log"; fail "dpkg -i failed"; }
dpkg-query -W -f='${Status}' catan-server | grep -qx "install ok installed" || fail "dpkg says: $(dpkg-query -W -f='${Status}' catan-server)"
dpkg -L catan-server | grep -vx '/\.' | sort >"$work/listed"
[[ -x /usr/bin/catan-server ]] || fail "no /usr/bin/catan-server after dpkg -i"
[[ $(/usr/bin/catan-server --version) == $("$build/catan-server" --version) ]] || fail "installed --version differs from the build's"

# 4. Start the installed binary as the unit would.
unit=$(grep '/catan-server\.service$' "$work/listed")
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
env_file=$(sed -n 's/^EnvironmentFile=-\{0,1\}//p' "$unit")
nofile=$(sed -n 's/^LimitNOFILE=//p' "$unit")
grep -qx 'StateDirectory=catan-server' "$unit" || fail "the unit has no StateDirectory=catan-server"
# systemd (as root) can raise the limit anywhere; a container without CAP_SYS_RESOURCE cannot go
# above its own hard limit, so the test then runs at that limit and says so.
hard=$(ulimit -Hn)
if [[ $hard != unlimited && $nofile =~ ^[0-9]+$ && $hard -lt $nofile ]]; then
    echo "note: LimitNOFILE=$nofile is above this machine's hard limit $hard; running with $hard"
    nofile=$hard
fi
[[ -n $exec_start && -f $env_file && -n $nofile ]] || fail "cannot read ExecStart, EnvironmentFile or LimitNOFILE from $unit"
[[ $exec_start != *[\"\'\\]* ]] || fail "ExecStart has quoting this test does not parse: $exec_start"
# A state directory as systemd makes it: owned by the service's user, mode 0700. That user is nobody
# (DynamicUser picks an unused uid; nobody is the unprivileged one every system has).
uid=$(id -u nobody) gid=$(id -g nobody)
state=$(mktemp -d /tmp/catan-state.XXXXXX)
as_root chown "$uid:$gid" "$state" && as_root chmod 0700 "$state"
# The environment: the settings file's assignments, then STATE_DIRECTORY, as systemd gives it. Only
# the listen address changes: loopback and a free port (the real one may be in use), reported in a file.
service_env=()
while IFS= read -r line; do
    [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
    [[ $line =~ ^([A-Z_][A-Z0-9_]*)=(.*)$ ]] || fail "$env_file: a line systemd would not read as KEY=value: $line"
    service_env+=("${BASH_REMATCH[1]}=${BASH_REMATCH[2]}")
done <"$env_file"
printf '%s\n' "${service_env[@]}" | grep -q '^CATAN_LISTEN=' || fail "$env_file sets no CATAN_LISTEN"
service_env+=("STATE_DIRECTORY=$state" "CATAN_LISTEN=127.0.0.1:0" "CATAN_PORT_FILE=$state/port")
expanded=${exec_start//\$\{STATE_DIRECTORY\}/$state}
[[ $expanded != *\$* ]] || fail "ExecStart uses variables this test does not know: $exec_start"
read -r -a argv <<<"$expanded"
echo "running: ${argv[*]}"

start_server() {
    as_root rm -f "$state/port"
    # setpriv: the user and no way back to privileges (NoNewPrivileges=); prlimit: LimitNOFILE=.
    # Not through a function: $! must be the server's pid (prlimit, setpriv and env exec into it).
    "${root[@]}" prlimit --nofile="$nofile:$nofile" \
        setpriv --reuid="$uid" --regid="$gid" --clear-groups --no-new-privs \
        env -i PATH=/usr/bin:/bin "${service_env[@]}" "${argv[@]}" >>"$work/server.log" 2>&1 &
    server_pid=$!
    for _ in $(seq 150); do
        as_root test -s "$state/port" && break  # the folder is nobody's, mode 0700
        kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; fail "the server exited at start"; }
        sleep 0.1
    done
    port=$(as_root cat "$state/port" 2>/dev/null) || true
    [[ $port =~ ^[0-9]+$ ]] || { cat "$work/server.log"; fail "no port after 15 s"; }
}
stop_server() {
    as_root kill -TERM "$server_pid"
    local code=0
    wait "$server_pid" || code=$?
    server_pid=""
    [[ $code -eq 0 ]] || { cat "$work/server.log"; fail "the server exited with $code on SIGTERM"; }
}
# HTTP/1.1 over bash's /dev/tcp: no client to install. Prints the status line's code, then the body.
http() {  # http METHOD PATH [BODY]
    local body=${3:-} response
    exec 3<>"/dev/tcp/127.0.0.1/$port"
    printf '%s %s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s' \
        "$1" "$2" "$port" "${#body}" "$body" >&3
    response=$(timeout 10 cat <&3) || true
    exec 3<&-
    local status=${response%%$'\r'*}
    echo "${status#* }" | cut -d' ' -f1
    echo "${response#*$'\r\n\r\n'}"
}

start_server
out=$(http GET /healthz)
[[ $(head -1 <<<"$out") == 200 && $(tail -n +2 <<<"$out") == ok ]] || fail "/healthz answered: $out"
out=$(http POST /api/rooms '{"players":4}')
[[ $(head -1 <<<"$out") == 201 ]] || fail "POST /api/rooms answered: $out"
code=$(tail -n +2 <<<"$out" | grep -o '"code":"[A-Z0-9]*"' | cut -d'"' -f4)
[[ -n $code ]] || fail "no room code in: $out"
echo "created room $code on port $port"
stop_server

# The data file is where the unit keeps it, made by the unprivileged user, and the log says where.
[[ $(as_root stat -c %u "$state/catan.db") == "$uid" ]] || fail "$state/catan.db is missing or not owned by uid $uid"
grep -q "rooms are kept in $state/catan.db" "$work/server.log" || fail "the log does not name $state/catan.db"
grep -q "catan-server $(dpkg-deb -f "$deb" Version) (commit " "$work/server.log" || fail "the log does not say which build runs"
# LimitNOFILE gives the server its full default of connections: the limit less 64, at most 10000.
connections=$(( nofile - 64 < 10000 ? nofile - 64 : 10000 ))
grep -q "at most $connections connections (.*; $nofile file descriptors)" "$work/server.log" ||
    fail "the server did not run with $nofile descriptors and $connections connections: $(grep 'at most' "$work/server.log")"

# An upgrade: the same build as a newer version. The operator's edit of the settings file stays, and
# the new binary finds the room in the data file (docs/operating.md, "Upgrade").
newer="$(dpkg-deb -f "$deb" Version)+upgrade.test"
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/cpack-newer" -D CPACK_PACKAGE_VERSION="$newer" \
    >"$work/cpack-newer.log" 2>&1 || { cat "$work/cpack-newer.log"; fail "cpack of version $newer failed"; }
echo "# an operator's edit" | as_root tee -a "$env_file" >/dev/null
as_root dpkg -i "$work"/cpack-newer/catan-server_*.deb >"$work/dpkg-upgrade.log" 2>&1 ||
    { cat "$work/dpkg-upgrade.log"; fail "dpkg -i of version $newer over the installed one failed"; }
[[ $(dpkg-query -W -f='${Version}' catan-server) == "$newer" ]] || fail "not upgraded to $newer"
[[ $(tail -1 "$env_file") == "# an operator's edit" ]] || fail "the upgrade lost the operator's edit of $env_file"
dpkg -L catan-server | grep -vx '/\.' | sort | cmp -s - "$work/listed" || fail "the upgrade changed the package's file list"
start_server
out=$(http GET "/api/rooms/$code")
[[ $(head -1 <<<"$out") == 200 ]] || fail "after the upgrade and a restart GET /api/rooms/$code answered: $out"
stop_server
echo "upgraded to $newer; room $code survived the restart"

# 5. Remove: the binary goes, the settings (a conffile) and the data stay until purge. The state
# directory systemd would have made (DynamicUser=: /var/lib/private/NAME, linked from /var/lib/NAME)
# is made here by hand, to check that purge removes it.
made_state=yes
as_root mkdir -p -m 0700 /var/lib/private
as_root mkdir -p /var/lib/private/catan-server
as_root cp "$state/catan.db" /var/lib/private/catan-server/catan.db
as_root ln -s private/catan-server /var/lib/catan-server
links_before=$(find /etc/systemd/system -name 'catan-server.service' 2>/dev/null | wc -l)
if command -v systemctl >/dev/null; then
    # An operator's `systemctl enable` (works without a running systemd): removal must drop its link.
    as_root systemctl enable catan-server.service >"$work/enable.log" 2>&1 || { cat "$work/enable.log"; fail "systemctl enable failed"; }
    [[ $(find /etc/systemd/system -name 'catan-server.service' | wc -l) -gt $links_before ]] || fail "systemctl enable made no link"
fi
as_root dpkg -r catan-server >"$work/dpkg-r.log" 2>&1 || { cat "$work/dpkg-r.log"; fail "dpkg -r failed"; }
[[ ! -e /usr/bin/catan-server ]] || fail "/usr/bin/catan-server is left after dpkg -r"
[[ -f /etc/default/catan-server ]] || fail "dpkg -r removed the settings file (a conffile stays until purge)"
[[ -f /var/lib/catan-server/catan.db ]] || fail "dpkg -r removed the data file"
links_after=$(find /etc/systemd/system -name 'catan-server.service' 2>/dev/null | wc -l)
[[ $links_after -le $links_before ]] || fail "dpkg -r left links: $(find /etc/systemd/system -name 'catan-server.service')"

as_root dpkg --purge catan-server >"$work/dpkg-purge.log" 2>&1 || { cat "$work/dpkg-purge.log"; fail "dpkg --purge failed"; }
installed=no
dpkg-query -W -f='${Status}' catan-server 2>/dev/null | grep -q installed && fail "dpkg still knows catan-server after purge"
left=()
while read -r path; do
    [[ -e $path || -L $path ]] || continue
    grep -qxF "$path" "$work/existed" && [[ -d $path && ! -L $path ]] && continue  # a shared directory
    left+=("$path")
done <"$work/listed"
[[ ${#left[@]} -eq 0 ]] || fail "left after purge: ${left[*]}"
for d in /var/lib/catan-server /var/lib/private/catan-server /etc/default/catan-server; do
    [[ -e $d || -L $d ]] && fail "$d is left after purge"
done
ls /var/lib/dpkg/info/catan-server.* >/dev/null 2>&1 && fail "dpkg's records of catan-server are left"
echo "PASS"
