#include "registry.hpp"

#include "catan/room/secret.hpp"

namespace catan::room {

std::shared_ptr<Room> Registry::create(const std::function<std::shared_ptr<Room>(const std::string& code)>& make) {
    const std::lock_guard lock(mutex_);
    if (rooms_.size() >= max_rooms_) return nullptr;
    // 32^5 = 33.5 million codes: with the cap far below that, a free one turns up in a try or two.
    for (int attempt = 0; attempt < 1000; ++attempt) {
        std::string code = random_room_code();
        if (rooms_.count(code)) continue;
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

}  // namespace catan::room
