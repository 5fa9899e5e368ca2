// The data file itself: a new file gets the schema through the migrations table and WAL; a file the
// store cannot use (not SQLite, damaged, another program's database, a newer schema, a directory)
// is refused with a message naming it and saying what to do, and is left exactly as it was.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include "catan/store/store.hpp"
#include "sql_query.hpp"
#include "backends.hpp"
#include "temp_dir.hpp"
#include "unwritable.hpp"

using namespace catan::store;
using namespace catan::store::test;

namespace {

std::string refusal(const std::string& path) {
    try {
        Store store(path);
    } catch (const StoreError& e) {
        return e.what();
    }
    FAIL("the store opened " << path);
    return {};
}

}  // namespace

TEST_CASE("a new file is created with the schema through versioned migrations, in WAL mode", "[store]") {
    TempDir dir;
    const auto path = dir.file("catan.db").string();
    {
        Store store(path);
        CHECK(store.schema_version() == Store::kSchemaVersion);
    }
    CHECK(query(path, "PRAGMA journal_mode") == "wal\n");
    CHECK(query(path, "SELECT version FROM schema_migrations ORDER BY version") == "1\n2\n3\n4\n");
    CHECK(query(path, "SELECT count(*) FROM sqlite_schema WHERE name IN ('rooms','seats','chat','commands','snapshots')") == "5\n");
    {
        Store again(path);  // reopening applies nothing twice
        CHECK(again.schema_version() == Store::kSchemaVersion);
    }
    CHECK(query(path, "SELECT count(*) FROM schema_migrations") == "4\n");
}

TEST_CASE("a file that is not SQLite is refused, named, and left untouched", "[store]") {
    TempDir dir;
    const auto path = dir.file("catan.db");
    std::string garbage(8192, '\0');
    for (std::size_t i = 0; i < garbage.size(); ++i) garbage[i] = static_cast<char>((i * 7919) % 251);
    write_bytes(path, garbage);
    const std::string why = refusal(path.string());
    CHECK_THAT(why, Catch::Contains(path.string()));
    CHECK_THAT(why, Catch::Contains("not a readable catan-server data file"));
    CHECK_THAT(why, Catch::Contains("Nothing in it was changed"));
    CHECK(read_bytes(path) == garbage);
    CHECK(!std::filesystem::exists(path.string() + "-wal"));
}

TEST_CASE("a damaged data file is refused at start, never repaired or replaced", "[store]") {
    TempDir dir;
    const auto path = dir.file("catan.db");
    {
        Store store(path.string());
        for (int r = 0; r < 40; ++r) {
            RoomRecord room;
            room.code = std::to_string(10000 + r);
            room.options = std::string(300, 'o');
            room.host_key_hash = std::string(64, 'h');
            room.phase = "lobby";
            store.create_room(room, nullptr);
            for (int i = 1; i <= 30; ++i) store.append_command(room.code, 1, {i, 0, std::string(200, 'c')}, "playing", std::nullopt, nullptr);
        }
    }
    query(path.string(), "PRAGMA wal_checkpoint(TRUNCATE)");  // everything into the main file
    std::string bytes = read_bytes(path);
    REQUIRE(bytes.size() > 8 * 4096);
    for (std::size_t page = 3; page < 8; ++page)  // the b-tree headers of pages in the middle
        for (std::size_t i = page * 4096; i < page * 4096 + 64; ++i) bytes[i] = static_cast<char>(0xA5);
    write_bytes(path, bytes);
    const std::string why = refusal(path.string());
    CHECK_THAT(why, Catch::Contains(path.string()));
    CHECK_THAT(why, Catch::Contains("Nothing in it was changed"));
    CHECK(read_bytes(path) == bytes);
}

