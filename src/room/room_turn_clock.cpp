// A turn-based room's clock (docs/protocol.md, "Turn-based rooms"). Its deadlines are hours or days
// away, so they are kept in wall-clock time in the data file (Store::save_timer) whenever they change:
// a restart, or a room woken from its sleep, finds the decision it waited for with the time it had
// left, not a fresh limit. The rooms' own clock stays the steady one; these convert at the edges.
#include <spdlog/spdlog.h>

#include "catan/store/store.hpp"
#include "room.hpp"

namespace catan::room {

using nlohmann::json;

namespace {

std::optional<std::int64_t> optional_int(const json& j, const char* key) {
    if (!j.contains(key) || !j[key].is_number_integer()) return std::nullopt;
    return j[key].get<std::int64_t>();
}

}  // namespace

std::int64_t Room::wall_now() const { return context_->options.wall_clock ? context_->options.wall_clock() : store::now_ms(); }

std::int64_t Room::wall_ms(Clock::time_point t) const {
    return wall_now() + std::chrono::duration_cast<std::chrono::milliseconds>(t - now()).count();
}

Room::Clock::time_point Room::clock_at(std::int64_t wall) const { return now() + std::chrono::milliseconds(wall - wall_now()); }

bool Room::abandoned() const {
    const auto limit = std::chrono::duration_cast<std::chrono::milliseconds>(context_->options.abandoned_after).count();
    return options_.turn_based() && members_.empty() && wall_now() - person_active_ms_ >= limit;
}

json Room::turn_clock_json() const {
    const TimerState& t = timer_;
    json j = {{"decisions", t.decisions}, {"person_active_ms", person_active_ms_}};
    if (t.decision.kind.empty()) return j;
    j["decision"] = t.decision.kind;
    j["identity"] = t.decision.identity;
    j["turn"] = t.turn;
    j["deadline_ms"] = wall_ms(t.deadline);
    j["turn_deadline_ms"] = wall_ms(t.turn_deadline);
    if (t.turn_paused) j["turn_paused_ms"] = t.turn_paused->count();
    j["expired"] = t.expired;
    j["turn_expired"] = t.turn_expired;
    j["reminded"] = t.reminded;
    return j;
}

json Room::summary_timer_json() const {
    const TimerState& t = timer_;
    if (t.decision.kind.empty()) return nullptr;
    json seats = json::array();
    for (int seat = 0; seat < kMaxSeats; ++seat)
        if (t.decision.seats >> seat & 1u) seats.push_back(seat);
    return {{"decision", t.decision.kind}, {"seats", std::move(seats)}, {"deadline_ms", wall_ms(t.deadline)}};
}

std::optional<std::int64_t> Room::next_wake_ms() const {
    std::optional<std::int64_t> wake;
    const auto sooner = [&wake](std::int64_t at) { wake = wake ? std::min(*wake, at) : at; };
    const TimerState& t = timer_;
    // A deadline still to come: the bot takes the decision then (or, for a game that waits, the
    // player is told). One already past has been acted on; waking for it again would loop.
    if (!t.decision.kind.empty() && t.deadline > now()) sooner(wall_ms(t.deadline));
    if (const auto remind = reminder_due(); remind && *remind > now()) sooner(wall_ms(*remind));
    if (phase_ == RoomPhase::Finished) sooner(wall_ms(finished_at_ + context_->options.finished_room_keep));
    sooner(person_active_ms_ + std::chrono::duration_cast<std::chrono::milliseconds>(context_->options.abandoned_after).count());
    return wake;
}

void Room::keep_turn_clock() {
    if (!options_.turn_based() || !durable() || closed_) return;
    context_->options.store->save_timer(code_, turn_clock_json().dump(), next_wake_ms(), [code = code_](bool ok) {
        if (!ok) spdlog::warn("[{}] the turn clock could not be saved; after a restart the decision pending gets a full limit", code);
    });
}

void Room::restore_turn_clock(const std::string& record) {
    if (!options_.turn_based()) return;
    json j = json::parse(record.empty() ? "{}" : record, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object()) {
        spdlog::warn("[{}] the turn clock in the data file is not readable; the pending decision gets a full limit", code_);
        return;
    }
    if (const auto active = optional_int(j, "person_active_ms")) person_active_ms_ = *active;
    if (!game_ || phase_ != RoomPhase::Playing) return;
    TimerState& t = timer_;
    t.decisions = j.value("decisions", std::uint64_t{0});
    t.reminded = j.value("reminded", std::uint64_t{0});
    const game::Pending d = game_->pending(turn_seconds(), /*turn_based=*/true);
    if (d.kind.empty()) return;
    const auto turn = optional_int(j, "turn");
    const auto turn_deadline = optional_int(j, "turn_deadline_ms");
    if (!turn || !turn_deadline || static_cast<std::uint32_t>(*turn) != d.turn) return;  // a new turn: a fresh clock
    t.turn = d.turn;
    t.turn_deadline = clock_at(*turn_deadline);
    if (const auto paused = optional_int(j, "turn_paused_ms")) t.turn_paused = std::chrono::milliseconds(*paused);
    t.turn_expired = j.value("turn_expired", false);
    const auto identity = optional_int(j, "identity");
    const auto deadline = optional_int(j, "deadline_ms");
    if (!identity || !deadline || j.value("decision", std::string()) != d.kind || static_cast<std::uint32_t>(*identity) != d.identity) return;
    t.decision = d;
    t.deadline = clock_at(*deadline);
    t.expired = j.value("expired", game::SeatMask{0}) & d.seats;
}

}  // namespace catan::room
