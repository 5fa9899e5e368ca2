#pragma once
// What a box holds and how its game is set up, as data: the rules code reads these tables and holds
// no constant of its own (R-S1, R-S2, R-B1..R-B3 for the base box; R-X1..R-X4 for the 5–6 box).
#include <array>
#include <cstdint>

#include "catan/engine/topology.hpp"
#include "catan/engine/types.hpp"

namespace catan {

// Harbor kinds 0..4 are the 2:1 harbor of that resource; kGenericHarbor is 3:1 (R-TR3).
inline constexpr std::uint8_t kGenericHarbor = 5;
inline constexpr int kHarborKinds = 6;
inline constexpr int kMaxTokens = 28;
inline constexpr int kMaxDeck = 34;
inline constexpr int kMaxDeserts = 2;

template <class T>
struct Count {
    T what;
    std::uint8_t n;
};

struct Ruleset {
    BoardKind board;
    std::uint8_t min_players, max_players;

    // Costs (R-BU1..R-BU4, R-SF2); every cost goes back to the bank.
    ResourceSet road_cost, settlement_cost, city_cost, dev_card_cost, ship_cost;
    // Pieces per player (R-S1, R-SF2: no ships without the sea) and the bank (R-S2).
    std::uint8_t settlements, cities, roads, ships;
    std::uint8_t bank_per_resource;
    // The development deck before shuffling, in this order (the order is part of replaying a seed).
    std::array<Count<DevCard>, kDevCardKinds> deck;
    std::uint8_t deck_size;

    // Board recipe: terrain before shuffling (in this order), tokens in letter order, harbor kinds
    // before shuffling (R-B1..R-B3).
    std::array<Count<Terrain>, 6> terrain;
    std::uint8_t deserts;
    std::array<std::uint8_t, kMaxTokens> tokens;
    std::uint8_t token_count;
    std::array<Count<std::uint8_t>, kHarborKinds> harbors;

