// What only PostgreSQL has: its schema made through a migrations table of its own, a database from a
// newer server or of another program refused and left alone, and a server that cannot be reached
// reported with what to check (and never with the URL's password).
#include <catch2/catch.hpp>

#include "catan/store/store.hpp"
#include "pg_server.hpp"

using namespace catan::store;
using namespace catan::store::test;

namespace {

std::string refusal(const std::string& url) {
    try {
        Store store(url);
    } catch (const StoreError& e) {
        return e.what();
    }
    FAIL("the store opened " << url);
    return {};
}

}  // namespace

TEST_CASE("postgresql: a new database gets the schema through versioned migrations, applied once", "[store][postgres]") {
    PgServer* server = PgServer::get();
    if (!server) {
        WARN(PgServer::skip_reason());
        return;
    }
    CHECK(is_database_url("postgresql://u@h/db"));
    CHECK(is_database_url("postgres://u@h/db"));
    CHECK_FALSE(is_database_url("catan.db"));
    const std::string url = server->new_database();
    {
        Store store(url);
        CHECK(store.schema_version() == Store::kSchemaVersion);
    }
    CHECK(PgServer::query(url, "SELECT version FROM schema_migrations ORDER BY version") == "1\n2\n3\n4\n");
    CHECK(PgServer::query(url, "SELECT count(*) FROM pg_tables WHERE tablename IN ('rooms','seats','chat','commands','snapshots','meta')") ==
          "6\n");
    {
        Store again(url);
        CHECK(again.schema_version() == Store::kSchemaVersion);
    }
    CHECK(PgServer::query(url, "SELECT count(*) FROM schema_migrations") == "4\n");
}

TEST_CASE("postgresql: a database from a newer server, or another program's, is refused and left as it is", "[store][postgres]") {
    PgServer* server = PgServer::get();
    if (!server) {
        WARN(PgServer::skip_reason());
        return;
    }
    const std::string newer = server->new_database();
    { Store store(newer); }
    PgServer::query(newer, "INSERT INTO schema_migrations VALUES(" + std::to_string(Store::kSchemaVersion + 1) + ", 'from the future', 0)");
    std::string why = refusal(newer);
    CHECK_THAT(why, Catch::Contains("newer catan-server"));
    CHECK(PgServer::query(newer, "SELECT count(*) FROM schema_migrations") == std::to_string(Store::kSchemaVersion + 1) + "\n");

    const std::string other = server->new_database();
    PgServer::query(other, "CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES('keep me')");
    why = refusal(other);
    CHECK_THAT(why, Catch::Contains("not a catan-server database"));
    CHECK(PgServer::query(other, "SELECT text FROM notes") == "keep me\n");
    CHECK(PgServer::query(other, "SELECT count(*) FROM pg_tables WHERE tablename = 'schema_migrations'") == "0\n");
}

TEST_CASE("postgresql: a server that does not answer is reported with what to check, without the password", "[store][postgres]") {
    PgServer* server = PgServer::get();
    if (!server) {
        WARN(PgServer::skip_reason());
        return;
    }
    // The test's own server, on a database that does not exist, and a port where nobody listens.
    std::string why = refusal("postgresql://catan:s3cret@127.0.0.1:" + std::to_string(server->port()) + "/no_such_db");
    CHECK_THAT(why, Catch::Contains("no_such_db"));
    CHECK_THAT(why, Catch::Contains("createdb"));
    CHECK_THAT(why, !Catch::Contains("s3cret"));
    why = refusal("postgresql://catan:s3cret@127.0.0.1:1/catan?connect_timeout=2");
    CHECK_THAT(why, Catch::Contains("cannot connect to PostgreSQL at postgresql://catan:***@127.0.0.1:1/catan"));
    CHECK_THAT(why, Catch::Contains("running"));
    CHECK_THAT(why, Catch::Contains("PGPASSWORD"));
    CHECK_THAT(why, !Catch::Contains("s3cret"));
}

TEST_CASE("postgresql: a connection the server closes is made again, and no write is lost", "[store][postgres]") {
    PgServer* server = PgServer::get();
    if (!server) {
        WARN(PgServer::skip_reason());
        return;
    }
    const std::string url = server->new_database();
    Store store(url);
    RoomRecord room;
    room.code = std::string("K7QX3");
    room.options = std::string("{}");
    room.host_key_hash = std::string("h");
    room.phase = std::string("lobby");
    store.create_room(room, nullptr);
    store.flush();
    // What a restart of PostgreSQL or a failover does to the store's idle connection.
    const std::string database = url.substr(url.rfind('/') + 1);
    CHECK(PgServer::query(url, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'catan-server'"
                               " AND datname = '" + database + "'") == "1\n");
    int durable = 0;
    for (int i = 1; i <= 3; ++i)
        store.append_command("K7QX3", 0, {i, 0, "{}"}, "playing", std::nullopt, [&](bool ok) { durable += ok ? 1 : 0; });
    store.flush();
    CHECK(durable == 3);
    CHECK_FALSE(store.health().failing);
    REQUIRE(store.load_rooms().size() == 1);
    CHECK(store.load_rooms()[0].commands.size() == 3);
}
