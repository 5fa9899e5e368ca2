#pragma once
// Invariant helpers for the property and replay tests. Everything here is recomputed from the public
// fields of GameState with code written independently of the engine (no engine/rules.hpp), so a check
// does not share a bug with the code it checks. Checks return an empty string when they hold, or a
// sentence naming the broken invariant: the caller decides how to report it (one Catch2 assertion per
// step keeps 10,000 games fast).
#include "property_state_checks.hpp"
#include "property_transition_checks.hpp"
