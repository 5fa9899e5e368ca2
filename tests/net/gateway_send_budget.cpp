// SendBudget (src/net/send_budget.*): the bytes queued for WebSockets, per connection, per address
// and in total, and who is refused when a limit is reached.
#include <catch2/catch.hpp>

#include "send_budget.hpp"

using catan::net::SendBudget;
using Over = SendBudget::Over;

namespace {

constexpr std::size_t kKiB = 1024;

}  // namespace

TEST_CASE("send budget: a connection is refused past its own limit, which an empty queue may pass once", "[net][budget]") {
    SendBudget budget({100 * kKiB, 1000 * kKiB, 10000 * kKiB});
    auto a = budget.open("10.0.0.1:5000");
    CHECK(a.charge(300 * kKiB) == Over::none);  // one message over the limit, to an empty queue
    CHECK(a.charge(1) == Over::connection);     // anything more is refused, and not counted
    CHECK(a.bytes() == 300 * kKiB);
    a.release(300 * kKiB);
    CHECK(a.charge(60 * kKiB) == Over::none);
    CHECK(a.charge(40 * kKiB) == Over::none);  // exactly at the limit
    CHECK(a.charge(1) == Over::connection);
    CHECK(budget.total() == 100 * kKiB);
}

TEST_CASE("send budget: an address's limit drops the connections that are behind, not a reader", "[net][budget]") {
    SendBudget budget({1000 * kKiB, 300 * kKiB, 10000 * kKiB});
    auto slow1 = budget.open("10.0.0.1:1");
    auto slow2 = budget.open("10.0.0.1:2");
    auto reader = budget.open("10.0.0.1:3");
    auto elsewhere = budget.open("10.0.0.2:1");
    CHECK(slow1.charge(200 * kKiB) == Over::none);
    CHECK(slow2.charge(100 * kKiB) == Over::none);
    CHECK(budget.address_bytes("10.0.0.1:9") == 300 * kKiB);
    CHECK(slow1.charge(10 * kKiB) == Over::address);
    CHECK(reader.charge(2 * kKiB) == Over::none);  // keeping up: a few KB of updates still go out
    CHECK(reader.charge(SendBudget::kKeepingUp) == Over::address);  // but not a queue of its own
    CHECK(elsewhere.charge(250 * kKiB) == Over::none);  // other addresses have their own
    CHECK(budget.address_bytes("10.0.0.2:7") == 250 * kKiB);
}

TEST_CASE("send budget: the process limit, and closing an account gives everything back", "[net][budget]") {
    SendBudget budget({1000 * kKiB, 1000 * kKiB, 500 * kKiB});
    {
        auto a = budget.open("10.0.0.1:1");
        auto b = budget.open("[2001:db8::1]:443");
        CHECK(a.charge(400 * kKiB) == Over::none);
        // An empty queue is spared the connection limit only: a big message over the total is refused.
        CHECK(b.charge(200 * kKiB) == Over::total);
        CHECK(b.charge(4 * kKiB) == Over::none);  // small ones still go to a connection keeping up
        CHECK(budget.total() == 404 * kKiB);
        SendBudget::Account moved = std::move(a);  // the bytes go with it
        CHECK(moved.bytes() == 400 * kKiB);
        CHECK(budget.total() == 404 * kKiB);
    }
    CHECK(budget.total() == 0);
    CHECK(budget.address_bytes("10.0.0.1:1") == 0);
    CHECK(budget.address_bytes("[2001:db8::2]:80") == 0);  // the same /64, gone with its last account
}
