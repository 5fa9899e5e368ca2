#pragma once
// play --replay-clients N: N HTTP/1.1 keep-alive clients, on a thread of their
// own, that ask for the replay record of one playing room (the first room, and the room that replaces
// it) over and over, each sending its next request as soon as the answer is in, refusals included,
// as an attacker ignoring Retry-After would. The room's own command latency is reported apart from the
// other rooms'.
#include <cstdint>
#include <memory>
#include <string>

namespace loadgen {

// The code of the room whose record is asked for; set by that room once it is created.
void set_replay_target(const std::string& code);

struct ReplayCounts {
    std::uint64_t ok = 0;        // 200: a record
    std::uint64_t refused = 0;   // 429 or 503: a rate limit
    std::uint64_t other = 0;     // any other status
    std::uint64_t failures = 0;  // connections that failed
    std::uint64_t bytes = 0;     // record bytes received
    double ok_p50_ms = 0, ok_p99_ms = 0;  // time to a 200 answer
};

class ReplayHammer {
public:
    explicit ReplayHammer(int clients);
    ~ReplayHammer();
    void start();
    void stop();  // joins the thread; counts() is final afterwards
    ReplayCounts counts() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace loadgen
