// Board rules: R-B1..R-B5 (terrain, number tokens and their spiral, harbors, robber, topology).
#include "test_support_setup.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <map>
#include <set>

using namespace catan;
using namespace catan::test;

using std::popcount;
using std::countr_zero;
namespace {

GameState game_with_seed(std::uint64_t seed, int players = 4) {
    GameOptions o;
    o.players = players;
    o.seed = seed;
    return new_game(o);
}

// Axial distance of a hex from the centre.
int ring_of(int hex) {
    const Topology& t = kBaseTopology;
    const int q = t.hex_q[static_cast<std::size_t>(hex)], r = t.hex_r[static_cast<std::size_t>(hex)];
    return (std::abs(q) + std::abs(r) + std::abs(q + r)) / 2;
}

// Hex centre in a right-handed frame (x to the right, y up): pointy-top axial layout scaled to integers.
// Rows with smaller r are higher on the board (docs: rows top to bottom).
void centre(int hex, long& x, long& y) {
    const Topology& t = kBaseTopology;
    const int q = t.hex_q[static_cast<std::size_t>(hex)], r = t.hex_r[static_cast<std::size_t>(hex)];
    x = 2L * q + r;
    y = -3L * r;
}

// z-component of a x b for the hex centres a and b seen from the board centre: positive means b lies
// counter-clockwise of a.
long cross(int a, int b) {
    long ax, ay, bx, by;
    centre(a, ax, ay);
    centre(b, bx, by);
    return ax * by - ay * bx;
}

bool hexes_adjacent(int a, int b) {
    for (std::uint8_t n : kBaseTopology.hex_neighbors[static_cast<std::size_t>(a)])
        if (n == b) return true;
    return false;
}

// Number of hexes bordering a path.
int hexes_at_path(int e) {
    const Topology& t = kBaseTopology;
    int k = 0;
    for (int h = 0; h < BaseVariant::hexes; ++h)
        for (std::uint8_t x : t.hex_edges[static_cast<std::size_t>(h)]) k += x == e;
    return k;
}

const std::multiset<int> kStandardNumbers{2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12};
// Letters A..R, written out here independently of the engine's table.
const std::array<int, 18> kLetterOrder{5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11};

}  // namespace

// ---------------------------------------------------------------- R-B1

TEST_CASE("R-B1 the island has 19 hexes in rows 3-4-5-4-3", "[R-B1]") {
    const Topology& t = kBaseTopology;
    STATIC_REQUIRE(BaseVariant::hexes == 19);
    std::map<int, int> per_row;
    std::set<std::pair<int, int>> coords;
    for (int h = 0; h < BaseVariant::hexes; ++h) {
        ++per_row[t.hex_r[static_cast<std::size_t>(h)]];
        coords.insert({t.hex_q[static_cast<std::size_t>(h)], t.hex_r[static_cast<std::size_t>(h)]});
        CHECK(ring_of(h) <= 2);
    }
    CHECK(coords.size() == 19);
    CHECK(per_row == std::map<int, int>{{-2, 3}, {-1, 4}, {0, 5}, {1, 4}, {2, 3}});
}

TEST_CASE("R-B1 every board has 4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains and 1 desert", "[R-B1]") {
    for (std::uint64_t seed : {0ULL, 1ULL, 2ULL, 17ULL, 123456789ULL, 0xffffffffffffffffULL}) {
        for (int players : {2, 3, 4}) {
            const GameState s = game_with_seed(seed, players);
            std::map<Terrain, int> count;
            for (int h = 0; h < BaseVariant::hexes; ++h) ++count[s.board.terrain[h]];
            INFO("seed " << seed << " players " << players);
            CHECK(count[Terrain::Forest] == 4);
            CHECK(count[Terrain::Pasture] == 4);
            CHECK(count[Terrain::Fields] == 4);
            CHECK(count[Terrain::Hills] == 3);
            CHECK(count[Terrain::Mountains] == 3);
            CHECK(count[Terrain::Desert] == 1);
            CHECK(count.size() == 6);
        }
    }
}

