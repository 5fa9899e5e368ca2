// What each viewer sees: {"room": the room part, common to all, "game": the game's view for the
// viewer}. The room builds the room part and hands the publisher (view_publisher.hpp) a ViewSource for
// the game: the one place the views reach into the game session. A publish is ordered here: the timer,
// the seq, the room part's diff and the REST summary, then the updates, snapshots, and the bots.
#include <map>
#include <mutex>

#include "catan/room/text.hpp"
#include "room.hpp"

namespace catan::room {

using nlohmann::json;

json Room::room_doc() const {
    int host = -1;
    json seats = json::array();
    for (int i = 0; i < options_.players; ++i) {
        const Seat& s = seats_[i];
        if (s.host) host = i;
        seats.push_back({{"seat", i},
                         {"name", s.taken ? json(s.name) : json(nullptr)},
                         {"connected", s.connections > 0},
                         {"bot", bot_json(i)},
                         {"controlled_by", controlled_by_json(i)}});
        // Once the game is over: how many of the seat's moves were its player's and how many a bot's, so
        // "You win!" is not said to someone whose seat a bot played while they were away.
        if (phase_ == RoomPhase::Finished && s.taken && s.moves_known)
            seats.back()["moves"] = {{"own", s.own_moves}, {"bot", s.bot_moves}};
    }
    // The seed never leaves the server while the game runs (it would reveal the deck order and every
    // roll): only the commitment to it does, and seed and salt once the game is over.
    json fairness = nullptr;
    if (game_ && !commitment_.empty()) {
        const bool over = phase_ == RoomPhase::Finished;
        fairness = {{"commitment", commitment_},
                    {"seed", over ? json(std::to_string(game_->seed())) : json(nullptr)},
                    {"salt", over ? json(salt_) : json(nullptr)},
                    {"seed_chosen", game_seed_chosen_}};
    }
    // Whoever chose a seed knows every roll and card in advance (client_seeds.hpp): everyone is told,
    // in the lobby about the next game, during and after a game about that game.
    const bool seed_chosen = game_ ? game_seed_chosen_ : options_.seed && context_->options.allow_client_seeds;
    return {{"code", code_},
            {"phase", to_string(phase_)},
            {"options", options_json()},
            {"host", host >= 0 ? json(host) : json(nullptr)},
            {"seats", std::move(seats)},
            {"spectators", spectators_},
            {"displays", displays_},
            {"fairness", std::move(fairness)},
            {"seed_chosen", seed_chosen},
            {"timer", timer_json()},
            {"limits", limits_json()}};
}

// The room's own limits, so a client shows them rather than keeping copies (the game's rules come
// with its table: Catan sends its rules block with the topology).
json Room::limits_json() {
    static const json limits = {{"chat_chars", kMaxChatChars},
                                {"name_chars", kMaxNameChars},
                                {"turn_timer", kTurnTimerChoices},
                                {"takeover_after", {{"min", 0}, {"max", kMaxTakeoverSeconds}}},
                                {"turn_hours", {{"min", kMinTurnHours}, {"max", kMaxTurnHours}, {"default", kDefaultTurnHours}}}};
    return limits;
}

// A number per (game, table id), the same for the life of the process: connections keep the number
// of the table they hold (an atomic int), and a room compares it with its own. Every publish asks;
// the room keeps its last answer (the table changes only with the players count), so the process-wide
// lock is taken when the count changes, not once per command in every room.
int Room::table() const {
    const int players = table_players();
    if (players == table_cache_.players && options_version_ == table_cache_.options_version) return table_cache_.number;
    static std::mutex mutex;
    static std::map<std::string, int, std::less<>> numbers;
    const std::string key = module_->id() + '/' + module_->table_id(table_options());
    const std::lock_guard lock(mutex);
    const int number = numbers.try_emplace(key, static_cast<int>(numbers.size())).first->second;
    table_cache_ = {players, options_version_, number};
    return number;
}

// The game as the publisher shows it, for one publish (with its events) or one snapshot.
class Room::Shown final : public ViewSource {
public:
    Shown(const Room& room, bool events) : room_(room), events_(events), names_(room.seats_.names()) {}

