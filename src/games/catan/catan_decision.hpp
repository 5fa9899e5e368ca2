#pragma once
// What Catan tells a room about its decisions: which commands are simultaneous answers, the turn
// timer's pending decision and what a seat that ran out of time answers, and which seat a bot loop asks
// next. Moved here from the room (room_game.cpp's answer(), turn_timer.cpp, room_timer.cpp's
// expiry_command, room_bots.cpp's drive_bots), which keeps its copies until it plays through the seam.
#include <optional>

#include "catan/engine/command.hpp"
#include "catan/engine/state.hpp"
#include "catan/game/module.hpp"

namespace catan::games {

// A discard owes the same cards whoever else discards on that 7; an answer to an offer answers the same
// terms whoever else accepts, declines or counters (only the proposer's cancel or confirm, or a new
// offer, change the offer, and those are not answers).
bool is_answer(CommandType t);

game::Pending pending_decision(const GameState& s, int turn_seconds, bool turn_based);
// It answers no to an offer, withdraws its own, and ends its turn rather than build or trade with the
// player's cards; elsewhere (setup, pre-roll, discard, robber, road building) the bot chooses.
std::optional<Command> expiry_command(const GameState& s, int seat);
// A bot's own trade offer: the others answer first (bots are asked before it).
int seat_for_bots(const GameState& s, game::SeatMask bots, bool& waiting);

}  // namespace catan::games
