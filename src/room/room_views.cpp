// What each viewer sees. The room keeps, per viewer (each seat, and all spectators together), the
// document its connections last received; a change diffs the new document against it and sends one
// serialised update, shared by that viewer's connections. Snapshots send the document whole.
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
        seats.push_back({{"seat", i}, {"name", s.taken ? json(s.name) : json(nullptr)}, {"connected", s.connections > 0}});
    }
    // The seed never leaves the server (it would reveal the deck order and every roll).
    return {{"code", code_},
            {"phase", to_string(phase_)},
            {"options", {{"players", options_.players}, {"vp_target", options_.vp_target}}},
            {"host", host >= 0 ? json(host) : json(nullptr)},
            {"seats", std::move(seats)},
            {"spectators", spectators_}};
}

json Room::game_doc(int viewer) const {
    return game_ ? proto::player_view(*game_, viewer >= 0 ? viewer : proto::kSpectator) : json(nullptr);
}

json Room::legal(int viewer) const {
    return game_ && viewer >= 0 ? proto::legal_actions_json(*game_, viewer) : json(nullptr);
}

void Room::publish(const std::vector<Event>* events, bool game_changed, const Connection* exclude) {
    ++seq_;
    const json room = room_doc();
    proto::SeatNames names = proto::default_seat_names();
    for (int i = 0; i < kMaxPlayers; ++i)
        if (seats_[i].taken) names[i] = seats_[i].name;

    for (int viewer = kSpectatorSeat; viewer < kMaxPlayers; ++viewer) {
        if ((viewer >= 0 ? seats_[viewer].connections : spectators_) == 0) continue;
        json& doc = viewer_doc(viewer);
        json patch = json::array();
        if (doc.is_null()) {  // its first connection (being welcomed): nothing to diff against yet
            doc = {{"room", room}, {"game", game_doc(viewer)}};
            patch.push_back({{"op", "replace"}, {"path", ""}, {"value", doc}});
        } else {
            std::string path = "/room";
            append_diff(doc["room"], room, path, patch);
            doc["room"] = room;
            if (game_changed) {  // presence and lobby changes leave the game part alone: no view to build
                json game = game_doc(viewer);
                path = "/game";
                append_diff(doc["game"], game, path, patch);
                doc["game"] = std::move(game);
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
    publish_summary();
}

void Room::send_snapshot(const Member& m) {
    json& doc = viewer_doc(m.seat);
    if (doc.is_null()) doc = {{"room", room_doc()}, {"game", game_doc(m.seat)}};
    json chat = json::array();
    for (const json& entry : chat_) chat.push_back(entry);
    json body = {{"seq", seq_}, {"doc", doc}, {"legal", legal(m.seat)}, {"chat", std::move(chat)}};
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
                         {"host", s.host}});
    }
    json summary = {{"code", code_},
                    {"phase", to_string(phase_)},
                    {"options", {{"players", options_.players}, {"vp_target", options_.vp_target}}},
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
