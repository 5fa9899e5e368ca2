#!/usr/bin/env bash
# Server load benchmark: the bare Beast echo baseline and catan-server under
# load, measured in the same run (the machine is noisy: compare ratios, not absolute times).
#
#   bench/run_load.sh [BUILD_DIR]        (default: build/test; configured already, e.g. by scripts/test.sh)
#
# It builds load_gen and catan-server in BUILD_DIR, compiles the baselines from $BASELINES
# (default: the shared baselines directory beside this repository, ../shared/baselines) into BUILD_DIR/bench/load/baselines, then runs, each against a fresh server:
#   1. echo baseline: beast_echo + wsrtt (round-trip median) and load_gen echo (100 connections, 64 B)
#   2. idle: $IDLE connections seated 4 to a room in lobbies, then $IDLE bare WebSockets (no room)
#      -> server memory per idle connection
#   3. paced: $ROOMS rooms x 4 clients at $RATE command/s per room, $WARMUP s warm-up then $DURATION s
#      measured, $PACED_RUNS times (the tail moves from run to run) -> latency p50/p99/p999
#   4. saturation: $SAT_ROOMS rooms as fast as they may for $SAT_DURATION s -> commands/s per core,
#      compared with the echo's messages/s (each command fans out to 4 recipients)
# and prints a summary table. Everything is on 127.0.0.1; every step is bounded by `timeout`.
# Knobs (environment): ROOMS=2500 RATE=1 DURATION=60 WARMUP=30 PACED_RUNS=3 SAT_ROOMS=200 SAT_DURATION=30
# IDLE=10000 SERVER_THREADS=2 LOADGEN_THREADS=2 ECHO_SECONDS=10 PERF=1 (profile the saturated server for
# 5 s with perf, DWARF call graphs: inclusive CPU share by function)
# SKIP="idle sat" (skip scenarios by name: echo idle paced sat); QUIET_WAIT=300 (seconds, at most, to
# wait for the 1-minute load average to drop below 0.7 before starting); PERSIST=1 (0: run the server with
# --no-persist, rooms in memory only, to see what the data file adds); NO_BUILD=1 (use the binaries in
# BUILD_DIR as they are: a long session measures one build).
# DATA=file (default: an SQLite data file per scenario), DATA=pg (a PostgreSQL database per scenario, on
# a PostgreSQL started by bench/pg_bench_server.sh in $PG_DIR, default BUILD_DIR/bench/load/run/pg, and
# stopped at the end; its CPU per command is read from /proc, its tables' size and its transactions and
# WAL fsyncs after each run), or DATA="file pg": each paced run and each saturation run once on each,
# alternated (SAT_RUNS=1 saturation runs of each), so both share the machine's noise.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(cd "${1:-$root/build/test}" && pwd)"
baselines="${BASELINES:-$root/../shared/baselines}"
ROOMS="${ROOMS:-2500}"
RATE="${RATE:-1}"
DURATION="${DURATION:-60}"
WARMUP="${WARMUP:-30}"
PACED_RUNS="${PACED_RUNS:-3}"
SAT_ROOMS="${SAT_ROOMS:-200}"
SAT_DURATION="${SAT_DURATION:-30}"
IDLE="${IDLE:-10000}"
SERVER_THREADS="${SERVER_THREADS:-2}"
LOADGEN_THREADS="${LOADGEN_THREADS:-2}"
ECHO_SECONDS="${ECHO_SECONDS:-10}"
PERF="${PERF:-0}"
SKIP="${SKIP:-}"
DATA="${DATA:-file}"
SAT_RUNS="${SAT_RUNS:-1}"
for kind in $DATA; do
  [[ "$kind" == file || "$kind" == pg ]] || { echo "run_load.sh: DATA takes file, pg or both (\"file pg\"), not $kind" >&2; exit 2; }
done

out="$build/bench/load/run"
mkdir -p "$out" "$build/bench/load/baselines"
pg_dir="${PG_DIR:-$out/pg}"
pg_script="$root/bench/pg_bench_server.sh"
log() { printf '== %s\n' "$*" >&2; }
skipped() { [[ " $SKIP " == *" $1 "* ]]; }

# --- build ---------------------------------------------------------------------------------------
if [[ "${NO_BUILD:-0}" != 1 ]]; then
  log "building load_gen and catan-server in $build"
  cmake --build "$build" --target load_gen catan-server
