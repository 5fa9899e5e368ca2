// The data file, against the real binary: a data file the server cannot write
// stops the start (exit code 2, a message naming the file and what to do) instead of failing at the
// first command; a 0-byte data file starts with a warning; and once a write fails, /healthz answers
// 503 naming the problem and /metrics shows catan_store_failing 1, until a write succeeds again. A
// PostgreSQL URL as --data is served the same way, and is never taken for a path.
#include <catch2/catch.hpp>

#include <sqlite3.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>

#include "pg_server.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"
#include "unwritable.hpp"
#include "ws_client.hpp"

using namespace catan::nettest;
using catan::store::test::TempDir;

namespace {

// SQL on the data file through a connection of the test's own, beside the server's.
void exec(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_busy_timeout(db, 5000);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    const std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    INFO(message);
    REQUIRE(rc == SQLITE_OK);
}

HttpResponse create_room(unsigned short port) {
    return http_request(port, "POST", "/api/rooms", "{}", {{"Origin", same_origin(port)}, {"Content-Type", "application/json"}});
}

}  // namespace

TEST_CASE("Data file: a file the server cannot write stops the start with exit code 2, naming the file and what to do",
          "[data-file]") {
    const TempDir dir;
    const auto data = dir.file("catan.db");
    {
        ServerProcess server({"--data", data.string()});
        REQUIRE(create_room(server.port()).status == 201);
        REQUIRE(server.stop() == 0);
    }
    const std::string before = catan::store::test::read_bytes(data);
    const catan::store::test::Unwritable unwritable(data);
    if (unwritable.as_nobody()) {  // the server would have to run as nobody (store_tests covers that case)
        WARN("skipped: running as root, and " << data.string() << " cannot be made immutable (chattr +i) here;"
                                               " the store test of an unwritable file covers it as user nobody");
        return;
    }
    try {
        ServerProcess server({"--data", data.string()});
        FAIL("the server started on a data file it cannot write");
    } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        CHECK_THAT(what, Catch::Contains("exit code 2"));
        CHECK_THAT(what, Catch::Contains(data.string() + " cannot be written"));
        CHECK_THAT(what, Catch::Contains("chattr -i"));
    }
    CHECK(catan::store::test::read_bytes(data) == before);
}

TEST_CASE("Data file: a 0-byte file starts with no rooms and a warning that says to restore it from a backup", "[data-file]") {
    const TempDir dir;
    const auto data = dir.file("catan.db");
    catan::store::test::write_bytes(data, "");
    ServerProcess server({"--data", data.string()});
    REQUIRE(server.stop() == 0);
    const std::string log = server.log();
    CHECK_THAT(log, Catch::Contains(data.string() + " existed but was empty (0 bytes)"));
    CHECK_THAT(log, Catch::Contains("restore the file from a backup"));
}

TEST_CASE("Data file: once a write fails, /healthz answers 503 naming the problem and /metrics shows it, until writes succeed",
          "[data-file]") {
    const TempDir dir;
    const std::string data = dir.file("catan.db").string();
    ServerProcess server({"--data", data});
    const auto port = server.port();
    REQUIRE(create_room(port).status == 201);
    HttpResponse health = http_request(port, "GET", "/healthz");
    CHECK(health.status == 200);
    CHECK(health.body == "ok");

    // What a full disk does to a commit, here from a trigger of the test's own.
    exec(data, "CREATE TRIGGER refuse BEFORE INSERT ON rooms BEGIN SELECT RAISE(FAIL, 'disk trouble'); END");
    CHECK(create_room(port).status != 201);
    health = http_request(port, "GET", "/healthz");
    CHECK(health.status == 503);
    CHECK_THAT(health.body, Catch::Contains("store failing"));
    CHECK_THAT(health.body, Catch::Contains(data));
    CHECK_THAT(health.body, Catch::Contains("disk trouble"));
    CHECK_THAT(http_request(port, "GET", "/metrics").body, Catch::Contains("\ncatan_store_failing 1\n"));

    exec(data, "DROP TRIGGER refuse");
    REQUIRE(create_room(port).status == 201);
    health = http_request(port, "GET", "/healthz");
    CHECK(health.status == 200);
    CHECK(health.body == "ok");
    CHECK_THAT(http_request(port, "GET", "/metrics").body, Catch::Contains("\ncatan_store_failing 0\n"));
    REQUIRE(server.stop() == 0);
}

TEST_CASE("Data file: a PostgreSQL URL is served, its failing writes reported by /healthz, and never taken for a path",
          "[data-file][postgres]") {
    catan::store::test::PgServer* postgres = catan::store::test::PgServer::get();
    if (!postgres) {
        WARN(catan::store::test::PgServer::skip_reason());
        return;
    }
    const TempDir dir;
    const std::string url = postgres->new_database();
    const std::vector<std::string> args = {"--data", url, "--node", "node-a", "--log-level", "info"};
    {
        ServerProcess server(args);
        const auto port = server.port();
        REQUIRE(create_room(port).status == 201);
        CHECK(http_request(port, "GET", "/healthz").status == 200);

        // What a full disk does to a commit, here from a trigger of the test's own.
        catan::store::test::PgServer::query(
            url, "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk trouble'; END $$;"
                 " CREATE TRIGGER refuse BEFORE INSERT ON rooms FOR EACH ROW EXECUTE FUNCTION refuse()");
        CHECK(create_room(port).status != 201);
        HttpResponse health = http_request(port, "GET", "/healthz");
        CHECK(health.status == 503);
        CHECK_THAT(health.body, Catch::Contains(url) && Catch::Contains("disk trouble"));
        catan::store::test::PgServer::query(url, "DROP TRIGGER refuse ON rooms");
        REQUIRE(create_room(port).status == 201);
        CHECK(http_request(port, "GET", "/healthz").status == 200);
        REQUIRE(server.stop() == 0);
        const std::string log = server.log();
        CHECK_THAT(log, Catch::Contains("node node-a"));
        CHECK_THAT(log, Catch::Contains("rooms are kept in " + url));
        CHECK_THAT(log, Catch::Contains("the admin endpoint is off") && Catch::Contains("--admin-token-file"));
        CHECK_THAT(log, Catch::Contains("notifications: Web Push on (its VAPID key is kept in " + url));
    }
    ServerProcess again(args);
    REQUIRE(again.stop() == 0);
    CHECK_THAT(again.log(), Catch::Contains("restored 2 rooms from " + url));
    // No file was made from the URL (an admin token beside it, a data file): the URL's first part would
    // be a folder "postgresql:" where the server ran.
    CHECK_FALSE(std::filesystem::exists("postgresql:"));

    const std::string out = dir.file("copy.db").string(), err = dir.file("backup.err").string();
    const std::string line = std::string(server_binary()) + " backup --data '" + url + "' --out '" + out + "' 2>'" + err + "'";
    const int status = std::system(line.c_str());
    CHECK(WEXITSTATUS(status) == 1);
    CHECK_THAT(catan::store::test::read_bytes(err), Catch::Contains("pg_dump"));
    CHECK_FALSE(std::filesystem::exists(out));
}
