// Longest continuous road (R-A1): the longest trail that uses no path twice, broken at intersections
// holding an opponent's building (R-A2). At most 15 roads, so an exhaustive depth-first search is cheap.
#include "rules.hpp"

namespace catan {
namespace {

struct RoadSearch {
    const Topology& t = topology();
    EdgeMask roads;
    NodeMask opponents;
    int best = 0;

    void walk(int node, EdgeMask used, int length) {
        if (length > best) best = length;
        if (length > 0 && (opponents & node_bit(node))) return;  // cut: cannot pass through (R-A2)
        for (std::uint8_t e : t.node_edges[node]) {
            if (e == kNone || !roads.test(e) || used.test(e)) continue;
            EdgeMask next = used;
            next.set(e);
            const int other = t.edge_nodes[e][0] == node ? t.edge_nodes[e][1] : t.edge_nodes[e][0];
            walk(other, next, length + 1);
        }
    }
};

}  // namespace

int longest_road_of(const GameState& s, int player) {
    const PlayerState& pl = s.players[player];
    if (!pl.roads.any()) return 0;
    RoadSearch search;
    search.roads = pl.roads;
    search.opponents = s.occupied & ~rules::buildings_of(s, player);
    NodeMask starts = 0;
    pl.roads.for_each([&](int e) { starts |= search.t.edge_node_mask[e]; });
    for_each_node(starts, [&](int n) { search.walk(n, EdgeMask{}, 0); });
    return search.best;
}

}  // namespace catan
