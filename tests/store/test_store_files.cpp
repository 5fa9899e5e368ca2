// The data file itself: a new file gets the schema through the migrations table and WAL; a file the
// store cannot use (not SQLite, damaged, another program's database, a newer schema, a directory)
// is refused with a message naming it and saying what to do, and is left exactly as it was.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include "catan/store/store.hpp"
#include "temp_dir.hpp"

using namespace catan::store;
using namespace catan::store::test;

namespace {

// Runs SQL on the file with a connection of the test's own (not the store's).
std::string query(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    std::string out;
    char* error = nullptr;
    const int rc = sqlite3_exec(
        db, sql.c_str(),
        [](void* text, int n, char** values, char**) {
            auto& s = *static_cast<std::string*>(text);
            for (int i = 0; i < n; ++i) s += std::string(values[i] ? values[i] : "NULL") + (i + 1 < n ? "|" : "\n");
            return 0;
        },
        &out, &error);
    const std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    INFO(message);
    REQUIRE(rc == SQLITE_OK);
    return out;
}

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
    CHECK(query(path, "SELECT version FROM schema_migrations ORDER BY version") == "1\n");
    CHECK(query(path, "SELECT count(*) FROM sqlite_schema WHERE name IN ('rooms','seats','chat','commands','snapshots')") == "5\n");
    {
        Store again(path);  // reopening applies nothing twice
        CHECK(again.schema_version() == Store::kSchemaVersion);
    }
    CHECK(query(path, "SELECT count(*) FROM schema_migrations") == "1\n");
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
    CHECK(query(path, "SELECT count(*) FROM schema_migrations") == "2\n");
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