    bool has_game() const override { return room_.game_ != nullptr; }
    void public_parts(game::ViewParts& parts, const game::PatchSink* sink) const override { room_.game_->update_public(parts, sink); }
    void viewer_parts(int viewer, game::ViewParts& parts, const game::PatchSink* sink) const override {
        room_.game_->update_viewer(as(viewer), parts, sink);
    }
    json assemble(const game::ViewParts& public_parts, const game::ViewParts& viewer_parts) const override {
        return room_.game_->assemble(public_parts, viewer_parts);
    }
    json stats() const override { return room_.stats_json(); }
    void stats_parts(game::ViewParts& parts, const game::PatchSink* sink) const override { room_.stats_parts(parts, sink); }
    std::string legal(int viewer) const override {
        return room_.game_ && viewer >= 0 ? room_.game_->legal_text(viewer) : std::string("null");
    }
    std::string events(int viewer) const override {
        std::string text = "[]";
        if (events_ && room_.game_) {
            if (room_.game_->events_differ_by_viewer()) text = room_.game_->last_events_text(as(viewer), names_);
            else {
                if (!public_events_) public_events_ = room_.game_->last_events_text(game::kSpectator, names_);
                text = *public_events_;
            }
        }
        // The room's seat notes (room_history.cpp) after the game's events, the same for everyone.
        if (room_.unsent_notes_.empty()) return text;
        if (!notes_) notes_ = room_.unsent_notes_.dump();
        if (text == "[]") return *notes_;
        return text.substr(0, text.size() - 1) + "," + notes_->substr(1);
    }
    json log(int viewer) const override { return room_.log_json(viewer); }
    json chat(const Member& m) const override {
        json chat = json::array();
        for (const json& entry : room_.chat_)
            if (hears(m, entry)) chat.push_back(entry);
        return chat;
    }
    // The room's table now: a connection asks for the one it lacks only when it differs from its own.
    json topology(int) const override { return room_.module_->table(room_.table_options()); }
    json timer() const override { return room_.timer_json(); }

private:
    static int as(int viewer) { return viewer >= 0 ? viewer : game::kSpectator; }
    const Room& room_;
    const bool events_;
    const std::vector<std::string> names_;
    mutable std::optional<std::string> public_events_;  // the events' text when every viewer sees the same
    mutable std::optional<std::string> notes_;          // the seat notes' text
};

void Room::publish(Changed what, bool events, const Connection* exclude) {
    const bool new_decision = update_timer();
    views_.advance();
    std::string room_ops = what != Changed::Game ? views_.room_ops(room_doc()) : std::string();
    // Before anyone hears of the change: a client that calls the REST API on an update sees it there too.
    if (!room_ops.empty()) publish_summary();  // what REST shows is a subset of the room part
    if (new_decision && what == Changed::Game) room_ops = views_.timer_ops(timer_json());  // the rest of the room part is as it was
    const Shown shown(*this, events);
    const int board = table();
    std::vector<const Member*> new_board;  // their connections hold another board's topology: sent a snapshot instead
    views_.send_updates(what, room_ops, shown, members_, board, exclude, new_board);
    unsent_notes_ = json::array();  // told: a later publish does not repeat them
    for (const Member* m : new_board) views_.send_snapshot(*m, shown, board, chat_version_);
    bots_.drive();  // a bot may have to act now
}

void Room::send_snapshot(const Member& m) {
    views_.send_snapshot(m, Shown(*this, false), table(), chat_version_);
}

void Room::publish_summary() {
    json seats = json::array();
    for (int i = 0; i < options_.players; ++i) {
        const Seat& s = seats_[i];
        seats.push_back({{"seat", i},
                         {"name", s.taken ? json(s.name) : json(nullptr)},
                         {"connected", s.connections > 0},
                         {"host", s.host},
                         {"bot", bot_json(i)},
                         {"controlled_by", controlled_by_json(i)}});
    }
    json summary = {{"code", code_},
                    {"phase", to_string(phase_)},
                    {"options", options_json()},
                    {"seats", std::move(seats)},
                    {"spectators", spectators_},
                    {"timer", summary_timer_json()}};
    views_.set_summary(std::move(summary));
}

}  // namespace catan::room
