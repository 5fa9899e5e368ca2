// The seam's default members (module.hpp): what a game gets without writing its own.
#include "catan/game/module.hpp"

namespace catan::game {

Json Module::store_options(const Json& options) const {
    Json stored = options;
    stored.erase("players");
    return stored;
}

std::variant<Json, Error> Module::load_options(const Json& stored, int players) const {
    Json options = default_options(players);
    const Json schema = option_schema(players);
    for (const auto& [name, entry] : schema.items())
        if (name != "players" && stored.contains(name)) options[name] = stored[name];
    if (auto error = validate(options, "options")) return *std::move(error);
    return options;
}

void Module::follow_options(Json&, int) const {}

std::vector<Json> Module::table_options() const {
    std::vector<Json> all;
    for (int players = min_players(); players <= max_players(); ++players) all.push_back(default_options(players));
    return all;
}

// One part at /stats, the whole stats, replaced whole when it changes.
void Session::update_stats(ViewParts& parts, const PatchSink* sink, std::optional<std::int64_t> started_at,
                           std::optional<std::int64_t> ended_at) const {
    std::string text = stats(started_at, ended_at).dump();
    if (parts.size() != 1) parts.assign(1, ViewPart{"/stats", {}});
    ViewPart& part = parts.front();
    if (part.text == text) return;
    if (sink) {
        if (!sink->ops.empty()) sink->ops += ',';
        sink->ops += std::string(R"({"op":")") + (part.text.empty() ? "add" : "replace") + R"(","path":)" +
                     Json(std::string(sink->prefix) + part.path).dump() + R"(,"value":)" + text + "}";
    }
    part.text = std::move(text);
}

}  // namespace catan::game
