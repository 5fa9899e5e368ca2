#pragma once
// How many games a test that plays many random games plays, and the lower bounds it checks on what
// they reached. The sanitizer stages (scripts/sanitize.sh) run 10-30 times slower and set
// CATAN_TEST_GAMES_PERCENT: they look for memory and threading errors, which a share of the games (the
// first seeds) meets as well, while the release stage plays them all and checks the full bounds.
#include <algorithm>
#include <cstdlib>

namespace catan::test {

inline int games_percent() {
    const char* env = std::getenv("CATAN_TEST_GAMES_PERCENT");
    const int percent = env ? std::atoi(env) : 100;
    return percent > 0 && percent <= 100 ? percent : 100;
}

// `games` scaled by CATAN_TEST_GAMES_PERCENT, at least `at_least`.
inline int share_of_games(int games, int at_least = 1) { return std::max(at_least, games * games_percent() / 100); }

// A lower bound on a count the full run reaches, scaled like the games.
inline long share_of_bound(long bound) { return bound * games_percent() / 100; }

}  // namespace catan::test
