// Leases and fencing: two nodes (two Stores with their own names) on one database. A room is written only
// by the node that holds it: another node takes it only once the holder's lease ran out (or was
// released), and the old holder's late writes are then not made, while its writes of the rooms it
// still holds are; a new room never replaces a room of that code; a node's start leaves the rooms of
// live nodes alone. The tests that need PostgreSQL's rules (a start) run there; the others run on both.
#include <catch2/catch.hpp>

#include <algorithm>
#include <future>
#include <mutex>
#include <thread>

#include "backends.hpp"
#include "catan/store/store.hpp"

using namespace catan::store;
using namespace catan::store::test;
using namespace std::chrono_literals;

namespace {

StoreOptions node(const std::string& name, std::chrono::milliseconds lease, bool renew = true) {
    StoreOptions o;
    o.node = name;
    o.lease = lease;
    o.renew = renew;
    return o;
}

RoomRecord room(const std::string& code, const std::string& options = std::string(R"({"players":3})")) {
    RoomRecord r;
    r.code = code;
    // Strings built, not assigned from literals: GCC 12 at -O3 warns falsely (-Wrestrict) on those.
    r.options = options;
    r.host_key_hash = std::string(64, 'a');
    r.phase = std::string("lobby");
    r.created_ms = 1000;
    r.updated_ms = 2000;
    r.seats = {{0, "Ana", std::string(64, 'b'), true, ""}};
    return r;
}

LoggedCommand command(std::int64_t index) { return {index, 0, "{\"n\":" + std::to_string(index) + "}"}; }

// Sleeps until a lease that ends at `until_ms` (Unix ms) has run out.
void outlive(std::int64_t until_ms) { std::this_thread::sleep_for(std::chrono::milliseconds(std::max<std::int64_t>(0, until_ms - now_ms()) + 30)); }

std::string owner_and_epoch(const TestData& data, const std::string& code) {
    return data.query("SELECT coalesce(owner, 'NULL'), epoch FROM rooms WHERE code = '" + code + "'");
}

// What a node heard, in order: rooms lost (on_lost) and the `done` of writes.
struct Heard {
    std::mutex mutex;
    std::vector<std::string> events;
    void add(std::string event) {
        const std::lock_guard lock(mutex);
        events.push_back(std::move(event));
    }
    Done done(const std::string& what) {
        return [this, what](bool durable) { add(what + (durable ? " durable" : " not durable")); };
    }
    std::vector<std::string> take() {
        const std::lock_guard lock(mutex);
        return std::exchange(events, {});
    }
};

}  // namespace

