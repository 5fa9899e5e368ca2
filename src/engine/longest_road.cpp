// Longest continuous road (R-A1): the longest trail that uses no path twice, broken at intersections
// holding an opponent's building (R-A2). At most 15 roads, so an exhaustive depth-first search is cheap,
// and it only needs to start where a longest trail can start (see trail_starts).
#include <bit>
#include <utility>

#include "rules.hpp"

namespace catan {
namespace {

// The player's roads renumbered 0..14, so a trail's used roads fit one 16-bit mask.
template <class G>
struct RoadSearch {
    static_assert(G::rules.roads <= 16, "a trail's used roads must fit 16 bits");
    std::array<std::uint16_t, G::nodes> roads_at{};  // local road bits touching each intersection
    std::array<std::uint8_t, G::rules.roads> ends_xor{};  // a road's two intersections xor-ed: one gives the other
    Bits<G::node_words> opponents{};
    int best = 0;

    RoadSearch(const Topology& t, const EdgeMask& roads, const NodeMask& cut) : opponents(first_words<G::node_words>(cut)) {
        int i = 0;
        roads.template for_each<G::edge_words>([&](int e) {
            const auto [a, b] = t.edge_nodes[e];
            ends_xor[i] = static_cast<std::uint8_t>(a ^ b);
            roads_at[a] |= static_cast<std::uint16_t>(1u << i);
            roads_at[b] |= static_cast<std::uint16_t>(1u << i);
            ++i;
        });
    }

    // `used`: the local road bits the trail so far has taken (an argument: it stays in a register).
    void walk(int node, int length, unsigned used = 0) {
        if (length > best) best = length;
        if (length > 0 && opponents.test(node)) return;  // cut: cannot pass through (R-A2)
        for (unsigned next = roads_at[node] & ~used; next; next &= next - 1) {
            const int i = std::countr_zero(next);
            walk(ends_xor[i] ^ node, length + 1, used | (1u << i));
        }
    }
};

// A longest trail can be taken to start at a road end or a fork (road degree 1 or 3) or at a cut
// intersection: a trail starting at an uncut intersection of degree 2 either extends backwards or is a
// closed loop, and a closed loop that touches any further road extends too. So only components that are
// bare loops lack such a start; one intersection of each is added.
// The sets have the board's words only (a player's roads are on the board).
template <class G>
Bits<G::node_words> trail_starts(const Topology& t, const EdgeMask& roads, const NodeMask& cut) {
    using Nodes = Bits<G::node_words>;
    using Edges = Bits<G::edge_words>;
    Nodes once{}, twice{}, thrice{};
    roads.template for_each<G::edge_words>([&](int e) {
        for (int n : t.edge_nodes[e]) {
            const Nodes b = Nodes::bit(n);
            thrice |= twice & b;
            twice |= once & b;
            once |= b;
        }
    });
    Nodes starts = (once & ~twice) | thrice | (once & first_words<G::node_words>(cut));
    Edges unreached = first_words<G::edge_words>(roads);
    Nodes frontier = starts;
    for (;;) {
        while (frontier) {
            Nodes next{};
            frontier.for_each([&](int n) {
                const Edges reached = first_words<G::edge_words>(t.node_edge_mask[n]) & unreached;
                reached.for_each([&](int e) { next |= first_words<G::node_words>(t.edge_node_mask[e]); });
                unreached = unreached & ~reached;
            });
            frontier = next;
        }
        if (!unreached.any()) return starts;
        frontier = Nodes::bit(t.edge_nodes[unreached.lowest()][0]);
        starts |= frontier;
    }
}

}  // namespace

namespace rules {

template <class G>
int longest_road(const GameState& s, int player) {
    const PlayerState& pl = s.players[player];
    if constexpr (G::sea) return longest_route<G>(s, player);
    if (!pl.roads.any()) return 0;
    const Topology& t = G::topo();
    const NodeMask cut = s.occupied & ~buildings_of(s, player);
    RoadSearch<G> search(t, pl.roads, cut);
    trail_starts<G>(t, pl.roads, cut).for_each([&](int n) { search.walk(n, 0); });
    return search.best;
}

// Most new roads extend a road end or leave a building: one end of the new road touches no other road
// of the player. Then a trail using it must end with it, so the longest such trail is one plus the
// longest trail starting at its other end, and no other trail changed. Otherwise search afresh.
template <class G>
int longest_road_with_new_road(const GameState& s, int player, int edge) {
    if constexpr (G::sea) return longest_route_with_new_piece<G>(s, player, edge);
    const Topology& t = G::topo();
    const PlayerState& pl = s.players[player];
    EdgeMask others = pl.roads;
    others.reset(edge);
    int inner = t.edge_nodes[edge][0], outer = t.edge_nodes[edge][1];
    const bool inner_joined = (t.node_edge_mask[inner] & others).any();
    const bool outer_joined = (t.node_edge_mask[outer] & others).any();
    if (inner_joined && outer_joined) return longest_road<G>(s, player);
    if (outer_joined) std::swap(inner, outer);
    const NodeMask cut = s.occupied & ~buildings_of(s, player);
    int through = 1;
    if ((inner_joined || outer_joined) && !cut.test(inner)) {
        RoadSearch<G> search(t, others, cut);
        search.walk(inner, 0);
        through += search.best;
    }
    return through > pl.road_length ? through : pl.road_length;
}

#define CATAN_LONGEST_ROAD_FOR(G)                              \
    template int longest_road<G>(const GameState&, int);       \
    template int longest_road_with_new_road<G>(const GameState&, int, int);
CATAN_FOR_EACH_VARIANT(CATAN_LONGEST_ROAD_FOR)

}  // namespace rules

int longest_road_of(const GameState& s, int player) {
    return with_variant(s.board_kind, [&](auto g) { return rules::longest_road<decltype(g)>(s, player); });
}

}  // namespace catan
