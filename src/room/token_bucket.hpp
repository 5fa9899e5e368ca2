#pragma once
// One token bucket (a room's chat budget): `rate` tokens a second, at most `burst` saved up,
// starting full. Not thread-safe: it lives inside one room, used on the room's executor only.
#include <algorithm>
#include <chrono>

namespace catan::room {

class TokenBucket {
public:
    using Clock = std::chrono::steady_clock;
    TokenBucket(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}

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
    Clock::time_point last_ = Clock::now();
};

}  // namespace catan::room
