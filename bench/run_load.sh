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
# --no-persist, rooms in memory only, to see what the data file adds).
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

out="$build/bench/load/run"
mkdir -p "$out" "$build/bench/load/baselines"
log() { printf '== %s\n' "$*" >&2; }
skipped() { [[ " $SKIP " == *" $1 "* ]]; }

# --- build ---------------------------------------------------------------------------------------
log "building load_gen and catan-server in $build"
cmake --build "$build" --target load_gen catan-server
load_gen="$build/bench/load/load_gen"
server="$build/catan-server"
bdir="$build/bench/load/baselines"
log "building the baselines from $baselines into $bdir"
g++ -std=c++20 -O2 -o "$bdir/beast_echo" "$baselines/beast_echo.cpp" -pthread
gcc -O2 -o "$bdir/wsrtt" "$baselines/wsrtt.c" 2>/dev/null

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
cleanup() {
  [[ -z "$server_pid" ]] || kill -TERM "$server_pid" 2>/dev/null || true
  [[ -z "$echo_pid" ]] || kill -TERM "$echo_pid" 2>/dev/null || true
}
trap cleanup EXIT

server_port=""
start_server() {  # $1: name of the log
  local portfile="$out/$1.port" i
  rm -f "$portfile"
  # A fresh data file per scenario: the server persists as in production, and restores no earlier run's rooms.
  # Every bot connects from 127.0.0.1: the per-address lookup limit (docs/security.md) is turned off.
  rm -f "$out/$1.db" "$out/$1.db-wal" "$out/$1.db-shm"
  local persistence=(--data "$out/$1.db")
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
  timeout $(( duration + warmup + 700 )) "$load_gen" play --port "$server_port" --pid "$server_pid" --rooms "$rooms" \
    --rate "$rate" --threads "$LOADGEN_THREADS" --warmup "$warmup" --duration "$duration" --progress 5 \
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

# --- 3. paced: ROOMS rooms at RATE command/s per room, PACED_RUNS times -----------------------------
paced_res=()
if ! skipped paced; then
  for run in $(seq 1 "$PACED_RUNS"); do
    play_run "paced$run" "$ROOMS" "$RATE" "$WARMUP" "$DURATION"
    paced_res+=("$(result "$out/paced$run.txt")")
  done
fi

# --- 4. saturation -----------------------------------------------------------------------------------
sat_res=""
if ! skipped sat; then
  play_run sat "$SAT_ROOMS" 0 5 "$SAT_DURATION" profile
  sat_res="$(result "$out/sat.txt")"
fi

# --- summary -----------------------------------------------------------------------------------------
echo
echo "Summary ($date_utc; $(nproc) cores; server --threads $SERVER_THREADS, $([[ "${PERSIST:-1}" == 0 ]] && echo "--no-persist" || echo "data file"); load_gen --threads $LOADGEN_THREADS;" \
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
for i in "${!paced_res[@]}"; do
  r="${paced_res[$i]}"
  [[ -n "$r" ]] || continue
  n=$(( i + 1 ))
  row "paced $n: rooms x 4 at $RATE cmd/s/room" "$(field "$r" ready) ready of $ROOMS"
  row "paced $n: commands/s" "$(field "$r" cmds_per_s)"
  row "paced $n: latency p50 / p99 / p999 (target p99 <= 10 ms)" \
    "$(field "$r" p50_us) / $(field "$r" p99_us) / $(field "$r" p999_us) us"
  row "paced $n: server CPU / load_gen CPU / other work (of it steal)" \
    "$(field "$r" server_cpu_pct) / $(field "$r" loadgen_cpu_pct) / $(field "$r" other_cpu_pct) ($(field "$r" steal_cpu_pct)) % of a core"
  row "paced $n: server RSS per room / per connection" \
    "$(field "$r" rss_per_room_kib) / $(field "$r" rss_per_conn_kib) KiB"
  row "paced $n: errors / gaps / stalls / disconnects / failures" \
    "$(field "$r" errors) / $(field "$r" gaps) / $(field "$r" stalls) / $(field "$r" disconnects) / $(field "$r" failures)"
done
if [[ -n "$sat_res" ]]; then
  row "saturation: rooms, as fast as possible" "$SAT_ROOMS"
  row "saturation: commands/s" "$(field "$sat_res" cmds_per_s)"
  row "saturation: latency p50 / p99" "$(field "$sat_res" p50_us) / $(field "$sat_res" p99_us) us"
  row "saturation: server CPU / load_gen CPU / other work" \
    "$(field "$sat_res" server_cpu_pct) / $(field "$sat_res" loadgen_cpu_pct) / $(field "$sat_res" other_cpu_pct) % of a core"
  row "saturation: commands/s per server core" "$(field "$sat_res" cmds_per_core_s)"
  row "saturation: errors / gaps / stalls / disconnects" \
    "$(field "$sat_res" errors) / $(field "$sat_res" gaps) / $(field "$sat_res" stalls) / $(field "$sat_res" disconnects)"
  if [[ -n "$echo_res" ]]; then
    awk -v c="$(field "$sat_res" cmds_per_core_s)" -v e="$(field "$echo_res" msgs_per_core_s)" \
      'BEGIN { if (e > 0) printf "%-58s %.0f / %.0f = %.3f\n", "ratio: 4 x commands/s per core / echo messages/s per core", 4*c, e, 4*c/e }'
  fi
fi
echo "raw outputs: $out"
