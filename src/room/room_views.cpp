// What each viewer sees: {"room": the room part, common to all, "game": player_view for the viewer}.
// The room keeps the room part once and, per viewer (each seat, and all spectators together), the
// game part its connections last received; a change diffs the new parts against them and sends one
// serialised update per viewer, shared by that viewer's connections. Snapshots send the whole doc.
#include "catan/proto/proto.hpp"
#include "catan/room/json_diff.hpp"
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
    }
    // The seed never leaves the server while the game runs (it would reveal the deck order and every
    // roll): only the commitment to it does, and seed and salt once the game is over.
    json fairness = nullptr;
    if (game_ && !commitment_.empty()) {
        const bool over = phase_ == RoomPhase::Finished;
        fairness = {{"commitment", commitment_},
                    {"seed", over ? json(std::to_string(game_->options.seed)) : json(nullptr)},
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
            {"fairness", std::move(fairness)},
            {"seed_chosen", seed_chosen},
            {"timer", timer_json()},
            {"limits", limits_json()}};
}

// The room's own limits, so a client shows them rather than keeping copies (the game's rules come
// with the topology: proto::rules_json).
json Room::limits_json() {
    static const json limits = {{"chat_chars", kMaxChatChars},
                                {"name_chars", kMaxNameChars},
                                {"turn_timer", kTurnTimerChoices},
                                {"takeover_after", {{"min", 0}, {"max", kMaxTakeoverSeconds}}}};
    return limits;
}

// "you": the viewer's seat (null for spectators). Per seat, so every connection of a seat still
// shares one document; after a reseat the seat's occupant is told its new number in the next update.
json Room::viewer_room(int viewer) const {
    json room = room_doc_;
    room["you"] = viewer >= 0 ? json(viewer) : json(nullptr);
    if (room["timer"].is_object()) room["timer"] = timer_json();  // its remaining time as of now
    return room;
}

// Starts the viewer's parts afresh: used when its connections are sent the whole game part.
json Room::game_view(int viewer, ViewerDoc& doc) {
    doc.parts.clear();
    if (!game_) return nullptr;
    if (public_parts_.empty()) proto::update_public_parts(*game_, public_parts_);
    proto::update_viewer_parts(*game_, viewer >= 0 ? viewer : proto::kSpectator, doc.parts);
    return assembled_view(doc);
}

// The engine's view and what the room adds to it from the game's history (doc.game.stats).
json Room::assembled_view(const ViewerDoc& doc) const {
    json view = proto::assemble_view(public_parts_, doc.parts);
    view["stats"] = stats_text_.empty() ? stats_json() : json::parse(stats_text_);
    return view;
}

BoardKind Room::board_kind() const { return game_ ? game_->board_kind : board_for_players(options_.players); }

json Room::legal(int viewer) const {
    return game_ && viewer >= 0 ? proto::legal_actions_json(*game_, viewer) : json(nullptr);
}

namespace {

void append_ops(std::string& ops, const json& patch) {
    for (const json& op : patch) {
        if (!ops.empty()) ops += ',';
        ops += op.dump();
    }
}

void append_replace(std::string& ops, std::string_view path, const json& value) {
    append_ops(ops, json::array({{{"op", "replace"}, {"path", path}, {"value", value}}}));
}

}  // namespace

std::string Room::room_ops() {
    json room = room_doc();
    json patch = json::array();
    std::string path = "/room";
    append_diff(room_doc_, room, path, patch);
    room_doc_ = std::move(room);
    std::string ops;
    append_ops(ops, patch);
    return ops;
}

// The public parts are diffed once for every viewer. A game that appeared or went away (start,
// play again) is sent whole instead, with each viewer's own parts.
std::string Room::public_game_ops(bool& whole) {
    std::string ops;
    whole = !game_ || public_parts_.empty();
    if (whole) {
        public_parts_.clear();
        if (game_) proto::update_public_parts(*game_, public_parts_);
    } else {
        const proto::PatchSink sink{ops, "/game"};
        proto::update_public_parts(*game_, public_parts_, &sink);
    }
    // The stats are public too: one part, replaced when it changed.
    std::string stats = game_ ? stats_json().dump() : std::string();
    if (!whole && stats != stats_text_) {
        if (!ops.empty()) ops += ',';
        ops += R"({"op":"replace","path":"/game/stats","value":)" + stats + "}";
    }
    stats_text_ = std::move(stats);
    return ops;
}

