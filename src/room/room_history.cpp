// What the room remembers of the current game beyond the session: its times. The recent events (the
// snapshot's `log`, so a mid-game spectator or a new device sees what happened) and the statistics
// (doc.game.stats) are the session's (Session::history, Session::stats), made from the game's events;
// a restored session replays its whole log to rebuild them, so they are the same after a restart.
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
    views_.forget_stats();  // a new game: its stats are not the last ones published
}

json Room::log_json(int viewer) const {
    if (!game_) return json::array();  // the lobby, also after play_again
    return game_->history(viewer >= 0 ? viewer : game::kSpectator, seats_.names());
}

json Room::stats_json() const { return game_ ? game_->stats(started_at_, ended_at_) : json(nullptr); }

void Room::stats_parts(game::ViewParts& parts, const game::PatchSink* sink) const {
    if (game_) game_->update_stats(parts, sink, started_at_, ended_at_);
}

// The game is over: its end time goes with the game's options (saved with the winning command), so a
// restored room shows the same ended_at.
void Room::note_game_end() {
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
