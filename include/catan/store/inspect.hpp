#pragma once
// The operator's view of a data file or database (`catan-server rooms`, docs/operating.md "Admin"):
// every room's row and seats with what it costs, read through a connection of its own that never
// writes (SQLite: PRAGMA query_only; PostgreSQL: a read-only transaction), so it is safe beside running
// servers and from a server itself.
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

// Every room of the file at `path`, or of the PostgreSQL database when `path` is a URL (every node's
// rooms), or only `code`'s when given, by code. Throws StoreError when the file is missing, the
// database cannot be reached, or either is not catan-server's. Nothing for a URL whose password was
// left out (Store::path()).
std::vector<RoomUsage> inspect_rooms(const std::string& path, const std::string& code = {});

// `path` as messages show it: a PostgreSQL URL without its password, a file as it is.
std::string printable_data_name(const std::string& path);

}  // namespace catan::store
