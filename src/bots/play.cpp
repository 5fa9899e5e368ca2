#include "catan/bots/play.hpp"

namespace catan::bots {

BotGameResult play_bot_game(GameState& s, std::array<Bot*, kMaxPlayers> bots, std::array<Rng, kMaxPlayers>& rngs,
                            int turn_cap) {
    BotGameResult result;
    while (s.phase != Phase::GameOver && s.turn <= turn_cap) {
        if (result.commands > kMaxCommandsPerTurn * (s.turn + 1)) {
            result.stalled = true;
            break;
        }
        const int seat = seat_to_ask(s);
        if (seat < 0) break;
        const Command c = bots[seat]->choose(observe(s, seat), rngs[seat]);
        if (auto error = apply(s, c, nullptr)) {
            ++result.rejected;
            result.first_rejected = c;
            result.first_error = error;
            break;
        }
        ++result.commands;
        result.offers += c.type == CommandType::ProposeTrade;
    }
    result.turns = s.turn;
    result.winner = s.winner == kNoSeat ? -1 : s.winner;
    return result;
}

}  // namespace catan::bots
