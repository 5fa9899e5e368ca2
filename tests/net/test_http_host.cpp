// The Host header (RFC 9112, section 3.2) on the real binary, over raw sockets: an HTTP/1.1 request
// without one, any request with two, and one whose value is not a host are answered 400 with a body
// that says what to send, on every route (REST, static files, health, WebSocket upgrades, and the
// TLS server's redirect listener is checked in test_tls.cpp); HTTP/1.0, which had no Host, is served
// without one. Room creation, whose join URL is built from the Host, never picks one of two.
#include <catch2/catch.hpp>

#include "raw_http.hpp"
#include "server_process.hpp"

using namespace catan::nettest;

namespace {

// One request on a fresh connection from 127.0.0.1, exactly as written.
RawResponse ask(unsigned short port, const std::string& text) {
    RawConnection c(port, "127.0.0.1");
    c.send(text);
    return c.read_response();
}

}  // namespace

TEST_CASE("Host: HTTP/1.1 without a Host, two Host headers or a Host that is not a host get 400, HTTP/1.0 needs none",
          "[bad-input][host]") {
    ServerProcess server;
    const auto port = server.port();
    const std::string here = "127.0.0.1:" + std::to_string(port);
    const std::string body = R"({"players":3})";
    const std::string create_head = "POST /api/rooms HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: " +
                                    std::to_string(body.size()) + "\r\nConnection: close\r\n";

    SECTION("HTTP/1.1 without a Host") {
        for (const std::string target : {"/healthz", "/", "/api/rules", "/metrics"}) {
            INFO(target);
            const RawResponse r = ask(port, "GET " + target + " HTTP/1.1\r\nConnection: close\r\n\r\n");
            CHECK(r.status == 400);
            CHECK_THAT(r.body, Catch::Contains("needs a Host header") && Catch::Contains("RFC 9112"));
        }
        CHECK(ask(port, create_head + "\r\n" + body).status == 400);
    }
    SECTION("two Host headers: refused, whichever comes first, and no room is made") {
        const RawResponse r = ask(port, create_head + "Host: evil.example\r\nHost: " + here + "\r\n\r\n" + body);
        CHECK(r.status == 400);
        CHECK_THAT(r.body, Catch::Contains("more than one Host header") && Catch::Contains("exactly one"));
        CHECK(r.body.find("evil.example") == std::string::npos);
        CHECK(ask(port, "GET /healthz HTTP/1.1\r\nHost: " + here + "\r\nHost: " + here + "\r\n\r\n").status == 400);
        // HTTP/1.0 may leave Host out, but not send two.
        CHECK(ask(port, "GET /healthz HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n").status == 400);
    }
    SECTION("a Host that is not a host name or address with a port") {
        for (const std::string host : {"evil.example/r/x", "a b", "user@evil.example", "x?y"}) {
            INFO(host);
            const RawResponse r = ask(port, "GET /healthz HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
            CHECK(r.status == 400);
            CHECK_THAT(r.body, Catch::Contains("not a host name"));
        }
    }
    SECTION("WebSocket upgrades are checked the same way") {
        const std::string upgrade =
            "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n";
        RawResponse r = ask(port, upgrade + "\r\n");
        CHECK(r.status == 400);
        CHECK_THAT(r.body, Catch::Contains("needs a Host header"));
        r = ask(port, upgrade + "Host: " + here + "\r\nHost: evil.example\r\n\r\n");
        CHECK(r.status == 400);
        CHECK_THAT(r.body, Catch::Contains("more than one Host header"));
        CHECK(ask(port, upgrade_request(port)).status == 101);  // with its one Host it upgrades
    }
    SECTION("what stays fine: HTTP/1.0 without a Host, one Host, an empty Host, an IPv6 literal with a port") {
        RawResponse r = ask(port, "GET /healthz HTTP/1.0\r\n\r\n");
        CHECK(r.status == 200);
        CHECK(r.body == "ok");
        r = ask(port, create_head + "Host: " + here + "\r\n\r\n" + body);
        CHECK(r.status == 201);
        CHECK(r.json()["url"].get<std::string>().starts_with("http://" + here + "/r/"));
        CHECK(ask(port, "GET /healthz HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n").status == 200);
        CHECK(ask(port, "GET /healthz HTTP/1.1\r\nHost: [::1]:8080\r\nConnection: close\r\n\r\n").status == 200);
        CHECK(ask(port, "GET /healthz HTTP/1.1\r\nHost: catan.example.org\r\nConnection: close\r\n\r\n").status == 200);
    }
    CHECK(server.stop() == 0);
}