TEST_CASE("R-B1 the terrain is shuffled: different seeds give different layouts", "[R-B1]") {
    std::set<std::array<Terrain, kMaxHexes>> layouts;
    std::set<int> desert_places;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const GameState s = game_with_seed(seed);
        layouts.insert(s.board.terrain);
        desert_places.insert(desert_hex(kBaseTopology, s.board));
    }
    CHECK(layouts.size() == 40);
    CHECK(desert_places.size() >= 8);  // the desert is not always in the same place
}

TEST_CASE("R-B1 the same seed gives the same board, different seeds differ", "[R-B1][R-B2][R-B3]") {
    for (std::uint64_t seed : {3ULL, 42ULL, 977ULL}) {
        const GameState a = game_with_seed(seed), b = game_with_seed(seed);
        CHECK(a.board == b.board);
        CHECK(a == b);  // deck, first player and generator state as well
        const GameState c = game_with_seed(seed + 1);
        CHECK_FALSE(a.board == c.board);
        CHECK_FALSE(a.board.terrain == c.board.terrain);
    }
}

// ---------------------------------------------------------------- R-B2

TEST_CASE("R-B2 18 number tokens with the standard numbers, none on the desert", "[R-B2]") {
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
        const GameState s = game_with_seed(seed);
        std::multiset<int> numbers;
        INFO("seed " << seed);
        for (int h = 0; h < BaseVariant::hexes; ++h) {
            const int n = s.board.number[static_cast<std::size_t>(h)];
            if (s.board.terrain[static_cast<std::size_t>(h)] == Terrain::Desert) {
                CHECK(n == 0);
            } else {
                CHECK(n != 0);
                CHECK(n != 7);
                numbers.insert(n);
            }
        }
        CHECK(numbers == kStandardNumbers);
    }
}

TEST_CASE("R-B2 spiral_order visits every hex once, rim counter-clockwise from a corner, then inner ring, then centre",
          "[R-B2]") {
    const Topology& t = kBaseTopology;
    const int centre_hex = hex_at(0, 0);
    std::set<int> starts;
    for (int corner_dir = 0; corner_dir < 6; ++corner_dir) {
        INFO("corner " << corner_dir);
        const auto order = spiral_order(kBaseTopology, corner_dir);
        std::set<int> seen(order.begin(), order.begin() + BaseVariant::hexes);
        CHECK(seen.size() == BaseVariant::hexes);
        CHECK(*seen.begin() == 0);
        CHECK(*seen.rbegin() == BaseVariant::hexes - 1);

        // Starts at a corner hex of the island: on the rim with only 3 neighbours on the board.
        const int first = order[0];
        CHECK(ring_of(first) == 2);
        int neighbours = 0;
        for (std::uint8_t n : t.hex_neighbors[static_cast<std::size_t>(first)]) neighbours += n != kNone;
        CHECK(neighbours == 3);
        // Corner d is 2 steps from the centre in axial direction d (E, NE, NW, W, SW, SE).
        constexpr int kDirQ[6] = {1, 1, 0, -1, -1, 0};
        constexpr int kDirR[6] = {0, -1, -1, 0, 1, 1};
        CHECK(t.hex_q[first] == 2 * kDirQ[corner_dir]);
        CHECK(t.hex_r[first] == 2 * kDirR[corner_dir]);
        starts.insert(first);

        // 12 rim hexes, then the 6 of the inner ring, then the centre.
        for (int k = 0; k < 12; ++k) CHECK(ring_of(order[static_cast<std::size_t>(k)]) == 2);
        for (int k = 12; k < 18; ++k) CHECK(ring_of(order[static_cast<std::size_t>(k)]) == 1);
        CHECK(order[18] == centre_hex);

        // A spiral: each hex touches the next one.
        for (int k = 0; k + 1 < BaseVariant::hexes; ++k) CHECK(hexes_adjacent(order[static_cast<std::size_t>(k)], order[static_cast<std::size_t>(k + 1)]));

        // Counter-clockwise on the rim and on the inner ring, each ring closing on itself.
        for (int k = 0; k < 12; ++k) CHECK(cross(order[static_cast<std::size_t>(k)], order[static_cast<std::size_t>((k + 1) % 12)]) > 0);
        for (int k = 0; k < 6; ++k) CHECK(cross(order[static_cast<std::size_t>(12 + k)], order[static_cast<std::size_t>(12 + (k + 1) % 6)]) > 0);
        CHECK(hexes_adjacent(order[11], order[0]));
    }
    CHECK(starts.size() == 6);  // the six corners are six different hexes
}

