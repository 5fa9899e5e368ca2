// Notifications' tables in the SQLite file, with migrations of their own: notify_migrations records
// them as schema_migrations records the rooms' (append-only: a released version's SQL never changes;
// pg/notify.cpp makes the same tables, version for version, in PostgreSQL).
#include <array>

#include "catan/store/store.hpp"
#include "notify_backend.hpp"
#include "schema.hpp"
#include "sqlite.hpp"

namespace catan::store {

namespace {

constexpr std::array<Migration, 2> kMigrations = {{
    Migration{1, "notifications: the VAPID key pair, each seat's push subscriptions and e-mail address", R"sql(
CREATE TABLE notify_keys(
  name TEXT PRIMARY KEY,
  private_key TEXT NOT NULL,
  public_key TEXT NOT NULL,
  created_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE notify_targets(
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  seat INTEGER NOT NULL,
  token_hash TEXT NOT NULL,
  kind TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  UNIQUE(code, seat, kind, endpoint)
);
CREATE TRIGGER notify_room_gone AFTER DELETE ON rooms BEGIN
  DELETE FROM notify_targets WHERE code = OLD.code;
END;
)sql"},
    // The client address each target was registered from, for the cap per address (targets of version
    // 1 have none and count for nobody).
    Migration{2, "notifications: the address each target was registered from", R"sql(
ALTER TABLE notify_targets ADD COLUMN address TEXT NOT NULL DEFAULT '';
CREATE INDEX notify_by_address ON notify_targets(address);
)sql"},
}};

static_assert(kMigrations.back().version == NotifyStore::kSchemaVersion);

constexpr const char* kHeld = kTargetHeld;

class SqliteNotify final : public NotifyBackend {
    struct Impl {
        std::unique_ptr<sql::Db> db;
        int version = 0;

        template <class F>
        auto guarded(const char* doing, F f) {
            try {
                return f(*db);
            } catch (const sql::Error& e) {
                throw StoreError(db->path() + ": notifications: cannot " + doing + " (" + e.what() + ")");
            }
        }
    };
    std::unique_ptr<Impl> impl_ = std::make_unique<Impl>();

public:
    explicit SqliteNotify(const std::string& path);
    int schema_version() const override { return impl_->version; }
    std::pair<std::string, std::string> vapid_key(const std::function<std::pair<std::string, std::string>()>& make) override;
    std::optional<int> seat_of_token(const std::string& code, const std::string& token_hash) override;
    NotifyStore::Added add_target(const NotifyTarget& target, const std::string& token_hash, std::size_t per_seat,
                                  std::size_t per_address, std::size_t total) override;
    std::size_t remove_targets(const std::string& code, int seat, const std::string& kind, const std::string& endpoint) override;
    void remove_target(std::int64_t id) override;
    // One server serves an SQLite file: every room of it is this node's.
    std::vector<NotifyTarget> targets(const std::string& code, int seat, const std::string& only_if_served_by) override;
    std::size_t count(const std::string& code, int seat, const std::string& kind) override;
    std::size_t total() override;
    std::size_t purge() override;
};

}  // namespace

std::unique_ptr<NotifyBackend> open_sqlite_notify(const std::string& path) { return std::make_unique<SqliteNotify>(path); }

SqliteNotify::SqliteNotify(const std::string& path) {
    try {
        impl_->db = std::make_unique<sql::Db>(path, /*create=*/false);
        sql::Db& db = *impl_->db;
        sql::Statement app = db.prepare("PRAGMA application_id");
        if (!app.step() || app.column_int(0) != kApplicationId)
            throw StoreError(path + " is not a catan-server data file: notifications keep their tables in one");
        db.exec("CREATE TABLE IF NOT EXISTS notify_migrations(version INTEGER PRIMARY KEY, description TEXT NOT NULL,"
                " applied_ms INTEGER NOT NULL)");
        sql::Statement current = db.prepare("SELECT coalesce(max(version), 0) FROM notify_migrations");
        impl_->version = current.step() ? static_cast<int>(current.column_int(0)) : 0;
        if (impl_->version > kMigrations.back().version)
            throw StoreError(path + " holds notifications of a newer catan-server (notify schema version " +
                             std::to_string(impl_->version) + "). Run the newer server on it, or pass another file with --data.");
        impl_->version = apply_migrations(db, "notify_migrations", kMigrations, impl_->version);
    } catch (const sql::Error& e) {
        throw StoreError(path + ": cannot prepare the notifications' tables: " + e.what() +
                         ". Check that the file is on a writable local disk.");
    }
}

std::pair<std::string, std::string> SqliteNotify::vapid_key(const std::function<std::pair<std::string, std::string>()>& make) {
    return impl_->guarded("read or keep the VAPID key", [&](sql::Db& db) {
        return sql::write_transaction(db, [&] {
            sql::Statement read = db.prepare("SELECT private_key, public_key FROM notify_keys WHERE name = 'vapid'");
            if (read.step()) return std::pair{read.column_text(0), read.column_text(1)};
            auto made = make();
            sql::Statement keep =
                db.prepare("INSERT INTO notify_keys(name, private_key, public_key, created_ms) VALUES('vapid', ?, ?, ?)");
            keep.bind(1, made.first).bind(2, made.second).bind(3, now_ms()).run();
            return made;
        });
    });
}

std::optional<int> SqliteNotify::seat_of_token(const std::string& code, const std::string& token_hash) {
    return impl_->guarded("read the seats", [&](sql::Db& db) -> std::optional<int> {
        sql::Statement s = db.prepare("SELECT seat FROM seats WHERE code = ? AND token_hash = ?");
        s.bind(1, code).bind(2, token_hash);
        if (!s.step()) return std::nullopt;
        return static_cast<int>(s.column_int(0));
    });
}

NotifyStore::Added SqliteNotify::add_target(const NotifyTarget& t, const std::string& token_hash, std::size_t per_seat,
                                            std::size_t per_address, std::size_t total_cap) {
    return impl_->guarded("keep a notification target", [&](sql::Db& db) {
        return sql::write_transaction(db, [&] {
            using Added = NotifyStore::Added;
            sql::Statement same = db.prepare("SELECT id FROM notify_targets WHERE code = ? AND seat = ? AND kind = ? AND endpoint = ?");
            same.bind(1, t.code).bind(2, t.seat).bind(3, t.kind).bind(4, t.endpoint);
            if (same.step()) {
                const std::int64_t id = same.column_int(0);
                sql::Statement update = db.prepare(
                    "UPDATE notify_targets SET token_hash = ?, p256dh = ?, auth = ?, lang = ?, created_ms = ?, address = ? WHERE id = ?");
                update.bind(1, token_hash).bind(2, t.p256dh).bind(3, t.auth).bind(4, t.lang).bind(5, now_ms()).bind(6, t.address);
                update.bind(7, id).run();
                return Added::updated;
            }
            if (t.kind == "email") {  // one address per seat: a new one replaces it
                sql::Statement drop = db.prepare("DELETE FROM notify_targets WHERE code = ? AND seat = ? AND kind = 'email'");
                drop.bind(1, t.code).bind(2, t.seat).run();
            }
            sql::Statement seat_count = db.prepare(
                "SELECT count(*) FROM notify_targets WHERE code = ? AND seat = ? AND kind = ? AND token_hash = ?");
            seat_count.bind(1, t.code).bind(2, t.seat).bind(3, t.kind).bind(4, token_hash);
            if (seat_count.step() && static_cast<std::size_t>(seat_count.column_int(0)) >= per_seat) return Added::seat_full;
            if (!t.address.empty()) {
                sql::Statement from = db.prepare("SELECT count(*) FROM notify_targets WHERE address = ?");
                from.bind(1, t.address);
                if (from.step() && static_cast<std::size_t>(from.column_int(0)) >= per_address) return Added::address_full;
            }
            sql::Statement all = db.prepare("SELECT count(*) FROM notify_targets");
            if (all.step() && static_cast<std::size_t>(all.column_int(0)) >= total_cap) return Added::total_full;
            sql::Statement insert = db.prepare(
                "INSERT INTO notify_targets(code, seat, token_hash, kind, endpoint, p256dh, auth, lang, created_ms, address)"
                " VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
            insert.bind(1, t.code).bind(2, t.seat).bind(3, token_hash).bind(4, t.kind).bind(5, t.endpoint).bind(6, t.p256dh);
            insert.bind(7, t.auth).bind(8, t.lang).bind(9, now_ms()).bind(10, t.address).run();
            return Added::added;
        });
    });
}

std::size_t SqliteNotify::remove_targets(const std::string& code, int seat, const std::string& kind, const std::string& endpoint) {
    return impl_->guarded("remove notification targets", [&](sql::Db& db) {
        sql::Statement s = db.prepare(
            "DELETE FROM notify_targets WHERE code = ?1 AND seat = ?2 AND (?3 = '' OR kind = ?3) AND (?4 = '' OR endpoint = ?4)");
        s.bind(1, code).bind(2, seat).bind(3, kind).bind(4, endpoint).run();
        return static_cast<std::size_t>(db.changes());
    });
}

void SqliteNotify::remove_target(std::int64_t id) {
    impl_->guarded("remove a notification target", [&](sql::Db& db) {
        sql::Statement s = db.prepare("DELETE FROM notify_targets WHERE id = ?");
        s.bind(1, id).run();
        return 0;
    });
}

std::vector<NotifyTarget> SqliteNotify::targets(const std::string& code, int seat, const std::string&) {
    return impl_->guarded("read notification targets", [&](sql::Db& db) {
        sql::Statement s = db.prepare(std::string("SELECT id, code, seat, kind, endpoint, p256dh, auth, lang, address FROM notify_targets t"
                                                  " WHERE code = ? AND seat = ? AND ") +
                                      kHeld + " ORDER BY id");
        s.bind(1, code).bind(2, seat);
        std::vector<NotifyTarget> out;
        while (s.step())
            out.push_back({s.column_int(0), s.column_text(1), static_cast<int>(s.column_int(2)), s.column_text(3), s.column_text(4),
                           s.column_text(5), s.column_text(6), s.column_text(7), s.column_text(8)});
        return out;
    });
}

std::size_t SqliteNotify::count(const std::string& code, int seat, const std::string& kind) {
    return impl_->guarded("count notification targets", [&](sql::Db& db) {
        sql::Statement s = db.prepare(std::string("SELECT count(*) FROM notify_targets t WHERE code = ? AND seat = ? AND kind = ? AND ") + kHeld);
        s.bind(1, code).bind(2, seat).bind(3, kind);
        return s.step() ? static_cast<std::size_t>(s.column_int(0)) : std::size_t{0};
    });
}

std::size_t SqliteNotify::total() {
    return impl_->guarded("count notification targets", [&](sql::Db& db) {
        sql::Statement s = db.prepare("SELECT count(*) FROM notify_targets");
        return s.step() ? static_cast<std::size_t>(s.column_int(0)) : std::size_t{0};
    });
}

std::size_t SqliteNotify::purge() {
    return impl_->guarded("purge notification targets", [&](sql::Db& db) {
        db.exec(std::string("DELETE FROM notify_targets AS t WHERE NOT ") + kHeld);
        return static_cast<std::size_t>(db.changes());
    });
}

}  // namespace catan::store
