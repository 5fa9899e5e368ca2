// 5 and 6 players and the house rules over real sockets against the real binary. A 6-seat
// room with house rules filled with bots plays to a winner; every option is validated with an error
// naming it; the topology a connection holds follows the room's board (lobby changes, the start,
// reconnects); and a 6-player game with house rules survives a restart exactly.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>

#include "game_driver.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

namespace {


// Rolls, ends the turn, declines offers; anything forced takes the first legal choice.
json passive_or_first(const json& actions) {
    for (const char* type : {"roll_dice", "end_turn", "decline_trade", "cancel_trade"})
        for (const json& a : actions)
            if (a["type"] == type) return a;
    return actions[0];
}


int hexes_of(const json& topology) { return static_cast<int>(topology.value("hexes", json::array()).size()); }

void check_large_topology(const json& t) {
    CHECK(t["hexes"].size() == 30);
    CHECK(t["intersections"].size() == 80);
    CHECK(t["paths"].size() == 109);
    CHECK(t["harbor_paths"].size() == 11);
    CHECK(t["coast"].size() == 38);
    // docs/coordinates.md: (0, 0) is hex 14; hex 0 is (1, -3); the harbors at coast indices 0, 3, 7, ...
    CHECK(t["hexes"][14]["q"] == 0);
    CHECK(t["hexes"][14]["r"] == 0);
    CHECK(t["hexes"][0]["q"] == 1);
    CHECK(t["hexes"][0]["r"] == -3);
    CHECK(t["harbor_paths"][2] == t["coast"][7]);
}

// A person who plays the least they can; the bots do the winning. stale_sequence refusals are
// expected (bots move meanwhile), and so is wrong_phase for an answer to an offer its proposer
// cancelled meanwhile (answers stay meant across seqs, docs/protocol.md): the person looks again.
// Every step value seen is kept.
void play_person(Peer& p, std::set<std::string>& steps, std::chrono::seconds limit = 100s) {
    const auto deadline = Clock::now() + limit;
    std::int64_t answered = -1;
    while (phase_of(p) != "finished") {
        if (Clock::now() > deadline) FAIL("the game did not end in time");
        while (auto m = p.poll(2ms)) {
            const std::string code = m->value("code", "");
            if (m->value("type", "") == "error" && code != "stale_sequence" && !(code == "wrong_phase" && m->value("rule", "") == "R-TR2"))
                FAIL("refused: " << m->dump());
            if (p.game().is_object()) steps.insert(p.game().value("step", "?"));
        }
        const json actions = p.view.legal_actions();
        if (phase_of(p) != "playing" || actions.empty() || answered == p.view.seq()) continue;
        answered = p.view.seq();
        p.send_command(passive_or_first(actions));
    }
}

json house_rules() {
    return {{"discard_limit", 9}, {"friendly_robber", true}, {"balanced_board", true}, {"first_by_dice", true},
            {"turn_structure", "special_build"}};
}

}  // namespace

