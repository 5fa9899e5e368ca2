// The turn timer through the real binary over real sockets: the option is taken by POST /api/rooms
// and set_options, a bad value is refused naming the field, and every viewer's document carries
// room.timer once the game runs. (Expiry itself is tested with a clock the test controls, in
// tests/room/test_timer.cpp: nothing here waits for a deadline.)
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "server_process.hpp"

using namespace catan::nettest;

TEST_CASE("Turn timer: the binary takes the option, refuses a bad one by name, and the doc carries room.timer", "[timer]") {
    ServerProcess server({"--bot-delay", "0"});
    const auto refused = http_request(server.port(), "POST", "/api/rooms", R"({"turn_timer":45})");
    CHECK(refused.status == 400);
    CHECK(refused.json_body()["field"] == "turn_timer");

    Table t(server.port());
    t.create_room_rest({{"players", 3}, {"turn_timer", 120}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    CHECK(bob.view.doc()["room"]["options"]["turn_timer"] == 120);
    CHECK(bob.view.doc()["room"]["timer"].is_null());  // nothing is timed in the lobby

    ana.send(msg("set_options", {{"options", {{"turn_timer", 30}}}}));
    json e = ana.recv();
    require_error(e, "out_of_range", "Ana");
    CHECK(e["field"] == "options.turn_timer");
    ana.send(msg("set_options", {{"options", {{"turn_timer", 60}}}}));
    t.catch_up(t.seq() + 1);
    CHECK(bob.view.doc()["room"]["options"]["turn_timer"] == 60);
    const json summary = http_request(server.port(), "GET", "/api/rooms/" + t.code).json_body();
    CHECK(summary["options"]["turn_timer"] == 60);

    ana.send(msg("add_bot", {{"seat", 2}, {"level", "basic"}}));
    t.catch_up(t.seq() + 1);
    t.start();
    const json& game = ana.view.doc()["game"];
    const int current = game["current"].get<int>();
    for (Peer* p : {&ana, &bob}) {
        const json& timer = p->view.doc()["room"]["timer"];
        REQUIRE(timer.is_object());
        CHECK(timer["decision"] == "setup");
        CHECK(timer["limit"] == 30);
        CHECK(timer["seats"] == json::array({current}));
        CHECK(timer["remaining_ms"].get<int>() > 0);
        CHECK(timer["remaining_ms"].get<int>() <= 30000);
    }
    Peer& watcher = t.spectate();
    CHECK(watcher.view.doc()["room"]["timer"]["decision"] == "setup");
    t.close_all();
}
