#pragma once
// The turn timer's state in one room (docs/protocol.md, "Turn timer"). Which decision the game waits
// for, from whom and for how long is the game's to say (game::Session::pending); the room keeps the
// deadlines here and hands the seats that ran out of time to its bots (room_timer.cpp).
#include <chrono>
#include <cstdint>
#include <optional>

#include "catan/game/module.hpp"

namespace catan::room {

// A room's timer while a game runs. One wake-up at a time is pending per room (wake): a deadline
// later than it is re-armed when it fires, an earlier one arms a new wake-up and the old one finds
// another wake_id and does nothing. So a room is woken once per deadline, never per second, and a
// room with the timer off never arms one.
struct TimerState {
    using Clock = std::chrono::steady_clock;
    game::Pending decision;  // the one being timed; empty kind: no timer running
    Clock::time_point deadline{};
    // The turn clock: the whole of the current player's turn, set when the turn starts; stopped
    // (turn_paused holds what is left) while other players discard.
    std::uint32_t turn = ~0u;
    Clock::time_point turn_deadline{};
    std::optional<std::chrono::milliseconds> turn_paused;
    game::SeatMask expired = 0;  // seats whose pending decision the bot takes
    bool turn_expired = false;   // the player on turn ran out: the bot plays out and ends their turn
    std::optional<Clock::time_point> wake;
    std::uint64_t wake_id = 0;
    // Numbers each decision timed in this room (room.timer.id): a client tells a new decision from
    // the last one by it, even when both have the same limit and seats.
    std::uint64_t decisions = 0;
    // Turn-based rooms: the decision (its number in `decisions`) whose seats were reminded that their
    // time runs out (room_notify.cpp), so a reminder goes once.
    std::uint64_t reminded = 0;
};

}  // namespace catan::room
