// Migrations are append-only, as the SQLite file's (src/store/schema.cpp): a released version's SQL never
// changes; each version here makes the same tables and columns as the SQLite migration of that number,
// in PostgreSQL's types, so a room reads back the same from either database.
#include "schema.hpp"

#include <array>

#include "catan/store/store.hpp"

namespace catan::store::pg {

namespace {

constexpr std::array<Migration, 4> kMigrations = {{
    Migration{1, "rooms, seats, chat, command log and snapshots", R"sql(
CREATE TABLE rooms(
  code TEXT PRIMARY KEY,
  options TEXT NOT NULL,
  host_key_hash TEXT NOT NULL,
  phase TEXT NOT NULL,
  game BIGINT NOT NULL,
  game_options TEXT NOT NULL,
  created_ms BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL,
  problem TEXT
);
CREATE TABLE seats(
  code TEXT NOT NULL,
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  host INTEGER NOT NULL,
  bot TEXT NOT NULL,
  PRIMARY KEY(code, seat)
);
CREATE TABLE chat(
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code TEXT NOT NULL,
  entry TEXT NOT NULL
);
CREATE INDEX chat_by_room ON chat(code, id);
CREATE TABLE commands(
  code TEXT NOT NULL,
  game BIGINT NOT NULL,
  idx BIGINT NOT NULL,
  seat INTEGER NOT NULL,
  command TEXT NOT NULL,
  PRIMARY KEY(code, game, idx)
);
CREATE TABLE snapshots(
  code TEXT NOT NULL,
  game BIGINT NOT NULL,
  idx BIGINT NOT NULL,
  state TEXT NOT NULL,
  PRIMARY KEY(code, game, idx)
);
)sql"},
    Migration{2, "sequence-number epochs of rooms; meta (server starts)", R"sql(
ALTER TABLE rooms ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
CREATE TABLE meta(
  key TEXT PRIMARY KEY,
  value BIGINT NOT NULL
);
)sql"},
    Migration{3, "turn-based rooms: sleeping, their next deadline and their turn clock", R"sql(
ALTER TABLE rooms ADD COLUMN sleeps INTEGER NOT NULL DEFAULT 0;
ALTER TABLE rooms ADD COLUMN wake_ms BIGINT;
ALTER TABLE rooms ADD COLUMN timer TEXT NOT NULL DEFAULT '';
CREATE INDEX rooms_asleep ON rooms(sleeps, wake_ms);
)sql"},
    Migration{4, "room leases: the node that serves each room and until when", R"sql(
ALTER TABLE rooms ADD COLUMN owner TEXT;
ALTER TABLE rooms ADD COLUMN lease_ms BIGINT;
)sql"},
}};

static_assert(kMigrations.back().version == Store::kSchemaVersion);

constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(1129595214)";  // "CTAN", as the SQLite application_id

}  // namespace

int migrate(Connection& db, const std::string& name, const Migrations& set) {
    try {
        db.begin("BEGIN");
        try {
            db.exec(kMigrationLock);
            const bool recorded = db.query("SELECT to_regclass($1) IS NOT NULL", {std::string(set.table)}).text(0, 0) == "t";
            if (set.check) set.check(db, recorded);
            int version = 0;
            if (recorded)
                version = static_cast<int>(db.query(std::string("SELECT coalesce(max(version), 0) FROM ") + set.table).integer(0, 0));
            const int latest = set.list.back().version;
            if (version > latest)
                throw StoreError(name + " was written by a newer catan-server (" + set.label + " " + std::to_string(version) +
                                 "; this one knows up to " + std::to_string(latest) + "). Nothing in it was changed. Run the newer" +
                                 " server on it, or pass another database with --data.");
            if (!recorded)
                db.exec(std::string("CREATE TABLE ") + set.table +
                        "(version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_ms BIGINT NOT NULL)");
            for (const Migration& m : set.list) {
                if (m.version <= version) continue;
                db.exec(m.sql);
                db.query(std::string("INSERT INTO ") + set.table + "(version, description, applied_ms) VALUES($1, $2, $3)",
                         {param(m.version), param(std::string(m.description)), param(now_ms())});
                version = m.version;
            }
            db.exec("COMMIT");
            return version;
        } catch (...) {
            try {
                db.exec("ROLLBACK");
            } catch (const Error&) {
            }
            throw;
        }
    } catch (const Error& e) {
        if (e.sqlstate() == "42501")  // insufficient_privilege
            throw StoreError(name + ": this user may not create catan-server's tables (" + e.what() + "). Nothing was changed." +
                             " Make the user the database's owner (ALTER DATABASE ... OWNER TO ...), or grant it CREATE on" +
                             " the schema (GRANT CREATE ON SCHEMA public TO ...).");
        throw StoreError(name + ": cannot prepare the database (" + e.what() + "). Nothing was changed. Check that the" +
                         " PostgreSQL server is running and that no other program uses this database.");
    }
}

int prepare_schema(Connection& db, const std::string& name) {
    const auto foreign = [&name](Connection& c, bool ours) {
        if (ours) return;
        const Result tables = c.query("SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()");
        if (tables.integer(0, 0) > 0)
            throw StoreError(name + " holds tables but is not a catan-server database. Nothing in it was changed. Create an"
                                    " empty database for catan-server (createdb) and pass its URL with --data.");
    };
    return migrate(db, name, {"schema_migrations", "schema version", kMigrations, foreign});
}

}  // namespace catan::store::pg
