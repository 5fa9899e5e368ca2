// Bad input and limits over real sockets. Every refused message is
// checked the same way (see refused()): the sender gets exactly one `error` with the expected code, a
// message and, where one applies, the field at fault or the rule broken, and its id echoed; nobody else
// gets anything (their next message is the pong to their own ping); nothing changed (every connection's
// seq and rebuilt doc are as before, and a fresh snapshot from the server agrees); and the connection
// is still usable (its next ping is answered).
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "game_driver.hpp"
#include "server_process.hpp"

using namespace catan::nettest;
using namespace std::chrono_literals;

namespace {

struct Expect {
    std::optional<std::string> field;  // the error's field must be this dotted path ("command.<field>" inside a command)
    bool rule = false;                 // the error must name a rule ("R-...")
};
const Expect kRule{std::nullopt, true};

bool field_matches(const json& got, const std::string& want) { return got.is_string() && got.get<std::string>() == want; }

// `sender` sends the text frame `raw`; see the file comment for what is required. code "" = any code.
json refused(Table& t, Peer& sender, const std::string& raw, const std::string& code, const Expect& x = {}) {
    struct Seen {
        Peer* peer;
        std::int64_t seq;
        json doc;
    };
    std::vector<Seen> before;
    for (Peer* p : t.connected()) before.push_back({p, p->view.seq(), p->view.doc()});

    INFO(sender.label << " sent: " << raw.substr(0, 300));
    sender.send_text(raw);
    const json e = sender.recv();
    INFO("answer: " << e.dump());
    REQUIRE(e["type"] == "error");
    if (!code.empty()) REQUIRE(e["code"] == code);
    REQUIRE(e.contains("code"));
    REQUIRE(e["code"].is_string());
    REQUIRE(e.contains("message"));
    REQUIRE(e["message"].is_string());
    CHECK_FALSE(e["message"].get<std::string>().empty());
    if (x.field) {
        CHECK(e.contains("field"));
        CHECK(field_matches(e.value("field", json()), *x.field));
    }
    if (x.rule) {
        CHECK(e.contains("rule"));
        CHECK(e.value("rule", std::string()).starts_with("R-"));
    }
    const json parsed = json::parse(raw, nullptr, false);
    if (parsed.is_object() && parsed.contains("id") &&
        (parsed["id"].is_number_integer() || (parsed["id"].is_string() && parsed["id"].get<std::string>().size() <= 64)))
        CHECK(e.value("id", json()) == parsed["id"]);

    sender.ping_pong();  // still usable
    for (Peer* p : t.connected())
        if (p != &sender) p->ping_pong();  // nothing was sent to anybody else
    for (const Seen& s : before) {
        INFO(s.peer->label);
        CHECK(s.peer->view.seq() == s.seq);
        CHECK(s.peer->view.doc() == s.doc);
    }
    for (Peer* p : t.connected()) p->check_in_sync();  // and the server agrees nothing changed
    return e;
}

json refused(Table& t, Peer& sender, const json& m, const std::string& code, const Expect& x = {}) {
    return refused(t, sender, m.dump(), code, x);
}

json command_msg(std::int64_t seq, const json& command) { return msg("command", {{"seq", seq}, {"command", command}}); }

// A server and a 3-seat room: Ana (host, seat 0) and Bo seated; Cy too and the game started when `started`.
struct Fixture {
    ServerProcess server;
    Table t{server.port()};
    Peer* ana = nullptr;
    Peer* bo = nullptr;
    Peer* cy = nullptr;

    explicit Fixture(bool started, std::vector<std::string> flags = {}) : server(std::move(flags)) {
        t.create_room_rest({{"players", 3}, {"seed", "424242"}});
        ana = &t.join("Ana", true);
        bo = &t.join("Bo");
        if (started) {
            cy = &t.join("Cy");
            t.start();
        }
    }
    ~Fixture() {
        // A test that passed leaves a server that still shuts down cleanly.
        if (server.running()) {
            t.close_all();
            const int code = server.stop();
            if (!std::uncaught_exceptions()) CHECK(code == 0);
        }
    }

    Peer& current() { return t.player(ana->game()["current"].get<int>()); }
    Peer& not_current() { return t.player((ana->game()["current"].get<int>() + 1) % 3); }
};

json first_action(Peer& p, const std::string& type) {
    for (const auto& a : p.view.legal_actions())
        if (a["type"] == type) return a;
    FAIL(p.label << " has no legal " << type << ": " << p.view.legal().dump());
    return {};
}

}  // namespace

