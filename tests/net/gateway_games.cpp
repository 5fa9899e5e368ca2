// The gateway tests run a hub in this process: it hosts Catan, as catan-server does (app::run).
#include "catan/game/module.hpp"
#include "catan/games/catan.hpp"

namespace {

const bool registered = (catan::game::register_module(catan::games::catan_module()), true);

}  // namespace
