#include "request_limits.hpp"

#include <cmath>

#include <spdlog/spdlog.h>

namespace catan::room {

namespace {

constexpr std::string_view kEveryone = "*";  // the one key of the server-wide buckets

int retry_seconds(double wait) { return std::max(1, static_cast<int>(std::ceil(wait))); }

std::string seconds_text(int s) { return std::to_string(s) + (s == 1 ? " second" : " seconds"); }

}  // namespace

RequestLimits::RequestLimits(const HubOptions& o)
    : lookups_(bucket(o.lookup_rate, o.lookup_burst)),
      unknown_(bucket(o.unknown_lookup_rate, o.unknown_lookup_burst)),
      replays_(bucket(o.replay_rate, o.replay_burst)),
      replays_total_(bucket(o.replay_total_rate, o.replay_total_burst, 1)) {}

std::optional<AddressLimiter> RequestLimits::bucket(double rate, double burst, std::size_t addresses) {
    if (rate <= 0) return std::nullopt;
    return std::optional<AddressLimiter>(std::in_place, rate, std::max(1.0, burst), addresses);
}

std::optional<RequestLimits::Refusal> RequestLimits::lookup(std::string_view remote) {
    if (remote.empty()) return std::nullopt;
    const std::string key = address_key(remote);
    // Checked before the lookup, whatever the code: an address out of unknown codes must not learn
    // from a refusal (unknown) against an answer (known) which codes exist.
    if (unknown_) {
        if (const double wait = unknown_->wait_seconds(key); wait > 0) {
            const int s = retry_seconds(wait);
            spdlog::debug("{}: lookup refused, too many unknown room codes", remote);
            return Refusal{429, "too many lookups of room codes that do not exist from your address; check the code and try again in " + seconds_text(s), s};
        }
    }
    if (lookups_ && !lookups_->take(key)) {
        const int s = retry_seconds(lookups_->wait_seconds(key));
        spdlog::debug("{}: lookup refused, too many lookups", remote);
        return Refusal{429, "too many room lookups from your address; try again in " + seconds_text(s), s};
    }
    return std::nullopt;
}

void RequestLimits::unknown(std::string_view remote) {
    if (!remote.empty() && unknown_) unknown_->take(address_key(remote));
}

std::optional<RequestLimits::Refusal> RequestLimits::replay(std::string_view remote) {
    if (remote.empty()) return std::nullopt;
    const std::string key = address_key(remote);
    if (replays_ && !replays_->take(key)) {
        const int s = retry_seconds(replays_->wait_seconds(key));
        spdlog::debug("{}: replay refused, too many replay requests", remote);
        return Refusal{429, "too many replay requests from your address; try again in " + seconds_text(s), s};
    }
    if (replays_total_ && !replays_total_->take(kEveryone)) {
        const int s = retry_seconds(replays_total_->wait_seconds(kEveryone));
        spdlog::debug("{}: replay refused, the server is answering too many", remote);
        return Refusal{503, "the server is answering too many replay requests; try again in " + seconds_text(s), s};
    }
    return std::nullopt;
}

}  // namespace catan::room
