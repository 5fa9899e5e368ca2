// The PostgreSQL backend: one libpq connection with the writer's statements prepared once, the same
// records as the SQLite file, and every value sent as a parameter, never inside the SQL text.
#include <spdlog/spdlog.h>

#include "../backend.hpp"
#include "libpq.hpp"
#include "schema.hpp"

namespace catan::store {

namespace {

using pg::param;

pg::Param optional_param(const std::optional<std::int64_t>& value) { return value ? param(*value) : pg::Param(); }

class PgWrites final : public Writes {
public:
    explicit PgWrites(pg::Connection& db) : db_(db) {
        db.prepare("upsert_room",
                   "INSERT INTO rooms(code, options, host_key_hash, phase, game, game_options, created_ms, updated_ms, epoch, sleeps)"
                   " VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT(code) DO UPDATE SET options = $2, host_key_hash = $3,"
                   " phase = $4, game = $5, game_options = $6, updated_ms = $8, sleeps = $10");
        db.prepare("delete_seats", "DELETE FROM seats WHERE code = $1");
        db.prepare("insert_seat", "INSERT INTO seats(code, seat, name, token_hash, host, bot) VALUES($1, $2, $3, $4, $5, $6)");
        // One round trip for the five tables of a room.
        db.prepare("erase_room",
                   "WITH seats_gone AS (DELETE FROM seats WHERE code = $1), chat_gone AS (DELETE FROM chat WHERE code = $1),"
                   " commands_gone AS (DELETE FROM commands WHERE code = $1), snapshots_gone AS (DELETE FROM snapshots WHERE code = $1)"
                   " DELETE FROM rooms WHERE code = $1");
        db.prepare("insert_command", "INSERT INTO commands(code, game, idx, seat, command) VALUES($1, $2, $3, $4, $5)");
        db.prepare("set_phase", "UPDATE rooms SET phase = $1, updated_ms = $2 WHERE code = $3");
        db.prepare("put_snapshot",
                   "INSERT INTO snapshots(code, game, idx, state) VALUES($1, $2, $3, $4)"
                   " ON CONFLICT(code, game, idx) DO UPDATE SET state = EXCLUDED.state");
        db.prepare("prune_snapshots", "DELETE FROM snapshots WHERE code = $1 AND game = $2 AND idx < $3");
        db.prepare("insert_chat", "INSERT INTO chat(code, entry) VALUES($1, $2)");
        db.prepare("trim_chat",
                   "DELETE FROM chat WHERE code = $1 AND id <= (SELECT id FROM chat WHERE code = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)");
        db.prepare("set_timer", "UPDATE rooms SET timer = $1, wake_ms = $2 WHERE code = $3");
    }

