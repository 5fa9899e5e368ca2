#pragma once
// Which queued writes of one writer transaction are made: only those of rooms this Store holds, at the
// epoch it took them with, as the rows locked at the start of the transaction show them; a new room
// only under a code no row has. Bookkeeping only: the Store makes the writes this admits.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "backend.hpp"

namespace catan::store {

class Fence {
public:
    // `held`: the rooms this Store holds and their epochs; `rows`: what the transaction locked of `codes`
    // (the rooms its writes touch).
    Fence(const std::map<std::string, std::int64_t>& held, const std::vector<std::string>& codes, const std::vector<RoomRow>& rows,
          const std::string& node);

    // Whether a write may be made now; admitting one records what it changes for the writes after it.
    bool write(const std::string& code) const;                 // the row, seats, log, chat, timer of a held room
    bool create(const std::string& code, std::int64_t epoch);  // no row has the code: then held at `epoch`
    bool erase(const std::string& code);                       // a held room: then gone
    bool release(const std::string& code);                     // a held room: then free

    // Rooms `held` has that the rows show are another node's now (or gone): lost, whatever the
    // transaction does.
    const std::vector<std::string>& lost() const { return lost_; }
    // What the admitted writes changed, for `held` once the transaction is committed.
    void settle(std::map<std::string, std::int64_t>& held) const;

private:
    std::map<std::string, std::int64_t> writable_;
    std::set<std::string> present_;  // codes with a row
    std::map<std::string, std::optional<std::int64_t>> changes_;  // held at that epoch after this round, or let go (nullopt)
    std::vector<std::string> lost_;
};

}  // namespace catan::store
