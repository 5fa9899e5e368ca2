#pragma once
// Invariants of a GameState that the engine assumes but never re-checks. A snapshot that breaks one
// is damaged; loading it anyway could corrupt counts or stall the game.
#include "catan/engine/state.hpp"

namespace catan::proto::detail {

// Fails with DecodeErrorKind::Inconsistent naming the first broken invariant. Derived fields are ignored.
void check_state(const GameState& s);

}  // namespace catan::proto::detail
