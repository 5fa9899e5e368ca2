#pragma once
// Commands on the wire: {"type":"build_road","path":12}. The seat is not on the wire: the server knows
// it from the connection, so a client can never act for another seat.
#include <string_view>

#include <nlohmann/json.hpp>

#include "catan/engine/command.hpp"
#include "catan/proto/decode_error.hpp"

namespace catan::proto {

nlohmann::json command_json(const Command& command);

// Checks shape, names, ids and counts (the engine checks the rules). Never throws.
Decoded<Command> decode_command(const nlohmann::json& message, int seat);
Decoded<Command> decode_command(std::string_view text, int seat);

}  // namespace catan::proto
