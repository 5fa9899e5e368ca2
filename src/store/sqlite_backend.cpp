// The SQLite backend: one connection to the data file (WAL), its prepared statements for the writer,
// and the reads a server's start and the export/import tools make.
#include <array>
#include <filesystem>

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include "backend.hpp"
#include "schema.hpp"
#include "sqlite.hpp"

namespace catan::store {

namespace {

// The writer's prepared statements (SQLite keeps their plans across transactions).
class SqliteWrites final : public Writes {
public:
    explicit SqliteWrites(sql::Db& db)
        : upsert_room_(db.prepare(
              "INSERT INTO rooms(code, options, host_key_hash, phase, game, game_options, created_ms, updated_ms, epoch, sleeps)"
              " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) ON CONFLICT(code) DO UPDATE SET options = ?2, host_key_hash = ?3,"
              " phase = ?4, game = ?5, game_options = ?6, updated_ms = ?8, sleeps = ?10")),
          insert_room_(db.prepare(
              "INSERT INTO rooms(code, options, host_key_hash, phase, game, game_options, created_ms, updated_ms, epoch, sleeps, owner, lease_ms)"
              " VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")),
          release_(db.prepare("UPDATE rooms SET owner = NULL, lease_ms = NULL WHERE code = ?")),
          lock_row_(db.prepare("SELECT epoch, coalesce(owner, '') FROM rooms WHERE code = ?")),
          set_timer_(db.prepare("UPDATE rooms SET timer = ?, wake_ms = ? WHERE code = ?")),
          delete_seats_(db.prepare("DELETE FROM seats WHERE code = ?")),
          insert_seat_(db.prepare("INSERT INTO seats(code, seat, name, token_hash, host, bot) VALUES(?, ?, ?, ?, ?, ?)")),
          insert_command_(db.prepare("INSERT INTO commands(code, game, idx, seat, command) VALUES(?, ?, ?, ?, ?)")),
          set_phase_(db.prepare("UPDATE rooms SET phase = ?, updated_ms = ? WHERE code = ?")),
          insert_snapshot_(db.prepare("INSERT OR REPLACE INTO snapshots(code, game, idx, state) VALUES(?, ?, ?, ?)")),
          prune_snapshots_(db.prepare("DELETE FROM snapshots WHERE code = ? AND game = ? AND idx < ?")),
          insert_chat_(db.prepare("INSERT INTO chat(code, entry) VALUES(?, ?)")),
          trim_chat_(db.prepare("DELETE FROM chat WHERE code = ?1 AND id <= (SELECT id FROM chat WHERE code = ?1"
                                " ORDER BY id DESC LIMIT 1 OFFSET ?2)")),
          delete_room_{db.prepare("DELETE FROM rooms WHERE code = ?"), db.prepare("DELETE FROM seats WHERE code = ?"),
                       db.prepare("DELETE FROM chat WHERE code = ?"), db.prepare("DELETE FROM commands WHERE code = ?"),
                       db.prepare("DELETE FROM snapshots WHERE code = ?")} {}

