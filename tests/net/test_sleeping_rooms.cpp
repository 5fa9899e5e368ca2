// Turn-based rooms asleep, through the real binary over real sockets and a real data file (and a real
// PostgreSQL database): a
// turn-based game nobody is connected to leaves memory (GET /metrics: catan_rooms 0,
// catan_rooms_asleep 1) after --sleep-after, and a player coming back with the token wakes it with
// the game exactly as it was; a live room in the same state never sleeps. (The wake by deadline, the
// clock kept across sleeps and the memory of 10,000 sleeping rooms are in tests/room/test_turn_based.cpp
// and bench/sleeping_rooms_bench.cpp.)
#include <catch2/catch.hpp>

#include <chrono>
#include <regex>
#include <thread>

#include "game_driver.hpp"
#include "pg_server.hpp"
#include "server_process.hpp"

using namespace catan::nettest;

namespace {

// A gauge of GET /metrics (-1 when it is not exported).
long gauge(unsigned short port, const std::string& name) {
    const std::string text = http_request(port, "GET", "/metrics").body;
    std::smatch m;
    if (!std::regex_search(text, m, std::regex("\n" + name + " (\\d+)"))) return -1;
    return std::stol(m[1]);
}

// Polls until `name` reads `value` (true) or `limit` has passed (false).
bool gauge_becomes(unsigned short port, const std::string& name, long value, std::chrono::seconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (gauge(port, name) != value) {
        if (std::chrono::steady_clock::now() > until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return true;
}

// The setup's first placements, from whoever must act (the first legal action each time).
void place_some(Table& t, int commands) {
    for (int i = 0; i < commands; ++i) {
        Peer* actor = nullptr;
        json actions;
        for (Peer* p : t.players()) {
            const json& legal = p->view.legal();
            if (legal.is_object() && !legal.value("actions", json::array()).empty()) {
                actor = p;
                actions = legal["actions"];
            }
        }
        REQUIRE(actor);
        t.play(*actor, actions[0]);
    }
}

// A turn-based game played a little, left until it sleeps, and woken by a player's return; `data`
// is --data and its value (none: the fixture's data file).
void sleep_and_wake(std::vector<std::string> data) {
    std::vector<std::string> args = {"--sleep-after", "1", "--sweep-interval", "1", "--bot-delay", "0"};
    args.insert(args.end(), data.begin(), data.end());
    ServerProcess server(args);
    Table t(server.port());
    t.create_room_rest({{"players", 2}, {"pace", "turn_based"}, {"turn_hours", 24}});
    Peer& ana = t.join("Ana", true);
    Peer& bob = t.join("Bob");
    t.start();
    place_some(t, 3);
    const json game_before = bob.view.game();
    const auto seq_before = t.seq();
    CHECK(gauge(server.port(), "catan_rooms") == 1);
    CHECK(gauge(server.port(), "catan_rooms_asleep") == 0);

    t.close_all();
    REQUIRE(gauge_becomes(server.port(), "catan_rooms_asleep", 1, std::chrono::seconds(15)));
    CHECK(gauge(server.port(), "catan_rooms") == 0);

    // Bob comes back: the room wakes from the file, his seat and the game as they were.
    t.rejoin(bob);
    // A woken room counts in a new epoch (docs/protocol.md): above every seq it handed out before.
    constexpr std::int64_t kEpoch = std::int64_t{1} << 32;
    CHECK(bob.view.seq() / kEpoch > seq_before / kEpoch);
    CHECK(bob.view.game() == game_before);
    CHECK(gauge(server.port(), "catan_rooms") == 1);
    CHECK(gauge(server.port(), "catan_rooms_asleep") == 0);
    // And the game goes on from there.
    t.rejoin(ana);
    const auto woken = t.seq();
    place_some(t, 1);
    CHECK(t.seq() == woken + 1);
    t.close_all();
    REQUIRE(server.stop() == 0);
}

}  // namespace

TEST_CASE("Turn-based rooms sleep out of memory with nobody connected and wake with the game as it was", "[sleep]") {
    sleep_and_wake({});
}

TEST_CASE("Turn-based rooms sleep in a PostgreSQL database and wake with the game as it was", "[sleep][postgres]") {
    catan::store::test::PgServer* postgres = catan::store::test::PgServer::get();
    if (!postgres) {
        WARN(catan::store::test::PgServer::skip_reason());
        return;
    }
    sleep_and_wake({"--data", postgres->new_database(), "--no-notify"});
}

TEST_CASE("A live room with nobody connected stays in memory: only turn-based rooms sleep", "[sleep]") {
    ServerProcess server({"--sleep-after", "1", "--sweep-interval", "1", "--bot-delay", "0"});
    Table t(server.port());
    t.create_room_rest({{"players", 2}, {"takeover_after", "never"}});
    t.join("Ana", true);
    t.join("Bob");
    t.start();
    t.close_all();
    std::this_thread::sleep_for(std::chrono::seconds(4));  // four sweeps past --sleep-after
    CHECK(gauge(server.port(), "catan_rooms") == 1);
    CHECK(gauge(server.port(), "catan_rooms_asleep") == 0);
}