    void save(const RoomRecord& r) override {
        db_.run("upsert_room", {r.code, r.options, r.host_key_hash, r.phase, param(r.game), r.game_options, param(r.created_ms),
                                param(r.updated_ms), param(r.epoch), param(r.sleeps ? 1 : 0)});
        db_.run("delete_seats", {r.code});
        for (const SeatRecord& s : r.seats)
            db_.run("insert_seat", {r.code, param(s.seat), s.name, s.token_hash, param(s.host ? 1 : 0), s.bot});
    }
    void erase(const std::string& code) override { db_.run("erase_room", {code}); }
    void insert_command(const std::string& code, std::int64_t game, const LoggedCommand& c) override {
        db_.run("insert_command", {code, param(game), param(c.index), param(c.seat), c.command});
    }
    void set_phase(const std::string& code, const std::string& phase, std::int64_t updated_ms) override {
        db_.run("set_phase", {phase, param(updated_ms), code});
    }
    void put_snapshot(const std::string& code, std::int64_t game, const Snapshot& snapshot, bool prune) override {
        db_.run("put_snapshot", {code, param(game), param(snapshot.index), snapshot.state});
        if (prune) db_.run("prune_snapshots", {code, param(game), param(snapshot.index)});
    }
    void insert_chat(const std::string& code, const std::string& entry) override { db_.run("insert_chat", {code, entry}); }
    void trim_chat(const std::string& code, std::size_t keep) override {
        db_.run("trim_chat", {code, param(static_cast<std::int64_t>(keep))});
    }
    void set_timer(const std::string& code, const std::string& timer, std::optional<std::int64_t> wake_ms) override {
        db_.run("set_timer", {timer, optional_param(wake_ms), code});
    }

private:
    pg::Connection& db_;
};

constexpr const char* kRoomColumns =
    "code, options, host_key_hash, phase, game, game_options, created_ms, updated_ms, epoch, sleeps, wake_ms, timer";
constexpr int kProblemColumn = 12;  // after kRoomColumns, where a query adds it

// A room from row `i` of a `rooms` query of kRoomColumns, with its seats, chat and current game's log;
// the latest snapshot too unless `no_snapshot` (export).
StoredRoom read_room_at(pg::Connection& db, const pg::Result& row, int i, bool no_snapshot) {
    StoredRoom s;
    RoomRecord& r = s.room;
    r.code = row.text(i, 0);
    r.options = row.text(i, 1);
    r.host_key_hash = row.text(i, 2);
    r.phase = row.text(i, 3);
    r.game = row.integer(i, 4);
    r.game_options = row.text(i, 5);
    r.created_ms = row.integer(i, 6);
    r.updated_ms = row.integer(i, 7);
    r.epoch = row.integer(i, 8);
    r.sleeps = row.integer(i, 9) != 0;
    if (!row.null(i, 10)) r.wake_ms = row.integer(i, 10);
    r.timer = row.text(i, 11);
    const pg::Result seats = db.query("SELECT seat, name, token_hash, host, bot FROM seats WHERE code = $1 ORDER BY seat", {r.code});
    for (int k = 0; k < seats.rows(); ++k)
        r.seats.push_back({static_cast<int>(seats.integer(k, 0)), seats.text(k, 1), seats.text(k, 2), seats.integer(k, 3) != 0, seats.text(k, 4)});
    const pg::Result chat = db.query("SELECT entry FROM chat WHERE code = $1 ORDER BY id", {r.code});
    for (int k = 0; k < chat.rows(); ++k) s.chat.push_back(chat.text(k, 0));
    if (!no_snapshot) {
        const pg::Result snapshot =
            db.query("SELECT idx, state FROM snapshots WHERE code = $1 AND game = $2 ORDER BY idx DESC LIMIT 1", {r.code, param(r.game)});
        if (snapshot.rows() > 0) s.snapshot = Snapshot{snapshot.integer(0, 0), snapshot.text(0, 1)};
    }
    const pg::Result commands = db.query("SELECT idx, seat, command FROM commands WHERE code = $1 AND game = $2 ORDER BY idx", {r.code, param(r.game)});
    for (int k = 0; k < commands.rows(); ++k)
        s.commands.push_back({commands.integer(k, 0), static_cast<int>(commands.integer(k, 1)), commands.text(k, 2)});
    return s;
}

class PgBackend final : public Backend {
    // (Defined before their callers, which need the deduced return types.)
    // `body` in one transaction (a snapshot of the database for reads); a failure rolls it back and
    // becomes a StoreError saying what could not be done and what to check.
    template <class Body>
    auto transaction(const char* begin, const std::string& doing, Body body) {
        try {
            db_->begin(begin);
            try {
                auto out = body();
                db_->exec("COMMIT");
                return out;
            } catch (...) {
                rollback();
                throw;
            }
        } catch (const pg::Error& e) {
            throw StoreError(name_ + ": cannot " + doing + " (" + e.what() + "). Nothing was changed. Check that the PostgreSQL" +
                             " server is running and reachable, and that this user may read and write catan-server's tables.");
        }
    }
    template <class Body>
    auto read(const std::string& doing, Body body) {
        return transaction("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", doing, body);
    }
    template <class Body>
    auto write(const std::string& doing, Body body) {
        return transaction("BEGIN", doing, body);
    }

public:
    explicit PgBackend(const std::string& url) : name_(pg::redact(url)) {
        try {
            db_ = std::make_unique<pg::Connection>(url);
        } catch (const pg::Error& e) {
            throw StoreError("cannot connect to PostgreSQL at " + name_ + " (" + e.what() + "). Check that the PostgreSQL server is" +
                             " running and reachable at that host and port, that the user and database in the URL exist" +
                             " (createuser, createdb), and that the password is in PGPASSWORD or ~/.pgpass (not in --data," +
                             " which shows in logs and ps).");
        }
        version_ = pg::prepare_schema(*db_, name_);
        try {
            writes_ = std::make_unique<PgWrites>(*db_);
        } catch (const pg::Error& e) {
            throw StoreError(name_ + ": the schema is not what this server expects (" + e.what() + ").");
        }
    }

