// The store: one SQLite connection shared (under a mutex) by the start-up reads and the writer
// thread. The writer drains the queue into one transaction per round, so the cost of a commit's
// fsync is shared by every room that wrote meanwhile; `done` callbacks run only after COMMIT returns.
#include "catan/store/store.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <thread>

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include "schema.hpp"
#include "sqlite.hpp"

namespace catan::store {

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

namespace {

constexpr std::size_t kMaxGroup = 4096;  // writes per transaction at most (bounds a round's latency)

// The writer's prepared statements (SQLite keeps their plans across transactions).
struct Writes {
    explicit Writes(sql::Db& db)
        : upsert_room(db.prepare(
              "INSERT INTO rooms(code, options, host_key_hash, phase, game, game_options, created_ms, updated_ms, epoch, sleeps)"
              " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) ON CONFLICT(code) DO UPDATE SET options = ?2, host_key_hash = ?3,"
              " phase = ?4, game = ?5, game_options = ?6, updated_ms = ?8, sleeps = ?10")),
          set_timer(db.prepare("UPDATE rooms SET timer = ?, wake_ms = ? WHERE code = ?")),
          delete_seats(db.prepare("DELETE FROM seats WHERE code = ?")),
          insert_seat(db.prepare("INSERT INTO seats(code, seat, name, token_hash, host, bot) VALUES(?, ?, ?, ?, ?, ?)")),
          insert_command(db.prepare("INSERT INTO commands(code, game, idx, seat, command) VALUES(?, ?, ?, ?, ?)")),
          set_phase(db.prepare("UPDATE rooms SET phase = ?, updated_ms = ? WHERE code = ?")),
          insert_snapshot(db.prepare("INSERT OR REPLACE INTO snapshots(code, game, idx, state) VALUES(?, ?, ?, ?)")),
          prune_snapshots(db.prepare("DELETE FROM snapshots WHERE code = ? AND game = ? AND idx < ?")),
          insert_chat(db.prepare("INSERT INTO chat(code, entry) VALUES(?, ?)")),
          trim_chat(db.prepare("DELETE FROM chat WHERE code = ?1 AND id <= (SELECT id FROM chat WHERE code = ?1"
                               " ORDER BY id DESC LIMIT 1 OFFSET ?2)")),
          delete_room{db.prepare("DELETE FROM rooms WHERE code = ?"), db.prepare("DELETE FROM seats WHERE code = ?"),
                      db.prepare("DELETE FROM chat WHERE code = ?"), db.prepare("DELETE FROM commands WHERE code = ?"),
                      db.prepare("DELETE FROM snapshots WHERE code = ?")} {}

    sql::Statement upsert_room, set_timer, delete_seats, insert_seat, insert_command, set_phase, insert_snapshot, prune_snapshots,
        insert_chat, trim_chat;
    std::array<sql::Statement, 5> delete_room;

    void save(const RoomRecord& r) {
        upsert_room.reset().bind(1, r.code).bind(2, r.options).bind(3, r.host_key_hash).bind(4, r.phase).bind(5, r.game);
        upsert_room.bind(6, r.game_options).bind(7, r.created_ms).bind(8, r.updated_ms).bind(9, r.epoch).bind(10, r.sleeps ? 1 : 0).run();
        delete_seats.reset().bind(1, r.code).run();
        for (const SeatRecord& s : r.seats)
            insert_seat.reset().bind(1, r.code).bind(2, s.seat).bind(3, s.name).bind(4, s.token_hash).bind(5, s.host ? 1 : 0).bind(6, s.bot).run();
    }
    void erase(const std::string& code) {
        for (sql::Statement& s : delete_room) s.reset().bind(1, code).run();
    }
};

struct Op {
    std::function<void(Writes&)> write;
    Done done;
};

}  // namespace

struct Store::Impl {
    std::string path;
    int version = 0;
    std::mutex db_mutex;  // the connection: the writer's rounds and the start-up reads
    std::unique_ptr<sql::Db> db;
    std::unique_ptr<Writes> writes;

    std::mutex queue_mutex;
    std::condition_variable queued;     // the writer waits for work
    std::condition_variable committed;  // flush() waits for the writer
    std::deque<Op> queue;
    std::uint64_t enqueued = 0;  // writes ever queued
    std::uint64_t finished = 0;  // writes whose `done` has run
    bool stopping = false;
    Stats stats;
    std::thread writer;

    mutable std::mutex health_mutex;
    Health health;
    std::string last_error;  // the writer's, of its latest failed commit (db_mutex)

