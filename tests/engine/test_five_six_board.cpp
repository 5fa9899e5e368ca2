// The 5–6 player extension's box and setup: R-X1..R-X5 (board, tokens, harbors, supply, snake setup)
// and R-X8 (everything else as the base game, target 10). The turn structures are in
// test_five_six_turns.cpp.
#include "test_support_setup.hpp"

#include <cstdlib>
#include <map>
#include <set>

using namespace catan;
using namespace catan::test;

namespace {

const Topology& large() { return kLargeTopology; }

GameState fresh(int players, std::uint64_t seed, TurnStructure structure = TurnStructure::Paired) {
    GameOptions o;
    o.players = players;
    o.seed = seed;
    o.turn_structure = structure;
    REQUIRE_FALSE(validate_options(o).has_value());
    return new_game(o);
}

int neighbours_on_board(int hex) {
    int k = 0;
    for (std::uint8_t n : large().hex_neighbors[static_cast<std::size_t>(hex)]) k += n != kNone;
    return k;
}

bool adjacent(int a, int b) {
    for (std::uint8_t n : large().hex_neighbors[static_cast<std::size_t>(a)])
        if (n == b) return true;
    return false;
}

int hexes_at(int node) {
    int k = 0;
    for (std::uint8_t h : large().node_hexes[static_cast<std::size_t>(node)]) k += h != kNone;
    return k;
}

int hexes_at_path(int e) {
    int k = 0;
    for (int h = 0; h < large().hex_count; ++h)
        for (std::uint8_t x : large().hex_edges[static_cast<std::size_t>(h)]) k += x == e;
    return k;
}

// Hex centres doubled, y up, relative to the board's centre (which is not a hex centre on this board).
struct Centre {
    long x, y;
};
Centre centre_of(int hex) {
    long sx = 0, sy = 0;
    for (int h = 0; h < large().hex_count; ++h) {
        sx += 2L * large().hex_q[h] + large().hex_r[h];
        sy += -3L * large().hex_r[h];
    }
    const long n = large().hex_count;
    const int q = large().hex_q[static_cast<std::size_t>(hex)], r = large().hex_r[static_cast<std::size_t>(hex)];
    return {(2L * q + r) * n - sx, -3L * r * n - sy};
}
long cross(int a, int b) {
    const Centre p = centre_of(a), q = centre_of(b);
    return p.x * q.y - p.y * q.x;
}

// R-X2's letter order A..Z, Za, Zb, Zc, written out here independently of the engine's table.
const std::vector<int> kLetterOrder{2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6};

// The setup player places a settlement on the lowest listed intersection, then the first listed road.
std::vector<Event> place_first_listed(GameState& s) {
    const int p = s.current;
    const auto spots = legal_actions(s, p);
    REQUIRE_FALSE(spots.empty());
    REQUIRE(spots.front().type == CommandType::BuildSettlement);
    auto ev = ok(s, spots.front());
    const auto roads = legal_actions(s, p);
    REQUIRE_FALSE(roads.empty());
    REQUIRE(roads.front().type == CommandType::BuildRoad);
    const auto more = ok(s, roads.front());
    ev.insert(ev.end(), more.begin(), more.end());
    return ev;
}

}  // namespace

// ---------------------------------------------------------------- R-X1

TEST_CASE("R-X1 5 and 6 players play on 30 hexes in rows 3-4-5-6-5-4-3", "[R-X1]") {
    for (int players : {5, 6}) {
        const GameState s = fresh(players, 1);
        CHECK(s.board_kind == BoardKind::Large);
        CHECK(topology(s).hex_count == 30);
        CHECK(&topology(s) == &kLargeTopology);
    }
    for (int players : {2, 3, 4}) CHECK(fresh(players, 1).board_kind == BoardKind::Base);
    std::map<int, int> per_row;
    std::set<std::pair<int, int>> coords;
    for (int h = 0; h < large().hex_count; ++h) {
        ++per_row[large().hex_r[h]];
        coords.insert({large().hex_q[h], large().hex_r[h]});
    }
    CHECK(coords.size() == 30);
    std::vector<int> rows;
    for (const auto& [r, n] : per_row) rows.push_back(n);  // top to bottom
    CHECK(rows == std::vector<int>{3, 4, 5, 6, 5, 4, 3});
}

