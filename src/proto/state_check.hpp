#pragma once
// Invariants of a GameState that the engine assumes but never re-checks. A snapshot that breaks one
// is damaged; loading it anyway could corrupt counts or stall the game.
#include "catan/engine/state.hpp"

namespace catan::proto::detail {

// Fails with DecodeErrorKind::Inconsistent naming the first broken invariant. Derived fields are ignored.
void check_state(const GameState& s);

// After refresh_derived: each road_length is the cache of longest_road_of the handlers keep, which
// a loaded state must carry as they would have (docs/architecture.md, "Derived fields").
void check_road_lengths(const GameState& s);

}  // namespace catan::proto::detail
