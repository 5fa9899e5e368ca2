#pragma once
// The whole GameState as JSON, for the server's own persistence (snapshots). Server-internal: it holds
// the deck order and the generator's words, so it must never be sent to a client (see player_view).
#include <string_view>

#include <nlohmann/json.hpp>

#include "catan/engine/state.hpp"
#include "catan/proto/decode_error.hpp"

namespace catan::proto {

inline constexpr int kStateFormatVersion = 1;

// Lossless: decode_state(state_json(s)) == s. Derived fields are left out and rebuilt on decoding.
nlohmann::json state_json(const GameState& state);

// Validates types, ranges and the invariants the engine relies on (cards conserved, pieces consistent,
// a phase that can progress), so a damaged snapshot is refused instead of misleading the engine.
Decoded<GameState> decode_state(const nlohmann::json& document);
Decoded<GameState> decode_state(std::string_view text);

}  // namespace catan::proto