TEST_CASE("5–6: a 6-seat room with house rules, one person and five bots, plays to a winner on the large board", "[five-six]") {
    ServerProcess server(quick_bot_flags());
    Table t(server.port());
    json options = house_rules();
    options["players"] = 6;
    options["vp_target"] = 7;
    options["seed"] = "612";
    t.create_room_rest(options);
    Peer& ana = t.join("Ana", true);
    check_large_topology(ana.view.topology());
    const json& room_options = ana.view.doc()["room"]["options"];
    CHECK(room_options["players"] == 6);
    CHECK(room_options["vp_target"] == 7);
    const json rules = house_rules();
    for (const auto& [key, value] : rules.items()) CHECK(room_options[key] == value);
    REQUIRE(ana.view.doc()["room"]["seats"].size() == 6);

    for (int seat = 1; seat < 6; ++seat) ana.send(msg("add_bot", {{"seat", seat}, {"level", seat % 2 ? "basic" : "random"}}));
    ana.wait_seq(ana.view.seq() + 5);
    for (int seat = 0; seat < 6; ++seat) CHECK(ana.view.doc()["room"]["seats"][seat]["name"].is_string());
    ana.send(msg("start"));
    json start;
    while (true) {
        start = ana.recv();
        if (start["type"] == "update" || start["type"] == "snapshot") break;
    }
    REQUIRE(start["type"] == "update");  // the board was already the large one: an ordinary update
    const json& game = ana.game();
    CHECK(game["options"] == (json{{"players", 6}, {"victory_target", 7}, {"discard_limit", 9}, {"friendly_robber", true},
                                   {"balanced_board", true}, {"first_by_dice", true}, {"turn_structure", "special_build"},
                                   {"board", "large"}}));
    CHECK(game["players"].size() == 6);
    CHECK(game["board"]["terrain"].size() == 30);
    CHECK(game["board"]["harbors"].size() == 11);
    CHECK(game["step"] == "turn");
    CHECK(game["turn_player"] == game["current"]);
    // R-O5: the first-player rolls come with the start and open the log; the winner of the last
    // round is the first player.
    int rolls = 0, last_round = 0;
    std::map<int, int> last_roll;  // seat -> sum in the last round
    for (const json& e : start["events"])
        if (e["type"] == "first_roll") {
            ++rolls;
            CHECK(e["dice"].size() == 2);
            last_round = std::max(last_round, e["round"].get<int>());
        }
    for (const json& e : start["events"])
        if (e["type"] == "first_roll" && e["round"] == last_round) last_roll[e["player"]] = e["dice"][0].get<int>() + e["dice"][1].get<int>();
    CHECK(rolls >= 6);
    REQUIRE_FALSE(last_roll.empty());
    int best = -1, first = -1;
    for (const auto& [seat, sum] : last_roll)
        if (sum > best) best = sum, first = seat;
    CHECK(game["first_player"] == first);
    ana.send(msg("sync"));
    const json snap = ana.expect("snapshot");
    REQUIRE(snap["log"].size() >= static_cast<std::size_t>(rolls));
    CHECK(snap["log"][0]["type"] == "first_roll");
    CHECK_FALSE(snap.contains("topology"));  // the connection holds this board's already

    std::set<std::string> steps;
    play_person(ana, steps);
    CHECK(ana.game()["winner"].is_number_integer());
    CHECK(ana.game()["players"][ana.game()["winner"].get<int>()]["vp_total"].get<int>() >= 7);
    INFO("steps seen: " << json(steps).dump());
    CHECK(steps.count("turn") == 1);

    // The replay record carries the options and the start's rolls, and verifies.
    const HttpResponse r = http_request(server.port(), "GET", "/api/rooms/" + t.code + "/replay");
    REQUIRE(r.status == 200);
    const json record = r.json_body();
    record_message("rest#/$defs/replay", record);
    CHECK(record["options"] == (json{{"players", 6}, {"vp_target", 7}, {"discard_limit", 9}, {"friendly_robber", true},
                                     {"balanced_board", true}, {"first_by_dice", true}, {"turn_structure", "special_build"}}));
    CHECK(record["start_events"].size() == static_cast<std::size_t>(rolls));
    CHECK(record["start"]["options"]["board"] == "large");
    CHECK(record["seats"].size() == 6);
    const catan::store::test::TempDir dir;
    const std::string path = dir.file("record.json").string();
    std::ofstream(path) << record.dump();
    const int status = std::system((std::string(server_binary()) + " verify '" + path + "' >/dev/null 2>&1").c_str());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
    json changed = record;
    changed["start_events"][0]["dice"][0] = record["start_events"][0]["dice"][0] == 1 ? 2 : 1;
    std::ofstream(path) << changed.dump();
    const int refused = std::system((std::string(server_binary()) + " verify '" + path + "' >/dev/null 2>&1").c_str());
    CHECK(WEXITSTATUS(refused) == 1);
    t.close_all();
    CHECK(server.stop() == 0);
}

