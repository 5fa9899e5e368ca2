// Entry point of the rules: routes a command to its handler.
#include <cassert>

#include "handlers.hpp"

namespace catan {
namespace handlers {
namespace {
Error wrong_phase(Phase phase) {
    switch (phase) {
        case Phase::SetupSettlement: return fail(ErrorCode::WrongPhase, "R-S4", "setup: place a settlement first");
        case Phase::SetupRoad: return fail(ErrorCode::WrongPhase, "R-S4", "setup: place a road touching the settlement you just placed");
        case Phase::PreRoll: return fail(ErrorCode::WrongPhase, "R-T4", "roll the dice first (only a development card may be played before the roll)");
        case Phase::Discard: return fail(ErrorCode::WrongPhase, "R-7a", "waiting for players with more than 7 cards to discard");
        case Phase::MoveRobber: return fail(ErrorCode::WrongPhase, "R-7b", "the robber must be moved first");
        case Phase::RoadBuilding: return fail(ErrorCode::WrongPhase, "R-D3", "place the free roads from Road Building first");
        case Phase::Main: return fail(ErrorCode::WrongPhase, "R-T5", "not possible after the roll");
        case Phase::TradeOffer: return fail(ErrorCode::WrongPhase, "R-TR2", "a trade offer is open: confirm or cancel it first");
        case Phase::ChooseGold: return fail(ErrorCode::WrongPhase, "R-SF7", "waiting for gold fields' owners to choose their resources");
        case Phase::GameOver: break;
    }
    return fail(ErrorCode::GameOver, "R-V2", "the game is over");
}
}  // namespace

Error turn_refusal(const GameState& s, const Command& c) {
    if (c.player != s.current) return fail(ErrorCode::NotYourTurn, "R-T7", "it is not your turn");
    return wrong_phase(s.phase);
}
}  // namespace handlers

namespace {
template <class G>
std::optional<Error> apply_command(GameState& s, const Command& c, std::vector<Event>* ev) {
    using namespace handlers;
    switch (c.type) {
        case CommandType::RollDice: return roll_dice<G>(s, c, ev);
        case CommandType::BuildRoad: return build_road<G>(s, c, ev);
        case CommandType::BuildSettlement: return build_settlement<G>(s, c, ev);
        case CommandType::BuildCity: return build_city<G>(s, c, ev);
        case CommandType::BuyDevCard: return buy_dev_card<G>(s, c, ev);
        case CommandType::PlayKnight: return play_knight<G>(s, c, ev);
        case CommandType::PlayRoadBuilding: return play_road_building<G>(s, c, ev);
        case CommandType::PlayInvention: return play_invention<G>(s, c, ev);
        case CommandType::PlayMonopoly: return play_monopoly<G>(s, c, ev);
        case CommandType::Discard: return discard<G>(s, c, ev);
        case CommandType::MoveRobber: return move_robber<G>(s, c, ev);
        case CommandType::BankTrade: return bank_trade<G>(s, c, ev);
        case CommandType::ProposeTrade: return propose_trade<G>(s, c, ev);
        case CommandType::AcceptTrade: return accept_trade<G>(s, c, ev);
        case CommandType::DeclineTrade: return decline_trade<G>(s, c, ev);
        case CommandType::CounterTrade: return counter_trade<G>(s, c, ev);
        case CommandType::ConfirmTrade: return confirm_trade<G>(s, c, ev);
        case CommandType::CancelTrade: return cancel_trade<G>(s, c, ev);
        case CommandType::EndTurn: return end_turn<G>(s, c, ev);
        case CommandType::BuildShip: return build_ship<G>(s, c, ev);
        case CommandType::MoveShip: return move_ship<G>(s, c, ev);
        case CommandType::MovePirate: return move_pirate<G>(s, c, ev);
        case CommandType::ChooseGold: return choose_gold<G>(s, c, ev);
    }
    return handlers::fail(ErrorCode::BadArgument, "", "unknown command");
}
}  // namespace

namespace {
// R-L1 is refused only where the command would otherwise be accepted, so a command that is wrong anyway
// says why; a trial on a copy is cheap, and made only once the turn's trading is used up.
std::optional<Error> trade_limit_refusal(const GameState& s, const Command& c) {
    static_assert(kMaxOffersPerTurn == 20 && kMaxTradeAnswersPerTurn == 40, "the messages below name the limits");
    GameState trial = s;
    if (auto e = with_variant(s.board_kind, [&](auto g) { return apply_command<decltype(g)>(trial, c, nullptr); })) return e;
    if (c.type == CommandType::ProposeTrade)
        return handlers::fail(ErrorCode::TradeLimit, "R-L1",
                              "you have made as many trade offers as one turn allows (20): trade with the bank, build or end your turn");
    return handlers::fail(ErrorCode::TradeLimit, "R-L1",
                          "you have accepted or countered as many offers as one turn allows (40): you may still decline");
}
}  // namespace

// The variant's instantiation, picked once per command: the base game first, as most games are.
inline std::optional<Error> dispatch(GameState& s, const Command& c, std::vector<Event>* ev) {
    if (s.board_kind == BoardKind::Base) [[likely]] return apply_command<BaseVariant>(s, c, ev);
    if (s.board_kind == BoardKind::Large) return apply_command<LargeVariant>(s, c, ev);
    if (s.board_kind == BoardKind::SeaLarge) return apply_command<SeaLargeVariant>(s, c, ev);
    return apply_command<SeaVariant>(s, c, ev);
}

std::optional<Error> apply(GameState& s, const Command& c, std::vector<Event>* ev, Limits limits) {
    if (s.phase == Phase::GameOver) return handlers::fail(ErrorCode::GameOver, "R-V2", "the game is over");
    if (c.player >= s.num_players) return handlers::fail(ErrorCode::BadArgument, "", "no such seat");
    if (limits == Limits::Live && rules::over_trade_limit(s, c)) return trade_limit_refusal(s, c);
    // Returned in place: a named result was copied through the stack with a byte store and a wider
    // load, a store-forwarding stall on every command, so only checking builds name it.
#if defined(CATAN_ASSERT_STATE) && !defined(NDEBUG)
    std::optional<Error> result = dispatch(s, c, ev);
    // Checking builds (cmake -DCATAN_ASSERT_STATE=ON, without NDEBUG) check every accepted command.
    assert(result || state_is_ok(s));
    return result;
#else
    return dispatch(s, c, ev);
#endif
}

}  // namespace catan