TEST_CASE("Bad input: malformed JSON and JSON that is not an object", "[bad-input]") {
    Fixture f(true);
    Peer& p = f.current();
    SECTION("not JSON") {
        for (const std::string raw : {R"({"v":1,"type":)", "not json at all", R"({"v":1,"type":"ping"} trailing)", "",
                                      "{\"v\":1,\"type\":\"ping\"\x01}"}) {
            const json e = refused(f.t, p, raw, "malformed");
            CHECK_FALSE(e.contains("field"));
        }
    }
    SECTION("JSON that is not an object") {
        for (const std::string raw : {"[1,2,3]", "42", "\"ping\"", "null", "true", R"([{"v":1,"type":"ping"}])"})
            refused(f.t, p, raw, "malformed");
    }
}

TEST_CASE("Bad input: unknown type and missing or extra or wrong-typed fields", "[bad-input]") {
    Fixture f(true);
    Peer& p = f.current();
    const auto seq = p.view.seq();
    const json spot = first_action(p, "build_settlement");
    SECTION("unknown type") {
        refused(f.t, p, msg("teleport", {{"id", "u1"}}), "unknown_type", {"type"});
        refused(f.t, p, command_msg(seq, {{"type", "fly"}}), "unknown_type", {"command.type"});
    }
    SECTION("missing field") {
        refused(f.t, p, json{{"v", 1}, {"id", 7}}, "missing_field", {"type"});
        refused(f.t, p, json{{"type", "ping"}, {"id", "no-v"}}, "missing_field", {"v"});
        refused(f.t, p, msg("command", {{"command", spot}, {"id", "m1"}}), "missing_field", {"seq"});
        refused(f.t, p, msg("command", {{"seq", seq}}), "missing_field", {"command"});
        refused(f.t, p, command_msg(seq, {{"type", "build_settlement"}}), "missing_field", {"command.intersection"});
        refused(f.t, p, msg("chat"), "missing_field", {"text"});
    }
    SECTION("extra field") {
        refused(f.t, p, msg("ping", {{"extra", 1}, {"id", "x1"}}), "unexpected_field", {"extra"});
        json c = command_msg(seq, spot);
        c["command"]["color"] = "red";
        refused(f.t, p, c, "unexpected_field", {"command.color"});
        refused(f.t, p, msg("sync", {{"seq", seq}}), "unexpected_field", {"seq"});
    }
    SECTION("wrong-typed field") {
        refused(f.t, p, msg("command", {{"seq", std::to_string(seq)}, {"command", spot}, {"id", "w1"}}), "wrong_type", {"seq"});
        json c = spot;
        c["intersection"] = std::to_string(c["intersection"].get<int>());
        refused(f.t, p, command_msg(seq, c), "wrong_type", {"command.intersection"});
        c = spot;
        c["intersection"] = c["intersection"].get<int>() + 0.5;
        refused(f.t, p, command_msg(seq, c), "wrong_type", {"command.intersection"});
        refused(f.t, p, msg("command", {{"seq", seq}, {"command", "build_settlement"}}), "wrong_type", {"command"});
        refused(f.t, p, json{{"v", 1}, {"type", 5}}, "wrong_type", {"type"});
        refused(f.t, p, json{{"v", "1"}, {"type", "ping"}}, "wrong_type", {"v"});
        refused(f.t, p, msg("ping", {{"id", json::object()}}), "wrong_type", {"id"});
        refused(f.t, p, msg("chat", {{"text", 12}}), "wrong_type", {"text"});
    }
    SECTION("values out of range") {
        json c = spot;
        c["intersection"] = 54;
        refused(f.t, p, command_msg(seq, c), "out_of_range", {"command.intersection"});
        c["intersection"] = -1;
        refused(f.t, p, command_msg(seq, c), "out_of_range", {"command.intersection"});
        refused(f.t, p, msg("ping", {{"id", std::string(65, 'i')}}), "out_of_range", {"id"});
        refused(f.t, p, json{{"v", 2}, {"type", "ping"}}, "", {"v"});  // another protocol version
        refused(f.t, p, msg("command", {{"seq", -1}, {"command", spot}}), "", {"seq"});
    }
}

