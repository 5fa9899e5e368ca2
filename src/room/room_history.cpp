// What the room remembers of the current game beyond the session: its times. The recent events (the
// snapshot's `log`, so a mid-game spectator or a new device sees what happened) and the statistics
// (doc.game.stats) are the session's (Session::history, Session::stats), made from the game's events;
// a restored session replays its whole log to rebuild them, so they are the same after a restart.
#include <algorithm>
#include <map>

#include "room.hpp"

namespace catan::room {

using nlohmann::json;

namespace {

std::optional<std::int64_t> time_in(const json& options, const char* key) {
    if (options.contains(key) && options[key].is_number_integer()) return options[key].get<std::int64_t>();
    return std::nullopt;
}

}  // namespace

void Room::start_history(std::optional<std::int64_t> started_at) {
    started_at_ = started_at;
    ended_at_.reset();
    seat_notes_.clear();
    unsent_notes_ = json::array();
    views_.forget_stats();  // a new game: its stats are not the last ones published
}

json Room::log_json(int viewer) const {
    if (!game_) return json::array();  // the lobby, also after play_again
    json log = game_->history(viewer >= 0 ? viewer : game::kSpectator, seats_.names());
    if (seat_notes_.empty()) return log;
    // Where each note goes: after the events it followed, found in the log as a spectator sees it (a
    // viewer's own log may show more of an event, never other events).
    const json seen = viewer >= 0 ? game_->history(game::kSpectator, seats_.names()) : log;
    std::vector<std::string> texts;
    for (const json& e : seen) texts.push_back(e.dump());
    std::vector<std::pair<std::size_t, const json*>> placed;  // (log index it goes before, note)
    std::map<int, std::size_t> taken;  // seat -> its bot_took_over in `placed`, while no later note of it was dropped
    for (const SeatNote& n : seat_notes_) {
        std::optional<std::size_t> at;
        // The log still starts where it did: the place is the length it had then. Otherwise (its oldest
        // events have gone) the events before the note are looked for; a note from the game's first few
        // events has left with them.
        if (texts.size() >= n.length && (n.length == 0 || texts[0] == n.first)) at = n.length;
        for (std::size_t end = texts.size(); !at && n.after.size() == 3 && end >= n.after.size(); --end) {
            if (std::equal(n.after.begin(), n.after.end(), texts.begin() + static_cast<std::ptrdiff_t>(end - n.after.size()))) at = end;
            if (end == 0) break;
        }
        const int seat = n.event["player"].get<int>();
        if (!at) {
            // Older than the log's window. A takeover kept at the window's start (it began before the
            // game's first event) must not outlive a return that left the window.
            if (const auto it = taken.find(seat); it != taken.end()) placed[it->second].second = nullptr;
            continue;
        }
        if (n.event["type"] == "bot_took_over") taken[seat] = placed.size();
        else taken.erase(seat);
        placed.emplace_back(*at, &n.event);
    }
    std::erase_if(placed, [](const auto& p) { return p.second == nullptr; });
    std::stable_sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    json out = json::array();
    std::size_t next = 0;
    for (std::size_t i = 0; i <= log.size(); ++i) {
        for (; next < placed.size() && placed[next].first == i; ++next) out.push_back(*placed[next].second);
        if (i < log.size()) out.push_back(std::move(log[i]));
    }
    return out;
}

void Room::note_seat(const char* type, int seat) {
    if (!game_) return;
    const std::string& name = seats_[seat].name;
    const std::string text = std::string(type) == "bot_took_over" ? name + " is away: a bot plays their seat until they are back."
                                                                    : name + " is back and plays their seat again.";
    json event = {{"type", type}, {"player", seat}, {"text", text}};
    const json seen = game_->history(game::kSpectator, seats_.names());
    SeatNote note{event, {}, seen.size(), seen.empty() ? std::string() : seen[0].dump()};
    for (std::size_t i = seen.size() > 3 ? seen.size() - 3 : 0; i < seen.size(); ++i) note.after.push_back(seen[i].dump());
    // A game's absences are few; a flapping connection must not grow this without bound.
    if (seat_notes_.size() >= 256) seat_notes_.erase(seat_notes_.begin());
    seat_notes_.push_back(std::move(note));
    unsent_notes_.push_back(std::move(event));
}

json Room::stats_json() const { return game_ ? game_->stats(started_at_, ended_at_) : json(nullptr); }

void Room::stats_parts(game::ViewParts& parts, const game::PatchSink* sink) const {
    if (game_) game_->update_stats(parts, sink, started_at_, ended_at_);
}

// The game is over: its end time goes with the game's options (saved with the winning command), so a
// restored room shows the same ended_at.
void Room::note_game_end() {
    notify_game_over();
    ended_at_ = store::now_ms();
    json options = json::parse(game_options_);
    options["ended_at"] = *ended_at_;
    game_options_ = options.dump();
}

void Room::restore_times(const store::RoomRecord& r) {
    const json options = json::parse(r.game_options);
    start_history(time_in(options, "started_at"));  // missing: a game started by an earlier version
    if (game_->over()) {
        ended_at_ = time_in(options, "ended_at");
        if (!ended_at_) ended_at_ = r.updated_ms;  // an earlier version's record: its last write, the winning command
    }
}

}  // namespace catan::room
