#include "registry.hpp"

#include "catan/room/secret.hpp"

namespace catan::room {

std::shared_ptr<Room> Registry::create(const std::function<std::shared_ptr<Room>(const std::string& code)>& make) {
    const std::lock_guard lock(mutex_);
    if (rooms_.size() >= max_rooms_) return nullptr;
    // 32^5 = 33.5 million codes: with the cap far below that, a free one turns up in a try or two.
    for (int attempt = 0; attempt < 1000; ++attempt) {
        std::string code = random_room_code();
        if (rooms_.count(code) || asleep_.count(code) || waking_.count(code)) continue;
        auto room = make(code);
        rooms_.emplace(std::move(code), room);
        return room;
    }
    return nullptr;
}

bool Registry::adopt(const std::string& code, std::shared_ptr<Room> room) {
    const std::lock_guard lock(mutex_);
    return rooms_.emplace(code, std::move(room)).second;
}

std::shared_ptr<Room> Registry::find(std::string_view code) const {
    const auto canonical = normalize_room_code(code);
    if (!canonical) return nullptr;
    const std::lock_guard lock(mutex_);
    const auto it = rooms_.find(*canonical);
    return it == rooms_.end() ? nullptr : it->second;
}

void Registry::remove(const std::string& code, const Room* room) {
    std::shared_ptr<Room> last;  // released after the lock: a room is never destroyed under it
    const std::lock_guard lock(mutex_);
    const auto it = rooms_.find(code);
    if (it == rooms_.end() || it->second.get() != room) return;
    last = std::move(it->second);
    rooms_.erase(it);
}

std::vector<std::shared_ptr<Room>> Registry::rooms() const {
    const std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<Room>> out;
    out.reserve(rooms_.size());
    for (const auto& [code, room] : rooms_) out.push_back(room);
    return out;
}

std::size_t Registry::size() const {
    const std::lock_guard lock(mutex_);
    return rooms_.size();
}

void Registry::forget_wake(const std::string& code) {
    const auto it = asleep_.find(code);
    if (it == asleep_.end()) return;
    if (it->second) wake_order_.erase({*it->second, code});
    asleep_.erase(it);
}

void Registry::add_sleeping(const std::string& code, std::optional<std::int64_t> wake_ms) {
    const std::lock_guard lock(mutex_);
    forget_wake(code);
    asleep_.emplace(code, wake_ms);
    if (wake_ms) wake_order_.emplace(*wake_ms, code);
}

bool Registry::put_to_sleep(const std::string& code, const Room* room, std::optional<std::int64_t> wake_ms) {
    std::shared_ptr<Room> last;  // released after the lock
    const std::lock_guard lock(mutex_);
    const auto it = rooms_.find(code);
    if (it == rooms_.end() || it->second.get() != room) return false;
    last = std::move(it->second);
    rooms_.erase(it);
    asleep_.emplace(code, wake_ms);
    if (wake_ms) wake_order_.emplace(*wake_ms, code);
    return true;
}

std::shared_ptr<Room> Registry::find_or_wake(std::string_view code, bool* woken, Elsewhere* elsewhere) {
    if (woken) *woken = false;
    if (elsewhere) *elsewhere = {};
    const auto canonical = normalize_room_code(code);
    if (!canonical) return nullptr;
    std::promise<Woken> promise;
    {
        std::unique_lock lock(mutex_);
        if (const auto it = rooms_.find(*canonical); it != rooms_.end()) return it->second;
        if (const auto it = waking_.find(*canonical); it != waking_.end()) {
            const auto pending = it->second;
            lock.unlock();
            const Woken& w = pending.get();  // another thread wakes it: the same answer for both
            if (elsewhere) *elsewhere = w.elsewhere;
            return w.room;
        }
        if (!waker_ || (!wake_any_ && !asleep_.count(*canonical))) return nullptr;
        forget_wake(*canonical);
        waking_.emplace(*canonical, promise.get_future().share());
    }
    Woken w;
    try {
        w = waker_(*canonical);
    } catch (...) {
        w = {};  // the waker logs why; the room stays in the file
    }
    {
        const std::lock_guard lock(mutex_);
        waking_.erase(*canonical);
        if (w.room) rooms_.emplace(*canonical, w.room);
    }
    promise.set_value(w);
    if (woken) *woken = w.room != nullptr;
    if (elsewhere) *elsewhere = w.elsewhere;
    return w.room;
}

std::vector<std::string> Registry::due(std::int64_t now_ms) const {
    const std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& [at, code] : wake_order_) {
        if (at > now_ms) break;
        out.push_back(code);
    }
    return out;
}

std::size_t Registry::sleeping() const {
    const std::lock_guard lock(mutex_);
    return asleep_.size();
}

}  // namespace catan::room
