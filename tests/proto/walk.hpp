#pragma once
// Seeded random games for property tests. Like sim::play_random_game, but it also opens domestic
// trades, counters them and lets any responder answer, so offers and counters are covered too.
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <vector>

#include "catan/engine/engine.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/sim/random_game.hpp"

namespace catan::test {

// A random non-empty pick of `size` cards from `from` (assumes from.total() >= size).
inline ResourceSet pick_cards(const ResourceSet& from, int size, Rng& rng) {
    ResourceSet left = from, out;
    for (int i = 0; i < size; ++i) {
        int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(left.total())));
        for (Resource r : kAllResources) {
            if (k < left[r]) { left[r]--; out[r]++; break; }
            k -= left[r];
        }
    }
    return out;
}

// Trade terms: up to 2 cards the giver holds, for 1-2 cards of one other resource.
inline bool random_terms(const ResourceSet& hand, Rng& rng, ResourceSet& give, ResourceSet& want) {
    if (hand.empty()) return false;
    give = pick_cards(hand, hand.total() >= 2 ? 1 + static_cast<int>(rng.below(2)) : 1, rng);
    for (int tries = 0; tries < 10; ++tries) {
        const auto r = static_cast<Resource>(rng.below(kResourceCount));
        if (give[r]) continue;
        want = ResourceSet::of(r, 1 + static_cast<int>(rng.below(2)));
        return true;
    }
    return false;
}

inline Command choose_command(const GameState& s, Rng& rng, std::vector<Command>& actions) {
    int actor = sim::next_actor(s);
    if (s.phase == Phase::TradeOffer) {  // let every seat with something to say speak, in random order
        const unsigned who = players_to_act(s);
        int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(who))));
        for (int p = 0; p < s.num_players; ++p)
            if ((who >> p & 1u) && pick-- == 0) actor = p;
    }
    ResourceSet give, want;
    if (may_propose_trade(s, actor) && rng.below(6) == 0 && random_terms(s.players[actor].hand, rng, give, want)) {
        const int to = static_cast<int>(rng.below(static_cast<std::uint32_t>(s.num_players) + 1));  // num_players: all
        return cmd::propose(actor, give, want, to == s.num_players || to == actor ? kNoSeat : to);
    }
    if (may_counter_trade(s, actor) && rng.below(3) == 0 && random_terms(s.players[actor].hand, rng, give, want))
        return cmd::counter(actor, give, want);
    legal_actions(s, actor, actions);
    REQUIRE(!actions.empty());
    return actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
}

// Every scenario's board for every player count it has one for.
inline std::vector<std::pair<Scenario, int>> sea_boards() {
    std::vector<std::pair<Scenario, int>> boards;
    for (int k = 1; k < kScenarioCount; ++k)
        for (int p = kMinPlayers; p <= kMaxPlayers; ++p)
            if (scenario_has_board(static_cast<Scenario>(k), p)) boards.emplace_back(static_cast<Scenario>(k), p);
    return boards;
}

// The options of a Seafarers game on one of every scenario's boards, cycled through by seed.
inline GameOptions sea_options(std::uint64_t seed) {
    const std::vector<std::pair<Scenario, int>> boards = sea_boards();
    const auto [scenario, players] = boards[seed % boards.size()];
    GameOptions o;
    o.players = players;
    o.scenario = scenario;
    o.victory_target = scenario_victory_target(scenario, players);
    o.seed = seed;
    return o;
}

inline GameState start(std::uint64_t seed, int players) {
    GameOptions o;
    o.players = players;
    o.seed = seed;
    return new_game(o);
}

// Calls visit(before, command, events, after) for every command of one game; returns the last state.
template <class Visit>
GameState walk_game(GameState s, std::uint64_t seed, Visit&& visit, int turn_cap = sim::kDefaultTurnCap);

template <class Visit>
GameState walk_game(std::uint64_t seed, int players, Visit&& visit, int turn_cap = sim::kDefaultTurnCap) {
    return walk_game(start(seed, players), seed, visit, turn_cap);
}

template <class Visit>
GameState walk_game(GameState s, std::uint64_t seed, Visit&& visit, int turn_cap) {
    Rng rng(seed ^ 0x5eed5eed5eedULL);
    std::vector<Command> actions;
    std::vector<Event> events;
    while (s.phase != Phase::GameOver && s.turn <= turn_cap) {
        const Command c = choose_command(s, rng, actions);
        const GameState before = s;
        events.clear();
        const auto error = apply(s, c, &events);
        REQUIRE_FALSE(error.has_value());
        visit(before, c, events, s);
    }
    return s;
}

}  // namespace catan::test
