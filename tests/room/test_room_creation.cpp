// Room creation under attack: each address has a budget of rooms (REST and socket alike, answered
// rate_limited, HTTP 429), a room nobody ever joined is closed and forgotten after minutes (also
// after a restart), and a store that refuses the new room is answered store_failed, not
// too_many_rooms.
#include "catan/store/store.hpp"
#include "durable_game.hpp"
#include "lobby_support.hpp"
#include "temp_dir.hpp"

using namespace catan::room;
using namespace catan::room::test;
using namespace std::chrono_literals;
using catan::store::Store;
using catan::store::test::TempDir;

TEST_CASE("creation: options are judged as a whole with the player count, and a refused creation makes no room and spends no budget",
          "[room][creation][R-SF1]") {
    HubOptions o;
    o.create_rate_address = 0.001;  // one room, then one every 1000 s
    o.create_burst_address = 1;
    Fixture f(o);
    std::uint64_t connection = 0;
    // Each option alone is valid; together the game could not start.
    for (const auto& [options, field, words] :
         {std::tuple{json{{"players", 5}, {"scenario", "fog_islands"}}, "scenario", "for 5 players, or none"},
          std::tuple{json{{"players", 2}, {"scenario", "new_shores"}}, "scenario", "for 2 players, or none"},
          std::tuple{json{{"scenario", "fog_islands"}, {"layout", "beginner"}}, "layout", "must be random with a scenario"},
          std::tuple{json{{"players", 6}, {"layout", "beginner"}}, "layout", "6"}}) {
        INFO(options.dump());
        const auto refused = create_room(f.hub, options, "127.0.0.1:5001");
        CHECK(refused.status == 400);
        CHECK(refused.body["code"] == "out_of_range");
        CHECK(refused.body["field"] == field);  // REST fields are named inside the body
        CHECK_THAT(refused.body["message"].get<std::string>(), Catch::Contains(words));

        Client c(f.hub, ++connection);
        c.send(msg("create_room", {{"id", 3}, {"options", options}}));
        const json ws = error_of(c);
        CHECK(ws["code"] == "out_of_range");
        CHECK(ws["field"] == "options." + std::string(field));
        CHECK(ws["id"] == 3);
    }
    CHECK(f.hub.room_count() == 0);
    // The address's one room is still to be made.
    CHECK(create_room(f.hub, json{{"players", 3}, {"scenario", "fog_islands"}}, "127.0.0.1:5001").status == 201);
    CHECK(f.hub.room_count() == 1);
}

TEST_CASE("creation: an address over its budget of rooms is refused with 429 rate_limited, others still create", "[room][creation]") {
    HubOptions o;
    o.create_rate_address = 0.001;  // two rooms, then one every 1000 s
    o.create_burst_address = 2;
    Fixture f(o);
    CHECK(create_room(f.hub, json::object(), "127.0.0.1:5001").status == 201);
    // Over the socket from the same address (another port): the same budget.
    Client a(f.hub, 1);
    a.send(msg("create_room", {{"id", "c1"}}));
    CHECK(!a.last("room_created").is_null());

    const auto refused = create_room(f.hub, json::object(), "127.0.0.1:5002");
    CHECK(refused.status == 429);
    CHECK(refused.body["code"] == "rate_limited");
    const std::string message = refused.body["message"];
    CHECK(message.find("from your address") != std::string::npos);
    CHECK(message.find("try again in") != std::string::npos);
    a.send(msg("create_room", {{"id", "c2"}}));
    const json e = a.last("error");
    CHECK(e["code"] == "rate_limited");
    CHECK(e["id"] == "c2");
    CHECK(f.hub.room_count() == 2);

    // Another address has its own budget; an IPv6 block counts as one address.
    CHECK(create_room(f.hub, json::object(), "10.0.0.2:6000").status == 201);
    CHECK(create_room(f.hub, json::object(), "[2001:db8::1]:1").status == 201);
    CHECK(create_room(f.hub, json::object(), "[2001:db8::2]:1").status == 201);
    CHECK(create_room(f.hub, json::object(), "[2001:db8::3]:1").status == 429);
    CHECK(f.hub.room_count() == 5);
    // A body that is not valid options is answered as before, without a room.
    CHECK(create_room(f.hub, json{{"players", 9}}, "10.0.0.9:1").status == 400);
}

TEST_CASE("creation: a room nobody joined is closed and forgotten after the unjoined timeout, also after a restart", "[room][creation][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    std::string kept;
    {
        auto store = std::make_shared<Store>(path);
        HubOptions o = durable(store);
        o.idle_room_timeout = 30min;
        o.unjoined_room_timeout = 10min;
        Fixture f(o);
        const auto start = std::chrono::steady_clock::now();
        const Created lonely = create(f.hub);
        const Created used = create(f.hub);
        kept = used.code;
        Client a(f.hub, 1);
        a.send(msg("join", {{"room", used.code}, {"name", "Ana"}, {"host_key", used.host_key}}));
        // The welcome runs on the writer's thread once the seat is saved (durable()): wait for it, or
        // the close below runs in the room at the same time (found by ASan).
        settle(*store);
        a.close();  // joined once: the idle timeout applies, not the unjoined one
        f.hub.sweep(start + 9min);
        CHECK(f.hub.room_count() == 2);
        f.hub.sweep(start + 10min + 1s);
        CHECK(f.hub.room_count() == 1);
        CHECK(f.hub.room_summary(lonely.code).status == 404);
        CHECK(f.hub.room_summary(used.code).status == 200);
        settle(*store);
        const auto rooms = store->load_rooms();
        REQUIRE(rooms.size() == 1);  // the store forgot it too
        CHECK(rooms[0].room.code == used.code);
        create(f.hub);  // left unjoined in the file
        settle(*store);
    }
    // After a restart a never-joined room gets no new lease of the idle timeout.
    auto store = std::make_shared<Store>(path);
    HubOptions o = durable(store);
    o.idle_room_timeout = 30min;
    o.unjoined_room_timeout = 10min;
    Fixture f(o);
    CHECK(f.hub.room_count() == 2);
    f.hub.sweep(std::chrono::steady_clock::now() + 10min + 1s);
    CHECK(f.hub.room_count() == 1);
    CHECK(f.hub.room_summary(kept).status == 200);
    settle(*store);
    CHECK(store->load_rooms().size() == 1);
}

TEST_CASE("creation: a room the data file refuses is answered 503 store_failed, over REST and the socket", "[room][creation][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    auto store = std::make_shared<Store>(path);
    Fixture f(durable(store));
    exec(path, "CREATE TRIGGER refuse_rooms BEFORE INSERT ON rooms BEGIN SELECT RAISE(ABORT, 'the disk says no'); END;");
    const auto r = create_room(f.hub, json::object());
    CHECK(r.status == 503);
    CHECK(r.body["code"] == "store_failed");
    const std::string message = r.body["message"];
    CHECK(message.find("try again later") != std::string::npos);
    CHECK(message.find("operator") != std::string::npos);
    Client a(f.hub, 1);
    a.send(msg("create_room", {{"id", 3}}));
    settle(*store);
    const json e = a.last("error");
    CHECK(e["code"] == "store_failed");
    CHECK(e["id"] == 3);
    CHECK(f.hub.room_count() == 0);  // nothing half-made is served

    exec(path, "DROP TRIGGER refuse_rooms;");
    CHECK(create_room(f.hub, json::object()).status == 201);
}
