// NotifyStore: the backend its path names (an SQLite file, or a PostgreSQL URL as the Store reads it),
// called one at a time under a mutex.
#include "catan/store/notify_store.hpp"

#include <mutex>

#include "catan/store/store.hpp"
#include "notify_backend.hpp"

namespace catan::store {

struct NotifyStore::Impl {
    std::mutex mutex;
    std::unique_ptr<NotifyBackend> backend;
    std::string node;

    template <class F>
    auto locked(F f) {
        const std::lock_guard lock(mutex);
        return f(*backend);
    }
};

NotifyStore::NotifyStore(const std::string& path, std::string node) : impl_(std::make_unique<Impl>()) {
    impl_->backend = is_database_url(path) ? open_postgres_notify(path) : open_sqlite_notify(path);
    impl_->node = std::move(node);
}

NotifyStore::~NotifyStore() = default;

int NotifyStore::schema_version() const { return impl_->backend->schema_version(); }

std::pair<std::string, std::string> NotifyStore::vapid_key(const std::function<std::pair<std::string, std::string>()>& make) {
    return impl_->locked([&](NotifyBackend& b) { return b.vapid_key(make); });
}

std::optional<int> NotifyStore::seat_of_token(const std::string& code, const std::string& token_hash) {
    return impl_->locked([&](NotifyBackend& b) { return b.seat_of_token(code, token_hash); });
}

NotifyStore::Added NotifyStore::add_target(const NotifyTarget& target, const std::string& token_hash, std::size_t per_seat,
                                           std::size_t per_address, std::size_t total) {
    return impl_->locked([&](NotifyBackend& b) { return b.add_target(target, token_hash, per_seat, per_address, total); });
}

std::size_t NotifyStore::remove_targets(const std::string& code, int seat, const std::string& kind, const std::string& endpoint) {
    return impl_->locked([&](NotifyBackend& b) { return b.remove_targets(code, seat, kind, endpoint); });
}

void NotifyStore::remove_target(std::int64_t id) {
    impl_->locked([&](NotifyBackend& b) {
        b.remove_target(id);
        return 0;
    });
}

std::vector<NotifyTarget> NotifyStore::targets(const std::string& code, int seat) {
    return impl_->locked([&](NotifyBackend& b) { return b.targets(code, seat, {}); });
}

std::vector<NotifyTarget> NotifyStore::deliverable(const std::string& code, int seat) {
    return impl_->locked([&](NotifyBackend& b) { return b.targets(code, seat, impl_->node); });
}

std::size_t NotifyStore::count(const std::string& code, int seat, const std::string& kind) {
    return impl_->locked([&](NotifyBackend& b) { return b.count(code, seat, kind); });
}

std::size_t NotifyStore::total() {
    return impl_->locked([](NotifyBackend& b) { return b.total(); });
}

std::size_t NotifyStore::purge() {
    return impl_->locked([](NotifyBackend& b) { return b.purge(); });
}

}  // namespace catan::store
