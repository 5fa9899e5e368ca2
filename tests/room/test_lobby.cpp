// Rooms before the game: creating, joining, the host's controls, chat, presence, and every room and
// seat error of docs/protocol.md, each answered to its sender only with nothing changed.
#include <tuple>

#include "lobby_support.hpp"
#include "support.hpp"

#include "catan/room/envelope.hpp"
#include "catan/room/text.hpp"
#include "removals.hpp"

using namespace catan::room;
using namespace catan::room::test;

namespace {

bool is_hex(const json& v, std::size_t len) {
    return v.is_string() && v.get<std::string>().size() == len &&
           v.get<std::string>().find_first_not_of("0123456789abcdef") == std::string::npos;
}

}  // namespace

TEST_CASE("lobby: create over the socket, join with the host key, welcome and snapshot", "[room]") {
    Fixture f;
    Client a(f.hub, 1);
    a.send(msg("create_room", {{"options", {{"players", 3}}}, {"id", "c1"}}));
    const json created = a.last("room_created");
    REQUIRE(!created.is_null());
    const std::string code = created["code"];
    CHECK(created["url"] == "http://localhost:8080/r/" + code);
    CHECK(is_hex(created["host_key"], 32));
    CHECK(created["id"] == "c1");
    CHECK(f.hub.room_count() == 1);

    std::string lower = code;
    for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    a.send(msg("join", {{"room", lower}, {"name", " Ana "}, {"host_key", created["host_key"]}, {"id", 5}}));
    const auto got = a.poll();
    REQUIRE(got.size() == 2);
    const json& welcome = got[0];
    CHECK(welcome["type"] == "welcome");
    CHECK(welcome["room"] == code);
    CHECK(welcome["seat"] == 0);
    CHECK(is_hex(welcome["token"], 32));
    CHECK(welcome["host"] == true);
    CHECK(welcome["id"] == 5);
    const json& snap = got[1];
    CHECK(snap["type"] == "snapshot");
    CHECK(snap["seq"] == 1);
    CHECK(snap["legal"].is_null());
    CHECK(snap["chat"] == json::array());
    CHECK(snap.contains("topology"));
    CHECK(snap["topology"]["hexes"].size() == 19);
    CHECK(snap["doc"] == json::parse(R"({"room":{"code":")" + code + R"(","phase":"lobby","options":{"game":"catan","players":3,"vp_target":10,"takeover_after":60,"turn_timer":0,"pace":"live","turn_hours":24,"on_timeout":"bot",
        "discard_limit":7,"friendly_robber":false,"balanced_board":false,"first_by_dice":false,"turn_structure":"paired","scenario":"none","layout":"random"},
        "host":0,"seats":[{"seat":0,"name":"Ana","connected":true,"bot":null,"controlled_by":"player"},
        {"seat":1,"name":null,"connected":false,"bot":null,"controlled_by":null},
        {"seat":2,"name":null,"connected":false,"bot":null,"controlled_by":null}],"spectators":0,"displays":0,"you":0,"fairness":null,"seed_chosen":false,"timer":null,
        "limits":{"chat_chars":500,"name_chars":24,"turn_timer":[0,60,90,120],"takeover_after":{"min":0,"max":86400},"turn_hours":{"min":1,"max":168,"default":24}}},"game":null})"));

    Client b(f.hub, 2);
    b.send(msg("join", {{"room", code}, {"name", "Bob"}}));
    const auto bgot = b.poll();
    REQUIRE(bgot.size() == 2);
    CHECK(bgot[0]["seat"] == 1);
    CHECK(bgot[0]["host"] == false);
    CHECK(!bgot[0].contains("id"));
    CHECK(bgot[1]["seq"] == 2);
    const json update = a.last("update");
    CHECK(update["seq"] == 2);
    CHECK(update["patch"] == json::parse(
        R"([{"op":"replace","path":"/room/seats/1/connected","value":true},{"op":"replace","path":"/room/seats/1/controlled_by","value":"player"},
            {"op":"replace","path":"/room/seats/1/name","value":"Bob"}])"));
    CHECK(update["events"] == json::array());
    CHECK(update["legal"].is_null());
    CHECK(a.doc()["room"]["you"] == 0);
    CHECK(b.doc()["room"]["you"] == 1);
    json b_room = b.doc()["room"];
    b_room["you"] = 0;
    CHECK(a.doc()["room"] == b_room);
    CHECK(a.seq() == b.seq());

    const auto summary = f.hub.room_summary(lower);
    CHECK(summary.status == 200);
    CHECK(summary.body == json::parse(R"({"code":")" + code + R"(","phase":"lobby","options":{"game":"catan","players":3,"vp_target":10,"takeover_after":60,"turn_timer":0,"pace":"live","turn_hours":24,"on_timeout":"bot",
        "discard_limit":7,"friendly_robber":false,"balanced_board":false,"first_by_dice":false,"turn_structure":"paired","scenario":"none","layout":"random"},
        "seats":[{"seat":0,"name":"Ana","connected":true,"host":true,"bot":null,"controlled_by":"player"},
        {"seat":1,"name":"Bob","connected":true,"host":false,"bot":null,"controlled_by":"player"},
        {"seat":2,"name":null,"connected":false,"host":false,"bot":null,"controlled_by":null}],"spectators":0,"timer":null})"));
}

