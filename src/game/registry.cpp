// The modules this server knows: registered once at start (or by a test), looked up by every room.
#include <map>
#include <mutex>

#include "catan/game/module.hpp"

namespace catan::game {

namespace {

struct Registry {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<const Module>, std::less<>> modules;
};

Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

void register_module(std::shared_ptr<const Module> module) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    r.modules[module->id()] = std::move(module);
}

// Modules are never unregistered, so the pointer stays valid for the life of the process.
const Module* find_module(std::string_view id) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    const auto it = r.modules.find(id);
    return it == r.modules.end() ? nullptr : it->second.get();
}

std::vector<std::string> module_ids() {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    std::vector<std::string> ids;
    for (const auto& [id, module] : r.modules) ids.push_back(id);
    return ids;
}

}  // namespace catan::game
