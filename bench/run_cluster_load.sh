#!/usr/bin/env bash
# Several catan-server nodes on one PostgreSQL behind a real HAProxy, against one node reached
# directly, in the same session (the machine is shared and noisy: compare within a run).
#
#   bench/run_cluster_load.sh [BUILD_DIR]     (default: build/test; catan-server and load_gen built there)
#
# Setups (SETUPS, in this order, the order reversed on every other round so they share the noise):
#   direct   one node on PostgreSQL, load_gen straight at it
#   proxy1   the same node behind HAProxy
#   proxy2   two nodes (node1, node2) on one database behind HAProxy
#   proxy3   three nodes behind HAProxy
# HAProxy runs docs/cluster/haproxy.cfg itself (the server lines of nodes not started are dropped; its
# log goes to a file), so the bench measures the configuration operators deploy. Through the proxy,
# load_gen runs with --route-by-room: a room's creator opens /ws (round robin), its three other seats
# /ws?room=CODE (the code's hash), and a seat answered room_elsewhere asks again with &node=HOLDER, as
# the web client does. Each setup gets a fresh database on a PostgreSQL started by
# bench/pg_bench_server.sh (fsync and synchronous_commit on) in $PG_DIR (default BUILD_DIR/bench/load/
# cluster/pg), stopped at the end.
#
# Scenarios (SCENARIOS="paced sat"): paced, ROOMS=2500 rooms x 4 at RATE=1 command/s per room, WARMUP=30 s
# then DURATION=60 s measured; sat, SAT_ROOMS=200 rooms as fast as they may for SAT_DURATION=30 s.
# ROUNDS=2 rounds of every setup and scenario. SERVER_THREADS=2 (--threads of each node),
# LOADGEN_THREADS=2, NO_BUILD=1 (use the binaries as they are), QUIET_WAIT=300 (seconds, at most, to wait
# for the 1-minute load average to drop below 1.0).
# Reported per run: commands/s, latency, the CPU of the nodes (each and summed), HAProxy and PostgreSQL
# (from /proc), commands per second of all nodes' CPU, and which node held how many rooms.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(cd "${1:-$root/build/test}" && pwd)"
SETUPS="${SETUPS:-direct proxy1 proxy2 proxy3}"
SCENARIOS="${SCENARIOS:-paced sat}"
ROUNDS="${ROUNDS:-2}"
ROOMS="${ROOMS:-2500}"
RATE="${RATE:-1}"
WARMUP="${WARMUP:-30}"
DURATION="${DURATION:-60}"
SAT_ROOMS="${SAT_ROOMS:-200}"
SAT_DURATION="${SAT_DURATION:-30}"
SERVER_THREADS="${SERVER_THREADS:-2}"
LOADGEN_THREADS="${LOADGEN_THREADS:-2}"
QUIET_WAIT="${QUIET_WAIT:-300}"
haproxy="${HAPROXY:-/usr/sbin/haproxy}"
cfg_source="$root/docs/cluster/haproxy.cfg"

out="$build/bench/load/cluster"
mkdir -p "$out"
pg_dir="${PG_DIR:-$out/pg}"
pg_script="$root/bench/pg_bench_server.sh"
cpu_script="$root/bench/proc_cpu.sh"
log() { printf '== %s\n' "$*" >&2; }

[[ -x "$haproxy" ]] || { echo "run_cluster_load.sh: no HAProxy at $haproxy (apt-get install haproxy, or set HAPROXY)" >&2; exit 1; }
[[ -f "$cfg_source" ]] || { echo "run_cluster_load.sh: $cfg_source is missing" >&2; exit 1; }
if [[ "${NO_BUILD:-0}" != 1 ]]; then
  log "building load_gen and catan-server in $build"
  cmake --build "$build" --target load_gen catan-server
fi
load_gen="$build/bench/load/load_gen"
server="$build/catan-server"

need=$(( 4 * (ROOMS > SAT_ROOMS ? ROOMS : SAT_ROOMS) + 500 ))
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
[[ "$(ulimit -n)" == unlimited || "$(ulimit -n)" -ge $(( 2 * need )) ]] || {
  echo "run_cluster_load.sh: open-file limit $(ulimit -n) < $(( 2 * need )) (HAProxy holds both ends)" >&2; exit 1; }

node_pids=()
proxy_pid=""
pg_started=""
cleanup() {
  local p
  for p in "${node_pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  [[ -z "$proxy_pid" ]] || kill -TERM "$proxy_pid" 2>/dev/null || true
  [[ -z "$pg_started" ]] || "$pg_script" stop "$pg_dir" || true
}
trap cleanup EXIT

