// --trusted-proxy over real sockets against the real binary: a direct client cannot pose as another
// address with X-Forwarded-For; a trusted proxy's forwarded clients each get their own per-address
// budgets (room creation, WebSocket connections), a malformed header falls back to the proxy and is
// counted; GET /api/server says where friends can reach the server. The test plays the proxy itself
// here (its requests come from 127.0.0.1); test_reverse_proxy.cpp puts real nginx and Caddy there.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>

#include "game_driver.hpp"
#include "raw_http.hpp"
#include "server_process.hpp"
#include "ws_client.hpp"

using namespace catan::nettest;

namespace {

const std::string kCreateBody = R"({"players":2})";

int create_room_as(unsigned short port, const std::string& forwarded_for, std::string* url = nullptr,
                   const std::string& proto = "") {
    RawHeaders headers{{"X-Forwarded-For", forwarded_for}};
    if (!proto.empty()) headers.emplace_back("X-Forwarded-Proto", proto);
    const auto r = raw_request(port, "POST", "/api/rooms", headers, kCreateBody);
    if (url && r.status == 201) *url = r.json().value("url", "");
    return r.status;
}

// The real answers of GET /api/server, for the schema test (fixture server_addresses).
void record_server_addresses(const nlohmann::json& body) {
    static bool first = true;
    std::ofstream out(CATAN_SERVER_ADDRESSES_JSONL, first ? std::ios::trunc : std::ios::app);
    first = false;
    out << nlohmann::json{{"schema", "rest#/$defs/server_addresses"}, {"message", body}}.dump() << "\n";
}

}  // namespace

TEST_CASE("Trusted proxy: a direct client's X-Forwarded-For is ignored, it cannot dodge per-address limits", "[forwarded]") {
    {
        ServerProcess server({"--no-persist", "--trusted-proxy", "127.0.0.9,10.0.0.0/8", "--room-create-burst", "2",
                              "--room-create-rate", "0.01", "--log-level", "info"});
        // Each request claims another address; the server counts them all under 127.0.0.1.
        CHECK(create_room_as(server.port(), "203.0.113.1") == 201);
        CHECK(create_room_as(server.port(), "203.0.113.2") == 201);
        CHECK(create_room_as(server.port(), "203.0.113.3") == 429);
        CHECK(create_room_as(server.port(), "10.0.0.1") == 429);  // not even by naming a trusted proxy
        CHECK(metric(server.port(), "catan_forwarded_requests_total") == 0);
        CHECK(metric(server.port(), "catan_forwarded_malformed_total") == 0);
        // The log names the peer, never the address the header claimed.
        const auto log = server.log();
        CHECK(log.find("203.0.113.") == std::string::npos);
        CHECK(log.find("trusted proxies: 127.0.0.9/32, 10.0.0.0/8") != std::string::npos);
        CHECK(server.stop() == 0);
    }
    {
        // WebSockets (a server of their own: these are its first connections, so the count is exact):
        // the third connection from 127.0.0.1 is refused whatever it claims.
        ServerProcess server({"--no-persist", "--trusted-proxy", "127.0.0.9", "--max-connections-per-ip", "2"});
        {
            RawConnection a(server.port(), "127.0.0.1"), b(server.port(), "127.0.0.1");
            a.send(upgrade_request(server.port(), {{"X-Forwarded-For", "203.0.113.10"}}));
            b.send(upgrade_request(server.port(), {{"X-Forwarded-For", "203.0.113.11"}}));
            CHECK(a.read_response().status == 101);
            CHECK(b.read_response().status == 101);
            RawConnection c(server.port(), "127.0.0.1");
            c.send(upgrade_request(server.port(), {{"X-Forwarded-For", "203.0.113.12"}}));
            CHECK(c.read_response().status == 429);
        }
        CHECK(server.stop() == 0);
    }
}

