#!/usr/bin/env bash
# Replay hammering: a room's command latency while 32 clients ask for its replay
# record over and over, on an old and a new catan-server in the same run (the machine is shared and
# noisy: compare the runs of one invocation, not absolute times).
#
#   bench/run_replay_hammer.sh OLD_SERVER NEW_SERVER [LOAD_GEN]
#
# Each scenario gets a fresh server (--no-persist, --threads 2) and `load_gen play` with ROOMS rooms x 4
# bots at RATE commands/s per room, WARMUP s then DURATION s measured; --replay-clients 32 hammer the
# first room's record from the warm-up on. Scenarios, RUNS times in turn:
#   old-quiet   the old server, no hammering          old-hammer  the old server, hammered
#   new-hammer  the new server with its default limits (the hammer is refused past its budget)
#   new-open    the new server with the replay limits off: every request is answered (off-executor
#               builds and the shared record alone)
# The new server runs with --lookup-rate 0: every bot of the load tool connects from 127.0.0.1.
# Knobs: ROOMS=20 RATE=10 WARMUP=20 DURATION=30 RUNS=2 CLIENTS=32
set -euo pipefail
old="$1"; new="$2"
root="$(cd "$(dirname "$0")/.." && pwd)"
load_gen="${3:-$root/build/test/bench/load/load_gen}"
ROOMS="${ROOMS:-20}"; RATE="${RATE:-10}"; WARMUP="${WARMUP:-20}"; DURATION="${DURATION:-30}"; RUNS="${RUNS:-2}"; CLIENTS="${CLIENTS:-32}"
out="$(mktemp -d /tmp/replay_hammer.XXXXXX)"
pid=""
trap '[[ -z "$pid" ]] || kill "$pid" 2>/dev/null || true' EXIT

run() {  # $1 name, $2 server binary, $3 replay clients, rest: server flags
  local name="$1" bin="$2" clients="$3"; shift 3
  rm -f "$out/$name.port"
  "$bin" serve --listen 127.0.0.1:0 --port-file "$out/$name.port" --no-persist --threads 2 --log-level warn \
    --max-connections-per-ip 100000 "$@" >"$out/$name.server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do [[ -s "$out/$name.port" ]] && break; sleep 0.05; done
  timeout $(( WARMUP + DURATION + 120 )) "$load_gen" play --port "$(cat "$out/$name.port")" --pid "$pid" --rooms "$ROOMS" \
    --rate "$RATE" --warmup "$WARMUP" --duration "$DURATION" --replay-clients "$clients" >"$out/$name.txt" 2>&1 || true
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  local r; r="$(grep '^RESULT ' "$out/$name.txt" | cut -d' ' -f2-)"
  f() { tr ' ' '\n' <<<"$r" | sed -n "s/^$1=//p"; }
  printf '%-14s %10s %10s %12s %12s %10s %10s %9s %8s\n' "$name" "$(f target_p50_us)" "$(f target_p99_us)" \
    "$(f p50_us)" "$(f p99_us)" "$(f replay_ok)" "$(f replay_refused)" "$(f replay_mb)" "$(f server_cpu_pct)"
  sleep 1
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); rooms $ROOMS x $RATE cmd/s, $CLIENTS replay clients, ${WARMUP}+${DURATION} s"
printf '%-14s %10s %10s %12s %12s %10s %10s %9s %8s\n' scenario "room p50" "room p99" "others p50" "others p99" records refused "MB sent" "CPU %"
printf '%-14s %10s %10s %12s %12s %10s %10s %9s %8s\n' "" us us us us "" "" "" "of core"
for i in $(seq 1 "$RUNS"); do
  run "old-quiet-$i" "$old" 0
  run "old-hammer-$i" "$old" "$CLIENTS"
  run "new-hammer-$i" "$new" "$CLIENTS" --lookup-rate 0
  run "new-open-$i" "$new" "$CLIENTS" --lookup-rate 0 --replay-rate 0 --replay-total-rate 0
done
echo "load average at the end $(cut -d' ' -f1-3 /proc/loadavg); raw outputs: $out"
