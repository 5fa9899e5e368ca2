#include "catan/sim/random_game.hpp"

#include <bit>

namespace catan::sim {

int next_actor(const GameState& s) {
    const unsigned who = players_to_act(s);
    if (who == 0) return -1;
    if (who >> s.current & 1u) return s.current;
    return std::countr_zero(who);
}

GameSummary play_random_game(GameState& s, Rng& chooser, int turn_cap, std::vector<Command>* log) {
    GameSummary summary;
    std::vector<Command> actions;
    actions.reserve(128);
    while (s.phase != Phase::GameOver && s.turn <= turn_cap) {
        const int actor = next_actor(s);
        legal_actions(s, actor, actions);
        if (actions.empty()) break;  // only a hand-made state can leave the actor nothing to do
        // Applied where it was listed: a copy would load the command whole right after legal_actions
        // stored it field by field, a load no store can forward to.
        const Command& c = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
        apply(s, c, nullptr);
        if (log) log->push_back(c);
        ++summary.commands;
    }
    summary.turns = s.turn;
    summary.winner = s.winner == kNoSeat ? -1 : s.winner;
    return summary;
}

}  // namespace catan::sim