TEST_CASE("R-X1 every 5–6 board has 6 forest, 6 pasture, 6 fields, 5 hills, 5 mountains and 2 deserts", "[R-X1]") {
    std::set<std::array<Terrain, kMaxHexes>> layouts;
    for (std::uint64_t seed : {0ULL, 1ULL, 2ULL, 17ULL, 123456789ULL, 0xffffffffffffffffULL}) {
        for (int players : {5, 6}) {
            const GameState s = fresh(players, seed);
            std::map<Terrain, int> count;
            for (int h = 0; h < large().hex_count; ++h) ++count[s.board.terrain[h]];
            INFO("seed " << seed << " players " << players);
            CHECK(count == std::map<Terrain, int>{{Terrain::Forest, 6}, {Terrain::Pasture, 6}, {Terrain::Fields, 6},
                                                  {Terrain::Hills, 5}, {Terrain::Mountains, 5}, {Terrain::Desert, 2}});
            for (int h = large().hex_count; h < kMaxHexes; ++h) CHECK(s.board.number[h] == 0);
            layouts.insert(s.board.terrain);
        }
    }
    CHECK(layouts.size() == 6);  // shuffled: each seed its own layout (5 and 6 players share the board)
}

TEST_CASE("R-X1 the robber starts on a desert", "[R-X1]") {
    std::set<int> robber_spots;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const GameState s = fresh(5 + static_cast<int>(seed % 2), seed);
        INFO("seed " << seed);
        REQUIRE(s.robber < large().hex_count);
        CHECK(s.board.terrain[s.robber] == Terrain::Desert);
        robber_spots.insert(s.robber);
    }
    CHECK(robber_spots.size() > 5);
}

// ---------------------------------------------------------------- R-X2

TEST_CASE("R-X2 28 number tokens: two each of 2 and 12, three each of 3 to 11, none on the deserts", "[R-X2]") {
    const std::multiset<int> expected{2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12};
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
        const GameState s = fresh(6, seed);
        INFO("seed " << seed);
        std::multiset<int> numbers;
        for (int h = 0; h < large().hex_count; ++h) {
            const int n = s.board.number[static_cast<std::size_t>(h)];
            if (s.board.terrain[static_cast<std::size_t>(h)] == Terrain::Desert) CHECK(n == 0);
            else numbers.insert(n);
        }
        CHECK(numbers == expected);
    }
}

TEST_CASE("R-X2 the spiral on 30 hexes: from a corner, each ring counter-clockwise, then the next ring inward", "[R-X2]") {
    std::set<int> starts;
    for (int corner_dir = 0; corner_dir < 6; ++corner_dir) {
        INFO("corner " << corner_dir);
        const auto order = spiral_order(large(), corner_dir);
        const std::set<int> seen(order.begin(), order.begin() + large().hex_count);
        CHECK(seen.size() == 30);
        CHECK(*seen.rbegin() == 29);
        // A corner of the island: one of the six hexes with only 3 neighbours.
        CHECK(neighbours_on_board(order[0]) == 3);
        starts.insert(order[0]);
        // Rings: the 16 rim hexes, the 10 of the next ring, the 4 in the middle; each ring a closed
        // chain of neighbours walked counter-clockwise round the board's centre.
        const std::array<std::pair<int, int>, 3> rings{{{0, 16}, {16, 10}, {26, 4}}};
        HexMask done{};
        for (const auto& [from, size] : rings) {
            for (int k = 0; k < size; ++k) {
                const int h = order[static_cast<std::size_t>(from + k)];
                const int next = order[static_cast<std::size_t>(from + (k + 1) % size)];
                // On this ring: a neighbour off the board or in an outer ring.
                bool rim = false;
                for (std::uint8_t nb : large().hex_neighbors[static_cast<std::size_t>(h)]) rim |= nb == kNone || done.test(nb);
                CHECK(rim);
                CHECK(adjacent(h, next));
                CHECK(cross(h, next) > 0);
            }
            for (int k = 0; k < size; ++k) done.set(order[static_cast<std::size_t>(from + k)]);
        }
    }
    CHECK(starts.size() == 6);
}

