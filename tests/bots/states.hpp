#pragma once
// Reachable game states for the bot tests: random legal play, with random domestic offers and counter-offers
// mixed in so that trade phases are reached too.
#include <vector>

#include "catan/engine/engine.hpp"
#include "catan/bots/bot.hpp"

namespace catan::bots::testing {

// Up to `count` random terms of one card given for one card wanted, from what `hand` holds.
inline bool random_terms(const ResourceSet& hand, Rng& rng, ResourceSet& give, ResourceSet& want) {
    if (hand.empty()) return false;
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(hand.total())));
    int g = 0;
    while (pick >= hand.n[g]) pick -= hand.n[g++];
    int w = static_cast<int>(rng.below(kResourceCount - 1));
    if (w >= g) ++w;
    give = ResourceSet::of(static_cast<Resource>(g));
    want = ResourceSet::of(static_cast<Resource>(w));
    return true;
}

// One random step by the seat seat_to_ask() names: a legal action, or sometimes an offer or counter.
inline void random_step(GameState& s, Rng& rng, std::vector<Command>& actions) {
    const int seat = seat_to_ask(s);
    ResourceSet give, want;
    if (may_propose_trade(s, seat) && rng.below(8) == 0 && random_terms(s.players[seat].hand, rng, give, want)) {
        apply(s, cmd::propose(seat, give, want));
        return;
    }
    if (may_counter_trade(s, seat) && rng.below(3) == 0 && random_terms(s.players[seat].hand, rng, give, want)) {
        apply(s, cmd::counter(seat, give, want));
        return;
    }
    legal_actions(s, seat, actions);
    if (!actions.empty()) apply(s, actions[rng.below(static_cast<std::uint32_t>(actions.size()))]);
}

// A state reached after a random number of steps (up to `max_steps`) of game `seed`.
inline GameState random_state(std::uint64_t seed, int players, int max_steps) {
    GameOptions options;
    options.players = players;
    options.seed = seed;
    GameState s = new_game(options);
    Rng rng(seed * 7919 + 1);
    std::vector<Command> actions;
    const int steps = static_cast<int>(rng.below(static_cast<std::uint32_t>(max_steps)));
    for (int i = 0; i < steps && s.phase != Phase::GameOver; ++i) random_step(s, rng, actions);
    return s;
}

}  // namespace catan::bots::testing
