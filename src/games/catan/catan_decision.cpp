#include "catan_decision.hpp"

#include <algorithm>

#include "catan/engine/engine.hpp"

namespace catan::games {

namespace {

// Setup: one settlement and its road, half a turn. Discards, the robber and answers to an offer: 30 s
// (never longer than the turn).
constexpr std::chrono::seconds kShortDecision{30};

}  // namespace

bool is_answer(CommandType t) {
    return t == CommandType::Discard || t == CommandType::AcceptTrade || t == CommandType::DeclineTrade ||
           t == CommandType::CounterTrade;
}

game::Pending pending_decision(const GameState& s, int turn_seconds, bool turn_based) {
    const unsigned acting = players_to_act(s);
    const unsigned on_turn = 1u << s.current;
    // Setup turns are numbered apart from the regular ones (turn is 0 throughout setup).
    const std::uint32_t turn = s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad ? s.setup_step : 0x100u + s.turn;
    const std::chrono::milliseconds whole = std::chrono::seconds(turn_seconds);
    // Live, the others' decisions (discards, answers) and the robber are brief; over days, each may take
    // as long as a turn (docs/protocol.md, "Turn-based rooms").
    const std::chrono::milliseconds brief = turn_based ? whole : std::min<std::chrono::milliseconds>(kShortDecision, whole);
    const std::chrono::milliseconds setup = turn_based ? whole : whole / 2;
    // The kind's number in the identity is the room's Decision enum's (turn_timer.hpp), so identities
    // stay what they are today.
    const auto make = [&](const char* kind, unsigned number, unsigned seats, std::chrono::milliseconds limit) {
        game::Pending p{kind, seats, (turn << 8) | (static_cast<unsigned>(s.current) << 4) | number, turn, limit};
        p.whole_turn = number == 1;
        p.counts_turn = number == 4 || number == 5;
        p.pauses_turn = number == 3;  // discards: the player on turn waits for the others
        return p;
    };
    switch (s.phase) {
        case Phase::GameOver: return {};
        case Phase::SetupSettlement:
        case Phase::SetupRoad: return make("setup", 2, on_turn, setup);  // a settlement and its road: one decision
        case Phase::Discard: return make("discard", 3, acting, brief);
        case Phase::MoveRobber: return make("robber", 4, on_turn, brief);
        case Phase::TradeOffer:
            // While answers are owed, the responders are waited for; once all are in, the player on turn.
            if ((acting & ~on_turn) != 0) return make("trade", 5, acting & ~on_turn, brief);
            return make("turn", 1, on_turn, whole);
        default: return make("turn", 1, on_turn, whole);  // pre-roll, main, road building
    }
}

std::optional<Command> expiry_command(const GameState& s, int seat) {
    if (s.phase == Phase::TradeOffer) return seat == s.current ? cmd::cancel_trade(seat) : cmd::decline(seat);
    if (s.phase == Phase::Main && seat == s.current) return cmd::end_turn(seat);
    return std::nullopt;
}

int seat_for_bots(const GameState& s, game::SeatMask bots, bool& waiting) {
    waiting = false;
    const unsigned acting = players_to_act(s);
    for (int i = 0; i < s.num_players; ++i) {
        if (!(acting >> i & 1u) || !(bots >> i & 1u)) continue;
        if (s.phase == Phase::TradeOffer && i == s.current && (acting & ~(1u << i)) != 0) {
            if ((acting & bots & ~(1u << i)) != 0) continue;  // a bot responder answers first
            waiting = true;
        }
        return i;
    }
    return -1;
}

}  // namespace catan::games