TEST_CASE("R-X2 tokens follow the spiral in letter order, skipping both deserts", "[R-X2]") {
    std::set<int> spiral_starts;
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
        const GameState s = fresh(5, seed);
        INFO("seed " << seed);
        REQUIRE(s.board.spiral_start < 6);
        spiral_starts.insert(s.board.spiral_start);
        std::vector<int> laid;
        int deserts = 0;
        const auto order = spiral_order(large(), s.board.spiral_start);
        for (int k = 0; k < large().hex_count; ++k) {
            const std::uint8_t h = order[static_cast<std::size_t>(k)];
            if (s.board.terrain[h] == Terrain::Desert) {
                ++deserts;
                CHECK(s.board.number[h] == 0);
                continue;
            }
            laid.push_back(s.board.number[h]);
        }
        CHECK(deserts == 2);
        CHECK(laid == kLetterOrder);
    }
    CHECK(spiral_starts.size() == 6);
}

// ---------------------------------------------------------------- R-X3

TEST_CASE("R-X3 eleven harbors: five generic 3:1, two wool 2:1 and one 2:1 of each other resource", "[R-X3]") {
    std::set<std::array<std::uint8_t, kMaxHarbors>> arrangements;
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
        const GameState s = fresh(6, seed);
        INFO("seed " << seed);
        std::map<int, int> kinds;
        for (int k = 0; k < large().harbor_count; ++k) ++kinds[s.board.harbor[static_cast<std::size_t>(k)]];
        const int wool = static_cast<int>(Resource::Wool);
        CHECK(kinds == std::map<int, int>{{static_cast<int>(Resource::Brick), 1}, {static_cast<int>(Resource::Lumber), 1},
                                          {wool, 2}, {static_cast<int>(Resource::Grain), 1}, {static_cast<int>(Resource::Ore), 1},
                                          {kGenericHarbor, 5}});
        arrangements.insert(s.board.harbor);
        // Both ends of each harbor's path give access: 2 intersections per 2:1 harbor, 4 for wool, 10 for 3:1.
        const auto masks = harbor_node_masks(large(), s.board);
        for (Resource r : kAllResources) CHECK(masks[static_cast<std::size_t>(r)].count() == (r == Resource::Wool ? 4 : 2));
        CHECK(masks[kGenericHarbor].count() == 10);
    }
    CHECK(arrangements.size() > 1);  // harbor kinds are shuffled
}

TEST_CASE("R-X3 each harbor is on a coastal path, its two intersections coastal, no two harbors sharing one", "[R-X3]") {
    const Topology& t = large();
    CHECK(t.harbor_count == 11);
    int sea_paths = 0;
    for (int e = 0; e < t.edge_count; ++e) sea_paths += hexes_at_path(e) == 1;
    CHECK(sea_paths == 38);
    CHECK(t.coast_count == 38);
    NodeMask used{};
    std::set<int> paths;
    for (int k = 0; k < t.harbor_count; ++k) {
        const int e = t.harbor_edges[static_cast<std::size_t>(k)];
        INFO("harbor path " << e);
        REQUIRE(e < t.edge_count);
        paths.insert(e);
        CHECK(hexes_at_path(e) == 1);  // borders the sea
        for (std::uint8_t n : t.edge_nodes[static_cast<std::size_t>(e)]) {
            CHECK(hexes_at(n) < 3);  // a coastal intersection
            CHECK_FALSE(used.test(n));
            used.set(n);
        }
    }
    CHECK(paths.size() == 11);
    CHECK(used.count() == 22);
}

// ---------------------------------------------------------------- R-X4