    int schema_version() const override { return version_; }
    void begin() override { db_->begin("BEGIN"); }
    void commit() override { db_->exec("COMMIT"); }
    void rollback() noexcept override {
        try {
            db_->exec("ROLLBACK");
        } catch (const std::exception& e) {
            spdlog::error("store: rollback failed: {}", e.what());
        }
    }
    Writes& writes() override { return *writes_; }

    std::vector<StoredRoom> load_rooms() override {
        return read("read the rooms", [&] {
            const pg::Result rooms = db_->query(std::string("SELECT ") + kRoomColumns +
                                                " FROM rooms WHERE problem IS NULL AND sleeps = 0 ORDER BY code");
            std::vector<StoredRoom> out;
            for (int i = 0; i < rooms.rows(); ++i) out.push_back(read_room_at(*db_, rooms, i, /*no_snapshot=*/false));
            return out;
        });
    }

    std::vector<SleepingRoom> sleeping_rooms() override {
        return read("read the sleeping rooms", [&] {
            const pg::Result rooms = db_->query("SELECT code, wake_ms FROM rooms WHERE problem IS NULL AND sleeps = 1 ORDER BY code");
            std::vector<SleepingRoom> out;
            for (int i = 0; i < rooms.rows(); ++i) {
                SleepingRoom& r = out.emplace_back();
                r.code = rooms.text(i, 0);
                if (!rooms.null(i, 1)) r.wake_ms = rooms.integer(i, 1);
            }
            return out;
        });
    }

    std::optional<StoredRoom> wake_room(const std::string& code) override {
        return write("wake room " + code, [&]() -> std::optional<StoredRoom> {
            // The UPDATE locks the row, so the epoch's move and the read see the same room.
            db_->query("UPDATE rooms SET epoch = epoch + 1 WHERE code = $1 AND problem IS NULL", {code});
            const pg::Result row = db_->query(std::string("SELECT ") + kRoomColumns + " FROM rooms WHERE code = $1 AND problem IS NULL", {code});
            if (row.rows() == 0) return std::nullopt;
            return read_room_at(*db_, row, 0, /*no_snapshot=*/false);
        });
    }

    std::optional<StoredRoom> read_room(const std::string& code) override {
        std::string problem;
        auto room = read("read room " + code, [&]() -> std::optional<StoredRoom> {
            const pg::Result row = db_->query(std::string("SELECT ") + kRoomColumns + ", problem FROM rooms WHERE code = $1", {code});
            if (row.rows() == 0) return std::nullopt;
            if (!row.null(0, kProblemColumn)) problem = row.text(0, kProblemColumn);
            return read_room_at(*db_, row, 0, /*no_snapshot=*/true);
        });
        if (!problem.empty())
            throw StoreError(name_ + ": room " + code + " was set aside as corrupt (" + problem +
                             ") and cannot be exported; inspect it with psql.");
        return room;
    }

    bool import_room(const StoredRoom& s, bool replace) override {
        const RoomRecord& r = s.room;
        return write("write room " + r.code, [&] {
            if (db_->query("SELECT 1 FROM rooms WHERE code = $1 FOR UPDATE", {r.code}).rows() > 0 && !replace) return false;
            writes_->erase(r.code);
            writes_->save(r);
            for (const std::string& entry : s.chat) writes_->insert_chat(r.code, entry);
            for (const LoggedCommand& c : s.commands) writes_->insert_command(r.code, r.game, c);
            if (s.snapshot) writes_->put_snapshot(r.code, r.game, *s.snapshot, /*prune=*/false);
            return true;
        });
    }

    void begin_serving() override {
        write("begin serving (a first write, which moves every room to its next epoch)", [&] {
            db_->exec("UPDATE rooms SET epoch = epoch + 1");
            db_->exec("INSERT INTO meta(key, value) VALUES('serve_starts', 1) ON CONFLICT(key) DO UPDATE SET value = meta.value + 1");
            return true;
        });
    }

    void set_aside(const std::string& code, const std::string& problem) override {
        write("set room " + code + " aside", [&] {
            db_->query("UPDATE rooms SET problem = $1, updated_ms = $2 WHERE code = $3", {problem, param(now_ms()), code});
            return true;
        });
    }

private:
    std::string name_;
    int version_ = 0;
    std::unique_ptr<pg::Connection> db_;
    std::unique_ptr<PgWrites> writes_;
};

}  // namespace

std::unique_ptr<Backend> open_postgres(const std::string& url) { return std::make_unique<PgBackend>(url); }

}  // namespace catan::store
