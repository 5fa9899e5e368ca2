#pragma once
// Rule questions for the layers that show the rules (proto's views, the rules block sent to clients):
// each answer comes from the predicate or table apply() and legal_actions() use, so nothing above the
// engine keeps a copy of a rule.
#include <cstdint>

#include "catan/engine/state.hpp"

namespace catan {

// R-O2: the range of the discard limit option (the rule's 7 is Ruleset::default_discard_limit).
inline constexpr int kMinDiscardLimit = 4, kMaxDiscardLimit = 20;

// R-V1: what each thing a player has is worth in victory points (public_victory_points() and
// victory_points() count with these).
struct VictoryPointValues {
    int settlement, city, longest_road, largest_army, victory_point_card;
};
inline constexpr VictoryPointValues kVictoryPoints{1, 2, 2, 2, 1};

// R-D1: the cards of `card` that `player` holds and did not buy this turn (0 for Victory Point cards,
// which are never played). The one-card-per-turn limit and the phase are the legal actions' business.
int ready_dev_cards(const GameState& state, int player, DevCard card);

// R-TR3: how many cards of a kind the bank takes for one through a harbor of `kind` (0..4: that
// resource's 2:1 harbor; kGenericHarbor: 3:1), and without any harbor.
int harbor_trade_ratio(std::uint8_t kind);
int no_harbor_trade_ratio();

// R-X6, R-X7: whether games on this board choose a turn structure (paired turns or the special
// building phase) at all.
bool has_turn_structure(BoardKind board);

}  // namespace catan
