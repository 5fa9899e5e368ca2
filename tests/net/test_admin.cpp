// The operator's view on the real binary: `catan-server rooms list | show | close` against
// a running server (its /admin endpoint on loopback, with the token it wrote at start), and against
// its data file once it is stopped. A room with two players and a spectator is listed with its
// people; show gives its details; close sends "closing" to every connected member, the room's REST
// lookup answers 404 and a restart does not bring it back. A wrong or missing token, a request with
// an Origin or a proxy's forwarding header, and too many requests are refused.
#include <catch2/catch.hpp>

#include <sqlite3.h>
#include <sys/stat.h>

#include <atomic>
#include <thread>

#include "game_driver.hpp"
#include "raw_http.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"
#include "tool_run.hpp"

using namespace catan::nettest;

namespace {

// A token that is not `token`, whatever `token` is: its last character changed to another one.
std::string other_token(std::string token) {
    token.back() = token.back() == 'a' ? 'b' : 'a';
    return token;
}

const json* find_room(const json& list, const std::string& code) {
    for (const json& r : list["rooms"])
        if (r["code"] == code) return &r;
    return nullptr;
}

}  // namespace

TEST_CASE("Admin: rooms list, show and close act on the running server, and its data file is read when it is stopped", "[admin]") {
    const catan::store::test::TempDir dir;
    const auto tmp = dir.file("");
    const std::string data = dir.file("catan.db").string();
    const std::string token_file = data + ".admin-token";

    auto server = std::make_unique<ServerProcess>(std::vector<std::string>{"--data", data});
    const std::string url = "http://127.0.0.1:" + std::to_string(server->port());
    const std::string where = " --server " + url + " --data " + shell_quote(data);

    // The token file: written at start, the server's user's only.
    struct stat st {};
    REQUIRE(::stat(token_file.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);
    const std::string token = slurp_file(token_file).substr(0, 64);

    Table table(server->port());
    table.create_room_rest({{"players", 2}, {"seed", "99"}});
    table.join("Ana", true);
    table.join("Bob");
    table.start();
    PolicyOptions po;
    po.seed = 2;
    Policy policy(po);
    {
        GameRun run(table, policy);
        for (int i = 0; i < 8; ++i) run.step();
    }
    Peer& watcher = table.spectate();
    Table other(server->port());  // a second room, left open
    other.create_room_rest({{"players", 3}});
    other.join("Cy", true);

    // list: both rooms, with their people, live from the server.
    const ToolRun text = run_tool(tmp, "rooms list" + where);
    INFO(text.err);
    REQUIRE(text.exit_code == 0);
    CHECK_THAT(text.out, Catch::Contains("source: server at " + url + " (live)"));
    CHECK_THAT(text.out, Catch::Contains(table.code) && Catch::Contains("Ana (host), Bob") && Catch::Contains(other.code) &&
                             Catch::Contains("2 rooms"));
    const ToolRun listed = run_tool(tmp, "rooms list --json" + where);
    REQUIRE(listed.exit_code == 0);
    const json list = json::parse(listed.out);
    CHECK(list["source"] == "server");
    const json* room = find_room(list, table.code);
    REQUIRE(room);
    CHECK((*room)["phase"] == "playing");
    REQUIRE((*room)["seats"].size() == 2);
    CHECK((*room)["seats"][0]["name"] == "Ana");
    CHECK((*room)["seats"][0]["host"] == true);
    CHECK((*room)["seats"][0]["connected"] == true);
    CHECK((*room)["seats"][1]["name"] == "Bob");
    CHECK((*room)["seats"][1]["bot"].is_null());
    CHECK((*room)["spectators"] == 1);
    CHECK((*room)["commands"] == 8);
    CHECK((*room)["bytes"].get<std::int64_t>() > 0);
    CHECK((*room)["created_ms"].get<std::int64_t>() <= (*room)["last_activity_ms"].get<std::int64_t>());

    // show: one room in detail (codes are case-insensitive).
    std::string lower = table.code;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const ToolRun shown = run_tool(tmp, "rooms show " + lower + where);
    REQUIRE(shown.exit_code == 0);
    CHECK_THAT(shown.out, Catch::Contains("room           " + table.code) && Catch::Contains("playing (game 1)") &&
                              Catch::Contains("8 in the current game's log") && Catch::Contains("spectators     1"));
    const json detail = json::parse(run_tool(tmp, "rooms show --json " + table.code + where).out);
    CHECK(detail["room"]["seats"] == (*room)["seats"]);
    CHECK(run_tool(tmp, "rooms show ZZZZZ" + where).exit_code == 3);
    CHECK(run_tool(tmp, "rooms show" + where).exit_code == 1);           // no code
    CHECK(run_tool(tmp, "rooms frobnicate" + where).exit_code == 1);     // no such action

    // Refusals: a wrong token (the tool says what the server said), no token, an Origin, a proxy.
    catan::store::test::write_bytes(dir.file("wrong-token"), other_token(token) + "\n");
    const ToolRun wrong = run_tool(tmp, "rooms list --admin-token-file " + shell_quote(dir.file("wrong-token").string()) + where);
    CHECK(wrong.exit_code == 2);
    CHECK_THAT(wrong.err, Catch::Contains("401"));
    const auto port = server->port();
    CHECK(http_request(port, "GET", "/admin/rooms").status == 401);
    CHECK(http_request(port, "GET", "/admin/rooms", {}, {{"Authorization", "Bearer " + other_token(token)}}).status == 401);
    CHECK(http_request(port, "GET", "/admin/rooms", {}, {{"Authorization", "Bearer " + token}}).status == 200);
    CHECK(http_request(port, "GET", "/admin/rooms", {}, {{"Authorization", "Bearer " + token}, {"Origin", url}}).status == 403);
    CHECK(http_request(port, "GET", "/admin/rooms", {}, {{"Authorization", "Bearer " + token}, {"X-Forwarded-For", "203.0.113.9"}})
              .status == 403);
    CHECK(http_request(port, "POST", "/admin/rooms", {}, {{"Authorization", "Bearer " + token}}).status == 405);
    CHECK(http_request(port, "GET", "/admin/rooms/" + table.code + "/close", {}, {{"Authorization", "Bearer " + token}}).status == 405);

    // close: every connected member is told, the room is gone from the server and from its file.
    const ToolRun closed = run_tool(tmp, "rooms close " + table.code + where);
    INFO(closed.err);
    REQUIRE(closed.exit_code == 0);
    CHECK_THAT(closed.out, Catch::Contains("closed room " + table.code) && Catch::Contains("deleted from the data file"));
    for (Peer* p : {&table.player(0), &table.player(1), &watcher}) {
        const json bye = p->expect("closing");
        CHECK_THAT(bye["reason"].get<std::string>(), Catch::Contains("operator"));
    }
    CHECK(http_request(port, "GET", "/api/rooms/" + table.code).status == 404);
    CHECK(run_tool(tmp, "rooms close " + table.code + where).exit_code == 3);
    CHECK(http_request(port, "GET", "/api/rooms/" + other.code).status == 200);  // the other room goes on

    // Bounded: a burst of admin requests is cut off (429) and the server says when to come back. The
    // 40 requests go in one write on one connection, so the burst does not depend on how fast this
    // machine opens connections (one at a time, a busy machine refilled the budget as fast as it was spent).
    {
        RawConnection burst(port, "127.0.0.1");
        std::string requests;
        for (int i = 0; i < 40; ++i) requests += "GET /admin/rooms HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer x\r\n\r\n";
        burst.send(requests);
        int limited = 0;
        for (int i = 0; i < 40; ++i) {
            const RawResponse r = burst.read_response();
            if (r.status == 429) {
                ++limited;
                CHECK_THAT(r.head, Catch::Contains("Retry-After: 1"));
            } else {
                CHECK(r.status == 401);
            }
        }
        CHECK(limited >= 10);  // the address's budget for refused requests holds 20 and refills 10 a second
    }

    other.close_all();
    table.close_all();
    REQUIRE(server->stop() == 0);

    // No server: list and show read the data file (and say so); close refuses.
    const ToolRun offline = run_tool(tmp, "rooms list" + where);
    REQUIRE(offline.exit_code == 0);
    CHECK_THAT(offline.out, Catch::Contains("source: data file") && Catch::Contains("no server answered") &&
                                Catch::Contains(other.code) && Catch::Contains("1 room"));
    CHECK(offline.out.find(table.code) == std::string::npos);
    const json off = json::parse(run_tool(tmp, "rooms show --json " + other.code + where).out);
    CHECK(off["source"] == "data file");
    CHECK(off["room"]["seats"][0]["name"] == "Cy");
    CHECK(off["room"]["seats"][0]["connected"].is_null());
    const ToolRun no_server = run_tool(tmp, "rooms close " + other.code + where);
    CHECK(no_server.exit_code == 2);
    CHECK_THAT(no_server.err, Catch::Contains("close acts on the running server"));

    // A restart does not bring the closed room back; it writes a new token.
    server = std::make_unique<ServerProcess>(std::vector<std::string>{"--data", data});
    CHECK(slurp_file(token_file).substr(0, 64) != token);
    CHECK(http_request(server->port(), "GET", "/api/rooms/" + table.code).status == 404);
    CHECK(http_request(server->port(), "GET", "/api/rooms/" + other.code).status == 200);
    const json after = json::parse(
        run_tool(tmp, "rooms list --json --server http://127.0.0.1:" + std::to_string(server->port()) + " --data " + shell_quote(data)).out);
    CHECK(find_room(after, table.code) == nullptr);
    CHECK(find_room(after, other.code) != nullptr);
    REQUIRE(server->stop() == 0);

    // A room whose record no longer rebuilds is set aside at start: not served, but listed with why.
    {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(data.c_str(), &db) == SQLITE_OK);
        const std::string damage = "UPDATE rooms SET options = 'not json' WHERE code = '" + other.code + "'";
        REQUIRE(sqlite3_exec(db, damage.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    server = std::make_unique<ServerProcess>(std::vector<std::string>{"--data", data});
    const std::string again = " --server http://127.0.0.1:" + std::to_string(server->port()) + " --data " + shell_quote(data);
    CHECK(http_request(server->port(), "GET", "/api/rooms/" + other.code).status == 404);
    const json aside = json::parse(run_tool(tmp, "rooms list --json" + again).out);
    const json* set_aside = find_room(aside, other.code);
    REQUIRE(set_aside);
    CHECK((*set_aside)["problem"].is_string());
    CHECK_THAT(run_tool(tmp, "rooms list" + again).out, Catch::Contains(other.code) && Catch::Contains("lobby (set aside)"));
    REQUIRE(server->stop() == 0);
}

TEST_CASE("Admin: refused requests, however many, do not spend the operator's budget", "[admin]") {
    const catan::store::test::TempDir dir;
    const std::string data = dir.file("catan.db").string();
    ServerProcess server({"--data", data});
    const auto port = server.port();
    const std::string token = slurp_file(data + ".admin-token").substr(0, 64);

    // What a proxy on this machine relays from strangers (X-Forwarded-For) and requests without a
    // token, all from 127.0.0.1 (the proxy's address and the operator's), pipelined in one write on
    // one connection so that no time passes between them: then the operator's own request.
    {
        RawConnection c(port, "127.0.0.1");
        std::string flood;
        for (int i = 0; i < 100; ++i) {
            flood += "GET /admin/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n";
            flood += "GET /admin/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + other_token(token) + "\r\n\r\n";
        }
        flood += "GET /admin/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + token + "\r\n\r\n";
        c.send(flood);
        int limited = 0;
        for (int i = 0; i < 200; ++i) {
            const RawResponse r = c.read_response();
            if (r.status == 429)
                ++limited;
            else
                CHECK((r.status == 401 || r.status == 403));
        }
        // Still bounded: the address's budget for refused requests holds 20 and refills 10 a second.
        CHECK(limited >= 100);
        const RawResponse mine = c.read_response();
        CHECK(mine.status == 200);
        CHECK(mine.json()["rooms"].is_array());
    }

    // The tool, while token-less requests keep coming (a bounded number, on a connection of their own).
    std::atomic<bool> done{false};
    std::atomic<int> flooded{0};
    std::thread flooder([&] {
        try {
            RawConnection c(port, "127.0.0.1");
            std::string batch;
            for (int i = 0; i < 50; ++i) batch += "GET /admin/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
            for (int round = 0; round < 400 && !done; ++round) {
                c.send(batch);
                for (int i = 0; i < 50; ++i) c.read_response();
                flooded += 50;
            }
        } catch (const std::exception&) {
            // the main thread's checks say what went wrong
        }
    });
    for (const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
         flooded == 0 && std::chrono::steady_clock::now() < until;)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    for (const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
         flooded == 0 && std::chrono::steady_clock::now() < until;)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const ToolRun listed = run_tool(dir.file(""), "rooms list --json --server http://127.0.0.1:" + std::to_string(port) +
                                                      " --data " + shell_quote(data));
    done = true;
    flooder.join();
    INFO(listed.err);
    CHECK(flooded > 0);
    CHECK(listed.exit_code == 0);
    CHECK(json::parse(listed.out, nullptr, false)["source"] == "server");
    REQUIRE(server.stop() == 0);
}
