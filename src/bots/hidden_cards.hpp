#pragma once
// Refilling what one seat cannot see: the other players' resource cards and unplayed development cards,
// the deck. observe() deals the unknown cards in a fixed order (a canonical filling); the search player
// deals them shuffled (a sampled world). Either way only public information and the seat's own cards
// are read, and the result is a state the engine accepts.
#include "catan/engine/engine.hpp"

namespace catan::bots {

// Overwrites the hidden parts of `s` for `seat` (any value outside 0..players-1 keeps nothing of its
// own). With `shuffle` null the unknown cards are dealt in a fixed order, else in a random one.
void refill_hidden(GameState& s, int seat, Rng* shuffle);

}  // namespace catan::bots