TEST_CASE("R-X4 the 5–6 supply: 24 cards of each resource and 5 settlements, 4 cities, 15 roads each", "[R-X4]") {
    for (int players : {5, 6}) {
        const GameState s = fresh(players, 3);
        CHECK(bank_of(s) == cards(24, 24, 24, 24, 24));
        for (int p = 0; p < players; ++p) {
            INFO("seat " << p);
            CHECK(s.players[p].hand.empty());
            CHECK(int(s.players[p].settlements_left) == 5);
            CHECK(int(s.players[p].cities_left) == 4);
            CHECK(int(s.players[p].roads_left) == 15);
        }
    }
}

TEST_CASE("R-X4 the 34-card deck: 20 Knight, 5 Victory Point, 3 Road Building, 3 Invention, 3 Monopoly, shuffled", "[R-X4]") {
    std::set<std::array<DevCard, kMaxDeck>> orders;
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
        const GameState s = fresh(5 + static_cast<int>(seed % 2), seed);
        CHECK(int(s.deck_size) == 34);
        CHECK(s.deck_left() == 34);
        std::map<DevCard, int> count;
        for (int i = 0; i < s.deck_size; ++i) ++count[s.deck[static_cast<std::size_t>(i)]];
        CHECK(count == std::map<DevCard, int>{{DevCard::Knight, 20}, {DevCard::VictoryPoint, 5}, {DevCard::RoadBuilding, 3},
                                              {DevCard::Invention, 3}, {DevCard::Monopoly, 3}});
        orders.insert(s.deck);
    }
    CHECK(orders.size() == 10);
}

TEST_CASE("R-X4 the 34 cards can all be bought, and then the deck is empty", "[R-X4][R-BU4]") {
    GameState s = blank_game(5, 9);
    for (int i = 0; i < 34; ++i) {
        give(s, 0, ResourceSet{0, 0, 1, 1, 1});
        ok(s, cmd::buy_dev(0));
    }
    CHECK(s.deck_left() == 0);  // five VP cards and no building: 5 points, no win on the way
    int held = 0;
    for (auto n : s.players[0].dev) held += n;
    CHECK(held == 34);
}

// ---------------------------------------------------------------- R-X5

TEST_CASE("R-X5 snake setup for 5 and 6 players: A B C D E (F) then back, the second settlement paying its hexes", "[R-X5]") {
    const std::map<int, std::vector<int>> snake{
        {5, {0, 1, 2, 3, 4, 4, 3, 2, 1, 0}},        // A B C D E E D C B A
        {6, {0, 1, 2, 3, 4, 5, 5, 4, 3, 2, 1, 0}},  // A B C D E F F E D C B A
    };
    for (const auto& [players, order] : snake) {
        for (std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
            GameState s = fresh(players, seed);
            const int first = s.first_player;
            INFO("players " << players << " seed " << seed << " first " << first);
            ResourceSet paid_out{};
            for (int step = 0; step < 2 * players; ++step) {
                INFO("step " << step);
                const int expected = (first + order[static_cast<std::size_t>(step)]) % players;
                REQUIRE(s.current == expected);
                CHECK(players_to_act(s) == 1u << expected);
                for (int q = 0; q < players; ++q)
                    if (q != expected) CHECK(legal_actions(s, q).empty());
                const ResourceSet before = s.players[expected].hand;
                const auto ev = place_first_listed(s);
                const int node = ev.front().value;  // the settlement's intersection
                // The second settlement (steps n..2n-1) pays one card per producing hex around it (R-S5).
                ResourceSet gift{};
                for (std::uint8_t h : large().node_hexes[static_cast<std::size_t>(node)])
                    if (h != kNone && s.board.terrain[h] != Terrain::Desert) ++gift[static_cast<Resource>(s.board.terrain[h])];
                const Event* start = find_event(ev, EventType::StartingResources, expected);
                if (step < players) {
                    CHECK(start == nullptr);
                    CHECK(s.players[expected].hand == before);
                } else {
                    REQUIRE(start != nullptr);
                    CHECK(cards(start->resources) == cards(gift));
                    ResourceSet after = before;
                    after += gift;
                    CHECK(cards(s.players[expected].hand) == cards(after));
                    paid_out += gift;
                }
            }
            // R-S7: then the starting player takes the first turn.
            CHECK(s.phase == Phase::PreRoll);
            CHECK(s.current == first);
            CHECK(s.turn_player == first);
            CHECK(s.step == Step::Turn);
            ResourceSet bank = s.bank;
            bank += paid_out;
            CHECK(cards(bank) == cards(24, 24, 24, 24, 24));
        }
    }
}