TEST_CASE("Bad input: commands refused by the rules or sent out of turn or for another seat or stale", "[bad-input]") {
    Fixture f(true);
    Peer& first = f.current();
    SECTION("illegal spot: a settlement on an occupied intersection") {
        const json spot = first_action(first, "build_settlement");
        f.t.play(first, spot);
        f.t.play(first, first_action(first, "build_road"));
        Peer& second = f.current();
        REQUIRE(&second != &first);
        const json e = refused(f.t, second, command_msg(second.view.seq(), spot), "illegal_spot", kRule);
        // A legal spot is still accepted afterwards.
        f.t.play(second, first_action(second, "build_settlement"));
    }
    SECTION("a command in the wrong phase") {
        refused(f.t, first, command_msg(first.view.seq(), {{"type", "roll_dice"}}), "wrong_phase", kRule);
        refused(f.t, first, command_msg(first.view.seq(), {{"type", "end_turn"}}), "wrong_phase", kRule);
    }
    SECTION("out of turn") {
        Peer& other = f.not_current();
        const json spot = first_action(first, "build_settlement");
        CHECK(other.view.legal_actions().empty());
        refused(f.t, other, command_msg(other.view.seq(), spot), "not_your_turn", kRule);
    }
    SECTION("on behalf of another seat: a seat or player field is refused") {
        Peer& other = f.not_current();
        json c = first_action(first, "build_settlement");
        c["seat"] = first.seat;  // the other seat tries to act as the current one
        refused(f.t, other, command_msg(other.view.seq(), c), "unexpected_field", {"command.seat"});
        c.erase("seat");
        c["player"] = first.seat;
        refused(f.t, other, command_msg(other.view.seq(), c), "unexpected_field", {"command.player"});
        json m = command_msg(other.view.seq(), first_action(first, "build_settlement"));
        m["seat"] = first.seat;
        refused(f.t, other, m, "unexpected_field", {"seat"});
        // Even the current seat naming itself is refused: the seat comes from the connection only.
        c.erase("player");
        c["seat"] = first.seat;
        refused(f.t, first, command_msg(first.view.seq(), c), "unexpected_field", {"command.seat"});
    }
    SECTION("stale sequence: refused and not applied") {
        const json spot = first_action(first, "build_settlement");
        const auto seq = first.view.seq();
        REQUIRE(seq > 0);
        refused(f.t, first, command_msg(seq - 1, spot), "stale_sequence");
        refused(f.t, first, command_msg(seq + 1, spot), "stale_sequence");
        refused(f.t, first, command_msg(0, spot), "stale_sequence");
        // The command was never applied: with the right seq it is accepted once, and only once.
        f.t.play(first, spot);
        refused(f.t, first, command_msg(seq, spot), "stale_sequence");
        CHECK(first.game()["players"][first.seat]["settlements"].size() == 1);
    }
    SECTION("a spectator and a connection outside any room cannot command") {
        Peer& watcher = f.t.spectate();
        refused(f.t, watcher, command_msg(watcher.view.seq(), first_action(first, "build_settlement")), "not_seated");
        Peer& stranger = f.t.connect_only("stranger");
        refused(f.t, stranger, command_msg(0, {{"type", "end_turn"}}), "not_in_room");
        refused(f.t, stranger, msg("start"), "not_in_room");
        refused(f.t, stranger, msg("chat", {{"text", "hi"}}), "not_in_room");
        refused(f.t, stranger, msg("sync"), "not_in_room");
    }
}

