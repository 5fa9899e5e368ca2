#include "catan/proto/rules_json.hpp"

#include "catan/engine/beginner.hpp"
#include "catan/engine/queries.hpp"
#include "catan/engine/ruleset.hpp"
#include "catan/engine/state.hpp"

namespace catan::proto {

namespace {

using json = nlohmann::json;

json resources(const ResourceSet& set) {
    json o = json::object();
    for (const Resource r : kAllResources) o[to_string(r)] = set[r];
    return o;
}

json range(int min, int max, int fallback) { return {{"min", min}, {"max", max}, {"default", fallback}}; }

}  // namespace

json rules_json(BoardKind kind) {
    const Ruleset& r = ruleset(kind);
    const GameOptions defaults;
    json deck = json::object();
    for (const auto& [card, n] : r.deck) deck[to_string(card)] = n;
    json ratios = json::object();
    for (int k = 0; k < kHarborKinds; ++k)
        ratios[k == kGenericHarbor ? "generic" : to_string(static_cast<Resource>(k))] =
            harbor_trade_ratio(static_cast<std::uint8_t>(k));
    const json flag = {{"default", false}};
    json scenarios = json::array();
    for (int s = 0; s < kScenarioCount; ++s) scenarios.push_back(to_string(static_cast<Scenario>(s)));
    json beginner_counts = json::array();  // the counts the beginner set-up is laid for
    for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
        if (beginner_has_board(n)) beginner_counts.push_back(n);
    json rules = {
        {"board", to_string(kind)},
        {"players", {{"min", r.min_players}, {"max", r.max_players}}},
        {"costs",
         {{"road", resources(r.road_cost)},
          {"settlement", resources(r.settlement_cost)},
          {"city", resources(r.city_cost)},
          {"dev_card", resources(r.dev_card_cost)}}},
        {"pieces", {{"settlements", r.settlements}, {"cities", r.cities}, {"roads", r.roads}}},
        {"bank_per_resource", r.bank_per_resource},
        {"dev_cards", std::move(deck)},  // the deck before shuffling (not "deck": that is a secret state field)
        {"deck_size", r.deck_size},
        {"trade_ratios", {{"bank", no_harbor_trade_ratio()}, {"harbors", std::move(ratios)}}},
        {"points",
         {{"settlement", kVictoryPoints.settlement},
          {"city", kVictoryPoints.city},
          {"longest_road", kVictoryPoints.longest_road},
          {"largest_army", kVictoryPoints.largest_army},
          {"victory_point_card", kVictoryPoints.victory_point_card}}},
        {"longest_road_minimum", r.longest_road_minimum},
        {"largest_army_minimum", r.largest_army_minimum},
        // The room options that are the engine's (validate_options): the players range is every box's,
        // the rest this box's.
        {"options",
         {{"players", range(kMinPlayers, kMaxPlayers, defaults.players)},
          {"vp_target", range(r.min_victory_target, r.max_victory_target, r.default_victory_target)},
          {"discard_limit", range(kMinDiscardLimit, kMaxDiscardLimit, r.default_discard_limit)},
          {"friendly_robber", flag},
          {"balanced_board", flag},
          {"first_by_dice", flag},
          {"turn_structure",
           {{"values", {to_string(TurnStructure::Paired), to_string(TurnStructure::SpecialBuild)}},
            {"default", to_string(defaults.turn_structure)},
            {"used", has_turn_structure(kind)}}},
          // R-SF1: a Seafarers scenario, for the player counts it has boards for (3 and 4).
          {"scenario", {{"values", std::move(scenarios)}, {"default", to_string(Scenario::None)}}},
          // The rule book's first-game set-up: the fixed island and pieces, 3 and 4 players (beginner.hpp).
          {"layout",
           {{"values", {to_string(Layout::Random), to_string(Layout::Beginner)}},
            {"default", to_string(Layout::Random)},
            {"players", {{to_string(Layout::Beginner), std::move(beginner_counts)}}}}}}},
    };
    if (is_sea(kind)) {  // R-SF2: ships
        rules["costs"]["ship"] = resources(r.ship_cost);
        rules["pieces"]["ships"] = r.ships;
    }
    return rules;
}

}  // namespace catan::proto
