// The store's records, on a real SQLite file and a real PostgreSQL database: what is written comes back
// after reopening, the log and snapshots of a game, bounded chat, deletion, and group commits (many
// writes, few transactions, each `done` once, in order, only after its write is durable).
#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <thread>

#include "catan/store/store.hpp"
#include "backends.hpp"

using namespace catan::store;
using namespace catan::store::test;

namespace {

RoomRecord room(const std::string& code) {
    RoomRecord r;
    r.code = code;
    r.options = R"({"players":3,"vp_target":10})";
    r.host_key_hash = std::string(64, 'a');
    r.phase = "lobby";
    r.created_ms = 1000;
    r.updated_ms = 2000;
    r.seats = {{0, "Ana", std::string(64, 'b'), true, ""}, {1, "Bot 1", "", false, "strong"}, {2, "Cy", std::string(64, 'c'), false, ""}};
    return r;
}

// Waits for the writes and counts how many said durable.
struct Counter {
    std::atomic<int> ok{0}, failed{0};
    Done done() {
        return [this](bool durable) { (durable ? ok : failed)++; };
    }
};

const StoredRoom* find(const std::vector<StoredRoom>& rooms, const std::string& code) {
    for (const auto& r : rooms)
        if (r.room.code == code) return &r;
    return nullptr;
}

}  // namespace

TEST_CASE("a room, its seats, log, snapshot and chat come back after reopening the store", "[store][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    const std::string& path = data.location();
    Counter c;
    {
        Store store(path);
        store.create_room(room("K7QX3"), c.done());
        RoomRecord playing = room("K7QX3");
        playing.phase = "playing";
        playing.game = 1;
        playing.game_options = R"({"players":2,"victory_target":10,"seed":"42"})";
        store.save_room(playing, c.done());
        for (int i = 1; i <= 10; ++i) {
            std::optional<Snapshot> snap;
            if (i % 4 == 0) snap = Snapshot{i, "{\"after\":" + std::to_string(i) + "}"};
            store.append_command("K7QX3", 1, {i, i % 2, "{\"type\":\"end_turn\",\"n\":" + std::to_string(i) + "}"},
                                 i == 10 ? "finished" : "playing", snap, c.done());
        }
        for (int i = 0; i < 7; ++i) store.append_chat("K7QX3", "{\"text\":\"" + std::to_string(i) + "\"}", 5, c.done());
        store.create_room(room("ABCDE"), c.done());
        store.flush();
        CHECK(c.ok == 20);
        CHECK(c.failed == 0);
    }
    Store store(path);
    const auto rooms = store.load_rooms();
    REQUIRE(rooms.size() == 2);
    const StoredRoom* r = find(rooms, "K7QX3");
    REQUIRE(r);
    CHECK(r->room.phase == "finished");  // the phase moves with the command that ended the game
    CHECK(r->room.game == 1);
    CHECK(r->room.game_options == R"({"players":2,"victory_target":10,"seed":"42"})");
    CHECK(r->room.created_ms == 1000);
    REQUIRE(r->room.seats.size() == 3);
    CHECK(r->room.seats[2].seat == 2);
    CHECK(r->room.seats[2].name == "Cy");
    CHECK(r->room.seats[2].bot.empty());
    CHECK(r->room.seats[1].bot == "strong");  // a host's bot comes back as the same level
    CHECK(r->room.seats[1].token_hash.empty());
    CHECK(r->room.seats[0].host);
    CHECK(r->room.seats[0].token_hash == std::string(64, 'b'));
    REQUIRE(r->snapshot);  // only the latest snapshot counts
    CHECK(r->snapshot->index == 8);
    CHECK(r->snapshot->state == "{\"after\":8}");
    REQUIRE(r->commands.size() == 10);  // the whole log, in order: the replay record needs it all
    CHECK(r->commands[0].index == 1);
    CHECK(r->commands[8].index == 9);
    CHECK(r->commands[8].seat == 1);
    CHECK(r->commands[9].command == "{\"type\":\"end_turn\",\"n\":10}");
    REQUIRE(r->chat.size() == 5);  // bounded: the oldest go
    CHECK(r->chat.front() == "{\"text\":\"2\"}");
    CHECK(r->chat.back() == "{\"text\":\"6\"}");
    const StoredRoom* lobby = find(rooms, "ABCDE");
    REQUIRE(lobby);
    CHECK(lobby->room.phase == "lobby");
    CHECK(!lobby->snapshot);
    CHECK(lobby->commands.empty());
}

