#!/usr/bin/env bash
# Engine speed side by side (docs/performance.md): random games per second of a baseline commit and of
# the current checkout, measured in the same run, alternating, on one core. The baseline is built as
# it was (plain Release: -O3, no LTO, no PGO); the checkout with the project's fast configuration
# (--head-build), which is what "today's engine vs ours" compares. Each side's flags are printed.
#
#   bench/engine_speed.sh [options] [BASE_COMMIT]
#     BASE_COMMIT            baseline (default $BASE or f03cf01, the engine the 1.5x target compares with)
#     --runs N               runs of each version, alternating base, head, base, head ... (default 5)
#     --core C               CPU to pin both to with taskset (default 0)
#     --min-time S           --benchmark_min_time of each run, seconds (default 3)
#     --players "2 3 4"      player counts to measure (default 4; each is its own set of runs); a count
#                            the baseline does not play (5, 6) is measured at head only, and with 4 in
#                            the list its games/s are also given as a share of head's 4-player figure
#     --head-build B         how the checkout is built: lto (default: Release with CATAN_LTO=ON, as
#                            any Release build of the project), pgo (LTO + scripts/pgo_build.sh's
#                            profile-guided build) or plain (Release, CATAN_LTO=OFF: the baseline's flags)
#     --accept-workload-diff go on although BM_RandomGame or the random player differ (read the diff!)
#   Environment: RUNS, CORE, MIN_TIME, PLAYERS, BASE, HEAD_BUILD as the options; SPEED_CMAKE_ARGS extra
#   cmake arguments given to BOTH builds.
#
# Builds (kept for the next run, ccache used when installed):
#   build/speed/base-src  temporary `git worktree add --detach` of BASE_COMMIT, removed on exit
#   build/speed/base      its plain Release build of engine_bench
#   build/speed/head      engine_bench from this checkout (uncommitted changes included), --head-build
# Raw Google Benchmark JSON of every run: build/speed/runs/.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

base="${BASE:-f03cf01}"
runs="${RUNS:-5}"
core="${CORE:-0}"
min_time="${MIN_TIME:-3}"
players="${PLAYERS:-4}"
head_build="${HEAD_BUILD:-lto}"
accept_diff=0
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --core) core="$2"; shift 2 ;;
        --min-time) min_time="$2"; shift 2 ;;
        --players) players="$2"; shift 2 ;;
        --head-build) head_build="$2"; shift 2 ;;
        --accept-workload-diff) accept_diff=1; shift ;;
        -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
        -*) echo "engine_speed.sh: unknown option $1" >&2; exit 2 ;;
        *) base="$1"; shift ;;
    esac
done
case "$runs" in ''|*[!0-9]*|0) echo "engine_speed.sh: --runs must be a positive integer" >&2; exit 2 ;; esac
for p in $players; do
    case "$p" in 2|3|4|5|6) ;; *) echo "engine_speed.sh: --players takes 2 to 6, not '$p'" >&2; exit 2 ;; esac
done
case "$head_build" in lto|pgo|plain) ;; *) echo "engine_speed.sh: --head-build is lto, pgo or plain, not '$head_build'" >&2; exit 2 ;; esac

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

# --- Builds: the baseline as it was, the checkout in its fast configuration --------------------------
cmake_args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DCATAN_BUILD_TESTS=OFF -DCATAN_BUILD_BENCH=ON -DCATAN_WERROR=OFF)
if command -v ccache >/dev/null; then
    cmake_args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}"