// ---------------------------------------------------------------- R-X8

TEST_CASE("R-X8 the target stays 10 with 5 and 6 players, and the base costs, pieces and awards apply", "[R-X8]") {
    CHECK(GameOptions{}.victory_target == 10);
    CHECK(int(kLargeRules.default_victory_target) == 10);
    for (int players : {5, 6}) {
        GameOptions o;
        o.players = players;
        CHECK_FALSE(validate_options(o).has_value());
        CHECK(new_game(o).options.victory_target == 10);
    }
    CHECK(kLargeRules.road_cost == kBaseRules.road_cost);
    CHECK(kLargeRules.settlement_cost == kBaseRules.settlement_cost);
    CHECK(kLargeRules.city_cost == kBaseRules.city_cost);
    CHECK(kLargeRules.dev_card_cost == kBaseRules.dev_card_cost);
    CHECK(int(kLargeRules.longest_road_minimum) == 5);
    CHECK(int(kLargeRules.largest_army_minimum) == 3);
    CHECK(int(kLargeRules.default_discard_limit) == 7);
}

TEST_CASE("R-X8 with 5 players 9 points do not win and the tenth does, on one's own turn", "[R-X8][R-V2]") {
    GameState s = blank_game(5, 4);
    const Topology& t = large();
    // Seat 0: four cities (8) and a settlement (1) = 9, a road from the settlement to a free spot.
    int placed = 0;
    for (int n = 0; n < t.node_count && placed < 5; ++n) {
        if (s.blocked.test(n)) continue;
        if (placed < 4) put_city(s, 0, n);
        else put_settlement(s, 0, n);
        ++placed;
    }
    const int home = s.players[0].settlements.lowest();
    int spot = -1;
    for (std::uint8_t e1 : t.node_edges[static_cast<std::size_t>(home)]) {
        if (e1 == kNone || spot >= 0) continue;
        const int a = t.edge_nodes[e1][0] == home ? t.edge_nodes[e1][1] : t.edge_nodes[e1][0];
        for (std::uint8_t e2 : t.node_edges[static_cast<std::size_t>(a)]) {
            if (e2 == kNone || e2 == e1) continue;
            const int b = t.edge_nodes[e2][0] == a ? t.edge_nodes[e2][1] : t.edge_nodes[e2][0];
            if (s.blocked.test(b)) continue;
            put_road(s, 0, e1);
            put_road(s, 0, e2);
            spot = b;
            break;
        }
    }
    REQUIRE(spot >= 0);
    REQUIRE(victory_points(s, 0) == 9);
    CHECK(s.phase == Phase::Main);
    give(s, 0, kLargeRules.settlement_cost);
    const auto ev = ok(s, cmd::settlement(0, spot));
    CHECK(s.phase == Phase::GameOver);
    CHECK(int(s.winner) == 0);
    const Event* won = find_event(ev, EventType::GameWon, 0);
    REQUIRE(won != nullptr);
    CHECK(won->value == 10);
}

TEST_CASE("R-X8 a 7 with 6 players: more than 7 cards discard half, as in the base game", "[R-X8][R-7a]") {
    GameState s = pre_roll_game(6, 2);
    give(s, 1, ResourceSet{2, 2, 2, 2, 1});  // 9 cards: discards 4
    give(s, 2, ResourceSet{2, 2, 2, 1, 0});  // 7 cards: keeps them
    roll_dice(s, 3, 4);
    CHECK(s.phase == Phase::Discard);
    CHECK(int(s.players[1].discard_owed) == 4);
    CHECK(int(s.players[2].discard_owed) == 0);
    CHECK(players_to_act(s) == 1u << 1);
}
