// Per-address limits of the rooms over real sockets: replay records and
// lookups of room codes. One address out of its budget gets HTTP 429 `rate_limited` with Retry-After
// (over the WebSocket: an `error` with that code) while another address (127.0.0.2, the client
// socket bound to it) is still served.
#include <catch2/catch.hpp>

#include "gateway_support.hpp"

using namespace gateway_test;
using nlohmann::json;

namespace {

constexpr const char* kOther = "127.0.0.2";  // a second client address on the loopback

Response get_from(const std::string& source, std::uint16_t port, const std::string& target) {
    return http_request(port, Method::get, target, {}, {}, source);
}

json body_of(const Response& r) { return json::parse(r.body); }

// A 429 of a per-address limit: the code, a message saying when to come back, and Retry-After.
void check_refused(const Response& r) {
    INFO(r.body);
    CHECK(r.status == 429);
    CHECK(body_of(r)["code"] == "rate_limited");
    CHECK(body_of(r)["message"].get<std::string>().find("try again in") != std::string::npos);
    const std::string retry = r.header("retry-after");
    REQUIRE(!retry.empty());
    CHECK(std::stoi(retry) >= 1);
}

// A two-player room whose game has started; returns its code.
std::string started_game(std::uint16_t port, WsClient& host, WsClient& guest) {
    REQUIRE(host.connect(port) == 101);
    host.send_json({{"v", 1}, {"type", "create_room"}, {"options", {{"players", 2}}}});
    const auto created = host.read_type("room_created");
    REQUIRE(created);
    const std::string code = (*created)["code"];
    host.send_json({{"v", 1}, {"type", "join"}, {"room", code}, {"name", "Ana"}, {"host_key", (*created)["host_key"]}});
    REQUIRE(host.read_type("welcome"));
    REQUIRE(guest.connect(port) == 101);
    guest.send_json({{"v", 1}, {"type", "join"}, {"room", code}, {"name", "Bob"}});
    REQUIRE(guest.read_type("welcome"));
    host.send_json({{"v", 1}, {"type", "start"}});
    for (;;) {
        const auto update = host.read_type("update");
        REQUIRE(update);
        if (update->dump().find("\"playing\"") != std::string::npos) break;
    }
    return code;
}

}  // namespace

TEST_CASE("limits: one address gets 429 after its replay budget, another is still served", "[net][limits]") {
    auto o = test_options();
    o.hub.replay_rate = 0.001;  // nothing refills during the test
    o.hub.replay_burst = 3;
    TestServer s(o);
    WsClient host, guest;
    const std::string code = started_game(s.port, host, guest);
    const std::string target = "/api/rooms/" + code + "/replay";

    std::string record;
    for (int i = 0; i < 3; ++i) {
        const Response r = get(s.port, target);
        INFO(r.body.substr(0, 300));
        REQUIRE(r.status == 200);
        CHECK(r.header("retry-after").empty());
        CHECK(body_of(r)["code"] == code);
        if (i > 0) CHECK(r.body == record);  // the same record, served from the room's one copy
        record = r.body;
    }
    check_refused(get(s.port, target));
    check_refused(get(s.port, "/api/rooms/ZZZZZ/replay"));  // refused before the code is looked at

    const Response other = get_from(kOther, s.port, target);
    CHECK(other.status == 200);
    CHECK(other.body == record);
    // Summaries and the game itself are not replays: still served to the first address.
    CHECK(get(s.port, "/api/rooms/" + code).status == 200);
}

TEST_CASE("limits: one address that looks up unknown room codes is refused every lookup, another is served",
          "[net][limits]") {
    auto o = test_options();
    o.hub.unknown_lookup_rate = 0.001;
    o.hub.unknown_lookup_burst = 5;
    TestServer s(o);
    WsClient host, guest;
    guest.bind_to(kOther);
    const std::string code = started_game(s.port, host, guest);

    for (int i = 0; i < 5; ++i) {
        const Response r = get(s.port, "/api/rooms/ZZZZ" + std::string(1, static_cast<char>('A' + i)));
        INFO(r.body);
        CHECK(r.status == 404);
        CHECK(body_of(r)["code"] == "no_such_room");
    }
    check_refused(get(s.port, "/api/rooms/ZZZZZ"));
    // Out of unknown codes, the address learns nothing more: a room that exists is refused too, over
    // HTTP, for its replay, and over the WebSocket.
    check_refused(get(s.port, "/api/rooms/" + code));
    check_refused(get(s.port, "/api/rooms/" + code + "/replay"));
    WsClient guesser;
    REQUIRE(guesser.connect(s.port) == 101);
    guesser.send_json({{"v", 1}, {"type", "spectate"}, {"room", code}});
    const auto error = guesser.read_type("error");
    REQUIRE(error);
    CHECK((*error)["code"] == "rate_limited");
    CHECK((*error)["message"].get<std::string>().find("try again in") != std::string::npos);

    // Another address: its unknown codes are its own, and rooms are found.
    CHECK(get_from(kOther, s.port, "/api/rooms/ZZZZZ").status == 404);
    CHECK(get_from(kOther, s.port, "/api/rooms/" + code).status == 200);
    WsClient watcher;
    watcher.bind_to(kOther);
    REQUIRE(watcher.connect(s.port) == 101);
    watcher.send_json({{"v", 1}, {"type", "spectate"}, {"room", code}});
    CHECK(watcher.read_type("welcome"));
}

TEST_CASE("limits: every lookup counts against a generous budget per address", "[net][limits]") {
    auto o = test_options();
    o.hub.lookup_rate = 0.001;
    o.hub.lookup_burst = 4;
    TestServer s(o);
    WsClient host, guest;
    guest.bind_to(kOther);
    const std::string code = started_game(s.port, host, guest);  // the host's join is one lookup

    for (int i = 0; i < 3; ++i) CHECK(get(s.port, "/api/rooms/" + code).status == 200);
    check_refused(get(s.port, "/api/rooms/" + code));
    CHECK(get_from(kOther, s.port, "/api/rooms/" + code).status == 200);
}
