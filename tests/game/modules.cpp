#include "modules.hpp"

#include "catan/games/catan.hpp"
#include "race_module.hpp"

namespace gametest {

using namespace catan::game;

std::vector<Case> cases() {
    const Module& catan = *catan::games::catan_module();
    Json six = catan.default_options(6);
    six["turn_structure"] = "special_build";
    return {{&catan, catan.default_options(4), "catan 4"}, {&catan, six, "catan 6"},
            {race::race_module().get(), race::race_module()->default_options(3), "race 3"}};
}

std::vector<std::string> all_views(const Session& s) {
    std::vector<std::string> out;
    ViewParts parts;
    s.update_public(parts);
    for (const ViewPart& p : parts) out.push_back(p.path + "=" + p.text);
    for (int viewer = kSpectator; viewer < s.players(); ++viewer) {
        ViewParts mine;
        s.update_viewer(viewer, mine);
        for (const ViewPart& p : mine) out.push_back(std::to_string(viewer) + p.path + "=" + p.text);
    }
    return out;
}

Played play_bots(const Case& c, std::uint64_t seed, int cap) {
    return play_bots(c, seed, cap, [](const Session&, const std::vector<LoggedMove>&) {});
}

std::unique_ptr<Session> copy_of(const Session& s, const std::vector<LoggedMove>& log) {
    auto restored = s.module().restore(s.options_record(), nullptr, 0, log);
    if (auto* e = std::get_if<RestoreError>(&restored)) FAIL("restore failed at " << e->index << ": " << e->message);
    return std::move(std::get<std::unique_ptr<Session>>(restored));
}

}  // namespace gametest
