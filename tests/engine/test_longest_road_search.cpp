// The engine's longest-road search prunes its start points; this checks it against a plain exhaustive
// search from every intersection, on the road networks of many random games.
#include "test_support.hpp"

#include "catan/sim/random_game.hpp"

using namespace catan;

namespace {

int exhaustive_walk(const GameState& s, const EdgeMask& roads, NodeMask cut, int node, EdgeMask used, int length) {
    const Topology& t = kBaseTopology;
    int best = length;
    if (length > 0 && (cut & node_bit(node))) return best;
    for (std::uint8_t e : t.node_edges[node]) {
        if (e == kNone || !roads.test(e) || used.test(e)) continue;
        EdgeMask next = used;
        next.set(e);
        const int other = t.edge_nodes[e][0] == node ? t.edge_nodes[e][1] : t.edge_nodes[e][0];
        const int len = exhaustive_walk(s, roads, cut, other, next, length + 1);
        if (len > best) best = len;
    }
    return best;
}

int exhaustive_longest_road(const GameState& s, int p) {
    const NodeMask cut = s.occupied & ~rules::buildings_of(s, p);
    int best = 0;
    for (int n = 0; n < BaseVariant::nodes; ++n) {
        const int len = exhaustive_walk(s, s.players[p].roads, cut, n, EdgeMask{}, 0);
        if (len > best) best = len;
    }
    return best;
}

}  // namespace

TEST_CASE("longest road search matches an exhaustive search", "[R-A1][R-A2]") {
    std::vector<Command> actions;
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        GameOptions o;
        o.seed = seed;
        GameState s = new_game(o);
        Rng chooser(seed * 31);
        while (s.phase != Phase::GameOver && s.turn <= 300) {
            legal_actions(s, sim::next_actor(s), actions);
            apply(s, actions[chooser.below(static_cast<std::uint32_t>(actions.size()))]);
            if (actions.front().type == CommandType::BuildRoad || s.turn % 8 == 0) {
                for (int p = 0; p < s.num_players; ++p) {
                    REQUIRE(longest_road_of(s, p) == exhaustive_longest_road(s, p));
                    ++compared;
                }
            }
        }
    }
    CHECK(compared > 1000);
}

TEST_CASE("a closed loop of roads counts every segment once", "[R-A1]") {
    GameState s = test::blank_game();
    const auto& hex = kBaseTopology.hex_nodes[9];  // the centre hex
    test::put_road_chain(s, 0, {hex[0], hex[1], hex[2], hex[3], hex[4], hex[5], hex[0]});
    CHECK(longest_road_of(s, 0) == 6);
    // A tail off the loop makes a trail of 7: round the loop and out along the tail.
    int outside = -1;
    for (std::uint8_t n : kBaseTopology.node_neighbors[hex[0]])
        if (n != kNone && n != hex[1] && n != hex[5]) outside = n;
    REQUIRE(outside >= 0);
    test::put_road(s, 0, test::edge(hex[0], outside));
    CHECK(longest_road_of(s, 0) == 7);
}
