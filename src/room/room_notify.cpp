// Notifications in turn-based rooms (docs/operating.md, "Notifications"): a game over days moves only
// if people hear that it is their move. When a new decision is a person's who is not connected, they are
// told (HubOptions::notifier: Web Push and e-mail, each as they registered); once a quarter of its time is
// left (at most 12 hours before the deadline) those who still owe it are reminded, once; and when the
// game ends, every absent player hears it. Live rooms notify nobody: their players are at the table.
#include "catan/notify/notifier.hpp"
#include "room.hpp"

namespace catan::room {

namespace {

constexpr std::chrono::hours kLatestReminder{12};

}  // namespace

void Room::notify_seats(game::SeatMask seats, notify::Kind kind, const std::string& text) {
    const auto& notifier = context_->options.notifier;
    if (!notifier || !options_.turn_based() || !game_) return;
    const std::string url = context_->options.public_url + "/r/" + code_;
    for (int seat = 0; seat < game_->players(); ++seat) {
        const Seat& s = seats_[seat];
        // A bot's seat has nobody to tell; a connected player sees it on their screen.
        if (!(seats >> seat & 1u) || !s.taken || s.bot || s.connections > 0) continue;
        notifier->notify(code_, seat, kind, text, url);
    }
}

void Room::notify_decision() {
    const TimerState& t = timer_;
    notify_seats(t.decision.seats, notify::Kind::your_turn, "Room " + code_ + ": " + t.decision.kind);
    arm_reminder();
}

std::optional<Room::Clock::time_point> Room::reminder_due() const {
    const TimerState& t = timer_;
    if (!context_->options.notifier || !options_.turn_based() || t.decision.kind.empty() || t.reminded == t.decisions) return std::nullopt;
    const auto lead = std::min<Clock::duration>(std::chrono::duration_cast<Clock::duration>(t.decision.limit) / 4, kLatestReminder);
    return t.deadline - lead;
}

void Room::arm_reminder() {
    const auto at = reminder_due();
    if (!at) return;
    const auto delay = std::max(std::chrono::milliseconds(0), std::chrono::ceil<std::chrono::milliseconds>(*at - now()));
    post_after(delay, [decision = timer_.decisions](Room& r) { r.remind(decision); });
}

void Room::remind(std::uint64_t decision) {
    TimerState& t = timer_;
    if (closed_ || decision != t.decisions || t.reminded == decision || t.decision.kind.empty()) return;
    const auto at = reminder_due();
    if (!at || now() < *at) return;  // re-armed for a later time (a restored clock)
    t.reminded = decision;
    notify_seats(t.decision.seats, notify::Kind::time_running_out, "Room " + code_ + ": " + t.decision.kind);
    keep_turn_clock();
}

void Room::notify_game_over() {
    if (!game_) return;
    notify_seats(~game::SeatMask{0}, notify::Kind::game_over, "Room " + code_);
}

}  // namespace catan::room
