#!/usr/bin/env bash
# Engine speed side by side (issue 12, "Speed"): random games per second of a baseline commit and of
# the current checkout, built the same way and measured in the same run, alternating, on one core.
#
#   bench/engine_speed.sh [options] [BASE_COMMIT]
#     BASE_COMMIT            baseline (default $BASE or f03cf01, the engine issue 12 measures against)
#     --runs N               runs of each version, alternating base, head, base, head ... (default 5)
#     --core C               CPU to pin both to with taskset (default 0)
#     --min-time S           --benchmark_min_time of each run, seconds (default 3)
#     --players "2 3 4"      player counts to measure (default 4; each is its own set of runs)
#     --accept-workload-diff go on although BM_RandomGame or the random player differ (read the diff!)
#   Environment: RUNS, CORE, MIN_TIME, PLAYERS, BASE as the options; SPEED_CMAKE_ARGS extra cmake
#   arguments given to BOTH builds (the project has no LTO/PGO option today: CMakeLists.txt offers
#   only CATAN_WERROR, CATAN_BUILD_TESTS, CATAN_BUILD_BENCH, CATAN_SANITIZE and CATAN_FUZZ).
#
# Builds (kept for the next run, ccache used when installed):
#   build/speed/base-src  temporary `git worktree add --detach` of BASE_COMMIT, removed on exit
#   build/speed/base      its Release build of engine_bench
#   build/speed/head      Release build of engine_bench from this checkout (uncommitted changes included)
# Raw Google Benchmark JSON of every run: build/speed/runs/.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

base="${BASE:-f03cf01}"
runs="${RUNS:-5}"
core="${CORE:-0}"
min_time="${MIN_TIME:-3}"
players="${PLAYERS:-4}"
accept_diff=0
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --core) core="$2"; shift 2 ;;
        --min-time) min_time="$2"; shift 2 ;;
        --players) players="$2"; shift 2 ;;
        --accept-workload-diff) accept_diff=1; shift ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        -*) echo "engine_speed.sh: unknown option $1" >&2; exit 2 ;;
        *) base="$1"; shift ;;
    esac
done
case "$runs" in ''|*[!0-9]*|0) echo "engine_speed.sh: --runs must be a positive integer" >&2; exit 2 ;; esac
for p in $players; do
    case "$p" in 2|3|4) ;; *) echo "engine_speed.sh: --players takes 2, 3 and/or 4, not '$p'" >&2; exit 2 ;; esac
done

base_sha="$(git rev-parse --verify "$base^{commit}")"
head_desc="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- && echo '' || echo '+uncommitted')"
speed="build/speed"
base_src="$speed/base-src"
mkdir -p "$speed/runs"

cleanup() { git worktree remove --force "$base_src" 2>/dev/null || true; rm -rf "$base_src"; git worktree prune; }
trap cleanup EXIT
cleanup  # a worktree left by an interrupted run
git worktree add --detach --quiet "$base_src" "$base_sha"

# --- The same workload at both commits -------------------------------------------------------------
# What was verified by reading the code (f03cf01 and main at 58ba9b6), and what this check keeps true:
# BM_RandomGame (bench/engine_bench.cpp) times, per iteration, one whole game: new_game(o) with seed
# 1, 2, 3 ... (board, deck and first player generated inside the timed loop), then
# sim::play_random_game(s, chooser, kDefaultTurnCap = 1000): the seat to act picks uniformly
# (Rng::below, unbiased) among legal_actions(), which never lists domestic offers (ProposeTrade /
# CounterTrade have unbounded terms and are not enumerated, engine.hpp), apply() without events,
# until GameOver or turn > 1000. It reports SetItemsProcessed(iterations), so items_per_second is
# games per second (one iteration = one game). The function and src/sim/random_game.* are identical
# in f03cf01 and 58ba9b6; the engine between them only gained hex_produced events, emitted when an
# event list is passed (never in this benchmark).
# The check below compares the benchmark function and the random player's source between the two
# commits; the rules engine itself may change (that is what is being measured), but then saved games
# must still replay identically (tests/engine), which is what keeps "a random game" the same game.
bench_fn() {  # the text of BM_RandomGame and its BENCHMARK line in a bench/engine_bench.cpp on stdin
    awk '/^void BM_RandomGame\(/{on=1} on{print} on&&/^BENCHMARK\(BM_RandomGame\)/{exit}'
}
workload_diff="$(
    diff <(git show "$base_sha:bench/engine_bench.cpp" | bench_fn) <(bench_fn < bench/engine_bench.cpp) || true
    for f in src/sim/random_game.cpp include/catan/sim/random_game.hpp; do
        if [ -f "$f" ]; then
            diff <(git show "$base_sha:$f" 2>/dev/null || true) "$f" || true
        else
            echo "$f: gone at head"
        fi
    done
)"
if [ -n "$workload_diff" ]; then
    echo "BM_RandomGame or the random player differ between $base and the checkout:" >&2
    echo "$workload_diff" >&2
    if [ "$accept_diff" != 1 ]; then
        echo "engine_speed.sh: not the same workload; rerun with --accept-workload-diff once you have checked" \
             "that a random game is still uniform over legal actions, no domestic offers, 1000-turn cap," \
             "board generation inside the timed loop, one iteration = one game" >&2
        exit 1
    fi
    echo "(accepted with --accept-workload-diff)" >&2
