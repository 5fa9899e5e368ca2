#pragma once
// One token bucket: `rate` tokens a second, at most `burst` saved up, starting full. Not
// thread-safe: each lives inside one room (its chat budget) or one connection (its message rate),
// used on that one's executor only. Budgets shared by many connections are AddressLimiter's.
#include <algorithm>
#include <chrono>

namespace catan::room {

class TokenBucket {
public:
    using Clock = std::chrono::steady_clock;
    TokenBucket(double rate, double burst, Clock::time_point now = Clock::now())
        : rate_(rate), burst_(burst), tokens_(burst), last_(now) {}

    bool take(Clock::time_point now = Clock::now()) {
        if (now > last_) {
            tokens_ = std::min(burst_, tokens_ + rate_ * std::chrono::duration<double>(now - last_).count());
            last_ = now;
        }
        if (tokens_ < 1.0) return false;
        tokens_ -= 1.0;
        return true;
    }

private:
    double rate_, burst_, tokens_;
    Clock::time_point last_;
};

}  // namespace catan::room