TEST_CASE("Trusted proxy: each forwarded client has its own budgets, a malformed header falls back to the proxy", "[forwarded]") {
    ServerProcess server({"--no-persist", "--trusted-proxy", "127.0.0.1", "--room-create-burst", "2", "--room-create-rate",
                          "0.01", "--max-connections-per-ip", "2", "--log-level", "info"});
    const auto port = server.port();

    // The client 203.0.113.1 (behind another client-written entry, never read) spends its budget...
    CHECK(create_room_as(port, "198.51.100.99, 203.0.113.1") == 201);
    CHECK(create_room_as(port, "203.0.113.1") == 201);
    CHECK(create_room_as(port, "203.0.113.1") == 429);
    // ... and 203.0.113.2, behind the same proxy, still has its own.
    std::string url;
    CHECK(create_room_as(port, "203.0.113.2", &url) == 201);
    CHECK(url.starts_with("http://127.0.0.1:"));
    CHECK(metric(port, "catan_forwarded_requests_total") == 4);

    // X-Forwarded-Proto: the join URL the server builds keeps the client's scheme.
    CHECK(create_room_as(port, "203.0.113.3", &url, "https") == 201);
    CHECK(url.starts_with("https://127.0.0.1:"));

    // Unreadable: the proxy's own address pays (127.0.0.1 has a budget of 2 like anyone), and it is counted.
    CHECK(create_room_as(port, "unknown") == 201);
    CHECK(create_room_as(port, "203.0.113.4, not-an-ip") == 201);
    CHECK(create_room_as(port, "") == 429);
    CHECK(metric(port, "catan_forwarded_malformed_total") == 3);

    // WebSockets: the proxy's connections count in no address; each upgrade counts in its client's.
    std::vector<std::unique_ptr<RawConnection>> held;
    auto upgrade = [&](const std::string& client) {
        held.push_back(std::make_unique<RawConnection>(port, "127.0.0.1"));
        held.back()->send(upgrade_request(port, {{"X-Forwarded-For", client}}));
        return held.back()->read_response().status;
    };
    CHECK(upgrade("203.0.113.7") == 101);
    CHECK(upgrade("203.0.113.7") == 101);
    CHECK(upgrade("203.0.113.7") == 429);  // over --max-connections-per-ip for that client
    CHECK(upgrade("203.0.113.8") == 101);  // five connections from 127.0.0.1 so far: the proxy is not capped
    CHECK(upgrade("2001:db8::1") == 101);
    CHECK(upgrade("2001:db8::2") == 101);
    CHECK(upgrade("2001:db8::3") == 429);  // an IPv6 client counts by its /64

    const auto log = server.log();
    INFO(log);
    CHECK(std::regex_search(log, std::regex(R"(\[conn [0-9]+ 203\.0\.113\.2\] room [A-Z0-9]+ created over HTTP)")));
    CHECK(log.find("WebSocket for 203.0.113.7 refused: over the per-address cap") != std::string::npos);
    held.clear();
    CHECK(server.stop() == 0);
}

TEST_CASE("GET /api/server: the public URL, or the LAN links a loopback page should share", "[server-addresses]") {
    SECTION("listening on loopback only: no LAN link, and the server says why") {
        ServerProcess server({"--no-persist"});
        const auto r = http_request(server.port(), "GET", "/api/server");
        REQUIRE(r.status == 200);
        CHECK(r.header("Content-Type") == "application/json");
        CHECK(r.header("Cache-Control") == "no-store");
        const auto body = r.json_body();
        CHECK(body == nlohmann::json{{"public_url", nullptr}, {"lan_urls", nlohmann::json::array()}, {"loopback_only", true}});
        record_server_addresses(body);
        CHECK(http_request(server.port(), "POST", "/api/server").status == 405);
        CHECK(server.stop() == 0);
    }
    SECTION("--public-url: that is the link") {
        ServerProcess server({"--no-persist", "--public-url", "https://catan.example.org/"});
        const auto body = http_request(server.port(), "GET", "/api/server").json_body();
        CHECK(body["public_url"] == "https://catan.example.org");
        record_server_addresses(body);
        CHECK(server.stop() == 0);
    }
    SECTION("listening on every interface: this machine's non-loopback addresses with the port") {
        // Bound to 0.0.0.0 for the length of one request; the test only ever connects over loopback.
        ServerProcess server({"--no-persist", "--listen", "0.0.0.0:0"});
        const auto body = http_request(server.port(), "GET", "/api/server").json_body();
        record_server_addresses(body);
        CHECK(body["loopback_only"] == false);
        CHECK(body["public_url"].is_null());
        for (const auto& u : body["lan_urls"]) {
            const std::string s = u.get<std::string>();
            INFO(s);
            CHECK(std::regex_match(s, std::regex(R"(http://[0-9.]+:[0-9]+)")));  // 0.0.0.0 takes IPv4 only
            CHECK(s.substr(s.rfind(':') + 1) == std::to_string(server.port()));
            CHECK_FALSE(s.starts_with("http://127."));
        }
        CHECK(server.stop() == 0);
    }
}
