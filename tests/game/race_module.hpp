#pragma once
// A test-only game behind the seam (docs/game-modules.md's worked example): "race to 21". Every seat
// first says it is ready (all at once: a simultaneous answer); then each seat in turn adds 1 to 3 to a
// shared total, and whoever brings it to the target wins. Each seat holds a secret number, shown only
// to it until the game ends: the hidden per-viewer data the seam must keep apart.
#include <memory>

#include "catan/game/module.hpp"

namespace race {

std::shared_ptr<const catan::game::Module> race_module();

}  // namespace race