TEST_CASE("a room another node took over is fenced: its old holder's writes are not made, and its other rooms' writes in the "
          "same round are",
          "[store][lease][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    // Short leases, yet long enough that a's runs while the test asks on a busy machine.
    constexpr auto kLease = 1000ms;
    Store a(data.location(), node("a", kLease, /*renew=*/false));  // a node that stalls: it never renews on its own
    Store b(data.location(), node("b", kLease));
    Heard heard;
    a.on_lost([&](std::string code) { heard.add("lost " + code); });
    for (const char* code : {"LOST1", "KEPT2", "GONE3"}) a.create_room(room(code), heard.done(std::string("create ") + code));
    a.flush();
    CHECK(heard.take() == std::vector<std::string>{"create LOST1 durable", "create KEPT2 durable", "create GONE3 durable"});
    CHECK(owner_and_epoch(data, "LOST1") == "a|0\n");

    // While a's lease runs, b cannot take the room, and hears who holds it until when.
    const std::int64_t asked = now_ms();
    const Take refused = b.take_room("LOST1");
    CHECK_FALSE(refused.room);
    CHECK(refused.holder == "a");
    CHECK(refused.holder_until_ms > asked);
    CHECK(refused.holder_until_ms <= asked + kLease.count());
    CHECK_FALSE(b.holds("LOST1"));
    CHECK(owner_and_epoch(data, "LOST1") == "a|0\n");  // untouched

    // Once it ran out, b takes the room with the next epoch; a does not know yet.
    outlive(refused.holder_until_ms);
    const Take taken = b.take_room("LOST1");
    REQUIRE(taken.room);
    CHECK(taken.room->room.epoch == 1);
    CHECK(taken.room->room.seats.size() == 1);
    CHECK(b.holds("LOST1"));
    CHECK(a.holds("LOST1"));
    CHECK(owner_and_epoch(data, "LOST1") == "b|1\n");

    // a's next writes of LOST1 and of KEPT2 (its lease ran out too, but nobody took that room) go in one
    // round: the writer is held in a callback while both are queued.
    const std::uint64_t commits = a.stats().commits;
    std::promise<void> entered, go;
    a.append_chat("KEPT2", "{}", 10, [&, released = go.get_future().share()](bool) {
        entered.set_value();
        released.wait();
    });
    entered.get_future().wait();
    a.append_command("LOST1", 0, command(1), "playing", Snapshot{1, "{}"}, heard.done("LOST1 command"));
    a.append_command("KEPT2", 0, command(1), "playing", std::nullopt, heard.done("KEPT2 command"));
    go.set_value();
    a.flush();
    CHECK(a.stats().commits == commits + 2);  // the chat's round, then one round for both commands
    // The server hears the room is lost before the room hears its write was not made.
    CHECK(heard.take() == std::vector<std::string>{"lost LOST1", "LOST1 command not durable", "KEPT2 command durable"});
    CHECK_FALSE(a.holds("LOST1"));
    CHECK(a.holds("KEPT2"));
    CHECK(data.query("SELECT count(*) FROM commands WHERE code = 'LOST1'") == "0\n");
    CHECK(data.query("SELECT count(*) FROM snapshots WHERE code = 'LOST1'") == "0\n");
    CHECK(data.query("SELECT phase FROM rooms WHERE code = 'LOST1'") == "lobby\n");
    CHECK(data.query("SELECT count(*) FROM commands WHERE code = 'KEPT2'") == "1\n");
    CHECK(a.stats().fenced == 1);
    CHECK(a.stats().failed == 0);
    CHECK_FALSE(a.health().failing);  // fenced is no failure of the database

    // The new holder writes on; the old one's later writes of the room are refused without a word.
    bool durable = false;
    b.append_command("LOST1", 0, command(1), "playing", std::nullopt, [&](bool ok) { durable = ok; });
    b.flush();
    CHECK(durable);
    a.save_room(room("LOST1", std::string(R"({"players":6})")), heard.done("LOST1 save"));
    a.flush();
    CHECK(heard.take() == std::vector<std::string>{"LOST1 save not durable"});
    CHECK(data.query("SELECT options FROM rooms WHERE code = 'LOST1'") == "{\"players\":3}\n");

    // A renewal finds the rooms a holds no more, says which and forgets them, and renews the others.
    const Take gone = b.take_room("GONE3");
    REQUIRE(gone.room);
    const std::int64_t renewed_at = now_ms();
    CHECK(a.renew_leases() == std::vector<std::string>{"GONE3"});
    CHECK(heard.take() == std::vector<std::string>{"lost GONE3"});
    CHECK_FALSE(a.holds("GONE3"));
    CHECK(a.holds("KEPT2"));
    CHECK(std::stoll(data.query("SELECT lease_ms FROM rooms WHERE code = 'KEPT2'")) >= renewed_at + kLease.count() - 5);
    CHECK(a.renew_leases().empty());
    const Take kept = b.take_room("KEPT2");
    CHECK_FALSE(kept.room);
    CHECK(kept.holder == "a");
}

TEST_CASE("a node's writer renews its leases while it lives, and a release, or closing the store, lets another node take the room "
          "at once",
          "[store][lease][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    Store b(data.location(), node("b", 600ms));
    {
        Store a(data.location(), node("a", 600ms));
        a.create_room(room("FREED"), nullptr);
        a.create_room(room("CLOSE"), nullptr);
        a.flush();
        std::this_thread::sleep_for(2000ms);  // more than three leases: only renewals keep them a's
        for (const char* code : {"FREED", "CLOSE"}) {
            const Take refused = b.take_room(code);
            CHECK_FALSE(refused.room);
            CHECK(refused.holder == "a");
        }
        bool released = false;
        a.release_room("FREED", [&](bool ok) { released = ok; });
        a.flush();
        CHECK(released);
        CHECK_FALSE(a.holds("FREED"));
        CHECK(owner_and_epoch(data, "FREED") == "NULL|0\n");
        const Take taken = b.take_room("FREED");  // a's last renewal would still run: the release freed it
        REQUIRE(taken.room);
        CHECK(taken.room->room.epoch == 1);
        // A release of a room held no more changes nothing.
        released = true;
        a.release_room("FREED", [&](bool ok) { released = ok; });
        a.flush();
        CHECK_FALSE(released);
        CHECK(owner_and_epoch(data, "FREED") == "b|1\n");
    }
    CHECK(owner_and_epoch(data, "CLOSE") == "NULL|0\n");  // a stopped cleanly: its rooms are free
    const Take taken = b.take_room("CLOSE");
    REQUIRE(taken.room);
    CHECK(taken.room->room.epoch == 1);
}

