// The PostgreSQL backend: one libpq connection with the writer's statements prepared once, the same
// records as the SQLite file, and every value sent as a parameter, never inside the SQL text. Writes
// are pipelined (sent without waiting for their answers, read at the COMMIT): a writer round of any
// size costs about one round trip to the database.
#include <set>

#include <spdlog/spdlog.h>

#include "../backend.hpp"
#include "libpq.hpp"
#include "schema.hpp"

namespace catan::store {

namespace {

using pg::param;

pg::Param optional_param(const std::optional<std::int64_t>& value) { return value ? param(*value) : pg::Param(); }

// Now in Unix ms by the database's clock: every node compares leases with the same clock.
const std::string kNowMs = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

class PgWrites final : public Writes {
public:
    explicit PgWrites(pg::Connection& db) : db_(db) {
        db.prepare("upsert_room",
                   "INSERT INTO rooms(code, options, host_key_hash, phase, game, game_options, created_ms, updated_ms, epoch, sleeps)"
                   " VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT(code) DO UPDATE SET options = $2, host_key_hash = $3,"
                   " phase = $4, game = $5, game_options = $6, updated_ms = $8, sleeps = $10");
        db.prepare("insert_room",
                   "INSERT INTO rooms(code, options, host_key_hash, phase, game, game_options, created_ms, updated_ms, epoch, sleeps, owner,"
                   " lease_ms) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, " + kNowMs + " + $12)");
        db.prepare("release_room", "UPDATE rooms SET owner = NULL, lease_ms = NULL WHERE code = $1");
        // Locked in one order (by code), so two nodes' rounds never wait for each other in a circle.
        db.prepare("lock_rooms", "SELECT code, epoch, coalesce(owner, '') FROM rooms WHERE code = ANY($1::text[]) ORDER BY code FOR UPDATE");
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
        db_.send("upsert_room", {r.code, r.options, r.host_key_hash, r.phase, param(r.game), r.game_options, param(r.created_ms),
                                param(r.updated_ms), param(r.epoch), param(r.sleeps ? 1 : 0)});
        save_seats(r);
    }
    void insert(const RoomRecord& r, const Lease& lease) override {
        db_.send("insert_room", {r.code, r.options, r.host_key_hash, r.phase, param(r.game), r.game_options, param(r.created_ms),
                                param(r.updated_ms), param(r.epoch), param(r.sleeps ? 1 : 0), lease.node, param(lease.length_ms)});
        save_seats(r);
    }
    void release(const std::string& code) override { db_.send("release_room", {code}); }
    std::vector<RoomRow> lock_rooms(const std::vector<std::string>& codes) {
        const pg::Result rows = db_.run("lock_rooms", {pg::text_array(codes)});
        std::vector<RoomRow> out;
        for (int i = 0; i < rows.rows(); ++i) out.push_back({rows.text(i, 0), rows.integer(i, 1), rows.text(i, 2)});
        return out;
    }
    void erase(const std::string& code) override { db_.send("erase_room", {code}); }
    void insert_command(const std::string& code, std::int64_t game, const LoggedCommand& c) override {
        db_.send("insert_command", {code, param(game), param(c.index), param(c.seat), c.command});
    }
    void set_phase(const std::string& code, const std::string& phase, std::int64_t updated_ms) override {
        db_.send("set_phase", {phase, param(updated_ms), code});
    }
    void put_snapshot(const std::string& code, std::int64_t game, const Snapshot& snapshot, bool prune) override {
        db_.send("put_snapshot", {code, param(game), param(snapshot.index), snapshot.state});
        if (prune) db_.send("prune_snapshots", {code, param(game), param(snapshot.index)});
    }
    void insert_chat(const std::string& code, const std::string& entry) override { db_.send("insert_chat", {code, entry}); }
    void trim_chat(const std::string& code, std::size_t keep) override {
        db_.send("trim_chat", {code, param(static_cast<std::int64_t>(keep))});
    }
    void set_timer(const std::string& code, const std::string& timer, std::optional<std::int64_t> wake_ms) override {
        db_.send("set_timer", {timer, optional_param(wake_ms), code});
    }

private:
    void save_seats(const RoomRecord& r) {
        db_.send("delete_seats", {r.code});
        for (const SeatRecord& s : r.seats)
            db_.send("insert_seat", {r.code, param(s.seat), s.name, s.token_hash, param(s.host ? 1 : 0), s.bot});
    }

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
                db_->end_pipeline("COMMIT");  // (writes_' statements, when the body sent any)
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
    void commit() override { db_->end_pipeline("COMMIT"); }
    void rollback() noexcept override {
        db_->abandon_pipeline();
        try {
            db_->exec("ROLLBACK");
        } catch (const std::exception& e) {
            spdlog::error("store: rollback failed: {}", e.what());
        }
    }
    Writes& writes() override { return *writes_; }
    std::vector<RoomRow> lock_rooms(const std::vector<std::string>& codes) override { return writes_->lock_rooms(codes); }

