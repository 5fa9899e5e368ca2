#pragma once
// The fixed board geometry, sent to a client once so it never computes adjacency itself.
// Numbering: docs/coordinates.md.
#include <nlohmann/json.hpp>

#include "catan/engine/state.hpp"
#include "catan/engine/topology.hpp"

namespace catan::proto {

// Built on first use and shared; the same for every game on that board.
const nlohmann::json& topology_json(BoardKind kind = BoardKind::Base);
// A Seafarers scenario's table for `players` (R-SF1): the sea frame's topology, its rules, and a
// `scenario` member with the layout as its map states it (docs/protocol.md, "Seafarers"). A count the
// scenario has no board for gets the bare frame.
const nlohmann::json& scenario_table_json(Scenario scenario, int players);

}  // namespace catan::proto