TEST_CASE("a node that cannot renew its leases reports the store failing until a renewal goes through", "[store][lease][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    Store a(data.location(), node("a", 600ms, /*renew=*/false));
    a.create_room(room("IDLE1"), nullptr);
    a.flush();
    REQUIRE_FALSE(a.health().failing);
    // The database refuses the renewal (as one out of reach would); nothing else is written meanwhile.
    if (data.postgres())
        data.query("CREATE FUNCTION refuse_renewal() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'renewal refused by the test'; END $$"
                   " LANGUAGE plpgsql; CREATE TRIGGER refuse_renewal BEFORE UPDATE OF lease_ms ON rooms FOR EACH ROW EXECUTE FUNCTION"
                   " refuse_renewal()");
    else
        data.query("CREATE TRIGGER refuse_renewal BEFORE UPDATE OF lease_ms ON rooms BEGIN SELECT RAISE(ABORT, 'renewal refused by the"
                   " test'); END");
    CHECK_THROWS(a.renew_leases());
    CHECK(a.health().failing);
    CHECK_THAT(a.health().problem, Catch::Contains("renewal refused by the test"));
    CHECK(a.holds("IDLE1"));  // not lost: the room is still this node's until its lease runs out
    data.query("DROP TRIGGER refuse_renewal" + std::string(data.postgres() ? " ON rooms" : ""));
    CHECK(a.renew_leases().empty());
    CHECK_FALSE(a.health().failing);

    // A commit that failed is not made good by a renewal that goes through: only a commit ends it.
    if (data.postgres())
        data.query("CREATE FUNCTION refuse_room() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'room refused by the test'; END $$"
                   " LANGUAGE plpgsql; CREATE TRIGGER refuse_room BEFORE INSERT ON rooms FOR EACH ROW EXECUTE FUNCTION refuse_room()");
    else
        data.query("CREATE TRIGGER refuse_room BEFORE INSERT ON rooms BEGIN SELECT RAISE(ABORT, 'room refused by the test'); END");
    a.create_room(room("IDLE2"), nullptr);
    a.flush();
    REQUIRE(a.health().failing);
    CHECK(a.renew_leases().empty());
    CHECK(a.health().failing);
    CHECK_THAT(a.health().problem, Catch::Contains("room refused by the test"));
    data.query("DROP TRIGGER refuse_room" + std::string(data.postgres() ? " ON rooms" : ""));
    a.create_room(room("IDLE3"), nullptr);
    a.flush();
    CHECK_FALSE(a.health().failing);
}

TEST_CASE("a new room never replaces another node's room of that code", "[store][lease][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    Store a(data.location(), node("a", 10s));
    Store b(data.location(), node("b", 10s));
    a.create_room(room("K7QX3"), nullptr);
    a.append_chat("K7QX3", "{\"text\":\"hi\"}", 10, nullptr);
    a.flush();
    const std::string before = data.query("SELECT options, host_key_hash, phase, owner, epoch FROM rooms WHERE code = 'K7QX3'");

    RoomRecord other = room("K7QX3", std::string(R"({"players":6})"));
    other.seats = {{0, "Bo", std::string(64, 'c'), true, ""}, {1, "Cy", std::string(64, 'd'), false, ""}};
    bool durable = true;
    b.create_room(other, [&](bool ok) { durable = ok; });
    b.flush();
    CHECK_FALSE(durable);
    CHECK_FALSE(b.holds("K7QX3"));
    CHECK(b.stats().fenced == 1);
    CHECK_FALSE(b.health().failing);
    CHECK(data.query("SELECT options, host_key_hash, phase, owner, epoch FROM rooms WHERE code = 'K7QX3'") == before);
    CHECK(data.query("SELECT name FROM seats WHERE code = 'K7QX3'") == "Ana\n");
    CHECK(data.query("SELECT count(*) FROM chat WHERE code = 'K7QX3'") == "1\n");

    // Nor when both nodes create the same code at the same moment: exactly one room is made.
    for (int i = 0; i < 20; ++i) {
        const std::string code = "RACE" + std::to_string(i);
        int made_a = 0, made_b = 0;
        std::thread other_node([&] { b.create_room(room(code, std::string(R"({"by":"b"})")), [&](bool ok) { made_b = ok; }); });
        a.create_room(room(code, std::string(R"({"by":"a"})")), [&](bool ok) { made_a = ok; });
        other_node.join();
        a.flush();
        b.flush();
        INFO(code);
        REQUIRE(made_a + made_b == 1);
        CHECK(a.holds(code) == (made_a == 1));
        CHECK(b.holds(code) == (made_b == 1));
        CHECK(data.query("SELECT options, owner FROM rooms WHERE code = '" + code + "'") ==
              (made_a ? "{\"by\":\"a\"}|a\n" : "{\"by\":\"b\"}|b\n"));
    }
    CHECK_FALSE(a.health().failing);
    CHECK_FALSE(b.health().failing);
}