TEST_CASE("R-B2 spiral from the east corner: exact hex sequence", "[R-B2]") {
    // Counter-clockwise on screen (y grows downwards, r = -2 is the top row): east corner (2,0), up the
    // north-east side to (2,-2), along the top to (0,-2), down to (-2,0), (-2,2), (0,2), back to (2,0).
    const std::array<std::pair<int, int>, BaseVariant::hexes> expected{{{2, 0},  {2, -1}, {2, -2}, {1, -2}, {0, -2}, {-1, -1},
                                                               {-2, 0}, {-2, 1}, {-2, 2}, {-1, 2}, {0, 2},  {1, 1},
                                                               {1, 0},  {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1},
                                                               {0, 0}}};
    const auto order = spiral_order(kBaseTopology, 0);
    for (int k = 0; k < BaseVariant::hexes; ++k) {
        INFO("position " << k);
        CHECK(order[static_cast<std::size_t>(k)] == hex_at(expected[static_cast<std::size_t>(k)].first, expected[static_cast<std::size_t>(k)].second));
    }
}

TEST_CASE("R-B2 tokens follow the spiral in letter order, skipping the desert", "[R-B2]") {
    std::set<int> spiral_starts;
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
        const GameState s = game_with_seed(seed);
        INFO("seed " << seed);
        REQUIRE(s.board.spiral_start < 6);
        spiral_starts.insert(s.board.spiral_start);
        std::vector<int> laid;
        const auto order = spiral_order(kBaseTopology, s.board.spiral_start);
        for (int k = 0; k < BaseVariant::hexes; ++k) {
            const std::uint8_t h = order[k];
            if (s.board.terrain[h] == Terrain::Desert) {
                CHECK(s.board.number[h] == 0);
                continue;
            }
            laid.push_back(s.board.number[h]);
        }
        CHECK(laid == std::vector<int>(kLetterOrder.begin(), kLetterOrder.end()));
    }
    CHECK(spiral_starts.size() == 6);  // the starting corner varies with the seed
}

// ---------------------------------------------------------------- R-B3

TEST_CASE("R-B3 nine harbors: four generic 3:1 and one 2:1 per resource", "[R-B3]") {
    std::set<std::array<std::uint8_t, kMaxHarbors>> arrangements;
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
        const GameState s = game_with_seed(seed);
        INFO("seed " << seed);
        std::map<int, int> kinds;
        for (int h = 0; h < BaseVariant::harbors; ++h) ++kinds[s.board.harbor[h]];
        CHECK(kinds == std::map<int, int>{{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {kGenericHarbor, 4}});
        arrangements.insert(s.board.harbor);

        // Each harbor gives access from both ends of its path: 2 intersections per 2:1 harbor, 8 for 3:1.
        const auto masks = harbor_node_masks(kBaseTopology, s.board);
        for (Resource r : kAllResources) CHECK(popcount(masks[static_cast<std::size_t>(r)]) == 2);
        CHECK(popcount(masks[kGenericHarbor]) == 8);
        NodeMask all{};
        for (NodeMask m : masks) {
            CHECK((all & m) == 0);  // no intersection gives two harbors
            all |= m;
        }
        CHECK(popcount(all) == 18);
    }
    CHECK(arrangements.size() > 1);  // harbor kinds are shuffled
}

