// Read-only rule questions for the layers above the engine (bots, tools, proto's views and its
// rules block): each one asks the predicate apply() and legal_actions() use, so nothing above the
// engine recomputes a rule.
#include "catan/engine/queries.hpp"
#include "rules.hpp"

namespace catan {

EdgeMask road_spots(const GameState& s, int player) {
    return with_variant(s.board_kind, [&](auto g) { return rules::road_spots<decltype(g)>(s, player); });
}

NodeMask settlement_spots(const GameState& s, int player) {
    return with_variant(s.board_kind, [&](auto g) { return rules::settlement_spots<decltype(g)>(s, player); });
}

int ready_dev_cards(const GameState& s, int player, DevCard card) { return rules::dev_cards_ready(s, player, card); }

int harbor_trade_ratio(std::uint8_t kind) { return rules::harbor_ratio(kind); }
int no_harbor_trade_ratio() { return rules::kNoHarborRatio; }

bool has_turn_structure(BoardKind board) { return rules::uses_turn_structure(board); }

}  // namespace catan
