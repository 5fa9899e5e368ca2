#include "turn_timer.hpp"

#include <algorithm>

#include "catan/engine/engine.hpp"

namespace catan::room {

const char* to_string(Decision d) {
    switch (d) {
        case Decision::None: return "none";
        case Decision::Turn: return "turn";
        case Decision::Setup: return "setup";
        case Decision::Discard: return "discard";
        case Decision::Robber: return "robber";
        case Decision::Trade: return "trade";
    }
    return "none";
}

PendingDecision pending_decision(const GameState& s) {
    const unsigned acting = players_to_act(s);
    const unsigned on_turn = 1u << s.current;
    // Setup turns are numbered apart from the regular ones (turn is 0 throughout setup).
    const std::uint32_t turn = s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad
                                   ? s.setup_step
                                   : 0x100u + s.turn;
    const auto make = [&](Decision kind, unsigned seats) {
        return PendingDecision{kind, seats, (turn << 8) | (s.current << 4) | static_cast<unsigned>(kind), turn};
    };
    switch (s.phase) {
        case Phase::GameOver: return {};
        case Phase::SetupSettlement:
        case Phase::SetupRoad: return make(Decision::Setup, on_turn);  // a settlement and its road: one decision
        case Phase::Discard: return make(Decision::Discard, acting);
        case Phase::MoveRobber: return make(Decision::Robber, on_turn);
        case Phase::TradeOffer:
            // While answers are owed, the responders are waited for; once all are in, the player on turn.
            if ((acting & ~on_turn) != 0) return make(Decision::Trade, acting & ~on_turn);
            return make(Decision::Turn, on_turn);
        default: return make(Decision::Turn, on_turn);  // pre-roll, main, road building
    }
}

std::chrono::milliseconds decision_limit(Decision d, int turn_seconds) {
    const std::chrono::milliseconds turn = std::chrono::seconds(turn_seconds);
    switch (d) {
        case Decision::None: return {};
        case Decision::Turn: return turn;
        case Decision::Setup: return turn / 2;
        case Decision::Discard:
        case Decision::Robber:
        case Decision::Trade: return std::min<std::chrono::milliseconds>(kShortDecision, turn);
    }
    return turn;
}

}  // namespace catan::room
