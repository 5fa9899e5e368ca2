// The rules a client shows come from the engine: the topology's rules block is the box's Ruleset, and
// the views' playable cards and harbor ratios are the engine's answers, never worked out in proto.
#include <catch2/catch.hpp>

#include "catan/engine/queries.hpp"
#include "catan/engine/ruleset.hpp"
#include "catan/proto/actions_json.hpp"
#include "catan/proto/topology_json.hpp"
#include "catan/proto/view_json.hpp"
#include "games_share.hpp"
#include "walk.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;

namespace {

void check_cost(const json& shown, const ResourceSet& cost) {
    for (const Resource r : kAllResources) CHECK(shown.at(to_string(r)) == cost[r]);
}

void check_rules(BoardKind kind, const Ruleset& box) {
    const json& rules = topology_json(kind).at("rules");
    CHECK(rules.at("board") == (kind == BoardKind::Large ? "large" : "base"));
    CHECK(rules.at("players").at("min") == box.min_players);
    CHECK(rules.at("players").at("max") == box.max_players);
    check_cost(rules.at("costs").at("road"), box.road_cost);
    check_cost(rules.at("costs").at("settlement"), box.settlement_cost);
    check_cost(rules.at("costs").at("city"), box.city_cost);
    check_cost(rules.at("costs").at("dev_card"), box.dev_card_cost);
    CHECK(rules.at("pieces").at("settlements") == box.settlements);
    CHECK(rules.at("pieces").at("cities") == box.cities);
    CHECK(rules.at("pieces").at("roads") == box.roads);
    CHECK(rules.at("bank_per_resource") == box.bank_per_resource);
    CHECK(rules.at("deck_size") == box.deck_size);
    int deck = 0;
    for (const auto& [card, n] : box.deck) {
        CHECK(rules.at("dev_cards").at(to_string(card)) == n);
        deck += rules.at("dev_cards").at(to_string(card)).get<int>();
    }
    CHECK(deck == box.deck_size);
    CHECK(rules.at("longest_road_minimum") == box.longest_road_minimum);
    const json& points = rules.at("points");
    CHECK(points.at("settlement") == kVictoryPoints.settlement);
    CHECK(points.at("city") == kVictoryPoints.city);
    CHECK(points.at("longest_road") == kVictoryPoints.longest_road);
    CHECK(points.at("largest_army") == kVictoryPoints.largest_army);
    CHECK(points.at("victory_point_card") == kVictoryPoints.victory_point_card);
    CHECK(rules.at("largest_army_minimum") == box.largest_army_minimum);

    // Every range is what validate_options() takes: the ends pass, one beyond them is refused.
    const json& options = rules.at("options");
    const auto accepts = [&](auto set) {
        GameOptions o;
        o.players = box.min_players;
        set(o);
        return !validate_options(o);
    };
    const int pmin = options.at("players").at("min"), pmax = options.at("players").at("max");
    CHECK(accepts([&](GameOptions& o) { o.players = pmin; }));
    CHECK(accepts([&](GameOptions& o) { o.players = pmax; }));
    CHECK_FALSE(accepts([&](GameOptions& o) { o.players = pmin - 1; }));
    CHECK_FALSE(accepts([&](GameOptions& o) { o.players = pmax + 1; }));
    CHECK(options.at("players").at("default") == GameOptions{}.players);
    const int vmin = options.at("vp_target").at("min"), vmax = options.at("vp_target").at("max");
    CHECK(vmin == box.min_victory_target);
    CHECK(vmax == box.max_victory_target);
    CHECK(accepts([&](GameOptions& o) { o.victory_target = vmin; }));
    CHECK(accepts([&](GameOptions& o) { o.victory_target = vmax; }));
    CHECK_FALSE(accepts([&](GameOptions& o) { o.victory_target = vmin - 1; }));
    CHECK_FALSE(accepts([&](GameOptions& o) { o.victory_target = vmax + 1; }));
    CHECK(options.at("vp_target").at("default") == box.default_victory_target);
    const int dmin = options.at("discard_limit").at("min"), dmax = options.at("discard_limit").at("max");
    CHECK(accepts([&](GameOptions& o) { o.discard_limit = dmin; }));
    CHECK(accepts([&](GameOptions& o) { o.discard_limit = dmax; }));
    CHECK_FALSE(accepts([&](GameOptions& o) { o.discard_limit = dmin - 1; }));
    CHECK_FALSE(accepts([&](GameOptions& o) { o.discard_limit = dmax + 1; }));
    CHECK(options.at("discard_limit").at("default") == box.default_discard_limit);
    for (const char* flag : {"friendly_robber", "balanced_board", "first_by_dice"})
        CHECK(options.at(flag).at("default") == false);
    CHECK(options.at("turn_structure").at("values") == json{"paired", "special_build"});
    CHECK(options.at("turn_structure").at("default") == to_string(GameOptions{}.turn_structure));
    CHECK(options.at("turn_structure").at("used") == (kind == BoardKind::Large));

    // The ratios stated are the ones bank trades are charged at (checked over games below).
    const json& ratios = rules.at("trade_ratios");
    CHECK(ratios.at("bank") == no_harbor_trade_ratio());
    CHECK(ratios.at("harbors").at("generic") == harbor_trade_ratio(kGenericHarbor));
    for (const Resource r : kAllResources)
        CHECK(ratios.at("harbors").at(to_string(r)) == harbor_trade_ratio(static_cast<std::uint8_t>(r)));
}

}  // namespace

