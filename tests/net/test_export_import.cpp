// `catan-server export` and `import` on the real binary: a seeded game played over
// WebSockets on data file A, the server stopped, the room exported to a document, imported into a new
// file B, and a server started on B: every player rejoins with the token it holds, sees the game as
// it was, and the game goes on to a winner. The exit codes and messages of the refusals are checked
// on the way (usage 1, data file 2, document 3), and a refused import leaves B as it was. The same
// tools move a room from a data file into a PostgreSQL database and back out of it.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "game_driver.hpp"
#include "pg_server.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;

namespace {

struct Ran {
    int exit_code = -1;
    std::string out, err;
};

std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Single-quoted for the shell (built with append: GCC 12 warns about "'" + s, -Wrestrict).
std::string q(const std::string& s) {
    std::string quoted(1, '\'');
    quoted.append(s).append(1, '\'');
    return quoted;
}

// The binary with `args` (each single-quoted for the shell; test paths hold no quote), stdout and
// stderr captured in `dir`.
Ran run_tool(const std::filesystem::path& dir, const std::string& args) {
    const auto out = dir / "tool.out", err = dir / "tool.err";
    const std::string line = q(server_binary()) + " " + args + " >" + q(out.string()) + " 2>" + q(err.string());
    const int status = std::system(line.c_str());
    REQUIRE(WIFEXITED(status));
    return {WEXITSTATUS(status), slurp(out), slurp(err)};
}


}  // namespace

TEST_CASE("Export and import: a room moves to a new data file and its players rejoin there with their tokens", "[export]") {
    const catan::store::test::TempDir dir;
    const std::string a = dir.file("a.db").string(), b = dir.file("b.db").string(), doc_path = dir.file("room.json").string();

    auto server = std::make_unique<ServerProcess>(std::vector<std::string>{"--data", a});
    Table table(server->port());
    table.create_room_rest({{"players", 2}, {"seed", "20261129"}, {"vp_target", 3}});
    table.join("Ana", true);
    table.join("Bob");
    table.start();
    PolicyOptions po;
    po.seed = 5;
    Policy policy(po);
    {
        GameRun run(table, policy);
        for (int i = 0; i < 12; ++i) run.step();
        REQUIRE(!run.finished());
    }
    std::vector<json> views;
    for (Peer* p : table.players()) views.push_back(p->game());
    table.close_all();
    REQUIRE(server->stop() == 0);

    // Usage and data file problems.
    CHECK(run_tool(dir.file(""), "export --data " + q(a)).exit_code == 1);  // no --room
    const Ran missing = run_tool(dir.file(""), "export --data " + q(dir.file("none.db").string()) + " --room " + table.code);
    CHECK(missing.exit_code == 2);
    CHECK_THAT(missing.err, Catch::Contains("none.db does not exist"));
    const Ran unknown = run_tool(dir.file(""), "export --data " + q(a) + " --room ZZZZZ");
    CHECK(unknown.exit_code == 2);
    CHECK_THAT(unknown.err, Catch::Contains("no room ZZZZZ"));

    // The document goes to stdout, logs to stderr; hashes only.
    const Ran exported = run_tool(dir.file(""), "export --data " + q(a) + " --room " + table.code);
    REQUIRE(exported.exit_code == 0);
    const json doc = json::parse(exported.out);
    CHECK(doc["format"] == "catan-room");
    CHECK(doc["commands"].size() == 12);
    for (const auto& p : table.peers) CHECK(exported.out.find(p->token) == std::string::npos);
    CHECK(exported.out.find(table.host_key) == std::string::npos);
    REQUIRE(run_tool(dir.file(""), "export --data " + q(a) + " --room " + table.code + " --out " + q(doc_path)).exit_code == 0);
    json written = json::parse(slurp(doc_path));
    written["exported_ms"] = doc["exported_ms"];  // the only difference between two exports
    CHECK(written == doc);

    // Refused documents: exit 3, the field named, B left without the room.
    {
        json bad = doc;
        bad["version"] = 9;
        std::ofstream(dir.file("bad.json")) << bad.dump();
        const Ran refused = run_tool(dir.file(""), "import --data " + q(b) + " " + q(dir.file("bad.json").string()));
        CHECK(refused.exit_code == 3);
        CHECK_THAT(refused.err, Catch::Contains("field 'version' is 9") && Catch::Contains("nothing was imported"));
        std::ofstream(dir.file("bad.json")) << "{\"format\":";
        CHECK(run_tool(dir.file(""), "import --data " + q(b) + " " + q(dir.file("bad.json").string())).exit_code == 3);
    }

    const Ran imported = run_tool(dir.file(""), "import --data " + q(b) + " - <" + q(doc_path));  // from stdin
    INFO(imported.err);
    REQUIRE(imported.exit_code == 0);
    CHECK_THAT(imported.err, Catch::Contains("imported room " + table.code));
    const Ran twice = run_tool(dir.file(""), "import --data " + q(b) + " " + q(doc_path));
    CHECK(twice.exit_code == 3);
    CHECK_THAT(twice.err, Catch::Contains("already has a room " + table.code) && Catch::Contains("--replace"));
    CHECK(run_tool(dir.file(""), "import --replace --data " + q(b) + " " + q(doc_path)).exit_code == 0);

    server = std::make_unique<ServerProcess>(std::vector<std::string>{"--data", b});
    table.move_to(server->port());
    for (auto& p : table.peers) p->ws.reset();  // those sockets went with the first server
    for (auto& p : table.peers) table.rejoin(*p);
    std::size_t i = 0;
    for (Peer* p : table.players()) CHECK(p->game() == views[i++]);

    const GameStats stats = play_to_end(table, policy);
    CHECK(stats.winner);
    CHECK(stats.commands > 0);  // played on the new server
    table.close_all();
    REQUIRE(server->stop() == 0);
}

