#pragma once
// The Catan game module (module id "catan"): the base game for 2-4 players and the 5-6 extension
// (R-X1..R-X8) in one module, the board following the players count as the engine decides
// (board_for_players). One module because the room already moves between the boards in the lobby as
// players come and go, and every option but the ranges is the same.
#include <memory>

#include "catan/bots/bot.hpp"
#include "catan/game/module.hpp"

namespace catan::games {

std::shared_ptr<const game::Module> catan_module();
// A computer player as the module's Bot, for its sessions' bot_job (tests put a spy around a level's).
game::BotPtr catan_bot(std::unique_ptr<bots::Bot> brain);

}  // namespace catan::games
