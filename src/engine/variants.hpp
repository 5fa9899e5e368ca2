#pragma once
// The rules are written once as templates over a Variant (board geometry and box as compile-time
// constants, ruleset.hpp) and instantiated for each, the way a chess engine instantiates its move
// generator per colour; the public functions pick the instantiation once per call.
#include "catan/engine/ruleset.hpp"

namespace catan {

// Explicit instantiations for every variant: X(Variant) is expanded once per variant.
#define CATAN_FOR_EACH_VARIANT(X) X(BaseVariant) X(LargeVariant) X(SeaVariant) X(SeaLargeVariant)

template <class F>
decltype(auto) with_variant(BoardKind kind, F&& f) {
    if (kind == BoardKind::Large) return f(LargeVariant{});
    if (kind == BoardKind::Sea) return f(SeaVariant{});
    if (kind == BoardKind::SeaLarge) return f(SeaLargeVariant{});
    return f(BaseVariant{});
}

}  // namespace catan