TEST_CASE("Export and import: a room moves from a data file into PostgreSQL, is played there, and comes back out",
          "[export][postgres]") {
    catan::store::test::PgServer* postgres = catan::store::test::PgServer::get();
    if (!postgres) {
        WARN(catan::store::test::PgServer::skip_reason());
        return;
    }
    const catan::store::test::TempDir dir;
    const std::string file = dir.file("a.db").string(), back = dir.file("back.db").string(), doc_path = dir.file("room.json").string();
    const std::string database = postgres->new_database();

    auto server = std::make_unique<ServerProcess>(std::vector<std::string>{"--data", file});
    Table table(server->port());
    table.create_room_rest({{"players", 2}, {"seed", "20261207"}, {"vp_target", 3}});
    table.join("Ana", true);
    table.join("Bob");
    table.start();
    PolicyOptions po;
    po.seed = 7;
    Policy policy(po);
    {
        GameRun run(table, policy);
        for (int i = 0; i < 10; ++i) run.step();
        REQUIRE(!run.finished());
    }
    std::vector<json> views;
    for (Peer* p : table.players()) views.push_back(p->game());
    table.close_all();
    REQUIRE(server->stop() == 0);

    REQUIRE(run_tool(dir.file(""), "export --data " + q(file) + " --room " + table.code + " --out " + q(doc_path)).exit_code == 0);
    const Ran imported = run_tool(dir.file(""), "import --data " + q(database) + " " + q(doc_path));
    INFO(imported.err);
    REQUIRE(imported.exit_code == 0);
    CHECK(run_tool(dir.file(""), "import --data " + q(database) + " " + q(doc_path)).exit_code == 3);  // the code is taken

    server = std::make_unique<ServerProcess>(std::vector<std::string>{"--data", database, "--no-notify"});
    table.move_to(server->port());
    for (auto& p : table.peers) p->ws.reset();
    for (auto& p : table.peers) table.rejoin(*p);
    std::size_t i = 0;
    for (Peer* p : table.players()) CHECK(p->game() == views[i++]);
    const GameStats stats = play_to_end(table, policy);
    CHECK(stats.winner);
    table.close_all();
    REQUIRE(server->stop() == 0);

    // Out of the database into a file again: the whole game, as the database holds it.
    const Ran exported = run_tool(dir.file(""), "export --data " + q(database) + " --room " + table.code);
    INFO(exported.err);
    REQUIRE(exported.exit_code == 0);
    const json doc = json::parse(exported.out);
    CHECK(doc["commands"].size() == 10 + static_cast<std::size_t>(stats.commands));
    std::ofstream(doc_path) << exported.out;
    REQUIRE(run_tool(dir.file(""), "import --data " + q(back) + " " + q(doc_path)).exit_code == 0);
    const Ran again = run_tool(dir.file(""), "export --data " + q(back) + " --room " + table.code);
    REQUIRE(again.exit_code == 0);
    json round_trip = json::parse(again.out);
    round_trip["exported_ms"] = doc["exported_ms"];
    CHECK(round_trip == doc);
}