TEST_CASE("another program's SQLite database is not taken over", "[store]") {
    TempDir dir;
    const auto path = dir.file("other.db").string();
    query(path, "CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES('keep me');");
    const std::string why = refusal(path);
    CHECK_THAT(why, Catch::Contains("not a catan-server data file"));
    CHECK(query(path, "SELECT text FROM notes") == "keep me\n");
    CHECK(query(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'schema_migrations'") == "0\n");
}

TEST_CASE("a file from a newer server (a schema version above ours) is refused and left as it is", "[store]") {
    TempDir dir;
    const auto path = dir.file("catan.db").string();
    { Store store(path); }
    query(path, "INSERT INTO schema_migrations(version, description, applied_ms) VALUES(" +
                    std::to_string(Store::kSchemaVersion + 1) + ", 'from the future', 0)");
    const std::string why = refusal(path);
    CHECK_THAT(why, Catch::Contains("newer catan-server"));
    CHECK_THAT(why, Catch::Contains("schema version " + std::to_string(Store::kSchemaVersion + 1)));
    CHECK(query(path, "SELECT count(*) FROM schema_migrations") == std::to_string(Store::kSchemaVersion + 1) + "\n");
}

TEST_CASE("a path that cannot hold the file (a directory, a missing directory) is refused clearly", "[store]") {
    TempDir dir;
    std::filesystem::create_directory(dir.file("a-directory"));
    CHECK_THAT(refusal(dir.file("a-directory").string()), Catch::Contains("a-directory"));
    const std::string missing = dir.file("no/such/dir/catan.db").string();
    const std::string why = refusal(missing);
    CHECK_THAT(why, Catch::Contains(missing));
    CHECK_THAT(why, Catch::Contains("directory exists"));
}

namespace {

// A data file exactly as the previous server (schema version 1) wrote it, with one room in its lobby.
void write_version_1_file(const std::string& path) {
    query(path, R"sql(
PRAGMA application_id = 1129595214;
PRAGMA journal_mode = WAL;
CREATE TABLE schema_migrations(version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_ms INTEGER NOT NULL);
CREATE TABLE rooms(code TEXT PRIMARY KEY, options TEXT NOT NULL, host_key_hash TEXT NOT NULL, phase TEXT NOT NULL,
  game INTEGER NOT NULL, game_options TEXT NOT NULL, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, problem TEXT) WITHOUT ROWID;
CREATE TABLE seats(code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL, host INTEGER NOT NULL,
  bot TEXT NOT NULL, PRIMARY KEY(code, seat)) WITHOUT ROWID;
CREATE TABLE chat(id INTEGER PRIMARY KEY, code TEXT NOT NULL, entry TEXT NOT NULL);
CREATE INDEX chat_by_room ON chat(code, id);
CREATE TABLE commands(code TEXT NOT NULL, game INTEGER NOT NULL, idx INTEGER NOT NULL, seat INTEGER NOT NULL, command TEXT NOT NULL,
  PRIMARY KEY(code, game, idx)) WITHOUT ROWID;
CREATE TABLE snapshots(code TEXT NOT NULL, game INTEGER NOT NULL, idx INTEGER NOT NULL, state TEXT NOT NULL,
  PRIMARY KEY(code, game, idx)) WITHOUT ROWID;
INSERT INTO schema_migrations VALUES(1, 'rooms, seats, chat, command log and snapshots', 1795990000000);
INSERT INTO rooms VALUES('K7QX3', '{"players":4,"vp_target":10}', 'hash', 'lobby', 0, '', 1795990000000, 1795990000000, NULL);
INSERT INTO seats VALUES('K7QX3', 0, 'Ana', 'tokenhash', 1, '');
)sql");
}

std::int64_t epoch_of(Store& store, const std::string& code) {
    for (const StoredRoom& r : store.load_rooms())
        if (r.room.code == code) return r.room.epoch;
    FAIL("no room " << code);
    return -1;
}

}  // namespace

TEST_CASE("a data file of schema version 1 migrates: its rooms start at epoch 0 and each server start moves every room on",
          "[store][epoch]") {
    TempDir dir;
    const auto path = dir.file("catan.db").string();
    write_version_1_file(path);
    Store store(path);
    CHECK(store.schema_version() == Store::kSchemaVersion);
    CHECK(query(path, "SELECT version FROM schema_migrations ORDER BY version") == "1\n2\n3\n4\n");
    const std::vector<StoredRoom> rooms = store.load_rooms();
    REQUIRE(rooms.size() == 1);  // nothing of the old file is lost
    CHECK(rooms[0].room.seats.size() == 1);
    CHECK(rooms[0].room.epoch == 0);

    store.begin_serving();
    CHECK(epoch_of(store, "K7QX3") == 1);
    RoomRecord saved = rooms[0].room;  // a server saving the room (record() carries no epoch) never moves it back
    saved.epoch = 0;
    store.save_room(saved, nullptr);
    RoomRecord fresh;  // a room created while serving starts in epoch 0
    fresh.code = "M4TZ8";
    fresh.options = "{}";
    fresh.host_key_hash = "h";
    fresh.phase = "lobby";
    store.create_room(fresh, nullptr);
    store.flush();
    CHECK(epoch_of(store, "K7QX3") == 1);
    CHECK(epoch_of(store, "M4TZ8") == 0);
    store.begin_serving();
    CHECK(epoch_of(store, "K7QX3") == 2);
    CHECK(epoch_of(store, "M4TZ8") == 1);
    CHECK(query(path, "SELECT value FROM meta WHERE key = 'serve_starts'") == "2\n");
}

TEST_CASE("a data file this process cannot write is refused when serving begins, naming the file and what to do", "[store]") {
    TempDir dir;
    const auto path = dir.file("catan.db");
    {
        Store store(path.string());
        RoomRecord room;
        room.code = "K7QX3";
        room.options = "{}";
        room.host_key_hash = "h";
        room.phase = "lobby";
        store.create_room(room, nullptr);
    }
    const std::string before = read_bytes(path);
    const Unwritable unwritable(path);
    const auto serve = [&path]() -> std::string {
        try {
            Store store(path.string());
            store.begin_serving();
        } catch (const StoreError& e) {
            return e.what();
        }
        return "the store began serving";
    };
    std::string why;
    if (!unwritable.as_nobody()) {
        why = serve();
    } else if (const auto answer = in_child_as_nobody(serve)) {  // root, without chattr +i
        why = *answer;
    } else {
        WARN("skipped: running as root, " << path.string() << " cannot be made immutable (chattr +i) here, and a child"
                                            " process could not drop to user nobody: no file this test cannot write");
        return;
    }
    INFO(why);
    CHECK_THAT(why, Catch::Contains(path.string() + " cannot be written"));
    CHECK_THAT(why, Catch::Contains("chattr -i"));
    CHECK_THAT(why, Catch::Contains("--data"));
    CHECK(read_bytes(path) == before);
}

TEST_CASE("a write the database refuses makes the store report failing, with the problem, until a write succeeds",
          "[store][postgres]") {
    const TestData data(GENERATE(as<std::string>{}, "sqlite", "postgresql"));
    if (data.skipped()) return;
    INFO("backend: " << data.backend());
    const std::string& path = data.location();
    Store store(path);
    store.begin_serving();
    CHECK(!store.health().failing);
    RoomRecord room;
    room.code = "K7QX3";
    room.options = "{}";
    room.host_key_hash = "h";
    room.phase = "lobby";
    store.create_room(room, nullptr);
    store.flush();
    CHECK(!store.health().failing);

    // What a full disk does to a commit, here from a trigger of the test's own.
    if (data.postgres())
        data.query("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk trouble'; END $$;"
                   " CREATE TRIGGER refuse BEFORE INSERT ON chat FOR EACH ROW EXECUTE FUNCTION refuse()");
    else
        data.query("CREATE TRIGGER refuse BEFORE INSERT ON chat BEGIN SELECT RAISE(FAIL, 'disk trouble'); END");
    bool durable = true;
    store.append_chat("K7QX3", "{}", 100, [&](bool ok) { durable = ok; });
    store.flush();
    CHECK(!durable);
    CHECK(store.holds("K7QX3"));  // failed, not fenced: the room is still this store's
    const Store::Health failing = store.health();
    CHECK(failing.failing);
    CHECK_THAT(failing.problem, Catch::Contains("disk trouble"));
    CHECK(failing.since_ms > 0);
    CHECK(store.stats().failed == 1);

    data.query(data.postgres() ? "DROP TRIGGER refuse ON chat" : "DROP TRIGGER refuse");
    store.append_chat("K7QX3", "{}", 100, [&](bool ok) { durable = ok; });
    store.flush();
    CHECK(durable);
    CHECK(!store.health().failing);
    CHECK(store.health().problem.empty());
}
