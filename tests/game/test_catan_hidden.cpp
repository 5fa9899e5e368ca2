// Catan's hidden information through the seam (the idea of tests/proto's property test): a session
// restored from a snapshot in which everything a viewer must not see was changed (others' hands and
// development cards) gives that viewer the same view parts and legal commands; and no event a viewer
// is sent names a stolen card or a bought development card unless the viewer is the thief, the victim
// or the buyer.
#include "catan/proto/state_json.hpp"
#include "modules.hpp"
#include "scramble.hpp"

using namespace catan::game;

namespace {

std::string viewer_text(const Session& s, int viewer) {
    ViewParts pub, mine;
    s.update_public(pub);
    s.update_viewer(viewer, mine);
    std::string out;
    for (const ViewParts* list : {&pub, &mine})
        for (const ViewPart& p : *list) out += p.path + "=" + p.text + "\n";
    return out;
}

}  // namespace

TEST_CASE("HIDDEN INFORMATION: Catan view parts do not change when what the viewer must not see changes", "[game][hidden]") {
    catan::Rng rng(99);
    int compared = 0, scrambled = 0;
    for (const gametest::Case& c : gametest::cases()) {
        if (c.module->id() != "catan") continue;
        INFO(c.label);
        gametest::play_bots(c, 31, 4000, [&](const Session& s, const std::vector<LoggedMove>& log) {
            if (log.size() % 23 != 0) return;
            const catan::GameState truth = catan::proto::decode_state(std::string_view(s.snapshot())).value();
            for (int viewer = kSpectator; viewer < s.players(); ++viewer) {
                catan::GameState other = truth;
                catan::test::scramble_hidden(other, viewer, rng);
                scrambled += !(other.players == truth.players);
                const std::string text = catan::proto::state_json(other).dump();
                auto restored = s.module().restore(s.options_record(), &text, log.size(), log);
                REQUIRE(restored.index() == 0);
                const Session& copy = *std::get<0>(restored);
                INFO("viewer " << viewer << " after " << log.size() << " moves");
                REQUIRE(viewer_text(copy, viewer) == viewer_text(s, viewer));
                REQUIRE(copy.legal(viewer) == s.legal(viewer));
                ++compared;
            }
        });
    }
    CHECK(compared > 300);
    CHECK(scrambled > compared / 3);  // the scrambles really changed hidden cards
}

TEST_CASE("HIDDEN INFORMATION: a stolen card and a bought card reach only thief, victim and buyer", "[game][hidden]") {
    int steals = 0, buys = 0;
    for (const gametest::Case& c : gametest::cases()) {
        if (c.module->id() != "catan") continue;
        for (std::uint64_t seed : {41u, 42u, 43u}) {
            gametest::play_bots(c, seed, 5000, [&](const Session& s, const std::vector<LoggedMove>&) {
                const std::vector<std::string> names;
                const Json seen_by_all = s.last_events(kSpectator, names);
                for (int viewer = kSpectator; viewer < s.players(); ++viewer) {
                    const Json events = s.last_events(viewer, names);
                    for (const Json& e : events) {
                        const bool involved = e.value("player", -2) == viewer || e.value("victim", -2) == viewer;
                        if (e.contains("victim") && e.contains("resource")) {
                            steals += viewer >= 0;
                            CHECK(involved);
                        }
                        if (e.value("type", "") == "dev_card_bought" && e.contains("card")) {
                            buys += viewer >= 0;
                            CHECK(e["player"] == viewer);
                        }
                    }
                }
                for (const Json& e : seen_by_all) CHECK_FALSE((e.contains("victim") && e.contains("resource")));
            });
        }
    }
    CHECK(steals > 5);
    CHECK(buys > 5);
}
