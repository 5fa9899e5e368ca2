#pragma once
// Internal to catan_net: the bytes waiting in WebSocket send queues, per connection, per address and
// in total. A client that stops reading makes the server hold everything sent to it; these limits are
// what bounds that memory (docs/security.md, "Connections and memory"). Lock-free on the send path:
// an account only touches atomics; the address table is locked when a connection opens or closes.
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace catan::room {
class Metrics;
}

namespace catan::net {

class SendBudget {
public:
    struct Limits {
        std::size_t connection;  // bytes queued for one connection
        std::size_t address;     // ... for all connections of one address (room::address_key)
        std::size_t total;       // ... for the whole process
    };
    // What a connection that reads what it is sent holds at most, give or take (updates and chat
    // lines are small; a snapshot, up to ~230 KB, is sent to a connection on joining or asking).
    static constexpr std::size_t kKeepingUp = 64 * 1024;
    // Which limit a refused charge would have crossed.
    enum class Over { none, connection, address, total };

    class Account;

    // `metrics` (optional) gets the total as its catan_send_queue_bytes gauge.
    explicit SendBudget(Limits limits, room::Metrics* metrics = nullptr) : limits_(limits), metrics_(metrics) {}
    SendBudget(const SendBudget&) = delete;
    SendBudget& operator=(const SendBudget&) = delete;

    // The account of a new connection from `remote` ("ip:port", "[v6]:port").
    Account open(std::string_view remote);

    const Limits& limits() const { return limits_; }
    std::size_t total() const { return total_.load(std::memory_order_relaxed); }
    std::size_t address_bytes(std::string_view remote) const;  // (tests, logs)

private:
    struct Address {
        std::atomic<std::size_t> bytes{0};
        std::size_t accounts = 0;  // under mutex_
    };
    void close(const std::string& key);

    const Limits limits_;
    room::Metrics* const metrics_;
    std::atomic<std::size_t> total_{0};
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::unique_ptr<Address>> addresses_;  // only addresses with a connection
};

// One connection's share. Used from the connection's strand only; moves, never copies.
class SendBudget::Account {
public:
    Account() = default;
    Account(Account&& other) noexcept;
    Account& operator=(Account&& other) noexcept;
    ~Account();

    // Counts `bytes` against the three limits; a charge that would cross one is refused (nothing is
    // counted) and the connection should be dropped. A connection with nothing queued passes its own
    // limit with one message (a snapshot bigger than the limit still goes out); one that would hold at
    // most kKeepingUp bytes is keeping up and is never refused for what other connections of its
    // address or of the server hold: the shared limits drop the connections that are behind, not
    // their neighbours.
    Over charge(std::size_t bytes);
    void release(std::size_t bytes);  // a message written or thrown away
    std::size_t bytes() const { return bytes_; }

private:
    friend class SendBudget;
    Account(SendBudget* budget, Address* address, std::string key)
        : budget_(budget), address_(address), key_(std::move(key)) {}
    void reset();

    SendBudget* budget_ = nullptr;
    Address* address_ = nullptr;  // owned by budget_, alive while this account is
    std::string key_;
    std::size_t bytes_ = 0;
};


}  // namespace catan::net
