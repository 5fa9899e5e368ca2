// Durability against the real binary: seeded games in several rooms over WebSockets, the
// server killed with SIGKILL at random points several times and restarted on the same data file (or
// the same PostgreSQL database, started by the test: tests/store/pg_server.hpp).
// After each restart every player rejoins with the token it holds, and every seat's view must equal
// the view of a state rebuilt here from the commands the server acknowledged (plus, at most, the one
// command in flight at the kill, which may or may not have been committed, but must be if its
// sender had already been answered): nothing acknowledged lost, nothing applied twice. The games then
// go on to a winner, and a last restart shows the finished rooms as finished.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <thread>


#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "game_driver.hpp"
#include "pg_server.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;
using namespace std::chrono_literals;

namespace {

struct LoggedCommand {
    int seat;
    json command;
};

struct CrashRoom {
    int players;
    std::uint64_t seed;
    std::unique_ptr<Table> table;
    std::unique_ptr<Policy> policy;
    std::unique_ptr<GameRun> run;
    std::vector<LoggedCommand> acked;      // answered with an update to the actor and everyone
    std::optional<LoggedCommand> pending;  // sent, not (yet) known to be acknowledged
};

catan::GameState replay(const CrashRoom& room, const std::vector<LoggedCommand>& log) {
    catan::GameOptions o;
    o.players = room.players;
    o.seed = room.seed;
    catan::GameState state = catan::new_game(o);
    for (const LoggedCommand& c : log) {
        auto command = catan::proto::decode_command(c.command, c.seat);
        REQUIRE(command);
        REQUIRE(!catan::apply(state, command.value()));
    }
    return state;
}

bool views_match(CrashRoom& room, const catan::GameState& state) {
    for (Peer* p : room.table->players())
        if (engine_view(p->game()) != catan::proto::player_view(state, p->seat)) return false;
    return true;
}

// A fresh GameRun (it caches whose turn it is, which a restart may have moved on).
void new_run(CrashRoom& room) {
    room.run = std::make_unique<GameRun>(*room.table, *room.policy, 20000, [&room](Peer& actor, const json& command, const json&) {
        room.acked.push_back({actor.seat, command});
        room.pending.reset();
    });
    room.run->on_send([&room](Peer& actor, const json& command) { room.pending = LoggedCommand{actor.seat, command}; });
}


// Three rooms played over WebSockets while the server is killed four times and restarted on `data`
// (a file or a PostgreSQL URL); then the games go on to a winner and come back finished.
void crash_and_restart(const std::string& data) {
    std::uint64_t seed = 20261129;
    if (const char* s = std::getenv("CATAN_CRASH_SEED")) seed = std::strtoull(s, nullptr, 10);
    INFO("CATAN_CRASH_SEED=" << seed);
    std::mt19937_64 rng(seed);
    const std::vector<std::string> args = {"--data", data, "--snapshot-every", "16"};

    auto server = std::make_unique<ServerProcess>(args);
    std::vector<CrashRoom> rooms(3);
    for (std::size_t i = 0; i < rooms.size(); ++i) {
        CrashRoom& r = rooms[i];
        r.players = static_cast<int>(2 + i);
        r.seed = rng();
        r.table = std::make_unique<Table>(server->port());
        r.table->create_room_rest({{"players", r.players}, {"seed", std::to_string(r.seed)}});
        const std::vector<std::string> names = {"Ana", "Bob", "Cy", "Dee"};
        for (int s = 0; s < r.players; ++s) r.table->join(names[s], s == 0);  // names are per room
        r.table->start();
        PolicyOptions po;
        po.seed = rng();
        r.policy = std::make_unique<Policy>(po);
        new_run(r);
    }

    constexpr int kKills = 4;
    for (int kill = 0; kill < kKills; ++kill) {
        const auto delay = std::chrono::milliseconds(200 + rng() % 1200);
        std::thread killer([&] {
            std::this_thread::sleep_for(delay);
            server->kill_now();
        });
        std::vector<GameRun*> runs;
        for (CrashRoom& r : rooms) runs.push_back(r.run.get());
        try {
            play_interleaved(runs);
        } catch (const std::exception& e) {
            UNSCOPED_INFO("kill " << kill << " after " << delay.count() << " ms interrupted: " << e.what());
        }
        killer.join();
        REQUIRE(!server->running());

        // Whatever the kill interrupted: the actor may already hold its answer (then it was acknowledged).
        std::vector<bool> answered(rooms.size(), false);
        for (std::size_t i = 0; i < rooms.size(); ++i) {
            CrashRoom& r = rooms[i];
            if (!r.pending) continue;
            std::vector<LoggedCommand> with = r.acked;
            with.push_back(*r.pending);
            const auto state = replay(r, with);
            for (Peer* p : r.table->players())
                if (p->seat == r.pending->seat && engine_view(p->game()) == catan::proto::player_view(state, p->seat)) answered[i] = true;
        }

        server = std::make_unique<ServerProcess>(args);
        for (std::size_t i = 0; i < rooms.size(); ++i) {
            CrashRoom& r = rooms[i];
            r.table->move_to(server->port());
            for (auto& p : r.table->peers) p->ws.reset();  // those sockets died with the server
            for (auto& p : r.table->peers) r.table->rejoin(*p);
            INFO("room " << r.table->code << " (" << r.players << " players), " << r.acked.size() << " commands acknowledged"
                         << (r.pending ? ", one in flight: " + r.pending->command.dump() : std::string()));
            if (!answered[i] && views_match(r, replay(r, r.acked))) {
                r.pending.reset();  // the command in flight was not committed: it is as if never sent
            } else {
                REQUIRE(r.pending);  // anything else than the acknowledged commands needs a command in flight ...
                r.acked.push_back(*r.pending);
                r.pending.reset();
                REQUIRE(views_match(r, replay(r, r.acked)));  // ... and is exactly that one, once
            }
            new_run(r);
        }
    }

    // The games carry on to a winner.
    std::vector<GameRun*> runs;
    for (CrashRoom& r : rooms) runs.push_back(r.run.get());
    play_interleaved(runs);
    for (CrashRoom& r : rooms) {
        const GameStats stats = r.run->result();
        REQUIRE(stats.winner);
        REQUIRE(views_match(r, replay(r, r.acked)));
        r.table->close_all();
    }
    REQUIRE(server->stop() == 0);

    // Finished rooms come back finished (readable, as before the restart).
    server = std::make_unique<ServerProcess>(args);
    for (CrashRoom& r : rooms) {
        const HttpResponse summary = http_request(server->port(), "GET", "/api/rooms/" + r.table->code);
        REQUIRE(summary.status == 200);
        CHECK(summary.json_body()["phase"] == "finished");
    }
    REQUIRE(server->stop() == 0);
}

}  // namespace

