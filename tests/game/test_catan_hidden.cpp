// Catan's hidden information through the seam (the idea of tests/proto's property test): a session
// restored from a snapshot in which what a viewer must not see was changed (others' hand cards and
// development cards, the deck order, the dice generator) gives that viewer the same view parts and
// legal commands; and no event a viewer is sent names a stolen card or a bought development card
// unless the viewer is the thief, the victim or the buyer.
#include "catan/engine/engine.hpp"
#include "catan/proto/state_json.hpp"
#include "modules.hpp"

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

// tests/proto's scramble_hidden, kept to changes a snapshot may hold (the restore decodes it, and the
// state check holds every card to account): cards swapped between two other seats' hands (totals
// stay), another seat's development card swapped with one still in the deck, the deck and generator
// moved. Returns whether anything changed.
bool scramble_hidden(catan::GameState& s, int viewer, catan::Rng& rng) {
    using namespace catan;
    bool changed = false;
    // A random kind k < n with count(k) > 0, or -1.
    const auto pick = [&](int n, auto count) {
        std::vector<int> kinds;
        for (int k = 0; k < n; ++k)
            if (count(k) > 0) kinds.push_back(k);
        return kinds.empty() ? -1 : kinds[rng.below(static_cast<std::uint32_t>(kinds.size()))];
    };
    for (int q1 = 0; q1 < s.num_players && s.phase != Phase::TradeOffer; ++q1)
        for (int q2 = q1 + 1; q2 < s.num_players; ++q2) {
            if (q1 == viewer || q2 == viewer) continue;
            ResourceSet& h1 = s.players[q1].hand;
            ResourceSet& h2 = s.players[q2].hand;
            const int a = pick(kResourceCount, [&](int k) { return h1[static_cast<Resource>(k)]; });
            const int b = pick(kResourceCount, [&](int k) { return k == a ? 0 : h2[static_cast<Resource>(k)]; });
            if (a < 0 || b < 0) continue;
            h1[static_cast<Resource>(a)]--, h1[static_cast<Resource>(b)]++, h2[static_cast<Resource>(b)]--, h2[static_cast<Resource>(a)]++;
            changed = true;
        }
    const int vp = static_cast<int>(DevCard::VictoryPoint);
    for (int q = 0; q < s.num_players && s.phase != Phase::GameOver; ++q) {
        if (q == viewer) continue;
        PlayerState& p = s.players[q];
        const int k = pick(kDevCardKinds, [&](int kind) { return kind == vp ? 0 : p.dev[kind] - p.dev_bought[kind]; });
        if (k < 0) continue;
        for (int i = s.deck_top; i < s.deck_size; ++i) {
            const int other = static_cast<int>(s.deck[i]);
            if (other == k || other == vp) continue;
            // The drawn part keeps what was drawn: one drawn card of kind k becomes `other`.
            for (int j = 0; j < s.deck_top; ++j)
                if (static_cast<int>(s.deck[j]) == k) {
                    s.deck[j] = s.deck[i];
                    s.deck[i] = static_cast<DevCard>(k);
                    p.dev[k]--, p.dev[other]++;
                    changed = true;
                    break;
                }
            break;
        }
    }
    for (int i = s.deck_size - 1; i > s.deck_top; --i) std::swap(s.deck[i], s.deck[s.deck_top + rng.below(static_cast<std::uint32_t>(i - s.deck_top + 1))]);
    s.rng.set_words({rng.next(), rng.next(), rng.next(), rng.next()});
    return changed;
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
                scrambled += scramble_hidden(other, viewer, rng);
                const std::string text = catan::proto::state_json(other).dump();
                auto restored = s.module().restore(s.options_record(), &text, log.size(), log);
                if (const auto* e = std::get_if<RestoreError>(&restored)) FAIL(e->message);
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
