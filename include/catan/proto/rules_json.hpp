#pragma once
// What a box's rules say that a client shows (costs, pieces, the bank, the deck, player counts, every
// option's range and default), sent with the board's topology so no client keeps a copy of a rule.
#include <nlohmann/json.hpp>

#include "catan/engine/topology.hpp"

namespace catan::proto {

// Built from the engine's Ruleset and queries; the same for every game on that board.
nlohmann::json rules_json(BoardKind kind);

}  // namespace catan::proto