    void record_round(bool all_durable) {
        const std::lock_guard lock(health_mutex);
        if (all_durable) {
            if (health.failing) spdlog::info("store: {} takes writes again", path);
            health = {};
            return;
        }
        if (!health.failing) health.since_ms = now_ms();
        health.failing = true;
        health.problem = last_error;
    }

    void enqueue(std::function<void(Writes&)> write, Done done) {
        {
            const std::lock_guard lock(queue_mutex);
            queue.push_back({std::move(write), std::move(done)});
            ++enqueued;
        }
        queued.notify_one();
    }

    // One transaction for `ops`; false (rolled back) when any of them failed.
    bool commit(std::deque<Op>::iterator first, std::deque<Op>::iterator last) {
        try {
            db->exec("BEGIN IMMEDIATE");
        } catch (const sql::Error& e) {
            spdlog::error("store: cannot begin a transaction: {}", e.what());
            last_error = e.what();
            return false;
        }
        try {
            for (auto it = first; it != last; ++it) it->write(*writes);
            db->exec("COMMIT");
            return true;
        } catch (const std::exception& e) {
            spdlog::error("store: a write failed: {}", e.what());
            last_error = e.what();
            try {
                db->exec("ROLLBACK");
            } catch (const std::exception& rollback) {
                spdlog::error("store: rollback failed: {}", rollback.what());
            }
            return false;
        }
    }

    void run() {
        for (;;) {
            std::deque<Op> batch;
            {
                std::unique_lock lock(queue_mutex);
                queued.wait(lock, [&] { return stopping || !queue.empty(); });
                if (queue.empty()) return;  // stopping, and everything is written
                const std::size_t n = std::min(queue.size(), kMaxGroup);
                batch.insert(batch.end(), std::make_move_iterator(queue.begin()), std::make_move_iterator(queue.begin() + n));
                queue.erase(queue.begin(), queue.begin() + n);
            }
            std::vector<bool> durable(batch.size(), true);
            {
                const std::lock_guard lock(db_mutex);
                if (!commit(batch.begin(), batch.end())) {
                    // One bad write must not cost the others: each on its own, only the failing one is lost.
                    for (std::size_t i = 0; i < batch.size(); ++i) durable[i] = commit(batch.begin() + i, batch.begin() + i + 1);
                }
            }
            const auto ok = static_cast<std::uint64_t>(std::count(durable.begin(), durable.end(), true));
            std::uint64_t commits = 1;
            // Before the callbacks: whoever hears of a failed write (a room, a REST answer) finds it in health().
            record_round(ok == batch.size());
            for (std::size_t i = 0; i < batch.size(); ++i) {
                if (batch[i].done) {
                    try {
                        batch[i].done(durable[i]);
                    } catch (const std::exception& e) {
                        spdlog::error("store: a commit callback failed: {}", e.what());
                    }
                }
            }
            const std::size_t done_count = batch.size();
            if (ok != done_count) commits += done_count;
            // The callbacks' captures (rooms, and through them this store) go before flush() hears the
            // round is done: once it returns, nothing of the caller's is released on this thread.
            batch.clear();
            {
                const std::lock_guard lock(queue_mutex);
                finished += done_count;
                stats.writes += ok;
                stats.failed += done_count - ok;
                stats.commits += commits;
            }
            committed.notify_all();
        }
    }
};

Store::Store(const std::string& path) : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    std::error_code ec;
    const bool was_empty = std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) == 0 && !ec;
    try {
        impl_->db = std::make_unique<sql::Db>(path, /*create=*/true);
    } catch (const sql::Error& e) {
        throw StoreError(std::string(e.what()) + ". Check that the directory exists and is writable, or pass another file with --data.");
    }
    impl_->version = prepare_schema(*impl_->db);
    try {
        impl_->writes = std::make_unique<Writes>(*impl_->db);
    } catch (const sql::Error& e) {
        throw StoreError(path + ": the schema is not what this server expects (" + e.what() + ").");
    }
    // An empty file is what a failed copy or restore, or a truncation, leaves: it opens as a new file
    // with no rooms, which is right only if nobody expected rooms in it.
    if (was_empty)
        spdlog::warn("{} existed but was empty (0 bytes): starting with no rooms. If it should hold rooms, stop the server"
                     " and restore the file from a backup.", path);
    impl_->writer = std::thread([impl = impl_.get()] { impl->run(); });
}

