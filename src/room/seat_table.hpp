#pragma once
// SeatTable: who sits where in one room.
// Owns: each seat's occupant (name, the hash of its token, host flag, a host-added bot's level),
// how many connections it has, whether a bot plays it for an absent player (takeover) and the
// absence number that tells a takeover timer armed for an older absence to do nothing; moving
// occupants between seats (reseat) and the orders the lobby moves them in; the names the host
// removed, which may not sit again for a while (removals.hpp).
// Must not: send anything, know the game, or keep documents; the room's other collaborators keep
// their own per-seat state (views: view_publisher.hpp, bot minds: bot_driver.hpp) and the room
// moves theirs along when it reseats (Room::reseat).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <vector>

#include "catan/room/envelope.hpp"  // kMaxSeats
#include "removals.hpp"

namespace catan::room {

struct Seat {
    bool taken = false;
    bool host = false;
    std::string name;
    std::string token_hash;  // secret_hash of the seat token
    int connections = 0;
    // A bot the host added (its level, one of the module's bot_levels): no token, no connection, never a member.
    std::optional<std::string> bot;
    // A bot plays this disconnected player's seat until they come back (docs/bots-external.md).
    bool taken_over = false;
    // Bumped whenever the seat's last connection goes or a first one comes: a takeover timer
    // armed for an older absence finds a different number and does nothing.
    std::uint64_t absence = 0;
    // This game's moves made by the occupant and by a bot for them (takeover, an expired timer), from
    // the start; not known for a game restored from the data file (its log does not say who moved).
    int own_moves = 0, bot_moves = 0;
    bool moves_known = false;

    bool bot_controls() const { return bot.has_value() || taken_over; }
};

// For a reseat: seat i takes the occupant of seat source[i] (-1: nobody); every taken seat appears once.
using SeatSource = std::array<int, kMaxSeats>;

class SeatTable {
public:
    Seat& operator[](int seat) { return seats_[seat]; }
    const Seat& operator[](int seat) const { return seats_[seat]; }
    auto begin() { return seats_.begin(); }
    auto end() { return seats_.end(); }
    auto begin() const { return seats_.begin(); }
    auto end() const { return seats_.end(); }

    int seated() const;
    int host() const;  // the host's seat, -1: none
    int first_free(int players) const;  // `players` when every seat is taken
    // The seat whose token has this hash (bots have none), -1: none. Compares every seat's hash.
    int seat_of_token(const std::string& token_hash) const;
    // A seated occupant whose name is the same as, or looks like, `name` (text.hpp match_names).
    const Seat* name_clash(std::string_view name, bool& looks_alike) const;
    std::string free_bot_name() const;  // "Bot 1", "Bot 2" ...: the first such name nobody here has
    // For event texts: the occupants' names, empty for a free seat (the game names it by default).
    std::vector<std::string> names() const;

    // A new occupant (its connections come later); `seat` is made the only host when `host`.
    Seat& take(int seat, std::string name, bool host);
    void free(int seat) { seats_[seat] = Seat{}; }

    // Moves the occupants; returns where each old seat went (-1: nowhere, it was empty).
    SeatSource reseat(const SeatSource& source);
    // The lobby's orders: seats compacted in order (the start: the game's seats are 0..n-1), and
    // seats past `players` moved down into the free ones below it (fewer players chosen).
    SeatSource compacted() const;
    SeatSource shrunk(int players) const;

    Removals& removed() { return removed_; }

private:
    std::array<Seat, kMaxSeats> seats_{};
    Removals removed_;
};

}  // namespace catan::room
