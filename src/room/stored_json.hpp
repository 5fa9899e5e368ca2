#pragma once
// The JSON the store keeps for a room's options and a game's options. Seeds are decimal strings:
// a 64-bit seed does not survive JSON numbers in every reader.
#include <nlohmann/json.hpp>

#include "catan/engine/state.hpp"
#include "catan/room/envelope.hpp"

namespace catan::room {

nlohmann::json room_options_json(const RoomOptions& options);
RoomOptions room_options_from_json(const nlohmann::json& j);  // throws on a malformed record

nlohmann::json game_options_json(const GameOptions& options);
GameOptions game_options_from_json(const nlohmann::json& j);  // throws on a malformed record

}  // namespace catan::room
