#pragma once
// What one seat may do now: {"actions":[wire commands...],"may_propose_trade":false,"may_counter_trade":false,
// "bank_ratios":{"brick":4,...}}. Domestic trade terms are unbounded, so they are allowed by the flags
// rather than listed; the bank ratios are the engine's (R-TR3), so a client shows them and computes none.
#include <string>

#include <nlohmann/json.hpp>

#include "catan/engine/state.hpp"

namespace catan::proto {

// seat outside the game's seats (e.g. a spectator): nothing to do, every bank ratio the base 4.
nlohmann::json legal_actions_json(const GameState& state, int seat);
// The same, serialised (what legal_actions_json(...).dump() gives).
std::string legal_actions_text(const GameState& state, int seat);

}  // namespace catan::proto