TEST_CASE("lobby: REST create and summary", "[room]") {
    Fixture f;
    auto bad = create_room(f.hub, json{{"players", 9}});
    CHECK(bad.status == 400);
    CHECK(bad.body["code"] == "out_of_range");
    CHECK(bad.body["field"] == "players");
    CHECK(create_room(f.hub, json{{"seed", 1}}).body["code"] == "wrong_type");
    CHECK(create_room(f.hub, json{{"players", 2}, {"x", 1}}).body["code"] == "unexpected_field");
    CHECK(f.hub.room_count() == 0);

    const auto ok = create_room(f.hub, nullptr);  // an empty body: every default
    REQUIRE(ok.status == 201);
    const std::string code = ok.body["code"];
    const auto summary = f.hub.room_summary(code);
    CHECK(summary.body["options"] == (json{{"game", "catan"}, {"players", 4}, {"vp_target", 10}, {"takeover_after", 60}, {"turn_timer", 0}, {"pace", "live"}, {"turn_hours", 24}, {"on_timeout", "bot"}, {"discard_limit", 7}, {"friendly_robber", false},
                   {"balanced_board", false}, {"first_by_dice", false}, {"turn_structure", "paired"}, {"scenario", "none"}, {"layout", "random"}}));
    CHECK(summary.body["seats"].size() == 4);
    CHECK(summary.body["phase"] == "lobby");
    CHECK(summary.body.dump().find("seed") == std::string::npos);
    CHECK(f.hub.room_summary("22222").status == (code == "22222" ? 200 : 404));
    const auto missing = f.hub.room_summary("not-a-code");
    CHECK(missing.status == 404);
    CHECK(missing.body["code"] == "no_such_room");
}

TEST_CASE("lobby: the room cap answers too_many_rooms", "[room]") {
    HubOptions o;
    o.max_rooms = 2;
    Fixture f(o);
    create(f.hub);
    create(f.hub);
    const auto third = create_room(f.hub, json::object());
    CHECK(third.status == 503);
    CHECK(third.body["code"] == "too_many_rooms");
    Client a(f.hub, 1);
    a.send(msg("create_room", {{"id", "x"}}));
    const json e = error_of(a);
    CHECK(e["code"] == "too_many_rooms");
    CHECK(e["id"] == "x");
    CHECK(f.hub.room_count() == 2);
}