else
    echo "workload: BM_RandomGame and src/sim/random_game.* identical at $base and the checkout"
fi

# --- Builds: Release, the same flags for both -------------------------------------------------------
cmake_args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DCATAN_BUILD_TESTS=OFF -DCATAN_BUILD_BENCH=ON -DCATAN_WERROR=OFF)
if command -v ccache >/dev/null; then
    cmake_args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}"
fi
# shellcheck disable=SC2206  # word splitting of the extra arguments is what is wanted
cmake_args+=(${SPEED_CMAKE_ARGS:-})
jobs="${JOBS:-2}"
build() {  # source dir, build dir
    echo "building engine_bench: $1 -> $2"
    cmake -S "$1" -B "$2" "${cmake_args[@]}" >"$2.configure.log" 2>&1 || { cat "$2.configure.log" >&2; exit 1; }
    ninja -C "$2" -j"$jobs" engine_bench >"$2.build.log" 2>&1 || { tail -50 "$2.build.log" >&2; exit 1; }
}
mkdir -p "$speed/base" "$speed/head"
build "$base_src" "$speed/base"
build . "$speed/head"

for v in base head; do
    for p in $players; do
        "$speed/$v/bench/engine_bench" --benchmark_list_tests --benchmark_filter="BM_RandomGame/players:$p\$" \
            | grep -qx "BM_RandomGame/players:$p" \
            || { echo "engine_speed.sh: $v has no BM_RandomGame/players:$p" >&2; exit 1; }
    done
done

# --- Runs: alternating, pinned ----------------------------------------------------------------------
pin=()
if command -v taskset >/dev/null; then
    pin=(taskset -c "$core")
else
    echo "warning: taskset not found, runs are NOT pinned to a core" >&2
fi
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
for p in $players; do
    for i in $(seq 1 "$runs"); do
        for v in base head; do
            out="$speed/runs/$stamp-p$p-$v-$i.json"
            "${pin[@]}" "$speed/$v/bench/engine_bench" --benchmark_filter="BM_RandomGame/players:$p\$" \
                --benchmark_min_time="$min_time" --benchmark_format=json >"$out" 2>/dev/null
            printf '  players %s run %s %-4s %s\n' "$p" "$i" "$v" \
                "$(jq -r '.benchmarks[0] | "\(.items_per_second | floor) games/s  \(.turns_per_game | floor) turns/game  \(.iterations) games"' "$out")"
        done
    done
done

# --- Figures ----------------------------------------------------------------------------------------
# items_per_second is games/s (SetItemsProcessed(iterations)); checked present, else 1e6 / real_time (us).
echo
echo "base $base ($(git rev-parse --short "$base_sha")) vs head $head_desc; $runs runs each," \
     "min_time $min_time s, ${pin[*]:-unpinned}, $(uname -m), $(nproc) cores"
for p in $players; do
    python3 - "$p" "$speed/runs/$stamp-p$p" <<'EOF'
import json, statistics, sys, glob
players, prefix = sys.argv[1], sys.argv[2]
def games_per_s(path):
    b = json.load(open(path))["benchmarks"][0]
    if "items_per_second" in b:
        return b["items_per_second"]
    assert b["time_unit"] == "us", b["time_unit"]
    return 1e6 / b["real_time"]
med = {}
print(f"BM_RandomGame/players:{players}   games/s   min      median   max")
for v in ("base", "head"):
    xs = sorted(games_per_s(f) for f in glob.glob(f"{prefix}-{v}-*.json"))
    med[v] = statistics.median(xs)
    print(f"  {v:4}                        {xs[0]:8.0f} {med[v]:8.0f} {xs[-1]:8.0f}")
print(f"  ratio of medians head/base: {med['head'] / med['base']:.3f}")
EOF
done
