// Migrations are append-only: a released version's SQL never changes; a change to the schema is a
// new entry with the next version number. A file stamped with a version above the last one here was
// written by a newer server and is refused rather than guessed at.
#include "schema.hpp"

#include <sqlite3.h>

#include <array>
#include <string>

#include "catan/store/store.hpp"

namespace catan::store {

namespace {

constexpr std::array<Migration, 4> kMigrations = {{
    Migration{1, "rooms, seats, chat, command log and snapshots", R"sql(
CREATE TABLE rooms(
  code TEXT PRIMARY KEY,
  options TEXT NOT NULL,
  host_key_hash TEXT NOT NULL,
  phase TEXT NOT NULL,
  game INTEGER NOT NULL,
  game_options TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  problem TEXT
) WITHOUT ROWID;
CREATE TABLE seats(
  code TEXT NOT NULL,
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  host INTEGER NOT NULL,
  bot TEXT NOT NULL,
  PRIMARY KEY(code, seat)
) WITHOUT ROWID;
CREATE TABLE chat(
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  entry TEXT NOT NULL
);
CREATE INDEX chat_by_room ON chat(code, id);
CREATE TABLE commands(
  code TEXT NOT NULL,
  game INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  command TEXT NOT NULL,
  PRIMARY KEY(code, game, idx)
) WITHOUT ROWID;
CREATE TABLE snapshots(
  code TEXT NOT NULL,
  game INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  state TEXT NOT NULL,
  PRIMARY KEY(code, game, idx)
) WITHOUT ROWID;
)sql"},
    // A room's sequence numbers start at epoch << 32 when a server restores it, and every server start
    // moves every room to its next epoch (Store::begin_serving), so no seq is ever handed out twice
    // (docs/security.md, "Restarts"). `meta` holds the count of those starts: the write that proves,
    // at start, that the file can be written at all.
    Migration{2, "sequence-number epochs of rooms; meta (server starts)", R"sql(
ALTER TABLE rooms ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
CREATE TABLE meta(
  key TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
)sql"},
    // Turn-based rooms (docs/operating.md, "Turn-based rooms"): `sleeps` marks a room that is restored
    // only when something asks for it, never at start; `wake_ms` is when its next deadline falls due
    // (null: none), so a server wakes it then; `timer` is the room's turn clock in wall-clock time
    // (JSON, the room layer's), so a restart or a night asleep takes no time from anyone.
    Migration{3, "turn-based rooms: sleeping, their next deadline and their turn clock", R"sql(
ALTER TABLE rooms ADD COLUMN sleeps INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rooms ADD COLUMN wake_ms INTEGER;
ALTER TABLE rooms ADD COLUMN timer TEXT NOT NULL DEFAULT '';
CREATE INDEX rooms_asleep ON rooms(sleeps, wake_ms);
)sql"},
    // Leases (several servers on one database, store.hpp): `owner` is the node that serves the room
    // (null: none), `lease_ms` when its lease runs out (Unix ms); the room's epoch is the fence token.
    // Rooms from before are free: the next server start takes them.
    Migration{4, "room leases: the node that serves each room and until when", R"sql(
ALTER TABLE rooms ADD COLUMN owner TEXT;
ALTER TABLE rooms ADD COLUMN lease_ms INTEGER;
)sql"},
}};

static_assert(kMigrations.back().version == Store::kSchemaVersion);

std::string what_to_do(const std::string& path) {
    return " Nothing in it was changed. Restore " + path +
           " from a backup, or move it aside to start with no rooms, or pass another file with --data.";
}

std::int64_t single_int(sql::Db& db, const char* query) {
    sql::Statement s = db.prepare(query);
    return s.step() ? s.column_int(0) : 0;
}

}  // namespace

int prepare_schema(sql::Db& db) {
    const std::string& path = db.path();
    try {
        // The first read of the header: a file that is not SQLite fails here (SQLITE_NOTADB).
        const std::int64_t app_id = single_int(db, "PRAGMA application_id");
        const std::int64_t tables = single_int(db, "SELECT count(*) FROM sqlite_schema WHERE type = 'table'");
        const bool ours = app_id == kApplicationId;
        if (!ours && (app_id != 0 || tables > 0))
            throw StoreError(path + " is an SQLite database, but not a catan-server data file." + what_to_do(path));
        if (ours) {  // a damaged page anywhere is reported now, not when some room happens to read it
            sql::Statement check = db.prepare("PRAGMA quick_check(1)");
            const std::string verdict = check.step() ? check.column_text(0) : "no answer";
            if (verdict != "ok") throw StoreError(path + " is damaged (" + verdict + ")." + what_to_do(path));
        }
        int version = 0;
        if (ours) version = static_cast<int>(single_int(db, "SELECT coalesce(max(version), 0) FROM schema_migrations"));
        const int latest = kMigrations.back().version;
        if (version > latest)
            throw StoreError(path + " was written by a newer catan-server (schema version " + std::to_string(version) +
                             "; this one knows up to " + std::to_string(latest) + ")." +
                             " Nothing in it was changed. Run the newer server on it, or pass another file with --data.");

        {
            sql::Statement mode = db.prepare("PRAGMA journal_mode = WAL");
            if (!mode.step() || mode.column_text(0) != "wal")
                throw StoreError(path + ": the file system does not allow SQLite's write-ahead log; put --data on a local disk.");
        }
        // FULL: a commit is on disk (the WAL fsynced) before the command is acknowledged, so even a
        // power cut loses nothing acknowledged; NORMAL would survive a process crash only.
        db.exec("PRAGMA synchronous = FULL");

        if (!ours) {
            db.exec("BEGIN IMMEDIATE");
            db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
            db.exec("CREATE TABLE schema_migrations(version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_ms INTEGER NOT NULL)");
            db.exec("COMMIT");
        }
        return apply_migrations(db, "schema_migrations", kMigrations, version);
    } catch (const sql::Error& e) {
        if (e.code() == SQLITE_NOTADB || e.code() == SQLITE_CORRUPT)
            throw StoreError(path + " is not a readable catan-server data file (" + e.what() + ")." + what_to_do(path));
        throw StoreError(path + ": cannot use the data file: " + e.what() + ". Check that it is on a writable local disk," +
                         " and that no other catan-server uses it.");
    }
}

int apply_migrations(sql::Db& db, const char* table, std::span<const Migration> list, int version) {
    for (const Migration& m : list) {
        if (m.version <= version) continue;
        sql::write_transaction(db, [&] {
            db.exec(m.sql);
            sql::Statement record = db.prepare(std::string("INSERT INTO ") + table + "(version, description, applied_ms) VALUES(?, ?, ?)");
            record.bind(1, m.version).bind(2, m.description).bind(3, now_ms()).run();
            return 0;
        });
        version = m.version;
    }
    return version;
}

}  // namespace catan::store
