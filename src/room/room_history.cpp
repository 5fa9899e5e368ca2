// What the room remembers of the current game beyond its state: the recent events (the snapshot's
// `log`, so a mid-game spectator or a new device sees what happened) and the statistics
// (doc.game.stats). Both come from the events alone; a restored room replays its whole command log
// to rebuild them, so they are the same after a restart.
#include <spdlog/spdlog.h>

#include "catan/proto/proto.hpp"
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
    recent_events_.clear();
    stats_ = proto::GameStats{};
    started_at_ = started_at;
    ended_at_.reset();
    views_.forget_stats();  // a new game: its stats are not the last ones published
}

void Room::record_history(const std::vector<Event>& events) {
    for (const Event& e : events) {
        recent_events_.push_back(e);
        if (recent_events_.size() > kLogEvents) recent_events_.pop_front();
    }
    stats_.add(events);
}

json Room::log_json(int viewer) const {
    const proto::SeatNames names = seats_.names();
    const int as = viewer >= 0 ? viewer : proto::kSpectator;
    json log = json::array();
    if (!game_) return log;  // the lobby, also after play_again
    for (const Event& e : recent_events_) log.push_back(proto::event_json(e, as, names));
    return log;
}

json Room::stats_json() const { return game_ ? stats_.to_json(*game_, started_at_, ended_at_) : json(nullptr); }

void Room::stats_parts(proto::ViewParts& parts, const proto::PatchSink* sink) const {
    if (game_) stats_.update_parts(*game_, started_at_, ended_at_, parts, sink);
}

// The game is over: its end time goes with the game's options (saved with the winning command), so a
// restored room shows the same ended_at.
void Room::note_game_end() {
    ended_at_ = store::now_ms();
    json options = json::parse(game_options_);
    options["ended_at"] = *ended_at_;
    game_options_ = options.dump();
}

void Room::rebuild_history(const store::RoomRecord& r) {
    const json options = json::parse(r.game_options);
    start_history(time_in(options, "started_at"));  // missing: a game started by an earlier version
    std::vector<Event> events;
    GameState replay = new_game(game_->options, &events);
    record_history(events);  // what the start showed (R-O5: the first-player rolls)
    for (std::size_t i = 0; i < log_.size(); ++i) {
        events.clear();
        if (const auto error = apply(replay, log_[i].command, &events)) {
            // The game itself was rebuilt (from its snapshot): only its history is short. The room
            // plays on rather than being set aside for it.
            spdlog::warn("[{}] the log and stats of game {} stop at command {}: replayed from the start it no longer applies ({})",
                         code_, r.game, i + 1, error->message);
            break;
        }
        record_history(events);
    }
    if (game_->phase == Phase::GameOver) {
        ended_at_ = time_in(options, "ended_at");
        if (!ended_at_) ended_at_ = r.updated_ms;  // an earlier version's record: its last write, the winning command
    }
}

}  // namespace catan::room