TEST_CASE("lobby: joining errors", "[room]") {
    Lobby l(json{{"players", 2}});
    Client b(l.hub, 2), c(l.hub, 3);
    const std::uint64_t seq = l.host.seq();

    SECTION("no_such_room") {
        b.send(msg("join", {{"room", "0000"}, {"name", "Bob"}, {"id", "q"}}));
        json e = error_of(b);
        CHECK(e["code"] == "no_such_room");
        CHECK(e["field"] == "room");
        CHECK(e["id"] == "q");
        const std::string other = l.room.code == "22222" ? "33333" : "22222";
        b.send(msg("spectate", {{"room", other}}));
        CHECK(error_of(b)["code"] == "no_such_room");
        b.send(msg("rejoin", {{"room", other}, {"token", "00"}}));
        CHECK(error_of(b)["code"] == "no_such_room");
    }
    SECTION("bad_name") {
        for (const char* name : {"", "   ", "a\u0007b", "0123456789012345678901234"}) {
            b.send(msg("join", {{"room", l.room.code}, {"name", name}}));
            json e = error_of(b);
            CHECK(e["code"] == "bad_name");
            CHECK(e["field"] == "name");
        }
    }
    SECTION("name_taken, ignoring case and spaces") {
        b.send(msg("join", {{"room", l.room.code}, {"name", " aNA"}}));
        CHECK(error_of(b)["code"] == "name_taken");
    }
    SECTION("bad_token: a wrong host key, a wrong seat token") {
        b.send(msg("join", {{"room", l.room.code}, {"name", "Bob"}, {"host_key", std::string(32, '0')}}));
        json e = error_of(b);
        CHECK(e["code"] == "bad_token");
        CHECK(e["field"] == "host_key");
        b.send(msg("rejoin", {{"room", l.room.code}, {"token", std::string(32, '0')}}));
        e = error_of(b);
        CHECK(e["code"] == "bad_token");
        CHECK(e["field"] == "token");
        b.send(msg("rejoin", {{"room", l.room.code}, {"token", ""}}));
        CHECK(error_of(b)["code"] == "bad_token");
    }
    SECTION("room_full") {
        l.join(b, "Bob");
        l.host.poll();
        const std::uint64_t full_seq = l.host.seq();
        c.send(msg("join", {{"room", l.room.code}, {"name", "Cy"}}));
        CHECK(error_of(c)["code"] == "room_full");
        CHECK(l.host.poll().empty());
        CHECK(l.host.seq() == full_seq);
        return;
    }
    // Nothing changed for anyone, and the refused connection still works.
    CHECK(l.host.poll().empty());
    CHECK(l.host.seq() == seq);
    b.send(msg("ping"));
    CHECK(b.last("pong") == json{{"v", 1}, {"type", "pong"}});
    l.join(b, "Bob");
    CHECK(b.doc()["room"]["seats"][1]["name"] == "Bob");
}

TEST_CASE("lobby: messages need a room, host messages need the host", "[room]") {
    Lobby l;
    Client b(l.hub, 2), stranger(l.hub, 3), watcher(l.hub, 4);
    l.join(b, "Bob");
    watcher.send(msg("spectate", {{"room", l.room.code}}));
    watcher.poll();
    b.poll();
    l.host.poll();
    const std::uint64_t seq = l.host.seq();

    for (const json& m : {msg("start"), msg("leave"), msg("sync"), msg("chat", {{"text", "hi"}}), msg("kick", {{"seat", 1}}),
                          msg("command", {{"seq", 0}, {"command", {{"type", "roll_dice"}}}})}) {
        INFO(m.dump());
        stranger.send(m);
        CHECK(error_of(stranger)["code"] == "not_in_room");
    }
    for (Client* c : {&b, &watcher})
        for (const json& m : {msg("start"), msg("set_options", {{"options", {{"players", 3}}}}), msg("kick", {{"seat", 0}}),
                              msg("move_seat", {{"seat", 0}, {"to", 1}})}) {
            INFO(m.dump());
            c->send(m);
            CHECK(error_of(*c)["code"] == "not_host");
        }
    CHECK(l.host.poll().empty());
    CHECK(l.host.seq() == seq);
}

