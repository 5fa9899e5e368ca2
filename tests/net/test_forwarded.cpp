// --trusted-proxy and X-Forwarded-For: which address a request is counted under (forwarded.hpp), and
// the LAN links of GET /api/server (lan_addresses.hpp). Pure functions; the same rules over real
// sockets are in test_trusted_proxy.cpp, through real nginx and Caddy in tests/proxy.
#include <catch2/catch.hpp>

#include "catan/net/forwarded.hpp"
#include "catan/net/lan_addresses.hpp"

using namespace catan::net;

namespace {

TrustedProxies trusted(std::vector<std::string> entries) {
    std::string error;
    auto t = TrustedProxies::parse(entries, error);
    INFO(error);
    REQUIRE(t);
    return *t;
}

std::string refused(std::vector<std::string> entries) {
    std::string error;
    const auto t = TrustedProxies::parse(entries, error);
    CHECK_FALSE(t);
    return error;
}

}  // namespace

TEST_CASE("Trusted proxies: addresses and CIDR ranges, IPv4 and IPv6", "[forwarded]") {
    const auto t = trusted({"127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8", " 192.168.1.0/24 "});
    CHECK(t.contains("127.0.0.1"));
    CHECK(t.contains("127.0.0.1:5555"));
    CHECK(t.contains("::ffff:127.0.0.1"));  // a dual-stack listener's view of an IPv4 peer
    CHECK(t.contains("[::ffff:127.0.0.1]:80"));
    CHECK_FALSE(t.contains("127.0.0.2"));
    CHECK(t.contains("10.255.3.4"));
    CHECK_FALSE(t.contains("11.0.0.1"));
    CHECK(t.contains("192.168.1.200"));
    CHECK_FALSE(t.contains("192.168.2.1"));
    CHECK(t.contains("[::1]:8080"));
    CHECK(t.contains("fd12:3456::7"));
    CHECK_FALSE(t.contains("fe80::1"));
    CHECK_FALSE(t.contains("not an address"));
    CHECK_FALSE(t.contains(""));
    CHECK(t.describe() == "127.0.0.1/32, 10.0.0.0/8, ::1/128, fd00::/8, 192.168.1.0/24");

    CHECK(trusted({"0.0.0.0/0"}).contains("203.0.113.9"));
    CHECK_FALSE(trusted({"0.0.0.0/0"}).contains("2001:db8::1"));  // an IPv4 range holds no IPv6 address
    CHECK(trusted({"172.16.0.0/12"}).contains("172.31.255.255"));
    CHECK_FALSE(trusted({"172.16.0.0/12"}).contains("172.32.0.0"));
    CHECK(trusted({}).empty());
    CHECK(trusted({"", " "}).empty());

    CHECK(refused({"localhost"}).find("'localhost' is not an IP address") != std::string::npos);
    CHECK(refused({"10.0.0.0/33"}).find("0 to 32") != std::string::npos);
    CHECK(refused({"::/129"}).find("0 to 128") != std::string::npos);
    CHECK(refused({"10.0.0.0/"}).find("prefix") != std::string::npos);
    CHECK(refused({"10.0.0.0/-1"}).find("prefix") != std::string::npos);
    CHECK(refused({"10.0.0.0/8x"}).find("prefix") != std::string::npos);
    CHECK_FALSE(refused({"1.2.3.4:80"}).empty());  // a port is not part of a range
}