    // Awards (R-A1, R-A5), the 7 (R-7a) and victory (R-V4): defaults that options may change.
    std::uint8_t longest_road_minimum, largest_army_minimum;
    std::uint8_t default_discard_limit;
    std::uint8_t default_victory_target, min_victory_target, max_victory_target;
};

inline constexpr Ruleset kBaseRules{
    .board = BoardKind::Base,
    .min_players = 2,
    .max_players = 4,
    .road_cost = {1, 1, 0, 0, 0},
    .settlement_cost = {1, 1, 1, 1, 0},
    .city_cost = {0, 0, 0, 2, 3},
    .dev_card_cost = {0, 0, 1, 1, 1},
    .ship_cost = {0, 1, 1, 0, 0},
    .settlements = 5,
    .cities = 4,
    .roads = 15,
    .ships = 0,
    .bank_per_resource = 19,
    .deck = {{{DevCard::Knight, 14}, {DevCard::VictoryPoint, 5}, {DevCard::RoadBuilding, 2},
              {DevCard::Invention, 2}, {DevCard::Monopoly, 2}}},
    .deck_size = 25,
    .terrain = {{{Terrain::Forest, 4}, {Terrain::Pasture, 4}, {Terrain::Fields, 4}, {Terrain::Hills, 3},
                 {Terrain::Mountains, 3}, {Terrain::Desert, 1}}},
    .deserts = 1,
    .tokens = {5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11},
    .token_count = 18,
    .harbors = {{{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {kGenericHarbor, 4}}},
    .longest_road_minimum = 5,
    .largest_army_minimum = 3,
    .default_discard_limit = 7,
    .default_victory_target = 10,
    .min_victory_target = 3,
    .max_victory_target = 20,
};

// R-X1..R-X4: the 5–6 extension adds hexes, tokens, harbors, cards and development cards to the base
// box; everything else (costs, pieces, awards, the target: R-X8) is the base box's.
constexpr Ruleset extend_to_five_six(Ruleset r) {
    r.board = BoardKind::Large;
    r.min_players = 5;
    r.max_players = 6;
    r.bank_per_resource = 24;
    r.deck = {{{DevCard::Knight, 20}, {DevCard::VictoryPoint, 5}, {DevCard::RoadBuilding, 3},
               {DevCard::Invention, 3}, {DevCard::Monopoly, 3}}};
    r.deck_size = 34;
    r.terrain = {{{Terrain::Forest, 6}, {Terrain::Pasture, 6}, {Terrain::Fields, 6}, {Terrain::Hills, 5},
                  {Terrain::Mountains, 5}, {Terrain::Desert, 2}}};
    r.deserts = 2;
    r.tokens = {2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6};
    r.token_count = 28;
    r.harbors = {{{0, 1}, {1, 1}, {2, 2}, {3, 1}, {4, 1}, {kGenericHarbor, 5}}};
    return r;
}
inline constexpr Ruleset kLargeRules = extend_to_five_six(kBaseRules);

// R-SF1, R-SF2: Seafarers adds 15 ships per player to the box it is played with (the base box for 3 and
// 4 players, the 5–6 box for 5 and 6); the board, its tokens and harbors and the target are the
// scenario's (scenario.hpp), so the recipe above is unused.
constexpr Ruleset add_seafarers(Ruleset r) {
    const bool five_six = r.board == BoardKind::Large;
    r.board = five_six ? BoardKind::SeaLarge : BoardKind::Sea;
    r.min_players = five_six ? 5 : 3;
    r.max_players = five_six ? 6 : 4;
    r.ships = 15;
    return r;
}
inline constexpr Ruleset kSeaRules = add_seafarers(kBaseRules);
inline constexpr Ruleset kSeaLargeRules = add_seafarers(kLargeRules);

constexpr const Ruleset& ruleset(BoardKind kind) {
    switch (kind) {
        case BoardKind::Large: return kLargeRules;
        case BoardKind::Sea: return kSeaRules;
        case BoardKind::SeaLarge: return kSeaLargeRules;
        case BoardKind::Base: break;
    }
    return kBaseRules;
}
// The box a player count plays with: 5 and 6 players use the 5–6 extension.
constexpr BoardKind board_for_players(int players) { return players >= 5 ? BoardKind::Large : BoardKind::Base; }
// The Seafarers frame of a player count (R-SF1): the wider one for 5 and 6.
constexpr BoardKind sea_board_for_players(int players) { return players >= 5 ? BoardKind::SeaLarge : BoardKind::Sea; }

struct GameState;

// A board and the box it comes with, as compile-time constants: the rules code is written once as a
// template over this and instantiated per variant (src/engine/variants.hpp).
template <BoardKind K>
struct Variant {
    static constexpr BoardKind kind = K;
    // The sea's rules (ships, the pirate, gold, islands) are compiled in only where this is true.
    static constexpr bool sea = is_sea(K);
    static constexpr const Ruleset& rules = ruleset(K);
    static const Topology& topo() { return topology(K); }
    // The sizes topology.cpp checks against the tables it builds.
    static constexpr int hexes = K == BoardKind::Large ? 30 : K == BoardKind::Sea ? 72 : K == BoardKind::SeaLarge ? 70 : 19;
    static constexpr int nodes = K == BoardKind::Large ? 80 : K == BoardKind::Sea ? 178 : K == BoardKind::SeaLarge ? 174 : 54;
    static constexpr int edges = K == BoardKind::Large ? 109 : K == BoardKind::Sea ? 249 : K == BoardKind::SeaLarge ? 243 : 72;
    static constexpr int harbors = K == BoardKind::Large ? 11 : sea ? 0 : 9;
    static constexpr int hex_words = (hexes + 63) / 64;
    static constexpr int node_words = (nodes + 63) / 64;
    static constexpr int edge_words = (edges + 63) / 64;
};
using BaseVariant = Variant<BoardKind::Base>;
using LargeVariant = Variant<BoardKind::Large>;
using SeaVariant = Variant<BoardKind::Sea>;
using SeaLargeVariant = Variant<BoardKind::SeaLarge>;

}  // namespace catan
