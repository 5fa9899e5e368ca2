#pragma once
// Moving a room between servers as one JSON document, format "catan-room" (docs/export-format.md,
// proto/v1/room-file.schema.json): the room's options, phase, seats with token hashes, chat, the
// current game's options and its whole command log. Hashes only: a document lets nobody take a seat.
#include <string_view>

#include <nlohmann/json.hpp>

#include "catan/proto/decode_error.hpp"
#include "catan/store/store.hpp"

namespace catan::room {

inline constexpr std::string_view kRoomFileFormat = "catan-room";
// Version 2 added `epoch` (the room's sequence-number epoch); version 1 documents still import (epoch 0).
inline constexpr int kRoomFileVersion = 2;
inline constexpr int kOldestRoomFileVersion = 1;

// The document of `room` as Store::read_room returns it (the current game's log from its first
// command). Throws std::runtime_error when a record in the file is not JSON.
nlohmann::json export_room(const store::StoredRoom& room, std::int64_t exported_ms);

// A document checked strictly (format, version, every field's type and range, unknown members refused
// except inside game_options, which is kept as it is) and proven by the engine: the whole log
// re-applies from the first command. The result holds every command and a snapshot of the state
// after the last one, ready for Store::import_room. The error names the field (commands[i] for a
// command that does not apply) and says what is wrong.
proto::Decoded<store::StoredRoom> import_room(const nlohmann::json& document);

}  // namespace catan::room