fi
# shellcheck disable=SC2206  # word splitting of the extra arguments is what is wanted
cmake_args+=(${SPEED_CMAKE_ARGS:-})
jobs="${JOBS:-2}"
build() {  # source dir, build dir, extra cmake arguments ...
    local src="$1" dir="$2"
    shift 2
    echo "building engine_bench: $src -> $dir"
    cmake -S "$src" -B "$dir" "${cmake_args[@]}" "$@" >"$dir.configure.log" 2>&1 || { cat "$dir.configure.log" >&2; exit 1; }
    ninja -C "$dir" -j"$jobs" engine_bench >"$dir.build.log" 2>&1 || { tail -50 "$dir.build.log" >&2; exit 1; }
}
flags_of() {  # build dir: the compile flags of an engine source and the link flags of engine_bench
    python3 - "$1" <<'EOF'
import json, shlex, subprocess, sys
d = sys.argv[1]
def flags(args):
    out, skip = [], False
    for a in args[1:]:
        if skip:
            skip = False
        elif a in ("-o", "-c", "-MF", "-MT", "-isystem"):
            skip = True
        elif a.startswith("-") and not a.startswith(("-I", "-W", "-MD", "-L", "-l")) \
                and (not a.startswith("-D") or a == "-DNDEBUG"):
            out.append(a)
    return " ".join(out)
cc = [c for c in json.load(open(f"{d}/compile_commands.json")) if "/src/engine/" in c["file"]]
print("    engine sources:", flags(shlex.split(cc[0]["command"].replace("ccache ", ""))) if cc else "?")
lines = subprocess.run(["ninja", "-C", d, "-t", "commands", "bench/engine_bench"],
                       capture_output=True, text=True).stdout.strip().splitlines()
link = [part for l in lines for part in l.split(" && ") if " -o bench/engine_bench " in part]
print("    engine_bench link:", flags(shlex.split(link[-1])) if link else "?")
EOF
}
mkdir -p "$speed/base" "$speed/head"
# CATAN_LTO/CATAN_PGO are passed off for a baseline new enough to have them (f03cf01 has neither:
# cmake then just notes them unused), so the baseline is plain Release whatever commit it is.
build "$base_src" "$speed/base" -DCATAN_LTO=OFF -DCATAN_PGO=
case "$head_build" in
    plain) build . "$speed/head" -DCATAN_LTO=OFF -DCATAN_PGO= ;;
    lto) build . "$speed/head" -DCATAN_LTO=ON -DCATAN_PGO= ;;
    pgo)
        echo "building engine_bench: . -> $speed/head (scripts/pgo_build.sh, LTO + PGO)"
        scripts/pgo_build.sh -B "$speed/head" engine_bench -- "${cmake_args[@]:2}" -DCATAN_LTO=ON \
            >"$speed/head.build.log" 2>&1 || { tail -50 "$speed/head.build.log" >&2; exit 1; }
        ;;
esac
echo "base $base, plain Release:"
flags_of "$speed/base"
echo "head $head_desc, --head-build $head_build:"
flags_of "$speed/head"

has_bench() {  # version, players
    "$speed/$1/bench/engine_bench" --benchmark_list_tests --benchmark_filter="BM_RandomGame/players:$2\$" 2>/dev/null \
        | grep -qx "BM_RandomGame/players:$2"
}
for p in $players; do
    has_bench head "$p" || { echo "engine_speed.sh: head has no BM_RandomGame/players:$p" >&2; exit 1; }
    if ! has_bench base "$p"; then
        case "$p" in
            5|6) echo "players $p: the baseline has no BM_RandomGame/players:$p, measured at head only" ;;
            *) echo "engine_speed.sh: base has no BM_RandomGame/players:$p" >&2; exit 1 ;;
        esac
    fi
done

# --- Runs: alternating, pinned ----------------------------------------------------------------------
pin=()
if command -v taskset >/dev/null; then
    pin=(taskset -c "$core")
else
    echo "warning: taskset not found, runs are NOT pinned to a core" >&2
fi
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
# Round after round, every player count and both versions in each, so that a slow spell of the
# machine falls on all of them alike.
for i in $(seq 1 "$runs"); do
    for p in $players; do
        for v in base head; do
            has_bench "$v" "$p" || continue
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
echo "base $base ($(git rev-parse --short "$base_sha"), plain Release) vs head $head_desc (--head-build $head_build);" \
     "$runs runs each, min_time $min_time s, ${pin[*]:-unpinned}, $(uname -m), $(nproc) cores"
python3 - "$speed/runs/$stamp" $players <<'EOF'
import json, statistics, sys, glob
prefix, players = sys.argv[1], sys.argv[2:]
def games_per_s(path):
    b = json.load(open(path))["benchmarks"][0]
    if "items_per_second" in b:
        return b["items_per_second"]
    assert b["time_unit"] == "us", b["time_unit"]
    return 1e6 / b["real_time"]
med = {}
for p in players:
    print(f"BM_RandomGame/players:{p}   games/s   min      median   max")
    for v in ("base", "head"):
        xs = sorted(games_per_s(f) for f in glob.glob(f"{prefix}-p{p}-{v}-*.json"))
        if not xs:
            print(f"  {v:4}                        (not measured: no such benchmark)")
            continue
        med[p, v] = statistics.median(xs)
        print(f"  {v:4}                        {xs[0]:8.0f} {med[p, v]:8.0f} {xs[-1]:8.0f}")
    if (p, "base") in med:
        print(f"  ratio of medians head/base: {med[p, 'head'] / med[p, 'base']:.3f}")
    if p in ("5", "6") and ("4", "head") in med:
        print(f"  head {p} players / head 4 players (medians): {med[p, 'head'] / med['4', 'head']:.3f}")
EOF
