// A complete game over real sockets against the real binary:
// room creation over REST and over the socket, three players and a spectator, the host starts, and the
// seats play to a winner, each choosing from its own legal actions, with a domestic trade, a 7 with a
// discard, a knight, chat, and a player whose socket drops in the middle of its turn and who comes back
// with its token. Every message sent and received goes to messages.jsonl, which the schema test
// (schema_server_messages) validates: this test is the CTest fixture `server_messages`.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <thread>

#include "game_driver.hpp"
#include "server_process.hpp"

using namespace catan::nettest;
using Clock = std::chrono::steady_clock;

namespace {

const char* messages_path() {
    if (const char* p = std::getenv("CATAN_MESSAGES_JSONL"); p && *p) return p;
#ifdef CATAN_MESSAGES_JSONL
    return CATAN_MESSAGES_JSONL;
#else
    return "messages.jsonl";
#endif
}

json room_summary(unsigned short port, const std::string& code) {
    const HttpResponse r = http_request(port, "GET", "/api/rooms/" + code);
    INFO(r.body);
    REQUIRE(r.status == 200);
    json b = r.json_body();
    record_message("rest#/$defs/room_summary", b);
    return b;
}

}  // namespace

TEST_CASE("Full game: from room creation to a winner with 3 WebSocket clients including a trade and a discard and a knight and a reconnect", "[full-game]") {
    const auto t0 = Clock::now();
    RecordingGuard recording(messages_path());
    ServerProcess server;
    const unsigned short port = server.port();
    const auto t_started = Clock::now();

    // Health, and the REST answers for rooms that do not exist.
    {
        const HttpResponse health = http_request(port, "GET", "/healthz");
        CHECK(health.status == 200);
        const HttpResponse missing = http_request(port, "GET", "/api/rooms/ZZZZZ");
        INFO(missing.body);
        CHECK(missing.status == 404);
        const json body = missing.json_body();
        CHECK(body["code"] == "no_such_room");
        record_message("rest#/$defs/not_found", body);
    }

    // A room created over the socket exists and waits in the lobby (this test then plays in another).
    {
        Table side(port);
        side.create_room_ws({{"players", 2}, {"vp_target", 8}});
        const json summary = room_summary(port, side.code);
        CHECK(summary["phase"] == "lobby");
        CHECK(summary["options"]["players"] == 2);
        CHECK(summary["options"]["vp_target"] == 8);
        CHECK(summary["seats"].size() == 2);  // every seat, a free one with a null name (docs/protocol.md)
        for (const auto& seat : summary["seats"]) CHECK(seat.value("name", json("?")).is_null());
        // Codes are case-insensitive on input.
        std::string lower = side.code;
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        CHECK(http_request(port, "GET", "/api/rooms/" + lower).status == 200);
    }

    Table t(port);
    t.create_room_rest({{"players", 3}, {"seed", "20261129"}});
    Peer& ana = t.join("Ana", true);
    {
        // Ana holds seat 0 and is the only one seated; the free seats are listed with a null name.
        INFO(ana.view.doc()["room"].dump());
        CHECK(ana.view.doc()["room"]["seats"].size() == 3);
        int named = 0;
        for (const auto& seat : ana.view.doc()["room"]["seats"]) named += seat.value("name", json()).is_string();
        CHECK(named == 1);
        CHECK(ana.view.doc()["room"]["seats"][0]["name"] == "Ana");
    }
    Peer& bo = t.join("Bo");
    Peer& cy = t.join("Cy");
    Peer& watcher = t.spectate();
    REQUIRE(ana.seat == 0);
    REQUIRE(bo.seat == 1);
    REQUIRE(cy.seat == 2);
    REQUIRE(ana.host);
    REQUIRE_FALSE(bo.host);
    for (Peer* p : t.connected()) {
        int named = 0;
        for (const auto& seat : p->view.doc()["room"]["seats"]) named += seat.value("name", json()).is_string();
        CHECK(named == 3);
        CHECK(p->view.doc()["room"]["spectators"] == 1);
        CHECK(p->view.doc()["room"]["host"] == 0);
        CHECK(p->view.doc()["game"].is_null());
        CHECK(p->view.legal().is_null());
    }
    {
        const json summary = room_summary(port, t.code);
        CHECK(summary["phase"] == "lobby");
        CHECK(summary["seats"].size() == 3);  // a 3-seat room, full
        CHECK(summary["spectators"] == 1);
        CHECK_FALSE(summary.dump().find("seed") != std::string::npos);
    }

    // Chat reaches everyone in the room, with the speaker's seat and name; ping is answered.
    bo.send(msg("chat", {{"text", "good luck, all"}}));
    for (Peer* p : t.connected()) {
        const json c = p->expect("chat");
        CHECK(c["seat"] == 1);
        CHECK(c["name"] == "Bo");
        CHECK(c["text"] == "good luck, all");
        CHECK(c["at"].is_number_integer());
    }
    for (Peer* p : t.connected()) p->ping_pong();

    t.start();
    CHECK(room_summary(port, t.code)["phase"] == "playing");
    for (Peer* p : t.players()) {
        REQUIRE(p->game()["me"]["seat"] == p->seat);
        CHECK(p->game()["viewer"] == p->seat);
    }
    CHECK_FALSE(watcher.game().contains("me"));
    CHECK(watcher.game()["viewer"].is_null());

    PolicyOptions po;
    po.seed = 20261129;
    po.hoard_seat = 2;  // Cy keeps its cards until somebody discarded on a 7
    po.want_trade = true;
    po.want_knight = true;
    Policy policy(po);

    bool reconnected = false;
    int reconnect_turn = -1;
    const auto t_game = Clock::now();
    const GameStats stats = play_to_end(t, policy, 20000, [&](Peer&, const json&, const json&) {
        if (reconnected) return;
        const json g = ana.game();  // a copy: the views change below
        // Mid-turn: the current player has rolled and acts in the main phase, turn 4 or later.
        if (g["phase"] != "main" || g["turn"].get<int>() < 4) return;
        const int current = g["current"];
        Peer& p = t.player(current);
        const json game_before = p.game();
        t.drop(p);  // everyone else sees connected:false
        // The game waits for the missing seat: nobody else may act for it.
        for (Peer* q : t.connected()) {
            INFO(q->label);
            CHECK(q->game()["current"] == current);
            CHECK(q->game()["to_act"] == json::array({current}));
            if (q->is_player()) CHECK(q->view.legal_actions().empty());
        }
        // The REST summary shows it too.
        const json summary = room_summary(port, t.code);  // kept alive: a range-for over a temporary's member dangles
        for (const auto& seat : summary["seats"])
            if (seat["seat"] == current) CHECK(seat["connected"] == false);
        // Another seat trying to end the current player's turn is refused, to it alone.
        Peer& other = t.player((current + 1) % 3);
        other.send_command({{"type", "end_turn"}});
        const json e = other.expect_error("not_your_turn");
        CHECK(e.contains("rule"));
        for (Peer* q : t.connected()) q->ping_pong();

        t.rejoin(p);  // a new socket, the token, a snapshot; everyone sees it connected again
        CHECK(p.view.snapshots() == 1);
        CHECK(p.game() == game_before);
        CHECK(p.view.legal_actions().size() > 0);
        reconnected = true;
        reconnect_turn = g["turn"];
    });
    const auto t_game_end = Clock::now();

    REQUIRE(stats.winner.has_value());
    CHECK(reconnected);
    CHECK(stats.trades_completed >= 1);
    CHECK(stats.discards >= 1);
    CHECK(stats.knights >= 1);
    CHECK(stats.sevens >= 1);

    // Everyone agrees on the result; the room is finished; snapshots equal the docs rebuilt from patches.
    const int winner = *stats.winner;
    for (Peer* p : t.connected()) {
        INFO(p->label);
        const json& g = p->game();
        CHECK(g["phase"] == "game_over");
        CHECK(g["winner"] == winner);
        CHECK(g["players"][winner]["vp_total"].get<int>() >= g["options"]["victory_target"].get<int>());
        CHECK(p->view.doc()["room"]["phase"] == "finished");
        CHECK(p->view.legal_actions().empty());
        const json* e = seat_entry(p->view.doc(), 0);
        REQUIRE(e != nullptr);
        CHECK((*e)["connected"] == true);
        p->check_in_sync();
    }
    CHECK(room_summary(port, t.code)["phase"] == "finished");
    {  // The replay record of the whole game, seed revealed, goes to the schema test too.
        const HttpResponse r = http_request(port, "GET", "/api/rooms/" + t.code + "/replay");
        REQUIRE(r.status == 200);
        const json replay = r.json_body();
        CHECK(replay["finished"] == true);
        CHECK(replay["winner"] == winner);
        CHECK(replay["steps"].size() == static_cast<std::size_t>(stats.commands));
        record_message("rest#/$defs/replay", replay);
    }
    // A finished game stays readable: a newcomer gets the final state as a spectator.
    Peer& late = t.join("Late");
    CHECK(late.seat == kNoSeat);
    CHECK(late.game()["winner"] == winner);
    CHECK_FALSE(late.game().contains("me"));

    // SIGTERM: every connection is told ("closing"), the sockets close, the process exits 0.
    int exit_code = -2;
    std::thread stopper([&] { exit_code = server.stop(); });
    for (Peer* p : t.connected()) {
        INFO(p->label);
        bool closing = false;
        for (int i = 0; i < 10 && !closing; ++i) {
            auto m = p->poll(std::chrono::seconds(5));
            if (!m) break;
            closing = (*m)["type"] == "closing";
            if (closing) CHECK((*m)["reason"].is_string());
        }
        CHECK(closing);
        CHECK(p->ws->wait_closed(std::chrono::seconds(5)));
    }
    stopper.join();
    CHECK(exit_code == 0);

    const auto ms = [](auto d) { return std::chrono::duration_cast<std::chrono::milliseconds>(d).count(); };
    std::cout << "[full-game] winner seat " << winner << " after " << stats.turns << " turns, " << stats.commands
              << " commands (" << stats.sevens << " sevens, " << stats.discards << " discards, " << stats.knights
              << " knights, " << stats.trades_completed << " trades, " << stats.bank_trades << " bank trades, "
              << stats.steals << " steals); reconnect on turn " << reconnect_turn << "; server start " << ms(t_started - t0)
              << " ms, game " << ms(t_game_end - t_game) << " ms, total " << ms(Clock::now() - t0) << " ms\n";
}
