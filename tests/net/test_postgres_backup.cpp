// A PostgreSQL database is backed up with PostgreSQL's own tools (docs/operating.md, "PostgreSQL"):
// a database with rooms in play (a game under way, a room in its lobby, a seat's notification target)
// is dumped with pg_dump --format=custom while no server runs, restored with pg_restore into a fresh
// database, and a catan-server node on the copy serves the same rooms and games, signs pushes with
// the same VAPID key, lets the players rejoin with their tokens and serves the game's replay record as
// it was (which `catan-server verify` accepts once the game is over). `catan-server rooms` reads both
// databases without a server.
#include <catch2/catch.hpp>

#include "game_driver.hpp"
#include "pg_server.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"
#include "tool_run.hpp"

using namespace catan::nettest;
using catan::store::test::PgServer;

namespace {

// The notify flags of both nodes: e-mail on (so a seat may register an address), never sent here.
std::vector<std::string> node_args(const std::string& url, const std::string& node) {
    return {"--data", url, "--node", node, "--smtp-relay", "127.0.0.1:9", "--smtp-from", "catan@example.org"};
}

json notify_state(unsigned short port, const std::string& code, const std::string& token) {
    // Removing a subscription nobody has answers the seat's targets.
    const HttpResponse r = http_request(port, "DELETE", "/api/rooms/" + code + "/notify",
                                        json{{"token", token}, {"endpoint", "https://push.example/none"}}.dump());
    INFO(r.body);
    REQUIRE(r.status == 200);
    return r.json_body();
}

json replay(unsigned short port, const std::string& code) {
    const HttpResponse r = http_request(port, "GET", "/api/rooms/" + code + "/replay");
    INFO(r.body.substr(0, 300));
    REQUIRE(r.status == 200);
    return r.json_body();
}

// `catan-server rooms list --json` on the database, with no server to ask.
json rooms_offline(const std::filesystem::path& dir, const std::string& url) {
    const ToolRun listed = run_tool(dir, "rooms list --json --server http://127.0.0.1:1 --data " + shell_quote(url));
    INFO(listed.err);
    REQUIRE(listed.exit_code == 0);
    return json::parse(listed.out);
}

}  // namespace

TEST_CASE("Backup on PostgreSQL: pg_dump, pg_restore into a fresh database, and a node on the copy serves the same rooms and players",
          "[backup][postgres]") {
    PgServer* postgres = PgServer::get();
    if (!postgres) {
        WARN(PgServer::skip_reason());
        return;
    }
    const catan::store::test::TempDir dir;
    const std::string original = postgres->new_database();

    auto server = std::make_unique<ServerProcess>(node_args(original, "node-a"));
    Table table(server->port());
    table.create_room_rest({{"players", 2}, {"seed", "20261207"}, {"vp_target", 3}});
    table.join("Ana", true);
    table.join("Bob");
    table.start();
    PolicyOptions po;
    po.seed = 11;
    Policy policy(po);
    {
        GameRun run(table, policy);
        for (int i = 0; i < 10; ++i) run.step();
        REQUIRE(!run.finished());
    }
    Table lobby(server->port());
    lobby.create_room_rest({{"players", 3}});
    lobby.join("Cy", true);

    const std::string ana = table.player(0).token;
    const HttpResponse registered = http_request(server->port(), "POST", "/api/rooms/" + table.code + "/notify",
                                                 json{{"token", ana}, {"email", "ana@example.org"}}.dump());
    INFO(registered.body);
    REQUIRE(registered.status == 200);
    const std::string key = http_request(server->port(), "GET", "/api/push/key").json_body()["public_key"];

    std::vector<json> views;
    for (Peer* p : table.players()) views.push_back(p->game());
    const std::int64_t seq = table.seq();
    const json record = replay(server->port(), table.code);
    REQUIRE(record["steps"].size() == 10);
    table.close_all();
    lobby.close_all();
    REQUIRE(server->stop() == 0);

    // Without a server, `rooms` reads the database itself: both rooms, the game's log counted.
    const json before = rooms_offline(dir.file(""), original);
    CHECK(before["source"] == "database");
    REQUIRE(before["rooms"].size() == 2);

    // The backup and the restore, as docs/operating.md gives them.
    const std::string dump = postgres->scratch_file("catan.dump");
    INFO(postgres->client_log());
    REQUIRE(postgres->run_client("pg_dump", {"--format=custom", "--file=" + dump, original}) == 0);
    const std::string copy = postgres->new_database();
    REQUIRE(postgres->run_client("pg_restore", {"--exit-on-error", "--dbname=" + copy, dump}) == 0);

    json after = rooms_offline(dir.file(""), copy);
    CHECK(after["rooms"] == before["rooms"]);
    const ToolRun shown = run_tool(dir.file(""), "rooms show " + table.code + " --server http://127.0.0.1:1 --data " + shell_quote(copy));
    INFO(shown.err);
    REQUIRE(shown.exit_code == 0);
    CHECK_THAT(shown.out, Catch::Contains("source: database " + copy) && Catch::Contains("Ana") && Catch::Contains("Bob") &&
                              Catch::Contains("10 in the current game's log"));
    CHECK(run_tool(dir.file(""), "rooms show ZZZZZ --server http://127.0.0.1:1 --data " + shell_quote(copy)).exit_code == 3);

    server = std::make_unique<ServerProcess>(node_args(copy, "node-b"));
    CHECK(http_request(server->port(), "GET", "/api/push/key").json_body()["public_key"] == key);
    CHECK(notify_state(server->port(), table.code, ana)["email"] == true);
    table.move_to(server->port());
    for (auto& p : table.peers) p->ws.reset();  // those sockets went with the first server
    for (auto& p : table.peers) table.rejoin(*p);
    std::size_t i = 0;
    for (Peer* p : table.players()) CHECK(p->game() == views[i++]);
    CHECK(table.seq() > seq);  // a new epoch: seq never goes back
    lobby.move_to(server->port());
    for (auto& p : lobby.peers) p->ws.reset();
    for (auto& p : lobby.peers) lobby.rejoin(*p);
    const json restored = replay(server->port(), table.code);
    CHECK(restored["start"] == record["start"]);
    CHECK(restored["steps"] == record["steps"]);

    const GameStats stats = play_to_end(table, policy);
    CHECK(stats.winner);
    const json whole = replay(server->port(), table.code);
    CHECK(whole["steps"].size() == 10 + static_cast<std::size_t>(stats.commands));
    const Verdict verdict = run_verify(dir.file("replay.json"), whole.dump(2));
    INFO(verdict.output);
    CHECK(verdict.exit_code == 0);
    table.close_all();
    lobby.close_all();
    REQUIRE(server->stop() == 0);
    // The original is left as the dump found it.
    CHECK(rooms_offline(dir.file(""), original)["rooms"] == before["rooms"]);
}