Store::~Store() {
    if (std::this_thread::get_id() == impl_->writer.get_id()) {
        // The last owner let go inside a `done` callback: the writer cannot join itself. Everything
        // was written; the thread ends when the callback returns, so its state is left to it.
        spdlog::warn("store: released from its own writer thread; {} stays open until the process exits", impl_->path);
        impl_->writer.detach();
        static_cast<void>(impl_.release());
        return;
    }
    {
        const std::lock_guard lock(impl_->queue_mutex);
        impl_->stopping = true;
    }
    impl_->queued.notify_one();
    impl_->writer.join();
    impl_->writes.reset();  // statements before the connection
}

const std::string& Store::path() const { return impl_->path; }
int Store::schema_version() const { return impl_->version; }

void Store::flush() {
    std::unique_lock lock(impl_->queue_mutex);
    const std::uint64_t target = impl_->enqueued;
    impl_->committed.wait(lock, [&] { return impl_->finished >= target; });
}

Store::Health Store::health() const {
    const std::lock_guard lock(impl_->health_mutex);
    return impl_->health;
}

Store::Stats Store::stats() const {
    const std::lock_guard lock(impl_->queue_mutex);
    Stats s = impl_->stats;
    s.queued = impl_->enqueued;
    return s;
}

void Store::create_room(RoomRecord room, Done done) {
    impl_->enqueue(
        [room = std::move(room)](Writes& w) {
            w.erase(room.code);
            w.save(room);
        },
        std::move(done));
}

void Store::save_room(RoomRecord room, Done done) {
    impl_->enqueue([room = std::move(room)](Writes& w) { w.save(room); }, std::move(done));
}

void Store::append_command(const std::string& code, std::int64_t game, LoggedCommand c, std::string phase,
                           std::optional<Snapshot> snapshot, Done done) {
    impl_->enqueue(
        [code, game, c = std::move(c), phase = std::move(phase), snapshot = std::move(snapshot)](Writes& w) {
            w.insert_command.reset().bind(1, code).bind(2, game).bind(3, c.index).bind(4, c.seat).bind(5, c.command).run();
            w.set_phase.reset().bind(1, phase).bind(2, now_ms()).bind(3, code).run();
            if (snapshot) {
                w.insert_snapshot.reset().bind(1, code).bind(2, game).bind(3, snapshot->index).bind(4, snapshot->state).run();
                w.prune_snapshots.reset().bind(1, code).bind(2, game).bind(3, snapshot->index).run();
            }
        },
        std::move(done));
}

void Store::append_chat(const std::string& code, std::string entry, std::size_t keep, Done done) {
    std::vector<std::string> entries;
    entries.push_back(std::move(entry));
    append_chat(code, std::move(entries), keep, std::move(done));
}

void Store::append_chat(const std::string& code, std::vector<std::string> entries, std::size_t keep, Done done) {
    impl_->enqueue(
        [code, entries = std::move(entries), keep](Writes& w) {
            for (const std::string& entry : entries) w.insert_chat.reset().bind(1, code).bind(2, entry).run();
            w.trim_chat.reset().bind(1, code).bind(2, static_cast<std::int64_t>(keep)).run();
        },
        std::move(done));
}

void Store::delete_room(const std::string& code, Done done) {
    impl_->enqueue([code](Writes& w) { w.erase(code); }, std::move(done));
}

void Store::save_timer(const std::string& code, std::string timer, std::optional<std::int64_t> wake_ms, Done done) {
    impl_->enqueue(
        [code, timer = std::move(timer), wake_ms](Writes& w) {
            w.set_timer.reset().bind(1, timer);
            if (wake_ms)
                w.set_timer.bind(2, *wake_ms);
            else
                w.set_timer.bind_null(2);
            w.set_timer.bind(3, code).run();
        },
        std::move(done));
}

}  // namespace catan::store

namespace catan::store {

namespace {

// The statements that read a room back, and the reading of one from a `rooms` row.
struct Reads {
    explicit Reads(sql::Db& db)
        : seats(db.prepare("SELECT seat, name, token_hash, host, bot FROM seats WHERE code = ? ORDER BY seat")),
          chat(db.prepare("SELECT entry FROM chat WHERE code = ? ORDER BY id")),
          snapshot(db.prepare("SELECT idx, state FROM snapshots WHERE code = ? AND game = ? ORDER BY idx DESC LIMIT 1")),
          commands(db.prepare("SELECT idx, seat, command FROM commands WHERE code = ? AND game = ? ORDER BY idx")) {}
    sql::Statement seats, chat, snapshot, commands;

