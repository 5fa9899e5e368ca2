// The proof that rooms host any ruleset: the test-only race game (tests/game/race_module.cpp)
// runs through real rooms of the real server over real sockets, with no change to room, gateway or
// store code. catan-server-race (tests/game/race_server.cpp) is catan-server with the race game
// registered beside Catan. Over REST and over the socket a room of {"game":"race"} is made; two people
// join, are dealt secret numbers nobody else sees, answer "ready" at once, play "add" in turn (with
// refusals: not their turn, malformed commands naming the field), one drops and rejoins with its
// token, the server is SIGKILLed and restarted on its data file, and the game plays on identically to
// a winner; the replay record names the module, its steps are the commands played, and
// `catan-server-race verify` accepts it. A race room also moves to another data file (export,
// import); bots of the race's own levels play (seated by the host, twice with play_again, and taking
// over a dropped seat); the room's and the game's options are told apart, the turn timer runs on the
// race's decisions, and /api/rules and /api/boards show each game's table. docs/game-modules.md,
// "Proof: the race game in a real room".
#include <catch2/catch.hpp>

#include <cstdlib>
#include <functional>
#include <fstream>
#include <map>
#include <memory>
#include <set>

#include "game_driver.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"
#include "tool_run.hpp"

using namespace catan::nettest;
using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

namespace {

// The race game's phases (race_module.cpp): everyone says ready, then seats add in turn, then over.
constexpr int kReady = 0, kPlay = 1, kOver = 2;

std::unique_ptr<ServerProcess> race_server(std::vector<std::string> args = {}) {
    return std::make_unique<ServerProcess>(std::move(args), std::chrono::seconds(10), std::vector<std::string>{}, race_server_binary());
}

struct Logged {
    int seat;
    json command;
};

json add(int n) { return {{"type", "add"}, {"n", n}}; }
const json kReadyCommand = {{"type", "ready"}};

std::string room_phase(const Peer& p) { return p.view.doc()["room"].value("phase", ""); }

// `p` sends `message`; the answer must be an error with this code and field, and nothing else changes.
void refused(Peer& p, const json& message, std::string_view code, std::string_view field = {}) {
    const auto before = p.view.seq();
    p.send(message);
    const json e = p.expect_error(code);
    INFO(e.dump());
    if (!field.empty()) CHECK(e.value("field", "") == field);
    CHECK(p.view.seq() == before);
}

// The host starts the race; every viewer sees the ready phase.
void start_race(Table& t) {
    Peer& h = t.host();
    const auto before = h.view.seq();
    h.send(msg("start", {{"id", "start"}}));
    for (;;) {
        const json m = h.recv();
        const std::string type = m.value("type", "");
        if (type == "update" || type == "snapshot") break;
        if (type != "chat") FAIL("start answered " << m.dump());
    }
    REQUIRE(h.view.seq() == before + 1);
    t.catch_up(before + 1, &h);
    for (Peer* p : t.connected()) {
        INFO(p->label);
        REQUIRE(room_phase(*p) == "playing");
        REQUIRE(p->game()["phase"] == kReady);
    }
}

// What a viewer of the race may see of the game, and nothing more: the public parts, its seat, its own
// secret (a seat) and, once the race is over, everyone's.
void check_race_view(const Peer& p) {
    const json& g = p.game();
    INFO(p.label << ": " << g.dump());
    REQUIRE(g.is_object());
    std::set<std::string> keys;
    for (const auto& [key, value] : g.items()) keys.insert(key);
    std::set<std::string> expected = {"phase", "target", "total", "current", "ready", "winner", "viewer", "stats"};
    if (p.is_player()) expected.insert("me");
    if (g["phase"] == kOver) expected.insert("secrets");
    CHECK(keys == expected);
    CHECK(g["viewer"] == (p.is_player() ? json(p.seat) : json(nullptr)));
    if (p.is_player()) {
        CHECK(g["me"].size() == 1);
        CHECK(g["me"]["secret"].is_number_integer());
    }
}

// Plays one accepted command and logs it.
void play(Table& t, std::vector<Logged>& log, Peer& p, const json& command) {
    t.play(p, command);
    log.push_back({p.seat, command});
}

// The seat on turn adds what brings the total nearer the target without reaching it (1..3), or wins.
json next_add(const json& game, int step) {
    const int left = game["target"].get<int>() - game["total"].get<int>();
    return add(left <= 3 ? left : 1 + step % 3);
}

// A person who answers whatever they are asked (ready, then add 1 on their turns), waiting for their
// own move's update (or a stale_sequence refusal) before looking again, until `done` holds; bots play
// the other seats meanwhile.
void play_along(Peer& p, const std::function<bool()>& done, std::chrono::seconds limit = 30s) {
    const auto deadline = Clock::now() + limit;
    const auto no_error = [&](const json& m) {
        INFO(p.label << ": " << m.dump());
        REQUIRE(m.value("type", "") != "error");
    };
    const auto moved = [&] {
        for (const json& event : p.view.last_events())
            if (event.value("seat", -1) == p.seat) return true;
        return false;
    };
    while (!done()) {
        REQUIRE(Clock::now() < deadline);
        const json actions = p.view.legal_actions();
        if (actions.empty()) {
            if (auto m = p.poll(20ms)) no_error(*m);
            continue;
        }
        p.send_command(actions[0]["type"] == "ready" ? kReadyCommand : add(1));
        for (json m = p.recv(); !(m.value("type", "") == "update" && moved()); m = p.recv()) {
            // The room moved on meanwhile (a bot took a seat over): look again, as any client does.
            if (m.value("type", "") == "error" && m.value("code", "") == "stale_sequence") break;
            no_error(m);
        }
    }
}

}  // namespace

