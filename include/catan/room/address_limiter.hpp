#pragma once
// Per-address budgets: a connection's own limits bound what one socket may spend, these bound what
// one address may spend across all its sockets (rooms created, lookups, replays, chat lines). An
// IPv6 address counts by its /64, the block one subscriber usually holds. Thread-safe.
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace catan::room {

// The key per-address limits use for a peer "ip:port", "[v6]:port" or a bare address: the IPv4
// address, or the first 64 bits of an IPv6 one (an IPv4-mapped IPv6 address counts as IPv4).
// Anything unparsable is its own key.
std::string address_key(std::string_view remote);

// A token bucket per address: `rate` per second, at most `burst` saved up, each address starting
// full. Memory stays bounded: at most `max_addresses` are remembered; past that, addresses whose
// bucket has refilled are forgotten first (forgetting them changes nothing), then the least recently
// seen.
class AddressLimiter {
public:
    using Clock = std::chrono::steady_clock;
    AddressLimiter(double rate, double burst, std::size_t max_addresses = 65536);

    // Takes one token from this address's bucket if it has one.
    bool take(std::string_view key, Clock::time_point now = Clock::now());
    // Seconds until this address has a token again (0 if it has one now); for Retry-After.
    double wait_seconds(std::string_view key, Clock::time_point now = Clock::now()) const;
    std::size_t tracked() const;

    double rate() const { return rate_; }
    double burst() const { return burst_; }

private:
    struct Bucket {
        double tokens;
        Clock::time_point last;
    };
    double refilled(const Bucket& b, Clock::time_point now) const;
    void make_room(Clock::time_point now);

    const double rate_, burst_;
    const std::size_t max_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace catan::room
