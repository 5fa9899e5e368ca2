#pragma once
// What one seat (or a spectator) may know about a game, as JSON. This is the only way game state
// leaves the server: it never holds other players' hand contents or development card kinds, the
// deck order, the generator's state or the seed.
#include <nlohmann/json.hpp>

#include "catan/engine/state.hpp"
#include "catan/proto/event_json.hpp"  // kSpectator

namespace catan::proto {

// viewer: a seat, or kSpectator (any value outside the game's seats is treated as a spectator).
// Deterministic: equal knowledge gives byte-identical dumps, which is what lets a room diff views.
nlohmann::json player_view(const GameState& state, int viewer);

}  // namespace catan::proto