TEST_CASE("Race room: a non-Catan game plays through real rooms and sockets, survives a reconnect and a SIGKILL, replays and verifies",
          "[race-room][durability]") {
    const catan::store::test::TempDir dir;
    const std::vector<std::string> args = {"--data", dir.file("race.db").string(), "--snapshot-every", "4"};
    auto server = race_server(args);
    Table t(server->port());
    constexpr int kTarget = 15;
    t.create_room_rest({{"game", "race"}, {"players", 2}, {"target", kTarget}, {"seed", "4242"}, {"takeover_after", "never"}});
    const json summary = http_request(server->port(), "GET", "/api/rooms/" + t.code).json_body();
    CHECK(summary["options"]["game"] == "race");
    CHECK(summary["options"]["target"] == kTarget);
    CHECK_FALSE(summary["options"].contains("vp_target"));  // no Catan option leaks into a race room

    // Every message any viewer gets is checked for what the race lets it see.
    bool over_seen = false;
    std::map<int, int> own_secret;  // seat -> the secret its own view showed
    t.on_new_peer = [&](Peer& peer) {
        peer.observer = [&](Peer& p, const json&, const json&) {
            if (!p.game().is_object()) return;
            check_race_view(p);
            if (!p.is_player()) return;
            const int secret = p.game()["me"]["secret"];
            const auto [it, first] = own_secret.emplace(p.seat, secret);
            INFO(p.label << ": its secret changed");
            CHECK(it->second == secret);
            over_seen = over_seen || p.game()["phase"] == kOver;
        };
    };
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    Peer& watcher = t.spectate();
    const json& room = ana.view.doc()["room"];
    CHECK(room["options"] == json({{"game", "race"}, {"players", 2}, {"target", kTarget}, {"takeover_after", "never"}, {"turn_timer", 0},
                                       {"pace", "live"}, {"turn_hours", 24}, {"on_timeout", "bot"}}));
    CHECK(ana.view.topology() == json({{"cells", 30}}));  // the race's table, not a Catan board
    CHECK(ana.game().is_null());

    // In the lobby a command is judged by the race's shape first, then refused for the phase.
    refused(ana, msg("command", {{"seq", ana.view.seq()}, {"command", add(7)}}), "out_of_range", "command.n");
    refused(ana, msg("command", {{"seq", ana.view.seq()}, {"command", add(1)}}), "wrong_phase");

    start_race(t);
    std::vector<Logged> log;
    for (Peer* p : {&ana, &bob}) {
        INFO(p->label);
        CHECK(p->game()["total"] == 0);
        CHECK(p->game()["target"] == kTarget);
        CHECK(p->view.legal() == json({{"commands", json::array({kReadyCommand})}}));
    }
    CHECK(watcher.view.legal().is_null());
    CHECK(watcher.game()["viewer"].is_null());
    // The secrets are drawn per seat; neither seat's view names the other's (check_race_view: `me` is
    // the only secret, and it is the viewer's own).
    REQUIRE(own_secret.size() == 2);

    // Simultaneous answers: both say ready at the same seq; the later one is still meant, and the race begins.
    const auto at = ana.view.seq();
    ana.send_command(kReadyCommand, at);
    bob.send_command(kReadyCommand, at);
    t.catch_up(at + 2);
    log.push_back({-1, kReadyCommand});  // the order the two answers were applied in is read back below
    log.push_back({-1, kReadyCommand});
    CHECK(ana.game()["phase"] == kPlay);
    CHECK(ana.game()["ready"] == 3);
    refused(ana, msg("command", {{"seq", ana.view.seq()}, {"command", kReadyCommand}}), "wrong_phase");

    // Refusals in play: not your turn, and malformed commands, each naming what is wrong.
    const auto on_turn = [&]() -> Peer& { return t.player(ana.game()["current"].get<int>()); };
    const auto off_turn = [&]() -> Peer& { return t.player(1 - ana.game()["current"].get<int>()); };
    refused(off_turn(), msg("command", {{"seq", ana.view.seq()}, {"command", add(1)}}), "not_your_turn");
    refused(on_turn(), msg("command", {{"seq", ana.view.seq()}, {"command", add(4)}}), "out_of_range", "command.n");
    refused(on_turn(), msg("command", {{"seq", ana.view.seq()}, {"command", {{"type", "add"}, {"n", "two"}}}}), "wrong_type", "command.n");
    refused(on_turn(), msg("command", {{"seq", ana.view.seq()}, {"command", {{"type", "add"}, {"n", 1}, {"k", 1}}}}), "unexpected_field",
            "command.k");
    refused(on_turn(), msg("command", {{"seq", ana.view.seq()}, {"command", {{"type", "roll_dice"}}}}), "unknown_type", "command.type");
    for (Peer* p : {&ana, &bob}) p->check_in_sync();  // the refusals changed nothing

    int step = 0;
    const auto play_one = [&] { play(t, log, on_turn(), next_add(ana.game(), step++)); };
    for (int i = 0; i < 3; ++i) play_one();
    REQUIRE(ana.game()["phase"] == kPlay);

    // A reconnect mid-game: the seat not on turn drops and rejoins with its token, sees the same view
    // (from a fresh snapshot) and plays on.
    Peer& away = off_turn();
    const json away_game = away.game(), away_legal = away.view.legal();
    t.drop(away);
    t.rejoin(away);
    CHECK(away.view.snapshots() == 1);
    CHECK(away.game() == away_game);
    CHECK(away.view.legal() == away_legal);
    CHECK(away.view.topology() == json({{"cells", 30}}));
    for (int i = 0; i < 2; ++i) play_one();
    REQUIRE(ana.game()["phase"] == kPlay);

    // While the race runs, its replay record is the public log: the module, no seed, no secret.
    {
        const HttpResponse running = http_request(server->port(), "GET", "/api/rooms/" + t.code + "/replay");
        INFO(running.body.substr(0, 800));
        REQUIRE(running.status == 200);
        const json record = running.json_body();
        CHECK(record["module"] == "race");
        CHECK(record["finished"] == false);
        CHECK(record["fairness"]["seed"].is_null());
        CHECK(record["steps"].size() == log.size());
        CHECK(running.body.find("secret") == std::string::npos);
    }

    // SIGKILL between two commands; the server restarts on the same data file and both rejoin.
    const json before_kill = ana.game(), bob_before = bob.game();
    server->kill_now();
    REQUIRE_FALSE(server->running());
    server = race_server(args);
    t.move_to(server->port());
    for (auto& p : t.peers) p->ws.reset();  // those sockets died with the server (the spectator's too)
    t.rejoin(ana);
    t.rejoin(bob);
    CHECK(ana.game() == before_kill);
    CHECK(bob.game() == bob_before);
    CHECK(ana.view.doc()["room"]["options"]["game"] == "race");

    // On to a winner, identically: the same turns, the same totals.
    while (ana.game()["phase"] == kPlay) {
        REQUIRE(step < 40);
        const int total = ana.game()["total"];
        const json command = next_add(ana.game(), step);
        play_one();
        if (ana.game()["phase"] == kPlay) CHECK(ana.game()["total"] == total + command["n"].get<int>());
    }
    const int winner = log.back().seat;
    CHECK(ana.game()["phase"] == kOver);
    CHECK(ana.game()["total"] == kTarget);
    CHECK(ana.game()["winner"] == winner);
    CHECK(room_phase(ana) == "finished");
    CHECK(over_seen);
    // Only now are the secrets public, and each is what its own seat alone saw all along.
    const json secrets = ana.game()["secrets"];
    REQUIRE(secrets.size() == 2);
    CHECK(secrets[0] == own_secret.at(0));
    CHECK(secrets[1] == own_secret.at(1));

    // The replay record names the module; its steps are the commands played, in order.
    const HttpResponse r = http_request(server->port(), "GET", "/api/rooms/" + t.code + "/replay");
    INFO(r.body.substr(0, 800));
    REQUIRE(r.status == 200);
    const json record = r.json_body();
    CHECK(record["module"] == "race");
    CHECK(record["finished"] == true);
    CHECK(record["winner"] == winner);
    CHECK(record["options"]["target"] == kTarget);
    REQUIRE(record["steps"].size() == log.size());
    // The two ready answers came in either order; every other step is exactly the logged command.
    CHECK(std::set<int>{record["steps"][0]["seat"].get<int>(), record["steps"][1]["seat"].get<int>()} == std::set<int>{0, 1});
    for (std::size_t i = 0; i < log.size(); ++i) {
        INFO("step " << i);
        CHECK(record["steps"][i]["command"] == log[i].command);
        if (log[i].seat >= 0) CHECK(record["steps"][i]["seat"] == log[i].seat);
    }

    // `catan-server-race verify` re-runs it from the revealed seed; catan-server, which does not host
    // the race, says so instead of guessing.
    const Verdict v = run_verify(dir.file("race-replay.json"), record.dump(2), race_server_binary());
    INFO(v.output);
    CHECK(v.exit_code == 0);
    CHECK(v.output.find("VERIFIED") != std::string::npos);
    const Verdict other = run_verify(dir.file("race-replay.json"), record.dump(2));
    INFO(other.output);
    CHECK(other.exit_code != 0);
    CHECK(other.output.find("\"race\"") != std::string::npos);

    t.close_all();
    CHECK(server->stop() == 0);
}

