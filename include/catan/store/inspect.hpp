#pragma once
// The operator's view of a data file (`catan-server rooms`, docs/operating.md "Admin"): every room's
// row and seats with what it costs, read through a connection of its own that never writes
// (PRAGMA query_only), so it is safe beside a running server (WAL) and from the server itself.
#include <cstdint>
#include <string>
#include <vector>

#include "catan/store/store.hpp"

namespace catan::store {

struct RoomUsage {
    RoomRecord room;              // its row and taken seats (token hashes included: never print them)
    std::string problem;          // set aside as corrupt: why (such a room is not served)
    std::int64_t commands = 0;    // in the current game's log
    std::int64_t bytes = 0;       // of all its records: row, seats, chat, command logs, snapshots
    std::int64_t chat_lines = 0;
};

// Every room of the file at `path` (or only `code`'s, when given), by code. Throws StoreError when
// the file is missing or is not a catan-server data file; nothing for a PostgreSQL URL (not read there yet).
std::vector<RoomUsage> inspect_rooms(const std::string& path, const std::string& code = {});

}  // namespace catan::store