fi
load_gen="$build/bench/load/load_gen"
server="$build/catan-server"
bdir="$build/bench/load/baselines"
if ! skipped echo; then
  log "building the baselines from $baselines into $bdir"
  g++ -std=c++20 -O2 -o "$bdir/beast_echo" "$baselines/beast_echo.cpp" -pthread
  gcc -O2 -o "$bdir/wsrtt" "$baselines/wsrtt.c" 2>/dev/null
fi

# --- file descriptors: 10,000 client sockets in load_gen, 10,000 in the server (separate processes) --
need=$(( 4 * ROOMS > IDLE ? 4 * ROOMS : IDLE ))
need=$(( need + 500 ))
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
have="$(ulimit -n)"
log "open-file limit: $have per process (hard $(ulimit -Hn)); need $need per process"
if [[ "$have" != unlimited && "$have" -lt "$need" ]]; then
  echo "run_load.sh: open-file limit $have < $need; cannot run $ROOMS rooms / $IDLE idle connections" >&2
  exit 1
fi

# --- helpers ---------------------------------------------------------------------------------------
server_pid=""
echo_pid=""
pg_started=""
cleanup() {
  [[ -z "$server_pid" ]] || kill -TERM "$server_pid" 2>/dev/null || true
  [[ -z "$echo_pid" ]] || kill -TERM "$echo_pid" 2>/dev/null || true
  [[ -z "$pg_started" ]] || "$pg_script" stop "$pg_dir" || true
}
trap cleanup EXIT

if [[ " $DATA " == *" pg "* && "${PERSIST:-1}" != 0 ]]; then
  log "starting PostgreSQL in $pg_dir (bench/pg_bench_server.sh: fsync on, synchronous_commit on)"
  "$pg_script" start "$pg_dir" >/dev/null
  pg_started=1
fi