TEST_CASE("taking a room: none without a room or for one set aside, again for the node's own, and a sleeping room wakes as "
          "it was",
          "[store][lease][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    Store a(data.location(), node("a", 10s));
    Store b(data.location(), node("b", 10s));
    const Take none = a.take_room("NONE1");
    CHECK_FALSE(none.room);
    CHECK(none.holder.empty());

    RoomRecord turn_based = room("SLEEP");
    turn_based.sleeps = true;
    a.create_room(turn_based, nullptr);
    a.append_command("SLEEP", 0, command(1), "playing", std::nullopt, nullptr);
    a.release_room("SLEEP");  // it fell asleep
    a.create_room(room("ASIDE"), nullptr);
    a.flush();
    a.set_aside("ASIDE", "a test");
    CHECK_FALSE(a.holds("ASIDE"));
    CHECK_FALSE(a.take_room("ASIDE").room);
    CHECK(a.take_room("ASIDE").holder.empty());

    const auto woken = b.wake_room("SLEEP");  // free: any node may wake it
    REQUIRE(woken);
    CHECK(woken->room.sleeps);  // still a turn-based room
    CHECK(woken->room.epoch == 1);
    CHECK(woken->commands.size() == 1);
    CHECK_FALSE(a.wake_room("SLEEP"));  // b's now
    const Take again = b.take_room("SLEEP");  // its own: taken again, one epoch on
    REQUIRE(again.room);
    CHECK(again.room->room.epoch == 2);
    CHECK(owner_and_epoch(data, "SLEEP") == "b|2\n");
    bool durable = false;
    b.append_command("SLEEP", 0, command(2), "playing", std::nullopt, [&](bool ok) { durable = ok; });
    b.flush();
    CHECK(durable);
}

TEST_CASE("postgresql: a node's start takes the free rooms and those whose lease ran out, and leaves a live node's alone",
          "[store][lease][postgres]") {
    PgServer* server = PgServer::get();
    if (!server) {
        WARN(PgServer::skip_reason());
        return;
    }
    const std::string url = server->new_database();
    const auto query = [&](const std::string& sql) { return PgServer::query(url, sql); };
    Store a(url, node("a", 10s));
    a.create_room(room("HELD1"), nullptr);
    a.create_room(room("FREE2"), nullptr);
    a.release_room("FREE2");
    RoomRecord turn_based = room("SLEEP");
    turn_based.sleeps = true;
    a.create_room(turn_based, nullptr);
    a.release_room("SLEEP");
    a.flush();
    // A room of a node that died: its lease ran out long ago.
    query("INSERT INTO rooms(code, options, host_key_hash, phase, game, game_options, created_ms, updated_ms, epoch, owner, lease_ms)"
          " VALUES('DEAD3', '{}', 'h', 'lobby', 0, '', 1, 1, 5, 'c', 1)");

    Store b(url, node("b", 10s));
    b.begin_serving();
    std::vector<std::string> loaded;
    for (const StoredRoom& r : b.load_rooms()) loaded.push_back(r.room.code);
    CHECK(loaded == std::vector<std::string>{"DEAD3", "FREE2"});
    CHECK(query("SELECT code, coalesce(owner, 'NULL'), epoch FROM rooms ORDER BY code") ==
          "DEAD3|b|6\nFREE2|b|1\nHELD1|a|0\nSLEEP|NULL|1\n");
    CHECK(b.holds("DEAD3"));
    CHECK_FALSE(b.holds("HELD1"));
    CHECK_FALSE(b.holds("SLEEP"));  // asleep: free for whoever wakes it
    CHECK(query("SELECT value FROM meta WHERE key = 'serve_starts'") == "1\n");

    // a serves its room on, untouched.
    bool durable = false;
    a.append_command("HELD1", 0, command(1), "playing", std::nullopt, [&](bool ok) { durable = ok; });
    a.flush();
    CHECK(durable);
    CHECK(a.renew_leases().empty());
}