TEST_CASE("a new game's log starts afresh, creating a room over a code in use fails and changes nothing, deleting drops it",
          "[store][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    Store store(data.location());
    Counter c;
    store.create_room(room("K7QX3"), c.done());
    for (int i = 1; i <= 3; ++i) store.append_command("K7QX3", 1, {i, 0, "{}"}, "playing", std::nullopt, c.done());
    RoomRecord second = room("K7QX3");
    second.phase = "playing";
    second.game = 2;
    second.game_options = "{}";
    store.save_room(second, c.done());
    store.append_command("K7QX3", 2, {1, 1, "{\"second\":true}"}, "playing", std::nullopt, c.done());
    store.flush();
    auto rooms = store.load_rooms();
    REQUIRE(rooms.size() == 1);
    REQUIRE(rooms[0].commands.size() == 1);
    CHECK(rooms[0].commands[0].command == "{\"second\":true}");

    // The same index twice is refused (a command is never logged twice) and only that write fails.
    store.append_command("K7QX3", 2, {1, 1, "{\"again\":true}"}, "playing", std::nullopt, c.done());
    store.append_command("K7QX3", 2, {2, 0, "{\"next\":true}"}, "playing", std::nullopt, c.done());
    store.flush();
    CHECK(c.failed == 1);
    rooms = store.load_rooms();
    REQUIRE(rooms[0].commands.size() == 2);
    CHECK(rooms[0].commands[1].command == "{\"next\":true}");

    store.create_room(room("K7QX3"), c.done());  // a room has that code: never replaced by a new one
    store.flush();
    CHECK(c.failed == 2);
    CHECK(store.stats().fenced == 1);
    CHECK_FALSE(store.health().failing);  // a code in use is no failure of the database
    rooms = store.load_rooms();
    REQUIRE(rooms.size() == 1);
    CHECK(rooms[0].room.game == 2);
    CHECK(rooms[0].commands.size() == 2);
    store.delete_room("K7QX3", c.done());
    store.flush();
    CHECK(store.load_rooms().empty());
    CHECK_FALSE(store.holds("K7QX3"));

    store.create_room(room("K7QX3"), c.done());  // a code freed by deleting its room is new again
    store.flush();
    CHECK(c.failed == 2);
    rooms = store.load_rooms();
    REQUIRE(rooms.size() == 1);
    CHECK(rooms[0].room.game == 0);
    CHECK(rooms[0].commands.empty());
}

TEST_CASE("group commit: writes from many threads share transactions, each done once, in queue order", "[store][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    Store store(data.location());
    constexpr int kRooms = 8, kCommands = 200;
    Counter c;
    for (int r = 0; r < kRooms; ++r) store.create_room(room("ROOM" + std::to_string(r)), c.done());
    store.flush();
    std::mutex order_mutex;
    std::vector<std::vector<int>> order(kRooms);
    std::vector<std::thread> writers;
    for (int r = 0; r < kRooms; ++r)
        writers.emplace_back([&, r] {
            for (int i = 1; i <= kCommands; ++i)
                store.append_command("ROOM" + std::to_string(r), 0, {i, 0, "{}"}, "playing", std::nullopt, [&, r, i](bool ok) {
                    const std::lock_guard lock(order_mutex);
                    order[r].push_back(ok ? i : -i);
                });
        });
    for (auto& t : writers) t.join();
    store.flush();
    for (int r = 0; r < kRooms; ++r) {
        REQUIRE(order[r].size() == kCommands);
        for (int i = 0; i < kCommands; ++i) REQUIRE(order[r][i] == i + 1);  // durable, in order, once
    }
    const Store::Stats s = store.stats();
    CHECK(s.writes == kRooms + kRooms * kCommands);
    CHECK(s.failed == 0);
    CHECK(s.commits < s.writes / 4);  // the point of grouping: far fewer fsyncs than writes
    for (const StoredRoom& r : store.load_rooms()) CHECK(r.commands.size() == kCommands);
}
