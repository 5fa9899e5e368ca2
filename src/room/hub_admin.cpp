// The operator's view of the open rooms (docs/operating.md, "Admin"): what each room last published
// (its summary: seats, who is connected, spectators) joined with what the data file holds of it
// (age, last activity, commands, bytes). Closing goes through the room's executor like its own
// idle close: members are told "closing", then the data file forgets the room.
#include <map>

#include <spdlog/spdlog.h>

#include "catan/proto/error_json.hpp"
#include "catan/room/admin_view.hpp"
#include "catan/room/hub.hpp"
#include "catan/store/inspect.hpp"
#include "catan/store/store.hpp"
#include "messages.hpp"
#include "room.hpp"

namespace catan::room {

using nlohmann::json;

json admin_room_view(const json* summary, const store::RoomUsage* usage) {
    const auto or_null = [&](auto value) { return usage ? json(value) : json(nullptr); };
    json seats = json::array();
    if (summary) {
        for (const json& s : summary->value("seats", json::array())) {
            if (!s.contains("name") || s["name"].is_null()) continue;  // an empty seat
            seats.push_back({{"seat", s.value("seat", -1)},
                             {"name", s["name"]},
                             {"host", s.value("host", false)},
                             {"bot", s.contains("bot") ? s["bot"] : json(nullptr)},
                             {"connected", s.value("connected", false)},
                             {"controlled_by", s.contains("controlled_by") ? s["controlled_by"] : json(nullptr)}});
        }
    } else if (usage) {
        for (const store::SeatRecord& s : usage->room.seats)
            seats.push_back({{"seat", s.seat},
                             {"name", s.name},
                             {"host", s.host},
                             {"bot", s.bot.empty() ? json(nullptr) : json(s.bot)},
                             {"connected", nullptr},
                             {"controlled_by", nullptr}});
    }
    return {{"code", summary ? summary->value("code", std::string()) : usage->room.code},
            {"phase", summary ? summary->value("phase", std::string()) : usage->room.phase},
            {"game", or_null(usage ? usage->room.game : 0)},
            {"seats", std::move(seats)},
            {"spectators", summary ? json(summary->value("spectators", 0)) : json(nullptr)},
            {"created_ms", or_null(usage ? usage->room.created_ms : 0)},
            {"last_activity_ms", or_null(usage ? usage->room.updated_ms : 0)},
            {"commands", or_null(usage ? usage->commands : 0)},
            {"bytes", or_null(usage ? usage->bytes : 0)},
            {"chat_lines", or_null(usage ? usage->chat_lines : 0)},
            {"problem", usage && !usage->problem.empty() ? json(usage->problem) : json(nullptr)}};
}

namespace {

Hub::HttpResult no_such_room(std::string_view code) {
    return {404, proto::error_json({std::string(err::kNoSuchRoom), "there is no open room " + std::string(code) +
                                                                       " on this server; `catan-server rooms list` shows them",
                                    {}, {}})};
}

Hub::HttpResult store_failed(const std::string& what) {
    return {500, proto::error_json({std::string(err::kStoreFailed), what, {}, {}})};
}

}  // namespace

Hub::HttpResult Hub::admin_rooms() const {
    const auto store = admin_store();
    std::map<std::string, store::RoomUsage, std::less<>> usage;
    try {
        if (store)
            for (store::RoomUsage& u : store::inspect_rooms(store->path())) usage.emplace(u.room.code, std::move(u));
    } catch (const store::StoreError& e) {
        return store_failed(std::string("cannot read the data file: ") + e.what());
    }
    std::map<std::string, json> rooms;  // by code, in order
    for (const auto& room : admin_open_rooms()) {
        const json summary = room->summary();
        if (!summary.is_object()) continue;
        const auto it = usage.find(room->code());
        rooms.emplace(room->code(), admin_room_view(&summary, it == usage.end() ? nullptr : &it->second));
    }
    // Rooms set aside at start (their records did not rebuild) are in the file only: listed, so the
    // operator sees them, with the reason.
    for (const auto& [code, u] : usage)
        if (!u.problem.empty() && !rooms.count(code)) rooms.emplace(code, admin_room_view(nullptr, &u));
    json list = json::array();
    for (auto& [code, view] : rooms) list.push_back(std::move(view));
    return {200, {{"source", "server"}, {"persistent", store != nullptr}, {"rooms", std::move(list)}}};
}

Hub::HttpResult Hub::admin_room(std::string_view code) const {
    const auto room = admin_find(code);
    if (!room) return no_such_room(code);
    const json summary = room->summary();
    std::optional<store::RoomUsage> usage;
    if (const auto store = admin_store()) {
        try {
            auto found = store::inspect_rooms(store->path(), room->code());
            if (!found.empty()) usage = std::move(found.front());
        } catch (const store::StoreError& e) {
            return store_failed(std::string("cannot read the data file: ") + e.what());
        }
    }
    json view = admin_room_view(&summary, usage ? &*usage : nullptr);
    return {200, {{"source", "server"}, {"persistent", admin_store() != nullptr}, {"room", std::move(view)}}};
}

void Hub::admin_close(std::string_view code, std::function<void(HttpResult)> done) {
    const auto room = admin_find(code);
    if (!room) return done(no_such_room(code));
    room->post([store = admin_store(), done = std::move(done)](Room& r) {
        if (r.closed()) return done(no_such_room(r.code()));
        const std::string closed_code = r.code();
        spdlog::info("[{}] closed by the server's operator (catan-server rooms close)", closed_code);
        // As the idle sweep does (Room::forget, then close): the deletion is queued behind every write
        // the room made, and the closed room makes none after it.
        if (store) {
            store->delete_room(closed_code, [done, closed_code](bool ok) {
                if (!ok) return done(store_failed("the room was closed, but the data file refused its deletion; it comes back on a restart"));
                done({200, {{"closed", closed_code}, {"deleted", true}}});
            });
        }
        r.close("the server's operator closed the room", /*notify=*/true);
        if (!store) done({200, {{"closed", closed_code}, {"deleted", false}}});
    });
}

}  // namespace catan::room
