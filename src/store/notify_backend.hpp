#pragma once
// What a database engine provides NotifyStore (internal to catan_store): its records in the SQLite
// file (notify_sqlite.cpp) or the PostgreSQL database (pg/notify.cpp), with the meaning
// notify_store.hpp documents. NotifyStore calls a backend under its own mutex, so a backend needs no
// locking of its own; failures are StoreErrors naming the data and what could not be done.
#include <memory>
#include <string>

#include "catan/store/notify_store.hpp"

namespace catan::store {

class NotifyBackend {
public:
    virtual ~NotifyBackend() = default;
    virtual int schema_version() const = 0;
    virtual std::pair<std::string, std::string> vapid_key(const std::function<std::pair<std::string, std::string>()>& make) = 0;
    virtual std::optional<int> seat_of_token(const std::string& code, const std::string& token_hash) = 0;
    virtual NotifyStore::Added add_target(const NotifyTarget& target, const std::string& token_hash, std::size_t per_seat,
                                          std::size_t per_address, std::size_t total) = 0;
    virtual std::size_t remove_targets(const std::string& code, int seat, const std::string& kind, const std::string& endpoint) = 0;
    virtual void remove_target(std::int64_t id) = 0;
    // `only_if_served_by`: not empty, the targets only while no other node holds the room.
    virtual std::vector<NotifyTarget> targets(const std::string& code, int seat, const std::string& only_if_served_by) = 0;
    virtual std::size_t count(const std::string& code, int seat, const std::string& kind) = 0;
    virtual std::size_t total() = 0;
    virtual std::size_t purge() = 0;
};

// The notify tables in the SQLite file at `path` (which a Store has opened), migrated.
std::unique_ptr<NotifyBackend> open_sqlite_notify(const std::string& path);
// The notify tables in the PostgreSQL database at `url` (which a Store has migrated), migrated.
std::unique_ptr<NotifyBackend> open_postgres_notify(const std::string& url);

// The SQL both dialects share: a target's registrant still holds its seat (the target is `t`).
inline constexpr const char* kTargetHeld =
    "EXISTS (SELECT 1 FROM seats s WHERE s.code = t.code AND s.seat = t.seat AND s.token_hash = t.token_hash)";

}  // namespace catan::store