    static constexpr const char* kRoomColumns =
        "code, options, host_key_hash, phase, game, game_options, created_ms, updated_ms, epoch, sleeps, wake_ms, timer";
    static constexpr int kProblemColumn = 12;  // after kRoomColumns, where a query adds it

    // Every command of the current game (a room keeps its whole log for the replay record); unless
    // `no_snapshot` (export) also the latest snapshot, from which a restore re-applies the later ones.
    StoredRoom read(const sql::Statement& row, bool no_snapshot) {
        StoredRoom s;
        RoomRecord& r = s.room;
        r.code = row.column_text(0);
        r.options = row.column_text(1);
        r.host_key_hash = row.column_text(2);
        r.phase = row.column_text(3);
        r.game = row.column_int(4);
        r.game_options = row.column_text(5);
        r.created_ms = row.column_int(6);
        r.updated_ms = row.column_int(7);
        r.epoch = row.column_int(8);
        r.sleeps = row.column_int(9) != 0;
        if (!row.column_null(10)) r.wake_ms = row.column_int(10);
        r.timer = row.column_text(11);
        seats.reset().bind(1, r.code);
        while (seats.step())
            r.seats.push_back({static_cast<int>(seats.column_int(0)), seats.column_text(1), seats.column_text(2), seats.column_int(3) != 0,
                               seats.column_text(4)});
        chat.reset().bind(1, r.code);
        while (chat.step()) s.chat.push_back(chat.column_text(0));
        if (!no_snapshot) {
            snapshot.reset().bind(1, r.code).bind(2, r.game);
            if (snapshot.step()) s.snapshot = Snapshot{snapshot.column_int(0), snapshot.column_text(1)};
        }
        commands.reset().bind(1, r.code).bind(2, r.game);
        while (commands.step())
            s.commands.push_back({commands.column_int(0), static_cast<int>(commands.column_int(1)), commands.column_text(2)});
        return s;
    }
};

// Runs `read` inside one read transaction of `db`; an SQLite failure becomes a StoreError.
template <class Read>
auto consistent_read(sql::Db& db, const std::string& path, Read read) {
    try {
        db.exec("BEGIN");
        auto out = read();
        db.exec("COMMIT");
        return out;
    } catch (const sql::Error& e) {
        try {
            db.exec("ROLLBACK");
        } catch (const sql::Error&) {
        }
        throw StoreError(path + ": cannot read the rooms (" + e.what() + "). Nothing in it was changed. Restore it from" +
                         " a backup, or move it aside to start with no rooms, or pass another file with --data.");
    }
}

}  // namespace

std::vector<StoredRoom> Store::load_rooms() {
    const std::lock_guard lock(impl_->db_mutex);
    sql::Db& db = *impl_->db;
    return consistent_read(db, impl_->path, [&] {
        Reads reads(db);
        sql::Statement rooms = db.prepare(std::string("SELECT ") + Reads::kRoomColumns + " FROM rooms WHERE problem IS NULL AND sleeps = 0 ORDER BY code");
        std::vector<StoredRoom> out;
        while (rooms.step()) out.push_back(reads.read(rooms, /*no_snapshot=*/false));
        return out;
    });
}

std::vector<SleepingRoom> Store::sleeping_rooms() {
    const std::lock_guard lock(impl_->db_mutex);
    sql::Db& db = *impl_->db;
    return consistent_read(db, impl_->path, [&] {
        sql::Statement rooms = db.prepare("SELECT code, wake_ms FROM rooms WHERE problem IS NULL AND sleeps = 1 ORDER BY code");
        std::vector<SleepingRoom> out;
        while (rooms.step()) {
            SleepingRoom& r = out.emplace_back();
            r.code = rooms.column_text(0);
            if (!rooms.column_null(1)) r.wake_ms = rooms.column_int(1);
        }
        return out;
    });
}

std::optional<StoredRoom> Store::wake_room(const std::string& code) {
    const std::lock_guard lock(impl_->db_mutex);
    sql::Db& db = *impl_->db;
    try {
        db.exec("BEGIN IMMEDIATE");  // the epoch's move and the read see the same file
        try {
            sql::Statement bump = db.prepare("UPDATE rooms SET epoch = epoch + 1 WHERE code = ? AND problem IS NULL");
            bump.bind(1, code).run();
            Reads reads(db);
            sql::Statement row = db.prepare(std::string("SELECT ") + Reads::kRoomColumns + " FROM rooms WHERE code = ? AND problem IS NULL");
            row.bind(1, code);
            std::optional<StoredRoom> room;
            if (row.step()) room = reads.read(row, /*no_snapshot=*/false);
            db.exec("COMMIT");
            return room;
        } catch (...) {
            try {
                db.exec("ROLLBACK");
            } catch (const sql::Error&) {
            }
            throw;
        }
    } catch (const sql::Error& e) {
        throw StoreError(impl_->path + ": cannot wake room " + code + " (" + e.what() + "). Check that the file is on a" +
                         " writable local disk; the room stays in the file.");
    }
}

std::optional<StoredRoom> Store::read_room(const std::string& code) {
    const std::lock_guard lock(impl_->db_mutex);
    sql::Db& db = *impl_->db;
    std::string problem;
    auto room = consistent_read(db, impl_->path, [&]() -> std::optional<StoredRoom> {
        Reads reads(db);
        sql::Statement row = db.prepare(std::string("SELECT ") + Reads::kRoomColumns + ", problem FROM rooms WHERE code = ?");
        row.bind(1, code);
        if (!row.step()) return std::nullopt;
        if (!row.column_null(Reads::kProblemColumn)) problem = row.column_text(Reads::kProblemColumn);
        return reads.read(row, /*no_snapshot=*/true);
    });
    if (!problem.empty())
        throw StoreError(impl_->path + ": room " + code + " was set aside as corrupt (" + problem +
                         ") and cannot be exported; inspect it with sqlite3.");
    return room;
}

bool Store::import_room(const StoredRoom& s, bool replace) {
    const std::lock_guard lock(impl_->db_mutex);
    sql::Db& db = *impl_->db;
    Writes& w = *impl_->writes;
    const RoomRecord& r = s.room;
    try {
        db.exec("BEGIN IMMEDIATE");  // the existence check and the writes see the same file
        try {
            sql::Statement exists = db.prepare("SELECT 1 FROM rooms WHERE code = ?");
            exists.bind(1, r.code);
            if (exists.step() && !replace) {
                db.exec("ROLLBACK");
                return false;
            }
            w.erase(r.code);
            w.save(r);
            for (const std::string& entry : s.chat) w.insert_chat.reset().bind(1, r.code).bind(2, entry).run();
            for (const LoggedCommand& c : s.commands)
                w.insert_command.reset().bind(1, r.code).bind(2, r.game).bind(3, c.index).bind(4, c.seat).bind(5, c.command).run();
            if (s.snapshot) w.insert_snapshot.reset().bind(1, r.code).bind(2, r.game).bind(3, s.snapshot->index).bind(4, s.snapshot->state).run();
            db.exec("COMMIT");
            return true;
        } catch (...) {
            db.exec("ROLLBACK");
            throw;
        }
    } catch (const sql::Error& e) {
        throw StoreError(impl_->path + ": cannot write room " + r.code + " (" + e.what() + "). Nothing was written." +
                         " Check that the file is on a writable local disk and try again.");
    }
}

void Store::begin_serving() {
    const std::lock_guard lock(impl_->db_mutex);
    sql::Db& db = *impl_->db;
    const bool read_only = sqlite3_db_readonly(db.handle(), "main") == 1;
    try {
        db.exec("BEGIN IMMEDIATE");
        try {
            db.exec("UPDATE rooms SET epoch = epoch + 1");
            db.exec("INSERT INTO meta(key, value) VALUES('serve_starts', 1) ON CONFLICT(key) DO UPDATE SET value = value + 1");
            db.exec("COMMIT");
        } catch (const sql::Error&) {
            try {
                db.exec("ROLLBACK");  // a failed COMMIT may have rolled back already
            } catch (const sql::Error&) {
            }
            throw;
        }
    } catch (const sql::Error& e) {
        throw StoreError(impl_->path + " cannot be written (" + (read_only ? "it opens read-only; " : "") + e.what() +
                         "). The server saves every command before it answers, so it does not start. Check that this user"
                         " may write the file and its directory (SQLite keeps " + impl_->path + "-wal and -shm beside it),"
                         " that the file is not immutable (lsattr shows 'i'; chattr -i clears it), and that the disk is not"
                         " full or mounted read-only; or pass another file with --data.");
    }
}

void Store::set_aside(const std::string& code, const std::string& problem) {
    const std::lock_guard lock(impl_->db_mutex);
    try {
        sql::Statement s = impl_->db->prepare("UPDATE rooms SET problem = ?, updated_ms = ? WHERE code = ?");
        s.bind(1, problem).bind(2, now_ms()).bind(3, code).run();
    } catch (const sql::Error& e) {
        throw StoreError(impl_->path + ": cannot set room " + code + " aside: " + e.what());
    }
}

}  // namespace catan::store
