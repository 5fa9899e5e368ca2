// Per viewer, a change diffs the new parts against what its connections last received and sends one
// serialised update, shared by that viewer's connections. Snapshots send the whole document.
#include "view_publisher.hpp"

#include "catan/room/json_diff.hpp"
#include "messages.hpp"

namespace catan::room {

using nlohmann::json;

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

std::string ViewPublisher::room_ops(json room) {
    json patch = json::array();
    std::string path = "/room";
    append_diff(room_doc_, room, path, patch);
    room_doc_ = std::move(room);
    std::string ops;
    append_ops(ops, patch);
    return ops;
}

std::string ViewPublisher::timer_ops(json timer) {
    const json op = {{"op", "replace"}, {"path", "/room/timer"}, {"value", timer}};
    room_doc_["timer"] = std::move(timer);
    return op.dump();
}

// "you": the viewer's seat (null for spectators). Per seat, so every connection of a seat still
// shares one document; after a reseat the seat's occupant is told its new number in the next update.
json ViewPublisher::viewer_room(int viewer, const ViewSource& source) const {
    json room = room_doc_;
    room["you"] = viewer >= 0 ? json(viewer) : json(nullptr);
    if (room["timer"].is_object()) room["timer"] = source.timer();  // its remaining time as of now
    return room;
}

// Starts the viewer's parts afresh: used when its connections are sent the whole game part.
json ViewPublisher::game_view(int viewer, ViewerDoc& doc, const ViewSource& source) {
    doc.parts.clear();
    if (!source.has_game()) return nullptr;
    if (public_parts_.empty()) source.public_parts(public_parts_, nullptr);
    source.viewer_parts(viewer, doc.parts, nullptr);
    return assembled_view(doc, source);
}

// The game's view and what the room adds to it from the game's history (doc.game.stats).
json ViewPublisher::assembled_view(const ViewerDoc& doc, const ViewSource& source) const {
    json view = source.assemble(public_parts_, doc.parts);
    view["stats"] = source.stats();
    return view;
}

// The public parts are diffed once for every viewer. A game that appeared or went away (start,
// play again) is sent whole instead, with each viewer's own parts.
std::string ViewPublisher::public_game_ops(bool& whole, const ViewSource& source) {
    std::string ops;
    const bool game = source.has_game();
    whole = !game || public_parts_.empty();
    if (whole) {
        public_parts_.clear();
        if (game) source.public_parts(public_parts_, nullptr);
    } else {
        const game::PatchSink sink{ops, "/game"};
        source.public_parts(public_parts_, &sink);
    }
    // The stats are public too, diffed part by part; the first time in a game (a restored room) whole.
    if (!game) {
        stats_parts_.clear();
    } else if (whole || !stats_parts_.empty()) {
        const game::PatchSink sink{ops, "/game"};
        source.stats_parts(stats_parts_, whole ? nullptr : &sink);
    } else {
        source.stats_parts(stats_parts_, nullptr);
        if (!ops.empty()) ops += ',';
        ops += R"({"op":"replace","path":"/game/stats","value":)" + source.stats().dump() + "}";
    }
    return ops;
}

void ViewPublisher::send_updates(Changed what, const std::string& shared_room_ops, const ViewSource& source, const Members& members,
                                 int board, const Connection* exclude, std::vector<const Member*>& need_snapshot) {
    bool whole_game = false;
    const std::string shared_game_ops = what != Changed::Room ? public_game_ops(whole_game, source) : std::string();
    std::array<int, kMaxSeats + 1> connections{};  // [0]: spectators, [seat + 1]
    for (const auto& [conn, m] : members) ++connections[m.seat + 1];

    std::vector<const Member*> recipients;
    for (int viewer = kSpectatorSeat; viewer < kMaxSeats; ++viewer) {
        if (connections[viewer + 1] == 0) continue;
        recipients.clear();
        for (const auto& [conn, m] : members)
            if (m.seat == viewer && conn != exclude) recipients.push_back(&m);
        ViewerDoc& doc = this->doc(viewer);
        std::string ops;
        if (!doc.sent) {
            // Its first connection, being welcomed: nothing to diff against; the snapshot that
            // follows starts its document when no other connection of it is here to receive one.
            if (recipients.empty()) continue;
            const json whole = {{"room", viewer_room(viewer, source)}, {"game", game_view(viewer, doc, source)}};
            append_replace(ops, "", whole);
            doc.sent = true;
            doc.told_seat = viewer;
        } else {
            // Kept current even with no recipient this time: the excluded newcomer's snapshot is
            // built from it.
            ops = shared_room_ops;
            if (viewer >= 0 && doc.told_seat != viewer) {  // moved by a reseat since the last update
                append_replace(ops, "/room/you", viewer);
                doc.told_seat = viewer;
            }
            if (what != Changed::Room) {
                if (whole_game) {
                    append_replace(ops, "/game", game_view(viewer, doc, source));
                } else {
                    if (!shared_game_ops.empty()) {
                        if (!ops.empty()) ops += ',';
                        ops += shared_game_ops;
                    }
                    const game::PatchSink sink{ops, "/game"};
                    source.viewer_parts(viewer, doc.parts, &sink);
                }
            }
        }
        if (recipients.empty()) continue;
        const Message message = update_message(seq_, ops, source.events(viewer), source.legal(viewer));
        for (const Member* m : recipients)
            if (m->conn->topology_board.load() == board)
                m->send(message);
            else
                need_snapshot.push_back(m);
    }
}

void ViewPublisher::send_snapshot(const Member& m, const ViewSource& source, int board, std::uint64_t chat_version) {
    ViewerDoc& doc = this->doc(m.seat);
    const bool with_topology = m.conn->topology_board.exchange(board) != board;
    if (doc.sent && (with_topology ? doc.topology_seq : doc.snapshot_seq) == seq_ &&
        (with_topology ? doc.topology_chat : doc.snapshot_chat) == chat_version && (!with_topology || doc.topology_board == board))
        if (Message same = (with_topology ? doc.topology_snapshot : doc.snapshot).lock())
            return m.send(std::move(same));  // every change moves seq
    json game = doc.sent && source.has_game() ? assembled_view(doc, source) : game_view(m.seat, doc, source);
    doc.sent = true;
    doc.told_seat = m.seat;
    json body = {{"seq", seq_},
                 {"doc", {{"room", viewer_room(m.seat, source)}, {"game", std::move(game)}}},
                 {"legal", json::parse(source.legal(m.seat))},
                 {"chat", source.chat(m)},
                 {"log", source.log(m.seat)}};
    if (with_topology) body["topology"] = source.topology(board);
    Message message = envelope("snapshot", std::move(body));
    if (!with_topology) {
        doc.snapshot = message;
        doc.snapshot_seq = seq_;
        doc.snapshot_chat = chat_version;
    } else {
        doc.topology_snapshot = message;
        doc.topology_seq = seq_;
        doc.topology_chat = chat_version;
        doc.topology_board = board;
    }
    m.send(std::move(message));
}

void ViewPublisher::reseat(const SeatSource& source) {
    std::array<ViewerDoc, kMaxSeats> next{};
    for (int i = 0; i < kMaxSeats; ++i)
        if (source[i] >= 0) next[i] = std::move(seats_[source[i]]);
    seats_ = std::move(next);
}

void ViewPublisher::clear() {
    for (ViewerDoc& d : seats_) d.reset();
    spectators_.reset();
    public_parts_.clear();
}

void ViewPublisher::set_summary(json summary) {
    const std::lock_guard lock(summary_mutex_);
    summary_ = std::move(summary);
}

json ViewPublisher::summary() const {
    const std::lock_guard lock(summary_mutex_);
    return summary_;
}

}  // namespace catan::room
