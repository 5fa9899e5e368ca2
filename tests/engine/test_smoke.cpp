#include "test_support.hpp"

#include "catan/sim/random_game.hpp"

using namespace catan;

TEST_CASE("a seeded random game reaches a winner", "[engine]") {
    GameOptions o;
    o.seed = 7;
    GameState s = new_game(o);
    Rng chooser(99);
    const auto summary = sim::play_random_game(s, chooser);
    CHECK(summary.winner >= 0);
    CHECK(s.phase == Phase::GameOver);
    CHECK(victory_points(s, summary.winner) >= 10);
}
