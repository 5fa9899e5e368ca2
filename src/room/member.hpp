#pragma once
// A connection as rooms see it, and a connection's place in one room (a member). Plain data: the
// hub shares Connection with the room it sits in; the room keeps one Member per connection.
#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "catan/room/address_limiter.hpp"
#include "catan/room/outbox.hpp"

namespace catan::room {

// Shared by the hub (which routes its messages) and the room it sits in.
struct Connection {
    explicit Connection(std::shared_ptr<Outbox> o) : outbox(std::move(o)), address(address_key(outbox->remote())) {}
    std::shared_ptr<Outbox> outbox;
    const std::string address;  // address_key of the peer: the key of per-address limits
    // The board whose topology this connection holds (a BoardKind; -1: none yet). A snapshot carries
    // the topology when the room's board differs, and the room sends a snapshot in place of an
    // update when its board changes under the connection (R-X1: 5 and 6 players use the large board).
    std::atomic<int> topology_board{-1};
};

inline constexpr int kSpectatorSeat = -1;

struct Member {
    using Clock = std::chrono::steady_clock;
    std::shared_ptr<Connection> conn;
    int seat = kSpectatorSeat;
    std::string name;  // spectators who joined by name; seated members use their seat's name
    int spectator_number = 0;  // a spectator's number in this room, for its chat name
    bool display = false;      // a spectator that is a table display (counted in the room document)
    // Sync coalescing (Room::on_sync): snapshots its syncs may still have at once (refilled one per
    // sync interval), and whether one is already scheduled for syncs beyond that.
    double sync_tokens = -1;  // -1: the full burst (the options are not at hand here)
    Clock::time_point sync_refill{};
    bool snapshot_due = false;

    void send(Message message) const { conn->outbox->send(std::move(message)); }
};

}  // namespace catan::room
