#!/usr/bin/env bash
# Profile-guided build of the engine (GCC), in one build tree (docs/performance.md, "Build options:
# LTO and PGO"):
#   1. configure with -DCATAN_PGO=generate and build engine_pgo_train (the engine and the simulator
#      instrumented, profiles written to <build>/pgo-profile, emptied first);
#   2. run engine_pgo_train: random games of every variant, seeds other than the benchmark's;
#   3. configure with -DCATAN_PGO=use and build TARGETS with the profiles (-fprofile-use
#      -fprofile-partial-training), LTO on as in any Release build.
#
#   scripts/pgo_build.sh [-B BUILD_DIR] [--games N] [TARGET ...] [-- CMAKE_ARG ...]
#     -B BUILD_DIR   build tree (default build/pgo)
#     --games N      training games per variant (default 4000: about 2 s a variant)
#     TARGET ...     what to build with the profiles (default catan-server)
#     -- CMAKE_ARG   anything else for cmake, e.g. -- -DCATAN_BUILD_TESTS=OFF -DCATAN_BUILD_BENCH=ON
# The profiles are deterministic (same games, same counts) but stay in the build tree, out of git.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build/pgo"
games=4000
targets=()
cmake_extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        -B) build="$2"; shift 2 ;;
        --games) games="$2"; shift 2 ;;
        --) shift; cmake_extra=("$@"); break ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        -*) echo "pgo_build.sh: unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(catan-server)
case "$games" in ''|*[!0-9]*|0) echo "pgo_build.sh: --games must be a positive integer" >&2; exit 2 ;; esac
jobs="${JOBS:-2}"
build="$(realpath -m "$build")"
profile="$build/pgo-profile"
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}"

configure() {  # CATAN_PGO value
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCATAN_PGO="$1" \
        -DCATAN_PGO_DIR="$profile" "${cmake_extra[@]}" >/dev/null
}
echo "pgo_build.sh: 1/3 instrumented build in $build"
configure generate
ninja -C "$build" -j"$jobs" engine_pgo_train
rm -rf "$profile"
mkdir -p "$profile"
echo "pgo_build.sh: 2/3 training, $games games per variant"
"$build/engine_pgo_train" --games "$games"
echo "pgo_build.sh: 3/3 optimised build of ${targets[*]} from $(find "$profile" -name '*.gcda' | wc -l) profiles"
configure use
ninja -C "$build" -j"$jobs" "${targets[@]}"
