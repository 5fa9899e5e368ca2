// Room creation through the gateway under attack, over real sockets: one address's budget of rooms
// is answered 429 rate_limited (REST and WebSocket) while another address still creates, and a
// creation waiting on the data file's commit never holds an I/O thread: with a single thread,
// /healthz and other connections are answered meanwhile.
#include <catch2/catch.hpp>

#include <future>
#include <thread>

#include "../room/held_commits.hpp"
#include "../store/temp_dir.hpp"
#include "catan/store/store.hpp"
#include "gateway_support.hpp"

using namespace gateway_test;
using catan::room::test::HeldCommits;

TEST_CASE("rooms: one address over its budget of rooms gets 429 rate_limited, another address still creates", "[net][creation]") {
    auto options = test_options();
    options.hub.create_rate_address = 0.001;  // three rooms, then one every 1000 s
    options.hub.create_burst_address = 3;
    TestServer s(options);
    for (int i = 0; i < 3; ++i) CHECK(http_request(s.port, Method::post, "/api/rooms").status == 201);
    const auto refused = http_request(s.port, Method::post, "/api/rooms");
    CHECK(refused.status == 429);
    CHECK(refused.header("content-type") == "application/json");
    const auto body = nlohmann::json::parse(refused.body);
    CHECK(body.at("code") == "rate_limited");
    CHECK(body.at("message").get<std::string>().find("try again in") != std::string::npos);

    // The WebSocket from the same address shares the budget.
    WsClient ws;
    REQUIRE(ws.connect(s.port) == 101);
    ws.send_json({{"v", 1}, {"type", "create_room"}, {"id", 1}});
    const auto error = ws.read_type("error");
    REQUIRE(error);
    CHECK((*error)["code"] == "rate_limited");
    CHECK((*error)["id"] == 1);

    // 127.0.0.2 is another address (loopback all the same).
    const auto other = http_request_from("127.0.0.2", s.port, Method::post, "/api/rooms");
    CHECK(other.status == 201);
    CHECK(s.server.hub().room_count() == 4);
}

TEST_CASE("rooms: a creation waiting on its commit does not hold the only I/O thread", "[net][creation][durability]") {
    catan::store::test::TempDir dir;
    HeldCommits held("create");
    auto options = test_options();
    options.threads = 1;
    options.hub.store = std::make_shared<catan::store::Store>(dir.file("catan.db").string());
    options.hub.hold_commit_for_testing = held.hook();
    TestServer s(options);
    // Whatever fails below, the held answers go out while the server is still there to send them.
    struct ReleaseAtEnd {
        HeldCommits& held;
        ~ReleaseAtEnd() { held.release_all(); }
    } release_at_end{held};

    auto created = std::async(std::launch::async, [&] { return http_request(s.port, Method::post, "/api/rooms"); });
    WsClient ws;
    REQUIRE(ws.connect(s.port) == 101);
    ws.send_json({{"v", 1}, {"type", "create_room"}, {"id", "ws"}});
    REQUIRE(held.wait_for(2));  // both rooms are on disk; their answers wait
    CHECK(created.wait_for(std::chrono::seconds(0)) == std::future_status::timeout);

    // The one thread is free: health checks, pings and other connections are answered.
    CHECK(get(s.port, "/healthz").status == 200);
    ws.send_json({{"v", 1}, {"type", "ping"}});
    CHECK(ws.read_type("pong"));
    CHECK(created.wait_for(std::chrono::seconds(0)) == std::future_status::timeout);

    held.release_all();
    const auto answer = created.get();
    CHECK(answer.status == 201);
    CHECK(nlohmann::json::parse(answer.body).at("code").is_string());
    const auto room = ws.read_type("room_created");
    REQUIRE(room);
    CHECK((*room)["id"] == "ws");
    CHECK(s.server.hub().room_count() == 2);
}