TEST_CASE("an SQLite file is served by one server: its start takes every room, whoever held it", "[store][lease]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    Store a(path, node("a", 10s));
    a.create_room(room("HELD1"), nullptr);
    a.flush();
    Store b(path, node("b", 10s));
    b.begin_serving();
    REQUIRE(b.load_rooms().size() == 1);
    CHECK(query(path, "SELECT owner, epoch FROM rooms") == "b|1\n");
    bool durable = true;
    a.append_command("HELD1", 0, command(1), "playing", std::nullopt, [&](bool ok) { durable = ok; });
    a.flush();
    CHECK_FALSE(durable);
    CHECK(query(path, "SELECT count(*) FROM commands") == "0\n");
}

namespace {

// Each room the previous version (schema 3) kept: one in play with its log and a snapshot, one asleep.
constexpr const char* kVersion3Rooms = R"sql(
INSERT INTO schema_migrations VALUES(1, 'rooms, seats, chat, command log and snapshots', 1795990000000);
INSERT INTO schema_migrations VALUES(2, 'sequence-number epochs of rooms; meta (server starts)', 1795990000000);
INSERT INTO schema_migrations VALUES(3, 'turn-based rooms: sleeping, their next deadline and their turn clock', 1795990000000);
INSERT INTO meta VALUES('serve_starts', 4);
INSERT INTO rooms VALUES('K7QX3', '{"players":3}', 'hash', 'playing', 1, '{"seed":"7"}', 1795990000000, 1795990000000, NULL, 4, 0, NULL, '');
INSERT INTO rooms VALUES('SLEEP', '{"pace":"turn_based"}', 'hash', 'playing', 1, '{}', 1795990000000, 1795990000000, NULL, 2, 1,
  1800000000000, '{"deadline_ms":1800000000000}');
INSERT INTO seats VALUES('K7QX3', 0, 'Ana', 'tokenhash', 1, '');
INSERT INTO commands VALUES('K7QX3', 1, 1, 0, '{"type":"a"}');
INSERT INTO commands VALUES('K7QX3', 1, 2, 0, '{"type":"b"}');
INSERT INTO snapshots VALUES('K7QX3', 1, 1, '{"state":1}');
INSERT INTO chat(code, entry) VALUES('K7QX3', '{"text":"hi"}');
)sql";