TEST_CASE("lobby: the host's options", "[room]") {
    Lobby l;
    Client b(l.hub, 2), c(l.hub, 3);
    l.join(b, "Bob");
    l.join(c, "Cy");
    l.host.send(msg("move_seat", {{"seat", 2}, {"to", 3}}));  // Cy to seat 3: seats 0, 1, 3 taken
    l.host.poll();
    b.poll();
    c.poll();
    CHECK(c.doc()["room"]["seats"][3]["name"] == "Cy");
    CHECK(c.doc()["room"]["you"] == 3);  // told its new seat
    CHECK(b.doc()["room"]["you"] == 1);

    l.host.send(msg("set_options", {{"options", {{"players", 2}}}, {"id", "o"}}));
    json e = error_of(l.host);
    CHECK(e["code"] == "out_of_range");
    CHECK(e["field"] == "options.players");
    CHECK(e["id"] == "o");
    // The game's options are the room's game's to judge (the envelope does not know the room's game):
    // the same codes and fields as a new room's, and nothing changes.
    for (const auto& [options, code, field] :
         {std::tuple{json{{"players", 7}}, "out_of_range", "options.players"}, std::tuple{json{{"players", 1}}, "out_of_range", "options.players"},
          std::tuple{json{{"vp_target", 2}}, "out_of_range", "options.vp_target"},
          std::tuple{json{{"vp_target", "ten"}}, "wrong_type", "options.vp_target"},
          std::tuple{json{{"colour", "red"}}, "unexpected_field", "options.colour"},
          std::tuple{json{{"game", "chess"}}, "out_of_range", "options.game"}}) {
        INFO(options.dump());
        l.host.send(msg("set_options", {{"options", options}}));
        e = error_of(l.host);
        CHECK(e["code"] == code);
        CHECK(e["field"] == field);
    }
    CHECK(l.host.doc()["room"]["options"]["vp_target"] == 10);

    // Shrinking to 3 seats moves Cy from seat 3 down to the free seat 2.
    l.host.send(msg("set_options", {{"options", {{"players", 3}, {"vp_target", 12}}}}));
    for (Client* x : {&l.host, &b, &c}) {
        x->poll();
        CHECK(x->doc()["room"]["options"] == (json{{"game", "catan"}, {"players", 3}, {"vp_target", 12}, {"takeover_after", 60}, {"turn_timer", 0}, {"pace", "live"}, {"turn_hours", 24}, {"on_timeout", "bot"}, {"discard_limit", 7},
                                                       {"friendly_robber", false}, {"balanced_board", false}, {"first_by_dice", false},
                                                       {"turn_structure", "paired"}, {"scenario", "none"}, {"layout", "random"}}));
        CHECK(x->doc()["room"]["seats"].size() == 3);
        CHECK(x->doc()["room"]["seats"][2]["name"] == "Cy");
    }
    CHECK(c.doc()["room"]["you"] == 2);
    // Cy's connection follows the seat: a chat from it says seat 2.
    c.send(msg("chat", {{"text", "moved"}}));
    CHECK(b.last("chat")["seat"] == 2);

    l.host.send(msg("set_options", {{"options", {{"vp_target", 5}}}}));  // players kept
    l.host.poll();
    CHECK(l.host.doc()["room"]["options"] == (json{{"game", "catan"}, {"players", 3}, {"vp_target", 5}, {"takeover_after", 60}, {"turn_timer", 0}, {"pace", "live"}, {"turn_hours", 24}, {"on_timeout", "bot"}, {"discard_limit", 7},
                                                            {"friendly_robber", false}, {"balanced_board", false}, {"first_by_dice", false},
                                                            {"turn_structure", "paired"}, {"scenario", "none"}, {"layout", "random"}}));

    l.host.send(msg("move_seat", {{"seat", 0}, {"to", 3}}));
    e = error_of(l.host);
    CHECK(e["code"] == "out_of_range");
    CHECK(e["field"] == "to");

    // The host moves too; the host flag goes with the person.
    l.host.send(msg("move_seat", {{"seat", 0}, {"to", 2}}));
    l.host.poll();
    CHECK(l.host.doc()["room"]["host"] == 2);
    CHECK(l.host.doc()["room"]["you"] == 2);
    CHECK(l.host.doc()["room"]["seats"][0]["name"] == "Cy");
    c.poll();
    CHECK(c.doc()["room"]["you"] == 0);
    l.host.send(msg("set_options", {{"options", {{"players", 4}}}}));  // still the host, from seat 2
    l.host.poll();
    CHECK(l.host.doc()["room"]["seats"].size() == 4);
}