server_port=""
data_kind=file  # of the next start_server: file or pg
start_server() {  # $1: name of the log
  local portfile="$out/$1.port" i
  rm -f "$portfile"
  # A fresh data file (or database) per scenario: the server persists as in production, and restores no
  # earlier run's rooms.
  # Every bot connects from 127.0.0.1: the per-address lookup limit (docs/security.md) is turned off.
  rm -f "$out/$1.db" "$out/$1.db-wal" "$out/$1.db-shm"
  local persistence=(--data "$out/$1.db")
  if [[ "$data_kind" == pg ]]; then
    local db="bench_${1//[^a-z0-9]/_}"
    persistence=(--data "$("$pg_script" newdb "$pg_dir" "$db")" --node bench1 --no-notify)
    "$pg_script" sql "$pg_dir" "$db" "SELECT pg_stat_reset_shared('wal')" >/dev/null
  fi
  [[ "${PERSIST:-1}" == 0 ]] && persistence=(--no-persist)
  # --allow-client-seeds: load_gen deals each room from its own seed, so runs are repeatable.
  "$server" serve --listen 127.0.0.1:0 --port-file "$portfile" --threads "$SERVER_THREADS" --log-level warn \
    "${persistence[@]}" --max-connections-per-ip 100000 --max-connections "$need" --max-rooms 1000000 --lookup-rate 0 --allow-client-seeds --room-create-burst 1000000 >"$out/$1.server.log" 2>&1 &
  server_pid=$!
  for i in $(seq 1 200); do
    [[ -s "$portfile" ]] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "catan-server exited at start; see $out/$1.server.log" >&2; exit 1; }
    sleep 0.05
  done
  [[ -s "$portfile" ]] || { echo "catan-server wrote no port file in 10 s" >&2; exit 1; }
  server_port="$(tr -dc 0-9 <"$portfile")"
  log "catan-server pid $server_pid on 127.0.0.1:$server_port (--threads $SERVER_THREADS)"
}
stop_server() {
  local rc=0 i
  kill -TERM "$server_pid" 2>/dev/null || true
  for i in $(seq 1 300); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.05; done
  if kill -0 "$server_pid" 2>/dev/null; then
    echo "catan-server did not exit within 15 s of SIGTERM; killing it" >&2
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  wait "$server_pid" || rc=$?
  [[ $rc -eq 0 ]] || echo "catan-server exited with $rc after SIGTERM (expected 0)" >&2
  server_pid=""
  sleep 2  # let the kernel finish closing the previous scenario's sockets
}
# The RESULT line of a load_gen output file, as shell-safe key=value words.
result() { grep '^RESULT ' "$1" | tail -1 | cut -d' ' -f2-; }
field() { tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"; }

# The machine is shared: wait (bounded) for other work to calm down, and report the load either way.
QUIET_WAIT="${QUIET_WAIT:-300}"
for i in $(seq 1 "$QUIET_WAIT"); do
  awk '{ exit !($1 < 0.7) }' /proc/loadavg && break
  (( i % 30 == 1 )) && log "waiting for a quiet machine: load average $(cut -d' ' -f1-3 /proc/loadavg)"
  sleep 1
done
load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
date_utc="$(date -u '+%Y-%m-%d %H:%M UTC')"
cpu_model="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
log "$(nproc) cores, $cpu_model, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $date_utc"

# --- 1. echo baseline -----------------------------------------------------------------------------
echo_rtt="n/a"; echo_res=""
if ! skipped echo; then
  echo_port=""
  for try in 1 2 3 4 5; do
    p=$(( 20000 + RANDOM % 10000 ))
    "$bdir/beast_echo" "$p" >"$out/echo.server.log" 2>&1 &
    echo_pid=$!
    sleep 0.3
    if kill -0 "$echo_pid" 2>/dev/null; then echo_port=$p; break; fi
  done
  [[ -n "$echo_port" ]] || { echo "beast_echo would not start" >&2; exit 1; }
  log "echo baseline: beast_echo pid $echo_pid on 127.0.0.1:$echo_port"
  timeout 60 "$bdir/wsrtt" "$echo_port" 20000 64 | tee "$out/wsrtt.txt"
  echo_rtt="$(sed -n 's/.*median=\([0-9.]*\)us.*/\1/p' "$out/wsrtt.txt")"
  timeout $(( ECHO_SECONDS + 60 )) "$load_gen" echo --port "$echo_port" --pid "$echo_pid" --connections 100 --size 64 \
    --threads 1 --warmup 2 --duration "$ECHO_SECONDS" | tee "$out/echo.txt" || true
  echo_res="$(result "$out/echo.txt")"
  kill -TERM "$echo_pid"; wait "$echo_pid" 2>/dev/null || true
  echo_pid=""
fi

# --- 2. idle connections: seated 4 to a room (lobby), then bare WebSockets (no room) -----------------
idle_res=""; bare_res=""
if ! skipped idle; then
  start_server idle
  timeout 600 "$load_gen" idle --port "$server_port" --pid "$server_pid" --idle "$IDLE" --idle-kind seat \
    --threads "$LOADGEN_THREADS" --settle 3 --duration 5 | tee "$out/idle.txt" || true
  idle_res="$(result "$out/idle.txt")"
  stop_server
  start_server bare
  timeout 600 "$load_gen" idle --port "$server_port" --pid "$server_pid" --idle "$IDLE" --idle-kind bare \
    --threads "$LOADGEN_THREADS" --settle 3 --duration 5 | tee "$out/bare.txt" || true
  bare_res="$(result "$out/bare.txt")"
  stop_server
fi

# Runs load_gen play against a fresh server: $1 name, $2 rooms, $3 rate, $4 warm-up s, $5 measured s,
# $6 "profile": with PERF=1, profiles the server for 5 s of the measured window (DWARF call graphs) into
# $out/$1.perf.txt (only the saturation run: profiling would disturb the paced runs' latency).
play_run() {
  local name="$1" rooms="$2" rate="$3" warmup="$4" duration="$5" profile="${6:-}" lg_pid i
  start_server "$name"
  local probes=()
  [[ "$data_kind" == pg ]] && probes=(--cpu-probe "pg=$pg_script cpu $pg_dir")
  timeout $(( duration + warmup + 700 )) "$load_gen" play --port "$server_port" --pid "$server_pid" --rooms "$rooms" \
    --rate "$rate" --threads "$LOADGEN_THREADS" --warmup "$warmup" --duration "$duration" --progress 5 "${probes[@]}" \
    >"$out/$name.txt" 2>"$out/$name.progress.txt" &
  lg_pid=$!
  if [[ "$PERF" == 1 && "$profile" == profile ]] && command -v perf >/dev/null; then
    for i in $(seq 1 6000); do grep -q '  setup:' "$out/$name.txt" 2>/dev/null && break; kill -0 "$lg_pid" 2>/dev/null || break; sleep 0.1; done
    sleep $(( warmup + duration / 3 ))
    if kill -0 "$lg_pid" 2>/dev/null; then
      timeout 60 perf record -F 499 --call-graph dwarf,16384 -o "$out/$name.perf.data" -p "$server_pid" -- sleep 5 \
        >"$out/$name.perf.log" 2>&1 || true
    fi
  fi
  wait "$lg_pid" || true
  cat "$out/$name.txt"
  stop_server
  if [[ "$data_kind" == pg ]]; then pg_stats "$name"; fi
  if [[ -s "$out/$name.perf.data" ]]; then
    # Inclusive share of the server's CPU time by function (room, proto, JSON, allocator, sockets).
    perf report -i "$out/$name.perf.data" --children --percent-limit 1 --stdio -g none 2>/dev/null \
      | grep -E '^ +[0-9]' | c++filt \
      | grep -E 'catan::|nlohmann|_int_malloc|_int_free|cfree|malloc_consolidate|Rb_tree_increment|sendmsg$|recvmsg$|epoll_wait$' \
      | awk '{ printf "%8s %8s  ", $1, $2; $1=$2=$3=$4=$5=""; sub(/^ +/, ""); print substr($0, 1, 110) }' \
      | head -30 >"$out/$name.perf.txt" || true
    log "perf: server profile during $name ($out/$name.perf.txt; children, self)"
    cat "$out/$name.perf.txt"
  fi
}

# What a run left in its PostgreSQL database (after the server stopped): commands stored, the tables'
# size, transactions committed and WAL written and fsynced since the scenario's start, as a PGSTATS line
# in $out/$1.pg.txt.
pg_stats() {
  local db="bench_${1//[^a-z0-9]/_}"
  sleep 1  # the backends' last statistics reach the shared counters
  "$pg_script" sql "$pg_dir" "$db" "SELECT 'PGSTATS commands=' || (SELECT count(*) FROM commands)
      || ' rooms=' || (SELECT count(*) FROM rooms)
      || ' table_bytes=' || (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                             WHERE n.nspname = 'public' AND c.relkind = 'r')
      || ' commands_bytes=' || pg_total_relation_size('commands')
      || ' snapshots_bytes=' || pg_total_relation_size('snapshots')
      || ' xact_commit=' || (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())
      || ' wal_records=' || w.wal_records || ' wal_bytes=' || w.wal_bytes || ' wal_syncs=' || w.wal_sync || ' wal_writes=' || w.wal_write
      FROM pg_stat_wal w" >"$out/$1.pg.txt"
  cat "$out/$1.pg.txt"
}
# The scenario's name for one data kind: paced1 with DATA=file, paced1-pg / paced1-file when both run.
run_name() { if [[ "$DATA" == file ]]; then echo "$1"; elif [[ "$DATA" == pg ]]; then echo "$1-pg"; else echo "$1-$2"; fi; }

# --- 3. paced: ROOMS rooms at RATE command/s per room, PACED_RUNS times (each data kind in turn) -------
paced_names=()
if ! skipped paced; then
  for run in $(seq 1 "$PACED_RUNS"); do
    for data_kind in $DATA; do
      name="$(run_name "paced$run" "$data_kind")"
      play_run "$name" "$ROOMS" "$RATE" "$WARMUP" "$DURATION"
      paced_names+=("$name")
    done
  done
fi

# --- 4. saturation (SAT_RUNS times, each data kind in turn; the last one profiled with PERF=1) ----------
sat_names=()
if ! skipped sat; then
  for run in $(seq 1 "$SAT_RUNS"); do
    for data_kind in $DATA; do
      name="$(run_name "sat$([[ "$SAT_RUNS" == 1 ]] || echo "$run")" "$data_kind")"
      play_run "$name" "$SAT_ROOMS" 0 5 "$SAT_DURATION" "$([[ "$run" == "$SAT_RUNS" ]] && echo profile)"
      sat_names+=("$name")
    done
  done
fi

# --- summary -----------------------------------------------------------------------------------------
echo
echo "Summary ($date_utc; $(nproc) cores; server --threads $SERVER_THREADS, $([[ "${PERSIST:-1}" == 0 ]] && echo "--no-persist" || echo "data: $DATA"); load_gen --threads $LOADGEN_THREADS;" \
  "load average at start $load_start, at end $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-58s %s\n' "figure" "value"
row() { printf '%-58s %s\n' "$1" "$2"; }
if [[ -n "$echo_res" ]]; then
  row "echo: wsrtt round trip median (1 connection, 64 B)" "${echo_rtt} us"
  row "echo: messages/s (100 connections, 64 B, 1 thread)" "$(field "$echo_res" msgs_per_s)"
  row "echo: server CPU / load_gen CPU / other work" \
    "$(field "$echo_res" server_cpu_pct) / $(field "$echo_res" loadgen_cpu_pct) / $(field "$echo_res" other_cpu_pct) % of a core"
fi
if [[ -n "$idle_res" ]]; then
  row "idle: connections (seated 4 per room, lobby)" "$(field "$idle_res" ready) rooms ready of $(( (IDLE + 3) / 4 ))"
  row "idle: server RSS per idle connection (target <= 64 KiB)" "$(field "$idle_res" rss_per_conn_kib) KiB"
  row "idle: kernel slab per socket (system-wide, both ends / 2)" "$(field "$idle_res" kernel_kib_per_socket) KiB"
  row "idle: server CPU" "$(field "$idle_res" server_cpu_pct) % of a core"
fi
if [[ -n "$bare_res" ]]; then
  row "idle: server RSS per bare WebSocket (no room)" "$(field "$bare_res" rss_per_conn_kib) KiB"
fi
pg_row() {  # $1: the run's name, $2: its RESULT
  [[ -s "$out/$1.pg.txt" ]] || return 0
  local p; p="$(sed -n 's/^PGSTATS //p' "$out/$1.pg.txt")"
  row "$1: PostgreSQL CPU (% of a core) / per command" "$(field "$2" pg_cpu_pct) % / $(field "$2" pg_us_per_cmd) us"
  awk -v c="$(field "$p" commands)" -v t="$(field "$p" table_bytes)" -v cb="$(field "$p" commands_bytes)" \
      -v x="$(field "$p" xact_commit)" -v s="$(field "$p" wal_syncs)" -v wb="$(field "$p" wal_bytes)" -v r="$(field "$p" rooms)" -v n="$1" \
    'BEGIN { if (c > 0) {
      printf "%-58s %d commands in %d rooms; %.0f table bytes/command (commands table %.0f)\n", n ": stored", c, r, t / c, cb / c
      printf "%-58s %.1f commands per transaction, %.1f per WAL fsync; %.0f WAL bytes per command\n", n ": PostgreSQL (whole run)", (x > 0 ? c / x : 0), (s > 0 ? c / s : 0), wb / c } }'
}
for name in "${paced_names[@]}"; do
  r="$(result "$out/$name.txt")"
  [[ -n "$r" ]] || { row "$name" "no result (see $out/$name.txt)"; continue; }
  row "$name: rooms x 4 at $RATE cmd/s/room" "$(field "$r" ready) ready of $ROOMS"
  row "$name: commands/s" "$(field "$r" cmds_per_s)"
  row "$name: latency p50 / p99 / p999 (target p99 <= 10 ms)" \
    "$(field "$r" p50_us) / $(field "$r" p99_us) / $(field "$r" p999_us) us"
  row "$name: server CPU / load_gen CPU / other work (of it steal)" \
    "$(field "$r" server_cpu_pct) / $(field "$r" loadgen_cpu_pct) / $(field "$r" other_cpu_pct) ($(field "$r" steal_cpu_pct)) % of a core"
  row "$name: server RSS per room / per connection" \
    "$(field "$r" rss_per_room_kib) / $(field "$r" rss_per_conn_kib) KiB"
  row "$name: errors / gaps / stalls / disconnects / failures" \
    "$(field "$r" errors) / $(field "$r" gaps) / $(field "$r" stalls) / $(field "$r" disconnects) / $(field "$r" failures)"
  pg_row "$name" "$r"