TEST_CASE("R-B3 each harbor is on a coastal path touching two coastal intersections, none sharing one", "[R-B3]") {
    const Topology& t = kBaseTopology;
    std::set<int> harbor_paths(t.harbor_edges.begin(), t.harbor_edges.begin() + t.harbor_count);
    CHECK(harbor_paths.size() == BaseVariant::harbors);
    NodeMask used{};
    for (int k = 0; k < t.harbor_count; ++k) {
        const std::uint8_t e = t.harbor_edges[k];
        INFO("harbor path " << int(e));
        REQUIRE(e < BaseVariant::edges);
        CHECK(hexes_at_path(e) == 1);  // borders the sea
        for (std::uint8_t n : t.edge_nodes[e]) {
            CHECK(hexes_at_node(n) < 3);  // a coastal intersection
            CHECK((used & node_bit(n)) == 0);
            used |= node_bit(n);
        }
        CHECK(std::find(t.coast_edges.begin(), t.coast_edges.end(), e) != t.coast_edges.end());
    }
    CHECK(popcount(used) == 18);
}

TEST_CASE("R-B3 the coast is a closed ring of 30 paths", "[R-B3][R-B5]") {
    const Topology& t = kBaseTopology;
    std::set<int> coast(t.coast_edges.begin(), t.coast_edges.begin() + t.coast_count);
    CHECK(coast.size() == static_cast<std::size_t>(kBaseTopology.coast_count));
    int sea_paths = 0;
    for (int e = 0; e < BaseVariant::edges; ++e) sea_paths += hexes_at_path(e) == 1;
    CHECK(sea_paths == kBaseTopology.coast_count);
    // Midpoint of a path, doubled, in a y-up frame centred on the centre hex.
    auto mid = [&](int e, long& x, long& y) {
        const auto& n = t.edge_nodes[static_cast<std::size_t>(e)];
        x = t.node_x[n[0]] + t.node_x[n[1]];
        y = -(t.node_y[n[0]] + t.node_y[n[1]]);
    };
    CHECK(t.coast_edges[0] == t.hex_edges[0][0]);  // starts with side 0 of hex 0
    for (int k = 0; k < kBaseTopology.coast_count; ++k) {
        const int a = t.coast_edges[static_cast<std::size_t>(k)], b = t.coast_edges[static_cast<std::size_t>((k + 1) % kBaseTopology.coast_count)];
        CHECK(hexes_at_path(a) == 1);
        CHECK((t.edge_node_mask[static_cast<std::size_t>(a)] & t.edge_node_mask[static_cast<std::size_t>(b)]) != 0);
        long ax, ay, bx, by;
        mid(a, ax, ay);
        mid(b, bx, by);
        CHECK(ax * by - ay * bx < 0);  // clockwise around the centre
    }
}

// ---------------------------------------------------------------- R-B4

TEST_CASE("R-B4 the robber starts on the desert", "[R-B4]") {
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
        for (int players : {2, 3, 4}) {
            const GameState s = game_with_seed(seed, players);
            INFO("seed " << seed);
            REQUIRE(s.robber < BaseVariant::hexes);
            CHECK(s.board.terrain[s.robber] == Terrain::Desert);
            CHECK(s.robber == desert_hex(kBaseTopology, s.board));
        }
    }
}

// ---------------------------------------------------------------- R-B5

