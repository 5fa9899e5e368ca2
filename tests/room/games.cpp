// Room tests host the games the server hosts (catan-server registers them at start, app::run).
#include "catan/app/cli.hpp"

namespace {

const bool registered = (catan::app::register_games(), true);

}  // namespace
