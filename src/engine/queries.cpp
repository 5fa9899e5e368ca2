// Read-only rule questions for the layers above the engine (bots, tools): each one dispatches to the
// predicate apply() and legal_actions() use, so nothing above the engine recomputes a rule.
#include "rules.hpp"

namespace catan {

EdgeMask road_spots(const GameState& s, int player) {
    return with_variant(s.board_kind, [&](auto g) { return rules::road_spots<decltype(g)>(s, player); });
}

NodeMask settlement_spots(const GameState& s, int player) {
    return with_variant(s.board_kind, [&](auto g) { return rules::settlement_spots<decltype(g)>(s, player); });
}

}  // namespace catan
