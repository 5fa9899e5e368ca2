#!/usr/bin/env bash
# Chat flood against one room: 4 bots play at $RATE commands/s while $CHATTERS
# spectators of the same room (one address, 127.0.0.1) each send $CHAT_RATE chat lines/s, each under
# the per-connection limit. Prints load_gen's report: the players' command latency (send -> seen by
# all 4) is the figure; run once with CHATTERS=0 for the quiet baseline.
#
#   bench/run_chat_flood.sh SERVER_BINARY [extra serve flags...]
#
# Knobs (environment): CHATTERS=60 CHAT_RATE=16 RATE=10 ROOMS=1 DURATION=30 WARMUP=5 SERVER_THREADS=2
# LOAD_GEN=build/test/bench/load/load_gen (build it with: ninja -C build/test load_gen)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
server="$1"
shift
load_gen="${LOAD_GEN:-$root/build/test/bench/load/load_gen}"
CHATTERS="${CHATTERS:-60}" CHAT_RATE="${CHAT_RATE:-16}" RATE="${RATE:-10}" ROOMS="${ROOMS:-1}"
DURATION="${DURATION:-30}" WARMUP="${WARMUP:-5}" SERVER_THREADS="${SERVER_THREADS:-2}"

dir="$(mktemp -d)"
server_pid=""
cleanup() {
  [[ -z "$server_pid" ]] || kill -TERM "$server_pid" 2>/dev/null || true
  [[ -z "$server_pid" ]] || wait "$server_pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
"$server" serve --listen 127.0.0.1:0 --port-file "$dir/port" --data "$dir/catan.db" --threads "$SERVER_THREADS" \
  --log-level warn --max-connections-per-ip 100000 "$@" >"$dir/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 200); do [[ -s "$dir/port" ]] && break; sleep 0.05; done
[[ -s "$dir/port" ]] || { echo "catan-server wrote no port file; its log:" >&2; cat "$dir/server.log" >&2; exit 1; }
port="$(tr -dc 0-9 <"$dir/port")"
timeout $(( DURATION + WARMUP + 120 )) "$load_gen" play --port "$port" --pid "$server_pid" --threads 1 --rooms "$ROOMS" \
  --rate "$RATE" --chatters "$CHATTERS" --chat-rate "$CHAT_RATE" --duration "$DURATION" --warmup "$WARMUP" --client-rate 19 --client-burst 20