TEST_CASE("lobby: kick closes the kicked connections and frees the seat", "[room]") {
    Lobby l;
    Client b(l.hub, 2), b2(l.hub, 3), c(l.hub, 4);
    b.send(msg("join", {{"room", l.room.code}, {"name", "Bob"}}));
    const std::string token = b.last("welcome")["token"];
    b2.send(msg("rejoin", {{"room", l.room.code}, {"token", token}}));  // Bob's second tab
    CHECK(b2.last("welcome")["seat"] == 1);
    l.join(c, "Cy");
    l.host.poll();

    l.host.send(msg("kick", {{"seat", 3}}));
    json e = error_of(l.host);
    CHECK(e["code"] == "not_seated");
    CHECK(e["field"] == "seat");
    l.host.send(msg("kick", {{"seat", 0}}));
    CHECK(error_of(l.host)["code"] == "out_of_range");

    l.host.send(msg("kick", {{"seat", 1}}));
    for (Client* x : {&b, &b2}) {
        CHECK(x->last("closing") == json{{"v", 1}, {"type", "closing"}, {"reason", "kicked"}});
        CHECK(x->outbox()->closed());
    }
    for (Client* x : {&l.host, &c}) {
        x->poll();
        CHECK(x->doc()["room"]["seats"][1] == (json{{"seat", 1}, {"name", nullptr}, {"connected", false}, {"bot", nullptr}, {"controlled_by", nullptr}}));
    }
    // The token is void; the name is free again once the removal's cooldown is over.
    b.send(msg("rejoin", {{"room", l.room.code}, {"token", token}}));
    CHECK(error_of(b)["code"] == "bad_token");
    l.timers->advance(kRemovedCooldown);
    Client d(l.hub, 5);
    l.join(d, "Bob");
    CHECK(d.doc()["room"]["seats"][1]["name"] == "Bob");
}

TEST_CASE("lobby: a removed player cannot sit again under that name until the cooldown is over", "[room]") {
    Lobby l;
    Client b(l.hub, 2);
    l.join(b, "Bob");
    l.host.poll();
    l.host.send(msg("kick", {{"seat", 1}}));
    CHECK(b.outbox()->closed());
    l.host.poll();

    // The same link again at once: the join form's name (any case, or a look-alike) is refused, saying why.
    std::uint64_t id = 10;
    for (const char* name : {"Bob", "BOB", "B0b"}) {
        Client again(l.hub, id++);
        again.send(msg("join", {{"room", l.room.code}, {"name", name}}));
        const json e = error_of(again);
        CHECK(e["code"] == "removed");
        CHECK(e["field"] == "name");
        CHECK(e["message"].get<std::string>().find("10 minutes") != std::string::npos);
    }
    l.host.poll();
    CHECK(l.host.doc()["room"]["seats"][1]["name"].is_null());

    // Someone else sits at once; the removed one may watch.
    Client cy(l.hub, 4), watcher(l.hub, 5);
    l.join(cy, "Cy");
    watcher.send(msg("spectate", {{"room", l.room.code}}));
    CHECK(!watcher.last("welcome").is_null());

    l.timers->advance(kRemovedCooldown - std::chrono::minutes(1) - std::chrono::seconds(1));
    Client late(l.hub, 6);
    late.send(msg("join", {{"room", l.room.code}, {"name", "Bob"}}));
    const json e = error_of(late);
    CHECK(e["code"] == "removed");
    CHECK(e["message"].get<std::string>().find("in 2 minutes") != std::string::npos);
    l.timers->advance(std::chrono::minutes(1) + std::chrono::seconds(1));
    Client back(l.hub, 7);
    back.send(msg("join", {{"room", l.room.code}, {"name", "Bob"}}));
    const auto got = back.poll();
    INFO(json(got).dump());
    REQUIRE(!got.empty());
    CHECK(got[0]["type"] == "welcome");
    CHECK(got[0]["seat"] == 2);
}

