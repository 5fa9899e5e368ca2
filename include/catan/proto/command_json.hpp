#pragma once
// Commands on the wire: {"type":"build_road","path":12}. The seat is not on the wire: the server knows
// it from the connection, so a client can never act for another seat.
#include <string_view>

#include <nlohmann/json.hpp>

#include "catan/engine/command.hpp"
#include "catan/engine/state.hpp"
#include "catan/proto/decode_error.hpp"

namespace catan::proto {

nlohmann::json command_json(const Command& command);

// The ids a command may name (the hexes, intersections and paths of the game's board and its seats)
// and the most cards of one resource it may count (the box's bank). Anything past them is refused at
// decode, naming the field, like any other value out of range.
struct CommandBounds {
    int hexes = 0, intersections = 0, paths = 0, seats = 0, cards = 0;
};
CommandBounds command_bounds(BoardKind board, int players);
CommandBounds command_bounds(const GameState& game);

// Checks shape, names, ids and counts (the engine checks the rules). Never throws. Without bounds,
// a 4-player game on the base board.
Decoded<Command> decode_command(const nlohmann::json& message, int seat, const CommandBounds& bounds = command_bounds(BoardKind::Base, 4));
Decoded<Command> decode_command(std::string_view text, int seat, const CommandBounds& bounds = command_bounds(BoardKind::Base, 4));

}  // namespace catan::proto
