// Replays and provably fair dice over real sockets against the real binary: the room
// document carries the commitment from the start; GET /api/rooms/{code}/replay answers 404 for an
// unknown room, 409 before a game, the public log without seed while the game runs, and the whole
// record with seed and salt once it is over; `catan-server verify` accepts the saved record
// (exit 0) and rejects tampered copies (exit 1, naming what is wrong).
#include <catch2/catch.hpp>

#include <fstream>

#include "game_driver.hpp"
#include "server_process.hpp"
#include "sha256.hpp"
#include "tool_run.hpp"

using namespace catan::nettest;

namespace {

json get_replay(unsigned short port, const std::string& code, int status) {
    const HttpResponse r = http_request(port, "GET", "/api/rooms/" + code + "/replay");
    INFO(r.body.substr(0, 500));
    REQUIRE(r.status == status);
    return r.json_body();
}

// Runs `catan-server verify FILE` on `record` saved to a file in the server's data directory.
Verdict run_verify(const ServerProcess& server, const json& record, const std::string& name) {
    return catan::nettest::run_verify(server.data_dir() / name, record.dump(2));
}

}  // namespace

TEST_CASE("Replay: the record over HTTP, the commitment in the room doc, and catan-server verify on it", "[replay]") {
    ServerProcess server;
    const unsigned short port = server.port();
    const std::string seed = "9182736455";

    CHECK(get_replay(port, "ZZZZZ", 404)["code"] == "no_such_room");
    Table t(port);
    t.create_room_rest({{"players", 2}, {"vp_target", 3}, {"seed", seed}});
    t.join("Ana", true);
    t.join("Bob");
    Peer& watcher = t.spectate();
    const json lobby = get_replay(port, t.code, 409);
    CHECK(lobby["code"] == "wrong_phase");
    CHECK(lobby["message"].get<std::string>().find("no game yet") != std::string::npos);
    CHECK(watcher.view.doc()["room"]["fairness"].is_null());

    t.start();
    const json fairness = watcher.view.doc()["room"]["fairness"];
    REQUIRE(fairness["commitment"].is_string());
    CHECK(fairness["seed"].is_null());
    CHECK(fairness["salt"].is_null());
    CHECK(t.host().view.doc()["room"]["fairness"] == fairness);
    json record = get_replay(port, t.code, 200);
    // The test server dealt it from the seed the room was created with, and says so.
    CHECK(record["fairness"] == json({{"commitment", fairness["commitment"]}, {"seed", nullptr}, {"salt", nullptr}, {"seed_chosen", true}}));
    CHECK(record["start"] == engine_view(watcher.game()));  // the record has no stats
    CHECK(record["steps"].empty());

    Policy policy(PolicyOptions{});
    int commands = 0;
    bool checked_running = false;
    play_to_end(t, policy, 5000, [&](Peer&, const json& command, const json&) {
        ++commands;
        if (commands != 30) return;
        // Mid-game: the public log so far, nothing that reveals the seed; verify says to wait.
        const json running = get_replay(port, t.code, 200);
        CHECK(running["steps"].size() == 30);
        CHECK(running["steps"][29]["command"] == command);
        CHECK(running["finished"] == false);
        CHECK(running["fairness"]["seed"].is_null());
        CHECK(running.dump().find(seed) == std::string::npos);
        const Verdict v = run_verify(server, running, "running.json");
        CHECK(v.exit_code == 2);
        CHECK(v.output.find("still running") != std::string::npos);
        checked_running = true;
    });
    CHECK(checked_running);

    record = get_replay(port, t.code, 200);
    const json revealed = watcher.view.doc()["room"]["fairness"];
    CHECK(revealed["commitment"] == fairness["commitment"]);
    CHECK(revealed["seed"] == seed);
    const std::string salt = revealed["salt"];
    CHECK(fairness["commitment"] == sha256_hex("catan-v1:" + seed + ":" + salt));
    CHECK(record["fairness"]["seed"] == seed);
    CHECK(record["fairness"]["salt"] == salt);
    CHECK(record["finished"] == true);
    CHECK(record["steps"].size() == static_cast<std::size_t>(commands));
    CHECK(record["seats"] == json::array({"Ana", "Bob"}));
    // What a viewer builds from the record alone is what the spectator was sent.
    json view = record["start"];
    for (const json& step : record["steps"]) view = view.patch(step["patch"]);
    CHECK(view == engine_view(watcher.game()));

    Verdict v = run_verify(server, record, "good.json");
    INFO(v.output);
    CHECK(v.exit_code == 0);
    CHECK(v.output.find("VERIFIED") != std::string::npos);

    json bad = record;
    bad["steps"][1]["command"] = bad["steps"][0]["command"];  // a second first settlement: refused
    v = run_verify(server, bad, "bad-command.json");
    CHECK(v.exit_code == 1);
    CHECK(v.output.find("step 2") != std::string::npos);

    bad = record;
    bad["fairness"]["seed"] = "9182736456";
    v = run_verify(server, bad, "bad-seed.json");
    CHECK(v.exit_code == 1);
    CHECK(v.output.find("commitment does not match") != std::string::npos);

    bad = record;
    bad["fairness"]["commitment"] = sha256_hex("catan-v1:1:" + salt);
    v = run_verify(server, bad, "bad-commitment.json");
    CHECK(v.exit_code == 1);
    CHECK(v.output.find("commitment does not match") != std::string::npos);

    t.close_all();
    CHECK(server.stop() == 0);
}
