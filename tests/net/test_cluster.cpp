// Several servers (nodes) on one PostgreSQL database, each room served by one of them under a lease
// (docs/operating.md, "PostgreSQL"): real catan-server processes and a real PostgreSQL started by the
// test (tests/store/pg_server.hpp). A node asked for a room another node holds answers room_elsewhere
// with when to retry; a node that crashed, stalled or stopped gives its rooms up to another, which
// serves them exactly as acknowledged; a node that stalled and comes back never writes the room again
// and tells its clients to reconnect.
#include <catch2/catch.hpp>

#include <csignal>
#include <memory>
#include <optional>
#include <thread>

#include "game_driver.hpp"
#include "pg_server.hpp"
#include "server_process.hpp"

using namespace catan::nettest;
using namespace std::chrono_literals;
using catan::store::test::PgServer;

namespace {

std::vector<std::string> node_args(const std::string& url, const std::string& node, int lease_seconds) {
    return {"--data", url, "--node", node, "--lease-seconds", std::to_string(lease_seconds), "--no-notify"};
}

// A two-seat game on `port`, started, with `commands` commands played and acknowledged.
struct Game {
    std::unique_ptr<Table> table;
    std::unique_ptr<Policy> policy;
    int played = 0;
};

Game start_game(unsigned short port, int commands) {
    Game g;
    g.table = std::make_unique<Table>(port);
    g.table->create_room_rest({{"players", 2}, {"seed", "20261207"}});
    g.table->join("Ana", true);
    g.table->join("Bob");
    g.table->start();
    PolicyOptions po;
    po.seed = 7;
    g.policy = std::make_unique<Policy>(po);
    GameRun run(*g.table, *g.policy, 20000, [&g](Peer&, const json&, const json&) { ++g.played; });
    while (g.played < commands) run.step();
    return g;
}

// GET /api/rooms/{code} on `port` until it answers 200, each other answer being 503 room_elsewhere with
// a Retry-After; fails after `limit`. Returns how long it took.
std::chrono::milliseconds wait_served(unsigned short port, const std::string& code, std::chrono::milliseconds limit) {
    const auto start = std::chrono::steady_clock::now();
    for (;;) {
        const HttpResponse r = http_request(port, "GET", "/api/rooms/" + code);
        if (r.status == 200) return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
        INFO(r.status << " " << r.body);
        REQUIRE(r.status == 503);
        REQUIRE(r.json_body()["code"] == "room_elsewhere");
        REQUIRE(!r.header("Retry-After").empty());
        REQUIRE(std::chrono::steady_clock::now() - start < limit);
        std::this_thread::sleep_for(100ms);
    }
}

// Each player's game as it shows it.
std::vector<json> views(Table& t) {
    std::vector<json> out;
    for (Peer* p : t.players()) out.push_back(engine_view(p->game()));
    return out;
}

std::int64_t logged_commands(const std::string& url, const std::string& code) {
    return std::stoll(PgServer::query(url, "SELECT count(*) FROM commands WHERE code = '" + code + "'"));
}

// Moves the table's players to the node at `port` (their sockets died with the node they were on),
// rejoins each with its token, and checks the game there is the one they were shown, with exactly
// the acknowledged commands in the database's log: nothing lost, nothing applied twice.
void rejoin_on(Game& g, unsigned short port, const std::vector<json>& before, const std::string& url) {
    g.table->move_to(port);
    for (auto& p : g.table->peers) p->ws.reset();
    for (auto& p : g.table->peers) g.table->rejoin(*p);
    CHECK(views(*g.table) == before);
    CHECK(logged_commands(url, g.table->code) == g.played);
}

}  // namespace