free_port() {
  local p
  for _ in $(seq 1 50); do
    p=$(( 20000 + RANDOM % 10000 ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  echo "no free loopback port" >&2; exit 1
}

# Starts node$1 on database URL $2 (log $3); its port in node_port.
node_port=""
start_node() {
  local name="node$1" url="$2" logf="$3" portfile="$out/node$1.port" i pid
  rm -f "$portfile"
  "$server" serve --listen 127.0.0.1:0 --port-file "$portfile" --threads "$SERVER_THREADS" --log-level warn \
    --data "$url" --node "$name" --no-notify --trusted-proxy 127.0.0.1 \
    --max-connections-per-ip 100000 --max-connections "$need" --max-rooms 1000000 --lookup-rate 0 \
    --allow-client-seeds --room-create-burst 1000000 >"$logf" 2>&1 &
  pid=$!
  node_pids+=("$pid")
  for i in $(seq 1 400); do
    [[ -s "$portfile" ]] && break
    kill -0 "$pid" 2>/dev/null || { echo "$name exited at start; see $logf" >&2; exit 1; }
    sleep 0.05
  done
  [[ -s "$portfile" ]] || { echo "$name wrote no port file in 20 s; see $logf" >&2; exit 1; }
  node_port="$(tr -dc 0-9 <"$portfile")"
}

# docs/cluster/haproxy.cfg for $1 nodes: the lines naming nodes above $1 dropped, and its connection cap
# (global maxconn) lowered to what this process's descriptor limit holds (two descriptors a connection):
# HAProxy refuses to raise its limit past the hard one and otherwise caps connections far lower.
proxy_config() {
  local n="$1" k maxconn
  maxconn=$(( ($(ulimit -n) - 200) / 2 ))
  local edits=(-e "s/^\( *maxconn \)[0-9]*$/\1$maxconn/")
  for k in 1 2 3; do (( k > n )) && edits+=(-e "/server node$k /d" -e "/use-server node$k /d"); done
  sed "${edits[@]}" "$cfg_source"
}

stop_all() {
  local p rc
  for p in "${node_pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${node_pids[@]}"; do
    rc=0; timeout 20 tail --pid="$p" -f /dev/null || kill -KILL "$p" 2>/dev/null || true
    wait "$p" || rc=$?
    [[ $rc -eq 0 ]] || echo "node pid $p exited with $rc after SIGTERM (expected 0)" >&2
  done
  node_pids=()
  if [[ -n "$proxy_pid" ]]; then kill -TERM "$proxy_pid" 2>/dev/null || true; wait "$proxy_pid" 2>/dev/null || true; proxy_pid=""; fi
  sleep 2  # let the kernel close the sockets
}

result() { grep '^RESULT ' "$1" | tail -1 | cut -d' ' -f2-; }
field() { tr ' ' '\n' <<<"$1" | sed -n "s/^$2=//p"; }

# One run: setup $1, scenario $2, round $3.
one_run() {
  local setup="$1" scenario="$2" round="$3" name="$2-$1-r$3" nodes=1 i port target
  local db="cl_${scenario}_${setup}_r${round}"
  [[ "$setup" == proxy* ]] && nodes="${setup#proxy}"
  local url; url="$("$pg_script" newdb "$pg_dir" "$db")"
  local ports=()
  for i in $(seq 1 "$nodes"); do start_node "$i" "$url" "$out/$name.node$i.log"; ports+=("$node_port"); done
  local args=(--port "${ports[0]}" --pid "${node_pids[0]}")
  local probes=(--cpu-probe "pg=$pg_script cpu $pg_dir")
  for i in $(seq 2 "$nodes"); do probes+=(--cpu-probe "node$i=$cpu_script ${node_pids[$((i - 1))]}"); done
  if [[ "$setup" == proxy* ]]; then
    proxy_config "$nodes" >"$out/$name.haproxy.cfg"
    port="$(free_port)"
    CATAN_LISTEN="127.0.0.1:$port" CATAN_NODE1="127.0.0.1:${ports[0]}" CATAN_NODE2="127.0.0.1:${ports[1]:-1}" \
      CATAN_NODE3="127.0.0.1:${ports[2]:-1}" "$haproxy" -db -f "$out/$name.haproxy.cfg" >"$out/$name.haproxy.log" 2>&1 &
    proxy_pid=$!
    sleep 3  # HAProxy's first health checks
    kill -0 "$proxy_pid" 2>/dev/null || { echo "haproxy exited at start; see $out/$name.haproxy.log" >&2; exit 1; }
    args=(--port "$port" --pid "${node_pids[0]}" --route-by-room)
    probes+=(--cpu-probe "haproxy=$cpu_script $proxy_pid")
  fi
  local rooms="$ROOMS" rate="$RATE" warmup="$WARMUP" duration="$DURATION"
  [[ "$scenario" == sat ]] && { rooms="$SAT_ROOMS"; rate=0; warmup=5; duration="$SAT_DURATION"; }
  log "$name: $nodes node(s)$([[ "$setup" == proxy* ]] && echo " behind HAProxy"), $rooms rooms at $rate cmd/s/room"
  timeout $(( duration + warmup + 700 )) "$load_gen" play "${args[@]}" --rooms "$rooms" --rate "$rate" \
    --threads "$LOADGEN_THREADS" --warmup "$warmup" --duration "$duration" --progress 5 "${probes[@]}" \
    >"$out/$name.txt" 2>"$out/$name.progress.txt" || true
  # Which node holds how many rooms, before the clean stops free every lease.
  "$pg_script" sql "$pg_dir" "$db" "SELECT coalesce(owner, '-') || ':' || count(*) FROM rooms GROUP BY owner ORDER BY owner" \
    | tr '\n' ' ' >"$out/$name.owners.txt" || true
  # The nodes' connections to the database (this query's own left out).
  echo "db connections: $("$pg_script" sql "$pg_dir" "$db" "SELECT count(*) - 1 FROM pg_stat_activity WHERE datname = current_database()")" \
    >>"$out/$name.owners.txt" || true
  stop_all
  grep -E 'latency|commands:|errors|RESULT|routed|CPU' "$out/$name.txt" || true
  echo "rooms by node: $(cat "$out/$name.owners.txt")"
}

for i in $(seq 1 "$QUIET_WAIT"); do
  awk '{ exit !($1 < 1.0) }' /proc/loadavg && break
  (( i % 30 == 1 )) && log "waiting for a quieter machine: load average $(cut -d' ' -f1-3 /proc/loadavg)"
  sleep 1
done
load_start="$(cut -d' ' -f1-3 /proc/loadavg)"
date_start="$(date -u '+%Y-%m-%d %H:%M UTC')"
log "starting PostgreSQL in $pg_dir"
"$pg_script" start "$pg_dir" >/dev/null
pg_started=1

names=()
for round in $(seq 1 "$ROUNDS"); do
  order="$SETUPS"
  (( round % 2 == 0 )) && order="$(tr ' ' '\n' <<<"$SETUPS" | tac | tr '\n' ' ')"
  for scenario in $SCENARIOS; do
    for setup in $order; do
      one_run "$setup" "$scenario" "$round"
      names+=("$scenario-$setup-r$round")
    done
  done
done

echo
echo "Summary ($date_start to $(date -u '+%H:%M UTC'); $(nproc) cores; each node --threads $SERVER_THREADS; PostgreSQL on the same machine;" \
  "load average at start $load_start, at end $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-22s %9s %22s %8s %30s %8s %8s %9s %s\n' run "cmd/s" "p50/p99/p999 us" "nodes%" "each node %" "proxy%" "pg%" "cmd/core" "errors/gaps/stalls/retries; rooms by node"
for name in "${names[@]}"; do
  r="$(result "$out/$name.txt")"
  [[ -n "$r" ]] || { echo "$name: no result (see $out/$name.txt)"; continue; }
  n1="$(field "$r" server_cpu_pct)"; n2="$(field "$r" node2_cpu_pct)"; n3="$(field "$r" node3_cpu_pct)"
  awk -v name="$name" -v cps="$(field "$r" cmds_per_s)" -v p50="$(field "$r" p50_us)" -v p99="$(field "$r" p99_us)" \
      -v p999="$(field "$r" p999_us)" -v n1="$n1" -v n2="${n2:-0}" -v n3="${n3:-0}" -v hp="$(field "$r" haproxy_cpu_pct)" \
      -v pg="$(field "$r" pg_cpu_pct)" -v e="$(field "$r" errors)/$(field "$r" gaps)/$(field "$r" stalls)/$(field "$r" elsewhere_retries)" \
      -v own="$(cat "$out/$name.owners.txt" 2>/dev/null)" \
    'BEGIN { nodes = n1 + n2 + n3; each = n1 (n2 > 0 ? "+" n2 : "") (n3 > 0 ? "+" n3 : "");
             printf "%-22s %9.0f %22s %8.1f %30s %8s %8s %9.0f %s; %s\n", name, cps, p50 "/" p99 "/" p999, nodes, each,
                    (hp == "" ? "-" : hp), pg, (nodes > 0 ? cps / (nodes / 100) : 0), e, own }'
done
echo "raw outputs: $out"
