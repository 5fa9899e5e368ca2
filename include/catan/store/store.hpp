#pragma once
// Durable rooms: one SQLite file (WAL), or a PostgreSQL database, holding each room's row, seats (token
// hashes only), chat, the ordered command log of its current and past games, and periodic state snapshots. Records are plain
// text and numbers: the room layer encodes JSON, the store never interprets it.
//
// Writes are queued and applied in order by one writer thread that commits whatever is queued in one
// transaction (a group commit) and then calls each write's `done`: a caller that acts only in `done`
// never acts on something a crash could take back. Reads are for the start, before rooms run.
//
// Leases: several servers (nodes) may share one PostgreSQL database, each room served by one of them.
// A Store is opened for a node (StoreOptions::node) and writes a room only while it holds the room:
// rooms.owner names the node, rooms.lease_ms says until when the lease runs (Unix ms) and the room's
// `epoch` is the fence token. Taking a room (begin_serving, take_room, wake_room) moves its epoch on
// (create_room makes a new room this node's at its first epoch), and every writer transaction first
// locks the rows of the rooms it writes and checks that each is still this node's at the epoch this
// Store took it with: a node that was paused, partitioned or slow never writes a room after another
// node took it over (its writes are "fenced": not made). Safety rests on the epoch alone, never on
// clocks: a lease that ran out stays this node's until another node takes the room. The writer renews
// this Store's leases every lease/3.
#include <chrono>
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
    // row is first inserted (create_room: 0; import_room: the document's); then only taking the room
    // (begin_serving, take_room, wake_room) changes it, so save_room never moves it back.
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

// `durable`: committed to disk. False: nothing of it was kept, because the write failed, or because it
// was fenced: the room is not this Store's (another node took it over, it was never taken, or a new
// room's code is in use). Store::holds tells the two apart, and a room lost to another node was
// reported to on_lost before this is called.
using Done = std::function<void(bool durable)>;

// Which node a Store writes for, and how long the leases it takes run.
struct StoreOptions {
    std::string node;  // this server's name among the nodes sharing a database; empty: the host name
    std::chrono::milliseconds lease = std::chrono::seconds(10);
    // Whether the writer renews the leases every lease/3 on its own; without, only renew_leases() does
    // (a node made to stall, in tests).
    bool renew = true;
};

// What take_room found.
struct Take {
    std::optional<StoredRoom> room;  // taken: this Store holds the room now (read as load_rooms reads one)
    // Not taken because another node holds the room under a lease that has not run out: that node, and
    // when its lease ends (Unix ms) unless renewed. Neither field set: no room has that code, or it
    // was set aside as corrupt.
    std::string holder;
    std::int64_t holder_until_ms = 0;
};

class Store {
public:
    static constexpr int kSchemaVersion = 4;

    // Opens `path`, creating it when it does not exist, checks it and runs pending migrations; a
    // PostgreSQL URL (is_database_url) connects to that database instead, which must exist.
    // Throws StoreError for a file or database it cannot use. The tools that do not serve (export,
    // import, backup, inspect) take no lease and need no options.
    explicit Store(const std::string& path, StoreOptions options = {});
    // Commits everything queued, releases every lease it holds (another node may take those rooms at
    // once), then stops the writer.
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    const std::string& path() const;  // the file, or the database's URL without its password
    int schema_version() const;  // of the open file (kSchemaVersion after migrating)
    const std::string& node() const;
    std::chrono::milliseconds lease() const;

    // ---- a server's start ----
    // Called once by a server that is about to restore and serve the rooms (before load_rooms). Takes,
    // in one transaction, every room no other node holds under a lease that has not run out (on
    // PostgreSQL those stay the other node's, untouched; on an SQLite file, which one server serves,
    // every room): each moves to its next epoch, so each seq this server hands out is above every seq
    // an earlier holder handed out for that room, and the awake ones become this node's (the sleeping
    // and set-aside ones free). The committed write also proves that the database takes writes.
    // Throws StoreError naming the file and what to do when it cannot be (read-only, immutable, a
    // directory that cannot hold the write-ahead log, a full disk).
    void begin_serving();

    // ---- reads (at start) ----
    // Every room a server restores at its start: after begin_serving, the awake rooms it took and still
    // holds; on a Store that did not begin serving (a look at the data), every awake room. Never those
    // set aside as corrupt, nor those that sleep (turn-based rooms, restored when something asks for them).
    std::vector<StoredRoom> load_rooms();
    std::vector<SleepingRoom> sleeping_rooms();  // every room that sleeps (not set aside), by code
    // take_room's room: a sleeping room is woken by taking it; nothing also when another node holds it.
    std::optional<StoredRoom> wake_room(const std::string& code);
    // Sets a room aside (kept for inspection, never restored again, its lease freed); synchronous.
    void set_aside(const std::string& code, const std::string& problem);

    // ---- leases ----
    // Takes a room for this node in one transaction, its row locked: when it is free, its lease ran
    // out, or it is this node's already, the room moves to its next epoch (its seqs start above every
    // earlier holder's), this node owns it for one lease length from this moment, and it is read as load_rooms reads a room.
    // A turn-based room stays one (`sleeps` is what it is, not whether it is in memory). Synchronous:
    // waits for the writer's round in progress. Throws StoreError when the database cannot be written.
    Take take_room(const std::string& code);
    // Extends the lease of every room this Store holds, in one statement, and returns (and forgets)
    // those another node took from it. The writer does this every lease/3 on its own;
    // a caller may also, at any time. Rooms found lost are also reported to on_lost.
    std::vector<std::string> renew_leases();
    // Frees the room's lease (a drained, deleted or sleeping room), so another node may take it at
    // once; queued, so every write of the room queued before it is made first. Only while this Store
    // holds the room at the epoch it took it with.
    void release_room(const std::string& code, Done done = nullptr);
    // Whether this Store holds the room (took it and has not found it lost, released or deleted it).
    bool holds(const std::string& code) const;
    // Called once for each room this Store finds it has lost, however it found out (a fenced
    // write, a renewal): on the thread that found out (often the writer's), without the store's locks,
    // before the `done` of that room's fenced writes. The server drops the room. Set it before serving.
    void on_lost(std::function<void(std::string code)> lost);

    // ---- moving a room between files (`catan-server export` / `import`; synchronous) ----
    // A room with its current game's whole log (`snapshot` empty, `commands` from the first), or
    // nothing when no room has that code. Throws StoreError for a room set aside as corrupt.
    std::optional<StoredRoom> read_room(const std::string& code);
    // Writes `room` (row, seats, chat, every command and its snapshot) in one transaction. Returns
    // false, writing nothing, when a room has that code already and `replace` is false; with
    // `replace` the room there and all its past games are deleted first. The room is free (no node
    // holds it): a server takes it at its next start, or with take_room. Throws StoreError.
    bool import_room(const StoredRoom& room, bool replace);

    // ---- writes (queued; `done` is called on the writer thread, in order, once durable) ----
    // Every write of a room is made only while this Store holds the room (fenced otherwise, see Done).
    // A new room, this node's under a fresh lease; fails (not durable) when any room, of any node, has
    // that code already: a room is never replaced by a new one.
    void create_room(RoomRecord room, Done done);
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
        std::uint64_t fenced = 0;   // writes not made: the room was not this Store's (see Done)
    };
    Stats stats() const;

    // Whether the data file takes writes: failing from a commit that failed until one succeeds (a
    // fenced write is no failure of the database).
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