TEST_CASE("Cluster: a room held by one node is refused by another with when to retry, and after a crash the other serves it as acknowledged",
          "[cluster][postgres]") {
    PgServer* postgres = PgServer::get();
    if (!postgres) {
        WARN(PgServer::skip_reason());
        return;
    }
    const std::string url = postgres->new_database();
    auto a = std::make_unique<ServerProcess>(node_args(url, "node-a", 2));
    ServerProcess b(node_args(url, "node-b", 2));
    Game g = start_game(a->port(), 12);
    const std::string code = g.table->code;

    // B does not serve a room A holds: it says when to ask again, over the socket and REST.
    {
        Table probe(b.port());
        Peer& p = probe.connect_only("probe");
        p.send(msg("spectate", {{"room", code}, {"id", "s"}}));
        const json e = p.expect_error("room_elsewhere");
        REQUIRE(e.contains("retry_after_ms"));
        CHECK(e["retry_after_ms"].get<std::int64_t>() >= 200);
        CHECK(e["retry_after_ms"].get<std::int64_t>() <= 2000);
        const HttpResponse r = http_request(b.port(), "GET", "/api/rooms/" + code);
        CHECK(r.status == 503);
        CHECK(r.json_body()["code"] == "room_elsewhere");
        CHECK(!r.header("Retry-After").empty());
    }

    const std::vector<json> before = views(*g.table);
    a->kill_now();
    // Within the lease (2 s) and a little: B takes the room when asked for it.
    const auto took = wait_served(b.port(), code, 8s);
    UNSCOPED_INFO("B served the room " << took.count() << " ms after the kill");

    rejoin_on(g, b.port(), before, url);
    // And the game goes on there.
    const int then = g.played;
    GameRun run(*g.table, *g.policy, 20000, [&g](Peer&, const json&, const json&) { ++g.played; });
    while (g.played < then + 4) run.step();
    CHECK(logged_commands(url, code) == g.played);
    CHECK(b.stop() == 0);
}

TEST_CASE("Cluster: a node stalled past its lease loses its room to another, and back, its late write is refused and its clients told to reconnect",
          "[cluster][postgres]") {
    PgServer* postgres = PgServer::get();
    if (!postgres) {
        WARN(PgServer::skip_reason());
        return;
    }
    const std::string url = postgres->new_database();
    ServerProcess a(node_args(url, "node-a", 1));
    ServerProcess b(node_args(url, "node-b", 1));
    Game g = start_game(a.port(), 10);
    const std::string code = g.table->code;
    const int on_a = g.played;

    // The command A will receive once it runs again: the acting seat's next one, legal on A's state.
    const int actor = g.policy->pick_actor(g.table->players().front()->game());
    REQUIRE(actor != kNoSeat);
    Peer& late = g.table->player(actor);
    const json command = g.policy->choose(late, *g.table);
    REQUIRE(::kill(a.pid(), SIGSTOP) == 0);
    struct Resume {  // A never stays stopped, whatever fails below
        pid_t pid;
        ~Resume() { ::kill(pid, SIGCONT); }
    } resume{a.pid()};

    // B takes the room once A's lease ran out, and the players play on there.
    wait_served(b.port(), code, 8s);
    Table there(b.port());
    there.rejoin_people_of(*g.table);
    int on_b = 0;
    GameRun run(there, *g.policy, 20000, [&on_b](Peer&, const json&, const json&) { ++on_b; });
    while (on_b < 3) run.step();
    const std::vector<json> after_b = views(there);

    // A comes back holding the room in memory: one of its clients sends a command there (a legal one
    // on A's state), which A must not write; A drops the room and tells each client to reconnect.
    late.send_command(command);
    REQUIRE(::kill(a.pid(), SIGCONT) == 0);
    for (Peer* p : g.table->players()) {
        INFO(p->label);
        p->expect_error("room_moved", 10s);
        // Then the connection closes with the code that says "reconnect now" (1012, service restart).
        CHECK(p->ws->wait_closed(5s));
        CHECK(p->ws->close_code() == 1012);
    }
    CHECK_THAT(a.log(), Catch::Contains("another server took this room over"));
    // The log holds A's commands before the takeover and B's after, and nothing of A's late one.
    CHECK(logged_commands(url, code) == on_a + on_b);
    // A no longer serves the room: asked for it, it points to B.
    const HttpResponse r = http_request(a.port(), "GET", "/api/rooms/" + code);
    CHECK(r.status == 503);
    CHECK(r.json_body()["code"] == "room_elsewhere");
    // B's players never noticed.
    for (auto& q : there.peers) q->check_in_sync();
    CHECK(views(there) == after_b);
    CHECK(a.stop() == 0);
    CHECK(b.stop() == 0);
}

