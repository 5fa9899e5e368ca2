// Per-address budgets: keys, refill, and memory that stays bounded under many addresses.
#include <catch2/catch.hpp>

#include "catan/room/address_limiter.hpp"

using catan::room::address_key;
using catan::room::AddressLimiter;
using namespace std::chrono_literals;

TEST_CASE("address_key: IPv4 without its port, IPv6 by its /64, mapped IPv4 as IPv4", "[limits]") {
    CHECK(address_key("203.0.113.7:51234") == "203.0.113.7");
    CHECK(address_key("203.0.113.7") == "203.0.113.7");
    CHECK(address_key("[2001:db8:1:2:aaaa::1]:443") == "2001:0db8:0001:0002::/64");
    CHECK(address_key("[2001:db8:1:2:bbbb::9]:80") == address_key("[2001:db8:1:2:aaaa::1]:443"));
    CHECK(address_key("[2001:db8:1:3::1]:80") != address_key("[2001:db8:1:2::1]:80"));
    CHECK(address_key("[::ffff:198.51.100.4]:9") == "198.51.100.4");
    CHECK(address_key("::1") == "0000:0000:0000:0000::/64");
    CHECK(address_key("not an address") == "not an address");
}

TEST_CASE("AddressLimiter: a burst, then the rate, addresses do not share a bucket", "[limits]") {
    const auto t0 = AddressLimiter::Clock::now();
    AddressLimiter limiter(2.0, 5.0);
    for (int i = 0; i < 5; ++i) CHECK(limiter.take("a", t0));
    CHECK_FALSE(limiter.take("a", t0));
    CHECK(limiter.wait_seconds("a", t0) == Approx(0.5));
    CHECK(limiter.take("b", t0));  // another address has its own burst
    CHECK_FALSE(limiter.take("a", t0 + 400ms));
    CHECK(limiter.take("a", t0 + 500ms));
    CHECK_FALSE(limiter.take("a", t0 + 500ms));
    CHECK(limiter.wait_seconds("never seen", t0) == 0);
}

TEST_CASE("AddressLimiter: memory is bounded and forgetting never hands a busy address a fresh burst first", "[limits]") {
    const auto t0 = AddressLimiter::Clock::now();
    AddressLimiter limiter(1.0, 3.0, 64);
    for (int i = 0; i < 3; ++i) REQUIRE(limiter.take("busy", t0 + 10s));
    for (int i = 0; i < 1000; ++i) {
        (void)limiter.take("idle" + std::to_string(i), t0 + std::chrono::milliseconds(i));
        REQUIRE(limiter.tracked() <= 64);
    }
    // The idle addresses were seen before "busy" (at t0 + i ms < t0 + 10 s) and are evicted first.
    CHECK_FALSE(limiter.take("busy", t0 + 10s));
}
