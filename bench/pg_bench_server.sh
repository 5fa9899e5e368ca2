#!/usr/bin/env bash
# A PostgreSQL for benchmarks, set as a deployment would be: fsync on, synchronous_commit on,
# full_page_writes on (PostgreSQL's defaults), listening on loopback only.
#
#   bench/pg_bench_server.sh start DIR      initdb into DIR (when empty) and start; prints the server's URL
#   bench/pg_bench_server.sh newdb DIR NAME (re)creates database NAME, empty; prints its URL
#   bench/pg_bench_server.sh cpu DIR        CPU seconds PostgreSQL has used (postmaster, its live
#                                           children and the children it has reaped), from /proc
#   bench/pg_bench_server.sh sql DIR DB SQL runs SQL in database DB; prints the rows (columns split by |)
#   bench/pg_bench_server.sh url DIR        the server's URL (postgresql://catan@127.0.0.1:PORT/postgres)
#   bench/pg_bench_server.sh stop DIR       fast shutdown (DIR is kept: rm -rf it yourself)
#
# As root the server runs as Debian's `postgres` user (runuser), as tests/store/pg_server.cpp does:
# PostgreSQL refuses to run as root. The database superuser is `catan`, trusted on loopback only.
# The binaries: $PG_BINDIR, else the newest /usr/lib/postgresql/*/bin (Debian's postgresql package).
set -euo pipefail

usage() { echo "usage: $0 start|newdb|sql|cpu|url|stop DIR [NAME|DB SQL]" >&2; exit 2; }
[[ $# -ge 2 ]] || usage
cmd="$1"
dir="$(mkdir -p "$2" && cd "$2" && pwd)"
data="$dir/data"

bindir="${PG_BINDIR:-}"
if [[ -z "$bindir" ]]; then
  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n | tail -1)"
fi
[[ -x "$bindir/initdb" && -x "$bindir/pg_ctl" ]] || {
  echo "$0: no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin: apt-get install postgresql, or set PG_BINDIR" >&2
  exit 1
}

as_user=()
if [[ "$(id -u)" == 0 ]]; then
  id postgres >/dev/null 2>&1 || { echo "$0: running as root and there is no user postgres (apt-get install postgresql makes it)" >&2; exit 1; }
  as_user=(runuser -u postgres --)
fi
run() { "${as_user[@]}" "$@"; }

port_of() { sed -n 's/^port = \([0-9]*\)$/\1/p' "$data/postgresql.conf" | tail -1; }
url_of() { echo "postgresql://catan@127.0.0.1:$(port_of)/$1"; }
psql_admin() { run "$bindir/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$(port_of)" -U catan -d postgres "$@"; }
postmaster_pid() { head -1 "$data/postmaster.pid" 2>/dev/null; }

# A loopback port nobody listens on now.
free_port() {
  local p
  for _ in $(seq 1 50); do
    p=$(( 30000 + RANDOM % 20000 ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "$0: no free loopback port found" >&2; exit 1
}

case "$cmd" in
  start)
    [[ -n "${as_user[*]}" ]] && chown postgres: "$dir"
    if [[ ! -f "$data/PG_VERSION" ]]; then
      run "$bindir/initdb" -D "$data" -U catan -A trust -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2; exit 1; }
      # What a deployment keeps (the defaults, written out so the run records them), on loopback.
      cat >>"$data/postgresql.conf" <<EOF

# bench/pg_bench_server.sh
listen_addresses = '127.0.0.1'
port = $(free_port)
unix_socket_directories = '$dir'
fsync = on
synchronous_commit = on
full_page_writes = on
wal_sync_method = fdatasync
max_connections = 100
shared_buffers = 256MB
EOF
    fi
    run "$bindir/pg_ctl" -D "$data" -l "$dir/server.log" -w -t 60 start >/dev/null || { tail -20 "$dir/server.log" >&2; exit 1; }
    url_of postgres
    ;;
  newdb)
    [[ $# -ge 3 && "$3" =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "$0 newdb DIR NAME: NAME in lower case letters, digits and _" >&2; exit 2; }
    psql_admin -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $3 WITH (FORCE)" -c "CREATE DATABASE $3" >/dev/null
    url_of "$3"
    ;;
  url) url_of postgres ;;
  sql)
    [[ $# -ge 4 ]] || usage
    run "$bindir/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$(port_of)" -U catan -d "$3" -c "$4"
    ;;
  cpu)
    pid="$(postmaster_pid)"
    [[ -n "$pid" ]] || { echo "$0: PostgreSQL in $dir is not running" >&2; exit 1; }
    # utime+stime of the postmaster and each child alive now, plus cutime+cstime of the postmaster
    # (its reaped children: backends that ended, checkpointer restarts). Clock ticks to seconds.
    hz="$(getconf CLK_TCK)"
    {
      awk '{ sub(/^.*\) /, ""); print $12 + $13 + $14 + $15 }' "/proc/$pid/stat"
      for c in $(cat "/proc/$pid/task/$pid/children" 2>/dev/null); do
        awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$c/stat" 2>/dev/null || true
      done
    } | awk -v hz="$hz" '{ s += $1 } END { printf "%.2f\n", s / hz }'
    ;;
  stop)
    [[ -f "$data/postmaster.pid" ]] || exit 0
    run "$bindir/pg_ctl" -D "$data" -m fast -w -t 60 stop >/dev/null
    ;;
  *) usage ;;
esac
