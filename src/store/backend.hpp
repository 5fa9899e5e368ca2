#pragma once
// What a database engine provides the store (internal to catan_store): the writes a queued operation
// makes inside the writer's transaction, that transaction, and the synchronous reads and writes. The
// Store owns the queue, the writer thread and its group commits; a backend owns one connection and
// is only ever called under the Store's lock, so it needs no locking of its own.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catan/store/store.hpp"

namespace catan::store {

// The node a Store writes for and the length of the leases it takes. Each backend reads the clock it
// compares leases with: PostgreSQL's (so the nodes' clocks need not agree), an SQLite file the process's.
struct Lease {
    std::string node;
    std::int64_t length_ms = 0;
};

// A room this node holds, and the epoch it took it with.
struct Claim {
    std::string code;
    std::int64_t epoch = 0;
};

// A room's row as the writer's transaction locked it: its epoch and owner ("" when free).
struct RoomRow {
    std::string code;
    std::int64_t epoch = 0;
    std::string owner;
};

// The statements of the writer's operations; each throws (any std::exception) when the database
// refuses, and the whole transaction is then rolled back.
class Writes {
public:
    virtual ~Writes() = default;
    virtual void save(const RoomRecord& room) = 0;  // the row (its epoch only when inserted) and its seats
    // A new row (refused by the primary key when the code is in use), owned under a fresh lease, and its seats.
    virtual void insert(const RoomRecord& room, const Lease& lease) = 0;
    virtual void release(const std::string& code) = 0;  // the row's owner and lease cleared
    virtual void erase(const std::string& code) = 0;  // the row, seats, chat, commands and snapshots
    virtual void insert_command(const std::string& code, std::int64_t game, const LoggedCommand& command) = 0;
    virtual void set_phase(const std::string& code, const std::string& phase, std::int64_t updated_ms) = 0;
    // Stores the snapshot (replacing one at that index) and drops the game's earlier ones when `prune`.
    virtual void put_snapshot(const std::string& code, std::int64_t game, const Snapshot& snapshot, bool prune) = 0;
    virtual void insert_chat(const std::string& code, const std::string& entry) = 0;
    virtual void trim_chat(const std::string& code, std::size_t keep) = 0;  // the newest `keep` stay
    virtual void set_timer(const std::string& code, const std::string& timer, std::optional<std::int64_t> wake_ms) = 0;
};

class Backend {
public:
    virtual ~Backend() = default;
    virtual int schema_version() const = 0;

    // The writer's transaction: begin, the operations through writes(), then commit, or rollback
    // after any failure. begin and commit throw (std::exception) with the database's own words.
    virtual void begin() = 0;
    virtual void commit() = 0;
    virtual void rollback() noexcept = 0;
    virtual Writes& writes() = 0;
    // In the writer's transaction, first: locks the rows of `codes` until it ends (a node taking one of
    // those rooms waits for the commit) and returns those that exist.
    virtual std::vector<RoomRow> lock_rooms(const std::vector<std::string>& codes) = 0;

    // The Store's synchronous calls, with its documented meaning; failures are StoreErrors that say
    // what to check.
    // Returns the rooms it took for `lease.node`.
    virtual std::vector<Claim> begin_serving(const Lease& lease) = 0;
    // Every awake room not set aside; only `owner`'s when given.
    virtual std::vector<StoredRoom> load_rooms(const std::optional<std::string>& owner) = 0;
    virtual std::vector<SleepingRoom> sleeping_rooms() = 0;
    virtual Take take_room(const std::string& code, const Lease& lease) = 0;
    // Extends the leases of `held` that are still `lease.node`'s at their epoch; returns the codes of the others.
    virtual std::vector<std::string> renew(const Lease& lease, const std::vector<Claim>& held) = 0;
    virtual void set_aside(const std::string& code, const std::string& problem) = 0;
    virtual std::optional<StoredRoom> read_room(const std::string& code) = 0;
    virtual bool import_room(const StoredRoom& room, bool replace) = 0;
};

// The SQLite file at `path` (created when missing), checked and migrated. Throws StoreError.
std::unique_ptr<Backend> open_sqlite(const std::string& path);
// The PostgreSQL database at `url` (a libpq connection URI), checked and migrated. Throws StoreError.
std::unique_ptr<Backend> open_postgres(const std::string& url);

}  // namespace catan::store