TEST_CASE("Crash: SIGKILL at random points and restarts on the same data file lose nothing acknowledged and apply nothing twice", "[crash]") {
    const catan::store::test::TempDir dir;  // removed at the end, also when a REQUIRE fails
    crash_and_restart(dir.file("catan.db").string());
}

TEST_CASE("Crash: the same on a PostgreSQL database: nothing acknowledged lost, nothing applied twice", "[crash][postgres]") {
    catan::store::test::PgServer* postgres = catan::store::test::PgServer::get();
    if (!postgres) {
        WARN(catan::store::test::PgServer::skip_reason());
        return;
    }
    crash_and_restart(postgres->new_database());
}

TEST_CASE("Crash: a damaged data file stops the start with a message naming it, and is left as it was", "[crash]") {
    const catan::store::test::TempDir dir;
    const auto data = dir.file("catan.db");
    std::string garbage(4096, '\0');
    for (std::size_t i = 0; i < garbage.size(); ++i) garbage[i] = static_cast<char>((i * 131) % 256);
    catan::store::test::write_bytes(data, garbage);
    try {
        ServerProcess server({"--data", data.string()});
        FAIL("the server started on a damaged data file");
    } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        CHECK_THAT(what, Catch::Contains("exit code 2"));
        CHECK_THAT(what, Catch::Contains(data.string() + " is not a readable catan-server data file"));
        CHECK_THAT(what, Catch::Contains("Nothing in it was changed"));
    }
    CHECK(catan::store::test::read_bytes(data) == garbage);
}
