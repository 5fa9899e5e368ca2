#pragma once
// The fixed board geometry, sent to a client once so it never computes adjacency itself.
// Numbering: docs/coordinates.md.
#include <nlohmann/json.hpp>

namespace catan::proto {

// Built on first use and shared; the same for every game.
const nlohmann::json& topology_json();

}  // namespace catan::proto
