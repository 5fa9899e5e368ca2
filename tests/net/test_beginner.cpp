// The beginner set-up (room option layout: beginner) over real sockets against the real binary: a
// 3-seat room, one person and two bots, starts at the first turn with every seat's pieces placed and
// plays to a winner; the replay record names the layout, shows the start (rolls, pieces, starting
// cards) and verifies, and a changed start event does not; an unknown layout is refused over REST.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <fstream>

#include "game_driver.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

namespace {


// Rolls, ends the turn, declines offers; anything forced takes the first legal choice.
json quiet_choice(const json& actions) {
    for (const char* type : {"roll_dice", "end_turn", "decline_trade", "cancel_trade"})
        for (const json& a : actions)
            if (a["type"] == type) return a;
    return actions[0];
}

int verify(const json& record) {
    const catan::store::test::TempDir dir;
    const std::string path = dir.file("record.json").string();
    std::ofstream(path) << record.dump();
    const int status = std::system((std::string(server_binary()) + " verify '" + path + "' >/dev/null 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

TEST_CASE("beginner: a 3-seat room from the rule book's set-up plays to a winner, and its replay record verifies", "[beginner]") {
    ServerProcess server({"--bot-delay", "0"});
    Table t(server.port());
    t.create_room_rest(json{{"players", 3}, {"vp_target", 6}, {"layout", "beginner"}, {"seed", "3131"}});
    Peer& ana = t.join("Ana", true);
    CHECK(ana.view.doc()["room"]["options"]["layout"] == "beginner");
    for (int seat = 1; seat < 3; ++seat) ana.send(msg("add_bot", {{"seat", seat}, {"level", seat == 1 ? "basic" : "random"}}));
    ana.wait_seq(ana.view.seq() + 2);
    ana.send(msg("start"));
    json start;
    while (true) {
        start = ana.recv();
        if (start["type"] == "update" || start["type"] == "snapshot") break;
    }
    const json& game = ana.game();
    CHECK(game["options"]["layout"] == "beginner");
    CHECK(game["options"]["board"] == "base");
    CHECK(game["setup_step"] == 6);
    CHECK(game["turn"].get<int>() >= 1);
    // The start: the rolls for the first player, then each seat's pieces and the starting cards.
    int rolls = 0, built = 0, starting = 0;
    for (const json& e : start["events"]) {
        rolls += e["type"] == "first_roll";
        built += e["type"] == "built";
        starting += e["type"] == "starting_resources";
    }
    CHECK(rolls >= 3);
    CHECK(built == 12);
    CHECK(starting == 3);

    const auto deadline = Clock::now() + 100s;
    std::int64_t answered = -1;
    while (phase_of(ana) != "finished") {
        if (Clock::now() > deadline) FAIL("the game did not end in time");
        while (auto m = ana.poll(2ms)) {
            const std::string code = m->value("code", "");
            if (m->value("type", "") == "error" && code != "stale_sequence" && !(code == "wrong_phase" && m->value("rule", "") == "R-TR2"))
                FAIL("refused: " << m->dump());
        }
        const json actions = ana.view.legal_actions();
        if (phase_of(ana) != "playing" || actions.empty() || answered == ana.view.seq()) continue;
        answered = ana.view.seq();
        ana.send_command(quiet_choice(actions));
    }
    CHECK(ana.game()["winner"].is_number_integer());

    const HttpResponse r = http_request(server.port(), "GET", "/api/rooms/" + t.code + "/replay");
    REQUIRE(r.status == 200);
    const json record = r.json_body();
    record_message("rest#/$defs/replay", record);
    CHECK(record["options"]["layout"] == "beginner");
    CHECK(record["start"]["options"]["layout"] == "beginner");
    CHECK(record["start"]["phase"] == "pre_roll");
    CHECK(record["start_events"].size() == start["events"].size());
    CHECK(verify(record) == 0);
    // A start event changed (a starting card), or the layout dropped: the re-run disagrees.
    json changed = record;
    for (json& e : changed["start_events"])
        if (e["type"] == "starting_resources") {
            e["resources"] = json{{"brick", 3}};
            break;
        }
    CHECK(verify(changed) == 1);
    json random = record;
    random["options"].erase("layout");
    CHECK(verify(random) == 1);

    // Over REST an unknown layout is refused, naming the option and the values (the count is judged with
    // the layout in the lobby and at the start: tests/room/test_lobby_beginner.cpp).
    const HttpResponse bad = http_request(server.port(), "POST", "/api/rooms", json{{"players", 3}, {"layout", "tutorial"}}.dump());
    INFO(bad.body);
    CHECK(bad.status == 400);
    const json e = bad.json_body();
    CHECK(e["field"] == "layout");
    CHECK(e["message"].get<std::string>().find("beginner") != std::string::npos);
    t.close_all();
    CHECK(server.stop() == 0);
}
