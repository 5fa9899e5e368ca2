// File descriptors: connections over an address's cap are refused at once (not held), a global cap
// keeps the server below its descriptor limit, and health checks from elsewhere and open WebSockets
// are still served while one address holds every socket it may.
#include <catch2/catch.hpp>

#include <thread>
#include <vector>

#include "gateway_support.hpp"

using namespace gateway_test;

namespace {

const std::string kHealth = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";

// A WebSocket that still answers: ping, pong.
bool answers(WsClient& c) {
    c.send_json({{"v", 1}, {"type", "ping"}});
    return c.read_type("pong").has_value();
}

}  // namespace

TEST_CASE("connections over an address's cap are refused at once, without waiting for a request", "[net][descriptors]") {
    auto options = test_options();
    options.max_connections_per_ip = 4;
    options.max_connections = 64;
    TestServer s(options);
    WsClient player;
    REQUIRE(player.connect(s.port) == 101);
    std::vector<RawConnection> idle;
    for (int i = 0; i < 3; ++i) idle.emplace_back(s.port);  // with the player: 127.0.0.1 is at its cap

    // Each extra connection hears 429 and is closed without sending a byte (the old code held it
    // 5 s waiting for a request; 2 s is far more than a refusal needs and far less than that).
    for (int i = 0; i < 20; ++i) {
        RawConnection extra(s.port);
        const auto answer = extra.read_until_close(2s);
        INFO("extra connection " << i << ": " << answer);
        CHECK(extra.closed());
        CHECK(answer.rfind("HTTP/1.1 429", 0) == 0);
        CHECK(answer.find("too_many_connections") != std::string::npos);
    }
    const auto health = raw_exchange(s.port, kHealth, "127.0.0.2");
    CHECK(health.rfind("HTTP/1.1 200", 0) == 0);
    CHECK(answers(player));
}

TEST_CASE("the global connection cap: idle HTTP connections make room, WebSockets keep theirs", "[net][descriptors]") {
    auto options = test_options();
    options.max_connections_per_ip = 1000;
    options.max_connections = 8;
    TestServer s(options);
    WsClient player;
    REQUIRE(player.connect(s.port) == 101);
    const auto code = create_and_join(player, "Ana");

    // Far more idle connections than the cap: the server never holds more than 8 sockets, so most of
    // these are closed at once, either refused or pushed out by newer ones.
    std::vector<RawConnection> idle;
    for (int i = 0; i < 40; ++i) idle.emplace_back(s.port);
    int closed = 0;
    for (auto& c : idle) {
        c.read_until_close(50ms);
        if (c.closed()) ++closed;
    }
    CHECK(closed >= 40 - 7);

    // Another address is still answered, and so is the player.
    const auto health = raw_exchange(s.port, kHealth, "127.0.0.2");
    CHECK(health.rfind("HTTP/1.1 200", 0) == 0);
    CHECK(answers(player));
    CHECK(get(s.port, "/api/rooms/" + code).status == 200);
}

TEST_CASE("when every slot holds a WebSocket, a new connection is refused with 503 at once", "[net][descriptors]") {
    auto options = test_options();
    options.max_connections_per_ip = 1000;
    options.max_connections = 3;
    TestServer s(options);
    std::vector<std::unique_ptr<WsClient>> players;
    for (int i = 0; i < 3; ++i) {
        players.push_back(std::make_unique<WsClient>());
        REQUIRE(players.back()->connect(s.port) == 101);
    }
    RawConnection extra(s.port, "127.0.0.2");
    const auto answer = extra.read_until_close(2s);
    CHECK(extra.closed());
    CHECK(answer.rfind("HTTP/1.1 503", 0) == 0);
    for (auto& p : players) CHECK(answers(*p));
}