    void save(const RoomRecord& r) override {
        upsert_room_.reset().bind(1, r.code).bind(2, r.options).bind(3, r.host_key_hash).bind(4, r.phase).bind(5, r.game);
        upsert_room_.bind(6, r.game_options).bind(7, r.created_ms).bind(8, r.updated_ms).bind(9, r.epoch).bind(10, r.sleeps ? 1 : 0).run();
        save_seats(r);
    }
    void insert(const RoomRecord& r, const Lease& lease) override {
        insert_room_.reset().bind(1, r.code).bind(2, r.options).bind(3, r.host_key_hash).bind(4, r.phase).bind(5, r.game);
        insert_room_.bind(6, r.game_options).bind(7, r.created_ms).bind(8, r.updated_ms).bind(9, r.epoch).bind(10, r.sleeps ? 1 : 0);
        insert_room_.bind(11, lease.node).bind(12, now_ms() + lease.length_ms).run();
        save_seats(r);
    }
    void release(const std::string& code) override { release_.reset().bind(1, code).run(); }
    // Inside BEGIN IMMEDIATE the file is this connection's alone until COMMIT: reading is locking.
    std::vector<RoomRow> lock_rooms(const std::vector<std::string>& codes) {
        std::vector<RoomRow> rows;
        for (const std::string& code : codes) {
            lock_row_.reset().bind(1, code);
            if (lock_row_.step()) rows.push_back({code, lock_row_.column_int(0), lock_row_.column_text(1)});
            lock_row_.reset();  // a statement left on a row keeps its read open past COMMIT
        }
        return rows;
    }
    void erase(const std::string& code) override {
        for (sql::Statement& s : delete_room_) s.reset().bind(1, code).run();
    }
    void insert_command(const std::string& code, std::int64_t game, const LoggedCommand& c) override {
        insert_command_.reset().bind(1, code).bind(2, game).bind(3, c.index).bind(4, c.seat).bind(5, c.command).run();
    }
    void set_phase(const std::string& code, const std::string& phase, std::int64_t updated_ms) override {
        set_phase_.reset().bind(1, phase).bind(2, updated_ms).bind(3, code).run();
    }
    void put_snapshot(const std::string& code, std::int64_t game, const Snapshot& snapshot, bool prune) override {
        insert_snapshot_.reset().bind(1, code).bind(2, game).bind(3, snapshot.index).bind(4, snapshot.state).run();
        if (prune) prune_snapshots_.reset().bind(1, code).bind(2, game).bind(3, snapshot.index).run();
    }
    void insert_chat(const std::string& code, const std::string& entry) override {
        insert_chat_.reset().bind(1, code).bind(2, entry).run();
    }
    void trim_chat(const std::string& code, std::size_t keep) override {
        trim_chat_.reset().bind(1, code).bind(2, static_cast<std::int64_t>(keep)).run();
    }
    void set_timer(const std::string& code, const std::string& timer, std::optional<std::int64_t> wake_ms) override {
        set_timer_.reset().bind(1, timer);
        if (wake_ms)
            set_timer_.bind(2, *wake_ms);
        else
            set_timer_.bind_null(2);
        set_timer_.bind(3, code).run();
    }

private:
    void save_seats(const RoomRecord& r) {
        delete_seats_.reset().bind(1, r.code).run();
        for (const SeatRecord& s : r.seats)
            insert_seat_.reset().bind(1, r.code).bind(2, s.seat).bind(3, s.name).bind(4, s.token_hash).bind(5, s.host ? 1 : 0).bind(6, s.bot).run();
    }

    sql::Statement upsert_room_, insert_room_, release_, lock_row_, set_timer_, delete_seats_, insert_seat_, insert_command_, set_phase_, insert_snapshot_,
        prune_snapshots_, insert_chat_, trim_chat_;
    std::array<sql::Statement, 5> delete_room_;
};

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

class SqliteBackend final : public Backend {
public:
    explicit SqliteBackend(const std::string& path) : path_(path) {
        std::error_code ec;
        const bool was_empty = std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) == 0 && !ec;
        try {
            db_ = std::make_unique<sql::Db>(path, /*create=*/true);
        } catch (const sql::Error& e) {
            throw StoreError(std::string(e.what()) + ". Check that the directory exists and is writable, or pass another file with --data.");
        }
        version_ = prepare_schema(*db_);
        try {
            writes_ = std::make_unique<SqliteWrites>(*db_);
        } catch (const sql::Error& e) {
            throw StoreError(path + ": the schema is not what this server expects (" + e.what() + ").");
        }
        // An empty file is what a failed copy or restore, or a truncation, leaves: it opens as a new file
        // with no rooms, which is right only if nobody expected rooms in it.
        if (was_empty)
            spdlog::warn("{} existed but was empty (0 bytes): starting with no rooms. If it should hold rooms, stop the server"
                         " and restore the file from a backup.", path);
    }
    ~SqliteBackend() override { writes_.reset(); }  // statements before the connection

