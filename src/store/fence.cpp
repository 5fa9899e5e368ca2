#include "fence.hpp"

namespace catan::store {

Fence::Fence(const std::map<std::string, std::int64_t>& held, const std::vector<std::string>& codes, const std::vector<RoomRow>& rows,
             const std::string& node) {
    std::map<std::string, const RoomRow*> row_of;
    for (const RoomRow& row : rows) {
        present_.insert(row.code);
        row_of.emplace(row.code, &row);
    }
    for (const std::string& code : codes) {
        const auto h = held.find(code);
        if (h == held.end()) continue;  // never taken, or lost, released or deleted before: not ours to write
        const auto r = row_of.find(code);
        // Another node took it (a new epoch, its name) or freed it; a row gone was deleted or replaced.
        if (r != row_of.end() && r->second->owner == node && r->second->epoch == h->second)
            writable_.emplace(code, h->second);
        else
            lost_.push_back(code);
    }
}

bool Fence::write(const std::string& code) const { return writable_.count(code) > 0; }

bool Fence::create(const std::string& code, std::int64_t epoch) {
    if (!present_.insert(code).second) return false;  // any node's room: never replaced by a new one
    writable_[code] = epoch;
    changes_[code] = epoch;
    return true;
}

bool Fence::erase(const std::string& code) {
    if (writable_.erase(code) == 0) return false;
    present_.erase(code);
    changes_[code] = std::nullopt;
    return true;
}

bool Fence::release(const std::string& code) {
    if (writable_.erase(code) == 0) return false;
    changes_[code] = std::nullopt;
    return true;
}

void Fence::settle(std::map<std::string, std::int64_t>& held) const {
    for (const auto& [code, epoch] : changes_) {
        if (epoch)
            held[code] = *epoch;
        else
            held.erase(code);
    }
}

}  // namespace catan::store