TEST_CASE("topology: the rules block of the base box is kBaseRules", "[proto][rules][R-S1][R-S2][R-BU1][R-O1][R-O2]") {
    check_rules(BoardKind::Base, kBaseRules);
}

TEST_CASE("topology: the rules block of the 5-6 box is kLargeRules", "[proto][rules][R-X1][R-X4][R-X6]") {
    check_rules(BoardKind::Large, kLargeRules);
    CHECK(topology_json(BoardKind::Large).at("rules").at("bank_per_resource") == 24);  // not the base box's 19
}

TEST_CASE("views: playable cards and harbor ratios are the engine's, over random games", "[proto][rules][R-D1][R-TR3]") {
    int states = 0, with_ready = 0, harbor_owners = 0;
    const int games = test::share_of_games(10, 5);  // five: every player count
    for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
        const int players = 2 + static_cast<int>(seed % 5);  // 2..6: both boards
        test::walk_game(seed, players, [&](auto&, auto&, auto&, const GameState& s) {
            ++states;
            const json spectator = player_view(s, kSpectator);
            const json& harbors = spectator.at("board").at("harbors");
            REQUIRE(harbors.size() == static_cast<std::size_t>(topology(s).harbor_count));
            for (std::size_t k = 0; k < harbors.size(); ++k)
                CHECK(harbors[k].at("ratio") == harbor_trade_ratio(s.board.harbor[k]));
            for (int p = 0; p < s.num_players; ++p) {
                const json view = player_view(s, p);
                const json legal = legal_actions_json(s, p);
                for (int k = 0; k < kDevCardKinds; ++k) {
                    const auto card = static_cast<DevCard>(k);
                    const int ready = ready_dev_cards(s, p, card);
                    CHECK(view.at("me").at("dev_playable").at(to_string(card)) == ready);
                    with_ready += ready > 0;
                }
                for (const Resource r : kAllResources) {
                    const int ratio = bank_trade_ratio(s, p, r);
                    CHECK(legal.at("bank_ratios").at(to_string(r)) == ratio);
                    // A seat's ratio is the best of the harbors the view shows it on (or the bank's).
                    int best = no_harbor_trade_ratio();
                    for (int kind = 0; kind < kHarborKinds; ++kind)
                        if ((s.harbors[p] >> kind & 1u) && (kind == kGenericHarbor || kind == static_cast<int>(r)))
                            best = std::min(best, harbor_trade_ratio(static_cast<std::uint8_t>(kind)));
                    CHECK(ratio == best);
                }
                harbor_owners += s.harbors[p] != 0;
                // R-V1: the points a client adds up from the view, at the stated values, are the engine's.
                const json& pl = spectator.at("players").at(static_cast<std::size_t>(p));
                const int shown = kVictoryPoints.settlement * static_cast<int>(pl.at("settlements").size()) +
                                  kVictoryPoints.city * static_cast<int>(pl.at("cities").size()) +
                                  kVictoryPoints.longest_road * (s.longest_road == p) +
                                  kVictoryPoints.largest_army * (s.largest_army == p);
                CHECK(shown == public_victory_points(s, p));
                CHECK(view.at("me").at("vp") == shown + kVictoryPoints.victory_point_card * s.players[p].dev[static_cast<int>(DevCard::VictoryPoint)]);
            }
        });
    }
    INFO(states << " states");
    CHECK(with_ready > 0);
    CHECK(harbor_owners > 0);
    CHECK(legal_actions_json(test::start(1, 4), kSpectator).at("bank_ratios").at("ore") == no_harbor_trade_ratio());
}