    std::vector<StoredRoom> load_rooms(const std::optional<std::string>& owner) override {
        return read("read the rooms", [&] {
            const std::string sql = std::string("SELECT ") + kRoomColumns + " FROM rooms WHERE problem IS NULL AND sleeps = 0" +
                                    (owner ? " AND owner = $1" : "") + " ORDER BY code";
            const pg::Result rooms = owner ? db_->query(sql, {*owner}) : db_->query(sql);
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

    Take take_room(const std::string& code, const Lease& lease) override {
        return write("take room " + code, [&] {
            Take take;
            const pg::Result row = db_->query("SELECT coalesce(owner, ''), coalesce(lease_ms, 0), " + kNowMs +
                                              " FROM rooms WHERE code = $1 AND problem IS NULL FOR UPDATE",
                                              {code});
            if (row.rows() == 0) return take;
            const std::string owner = row.text(0, 0);
            if (!owner.empty() && owner != lease.node && row.integer(0, 1) > row.integer(0, 2)) {
                take.holder = owner;
                take.holder_until_ms = row.integer(0, 1);
                return take;
            }
            const pg::Result taken = db_->query(std::string("UPDATE rooms SET epoch = epoch + 1, owner = $2, lease_ms = ") + kNowMs +
                                                    " + $3 WHERE code = $1 RETURNING " + kRoomColumns,
                                                {code, lease.node, param(lease.length_ms)});
            take.room = read_room_at(*db_, taken, 0, /*no_snapshot=*/false);
            return take;
        });
    }

    std::vector<std::string> renew(const Lease& lease, const std::vector<Claim>& held) override {
        std::vector<std::string> codes;
        std::vector<std::int64_t> epochs;
        for (const Claim& c : held) {
            codes.push_back(c.code);
            epochs.push_back(c.epoch);
        }
        return write("renew the leases of node " + lease.node, [&] {
            const pg::Result renewed = db_->query(
                "UPDATE rooms SET lease_ms = " + kNowMs + " + $2 FROM unnest($3::text[], $4::bigint[]) AS held(code, epoch)"
                " WHERE rooms.code = held.code AND rooms.epoch = held.epoch AND rooms.owner = $1 RETURNING rooms.code",
                {lease.node, param(lease.length_ms), pg::text_array(codes), pg::integer_array(epochs)});
            std::set<std::string> still;
            for (int i = 0; i < renewed.rows(); ++i) still.insert(renewed.text(i, 0));
            std::vector<std::string> lost;
            for (const std::string& code : codes)
                if (!still.count(code)) lost.push_back(code);
            return lost;
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

    // Several servers may share the database: a start takes only the rooms no other node holds under a
    // live lease, and skips rows another node's transaction has locked (its writer is writing them, or
    // it is taking them): those are that node's.
    std::vector<Claim> begin_serving(const Lease& lease) override {
        return write("begin serving (a first write, which takes the rooms no other node holds)", [&] {
            const pg::Result taken = db_->query(
                "WITH free AS (SELECT code FROM rooms WHERE owner IS NULL OR owner = $1 OR lease_ms IS NULL OR lease_ms <= " + kNowMs +
                " ORDER BY code FOR UPDATE SKIP LOCKED)"
                " UPDATE rooms SET epoch = rooms.epoch + 1,"
                " owner = CASE WHEN rooms.problem IS NULL AND rooms.sleeps = 0 THEN $1 END,"
                " lease_ms = CASE WHEN rooms.problem IS NULL AND rooms.sleeps = 0 THEN " + kNowMs + " + $2 END"
                " FROM free WHERE rooms.code = free.code RETURNING rooms.code, rooms.epoch, rooms.owner IS NOT NULL",
                {lease.node, param(lease.length_ms)});
            db_->exec("INSERT INTO meta(key, value) VALUES('serve_starts', 1) ON CONFLICT(key) DO UPDATE SET value = meta.value + 1");
            std::vector<Claim> claims;
            for (int i = 0; i < taken.rows(); ++i)
                if (taken.text(i, 2) == "t") claims.push_back({taken.text(i, 0), taken.integer(i, 1)});
            return claims;
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
