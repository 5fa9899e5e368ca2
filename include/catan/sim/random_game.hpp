#pragma once
// Random legal play, as defined by Catanatron's RandomPlayer: uniform among legal actions, leaving
// out domestic trade offers, with a turn cap. Used by the simulator, the property tests and benchmarks.
#include <cstdint>
#include <vector>

#include "catan/engine/engine.hpp"

namespace catan::sim {

inline constexpr int kDefaultTurnCap = 1000;

struct GameSummary {
    int winner = -1;     // seat, or -1 when the turn cap ended the game
    int turns = 0;
    int commands = 0;
};

// The seat that acts next: the active player, or during discards the lowest seat still owing cards.
int next_actor(const GameState& state);

// Plays `state` to the end (or the cap) choosing with `chooser`. Appends each command to `log` if given.
GameSummary play_random_game(GameState& state, Rng& chooser, int turn_cap = kDefaultTurnCap,
                             std::vector<Command>* log = nullptr);

}  // namespace catan::sim
