// A room this node lost to another node sharing the database (docs/operating.md, "PostgreSQL"): the
// store refuses every write of it from now on, so the room leaves memory at once. Nothing is lost
// that anyone was told of (a change is announced only once durable), and its players find it on the
// node that took it: each connection gets room_moved, then its close, and reconnects with its token.
#include <spdlog/spdlog.h>

#include "messages.hpp"
#include "room.hpp"

namespace catan::room {

void Room::drop_lost(std::string_view how) {
    if (closed_ || slept_) return;
    spdlog::warn("[{}] another server took this room over ({}); it is dropped here and its {} connection(s) told to reconnect",
                 code_, how, members_.size());
    const Message moved = error_message(
        {std::string(err::kRoomMoved), "another server serves this room now; reconnect and rejoin with your token", {}, {}},
        nullptr);
    for (const auto& [conn, m] : members_) {
        m.conn->outbox->send(moved);
        m.conn->outbox->close_to_reconnect("room moved");
    }
    close("lost to another server", /*notify=*/false);
}

}  // namespace catan::room