TEST_CASE("X-Forwarded-For: only a trusted proxy names the client, read from the right", "[forwarded]") {
    const auto t = trusted({"127.0.0.1", "10.0.0.0/8"});
    using V = std::vector<std::string_view>;

    SECTION("a direct client's header is ignored: it cannot pose as another address") {
        const auto c = resolve_client(t, "198.51.100.7:4000", V{"203.0.113.1"}, "https");
        CHECK(c.address == "198.51.100.7:4000");
        CHECK_FALSE(c.forwarded);
        CHECK_FALSE(c.malformed);
        CHECK_FALSE(c.https);
        CHECK(resolve_client(t, "198.51.100.7:4000", V{"garbage"}, "").address == "198.51.100.7:4000");
        CHECK_FALSE(resolve_client(t, "198.51.100.7:4000", V{"garbage"}, "").malformed);
    }
    SECTION("from a trusted proxy: the right-most entry that is not a trusted proxy") {
        auto c = resolve_client(t, "127.0.0.1:4000", V{"203.0.113.5"}, "");
        CHECK(c.address == "203.0.113.5");
        CHECK(c.forwarded);
        CHECK_FALSE(c.malformed);
        // The client wrote "1.1.1.1" itself; nginx appended the address it saw; a second proxy in 10/8 its own.
        c = resolve_client(t, "127.0.0.1:4000", V{"1.1.1.1, 203.0.113.5, 10.1.2.3"}, "");
        CHECK(c.address == "203.0.113.5");
        // Garbage left of the client is the client's own writing and never read.
        c = resolve_client(t, "127.0.0.1:4000", V{"<script>, 203.0.113.5"}, "");
        CHECK(c.address == "203.0.113.5");
        CHECK_FALSE(c.malformed);
        // Several header lines are one list, in order.
        c = resolve_client(t, "127.0.0.1:4000", V{"1.1.1.1", "203.0.113.5"}, "");
        CHECK(c.address == "203.0.113.5");
        // Every hop trusted: the left-most (the client sits at a proxy's address).
        c = resolve_client(t, "127.0.0.1:4000", V{"10.0.0.9, 127.0.0.1"}, "");
        CHECK(c.address == "10.0.0.9");
        CHECK(c.forwarded);
    }
    SECTION("forms of addresses: ports, brackets, IPv6 canonical, IPv4-mapped") {
        CHECK(resolve_client(t, "127.0.0.1:1", V{"203.0.113.5:8443"}, "").address == "203.0.113.5");
        CHECK(resolve_client(t, "127.0.0.1:1", V{"[2001:DB8:0::1]:443"}, "").address == "2001:db8::1");
        CHECK(resolve_client(t, "127.0.0.1:1", V{"2001:db8::1"}, "").address == "2001:db8::1");
        CHECK(resolve_client(t, "127.0.0.1:1", V{"::ffff:203.0.113.5"}, "").address == "203.0.113.5");
        CHECK(resolve_client(t, "[::ffff:127.0.0.1]:1", V{"203.0.113.5"}, "").address == "203.0.113.5");
    }
    SECTION("a malformed header from a trusted proxy: the peer's address, counted as malformed") {
        for (const auto bad : {"unknown", "", "203.0.113.5,", "1.2.3", "[::1", "::1]:80", "1.2.3.4:http", "fe80::1%eth0",
                               "203.0.113.5 203.0.113.6", "_hidden"}) {
            INFO(bad);
            const auto c = resolve_client(t, "127.0.0.1:4000", V{bad}, "");
            CHECK(c.address == "127.0.0.1:4000");
            CHECK(c.malformed);
            CHECK_FALSE(c.forwarded);
        }
    }
    SECTION("no header from a trusted proxy: the proxy itself, not malformed") {
        const auto c = resolve_client(t, "127.0.0.1:4000", V{}, "");
        CHECK(c.address == "127.0.0.1:4000");
        CHECK_FALSE(c.forwarded);
        CHECK_FALSE(c.malformed);
    }
    SECTION("X-Forwarded-Proto from a trusted proxy only") {
        CHECK(resolve_client(t, "127.0.0.1:1", V{"203.0.113.5"}, "https").https);
        CHECK(resolve_client(t, "127.0.0.1:1", V{"203.0.113.5"}, "HTTPS").https);
        CHECK(resolve_client(t, "127.0.0.1:1", V{"203.0.113.5"}, "https, http").https);  // the client's scheme first
        CHECK_FALSE(resolve_client(t, "127.0.0.1:1", V{"203.0.113.5"}, "http").https);
        const auto bad = resolve_client(t, "127.0.0.1:1", V{"203.0.113.5"}, "gopher");
        CHECK_FALSE(bad.https);
        CHECK(bad.malformed);
        CHECK(bad.address == "203.0.113.5");  // the address was fine
        CHECK_FALSE(resolve_client(t, "203.0.113.9:1", V{}, "https").https);
    }
}

TEST_CASE("LAN links: what a listener on each kind of address offers", "[forwarded]") {
    const std::vector<std::string> addresses{"192.168.1.20", "10.0.0.5", "2001:db8::20"};
    CHECK(lan_urls("0.0.0.0", 8080, addresses) == std::vector<std::string>{"http://192.168.1.20:8080", "http://10.0.0.5:8080"});
    CHECK(lan_urls("", 8080, addresses) == std::vector<std::string>{"http://192.168.1.20:8080", "http://10.0.0.5:8080"});
    CHECK(lan_urls("::", 80, addresses) ==
          std::vector<std::string>{"http://192.168.1.20:80", "http://10.0.0.5:80", "http://[2001:db8::20]:80"});
    CHECK(lan_urls("[::]", 80, addresses).size() == 3);
    CHECK(lan_urls("127.0.0.1", 8080, addresses).empty());
    CHECK(lan_urls("127.0.0.2", 8080, addresses).empty());
    CHECK(lan_urls("::1", 8080, addresses).empty());
    CHECK(lan_urls("[::1]", 8080, addresses).empty());
    CHECK(lan_urls("localhost", 8080, addresses).empty());
    CHECK(lan_urls("192.168.1.20", 9000, addresses) == std::vector<std::string>{"http://192.168.1.20:9000"});
    CHECK(lan_urls("2001:db8::20", 9000, addresses) == std::vector<std::string>{"http://[2001:db8::20]:9000"});
    CHECK(lan_urls("0.0.0.0", 8080, {}).empty());
    CHECK(loopback_listen("127.0.0.1"));
    CHECK(loopback_listen("[::1]"));
    CHECK_FALSE(loopback_listen("0.0.0.0"));
    CHECK_FALSE(loopback_listen("192.168.1.20"));

    // This machine's: never loopback or link-local, IPv4 before IPv6.
    const auto mine = interface_addresses();
    bool seen_v6 = false;
    for (const auto& a : mine) {
        INFO(a);
        CHECK_FALSE(a.starts_with("127."));
        CHECK_FALSE(a.starts_with("169.254."));
        CHECK(a != "::1");
        CHECK_FALSE(a.starts_with("fe80:"));
        const bool v6 = a.find(':') != std::string::npos;
        if (!v6) CHECK_FALSE(seen_v6);
        seen_v6 = seen_v6 || v6;
    }
}
