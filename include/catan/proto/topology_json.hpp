#pragma once
// The fixed board geometry, sent to a client once so it never computes adjacency itself.
// Numbering: docs/coordinates.md.
#include <nlohmann/json.hpp>

#include "catan/engine/topology.hpp"

namespace catan::proto {

// Built on first use and shared; the same for every game on that board.
const nlohmann::json& topology_json(BoardKind kind = BoardKind::Base);

}  // namespace catan::proto
