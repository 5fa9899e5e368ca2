// What each viewer sees: {"room": the room part, common to all, "game": player_view for the viewer}.
// The room keeps the room part once and, per viewer (each seat, and all spectators together), the
// game part its connections last received; a change diffs the new parts against them and sends one
// serialised update per viewer, shared by that viewer's connections. Snapshots send the whole doc.
#include "catan/proto/proto.hpp"
#include "catan/room/json_diff.hpp"
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
    // The seed never leaves the server (it would reveal the deck order and every roll).
    return {{"code", code_},
            {"phase", to_string(phase_)},
            {"options", options_json()},
            {"host", host >= 0 ? json(host) : json(nullptr)},
            {"seats", std::move(seats)},
            {"spectators", spectators_}};
}

// "you": the viewer's seat (null for spectators). Per seat, so every connection of a seat still
// shares one document; after a reseat the seat's occupant is told its new number in the next update.
json Room::viewer_room(int viewer) const {
    json room = room_doc_;
    room["you"] = viewer >= 0 ? json(viewer) : json(nullptr);
    return room;
}

json Room::game_doc(int viewer) const {
    return game_ ? proto::player_view(*game_, viewer >= 0 ? viewer : proto::kSpectator) : json(nullptr);
}

json Room::legal(int viewer) const {
    return game_ && viewer >= 0 ? proto::legal_actions_json(*game_, viewer) : json(nullptr);
}

void Room::publish(const std::vector<Event>* events, bool game_changed, const Connection* exclude) {
    ++seq_;
    // The room part is common to every viewer: one diff, copied into each viewer's patch.
    json room_patch = json::array();
    {
        json room = room_doc();
        std::string path = "/room";
        append_diff(room_doc_, room, path, room_patch);
        room_doc_ = std::move(room);
    }
    proto::SeatNames names = proto::default_seat_names();
    for (int i = 0; i < kMaxPlayers; ++i)
        if (seats_[i].taken) names[i] = seats_[i].name;

    for (int viewer = kSpectatorSeat; viewer < kMaxPlayers; ++viewer) {
        if ((viewer >= 0 ? seats_[viewer].connections : spectators_) == 0) continue;
        std::optional<json>& game = viewer_game(viewer);
        json patch;
        if (!game) {  // its first connection (being welcomed): nothing to diff against yet
            game = game_doc(viewer);
            patch = json::array({{{"op", "replace"}, {"path", ""}, {"value", {{"room", viewer_room(viewer)}, {"game", *game}}}}});
            if (viewer >= 0) seats_[viewer].told_seat = viewer;
        } else {
            patch = room_patch;
            if (viewer >= 0 && seats_[viewer].told_seat != viewer) {  // moved by a reseat since the last update
                patch.push_back({{"op", "replace"}, {"path", "/room/you"}, {"value", viewer}});
                seats_[viewer].told_seat = viewer;
            }
            if (game_changed) {  // presence and lobby changes leave the game alone: no view to build
                json fresh = game_doc(viewer);
                std::string path = "/game";
                append_diff(*game, fresh, path, patch);
                *game = std::move(fresh);
            }
        }
        std::vector<const Member*> recipients;
        for (const auto& [conn, m] : members_)
            if (m.seat == viewer && conn != exclude) recipients.push_back(&m);
        if (recipients.empty()) continue;
        json update = {{"seq", seq_},
                       {"patch", std::move(patch)},
                       {"events", events ? proto::events_json(*events, viewer >= 0 ? viewer : proto::kSpectator, names)
                                         : json::array()},
                       {"legal", legal(viewer)}};
        const Message message = envelope("update", std::move(update));
        for (const Member* m : recipients) reply(*m, message);
    }
    if (!room_patch.empty()) publish_summary();  // what REST shows is a subset of the room part
    drive_bots();  // a bot may have to act now
}

void Room::send_snapshot(const Member& m) {
    std::optional<json>& game = viewer_game(m.seat);
    if (!game) game = game_doc(m.seat);
    json chat = json::array();
    for (const json& entry : chat_) chat.push_back(entry);
    json body = {{"seq", seq_}, {"doc", {{"room", viewer_room(m.seat)}, {"game", *game}}}, {"legal", legal(m.seat)}, {"chat", std::move(chat)}};
    if (!m.conn->topology_sent.exchange(true)) body["topology"] = proto::topology_json();
    reply(m, envelope("snapshot", std::move(body)));
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