TEST_CASE("lobby: leave frees the seat, a closed connection only shows as disconnected", "[room]") {
    Lobby l;
    Client b(l.hub, 2), c(l.hub, 3);
    l.join(b, "Bob");
    c.send(msg("join", {{"room", l.room.code}, {"name", "Cy"}}));
    const std::string token = c.last("welcome")["token"];
    l.host.poll();

    c.close();
    l.host.poll();
    CHECK(l.host.doc()["room"]["seats"][2] == (json{{"seat", 2}, {"name", "Cy"}, {"connected", false}, {"bot", nullptr}, {"controlled_by", "player"}}));
    Client c2(l.hub, 4);
    c2.send(msg("rejoin", {{"room", l.room.code}, {"token", token}}));
    CHECK(c2.last("welcome")["seat"] == 2);
    l.host.poll();
    CHECK(l.host.doc()["room"]["seats"][2]["connected"] == true);

    b.poll();
    b.send(msg("leave"));
    CHECK(b.poll().empty());  // it is out: no update
    l.host.poll();
    CHECK(l.host.doc()["room"]["seats"][1]["name"].is_null());
    b.send(msg("chat", {{"text", "still here?"}}));
    CHECK(error_of(b)["code"] == "not_in_room");
}

TEST_CASE("lobby: start compacts the seats, afterwards lobby controls answer game_started", "[room]") {
    Lobby l(json{{"seed", "7"}, {"vp_target", 6}});
    Client b(l.hub, 2), c(l.hub, 3), late(l.hub, 4);
    l.host.send(msg("start"));
    CHECK(error_of(l.host)["code"] == "too_few_players");

    l.join(b, "Bob");
    l.join(c, "Cy");
    l.host.send(msg("kick", {{"seat", 1}}));  // Bob out: Ana in 0, Cy in 2
    l.host.poll();
    c.poll();
    l.host.send(msg("start"));
    for (Client* x : {&l.host, &c}) {
        const json u = x->last("update");
        REQUIRE(!u.is_null());
        CHECK(x->doc()["room"]["phase"] == "playing");
        CHECK(x->doc()["room"]["options"] == (json{{"game", "catan"}, {"players", 2}, {"vp_target", 6}, {"takeover_after", 60}, {"turn_timer", 0}, {"pace", "live"}, {"turn_hours", 24}, {"on_timeout", "bot"}, {"discard_limit", 7}, {"friendly_robber", false},
                   {"balanced_board", false}, {"first_by_dice", false}, {"turn_structure", "paired"}, {"scenario", "none"}, {"layout", "random"}}));
        CHECK(x->doc()["room"]["seats"] == json::parse(R"([{"seat":0,"name":"Ana","connected":true,"bot":null,"controlled_by":"player"},
            {"seat":1,"name":"Cy","connected":true,"bot":null,"controlled_by":"player"}])"));
        CHECK(x->doc()["game"]["options"] == (json{{"players", 2}, {"victory_target", 6}, {"discard_limit", 7}, {"friendly_robber", false},
                                                    {"balanced_board", false}, {"first_by_dice", false}, {"turn_structure", "paired"},
                                                    {"board", "base"}}));
        CHECK(u["legal"].is_object());
    }
    CHECK(l.host.doc()["game"]["viewer"] == 0);
    CHECK(c.doc()["game"]["viewer"] == 1);  // Cy is seat 1 now
    CHECK(c.doc()["room"]["you"] == 1);
    CHECK(l.host.doc()["room"]["you"] == 0);
    CHECK(l.hub.room_summary(l.room.code).body["phase"] == "playing");

    for (const json& m : {msg("start"), msg("set_options", {{"options", json::object()}}), msg("kick", {{"seat", 1}}),
                          msg("move_seat", {{"seat", 0}, {"to", 1}})}) {
        l.host.send(m);
        CHECK(error_of(l.host)["code"] == "game_started");
    }
    // Late arrivals watch, under their name.
    late.send(msg("join", {{"room", l.room.code}, {"name", "Cy"}}));
    CHECK(error_of(late)["code"] == "name_taken");
    late.send(msg("join", {{"room", l.room.code}, {"name", "Dee"}}));
    const auto got = late.poll();
    REQUIRE(got.size() == 2);
    CHECK(got[0] == json{{"v", 1}, {"type", "welcome"}, {"room", l.room.code}, {"seat", nullptr}, {"host", false}});
    CHECK(late.doc()["game"]["viewer"].is_null());
    CHECK(!late.doc()["game"].contains("me"));
    CHECK(late.legal().is_null());
    CHECK(late.doc()["room"]["spectators"] == 1);
    CHECK(late.doc()["room"]["you"].is_null());
    c.poll();
    late.send(msg("chat", {{"text", "hello"}}));
    const json chat = late.last("chat");  // spectators' chat goes to spectators only
    CHECK(chat["seat"].is_null());
    CHECK(chat["name"] == "Dee");
    CHECK(chat["spectator"] == true);
    CHECK(c.last("chat").is_null());
    late.send(msg("command", {{"seq", late.seq()}, {"command", {{"type", "roll_dice"}}}}));
    CHECK(error_of(late)["code"] == "not_seated");
}

