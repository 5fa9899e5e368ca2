// Bots over real sockets against the real binary: the host's lobby controls, a person playing with
// server bots to a winner, and a dropped player whose seat a bot plays until they rejoin.
#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <optional>

#include "game_driver.hpp"
#include "server_process.hpp"

using namespace catan::nettest;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

namespace {

// Bots answer at once and think briefly, so that games take seconds.

const json& seat_of(const Peer& p, int seat) { return p.view.doc()["room"]["seats"][seat]; }


std::string metrics(unsigned short port) { return http_request(port, "GET", "/metrics").body; }

}  // namespace

TEST_CASE("Bots: the host adds and removes bots, others and bad requests are refused with clear errors", "[bots]") {
    ServerProcess server(quick_bot_flags());
    Table t(server.port());
    t.create_room_rest({{"players", 3}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");

    ana.send(msg("add_bot", {{"seat", 2}, {"level", "basic"}}));
    t.catch_up(t.seq() + 1);
    CHECK(seat_of(bob, 2) == (json{{"seat", 2}, {"name", "Bot 1"}, {"connected", false}, {"bot", "basic"}, {"controlled_by", "bot"}}));
    const json summary = http_request(server.port(), "GET", "/api/rooms/" + t.code).json_body();
    CHECK(summary["seats"][2]["bot"] == "basic");

    bob.send(msg("add_bot", {{"seat", 2}, {"level", "basic"}}));
    require_error(bob.recv(), "not_host", "Bob");
    ana.send(msg("add_bot", {{"seat", 1}, {"level", "basic"}}));
    json e = ana.recv();
    require_error(e, "seat_taken", "Ana");
    CHECK(e["field"] == "seat");
    ana.send(msg("add_bot", {{"seat", 2}, {"level", "grandmaster"}}));
    e = ana.recv();
    require_error(e, "out_of_range", "Ana");
    CHECK(e["field"] == "level");
    ana.send(msg("remove_bot", {{"seat", 1}}));
    require_error(ana.recv(), "not_a_bot", "Ana");

    ana.send(msg("remove_bot", {{"seat", 2}}));
    t.catch_up(t.seq() + 1);
    CHECK(seat_of(bob, 2)["name"].is_null());

    // A game with a takeover timer an hour away: the server still stops at once.
    ana.send(msg("set_options", {{"options", {{"takeover_after", 3600}}}}));
    t.catch_up(t.seq() + 1);
    t.start();
    t.drop(bob);
    t.close_all();
    const auto stopping = Clock::now();
    CHECK(server.stop(std::chrono::seconds(5)) == 0);
    CHECK(Clock::now() - stopping < 5s);
}

TEST_CASE("Bots: one person and two server bots play a game to a winner", "[bots]") {
    ServerProcess server(quick_bot_flags());
    Table t(server.port());
    t.create_room_rest({{"players", 3}, {"vp_target", 5}, {"seed", "21"}});
    Peer& ana = t.join("Ana", true);
    ana.send(msg("add_bot", {{"seat", 1}, {"level", "strong"}}));
    ana.send(msg("add_bot", {{"seat", 2}, {"level", "basic"}}));
    ana.wait_seq(ana.view.seq() + 2);
    ana.send(msg("start"));
    play_people({&ana}, [&] { return phase_of(ana) == "finished"; });
    CHECK(ana.view.game()["winner"].is_number_integer());
    const std::string m = metrics(server.port());
    CHECK(m.find("catan_bot_decisions_total 0\n") == std::string::npos);
    CHECK(m.find("catan_bot_decisions_total") != std::string::npos);
    t.close_all();
    CHECK(server.stop() == 0);  // a clean, prompt exit even with bot timers still waiting
}

TEST_CASE("Bots: a dropped player's seat is played by a bot after the grace period, and is theirs again on rejoin", "[bots]") {
    ServerProcess server(quick_bot_flags());
    Table t(server.port());
    t.create_room_rest({{"players", 3}, {"vp_target", 10}, {"seed", "8"}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    ana.send(msg("add_bot", {{"seat", 2}, {"level", "random"}}));
    ana.send(msg("set_options", {{"options", {{"takeover_after", 1}}}}));
    t.catch_up(t.seq() + 2);
    CHECK(ana.view.doc()["room"]["options"]["takeover_after"] == 1);
    ana.send(msg("start"));
    t.catch_up(t.seq() + 1);

    t.drop(bob);
    CHECK(seat_of(ana, 1)["controlled_by"] == "player");
    // After a second the bot plays Bob's seat, and everyone sees it.
    const auto dropped = Clock::now();
    play_people({&ana}, [&] { return seat_of(ana, 1)["controlled_by"] == "bot"; }, 10s);
    CHECK(Clock::now() - dropped >= 900ms);
    // Until the bot has placed Bob's setup pieces and more.
    play_people({&ana}, [&] { return ana.view.game()["turn"].get<int>() >= 4 || phase_of(ana) != "playing"; });
    REQUIRE(phase_of(ana) == "playing");
    CHECK(ana.view.game()["players"][1]["settlements_left"].get<int>() < 5);
    CHECK(metrics(server.port()).find("catan_bot_takeovers_total 1\n") != std::string::npos);

    // Bob is back: in control at once, with everything his seat holds.
    bob.reconnect(WsClient::connect(server.port()));
    bob.send(msg("rejoin", {{"room", t.code}, {"token", bob.token}}));
    bob.expect("welcome");
    bob.expect("snapshot");
    CHECK(seat_of(bob, 1)["controlled_by"] == "player");
    CHECK(seat_of(bob, 1)["connected"] == true);
    const json& me = bob.view.game()["me"];
    int cards = 0;
    for (const auto& [resource, n] : me["hand"].items()) cards += n.get<int>();
    CHECK(cards == bob.view.game()["players"][1]["cards"]);
    play_people({&ana}, [&] { return seat_of(ana, 1)["controlled_by"] == "player"; }, 10s);
    CHECK(ana.view.game()["players"][1] == bob.view.game()["players"][1]);

    // From now on his seat waits for him: when only he has something to do, nothing moves until he plays.
    play_people({&ana}, [&] {
        while (bob.poll(1ms)) {
        }
        return bob.view.game()["to_act"] == json::array({1}) || phase_of(bob) != "playing";
    });
    REQUIRE(phase_of(bob) == "playing");
    const auto seq = bob.view.seq();
    CHECK(!bob.poll(300ms));  // the bots' delay is 0: a bot playing for him would have moved by now
    CHECK(bob.view.seq() == seq);
    const auto choice = passive_choice(bob.view.legal_actions());
    REQUIRE(choice);
    bob.send_command(*choice);
    const json u = bob.recv();
    CHECK(u["type"] == "update");
    CHECK(u["seq"] == seq + 1);
    t.close_all();
    CHECK(server.stop() == 0);  // a clean, prompt exit even with bot timers still waiting
}