TEST_CASE("Bad input: tokens and names and host-only actions and full or started rooms", "[bad-input]") {
    Fixture f(false);
    Table& t = f.t;
    SECTION("wrong token on rejoin") {
        Peer& s = t.connect_only("stranger");
        refused(t, s, msg("rejoin", {{"room", t.code}, {"token", std::string(32, '0')}, {"id", "r1"}}), "bad_token");
        refused(t, s, msg("rejoin", {{"room", t.code}, {"token", "not-a-token"}}), "bad_token");
        // Ana's token is for this room only.
        Table other(t.port());
        other.create_room_rest(json::object());
        refused(t, s, msg("rejoin", {{"room", other.code}, {"token", f.ana->token}}), "bad_token");
        refused(t, s, msg("rejoin", {{"room", "ZZZZZ"}, {"token", f.ana->token}}), "no_such_room");
        // The right token still works afterwards.
        s.send(msg("rejoin", {{"room", t.code}, {"token", f.bo->token}}));
        CHECK(s.expect("welcome")["seat"] == f.bo->seat);
    }
    SECTION("names") {
        Peer& s = t.connect_only("stranger");
        auto join = [&](const std::string& name) { return msg("join", {{"room", t.code}, {"name", name}}); };
        refused(t, s, join(""), "bad_name", {"name"});
        refused(t, s, join("    "), "bad_name", {"name"});
        refused(t, s, join(std::string(25, 'n')), "bad_name", {"name"});
        refused(t, s, join("Al\x01" "ce"), "bad_name", {"name"});
        refused(t, s, join("Al\nce"), "bad_name", {"name"});
        refused(t, s, join("Al\x7f" "ce"), "bad_name", {"name"});
        refused(t, s, join("ana"), "name_taken", {"name"});
        refused(t, s, join("  ANA "), "name_taken", {"name"});
        // Invisible names and look-alikes of a seated name (docs/security.md, "Names and text").
        for (const char* invisible : {"\u200b", "\u3164", "\ufeffBob", "Bo\u061cb"}) refused(t, s, join(invisible), "bad_name", {"name"});
        for (const char* lookalike : {"Ana\u00a0", "\u0410na", "\uff21na"}) refused(t, s, join(lookalike), "name_taken", {"name"});
        refused(t, s, msg("join", {{"room", "ZZZZZ"}, {"name", "Zed"}}), "no_such_room");
        // 24 characters after trimming are fine.
        s.send(join("  " + std::string(24, 'z') + "  "));
        CHECK(s.expect("welcome")["seat"].is_number_integer());
    }
    SECTION("only the host may start, kick, move seats and change options") {
        Peer& bo = *f.bo;
        refused(t, bo, msg("start", {{"id", "s1"}}), "not_host");
        refused(t, bo, msg("kick", {{"seat", 0}}), "not_host");
        refused(t, bo, msg("move_seat", {{"seat", 0}, {"to", 1}}), "not_host");
        refused(t, bo, msg("set_options", {{"options", {{"vp_target", 5}}}}), "not_host");
    }
    SECTION("a wrong host_key is refused") {
        Peer& s = t.connect_only("stranger");
        refused(t, s, msg("join", {{"room", t.code}, {"name", "Mallory"}, {"host_key", std::string(32, 'f')}}), "bad_token");
    }
    SECTION("a command before the start") {
        refused(t, *f.ana, command_msg(f.ana->view.seq(), {{"type", "roll_dice"}}), "wrong_phase");
    }
    SECTION("room values the room refuses") {
        t.join("Cy");
        refused(t, *f.ana, msg("set_options", {{"options", {{"players", 2}}}}), "out_of_range", {"options.players"});
        refused(t, *f.ana, msg("move_seat", {{"seat", 0}, {"to", 3}}), "out_of_range", {"to"});
        refused(t, *f.ana, msg("kick", {{"seat", 0}}), "out_of_range", {"seat"});
        refused(t, *f.ana, msg("set_options", {{"options", {{"vp_target", 2}}}}), "out_of_range", {"options.vp_target"});
        refused(t, *f.ana, msg("set_options", {{"options", {{"seed", "12"}, {"colour", "red"}}}}), "unexpected_field",
                {"options.colour"});
    }
    SECTION("a game needs two seated players") {
        Table solo(t.port());
        solo.create_room_rest({{"players", 2}});
        Peer& host = solo.join("Host", true);
        refused(solo, host, msg("start"), "too_few_players");
    }
    SECTION("a full room refuses joins; after the start joining gives a spectator") {
        Peer& cy = t.join("Cy");
        REQUIRE(cy.seat == 2);
        Peer& s = t.connect_only("fourth");
        refused(t, s, msg("join", {{"room", t.code}, {"name", "Dee"}}), "room_full");
        t.start();
        Peer& late = t.join("Eve");  // welcome with seat null, a snapshot without `me`, no legal actions
        CHECK(late.seat == kNoSeat);
        CHECK(late.token.empty());
        CHECK_FALSE(late.game().contains("me"));
        CHECK(late.view.legal().is_null());
        for (Peer* p : t.connected()) CHECK(p->view.doc()["room"]["spectators"] == 1);
        // Lobby-only actions after the start.
        refused(t, *f.ana, msg("start"), "game_started");
        refused(t, *f.ana, msg("kick", {{"seat", 1}}), "game_started");
        refused(t, *f.ana, msg("set_options", {{"options", {{"vp_target", 5}}}}), "game_started");
    }
}