TEST_CASE("lobby: room.you follows each connection's seat through moves and compaction", "[room]") {
    Lobby l;
    Client b(l.hub, 2), b2(l.hub, 3), c(l.hub, 4), w(l.hub, 5), fresh(l.hub, 6);
    b.send(msg("join", {{"room", l.room.code}, {"name", "Bob"}}));
    const std::string token = b.last("welcome")["token"];
    b2.send(msg("rejoin", {{"room", l.room.code}, {"token", token}}));  // Bob's second tab
    l.join(c, "Cy");
    w.send(msg("spectate", {{"room", l.room.code}}));
    const std::vector<Client*> everyone{&l.host, &b, &b2, &c, &w};
    for (Client* x : everyone) x->poll();
    CHECK(b.doc()["room"]["you"] == 1);
    CHECK(b2.doc()["room"]["you"] == 1);
    CHECK(w.doc()["room"]["you"].is_null());

    // Every step: each connection's document (patched) equals a fresh snapshot of its seat, and the
    // two tabs of one seat receive the very same bytes.
    const auto check = [&](int bob, int cy) {
        for (Client* x : everyone) x->poll();
        CHECK(l.host.doc()["room"]["you"] == 0);
        CHECK(b.doc()["room"]["you"] == bob);
        CHECK(c.doc()["room"]["you"] == cy);
        CHECK(w.doc()["room"]["you"].is_null());
        CHECK(b.outbox()->sent().back() == b2.outbox()->sent().back());
        CHECK(b.doc() == b2.doc());
        for (Client* x : everyone) {
            x->send(msg("sync"));
            const json snap = x->last("snapshot");
            REQUIRE(!snap.is_null());
            CHECK(snap["doc"] == x->doc());
        }
        fresh.send(msg("rejoin", {{"room", l.room.code}, {"token", token}}));
        fresh.poll();
        CHECK(fresh.doc()["room"]["you"] == bob);
        for (Client* x : everyone) x->poll();
        CHECK(fresh.doc() == b.doc());
        fresh.send(msg("spectate", {{"room", l.room.code}}));  // out of Bob's seat again
        for (Client* x : everyone) x->poll();
    };
    l.host.send(msg("move_seat", {{"seat", 1}, {"to", 3}}));  // Bob to 3
    check(3, 2);
    l.host.send(msg("move_seat", {{"seat", 2}, {"to", 3}}));  // Bob and Cy swap
    check(2, 3);
    l.host.send(msg("set_options", {{"options", {{"players", 3}}}}));  // Cy moves down into seat 1
    check(2, 1);
    l.host.send(msg("move_seat", {{"seat", 1}, {"to", 0}}));  // the host moves too
    for (Client* x : everyone) x->poll();
    CHECK(l.host.doc()["room"]["you"] == 1);
    CHECK(c.doc()["room"]["you"] == 0);
    l.host.send(msg("move_seat", {{"seat", 1}, {"to", 0}}));
    check(2, 1);
    l.host.send(msg("kick", {{"seat", 1}}));  // Cy out; the start compacts Bob from 2 to 1
    l.host.send(msg("start"));
    for (Client* x : everyone) x->poll();
    CHECK(b.doc()["room"]["you"] == 1);
    CHECK(b2.doc()["room"]["you"] == 1);
    CHECK(b.doc()["game"]["viewer"] == 1);
    CHECK(l.host.doc()["room"]["you"] == 0);
    CHECK(w.doc()["room"]["you"].is_null());
}

