// Turn-based rooms in the data file: a room that sleeps is left out of a server's start and read when
// something asks for it (wake_room, which moves its seq epoch on); its turn clock and next deadline are
// kept (save_timer); and a file written by the previous version (schema 2) migrates with its rooms awake.
#include <catch2/catch.hpp>

#include "catan/store/store.hpp"
#include "sql_query.hpp"
#include "backends.hpp"
#include "temp_dir.hpp"

using namespace catan::store;
using namespace catan::store::test;

namespace {

RoomRecord room_record(const std::string& code, bool sleeps) {
    RoomRecord r;
    r.code = code;
    // Strings built, not assigned from literals: GCC 12 at -O3 warns falsely (-Wrestrict) on those.
    r.options = std::string(sleeps ? R"({"pace":"turn_based","players":3})" : R"({"players":3})");
    r.host_key_hash = std::string(1, 'h');
    r.phase = std::string("playing");
    r.game = 1;
    r.game_options = std::string("{}");
    r.sleeps = sleeps;
    r.seats.push_back({0, "Ana", "t0", true, ""});
    return r;
}

// A data file exactly as the previous server (schema version 2) wrote it: one room in play, with two
// commands and a snapshot after the first.
void write_version_2_file(const std::string& path) {
    query(path, R"sql(
PRAGMA application_id = 1129595214;
PRAGMA journal_mode = WAL;
CREATE TABLE schema_migrations(version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_ms INTEGER NOT NULL);
CREATE TABLE rooms(code TEXT PRIMARY KEY, options TEXT NOT NULL, host_key_hash TEXT NOT NULL, phase TEXT NOT NULL,
  game INTEGER NOT NULL, game_options TEXT NOT NULL, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, problem TEXT,
  epoch INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
CREATE TABLE seats(code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL, host INTEGER NOT NULL,
  bot TEXT NOT NULL, PRIMARY KEY(code, seat)) WITHOUT ROWID;
CREATE TABLE chat(id INTEGER PRIMARY KEY, code TEXT NOT NULL, entry TEXT NOT NULL);
CREATE INDEX chat_by_room ON chat(code, id);
CREATE TABLE commands(code TEXT NOT NULL, game INTEGER NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, command TEXT NOT NULL,
  PRIMARY KEY(code, game, idx)) WITHOUT ROWID;
CREATE TABLE snapshots(code TEXT NOT NULL, game INTEGER NOT NULL, idx INTEGER NOT NULL, state TEXT NOT NULL,
  PRIMARY KEY(code, game, idx)) WITHOUT ROWID;
CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO schema_migrations VALUES(1, 'rooms, seats, chat, command log and snapshots', 1795990000000);
INSERT INTO schema_migrations VALUES(2, 'sequence-number epochs of rooms; meta (server starts)', 1795990000000);
INSERT INTO meta VALUES('serve_starts', 4);
INSERT INTO rooms VALUES('K7QX3', '{"players":3}', 'hash', 'playing', 1, '{"seed":"7"}', 1795990000000, 1795990000000, NULL, 4);
INSERT INTO seats VALUES('K7QX3', 0, 'Ana', 'tokenhash', 1, '');
INSERT INTO commands VALUES('K7QX3', 1, 1, 0, '{"type":"a"}');
INSERT INTO commands VALUES('K7QX3', 1, 2, 0, '{"type":"b"}');
INSERT INTO snapshots VALUES('K7QX3', 1, 1, '{"state":1}');
)sql");
}

}  // namespace

TEST_CASE("a data file of schema version 2 migrates with every room awake, its log and snapshot intact", "[store][sleep]") {
    TempDir dir;
    const auto path = dir.file("catan.db").string();
    write_version_2_file(path);
    Store store(path);
    CHECK(store.schema_version() == Store::kSchemaVersion);
    CHECK(query(path, "SELECT version FROM schema_migrations WHERE version = 3") == "3\n");
    const std::vector<StoredRoom> rooms = store.load_rooms();
    REQUIRE(rooms.size() == 1);
    CHECK_FALSE(rooms[0].room.sleeps);
    CHECK_FALSE(rooms[0].room.wake_ms);
    CHECK(rooms[0].room.timer.empty());
    CHECK(rooms[0].room.epoch == 4);
    REQUIRE(rooms[0].snapshot);
    CHECK(rooms[0].snapshot->index == 1);
    CHECK(rooms[0].commands.size() == 2);
    CHECK(store.sleeping_rooms().empty());
}

TEST_CASE("a sleeping room is left out of the start, listed with its deadline, and woken one epoch on", "[store][sleep][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    const std::string& path = data.location();
    {
        Store store(path);
        store.create_room(room_record("AWAKE", false), nullptr);
        store.create_room(room_record("SLEEP", true), nullptr);
        store.create_room(room_record("NOWAK", true), nullptr);
        store.append_command("SLEEP", 1, {1, 0, R"({"type":"roll"})"}, "playing", Snapshot{1, R"({"s":1})"}, nullptr);
        store.append_command("SLEEP", 1, {2, 0, R"({"type":"end_turn"})"}, "playing", std::nullopt, nullptr);
        store.save_timer("SLEEP", R"({"deadline_ms":1800000000000})", 1800000000000, nullptr);
        store.flush();
    }
    Store store(path);
    store.begin_serving();
    const std::vector<StoredRoom> awake = store.load_rooms();
    REQUIRE(awake.size() == 1);
    CHECK(awake[0].room.code == "AWAKE");

    const std::vector<SleepingRoom> asleep = store.sleeping_rooms();
    REQUIRE(asleep.size() == 2);
    CHECK(asleep[0].code == "NOWAK");
    CHECK_FALSE(asleep[0].wake_ms);
    CHECK(asleep[1].code == "SLEEP");
    CHECK(asleep[1].wake_ms == 1800000000000);

    const auto woken = store.wake_room("SLEEP");
    REQUIRE(woken);
    CHECK(woken->room.sleeps);
    CHECK(woken->room.timer == R"({"deadline_ms":1800000000000})");
    CHECK(woken->room.epoch == 2);  // begin_serving moved it to 1, waking to 2
    REQUIRE(woken->snapshot);
    CHECK(woken->snapshot->index == 1);
    CHECK(woken->commands.size() == 2);
    CHECK(store.wake_room("SLEEP")->room.epoch == 3);  // each wake hands out seqs above the last
    CHECK_FALSE(store.wake_room("NONE!"));

    // save_room (the lobby, seats) never moves the clock; save_timer clears the deadline.
    store.save_room(room_record("SLEEP", true), nullptr);
    store.flush();
    CHECK(store.sleeping_rooms()[1].wake_ms == 1800000000000);
    store.save_timer("SLEEP", "", std::nullopt, nullptr);
    store.flush();
    CHECK_FALSE(store.sleeping_rooms()[1].wake_ms);

    // A room set aside as corrupt neither sleeps nor wakes.
    store.set_aside("NOWAK", "a test");
    CHECK(store.sleeping_rooms().size() == 1);
    CHECK_FALSE(store.wake_room("NOWAK"));
}