TEST_CASE("Bad input: chat text is checked", "[bad-input]") {
    Fixture f(true);
    refused(f.t, *f.bo, msg("chat", {{"text", ""}}), "");
    refused(f.t, *f.bo, msg("chat", {{"text", std::string(501, 'c')}}), "");
    refused(f.t, *f.bo, msg("chat", {{"text", "bell\x07"}}), "");
    refused(f.t, *f.bo, msg("chat", {{"text", "hi \u061c there"}}), "");
    refused(f.t, *f.bo, msg("chat", {{"text", "\u200b"}}), "");
}

TEST_CASE("Limits: a frame over 16 KiB closes that connection with 1009 and the others carry on", "[bad-input]") {
    Fixture f(true);
    Peer& big = *f.cy;
    const auto seq = f.t.seq();
    big.send_text(msg("chat", {{"text", std::string(17 * 1024, 'x')}}).dump());
    REQUIRE(big.ws->wait_closed(5s));
    CHECK(big.ws->close_code() == 1009);
    // The others only learn that Cy's seat is disconnected, and keep playing.
    f.t.catch_up(seq + 1);
    for (Peer* p : f.t.connected()) {
        p->ping_pong();
        CHECK(p->view.doc()["room"]["seats"][2]["connected"] == false);
    }
    // Just under the cap is a normal message (here refused for its content, the connection stays).
    refused(f.t, *f.bo, msg("chat", {{"text", std::string(15 * 1024, 'x')}}), "");
    if (f.cy->seat != f.ana->game()["current"]) {
        Peer& cur = f.current();
        f.t.play(cur, first_action(cur, "build_settlement"));
    }
    f.t.rejoin(big);
    big.ping_pong();
}

TEST_CASE("Limits: a flooding connection is refused with rate_limited and closed if it keeps on", "[bad-input]") {
    Fixture f(true);
    Peer& flood = *f.bo;
    const auto seq = f.t.seq();
    constexpr int kBurst = 50;  // over the burst of 40
    for (int i = 0; i < kBurst; ++i) flood.ws->send_text(msg("ping", {{"id", i}}).dump());
    int pongs = 0, limited = 0;
    for (int i = 0; i < kBurst; ++i) {
        const json m = flood.recv();
        const std::string type = m.value("type", ""), code = m.value("code", "");
        if (type == "pong") ++pongs;
        else if (type == "error" && code == "rate_limited") ++limited;
        else FAIL("unexpected answer to a flood: " << m.dump());
    }
    CHECK(limited >= 5);   // 10 over the burst...
    CHECK(pongs >= 35);    // ...and the burst itself served
    // Nobody else heard of it, nothing changed, and the flooder may speak again after a pause.
    for (Peer* p : f.t.connected())
        if (p != &flood) p->ping_pong();
    CHECK(f.t.seq() == seq);
    std::this_thread::sleep_for(300ms);
    flood.ping_pong();

    // A connection that keeps flooding is closed.
    Peer& storm = f.t.connect_only("storm");
    bool closed = false;
    for (int i = 0; i < 2000 && !closed; ++i) {
        try {
            storm.ws->send_text(msg("ping").dump());
        } catch (const std::exception&) {
            closed = true;
        }
        while (storm.ws->receive_text(0ms)) {
        }
        closed = closed || storm.ws->closed();
    }
    CHECK((closed || storm.ws->wait_closed(3s)));
    for (Peer* p : f.t.connected()) p->ping_pong();
}

TEST_CASE("Limits: the WebSocket upgrade checks Origin", "[bad-input]") {
    ServerProcess server({"--allowed-origin", "https://catan.example"});
    const auto port = server.port();
    auto evil = WsClient::try_connect(port, "http://evil.example");
    CHECK(evil.client == nullptr);
    CHECK(evil.http_status == 403);
    auto listed = WsClient::try_connect(port, "https://catan.example");
    CHECK(listed.client != nullptr);
    ServerProcess plain;
    auto foreign = WsClient::try_connect(plain.port(), "http://evil.example");
    CHECK(foreign.client == nullptr);
    CHECK(foreign.http_status == 403);
    auto same = WsClient::try_connect(plain.port(), same_origin(plain.port()));
    CHECK(same.client != nullptr);
    for (auto* c : {&listed, &same})
        if (c->client) c->client->close();
    CHECK(server.stop() == 0);
    CHECK(plain.stop() == 0);
}

