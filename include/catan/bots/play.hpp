#pragma once
// One whole game played by bots on the true state, each seeing only its own observation.
#include <array>
#include <memory>
#include <optional>

#include "catan/bots/bot.hpp"

namespace catan::bots {

inline constexpr int kMaxCommandsPerTurn = 400;

struct BotGameResult {
    int winner = -1;      // seat, or -1 when the turn cap ended the game
    int turns = 0;
    int commands = 0;
    int offers = 0;       // domestic trade offers proposed
    bool stalled = false; // more than kMaxCommandsPerTurn commands per turn on average: a bot loops
    int rejected = 0;     // commands apply() refused (a bot bug): the game is stopped at the first one
    std::optional<Command> first_rejected;
    std::optional<Error> first_error;
};

// Plays `state` to the end or the turn cap. Seat i is played by bots[i] drawing from rngs[i].
BotGameResult play_bot_game(GameState& state, std::array<Bot*, kMaxPlayers> bots, std::array<Rng, kMaxPlayers>& rngs,
                            int turn_cap);

}  // namespace catan::bots