    int schema_version() const override { return version_; }
    void begin() override { db_->exec("BEGIN IMMEDIATE"); }
    void commit() override { db_->exec("COMMIT"); }
    void rollback() noexcept override {
        try {
            db_->exec("ROLLBACK");
        } catch (const std::exception& e) {
            spdlog::error("store: rollback failed: {}", e.what());
        }
    }
    Writes& writes() override { return *writes_; }

    std::vector<RoomRow> lock_rooms(const std::vector<std::string>& codes) override { return writes_->lock_rooms(codes); }

    std::vector<StoredRoom> load_rooms(const std::optional<std::string>& owner) override {
        sql::Db& db = *db_;
        return consistent_read(db, path_, [&] {
            Reads reads(db);
            sql::Statement rooms = db.prepare(std::string("SELECT ") + Reads::kRoomColumns + " FROM rooms WHERE problem IS NULL AND sleeps = 0" +
                                              (owner ? " AND owner = ?" : "") + " ORDER BY code");
            if (owner) rooms.bind(1, *owner);
            std::vector<StoredRoom> out;
            while (rooms.step()) out.push_back(reads.read(rooms, /*no_snapshot=*/false));
            return out;
        });
    }

    std::vector<SleepingRoom> sleeping_rooms() override {
        sql::Db& db = *db_;
        return consistent_read(db, path_, [&] {
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

    Take take_room(const std::string& code, const Lease& lease) override {
        sql::Db& db = *db_;
        try {
            return sql::write_transaction(db, [&] {  // the check, the epoch's move and the read see the same file
                Take take;
                sql::Statement row = db.prepare("SELECT coalesce(owner, ''), coalesce(lease_ms, 0) FROM rooms WHERE code = ? AND problem IS NULL");
                row.bind(1, code);
                if (row.step()) {
                    const std::string owner = row.column_text(0);
                    const std::int64_t until = row.column_int(1);
                    if (!owner.empty() && owner != lease.node && until > now_ms()) {
                        take.holder = owner;
                        take.holder_until_ms = until;
                    } else {
                        sql::Statement claim = db.prepare("UPDATE rooms SET epoch = epoch + 1, owner = ?, lease_ms = ? WHERE code = ?");
                        claim.bind(1, lease.node).bind(2, now_ms() + lease.length_ms).bind(3, code).run();
                        Reads reads(db);
                        sql::Statement taken = db.prepare(std::string("SELECT ") + Reads::kRoomColumns + " FROM rooms WHERE code = ?");
                        taken.bind(1, code);
                        if (taken.step()) take.room = reads.read(taken, /*no_snapshot=*/false);
                    }
                }
                return take;
            });
        } catch (const sql::Error& e) {
            throw StoreError(path_ + ": cannot take room " + code + " (" + e.what() + "). Check that the file is on a" +
                             " writable local disk; the room stays in the file.");
        }
    }

    std::vector<std::string> renew(const Lease& lease, const std::vector<Claim>& held) override {
        sql::Db& db = *db_;
        try {
            return sql::write_transaction(db, [&] {
                // One statement per room: on a local file that costs no more than one for all.
                sql::Statement extend = db.prepare("UPDATE rooms SET lease_ms = ? WHERE code = ? AND epoch = ? AND owner = ?");
                const std::int64_t until = now_ms() + lease.length_ms;
                std::vector<std::string> lost;
                for (const Claim& c : held) {
                    extend.reset().bind(1, until).bind(2, c.code).bind(3, c.epoch).bind(4, lease.node).run();
                    if (db.changes() == 0) lost.push_back(c.code);
                }
                return lost;
            });
        } catch (const sql::Error& e) {
            throw StoreError(path_ + ": cannot renew the leases of node " + lease.node + " (" + e.what() + ").");
        }
    }

    std::optional<StoredRoom> read_room(const std::string& code) override {
        sql::Db& db = *db_;
        std::string problem;
        auto room = consistent_read(db, path_, [&]() -> std::optional<StoredRoom> {
            Reads reads(db);
            sql::Statement row = db.prepare(std::string("SELECT ") + Reads::kRoomColumns + ", problem FROM rooms WHERE code = ?");
            row.bind(1, code);
            if (!row.step()) return std::nullopt;
            if (!row.column_null(Reads::kProblemColumn)) problem = row.column_text(Reads::kProblemColumn);
            return reads.read(row, /*no_snapshot=*/true);
        });
        if (!problem.empty())
            throw StoreError(path_ + ": room " + code + " was set aside as corrupt (" + problem +
                             ") and cannot be exported; inspect it with sqlite3.");
        return room;
    }

    bool import_room(const StoredRoom& s, bool replace) override {
        sql::Db& db = *db_;
        Writes& w = *writes_;
        const RoomRecord& r = s.room;
        try {
            return sql::write_transaction(db, [&] {  // the existence check and the writes see the same file
                sql::Statement exists = db.prepare("SELECT 1 FROM rooms WHERE code = ?");
                exists.bind(1, r.code);
                if (exists.step() && !replace) return false;
                w.erase(r.code);
                w.save(r);
                for (const std::string& entry : s.chat) w.insert_chat(r.code, entry);
                for (const LoggedCommand& c : s.commands) w.insert_command(r.code, r.game, c);
                if (s.snapshot) w.put_snapshot(r.code, r.game, *s.snapshot, /*prune=*/false);
                return true;
            });
        } catch (const sql::Error& e) {
            throw StoreError(path_ + ": cannot write room " + r.code + " (" + e.what() + "). Nothing was written." +
                             " Check that the file is on a writable local disk and try again.");
        }
    }

    // One server serves a file: it takes every room, whoever held it (a crashed server's leases, a
    // server of another name before it), as a start always did.
    std::vector<Claim> begin_serving(const Lease& lease) override {
        sql::Db& db = *db_;
        const bool read_only = sqlite3_db_readonly(db.handle(), "main") == 1;
        try {
            return sql::write_transaction(db, [&] {
                sql::Statement take = db.prepare(
                    "UPDATE rooms SET epoch = epoch + 1, owner = CASE WHEN problem IS NULL AND sleeps = 0 THEN ?1 END,"
                    " lease_ms = CASE WHEN problem IS NULL AND sleeps = 0 THEN ?2 END");
                take.bind(1, lease.node).bind(2, now_ms() + lease.length_ms).run();
                db.exec("INSERT INTO meta(key, value) VALUES('serve_starts', 1) ON CONFLICT(key) DO UPDATE SET value = value + 1");
                sql::Statement held = db.prepare("SELECT code, epoch FROM rooms WHERE owner = ?");
                held.bind(1, lease.node);
                std::vector<Claim> claims;
                while (held.step()) claims.push_back({held.column_text(0), held.column_int(1)});
                return claims;
            });
        } catch (const sql::Error& e) {
            throw StoreError(path_ + " cannot be written (" + (read_only ? "it opens read-only; " : "") + e.what() +
                             "). The server saves every command before it answers, so it does not start. Check that this user"
                             " may write the file and its directory (SQLite keeps " + path_ + "-wal and -shm beside it),"
                             " that the file is not immutable (lsattr shows 'i'; chattr -i clears it), and that the disk is not"
                             " full or mounted read-only; or pass another file with --data.");
        }
    }

    void set_aside(const std::string& code, const std::string& problem) override {
        try {
            sql::Statement s = db_->prepare("UPDATE rooms SET problem = ?, updated_ms = ? WHERE code = ?");
            s.bind(1, problem).bind(2, now_ms()).bind(3, code).run();
        } catch (const sql::Error& e) {
            throw StoreError(path_ + ": cannot set room " + code + " aside: " + e.what());
        }
    }

private:
    std::string path_;
    int version_ = 0;
    std::unique_ptr<sql::Db> db_;
    std::unique_ptr<SqliteWrites> writes_;
};

}  // namespace

std::unique_ptr<Backend> open_sqlite(const std::string& path) { return std::make_unique<SqliteBackend>(path); }

}  // namespace catan::store
