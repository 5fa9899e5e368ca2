// Compatibility: files the server wrote before 5–6 players and house rules existed
// (tests/net/data/make-before-issue-12.mjs, main's binary of 2026-12-01) still load, play and verify
// on this one. The replay record verifies although its views lack step, turn_player and the new
// options; the data file and its export come back as the same game, with every option at its
// default, the game the engine replays from the saved commands; and exporting that room again gives
// back the very document the old server wrote (the new members are written only when not default).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "game_driver.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;

namespace {

json read_json(const std::filesystem::path& path) {
    std::ifstream in(path);
    REQUIRE(in);
    return json::parse(in);
}

// Runs the binary with `args`; returns the exit code and what it printed (stdout and stderr).
std::pair<int, std::string> run(const std::string& args) {
    std::string output;
    FILE* pipe = ::popen((std::string(server_binary()) + " " + args + " 2>&1").c_str(), "r");
    REQUIRE(pipe);
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
    const int status = ::pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

// The spectator view of the exported game, replayed by the engine from its options and commands.
json replayed_view(const json& doc) {
    const json& o = doc["game_options"];
    catan::GameOptions options;
    options.players = o["players"];
    options.victory_target = o["victory_target"];
    options.seed = std::stoull(o["seed"].get<std::string>());
    catan::GameState game = catan::new_game(options);
    for (const json& c : doc["commands"]) {
        const auto command = catan::proto::decode_command(c["command"], c["seat"].get<int>(),
                                                          catan::proto::command_bounds(game));
        REQUIRE(command.ok());
        REQUIRE_FALSE(catan::apply(game, command.value()).has_value());
    }
    return catan::proto::player_view(game, catan::proto::kSpectator);
}

std::size_t hexes(const json& snap) { return snap["topology"]["hexes"].size(); }

void check_old_game(const json& snap, const json& doc) {
    const json& game = snap["doc"]["game"];
    REQUIRE(game.is_object());
    CHECK(engine_view(game) == replayed_view(doc));
    CHECK(game["options"]["board"] == "base");
    CHECK(game["options"]["discard_limit"] == 7);
    CHECK(game["options"]["friendly_robber"] == false);
    CHECK(game["options"]["turn_structure"] == "paired");
    CHECK(game["step"] == "turn");
    CHECK(game["turn_player"] == game["current"]);
    CHECK(game["players"].size() == 4);
    CHECK(hexes(snap) == 19);
    const json& room = snap["doc"]["room"]["options"];
    CHECK(room["players"] == 4);
    CHECK(room["discard_limit"] == 7);
    CHECK(room["first_by_dice"] == false);
    CHECK(room["turn_structure"] == "paired");
    CHECK(!snap["log"].empty());
}

}  // namespace

TEST_CASE("5–6 compat: an older server's replay record still verifies, and a changed patch in it does not",
          "[five-six][compat]") {
    const json old = read_json(test_data_file("replay-before-issue-12.json"));
    REQUIRE_FALSE(old["start"].contains("step"));
    REQUIRE_FALSE(old.contains("start_events"));
    const catan::store::test::TempDir dir;
    const auto verify = [&](const json& record) {
        const std::string path = dir.file("record.json").string();
        std::ofstream(path) << record.dump();
        const auto [code, output] = run("verify '" + path + "'");
        INFO(output);
        return code;
    };
    CHECK(verify(old) == 0);
    json bad = old;
    bool changed = false;
    for (json& step : bad["steps"])
        for (json& op : step["patch"])
            if (!changed && op["path"] == "/current") {
                op["value"] = op["value"] == 0 ? 1 : 0;
                changed = true;
            }
    REQUIRE(changed);
    CHECK(verify(bad) == 1);
    // What makes it verify is the migration: the same record claiming the format with 5–6 players (its
    // start has a step) is compared with everything the re-run shows, and differs.
    json claimed = old;
    claimed["start"]["step"] = "turn";
    CHECK(verify(claimed) == 1);
}

TEST_CASE("5–6 compat: an older server's data file and export load as the same game, and export to the same document",
          "[five-six][compat]") {
    const json doc = read_json(test_data_file("export-before-issue-12.json"));
    std::ifstream notes(test_data_file("before-issue-12.txt"));
    std::string word, code, token;
    notes >> word >> code;  // "room KZ7PK: ..."
    code = code.substr(0, 5);
    for (std::string w; notes >> w;)
        if (w == "token") {
            notes >> token;
            token = token.substr(0, 32);
        }
    REQUIRE(code == doc["code"]);
    REQUIRE(token.size() == 32);

    const catan::store::test::TempDir dir;
    std::filesystem::copy_file(test_data_file("before-issue-12.db"), dir.file("old.db"));
    json from_db;
    {
        // --bot-delay: the seats' bots must not move before we look.
        ServerProcess server({"--data", dir.file("old.db").string(), "--bot-delay", "60000"});
        from_db = first_snapshot(server.port(), msg("spectate", {{"room", code}}));
        check_old_game(from_db, doc);
        const json ana = first_snapshot(server.port(), msg("rejoin", {{"room", code}, {"token", token}}));
        CHECK(ana["doc"]["game"]["viewer"] == 0);
        CHECK(ana["legal"].is_object());
        CHECK(server.stop() == 0);
    }
    // Exported again by this server: the document the old one wrote, but for the export time.
    {
        const auto [status, output] = run("export --data '" + dir.file("old.db").string() + "' --room " + code + " --out '" +
                                          dir.file("again.json").string() + "'");
        INFO(output);
        REQUIRE(status == 0);
        json again = read_json(dir.file("again.json"));
        json before = doc;
        again.erase("exported_ms");
        before.erase("exported_ms");
        again.erase("updated_ms");  // the restart above touched the room (a new epoch)
        before.erase("updated_ms");
        again.erase("epoch");
        before.erase("epoch");
        CHECK(again == before);
    }
    // The old export imports into a new data file and plays as the same game.
    {
        const auto [status, output] = run("import --data '" + dir.file("new.db").string() + "' '" +
                                          test_data_file("export-before-issue-12.json").string() + "'");
        INFO(output);
        REQUIRE(status == 0);
        ServerProcess server({"--data", dir.file("new.db").string(), "--bot-delay", "60000"});
        const json imported = first_snapshot(server.port(), msg("spectate", {{"room", code}}));
        check_old_game(imported, doc);
        CHECK(engine_view(imported["doc"]["game"]) == engine_view(from_db["doc"]["game"]));
        CHECK(server.stop() == 0);
    }
}