TEST_CASE("R-B5 54 intersections and 72 paths, each hex has 6 corners and 6 sides", "[R-B5]") {
    const Topology& t = kBaseTopology;
    STATIC_REQUIRE(BaseVariant::nodes == 54);
    STATIC_REQUIRE(BaseVariant::edges == 72);
    std::set<int> nodes, edges;
    for (int h = 0; h < BaseVariant::hexes; ++h) {
        std::set<int> corners(t.hex_nodes[static_cast<std::size_t>(h)].begin(), t.hex_nodes[static_cast<std::size_t>(h)].end());
        std::set<int> sides(t.hex_edges[static_cast<std::size_t>(h)].begin(), t.hex_edges[static_cast<std::size_t>(h)].end());
        CHECK(corners.size() == 6);
        CHECK(sides.size() == 6);
        CHECK(popcount(t.hex_node_mask[static_cast<std::size_t>(h)]) == 6);
        for (int c = 0; c < 6; ++c) {
            const int a = t.hex_nodes[static_cast<std::size_t>(h)][static_cast<std::size_t>(c)];
            const int b = t.hex_nodes[static_cast<std::size_t>(h)][static_cast<std::size_t>((c + 1) % 6)];
            CHECK(t.hex_node_mask[static_cast<std::size_t>(h)] & node_bit(a));
            // Side c joins corners c and c+1.
            CHECK(t.hex_edges[static_cast<std::size_t>(h)][static_cast<std::size_t>(c)] == t.edge_between(a, b));
            CHECK(node_touches_hex(a, h));
        }
        nodes.insert(corners.begin(), corners.end());
        edges.insert(sides.begin(), sides.end());
    }
    CHECK(nodes.size() == BaseVariant::nodes);
    CHECK(edges.size() == BaseVariant::edges);
    CHECK(*nodes.rbegin() == BaseVariant::nodes - 1);
    CHECK(*edges.rbegin() == BaseVariant::edges - 1);
}

TEST_CASE("R-B5 each intersection touches 1 to 3 hexes and 2 to 3 paths", "[R-B5]") {
    const Topology& t = kBaseTopology;
    std::map<int, int> by_hexes;
    for (int n = 0; n < BaseVariant::nodes; ++n) {
        INFO("intersection " << n);
        const int h = hexes_at_node(n), p = paths_at_node(n);
        CHECK(h >= 1);
        CHECK(h <= 3);
        CHECK(p >= 2);
        CHECK(p <= 3);
        CHECK(p == (h == 1 ? 2 : 3));  // a corner on a single hex juts into the sea
        ++by_hexes[h];
        for (std::uint8_t x : t.node_hexes[static_cast<std::size_t>(n)])
            if (x != kNone) CHECK(node_touches_hex(n, x));
        int neighbours = 0;
        for (std::uint8_t x : t.node_neighbors[static_cast<std::size_t>(n)]) neighbours += x != kNone;
        CHECK(neighbours == p);
        CHECK(popcount(t.node_neighbor_mask[static_cast<std::size_t>(n)]) == p);
        CHECK(t.node_edge_mask[static_cast<std::size_t>(n)].count() == p);
    }
    // 24 inland intersections, 12 coastal ones between two hexes, 18 on a single hex.
    CHECK(by_hexes == std::map<int, int>{{1, 18}, {2, 12}, {3, 24}});
    // Every hex corner is listed back: 19 * 6 hex-corner incidences.
    int incidences = 0;
    for (int n = 0; n < BaseVariant::nodes; ++n) incidences += hexes_at_node(n);
    CHECK(incidences == BaseVariant::hexes * 6);
}

