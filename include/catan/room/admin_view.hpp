#pragma once
// One room as the operator's view shows it (`catan-server rooms`, GET /admin/rooms): the same JSON
// whether a running server answers (its live summary plus what the data file holds) or the data file
// is read directly while no server runs (then who is connected is unknown: null).
//   {"code":"K7QX3","phase":"playing","game":1,"seats":[{"seat":0,"name":"Ana","host":true,"bot":null,
//    "connected":true,"controlled_by":"player"}, ...],"spectators":1,"created_ms":...,
//    "last_activity_ms":...,"commands":154,"bytes":48213,"chat_lines":12,"problem":null}
// Numbers the source cannot know are null (a memory-only server has no data file to count in).
#include <nlohmann/json.hpp>

#include "catan/store/inspect.hpp"

namespace catan::room {

// `summary`: the room's GET /api/rooms/{code} body (a live room), or null; `usage`: its records in
// the data file, or null. At least one is given.
nlohmann::json admin_room_view(const nlohmann::json* summary, const store::RoomUsage* usage);

}  // namespace catan::room