void Room::publish(Changed what, const std::vector<Event>* events, const Connection* exclude) {
    const bool new_decision = update_timer();
    ++seq_;
    std::string shared_room_ops = what != Changed::Game ? room_ops() : std::string();
    // Before anyone hears of the change: a client that calls the REST API on an update sees it there too.
    if (!shared_room_ops.empty()) publish_summary();  // what REST shows is a subset of the room part
    if (new_decision && what == Changed::Game) shared_room_ops = timer_ops();  // the rest of the room part is as it was
    bool whole_game = false;
    const std::string shared_game_ops = what != Changed::Room ? public_game_ops(whole_game) : std::string();
    const proto::SeatNames names = seat_names();
    const int board = static_cast<int>(board_kind());
    std::vector<Member*> new_board;  // their connections hold another board's topology: sent a snapshot instead

    std::vector<const Member*> recipients;
    for (int viewer = kSpectatorSeat; viewer < kMaxPlayers; ++viewer) {
        if ((viewer >= 0 ? seats_[viewer].connections : spectators_) == 0) continue;
        recipients.clear();
        for (const auto& [conn, m] : members_)
            if (m.seat == viewer && conn != exclude) recipients.push_back(&m);
        ViewerDoc& doc = viewer_doc(viewer);
        std::string ops;
        if (!doc.sent) {
            // Its first connection, being welcomed: nothing to diff against; the snapshot that
            // follows starts its document when no other connection of it is here to receive one.
            if (recipients.empty()) continue;
            const json whole = {{"room", viewer_room(viewer)}, {"game", game_view(viewer, doc)}};
            append_replace(ops, "", whole);
            doc.sent = true;
            if (viewer >= 0) seats_[viewer].told_seat = viewer;
        } else {
            // Kept current even with no recipient this time: the excluded newcomer's snapshot is
            // built from it.
            ops = shared_room_ops;
            if (viewer >= 0 && seats_[viewer].told_seat != viewer) {  // moved by a reseat since the last update
                append_replace(ops, "/room/you", viewer);
                seats_[viewer].told_seat = viewer;
            }
            if (what != Changed::Room) {
                if (whole_game) {
                    append_replace(ops, "/game", game_view(viewer, doc));
                } else {
                    if (!shared_game_ops.empty()) {
                        if (!ops.empty()) ops += ',';
                        ops += shared_game_ops;
                    }
                    const proto::PatchSink sink{ops, "/game"};
                    proto::update_viewer_parts(*game_, viewer >= 0 ? viewer : proto::kSpectator, doc.parts, &sink);
                }
            }
        }
        if (recipients.empty()) continue;
        const json event_list = events ? proto::events_json(*events, viewer >= 0 ? viewer : proto::kSpectator, names) : json::array();
        const Message message = update_message(seq_, ops, event_list, legal(viewer));
        for (const Member* m : recipients)
            if (m->conn->topology_board.load() == board)
                reply(*m, message);
            else
                new_board.push_back(&members_.at(m->conn.get()));
    }
    for (Member* m : new_board) send_snapshot(*m);
    drive_bots();  // a bot may have to act now
}

void Room::send_snapshot(Member& m) {
    ViewerDoc& doc = viewer_doc(m.seat);
    const int board = static_cast<int>(board_kind());
    const bool with_topology = m.conn->topology_board.exchange(board) != board;
    if (doc.sent && (with_topology ? doc.topology_seq : doc.snapshot_seq) == seq_ &&
        (with_topology ? doc.topology_chat : doc.snapshot_chat) == chat_version_ && (!with_topology || doc.topology_board == board))
        if (Message same = (with_topology ? doc.topology_snapshot : doc.snapshot).lock())
            return reply(m, std::move(same));  // every change moves seq
    json game = doc.sent && game_ ? assembled_view(doc) : game_view(m.seat, doc);
    doc.sent = true;
    if (m.seat >= 0) seats_[m.seat].told_seat = m.seat;
    json chat = json::array();
    for (const json& entry : chat_)
        if (hears(m, entry)) chat.push_back(entry);
    json body = {{"seq", seq_},
                 {"doc", {{"room", viewer_room(m.seat)}, {"game", std::move(game)}}},
                 {"legal", legal(m.seat)},
                 {"chat", std::move(chat)},
                 {"log", log_json(m.seat)}};
    if (with_topology) body["topology"] = proto::topology_json(board_kind());
    Message message = envelope("snapshot", std::move(body));
    if (!with_topology) {
        doc.snapshot = message;
        doc.snapshot_seq = seq_;
        doc.snapshot_chat = chat_version_;
    } else {
        doc.topology_snapshot = message;
        doc.topology_seq = seq_;
        doc.topology_chat = chat_version_;
        doc.topology_board = board;
    }
    reply(m, std::move(message));
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
                    {"spectators", spectators_}};
    const std::lock_guard lock(summary_mutex_);
    summary_ = std::move(summary);
}

json Room::summary() const {
    const std::lock_guard lock(summary_mutex_);
    return summary_;
}

}  // namespace catan::room
