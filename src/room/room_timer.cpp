// The turn timer (docs/protocol.md, "Turn timer"): after every change the room asks the game which
// decision it waits for (Session::pending) and keeps its deadline; when a deadline passes, the seats
// still owing that decision are handed to the bot loop (room_bots.cpp), which takes exactly that
// decision for them, or answers what the game says a seat out of time answers (Session::expiry_move:
// Catan declines an offer and ends the turn).
#include <spdlog/spdlog.h>

#include "room.hpp"

namespace catan::room {

using nlohmann::json;

Room::Clock::time_point Room::now() const { return context_->options.clock ? context_->options.clock() : Clock::now(); }

int Room::turn_seconds() const { return options_.turn_based() ? options_.turn_hours * 3600 : options_.turn_timer; }

bool Room::update_timer() {
    const bool changed = follow_pending();
    if (changed) keep_turn_clock();  // a turn-based room's, to the data file
    return changed;
}

bool Room::follow_pending() {
    TimerState& t = timer_;
    const game::Pending d =
        turn_seconds() > 0 && phase_ == RoomPhase::Playing && game_ ? game_->pending(turn_seconds(), options_.turn_based()) : game::Pending{};
    if (d.kind.empty()) {
        if (t.decision.kind.empty()) return false;  // off, or between games: costs nothing
        TimerState off;  // a pending wake-up finds no decision and does nothing
        off.wake = t.wake;
        off.wake_id = t.wake_id;
        off.decisions = t.decisions;
        t = off;
        return true;
    }
    const auto at = now();
    if (d.turn != t.turn) {
        t.turn = d.turn;
        t.turn_deadline = at + std::chrono::seconds(turn_seconds());
        t.turn_paused.reset();
        t.turn_expired = false;
    }
    // The player on turn waits for the others (discards): their clock stops meanwhile.
    if (d.pauses_turn && !t.turn_paused) {
        t.turn_paused = std::max(std::chrono::milliseconds(0), std::chrono::ceil<std::chrono::milliseconds>(t.turn_deadline - at));
    } else if (!d.pauses_turn && t.turn_paused) {
        t.turn_deadline = at + *t.turn_paused;
        t.turn_paused.reset();
    }
    const bool same = d.kind == t.decision.kind && d.identity == t.decision.identity;
    if (same && d.seats == t.decision.seats) return false;
    if (same) {  // some of the seats have decided (discards, answers): the others keep their deadline
        t.decision.seats = d.seats;
        t.expired &= d.seats;
        return true;
    }
    t.decision = d;
    t.expired = 0;
    ++t.decisions;
    if (d.whole_turn)
        t.deadline = t.turn_deadline;
    else if (d.counts_turn)  // the player on turn's own decision inside the turn, and the answers they wait for:
        t.deadline = std::min(at + d.limit, t.turn_deadline);  // never beyond the end of the turn
    else
        t.deadline = at + d.limit;
    arm_timer(t.deadline);
    notify_decision();  // its seats hear of it (turn-based rooms), with the deadline known
    return true;
}

void Room::arm_timer(Clock::time_point deadline) {
    TimerState& t = timer_;
    if (t.wake && *t.wake <= deadline) return;  // that wake-up comes first and re-arms for this deadline
    t.wake = deadline;
    const std::uint64_t id = ++t.wake_id;
    const auto delay = std::max(std::chrono::milliseconds(0), std::chrono::ceil<std::chrono::milliseconds>(deadline - now()));
    post_after(delay, [id](Room& r) { r.timer_due(id); });
}

void Room::timer_due(std::uint64_t wake_id) {
    TimerState& t = timer_;
    if (closed_ || wake_id != t.wake_id) return;  // superseded by an earlier wake-up
    t.wake.reset();
    if (t.decision.kind.empty() || !game_) return;
    const auto at = now();
    if (at < t.deadline) return arm_timer(t.deadline);  // the decision changed since this was armed
    if (options_.turn_based() && options_.on_timeout == OnTimeout::Wait) {
        // The game waits for them: room.timer shows the time run out, and nothing else happens.
        for (int seat = 0; seat < game_->players(); ++seat)
            if (t.decision.seats >> seat & 1u)
                spdlog::info("{} {} ran out of time ({}): the game waits for them", tag(seat), seats_[seat].name, t.decision.kind);
        keep_turn_clock();  // the next wake-up is no longer this deadline
        return;
    }
    const bool turn_over = t.decision.whole_turn || (t.decision.counts_turn && at >= t.turn_deadline);
    if (turn_over) t.turn_expired = true;
    if (!t.decision.whole_turn) t.expired |= t.decision.seats;
    for (int seat = 0; seat < game_->players(); ++seat)
        if ((t.decision.seats >> seat & 1u) && !seats_[seat].bot_controls())
            spdlog::info("{} {} ran out of time ({}): the bot takes the decision", tag(seat), seats_[seat].name, t.decision.kind);
    bots_.drive();
}

bool Room::timed_out(int seat) const {
    return game_ && ((timer_.expired >> seat & 1u) || (timer_.turn_expired && seat == game_->on_turn()));
}

// What a seat that ran out of time answers where the bot would choose for itself otherwise (the game
// says: Catan declines an offer, withdraws its own, and ends the turn rather than build or trade with
// the player's cards); elsewhere the bot chooses.
game::MovePtr Room::expiry_move(int seat) const {
    if (!game_ || seats_[seat].bot_controls() || !timed_out(seat)) return nullptr;
    return game_->expiry_move(seat);
}

json Room::timer_json() const {
    const TimerState& t = timer_;
    if (t.decision.kind.empty()) return nullptr;
    json seats = json::array();
    for (int seat = 0; seat < kMaxSeats; ++seat)
        if (t.decision.seats >> seat & 1u) seats.push_back(seat);
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(t.deadline - now()).count();
    return {{"decision", t.decision.kind},
            {"id", t.decisions},
            {"limit", std::chrono::duration_cast<std::chrono::seconds>(t.decision.limit).count()},
            {"remaining_ms", std::max<std::int64_t>(0, left)},
            {"seats", std::move(seats)}};
}

}  // namespace catan::room
