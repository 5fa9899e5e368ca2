#pragma once
// The names the host removed from a room's lobby, each until its cooldown is over: someone removed
// does not take a seat again at once by reopening the same link (docs/protocol.md, "Removed players").
// Kept in memory only: a restart forgets them. Names compare as the room compares them (text.hpp
// same_name: case, accents and look-alikes).
#include <algorithm>
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "catan/room/text.hpp"

namespace catan::room {

// How long a removed name may not sit again.
inline constexpr std::chrono::minutes kRemovedCooldown{10};

class Removals {
public:
    using Clock = std::chrono::steady_clock;

    void note(std::string name, Clock::time_point until) {
        removed_.push_back({std::move(name), until});
    }
    // The time left before `name` may sit again (zero: it may now); drops the removals that are over.
    Clock::duration left(std::string_view name, Clock::time_point now) {
        std::erase_if(removed_, [now](const Removal& r) { return r.until <= now; });
        Clock::duration most = Clock::duration::zero();
        for (const Removal& r : removed_)
            if (same_name(r.name, name)) most = std::max(most, r.until - now);
        return most;
    }

private:
    struct Removal {
        std::string name;
        Clock::time_point until;
    };
    std::vector<Removal> removed_;
};

}  // namespace catan::room
