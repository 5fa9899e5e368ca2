// Who may reach /admin (src/net/loopback.hpp): loopback peers only, in every notation the gateway
// writes a peer's address in; everything else, and anything unparseable, is refused.
#include <catch2/catch.hpp>

#include "loopback.hpp"

TEST_CASE("admin endpoint: only loopback peers count as this machine", "[admin]") {
    using catan::net::is_loopback_peer;
    for (const char* local : {"127.0.0.1:5000", "127.8.9.10:1", "[::1]:443", "::1", "[::ffff:127.0.0.1]:80", "127.0.0.1"})
        CHECK(is_loopback_peer(local));
    for (const char* remote : {"10.0.0.1:5000", "192.168.1.2:80", "203.0.113.9:1234", "[2001:db8::1]:443", "[::ffff:10.0.0.1]:80",
                               "0.0.0.0:80", "[::]:80", "", "localhost:80", "127.0.0.1.evil:80", "[::1", "1.2.3.4:x"})
        CHECK(!is_loopback_peer(remote));
}