TEST_CASE("5–6: every room option is validated, over REST and the socket, with an error naming it and its values", "[five-six]") {
    ServerProcess server;
    const unsigned short port = server.port();
    const auto refused = [&](const json& body, const std::string& code, const std::string& field, const std::string& says) {
        const HttpResponse r = http_request(port, "POST", "/api/rooms", body.dump());
        INFO(body.dump() << " -> " << r.status << " " << r.body);
        CHECK(r.status == 400);
        const json e = r.json_body();
        CHECK(e["code"] == code);
        CHECK(e["field"] == field);
        CHECK(e["message"].get<std::string>().find(says) != std::string::npos);
    };
    refused({{"players", 7}}, "out_of_range", "players", "2, 3, 4, 5 or 6");
    refused({{"players", 1}}, "out_of_range", "players", "2, 3, 4, 5 or 6");
    refused({{"vp_target", 21}}, "out_of_range", "vp_target", "between 3 and 20");
    refused({{"discard_limit", 3}}, "out_of_range", "discard_limit", "between 4 and 20");
    refused({{"discard_limit", 21}}, "out_of_range", "discard_limit", "between 4 and 20");
    refused({{"discard_limit", "9"}}, "wrong_type", "discard_limit", "discard_limit");
    refused({{"friendly_robber", 1}}, "wrong_type", "friendly_robber", "friendly_robber");
    refused({{"balanced_board", "yes"}}, "wrong_type", "balanced_board", "balanced_board");
    refused({{"first_by_dice", nullptr}}, "wrong_type", "first_by_dice", "first_by_dice");
    refused({{"turn_structure", "fast"}}, "out_of_range", "turn_structure", "\"special_build\"");
    refused({{"house_rules", true}}, "unexpected_field", "house_rules", "house_rules");

    Table t(port);
    t.create_room_rest({{"players", 5}, {"discard_limit", 8}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    CHECK(ana.view.doc()["room"]["options"]["discard_limit"] == 8);
    CHECK(ana.view.doc()["room"]["options"]["friendly_robber"] == false);
    CHECK(ana.view.doc()["room"]["options"]["turn_structure"] == "paired");
    const auto set_refused = [&](const json& options, const std::string& code, const std::string& field) {
        INFO(options.dump());
        ana.send(msg("set_options", {{"options", options}, {"id", "o"}}));
        const json e = ana.expect("error");
        CHECK(e["code"] == code);
        CHECK(e["field"] == field);
        CHECK(e["id"] == "o");
    };
    const json before = ana.view.doc()["room"];
    set_refused({{"players", 7}}, "out_of_range", "options.players");
    set_refused({{"vp_target", 2}}, "out_of_range", "options.vp_target");
    set_refused({{"discard_limit", 100}}, "out_of_range", "options.discard_limit");
    set_refused({{"turn_structure", json::array({"paired"})}}, "wrong_type", "options.turn_structure");
    set_refused({{"turn_structure", 1}}, "wrong_type", "options.turn_structure");
    set_refused({{"friendly_robber", true}, {"discard_limit", 2}}, "out_of_range", "options.discard_limit");  // nothing of it applied
    ana.check_in_sync();
    CHECK(ana.view.doc()["room"] == before);
    bob.send(msg("set_options", {{"options", {{"friendly_robber", true}}}}));
    require_error(bob.recv(), "not_host", "Bob");

    // The host changes them; everyone sees every option; the game takes them at the start.
    ana.send(msg("set_options", {{"options", {{"players", 6}, {"friendly_robber", true}, {"turn_structure", "special_build"}, {"vp_target", 12}}}}));
    t.catch_up(t.seq() + 1);
    for (Peer* p : t.connected()) {
        const json& o = p->view.doc()["room"]["options"];
        CHECK(o["players"] == 6);
        CHECK(o["vp_target"] == 12);
        CHECK(o["discard_limit"] == 8);  // kept
        CHECK(o["friendly_robber"] == true);
        CHECK(o["turn_structure"] == "special_build");
        CHECK(p->view.doc()["room"]["seats"].size() == 6);
    }
    const json summary = http_request(port, "GET", "/api/rooms/" + t.code).json_body();
    CHECK(summary["options"]["friendly_robber"] == true);
    CHECK(summary["seats"].size() == 6);
    // Six seats in the lobby: seat moves, bots, kicks and spectators work up to seat 5.
    ana.send(msg("move_seat", {{"seat", 1}, {"to", 5}}));
    t.catch_up(t.seq() + 1);
    CHECK(bob.view.doc()["room"]["you"] == 5);
    ana.send(msg("add_bot", {{"seat", 4}, {"level", "random"}}));
    t.catch_up(t.seq() + 1);
    ana.send(msg("add_bot", {{"seat", 3}, {"level", "basic"}}));
    t.catch_up(t.seq() + 1);
    Peer& cy = t.join("Cy");
    CHECK(cy.seat == 1);
    Peer& watcher = t.spectate();
    CHECK(watcher.view.doc()["room"]["spectators"] == 1);
    ana.send(msg("kick", {{"seat", 1}}));
    REQUIRE(cy.ws->wait_closed());
    t.catch_up(t.seq() + 1);
    ana.send(msg("move_seat", {{"seat", 0}, {"to", 6}}));
    const json e = ana.expect("error");
    CHECK(e["code"] == "out_of_range");
    CHECK(e["field"] == "to");
    t.start();  // four seated (Ana, Bob, two bots): the base board, with the house rules
    const json& game = ana.game();
    CHECK(game["options"]["players"] == 4);
    CHECK(game["options"]["board"] == "base");
    CHECK(game["options"]["friendly_robber"] == true);
    CHECK(game["options"]["discard_limit"] == 8);
    CHECK(game["options"]["victory_target"] == 12);
    CHECK(game["board"]["terrain"].size() == 19);
    t.close_all();
    CHECK(server.stop() == 0);
}

TEST_CASE("5–6: the topology a connection holds follows the room's board, in the lobby, at the start and on reconnect", "[five-six]") {
    ServerProcess server;
    Table t(server.port());
    t.create_room_rest({{"players", 4}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    CHECK(hexes_of(ana.view.topology()) == 19);
    const int snapshots = bob.view.snapshots();

    // Across 4/5 the board changes: every connection gets a snapshot with the new topology instead of the update.
    ana.send(msg("set_options", {{"options", {{"players", 5}}}}));
    t.catch_up(t.seq() + 1);
    for (Peer* p : t.connected()) check_large_topology(p->view.topology());
    CHECK(bob.view.snapshots() == snapshots + 1);
    ana.send(msg("set_options", {{"options", {{"players", 6}}}}));  // the same board: an ordinary update
    t.catch_up(t.seq() + 1);
    CHECK(bob.view.snapshots() == snapshots + 1);
    Peer& cy = t.join("Cy");  // joins a 6-seat lobby: the large topology
    check_large_topology(cy.view.topology());
    Peer& watcher = t.spectate();
    check_large_topology(watcher.view.topology());

    // Three seated in a room set to 6: the game is the base board's, and so is the topology from the start.
    ana.send(msg("start", {{"id", "start"}}));
    for (Peer* p : t.connected()) {
        const json m = p->expect("snapshot");
        INFO(p->label);
        CHECK(hexes_of(m["topology"]) == 19);
        CHECK(p->game()["options"]["board"] == "base");
        CHECK(p->game()["players"].size() == 3);
        CHECK(p->view.doc()["room"]["phase"] == "playing");
    }
    t.close_all();

    // A 5-player game: its topology on every (re)connection.
    Table five(server.port());
    five.create_room_rest({{"players", 5}, {"seed", "55"}});
    const char* names[] = {"Dee", "Eve", "Fay", "Gus", "Hal"};
    for (int i = 0; i < 5; ++i) five.join(names[i], i == 0);
    five.start();
    for (Peer* p : five.connected()) {
        CHECK(p->game()["options"]["board"] == "large");
        CHECK(p->game()["players"].size() == 5);
    }
    Peer& eve = five.player(1);
    five.drop(eve);
    five.rejoin(eve);
    check_large_topology(eve.view.topology());
    Peer& late = five.join("Ivy");  // after the start: a spectator
    CHECK(late.seat == kNoSeat);
    check_large_topology(late.view.topology());
    five.close_all();
    CHECK(server.stop() == 0);
}

TEST_CASE("5–6: a 6-player game with house rules resumes identically after a restart, and plays on to a winner", "[five-six][durability]") {
    const catan::store::test::TempDir dir;
    const std::vector<std::string> args = {"--data", dir.file("catan.db").string()};
    auto server = std::make_unique<ServerProcess>(args);
    Table t(server->port());
    json options = house_rules();
    options["players"] = 6;
    options["vp_target"] = 8;
    options["seed"] = "20261201";
    options["takeover_after"] = "never";
    options["turn_structure"] = "paired";
    t.create_room_rest(options);
    const char* names[] = {"Ana", "Bo", "Cy", "Dee", "Eve", "Fay"};
    for (int i = 0; i < 6; ++i) t.join(names[i], i == 0);
    t.start();
    PolicyOptions po;
    po.seed = 612;
    Policy policy(po);
    {
        GameRun run(t, policy, 20000);
        while (!run.finished() && t.host().game()["turn"].get<int>() < 12) run.step();
        REQUIRE_FALSE(run.finished());
    }
    std::map<int, json> games, legals;
    for (Peer* p : t.players()) {
        games[p->seat] = p->game();
        legals[p->seat] = p->view.legal();
    }
    const json room_options = t.host().view.doc()["room"]["options"];
    const std::int64_t seq_before = t.seq();
    t.close_all();
    REQUIRE(server->stop() == 0);

    server = std::make_unique<ServerProcess>(args);
    t.move_to(server->port());
    for (auto& p : t.peers) p->ws.reset();
    for (auto& p : t.peers) t.rejoin(*p);
    for (Peer* p : t.players()) {
        INFO(p->label);
        CHECK(p->view.seq() > seq_before);
        CHECK(p->game() == games[p->seat]);
        CHECK(p->view.legal() == legals[p->seat]);
        check_large_topology(p->view.topology());
    }
    CHECK(t.host().view.doc()["room"]["options"] == room_options);
    const GameStats stats = play_to_end(t, policy, 20000);
    CHECK(stats.winner.has_value());
    CHECK(t.host().game()["options"]["discard_limit"] == 9);
    t.close_all();
    CHECK(server->stop() == 0);
}

// Needs the engine's build steps (E1's turns56: R-X6, R-X7).
TEST_CASE("5–6: build steps reach every client: step, turn_player, build_phase_started and what the builder may do", "[five-six][build-steps]") {
    ServerProcess server;
    for (const char* structure : {"paired", "special_build"}) {
        INFO(structure);
        Table t(server.port());
        t.create_room_rest({{"players", 5}, {"seed", "5150"}, {"turn_structure", structure}, {"takeover_after", "never"}});
        const char* names[] = {"Ana", "Bo", "Cy", "Dee", "Eve"};
        for (int i = 0; i < 5; ++i) t.join(names[i], i == 0);
        Peer& watcher = t.spectate();
        t.start();
        PolicyOptions po;
        po.seed = 77;
        Policy policy(po);
        const std::string step_name = std::string(structure) == "paired" ? "paired_build" : "special_build";
        const std::string kind = std::string(structure) == "paired" ? "paired" : "special";
        int phases = 0, in_step = 0;
        GameRun run(t, policy, 20000, [&](Peer&, const json&, const json& update) {
            for (const json& e : update["events"])
                if (e["type"] == "build_phase_started") {
                    ++phases;
                    CHECK(e["kind"] == kind);
                    CHECK(watcher.game()["current"] == e["player"]);
                }
            const json& g = watcher.game();
            if (g["step"] == "turn") {
                if (g["phase"] != "setup_settlement" && g["phase"] != "setup_road") CHECK(g["turn_player"] == g["current"]);
                return;
            }
            ++in_step;
            CHECK(g["step"] == step_name);
            CHECK(g["turn_player"] != g["current"]);
            CHECK(g["phase"] == "main");
            Peer& builder = t.player(g["current"].get<int>());
            CHECK(builder.view.legal()["may_propose_trade"] == false);  // R-X6, R-X7: no trade with other players
            for (const json& a : builder.view.legal_actions()) {
                CHECK(a["type"] != "roll_dice");
                if (step_name == "special_build") CHECK(a["type"] != "bank_trade");  // R-X7: build and buy only
            }
        });
        while (!run.finished() && phases < 12) run.step();
        CHECK(phases >= 12);
        CHECK(in_step > 0);
        t.close_all();
    }
    CHECK(server.stop() == 0);
}
