// Level `strong`: its sampled worlds agree with what it observed, and its choices are reproducible.
#include <catch2/catch.hpp>

#include "bots/basic_bot.hpp"
#include "bots/determinize.hpp"
#include "bots/strong_bot.hpp"
#include "states.hpp"

using namespace catan;
using namespace catan::bots;

TEST_CASE("strong: every sampled world looks exactly like the observation", "[bots][strong]") {
    Rng rng(5);
    int differing = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const GameState truth = testing::random_state(seed, 2 + static_cast<int>(seed % 5), 1500);  // 2..6 seats
        for (int seat = 0; seat < truth.num_players; ++seat) {
            const Observation obs = observe(truth, seat);
            const GameState world = determinize(obs, rng);
            REQUIRE(observe(world, seat).state == obs.state);
            REQUIRE(legal_actions(world, seat) == legal_actions(truth, seat));
            differing += !(world.players == obs.state.players && world.deck == obs.state.deck);
        }
    }
    CHECK(differing > 200);  // the worlds really are sampled, not the canonical filling
}

TEST_CASE("strong: the same observation, generator and playout budget give the same command", "[bots][strong]") {
    const Budget budget{30, std::chrono::milliseconds(0)};
    int searched = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const GameState truth = testing::random_state(seed, 4, 1500);
        const int seat = seat_to_ask(truth);
        if (seat < 0) continue;
        StrongBot a(budget), b(budget);
        Rng ra(seed), rb(seed);
        const Observation obs = observe(truth, seat);
        REQUIRE(a.choose(obs, ra) == b.choose(obs, rb));
        REQUIRE(a.last_playouts() == b.last_playouts());
        const bool setup = truth.phase == Phase::SetupSettlement || truth.phase == Phase::SetupRoad;
        std::vector<Command> actions;
        const int candidates = static_cast<int>(search_candidates(obs.state, seat, actions).size());
        const int cap = budget.playouts * (setup ? StrongBot::kSetupBudgetFactor : 1);
        CHECK(a.last_playouts() <= (cap > candidates ? cap : candidates));
        searched += a.last_playouts() > 0;
        GameState copy = truth;
        REQUIRE_FALSE(apply(copy, a.choose(obs, ra)));
    }
    CHECK(searched >= 10);
}

TEST_CASE("strong: a decision with one sensible command costs no playouts", "[bots][strong]") {
    GameOptions options;
    options.seed = 4;
    GameState s = new_game(options);
    std::vector<Command> actions;
    while (s.phase != Phase::PreRoll) REQUIRE_FALSE(apply(s, basic::decide(s, seat_to_ask(s), actions, false)));
    StrongBot bot(Budget{50, std::chrono::milliseconds(0)});
    Rng rng(1);
    CHECK(bot.choose(observe(s, s.current), rng).type == CommandType::RollDice);  // no card to play yet
    CHECK(bot.last_playouts() == 0);
}