TEST_CASE("Cluster: a node stopped with SIGTERM frees its rooms at once for another node", "[cluster][postgres]") {
    PgServer* postgres = PgServer::get();
    if (!postgres) {
        WARN(PgServer::skip_reason());
        return;
    }
    const std::string url = postgres->new_database();
    // Leases of a minute: another node can take the room now only because A let go of it.
    ServerProcess a(node_args(url, "node-a", 60));
    ServerProcess b(node_args(url, "node-b", 60));
    Game g = start_game(a.port(), 6);
    const std::string code = g.table->code;
    const std::vector<json> before = views(*g.table);
    CHECK(http_request(b.port(), "GET", "/api/rooms/" + code).status == 503);
    REQUIRE(::kill(a.pid(), SIGTERM) == 0);
    // A's clients are told to reconnect at once (1012, service restart); read while A still runs, so
    // the close handshake completes.
    for (auto& p : g.table->peers) {
        CHECK(p->ws->wait_closed(5s));
        CHECK(p->ws->close_code() == 1012);
    }
    for (int i = 0; i < 1500 && a.running(); ++i) std::this_thread::sleep_for(10ms);
    REQUIRE(a.stop() == 0);  // (exited already: its code)
    const HttpResponse r = http_request(b.port(), "GET", "/api/rooms/" + code);
    INFO(r.body);
    REQUIRE(r.status == 200);
    rejoin_on(g, b.port(), before, url);
    CHECK(b.stop() == 0);
}

TEST_CASE("Cluster: a turn-based room that falls asleep on one node frees its lease, and another node wakes it at once",
          "[cluster][postgres]") {
    PgServer* postgres = PgServer::get();
    if (!postgres) {
        WARN(PgServer::skip_reason());
        return;
    }
    const std::string url = postgres->new_database();
    // Leases of a minute: B can take the room now only because A let go of it.
    std::vector<std::string> sleepy = node_args(url, "node-a", 60);
    sleepy.insert(sleepy.end(), {"--sleep-after", "1", "--sweep-interval", "1"});
    ServerProcess a(sleepy);
    ServerProcess b(node_args(url, "node-b", 60));
    Table t(a.port());
    t.create_room_rest({{"players", 2}, {"pace", "turn_based"}, {"turn_hours", 24}});
    t.join("Ana", true);
    Peer& bob = t.join("Bob");
    t.start();
    const json before = bob.view.game();
    t.close_all();
    // Asleep on A: its row says nobody holds it.
    const auto until = std::chrono::steady_clock::now() + 15s;
    while (PgServer::query(url, "SELECT coalesce(owner, '') FROM rooms WHERE code = '" + t.code + "'").find("node-a") !=
           std::string::npos) {
        REQUIRE(std::chrono::steady_clock::now() < until);
        std::this_thread::sleep_for(100ms);
    }
    t.move_to(b.port());
    t.rejoin(bob);
    CHECK(bob.view.game() == before);
    CHECK_THAT(PgServer::query(url, "SELECT owner FROM rooms WHERE code = '" + t.code + "'"), Catch::Contains("node-b"));
    t.close_all();
    CHECK(a.stop() == 0);
    CHECK(b.stop() == 0);
}

TEST_CASE("Cluster: --lease-seconds out of its bounds is refused, naming the flag", "[cluster]") {
    for (const char* bad : {"0", "3601", "ten"}) {
        INFO(bad);
        try {
            ServerProcess server({"--no-persist", "--lease-seconds", bad}, 5s);
            FAIL("the server started with --lease-seconds " << bad);
        } catch (const std::runtime_error& e) {
            CHECK_THAT(std::string(e.what()), Catch::Contains("exited before listening"));
            CHECK_THAT(std::string(e.what()), Catch::Contains("--lease-seconds:"));  // the server's own message
        }
    }
}

TEST_CASE("Cluster: a --node name a proxy could not name is refused, naming the flag", "[cluster]") {
    for (const char* bad : {"node a", "n\xC3\xA9", "a/b", "0123456789012345678901234567890123456789012345678901234567890123456789"}) {
        INFO(bad);
        try {
            ServerProcess server({"--no-persist", "--node", bad}, 5s);
            FAIL("the server started with --node " << bad);
        } catch (const std::runtime_error& e) {
            CHECK_THAT(std::string(e.what()), Catch::Contains("exited before listening"));
            CHECK_THAT(std::string(e.what()), Catch::Contains("--node:"));
        }
    }
    // A name as the docs use them starts.
    ServerProcess fine({"--no-persist", "--node", "node-1.eu_west"});
    CHECK(fine.stop() == 0);
}
