// Longest continuous road (R-A1): the longest trail that uses no path twice, broken at intersections
// holding an opponent's building (R-A2). At most 15 roads, so an exhaustive depth-first search is cheap,
// and it only needs to start where a longest trail can start (see trail_starts).
#include <bit>

#include "rules.hpp"

namespace catan {
namespace {

struct RoadSearch {
    const Topology& t = topology();
    EdgeMask roads;
    NodeMask opponents;
    EdgeMask used{};
    int best = 0;

    void walk(int node, int length) {
        if (length > best) best = length;
        if (length > 0 && (opponents & node_bit(node))) return;  // cut: cannot pass through (R-A2)
        const EdgeMask next = t.node_edge_mask[node] & roads & ~used;
        next.for_each([&](int e) {
            used.set(e);
            walk(std::countr_zero(t.edge_node_mask[e] ^ node_bit(node)), length + 1);
            used.reset(e);
        });
    }
};

// A longest trail can be taken to start at a road end or a fork (road degree 1 or 3) or at a cut
// intersection: a trail starting at an uncut intersection of degree 2 either extends backwards or is a
// closed loop, and a closed loop that touches any further road extends too. So only components that are
// bare loops lack such a start; one intersection of each is added.
NodeMask trail_starts(const Topology& t, const EdgeMask& roads, NodeMask cut) {
    NodeMask once = 0, twice = 0, thrice = 0;
    roads.for_each([&](int e) {
        for (int n : t.edge_nodes[e]) {
            const NodeMask b = node_bit(n);
            thrice |= twice & b;
            twice |= once & b;
            once |= b;
        }
    });
    NodeMask starts = (once & ~twice) | thrice | (once & cut);
    EdgeMask unreached = roads;
    NodeMask frontier = starts;
    for (;;) {
        while (frontier) {
            NodeMask next = 0;
            for_each_node(frontier, [&](int n) {
                const EdgeMask reached = t.node_edge_mask[n] & unreached;
                reached.for_each([&](int e) { next |= t.edge_node_mask[e]; });
                unreached = unreached & ~reached;
            });
            frontier = next;
        }
        if (!unreached.any()) return starts;
        int loop_edge = -1;
        unreached.for_each([&](int e) { if (loop_edge < 0) loop_edge = e; });
        frontier = node_bit(t.edge_nodes[loop_edge][0]);
        starts |= frontier;
    }
}

}  // namespace

int longest_road_of(const GameState& s, int player) {
    const PlayerState& pl = s.players[player];
    if (!pl.roads.any()) return 0;
    RoadSearch search;
    search.roads = pl.roads;
    search.opponents = s.occupied & ~rules::buildings_of(s, player);
    for_each_node(trail_starts(search.t, pl.roads, search.opponents), [&](int n) { search.walk(n, 0); });
    return search.best;
}

}  // namespace catan
