#pragma once
// Notifications' part of the data (docs/operating.md, "Notifications"): the server's VAPID key pair
// and each seat's notification targets (Web Push subscriptions, an e-mail address). Their own tables
// with their own migrations (notify_migrations), in the SQLite file or the PostgreSQL database a Store
// has opened: a backup keeps them, and deleting a room deletes its targets (a trigger on `rooms`).
// Records are plain text: the notify layer encodes and checks them.
//
// A target belongs to the seat holder who registered it (the hash of their seat token): once the seat
// has another holder, or is gone, targets() leaves it out and purge() deletes it.
//
// Several nodes may share one PostgreSQL database, each with a NotifyStore of its own: the VAPID key is
// made once for the database (every node reads the same one), the limits of add_target count every
// node's targets (registrations are made one at a time across the nodes), and purge() may run on each.
// Synchronous, thread-safe (one connection under a mutex); each call is short.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace catan::store {

struct NotifyTarget {
    std::int64_t id = 0;
    std::string code;
    int seat = 0;
    std::string kind;       // "push" or "email"
    std::string endpoint;   // push: the push service URL; email: the address
    std::string p256dh;     // push: the subscription's keys, base64url (empty for email)
    std::string auth;
    std::string lang;       // the client's language ("en", "fr", ...), for the texts sent
    std::string address;    // the client address that registered it (empty: none known)
};

class NotifyStore {
public:
    static constexpr int kSchemaVersion = 2;

    // Opens the data file at `path`, or the PostgreSQL database when `path` is a URL
    // (store::is_database_url), already opened and migrated by a Store, with a connection of its own,
    // and applies the notify migrations it lacks. `node`: the node this server is (StoreOptions::node,
    // Store::node()), for deliverable(). Throws StoreError.
    explicit NotifyStore(const std::string& path, std::string node = {});
    ~NotifyStore();
    NotifyStore(const NotifyStore&) = delete;
    NotifyStore& operator=(const NotifyStore&) = delete;

    int schema_version() const;

    // The VAPID key pair as kept in the file (two texts, the notify layer's encoding); `make` makes
    // one the first time, and it is kept before it is returned.
    std::pair<std::string, std::string> vapid_key(const std::function<std::pair<std::string, std::string>()>& make);

    // The seat whose holder has the token with this hash in room `code`; nothing when none has.
    std::optional<int> seat_of_token(const std::string& code, const std::string& token_hash);

    enum class Added { added, updated, seat_full, address_full, total_full };
    // Adds `target` for the holder of `token_hash`, or updates the one with the same code, seat, kind
    // and endpoint. An e-mail address replaces the seat's earlier one. Refused when the seat has
    // `per_seat` targets of that kind already, its address (target.address, when set) `per_address`
    // targets of any seat, or the file `total` targets.
    Added add_target(const NotifyTarget& target, const std::string& token_hash, std::size_t per_seat, std::size_t per_address,
                     std::size_t total);
    // Removes the seat's targets: of `kind` (empty: every kind) and `endpoint` (empty: any). Returns how many.
    std::size_t remove_targets(const std::string& code, int seat, const std::string& kind, const std::string& endpoint);
    void remove_target(std::int64_t id);
    // The seat's targets whose registrant still holds the seat.
    std::vector<NotifyTarget> targets(const std::string& code, int seat);
    // targets(), to send a notification from this node: on PostgreSQL nothing while another node
    // holds the room (a node that lost the room, and has not found out yet, sends nothing its
    // successor sends too). Read in one statement with the seats and the room's owner.
    std::vector<NotifyTarget> deliverable(const std::string& code, int seat);
    std::size_t count(const std::string& code, int seat, const std::string& kind);
    std::size_t total();
    // Deletes every target whose registrant is not its seat's holder (or whose room is gone). Returns how many.
    std::size_t purge();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace catan::store