TEST_CASE("Limits: connections per address are capped", "[bad-input]") {
    ServerProcess server({"--max-connections-per-ip", "4"});
    std::vector<std::unique_ptr<WsClient>> open;
    for (int i = 0; i < 4; ++i) open.push_back(WsClient::connect(server.port()));
    for (auto& c : open) {  // all four are served
        c->send(msg("ping"));
        auto m = c->receive();
        REQUIRE(m);
        CHECK((*m)["type"] == "pong");
    }
    auto fifth = WsClient::try_connect(server.port(), same_origin(server.port()));
    if (fifth.client) {  // accepted at the socket level: then told why and closed
        auto m = fifth.client->receive();
        REQUIRE(m);
        CHECK((*m)["type"] == "error");
        CHECK((*m)["code"] == "too_many_connections");
        CHECK(fifth.client->wait_closed(3s));
    } else {
        INFO(fifth.error);
        CHECK(fifth.http_status >= 400);
    }
    // The others are unaffected; once one leaves there is room again.
    for (auto& c : open) {
        c->send(msg("ping"));
        auto m = c->receive();
        REQUIRE(m);
        CHECK((*m)["type"] == "pong");
    }
    open.back()->close();
    open.pop_back();
    bool again = false;
    for (int i = 0; i < 100 && !again; ++i) {
        auto r = WsClient::try_connect(server.port(), same_origin(server.port()));
        if (r.client) {
            r.client->send(msg("ping"));
            auto m = r.client->receive(1s);
            again = m && (*m)["type"] == "pong";
        }
        if (!again) std::this_thread::sleep_for(20ms);
    }
    CHECK(again);
    for (auto& c : open) c->close();
    CHECK(server.stop() == 0);
}

TEST_CASE("Limits: the number of rooms is capped", "[bad-input]") {
    ServerProcess server({"--max-rooms", "2"});
    Table a(server.port()), b(server.port());
    a.create_room_rest(json::object());
    b.create_room_ws(json::object());
    const HttpResponse r = http_request(server.port(), "POST", "/api/rooms", "{}");
    INFO(r.body);
    CHECK(r.status >= 400);
    CHECK(r.json_body().value("code", std::string()) == "too_many_rooms");
    auto ws = WsClient::connect(server.port());
    ws->send(msg("create_room", {{"options", json::object()}, {"id", 9}}));
    auto m = ws->receive();
    REQUIRE(m);
    CHECK((*m)["type"] == "error");
    CHECK((*m)["code"] == "too_many_rooms");
    CHECK((*m)["id"] == 9);
    ws->close();
    CHECK(server.stop() == 0);
}

// docs/security.md, "Fairness: nobody chooses the seed": whoever knows the seed knows every roll and card.
TEST_CASE("Fairness: a normal server refuses a client's seed over REST and WebSocket, a test server marks the room", "[bad-input]") {
    {
        ServerProcess normal({"--allow-client-seeds=false"});
        const HttpResponse r = http_request(normal.port(), "POST", "/api/rooms", R"({"players":2,"seed":"424242"})");
        INFO(r.body);
        CHECK(r.status == 400);
        CHECK(r.json_body().value("code", std::string()) == "out_of_range");
        CHECK(r.json_body().value("field", std::string()) == "seed");
        CHECK_THAT(r.json_body().value("message", std::string()), Catch::Contains("nobody can predict the dice"));
        auto ws = WsClient::connect(normal.port());
        ws->send(msg("create_room", {{"options", {{"seed", "7"}}}, {"id", 3}}));
        auto m = ws->receive();
        REQUIRE(m);
        CHECK((*m)["type"] == "error");
        CHECK((*m)["code"] == "out_of_range");
        CHECK((*m)["field"] == "options.seed");
        CHECK((*m)["id"] == 3);
        ws->close();

        Table t(normal.port());
        t.create_room_rest({{"players", 3}});
        Peer& ana = t.join("Ana", true);
        t.join("Bo");
        CHECK(ana.view.doc()["room"]["seed_chosen"] == false);
        refused(t, ana, msg("set_options", {{"options", {{"players", 2}, {"seed", "12"}}}, {"id", "s"}}), "out_of_range",
                {"options.seed"});
        t.close_all();
        CHECK(normal.stop() == 0);
    }
    ServerProcess test_server;  // the fixture's default for every other test: --allow-client-seeds
    Table t(test_server.port());
    t.create_room_rest({{"players", 2}, {"seed", "5"}});
    t.join("Ana", true);
    Peer& watcher = t.spectate();
    CHECK(watcher.view.doc()["room"]["seed_chosen"] == true);
    t.close_all();
    CHECK(test_server.stop() == 0);
}
