// Notifications' tables in the PostgreSQL database: the SQLite file's (notify_sqlite.cpp), version for
// version, in PostgreSQL's types, recorded in notify_migrations. Several nodes use them at once: the
// VAPID key is inserted once (the first node's wins, every node reads it back) and registrations take a
// transaction-scoped advisory lock, so the limits they check count every node's targets.
#include <array>

#include "../notify_backend.hpp"
#include "catan/store/store.hpp"
#include "libpq.hpp"
#include "schema.hpp"

namespace catan::store {

namespace {

using pg::param;

constexpr std::array<pg::Migration, 2> kMigrations = {{
    pg::Migration{1, "notifications: the VAPID key pair, each seat's push subscriptions and e-mail address", R"sql(
CREATE TABLE notify_keys(
  name TEXT PRIMARY KEY,
  private_key TEXT NOT NULL,
  public_key TEXT NOT NULL,
  created_ms BIGINT NOT NULL
);
CREATE TABLE notify_targets(
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code TEXT NOT NULL,
  seat INTEGER NOT NULL,
  token_hash TEXT NOT NULL,
  kind TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_ms BIGINT NOT NULL,
  UNIQUE(code, seat, kind, endpoint)
);
CREATE FUNCTION notify_room_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM notify_targets WHERE code = OLD.code;
  RETURN NULL;
END
$$;
CREATE TRIGGER notify_room_gone AFTER DELETE ON rooms FOR EACH ROW EXECUTE FUNCTION notify_room_gone();
)sql"},
    pg::Migration{2, "notifications: the address each target was registered from", R"sql(
ALTER TABLE notify_targets ADD COLUMN address TEXT NOT NULL DEFAULT '';
CREATE INDEX notify_by_address ON notify_targets(address);
)sql"},
}};

static_assert(kMigrations.back().version == NotifyStore::kSchemaVersion);

// Registrations one at a time across every node (two 32-bit keys: a space apart from the migrations'
// single 64-bit key).
constexpr const char* kRegistrationLock = "SELECT pg_advisory_xact_lock(1129595214, 2)";

constexpr const char* kTargetColumns = "id, code, seat, kind, endpoint, p256dh, auth, lang, address";

class PgNotify final : public NotifyBackend {
    template <class Body>
    auto transaction(const std::string& doing, Body body) {
        try {
            db_->begin("BEGIN");
            try {
                auto out = body(*db_);
                db_->exec("COMMIT");
                return out;
            } catch (...) {
                try {
                    db_->exec("ROLLBACK");
                } catch (const pg::Error&) {
                }
                throw;
            }
        } catch (const pg::Error& e) {
            throw StoreError(name_ + ": notifications: cannot " + doing + " (" + e.what() + "). Check that the PostgreSQL server is" +
                             " running and reachable.");
        }
    }

public:
    explicit PgNotify(const std::string& url) : name_(pg::redact(url)) {
        try {
            db_ = std::make_unique<pg::Connection>(url);
        } catch (const pg::Error& e) {
            throw StoreError("notifications: cannot connect to PostgreSQL at " + name_ + " (" + e.what() + ")");
        }
        const auto rooms_first = [this](pg::Connection& c, bool) {
            if (c.query("SELECT to_regclass('schema_migrations') IS NOT NULL").text(0, 0) != "t")
                throw StoreError(name_ + " is not a catan-server database: notifications keep their tables in one");
        };
        version_ = pg::migrate(*db_, name_, {"notify_migrations", "notify schema version", kMigrations, rooms_first});
    }

    int schema_version() const override { return version_; }

    std::pair<std::string, std::string> vapid_key(const std::function<std::pair<std::string, std::string>()>& make) override {
        return transaction("read or keep the VAPID key", [&](pg::Connection& db) {
            const char* read = "SELECT private_key, public_key FROM notify_keys WHERE name = 'vapid'";
            if (const pg::Result kept = db.query(read); kept.rows() > 0) return std::pair{kept.text(0, 0), kept.text(0, 1)};
            // Another node starting now may insert its own first: then its key is the one, here too.
            const auto made = make();
            db.query("INSERT INTO notify_keys(name, private_key, public_key, created_ms) VALUES('vapid', $1, $2, $3)"
                     " ON CONFLICT(name) DO NOTHING",
                     {made.first, made.second, param(now_ms())});
            const pg::Result kept = db.query(read);
            return std::pair{kept.text(0, 0), kept.text(0, 1)};
        });
    }

    std::optional<int> seat_of_token(const std::string& code, const std::string& token_hash) override {
        return transaction("read the seats", [&](pg::Connection& db) -> std::optional<int> {
            const pg::Result seat = db.query("SELECT seat FROM seats WHERE code = $1 AND token_hash = $2", {code, token_hash});
            if (seat.rows() == 0) return std::nullopt;
            return static_cast<int>(seat.integer(0, 0));
        });
    }