// The file exactly as a server of schema version 3 left it.
void write_version_3_file(const std::string& path) {
    query(path, std::string(R"sql(
PRAGMA application_id = 1129595214;
PRAGMA journal_mode = WAL;
CREATE TABLE schema_migrations(version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_ms INTEGER NOT NULL);
CREATE TABLE rooms(code TEXT PRIMARY KEY, options TEXT NOT NULL, host_key_hash TEXT NOT NULL, phase TEXT NOT NULL,
  game INTEGER NOT NULL, game_options TEXT NOT NULL, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, problem TEXT,
  epoch INTEGER NOT NULL DEFAULT 0, sleeps INTEGER NOT NULL DEFAULT 0, wake_ms INTEGER, timer TEXT NOT NULL DEFAULT '') WITHOUT ROWID;
CREATE TABLE seats(code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL, host INTEGER NOT NULL,
  bot TEXT NOT NULL, PRIMARY KEY(code, seat)) WITHOUT ROWID;
CREATE TABLE chat(id INTEGER PRIMARY KEY, code TEXT NOT NULL, entry TEXT NOT NULL);
CREATE INDEX chat_by_room ON chat(code, id);
CREATE TABLE commands(code TEXT NOT NULL, game INTEGER NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, command TEXT NOT NULL,
  PRIMARY KEY(code, game, idx)) WITHOUT ROWID;
CREATE TABLE snapshots(code TEXT NOT NULL, game INTEGER NOT NULL, idx INTEGER NOT NULL, state TEXT NOT NULL,
  PRIMARY KEY(code, game, idx)) WITHOUT ROWID;
CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX rooms_asleep ON rooms(sleeps, wake_ms);
)sql") + kVersion3Rooms);
}

// The database exactly as a server of schema version 3 left it.
void write_version_3_database(const std::string& url) {
    PgServer::query(url, std::string(R"sql(
CREATE TABLE schema_migrations(version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_ms BIGINT NOT NULL);
CREATE TABLE rooms(code TEXT PRIMARY KEY, options TEXT NOT NULL, host_key_hash TEXT NOT NULL, phase TEXT NOT NULL,
  game BIGINT NOT NULL, game_options TEXT NOT NULL, created_ms BIGINT NOT NULL, updated_ms BIGINT NOT NULL, problem TEXT,
  epoch BIGINT NOT NULL DEFAULT 0, sleeps INTEGER NOT NULL DEFAULT 0, wake_ms BIGINT, timer TEXT NOT NULL DEFAULT '');
CREATE TABLE seats(code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL, host INTEGER NOT NULL,
  bot TEXT NOT NULL, PRIMARY KEY(code, seat));
CREATE TABLE chat(id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, code TEXT NOT NULL, entry TEXT NOT NULL);
CREATE INDEX chat_by_room ON chat(code, id);
CREATE TABLE commands(code TEXT NOT NULL, game BIGINT NOT NULL, idx BIGINT NOT NULL, seat INTEGER NOT NULL, command TEXT NOT NULL,
  PRIMARY KEY(code, game, idx));
CREATE TABLE snapshots(code TEXT NOT NULL, game BIGINT NOT NULL, idx BIGINT NOT NULL, state TEXT NOT NULL, PRIMARY KEY(code, game, idx));
CREATE TABLE meta(key TEXT PRIMARY KEY, value BIGINT NOT NULL);
CREATE INDEX rooms_asleep ON rooms(sleeps, wake_ms);
)sql") + kVersion3Rooms);
}

}  // namespace

TEST_CASE("a file or database of schema version 3 migrates with every room kept and free, and a start takes them",
          "[store][lease][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    if (data.postgres())
        write_version_3_database(data.location());
    else
        write_version_3_file(data.location());
    Store store(data.location(), node("a", 10s));
    CHECK(store.schema_version() == Store::kSchemaVersion);
    CHECK(data.query("SELECT version FROM schema_migrations WHERE version = 4") == "4\n");
    CHECK(data.query("SELECT code, coalesce(owner, 'NULL'), coalesce(lease_ms, 0), epoch FROM rooms ORDER BY code") ==
          "K7QX3|NULL|0|4\nSLEEP|NULL|0|2\n");
    const std::vector<StoredRoom> before = store.load_rooms();  // a look, before serving: every awake room
    REQUIRE(before.size() == 1);

    store.begin_serving();
    const std::vector<StoredRoom> rooms = store.load_rooms();
    REQUIRE(rooms.size() == 1);
    const StoredRoom& r = rooms[0];
    CHECK(r.room.code == "K7QX3");
    CHECK(r.room.epoch == 5);
    CHECK(r.room.game_options == "{\"seed\":\"7\"}");
    REQUIRE(r.room.seats.size() == 1);
    CHECK(r.room.seats[0].name == "Ana");
    CHECK(r.commands.size() == 2);
    REQUIRE(r.snapshot);
    CHECK(r.snapshot->index == 1);
    CHECK(r.chat == std::vector<std::string>{"{\"text\":\"hi\"}"});
    CHECK(owner_and_epoch(data, "K7QX3") == "a|5\n");
    const std::vector<SleepingRoom> asleep = store.sleeping_rooms();
    REQUIRE(asleep.size() == 1);
    CHECK(asleep[0].wake_ms == 1800000000000);
    const auto woken = store.wake_room("SLEEP");
    REQUIRE(woken);
    CHECK(woken->room.timer == "{\"deadline_ms\":1800000000000}");
    CHECK(woken->room.epoch == 4);  // the start moved it to 3, waking to 4
    CHECK(data.query("SELECT value FROM meta WHERE key = 'serve_starts'") == "5\n");
}