TEST_CASE("R-B5 adjacency is symmetric and consistent", "[R-B5]") {
    const Topology& t = kBaseTopology;
    for (int n = 0; n < BaseVariant::nodes; ++n) {
        for (int k = 0; k < 3; ++k) {
            const int m = t.node_neighbors[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
            if (m == kNone) continue;
            INFO("intersections " << n << " and " << m);
            CHECK(m != n);
            CHECK(t.node_neighbor_mask[static_cast<std::size_t>(m)] & node_bit(n));
            const int e = t.edge_between(n, m);
            REQUIRE(e >= 0);
            CHECK(e == t.edge_between(m, n));
            CHECK(t.edge_node_mask[static_cast<std::size_t>(e)] == (node_bit(n) | node_bit(m)));
            CHECK(t.node_edge_mask[static_cast<std::size_t>(n)].test(e));
            CHECK(t.node_edge_mask[static_cast<std::size_t>(m)].test(e));
        }
        // Not adjacent to a far intersection.
        for (int m = 0; m < BaseVariant::nodes; ++m)
            if (m != n && !(t.node_neighbor_mask[static_cast<std::size_t>(n)] & node_bit(m))) CHECK(t.edge_between(n, m) == -1);
    }
    for (int e = 0; e < BaseVariant::edges; ++e) {
        const auto& ends = t.edge_nodes[static_cast<std::size_t>(e)];
        CHECK(ends[0] < ends[1]);
        CHECK(t.node_edge_mask[ends[0]].test(e));
        CHECK(t.node_edge_mask[ends[1]].test(e));
        const int h = hexes_at_path(e);
        CHECK(h >= 1);
        CHECK(h <= 2);
    }
    for (int h = 0; h < BaseVariant::hexes; ++h) {
        for (int d = 0; d < 6; ++d) {
            const int nb = t.hex_neighbors[static_cast<std::size_t>(h)][static_cast<std::size_t>(d)];
            if (nb == kNone) continue;
            INFO("hexes " << h << " and " << nb);
            CHECK(t.hex_neighbors[static_cast<std::size_t>(nb)][static_cast<std::size_t>((d + 3) % 6)] == h);
            // Neighbouring hexes share exactly one side, i.e. two corners.
            CHECK(popcount(t.hex_node_mask[static_cast<std::size_t>(h)] & t.hex_node_mask[static_cast<std::size_t>(nb)]) == 2);
            // Side c faces direction (1 - c) mod 6, so the side towards direction d is side (1 - d) mod 6.
            const int side = (7 - d) % 6;
            const int shared = t.hex_edges[static_cast<std::size_t>(h)][static_cast<std::size_t>(side)];
            CHECK(hexes_at_path(shared) == 2);
            CHECK(std::find(t.hex_edges[static_cast<std::size_t>(nb)].begin(), t.hex_edges[static_cast<std::size_t>(nb)].end(), shared) !=
                  t.hex_edges[static_cast<std::size_t>(nb)].end());
        }
    }
}

TEST_CASE("R-B5 buildings go on intersections and roads on paths: ids outside the board are rejected", "[R-B5]") {
    GameState s = blank_game();
    give(s, 0, ResourceSet{5, 5, 5, 5, 5});
    rejected(s, cmd::settlement(0, BaseVariant::nodes), ErrorCode::BadArgument);
    rejected(s, cmd::settlement(0, 255), ErrorCode::BadArgument);
    rejected(s, cmd::city(0, BaseVariant::nodes), ErrorCode::BadArgument);
    rejected(s, cmd::road(0, BaseVariant::edges), ErrorCode::BadArgument);
    rejected(s, cmd::road(0, 255), ErrorCode::BadArgument);

    // Setup: the same ids are rejected, and every listed spot is a real intersection / path.
    GameState g = game_with_seed(9);
    const int p = g.current;
    rejected(g, cmd::settlement(p, BaseVariant::nodes), ErrorCode::BadArgument);
    const auto spots = legal_actions(g, p);
    CHECK(spots.size() == BaseVariant::nodes);  // an empty board: every intersection
    for (const Command& c : spots) {
        CHECK(c.type == CommandType::BuildSettlement);
        CHECK(c.target < BaseVariant::nodes);
    }
    ok(g, cmd::settlement(p, corner(hex_at(0, 0), 0)));
    rejected(g, cmd::road(p, BaseVariant::edges), ErrorCode::BadArgument);
    for (const Command& c : legal_actions(g, p)) {
        CHECK(c.type == CommandType::BuildRoad);
        CHECK(c.target < BaseVariant::edges);
    }
}