    NotifyStore::Added add_target(const NotifyTarget& t, const std::string& token_hash, std::size_t per_seat, std::size_t per_address,
                                  std::size_t total_cap) override {
        using Added = NotifyStore::Added;
        return transaction("keep a notification target", [&](pg::Connection& db) {
            db.exec(kRegistrationLock);
            const pg::Result same = db.query("SELECT id FROM notify_targets WHERE code = $1 AND seat = $2 AND kind = $3 AND endpoint = $4",
                                             {t.code, param(t.seat), t.kind, t.endpoint});
            if (same.rows() > 0) {
                db.query("UPDATE notify_targets SET token_hash = $1, p256dh = $2, auth = $3, lang = $4, created_ms = $5, address = $6"
                         " WHERE id = $7",
                         {token_hash, t.p256dh, t.auth, t.lang, param(now_ms()), t.address, param(same.integer(0, 0))});
                return Added::updated;
            }
            if (t.kind == "email")  // one address per seat: a new one replaces it
                db.query("DELETE FROM notify_targets WHERE code = $1 AND seat = $2 AND kind = 'email'", {t.code, param(t.seat)});
            const auto count = [&db](const std::string& sql, const std::vector<pg::Param>& params) {
                return static_cast<std::size_t>(db.query(sql, params).integer(0, 0));
            };
            if (count("SELECT count(*) FROM notify_targets WHERE code = $1 AND seat = $2 AND kind = $3 AND token_hash = $4",
                      {t.code, param(t.seat), t.kind, token_hash}) >= per_seat)
                return Added::seat_full;
            if (!t.address.empty() && count("SELECT count(*) FROM notify_targets WHERE address = $1", {t.address}) >= per_address)
                return Added::address_full;
            if (count("SELECT count(*) FROM notify_targets", {}) >= total_cap) return Added::total_full;
            db.query("INSERT INTO notify_targets(code, seat, token_hash, kind, endpoint, p256dh, auth, lang, created_ms, address)"
                     " VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                     {t.code, param(t.seat), token_hash, t.kind, t.endpoint, t.p256dh, t.auth, t.lang, param(now_ms()), t.address});
            return Added::added;
        });
    }

    std::size_t remove_targets(const std::string& code, int seat, const std::string& kind, const std::string& endpoint) override {
        return transaction("remove notification targets", [&](pg::Connection& db) {
            return static_cast<std::size_t>(
                db.query("WITH gone AS (DELETE FROM notify_targets WHERE code = $1 AND seat = $2 AND ($3::text = '' OR kind = $3)"
                         " AND ($4::text = '' OR endpoint = $4) RETURNING 1) SELECT count(*) FROM gone",
                         {code, param(seat), kind, endpoint})
                    .integer(0, 0));
        });
    }

    void remove_target(std::int64_t id) override {
        transaction("remove a notification target", [&](pg::Connection& db) {
            db.query("DELETE FROM notify_targets WHERE id = $1", {param(id)});
            return 0;
        });
    }

    std::vector<NotifyTarget> targets(const std::string& code, int seat, const std::string& only_if_served_by) override {
        return transaction("read notification targets", [&](pg::Connection& db) {
            std::string sql = std::string("SELECT ") + kTargetColumns + " FROM notify_targets t WHERE code = $1 AND seat = $2 AND " + kTargetHeld;
            std::vector<pg::Param> params{code, param(seat)};
            if (!only_if_served_by.empty()) {
                // A room no node holds (asleep, or between nodes) is the sender's: its notification
                // comes from the node that just let it go.
                sql += " AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.code = t.code AND r.owner IS NOT NULL AND r.owner <> $3)";
                params.push_back(only_if_served_by);
            }
            const pg::Result rows = db.query(sql + " ORDER BY id", params);
            std::vector<NotifyTarget> out;
            for (int i = 0; i < rows.rows(); ++i)
                out.push_back({rows.integer(i, 0), rows.text(i, 1), static_cast<int>(rows.integer(i, 2)), rows.text(i, 3), rows.text(i, 4),
                               rows.text(i, 5), rows.text(i, 6), rows.text(i, 7), rows.text(i, 8)});
            return out;
        });
    }

    std::size_t count(const std::string& code, int seat, const std::string& kind) override {
        return transaction("count notification targets", [&](pg::Connection& db) {
            return static_cast<std::size_t>(
                db.query(std::string("SELECT count(*) FROM notify_targets t WHERE code = $1 AND seat = $2 AND kind = $3 AND ") + kTargetHeld,
                         {code, param(seat), kind})
                    .integer(0, 0));
        });
    }

    std::size_t total() override {
        return transaction("count notification targets", [](pg::Connection& db) {
            return static_cast<std::size_t>(db.query("SELECT count(*) FROM notify_targets").integer(0, 0));
        });
    }

    // Every node purges on its own schedule: two at once delete each row once between them.
    std::size_t purge() override {
        return transaction("purge notification targets", [](pg::Connection& db) {
            return static_cast<std::size_t>(
                db.query(std::string("WITH gone AS (DELETE FROM notify_targets AS t WHERE NOT ") + kTargetHeld +
                         " RETURNING 1) SELECT count(*) FROM gone")
                    .integer(0, 0));
        });
    }

private:
    std::string name_;
    int version_ = 0;
    std::unique_ptr<pg::Connection> db_;
};

}  // namespace

std::unique_ptr<NotifyBackend> open_postgres_notify(const std::string& url) { return std::make_unique<PgNotify>(url); }

}  // namespace catan::store
