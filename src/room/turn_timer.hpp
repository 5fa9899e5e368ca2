#pragma once
// The turn timer's view of a game (docs/protocol.md, "Turn timer"): which decision the game is
// waiting for, from whom, and how long that decision may take. Read from the engine's state only;
// no rule is decided here (who may act is the engine's players_to_act).
#include <chrono>
#include <cstdint>
#include <optional>

#include "catan/engine/state.hpp"

namespace catan::room {

enum class Decision : std::uint8_t { None, Turn, Setup, Discard, Robber, Trade };
const char* to_string(Decision d);

// One decision the game waits for. Two states with the same kind and identity are the same
// decision still pending (a discard some seats have made already), so its deadline stays.
struct PendingDecision {
    Decision kind = Decision::None;
    unsigned seats = 0;         // bit i: seat i is being waited for
    std::uint32_t identity = 0; // turn, seat on turn and setup step (see pending_decision)
    std::uint32_t turn = 0;     // the turn (or setup step) it belongs to: a new one restarts the turn clock
};
PendingDecision pending_decision(const GameState& s);

// The limit of each kind of decision for a room's turn limit. Setup: one settlement and its road,
// half a turn. Discards, the robber and answers to an offer: 30 s (never longer than the turn).
inline constexpr std::chrono::seconds kShortDecision{30};
std::chrono::milliseconds decision_limit(Decision d, int turn_seconds);

}  // namespace catan::room

namespace catan::room {

// A room's timer while a game runs. One wake-up at a time is pending per room (wake): a deadline
// later than it is re-armed when it fires, an earlier one arms a new wake-up and the old one finds
// another wake_id and does nothing. So a room is woken once per deadline, never per second, and a
// room with the timer off never arms one.
struct TimerState {
    using Clock = std::chrono::steady_clock;
    PendingDecision decision;  // the one being timed; kind None: no timer running
    Clock::time_point deadline{};
    // The turn clock: the whole of the current player's turn, set when the turn starts; stopped
    // (turn_paused holds what is left) while other players discard.
    std::uint32_t turn = ~0u;
    Clock::time_point turn_deadline{};
    std::optional<std::chrono::milliseconds> turn_paused;
    unsigned expired = 0;       // seats whose pending decision the bot takes
    bool turn_expired = false;  // the player on turn ran out: the bot plays out and ends their turn
    std::optional<Clock::time_point> wake;
    std::uint64_t wake_id = 0;
    // Numbers each decision timed in this room (room.timer.id): a client tells a new decision from
    // the last one by it, even when both have the same limit and seats.
    std::uint64_t decisions = 0;
};

}  // namespace catan::room
