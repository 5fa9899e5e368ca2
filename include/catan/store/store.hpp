#pragma once
// Durable rooms: one SQLite file (WAL), or a PostgreSQL database, holding each room's row, seats (token
// hashes only), chat, the ordered command log of its current and past games, and periodic state snapshots. Records are plain
// text and numbers: the room layer encodes JSON, the store never interprets it.
//
// Writes are queued and applied in order by one writer thread that commits whatever is queued in one
// transaction (a group commit) and then calls each write's `done`: a caller that acts only in `done`
// never acts on something a crash could take back. Reads are for the start, before rooms run.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace catan::store {

// Whether --data names a PostgreSQL database (a postgresql:// or postgres:// URL) rather than a file.
bool is_database_url(std::string_view data);

// The file cannot be used: unreadable, damaged, not ours, or written by a newer server. The message
// names the file, says what is wrong and what to do. The store never replaces or repairs such a file.
class StoreError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct SeatRecord {
    int seat = 0;
    std::string name;
    std::string token_hash;  // hex SHA-256 of the seat token
    bool host = false;
    std::string bot;         // a bot's level ("basic" ...); empty for a person
};

struct RoomRecord {
    std::string code;
    std::string options;         // JSON: the room's options
    std::string host_key_hash;   // hex SHA-256 of the host key
    std::string phase;           // "lobby", "playing", "finished"
    std::int64_t game = 0;       // games started in this room; the log of game N is kept under N
    std::string game_options;    // JSON: the current game's options with its seed ("" before the first start)
    std::int64_t created_ms = 0; // Unix time in milliseconds
    std::int64_t updated_ms = 0;
    // The room's sequence-number epoch: a restored room's seq starts at epoch << 32. Written when the
    // row is first inserted (create_room: 0; import_room: the document's); then only begin_serving
    // changes it, so save_room never moves it back.
    std::int64_t epoch = 0;
    std::vector<SeatRecord> seats;  // taken seats only
    // A turn-based room: restored when something asks for it (Store::wake_room), never at start.
    bool sleeps = false;
    // Written by save_timer only (save_room never moves them): when the room's next deadline falls
    // due (Unix ms; none: nothing to wake it for), and its turn clock (JSON of the room layer's).
    std::optional<std::int64_t> wake_ms;
    std::string timer;
};

// A room that sleeps in the file, and when it is to be woken (none: only when asked for).
struct SleepingRoom {
    std::string code;
    std::optional<std::int64_t> wake_ms;
};

struct LoggedCommand {
    std::int64_t index = 0;  // 1 for a game's first accepted command, then 2, 3, ... without gaps
    int seat = 0;
    std::string command;     // JSON
};

struct Snapshot {
    std::int64_t index = 0;  // the state after this many commands of the game
    std::string state;       // JSON
};

// A room as the store holds it: enough to rebuild it exactly.
struct StoredRoom {
    RoomRecord room;
    std::vector<std::string> chat;        // JSON entries, oldest first
    std::optional<Snapshot> snapshot;     // the latest of the current game, if any
    // The current game's whole command log, in order: the room re-applies those after the snapshot
    // and keeps them all for its replay record (docs/fairness.md).
    std::vector<LoggedCommand> commands;
};

// `durable`: committed to disk (false: the write failed and nothing of it was kept).
using Done = std::function<void(bool durable)>;

class Store {
public:
    static constexpr int kSchemaVersion = 3;

    // Opens `path`, creating it when it does not exist, checks it and runs pending migrations; a
    // PostgreSQL URL (is_database_url) connects to that database instead, which must exist.
    // Throws StoreError for a file or database it cannot use.
    explicit Store(const std::string& path);
    ~Store();  // commits everything queued, then stops the writer
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    const std::string& path() const;  // the file, or the database's URL without its password
    int schema_version() const;  // of the open file (kSchemaVersion after migrating)

    // ---- a server's start ----
    // Called once by a server that is about to restore and serve the rooms (before load_rooms): moves
    // every room to its next epoch, so each seq it hands out is above every seq an earlier server
    // handed out for that room, and proves with that committed write that the file can be written.
    // Throws StoreError naming the file and what to do when it cannot be (read-only, immutable, a
    // directory that cannot hold the write-ahead log, a full disk).
    void begin_serving();

    // ---- reads (at start) ----
    // Every room a server restores at its start: all but those set aside as corrupt and those that
    // sleep (turn-based rooms, restored when something asks for them).
    std::vector<StoredRoom> load_rooms();
    std::vector<SleepingRoom> sleeping_rooms();  // every room that sleeps (not set aside), by code
    // A sleeping room as load_rooms reads one, moved to its next sequence-number epoch in the same
    // transaction (a woken room hands out seqs above every seq it handed out before); nothing when no
    // room has that code or it was set aside. Waits for the writer's round in progress; any time.
    std::optional<StoredRoom> wake_room(const std::string& code);
    // Sets a room aside (kept for inspection, never restored again); synchronous.
    void set_aside(const std::string& code, const std::string& problem);

    // ---- moving a room between files (`catan-server export` / `import`; synchronous) ----
    // A room with its current game's whole log (`snapshot` empty, `commands` from the first), or
    // nothing when no room has that code. Throws StoreError for a room set aside as corrupt.
    std::optional<StoredRoom> read_room(const std::string& code);
    // Writes `room` (row, seats, chat, every command and its snapshot) in one transaction. Returns
    // false, writing nothing, when a room has that code already and `replace` is false; with
    // `replace` the room there and all its past games are deleted first. Throws StoreError.
    bool import_room(const StoredRoom& room, bool replace);

    // ---- writes (queued; `done` is called on the writer thread, in order, once durable) ----
    void create_room(RoomRecord room, Done done);  // replaces anything left under that code
    void save_room(RoomRecord room, Done done);    // the room row and its seats
    void append_command(const std::string& code, std::int64_t game, LoggedCommand command, std::string phase,
                        std::optional<Snapshot> snapshot, Done done);
    void append_chat(const std::string& code, std::string entry, std::size_t keep, Done done);
    void append_chat(const std::string& code, std::vector<std::string> entries, std::size_t keep, Done done);  // in order
    void delete_room(const std::string& code, Done done);
    // A turn-based room's turn clock and next deadline (RoomRecord::timer, wake_ms).
    void save_timer(const std::string& code, std::string timer, std::optional<std::int64_t> wake_ms, Done done);
    void flush();  // blocks until everything queued before the call is durable

    struct Stats {
        std::uint64_t queued = 0;   // writes ever queued
        std::uint64_t writes = 0;   // writes committed
        std::uint64_t commits = 0;  // transactions (writes / commits: the average group size)
        std::uint64_t failed = 0;   // writes that could not be committed
    };
    Stats stats() const;

    // Whether the data file takes writes: failing from a commit that failed until one succeeds.
    struct Health {
        bool failing = false;
        std::string problem;       // the last failure, as the database reported it (empty when not failing)
        std::int64_t since_ms = 0; // Unix ms of the first failure of this failing spell
    };
    Health health() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Unix time in milliseconds, as the records use it.
std::int64_t now_ms();

}  // namespace catan::store