TEST_CASE("lobby: chat goes to everyone once and is kept for snapshots", "[room]") {
    Lobby l(json::object(), unlimited_chat());
    Client b(l.hub, 2), w(l.hub, 3);
    l.join(b, "Bob");
    l.host.poll();
    const std::uint64_t seq = l.host.seq();
    b.send(msg("chat", {{"text", "hi all"}}));
    const json a_chat = l.host.last("chat");
    CHECK(a_chat["seat"] == 1);
    CHECK(a_chat["name"] == "Bob");
    CHECK(a_chat["text"] == "hi all");
    CHECK(a_chat["at"].is_number_integer());
    CHECK(b.last("chat") == a_chat);
    CHECK(l.host.seq() == seq);  // chat is not part of the document
    // One serialisation for the whole room.
    CHECK(l.host.outbox()->sent().back() == b.outbox()->sent().back());

    b.send(msg("chat", {{"text", std::string(501, 'x')}}));
    json e = error_of(b);
    CHECK(e["code"] == "out_of_range");
    CHECK(e["field"] == "text");
    b.send(msg("chat", {{"text", "bell\u0007"}}));
    CHECK(error_of(b)["code"] == "out_of_range");

    for (int i = 0; i < 120; ++i) l.host.send(msg("chat", {{"text", "line " + std::to_string(i)}}));
    w.send(msg("spectate", {{"room", l.room.code}}));
    const json snap = w.last("snapshot");
    REQUIRE(snap["chat"].size() == 100);
    CHECK(snap["chat"][0]["text"] == "line 20");
    CHECK(snap["chat"][99]["text"] == "line 119");
    // A spectator's line goes to spectators only, under a number ("Spectator N"), not anonymously.
    b.poll();
    w.send(msg("chat", {{"text", "anonymous"}}));
    CHECK(b.last("chat").is_null());
    const json watcher = w.last("chat");
    CHECK(watcher["name"].get<std::string>().starts_with("Spectator "));
    CHECK(watcher["spectator"] == true);
}

TEST_CASE("lobby: bad envelopes are answered to the sender, and change nothing", "[room]") {
    Lobby l;
    Client b(l.hub, 2);
    l.join(b, "Bob");
    l.host.poll();
    const std::uint64_t seq = l.host.seq();
    const json before = l.host.doc();
    const std::pair<std::string, std::string> cases[] = {
        {"not json", "malformed"},
        {R"({"v":1,"type":"chat","text":"x"})" "garbage", "malformed"},
        {"[]", "malformed"},
        {R"({"v":1,"type":"teleport","id":"t"})", "unknown_type"},
        {R"({"v":1,"type":"kick","id":"t"})", "missing_field"},
        {R"({"v":1,"type":"leave","id":"t","seat":0})", "unexpected_field"},
        {R"({"v":1,"type":"chat","id":"t","text":5})", "wrong_type"},
        {R"({"v":1,"type":"kick","id":"t","seat":9})", "out_of_range"},
        {R"({"v":1,"type":"command","id":"t","seq":0,"command":{"type":"roll_dice","seat":1}})", "unexpected_field"},
        {R"({"v":1,"type":"command","id":"t","seq":0,"command":{"type":"jump"}})", "unknown_type"},
    };
    for (const auto& [text, code] : cases) {
        INFO(text);
        b.send_raw(text);
        const json e = error_of(b);
        CHECK(e["code"] == code);
        CHECK(e["message"].is_string());
        if (text.find("\"id\"") != std::string::npos) CHECK(e["id"] == "t");
    }
    CHECK(l.host.poll().empty());
    CHECK(l.host.seq() == seq);
    CHECK(l.host.doc() == before);
    b.send(msg("chat", {{"text", "fine"}}));
    CHECK(l.host.last("chat")["text"] == "fine");
}

TEST_CASE("lobby: a connection moves between rooms", "[room]") {
    Lobby l;
    const Created other = create(l.hub);
    Client b(l.hub, 2);
    l.join(b, "Bob");
    l.host.poll();
    b.send(msg("spectate", {{"room", other.code}}));
    CHECK(b.last("welcome")["room"] == other.code);
    l.host.poll();
    CHECK(l.host.doc()["room"]["seats"][1] == (json{{"seat", 1}, {"name", "Bob"}, {"connected", false}, {"bot", nullptr}, {"controlled_by", "player"}}));
    CHECK(l.hub.room_summary(other.code).body["spectators"] == 1);
}
