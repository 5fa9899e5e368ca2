#pragma once
// What one seat may do now: {"actions":[wire commands...],"may_propose_trade":false,"may_counter_trade":false}.
// Domestic trade terms are unbounded, so they are allowed by the flags rather than listed.
#include <nlohmann/json.hpp>

#include "catan/engine/state.hpp"

namespace catan::proto {

// seat outside the game's seats (e.g. a spectator): nothing to do.
nlohmann::json legal_actions_json(const GameState& state, int seat);

}  // namespace catan::proto