done
for name in "${sat_names[@]}"; do
  sat_res="$(result "$out/$name.txt")"
  [[ -n "$sat_res" ]] || { row "$name" "no result (see $out/$name.txt)"; continue; }
  row "$name: rooms, as fast as possible" "$SAT_ROOMS"
  row "$name: commands/s" "$(field "$sat_res" cmds_per_s)"
  row "$name: latency p50 / p99" "$(field "$sat_res" p50_us) / $(field "$sat_res" p99_us) us"
  row "$name: server CPU / load_gen CPU / other work" \
    "$(field "$sat_res" server_cpu_pct) / $(field "$sat_res" loadgen_cpu_pct) / $(field "$sat_res" other_cpu_pct) % of a core"
  row "$name: commands/s per server core" "$(field "$sat_res" cmds_per_core_s)"
  row "$name: errors / gaps / stalls / disconnects" \
    "$(field "$sat_res" errors) / $(field "$sat_res" gaps) / $(field "$sat_res" stalls) / $(field "$sat_res" disconnects)"
  pg_row "$name" "$sat_res"
  if [[ -n "$echo_res" ]]; then
    awk -v c="$(field "$sat_res" cmds_per_core_s)" -v e="$(field "$echo_res" msgs_per_core_s)" -v n="$name" \
      'BEGIN { if (e > 0) printf "%-58s %.0f / %.0f = %.3f\n", n ": 4 x commands/s per core / echo messages/s per core", 4*c, e, 4*c/e }'
  fi
done
echo "raw outputs: $out"