TEST_CASE("Race room: a race room mid-game moves to another data file with export and import, and plays on there", "[race-room]") {
    const catan::store::test::TempDir dir;
    const std::string a = dir.file("a.db").string(), b = dir.file("b.db").string(), doc_path = dir.file("room.json").string();
    auto server = race_server({"--data", a});
    Table t(server->port());
    t.create_room_rest({{"game", "race"}, {"players", 2}, {"target", 12}, {"seed", "99"}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    start_race(t);
    t.play(ana, kReadyCommand);
    t.play(bob, kReadyCommand);
    const auto play_on_turn = [&] {
        const int left = ana.game()["target"].get<int>() - ana.game()["total"].get<int>();
        t.play(t.player(ana.game()["current"].get<int>()), add(std::min(left, 2)));
    };
    for (int i = 0; i < 3; ++i) play_on_turn();
    const json ana_game = ana.game(), bob_game = bob.game();
    t.close_all();
    REQUIRE(server->stop() == 0);

    const auto tool = [&](const std::string& args) {
        const ToolRun r = run_tool(dir.file("room.json").parent_path(), args, "tool", race_server_binary());
        INFO(r.err);
        return r.exit_code;
    };
    REQUIRE(tool("export --data '" + a + "' --room " + t.code + " --out '" + doc_path + "'") == 0);
    json doc;
    std::ifstream(doc_path) >> doc;
    CHECK(doc["commands"].size() == 5);
    REQUIRE(tool("import --data '" + b + "' '" + doc_path + "'") == 0);

    server = race_server({"--data", b});
    t.move_to(server->port());
    for (auto& p : t.peers) p->ws.reset();
    t.rejoin(ana);
    t.rejoin(bob);
    CHECK(ana.game() == ana_game);
    CHECK(bob.game() == bob_game);
    CHECK(ana.view.doc()["room"]["options"]["game"] == "race");
    while (ana.game()["phase"] == kPlay) play_on_turn();
    CHECK(ana.game()["total"] == 12);
    CHECK(room_phase(bob) == "finished");
    t.close_all();
    CHECK(server->stop() == 0);
}

TEST_CASE("Race room: three people in a four-seat room play a three-seat race", "[race-room]") {
    auto server = race_server();
    Table t(server->port());
    t.create_room_rest({{"game", "race"}, {"players", 4}, {"target", 10}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    Peer& cy = t.join("Cy");
    // Cy moves to the last seat: the start seats the game's players 0..2 again.
    ana.send(msg("move_seat", {{"seat", 2}, {"to", 3}}));
    t.catch_up(ana.view.seq() + 1);
    start_race(t);
    CHECK(ana.view.doc()["room"]["options"]["players"] == 3);
    std::set<int> seats;
    for (Peer* p : {&ana, &bob, &cy}) {
        INFO(p->label);
        check_race_view(*p);
        seats.insert(p->game()["viewer"].get<int>());
        t.play(*p, kReadyCommand);
    }
    CHECK(seats == std::set<int>{0, 1, 2});
    CHECK(ana.game()["ready"] == 7);
    std::set<int> movers;
    while (ana.game()["phase"] == kPlay) {
        const int current = ana.game()["current"];
        movers.insert(current);
        t.play(t.player(current), add(1));
    }
    CHECK(movers == std::set<int>{0, 1, 2});  // each of the three had turns, in order
    CHECK(ana.game()["secrets"].size() == 3);
    t.close_all();
    CHECK(server->stop() == 0);
}

TEST_CASE("Race room: a race bot the host seats plays a race to a winner", "[race-room]") {
    auto server = race_server({"--bot-delay", "0"});
    Table t(server->port());
    t.create_room_ws({{"game", "race"}, {"players", 2}, {"target", 10}});
    const json summary = http_request(server->port(), "GET", "/api/rooms/" + t.code).json_body();
    CHECK(summary["options"]["game"] == "race");
    CHECK(summary["options"]["target"] == 10);
    Peer& ana = t.join("Ana", true);

    // The race's bot levels, not Catan's.
    ana.send(msg("add_bot", {{"seat", 1}, {"level", "strong"}}));
    const json e = ana.expect_error("out_of_range");
    CHECK(e["field"] == "level");
    CHECK(e["message"].get<std::string>().find("\"basic\"") != std::string::npos);
    ana.send(msg("add_bot", {{"seat", 1}, {"level", "basic"}}));
    ana.wait_seq(ana.view.seq() + 1);
    CHECK(ana.view.doc()["room"]["seats"][1]["bot"] == "basic");

    start_race(t);
    // Ana answers whatever she is asked; the bot plays its own seat meanwhile.
    play_along(ana, [&] { return room_phase(ana) == "finished"; });
    CHECK(ana.game()["phase"] == kOver);
    CHECK(ana.game()["total"] == 10);
    const int winner = ana.game()["winner"];
    CHECK((winner == 0 || winner == 1));

    const auto bot_adds_in_replay = [&](int game) {
        const json record = http_request(server->port(), "GET", "/api/rooms/" + t.code + "/replay").json_body();
        CHECK(record["module"] == "race");
        CHECK(record["game"] == game);
        CHECK(record["winner"] == ana.game()["winner"]);
        int adds = 0;
        for (const json& s : record["steps"]) adds += s["seat"] == 1 && s["command"]["type"] == "add";
        return adds;
    };
    CHECK(bot_adds_in_replay(1) > 0);

    // Another race in the same room: back to the lobby (no game), the same options, a new game.
    ana.send(msg("play_again"));
    ana.wait_seq(ana.view.seq() + 1);
    CHECK(room_phase(ana) == "lobby");
    CHECK(ana.game().is_null());
    CHECK(ana.view.doc()["room"]["options"]["game"] == "race");
    start_race(t);
    CHECK(ana.game()["total"] == 0);
    play_along(ana, [&] { return room_phase(ana) == "finished"; });
    CHECK(ana.game()["total"] == 10);
    CHECK(bot_adds_in_replay(2) > 0);
    t.close_all();
    CHECK(server->stop() == 0);
}

TEST_CASE("Race room: a dropped player's seat is played by a takeover bot of the race's own levels until they rejoin", "[race-room]") {
    // The takeover level asked for is Catan's "strong", which the race has not: its default bot plays.
    auto server = race_server({"--bot-delay", "0", "--takeover-bot", "strong"});
    Table t(server->port());
    t.create_room_rest({{"game", "race"}, {"players", 2}, {"target", 30}, {"seed", "77"}, {"takeover_after", 0}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    start_race(t);
    t.play(ana, kReadyCommand);
    t.play(bob, kReadyCommand);
    REQUIRE(ana.game()["phase"] == kPlay);

    t.drop(bob);
    const auto bob_seat = [&] { return ana.view.doc()["room"]["seats"][1]; };
    int bot_adds = 0;
    ana.observer = [&](Peer& p, const json& m, const json&) {
        if (m.value("type", "") == "update")
            for (const json& event : p.view.last_events()) bot_adds += event["type"] == "added" && event["seat"] == 1;
    };
    // Ana plays her turns; the bot plays Bob's. Bob comes back on Ana's turn (no bot decision in flight).
    play_along(ana, [&] { return bot_adds >= 2 && ana.game()["current"] == 0; });
    CHECK(bob_seat()["controlled_by"] == "bot");
    CHECK(bob_seat()["connected"] == false);
    REQUIRE(ana.game()["phase"] == kPlay);
    t.rejoin(bob);
    CHECK(bob_seat()["controlled_by"] == "player");
    CHECK(bob.game()["me"]["secret"].is_number_integer());
    // The people play on to a winner.
    while (ana.game()["phase"] == kPlay) {
        const int left = ana.game()["target"].get<int>() - ana.game()["total"].get<int>();
        t.play(t.player(ana.game()["current"].get<int>()), add(std::min(left, 3)));
    }
    CHECK(ana.game()["total"] == 30);
    CHECK(room_phase(bob) == "finished");
    t.close_all();
    CHECK(server->stop() == 0);
}

TEST_CASE("Race room: the room's options and the race's are told apart, the turn timer, /api/rules and /api/boards", "[race-room]") {
    const catan::store::test::TempDir dir;
    const std::vector<std::string> args = {"--data", dir.file("race.db").string()};
    auto server = race_server(args);
    unsigned short port = server->port();
    const auto post = [&](const json& options) { return http_request(port, "POST", "/api/rooms", options.dump()); };
    const auto error_of = [](const HttpResponse& r) {
        INFO(r.body);
        CHECK(r.status == 400);
        return r.json_body();
    };

    // Creating: the race's options are the race's to judge, Catan's are not options of a race. (REST
    // names the body's fields from its top; a socket's create_room from "options".)
    json e = error_of(post({{"game", "race"}, {"players", 2}, {"vp_target", 5}}));
    CHECK(e["code"] == "unexpected_field");
    CHECK(e["field"] == "vp_target");
    e = error_of(post({{"game", "race"}, {"players", 2}, {"target", 31}}));
    CHECK(e["code"] == "out_of_range");
    CHECK(e["field"] == "target");
    CHECK(e["message"] == "field 'target' must be between 10 and 30");
    e = error_of(post({{"game", "race"}, {"players", 5}}));
    CHECK(e["code"] == "out_of_range");
    CHECK(e["field"] == "players");
    e = error_of(post({{"game", "chess"}}));
    CHECK(e["code"] == "out_of_range");
    CHECK(e["field"] == "game");
    CHECK(e["message"].get<std::string>().find("'race'") != std::string::npos);
    e = error_of(post({{"target", 15}}));  // a Catan room (the default game) has no target
    CHECK(e["code"] == "unexpected_field");
    CHECK(e["field"] == "target");
    {
        auto ws = WsClient::connect(port);
        ws->send(msg("create_room", {{"options", {{"game", "race"}, {"target", 9}}}}));
        const auto m = ws->receive();
        REQUIRE(m);
        require_error(*m, "out_of_range", "create_room");
        CHECK((*m)["field"] == "options.target");
        ws->close();
    }

    // A race room with the turn timer on.
    Table t(port);
    t.create_room_rest({{"game", "race"}, {"players", 2}, {"turn_timer", 60}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    CHECK(ana.view.doc()["room"]["options"]["turn_timer"] == 60);
    CHECK(ana.view.doc()["room"]["options"]["target"] == 21);  // the race's default

    // set_options: the same judge as at creation.
    refused(ana, msg("set_options", {{"options", {{"vp_target", 5}}}}), "unexpected_field", "options.vp_target");
    refused(ana, msg("set_options", {{"options", {{"target", 9}}}}), "out_of_range", "options.target");
    refused(ana, msg("set_options", {{"options", {{"target", 31}}}}), "out_of_range", "options.target");
    refused(ana, msg("set_options", {{"options", {{"target", true}}}}), "wrong_type", "options.target");
    refused(ana, msg("set_options", {{"options", {{"game", "catan"}}}}), "out_of_range", "options.game");
    refused(ana, msg("set_options", {{"options", {{"players", 5}}}}), "out_of_range", "options.players");
    refused(bob, msg("set_options", {{"options", {{"target", 20}}}}), "not_host");
    ana.send(msg("set_options", {{"options", {{"target", 20}, {"turn_timer", 90}}}}));
    t.catch_up(ana.view.seq() + 1);
    CHECK(bob.view.doc()["room"]["options"]["target"] == 20);
    CHECK(bob.view.doc()["room"]["options"]["turn_timer"] == 90);

    // The lobby's options are the store's too: a restart on the same data file keeps them.
    const json options = ana.view.doc()["room"]["options"];
    t.close_all();
    REQUIRE(server->stop() == 0);
    server = race_server(args);
    port = server->port();
    t.move_to(port);
    for (auto& p : t.peers) p->ws.reset();
    t.rejoin(ana);
    t.rejoin(bob);
    CHECK(ana.view.doc()["room"]["options"] == options);

    // The timer runs on the race's decisions: the ready answers get a quarter of the turn limit.
    start_race(t);
    const json timer = ana.view.doc()["room"]["timer"];
    INFO(timer.dump());
    CHECK(timer["decision"] == "ready");
    CHECK(timer["limit"] == 22);
    CHECK(timer["seats"] == json::array({0, 1}));
    CHECK(ana.game()["target"] == 20);

    // /api/rules lists the rules blocks of the tables that have one: Catan's boards only.
    const HttpResponse rules = http_request(port, "GET", "/api/rules");
    REQUIRE(rules.status == 200);
    const json rules_body = rules.json_body();
    std::set<std::string> boards;
    for (const auto& [name, block] : rules_body["boards"].items()) boards.insert(name);
    CHECK(boards == std::set<std::string>{"base", "large", "new_shores-3", "new_shores-4", "new_shores-5", "new_shores-6", "four_islands-3",
                                          "four_islands-4", "fog_islands-3", "fog_islands-4", "through_the_desert-3",
                                          "through_the_desert-4", "new_world-3", "new_world-4", "new_world-5", "new_world-6"});
    // /api/boards/{id} serves every game's table.
    const HttpResponse track = http_request(port, "GET", "/api/boards/track");
    REQUIRE(track.status == 200);
    CHECK(track.json_body() == json({{"cells", 30}}));
    CHECK(http_request(port, "GET", "/api/boards/base").status == 200);
    const HttpResponse none = http_request(port, "GET", "/api/boards/nope");
    CHECK(none.status == 404);
    CHECK(none.body.find("track") != std::string::npos);

    t.close_all();
    CHECK(server->stop() == 0);
}
