#!/usr/bin/env bash
# Builds a clang tree with sanitizers on every target and runs the C++ tests there; any sanitizer
# report (also from a catan-server the socket tests start) fails the run.
# Usage: scripts/sanitize.sh address|thread
#   address: build/asan, ASan + UBSan, and the fuzz targets (CATAN_FUZZ=ON, same objects: run them with
#            scripts/fuzz.sh build/asan). Runs the engine, proto, store, bots, room, gateway and socket
#            tests and the fuzz regression corpora; not the browser, schema and benchmark runs (node and
#            Chromium code, nothing of ours in C++ that the other tests do not cover).
#   thread:  build/tsan, TSan; the gateway and socket tests (the code with threads: executors, hub,
#            gateway, store, as the real server runs them: the socket tests play the instrumented
#            catan-server through whole games, restarts and kills). Not the room tests: most run a
#            room's tasks inline on the test's thread, and the threads some start (the store's writer,
#            concurrent joins) are the server's, which the socket tests drive; compiling their 32 files
#            instrumented cost about 4 minutes of each CI run.
# The socket tests (server_tests) only talk to a server process, so they are not rebuilt here: the
# release tree's binary (build/test, built if missing) runs against this tree's instrumented
# catan-server and catan-server-race ($CATAN_TEST_SERVER_BINARY, $CATAN_TEST_RACE_SERVER_BINARY).
# Reports go to <tree>/sanitizer-reports/ (one file per process) and are printed when a run fails.
# Both trees build without NDEBUG, so apply() asserts state_is_ok after every command there
# (CATAN_ASSERT_STATE, tests/engine/README.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mode="${1:?usage: scripts/sanitize.sh address|thread}"
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$root}"
jobs="$(nproc)"

case "$mode" in
  address) tree="$root/build/asan"; configure=(-DCATAN_SANITIZE=address,undefined -DCATAN_FUZZ=ON); targets=(all) ;;
  thread)  tree="$root/build/tsan"; configure=(-DCATAN_SANITIZE=thread); targets=(gateway_tests catan-server catan-server-race) ;;
  *) echo "error: unknown mode '$mode': use address or thread" >&2; exit 2 ;;
esac

# -O1: the sanitizers' own advice (fast enough to run, quick to compile, accurate stacks). Warnings
# are the GCC tree's job (-Werror there); clang's extra ones would only fail this tree.
cmake -S "$root" -B "$tree" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DCATAN_BUILD_TESTS=ON -DCATAN_BUILD_BENCH=OFF -DCATAN_SERVER_TESTS=OFF \
  "${configure[@]}" >/dev/null
cmake --build "$tree" -j "$jobs" --target "${targets[@]}"
release="$root/build/test"
if [[ ! -x "$release/tests/net/server_tests" ]]; then
  cmake -S "$root" -B "$release" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCATAN_BUILD_TESTS=ON >/dev/null
fi
cmake --build "$release" -j "$jobs" --target server_tests

reports="$tree/sanitizer-reports"
rm -rf "$reports" && mkdir -p "$reports"
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:check_initialization_order=1:strict_init_order=1:log_path=$reports/asan"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$reports/ubsan"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:log_path=$reports/tsan"
# Random games run 10-30 times slower here: the sanitizers look for memory and threading errors, which
# a share of the release stage's games meets as well (the fuzz_engine target plays on from there), so
# the property suites play fewer games per case, and the other many-games tests a tenth of theirs
# (tests/support/games_share.hpp).
export CATAN_PROPERTY_GAMES="${CATAN_PROPERTY_GAMES:-30}"
export CATAN_SEA_GAMES="${CATAN_SEA_GAMES:-10}"
export CATAN_TEST_GAMES_PERCENT="${CATAN_TEST_GAMES_PERCENT:-10}"

# Run in the uninstrumented (GCC) stage only: the descriptor test holds the server at a 256-descriptor
# limit, where the sanitizer runtimes themselves fail (UBSan's vptr check probes memory through a
# pipe and reports a false "invalid vptr", report files and the symbolizer cannot be opened); the
# slow-reader test bounds the server's RSS, which ASan's quarantine of freed memory inflates.
not_here='catan-server with 256 descriptors|64 slow readers sending sync'
# The whole-games schema test (label schema, left out of the ASan run with its validator) plays six
# games and writes ~100 MB for the schema check: its point is the schemas, checked in the GCC stage.
not_here="$not_here|Schemas: every message"
# Whether the strong bot beats the basic one is a statistic over hundreds of games (~400 s under ASan),
# and the strong bot's searches over whole Seafarers games took 150 s: both run in the release stage,
# and the bots' code runs here in the other bots tests (the strong bot's legal play among them).
if [[ "$mode" == address ]]; then
  not_here="$not_here|strong with a small playout budget beats basic|bots of every level play whole Seafarers games"
fi

status=0
cd "$tree"
if [[ "$mode" == address ]]; then
  ctest --output-on-failure --no-tests=error -j "$jobs" -LE 'web|schema|e2e' -E "$not_here" || status=1
else
  ctest --output-on-failure --no-tests=error -j "$jobs" -R '^gateway:' -E "$not_here" || status=1
fi
(cd "$release" && CATAN_TEST_SERVER_BINARY="$tree/catan-server" \
   CATAN_TEST_RACE_SERVER_BINARY="$tree/tests/game/catan-server-race" \
   ctest --output-on-failure --no-tests=error -j "$jobs" -R '^server:' -LE 'schema' -E "$not_here") || status=1
if compgen -G "$reports/*" >/dev/null; then
  for f in "$reports"/*; do echo "---- $f"; cat "$f"; done >&2
  echo "error: sanitizer reports in $reports" >&2
  status=1
fi
exit $status
