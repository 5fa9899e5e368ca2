// Per-address token buckets with bounded memory, and the /64 key of IPv6 addresses.
#include "catan/room/address_limiter.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <vector>

#include <arpa/inet.h>

namespace catan::room {

namespace {

// "1.2.3.4:5678" -> "1.2.3.4", "[::1]:80" -> "::1", a bare address unchanged.
std::string_view host_part(std::string_view remote) {
    if (remote.starts_with('[')) {
        const auto close = remote.find(']');
        return close == std::string_view::npos ? remote : remote.substr(1, close - 1);
    }
    const auto colon = remote.find(':');
    if (colon != std::string_view::npos && remote.find(':', colon + 1) == std::string_view::npos)
        return remote.substr(0, colon);  // one colon: IPv4 with a port
    return remote;                        // none, or several: a bare IPv6 address
}

}  // namespace

std::string address_key(std::string_view remote) {
    const std::string host(host_part(remote));
    std::array<unsigned char, 16> v6{};
    if (inet_pton(AF_INET6, host.c_str(), v6.data()) == 1) {
        const bool mapped = std::all_of(v6.begin(), v6.begin() + 10, [](unsigned char c) { return c == 0; }) &&
                            v6[10] == 0xff && v6[11] == 0xff;
        char text[64];
        if (mapped) {
            std::snprintf(text, sizeof text, "%u.%u.%u.%u", v6[12], v6[13], v6[14], v6[15]);
        } else {
            std::snprintf(text, sizeof text, "%02x%02x:%02x%02x:%02x%02x:%02x%02x::/64", v6[0], v6[1], v6[2], v6[3], v6[4],
                          v6[5], v6[6], v6[7]);
        }
        return text;
    }
    return host;
}

AddressLimiter::AddressLimiter(double rate, double burst, std::size_t max_addresses)
    : rate_(rate), burst_(burst), max_(std::max<std::size_t>(1, max_addresses)) {}

double AddressLimiter::refilled(const Bucket& b, Clock::time_point now) const {
    if (now <= b.last) return b.tokens;
    return std::min(burst_, b.tokens + rate_ * std::chrono::duration<double>(now - b.last).count());
}

bool AddressLimiter::take(std::string_view key, Clock::time_point now) {
    const std::lock_guard lock(mutex_);
    auto it = buckets_.find(std::string(key));
    if (it == buckets_.end()) {
        if (buckets_.size() >= max_) make_room(now);
        it = buckets_.emplace(std::string(key), Bucket{burst_, now}).first;
    }
    Bucket& b = it->second;
    b.tokens = refilled(b, now);
    b.last = std::max(b.last, now);
    if (b.tokens < 1.0) return false;
    b.tokens -= 1.0;
    return true;
}

double AddressLimiter::wait_seconds(std::string_view key, Clock::time_point now) const {
    const std::lock_guard lock(mutex_);
    const auto it = buckets_.find(std::string(key));
    if (it == buckets_.end()) return 0;
    const double tokens = refilled(it->second, now);
    if (tokens >= 1.0 || rate_ <= 0) return 0;
    return (1.0 - tokens) / rate_;
}

std::size_t AddressLimiter::tracked() const {
    const std::lock_guard lock(mutex_);
    return buckets_.size();
}

// Called with the lock held and the map full. Forgetting a full bucket is free (a new one starts
// full); when none is full, the least recently seen eighth goes, so the scan is paid once per
// max_/8 new addresses.
void AddressLimiter::make_room(Clock::time_point now) {
    std::erase_if(buckets_, [&](const auto& kv) { return refilled(kv.second, now) >= burst_; });
    if (buckets_.size() < max_) return;
    std::vector<Clock::time_point> seen;
    seen.reserve(buckets_.size());
    for (const auto& [key, b] : buckets_) seen.push_back(b.last);
    const std::size_t drop = std::max<std::size_t>(1, buckets_.size() / 8);
    std::nth_element(seen.begin(), seen.begin() + static_cast<std::ptrdiff_t>(drop - 1), seen.end());
    const auto cutoff = seen[drop - 1];
    std::erase_if(buckets_, [&](const auto& kv) { return kv.second.last <= cutoff; });
}

}  // namespace catan::room
