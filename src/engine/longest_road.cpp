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
    NodeMask opponents{};
    int best = 0;

    RoadSearch(const Topology& t, const EdgeMask& roads, NodeMask cut) : opponents(cut) {
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
template <class G>
NodeMask trail_starts(const Topology& t, const EdgeMask& roads, NodeMask cut) {
    NodeMask once{}, twice{}, thrice{};
    roads.template for_each<G::edge_words>([&](int e) {
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
            NodeMask next{};
            frontier.template for_each<G::node_words>([&](int n) {
                const EdgeMask reached = t.node_edge_mask[n] & unreached;
                reached.template for_each<G::edge_words>([&](int e) { next |= t.edge_node_mask[e]; });
                unreached = unreached & ~reached;
            });
            frontier = next;
        }
        if (!unreached.any()) return starts;
        frontier = node_bit(t.edge_nodes[unreached.lowest()][0]);
        starts |= frontier;
    }
}

// R-SF5: the longest trade route over roads and ships together, where a road and a ship join only at
// the player's own building. At most 30 pieces, so a trail's used pieces fit one word.
template <class G>
struct RouteSearch {
    static_assert(G::rules.roads + G::rules.ships <= 32, "a trail's used pieces must fit 32 bits");
    std::array<std::uint32_t, G::nodes> roads_at{}, ships_at{};
    std::array<std::uint8_t, G::rules.roads + G::rules.ships> ends_xor{};
    NodeMask cut{}, own{};
    int best = 0;
    int goal = 32;  // a length no longer trail can beat: the search stops once it is reached

    RouteSearch(const Topology& t, const PlayerState& pl, NodeMask opponents, NodeMask buildings) : cut(opponents), own(buildings) {
        int i = 0;
        auto add = [&](const EdgeMask& pieces, std::array<std::uint32_t, G::nodes>& at) {
            pieces.template for_each<G::edge_words>([&](int e) {
                const auto [a, b] = t.edge_nodes[e];
                ends_xor[i] = static_cast<std::uint8_t>(a ^ b);
                at[a] |= 1u << i;
                at[b] |= 1u << i;
                ++i;
            });
        };
        add(pl.roads, roads_at);
        add(pl.ships, ships_at);
    }

    // The bit standing for the player's ship on `edge` (ships are numbered after the roads, in path order).
    static std::uint32_t ship_bit(const PlayerState& pl, int edge) {
        EdgeMask before = pl.ships & EdgeMask::first(edge);
        return 1u << (pl.roads.count() + before.count());
    }

    // `ship`: the trail arrived by ship (at the start: either, so both are tried).
    void walk(int node, int length, std::uint32_t used, bool ship) {
        if (length > best) best = length;
        if (best >= goal) return;
        if (length > 0 && cut.test(node)) return;  // R-A2
        const bool switch_here = length == 0 || own.test(node);
        std::uint32_t next = ((ship || switch_here) ? ships_at[node] : 0) | ((!ship || switch_here) ? roads_at[node] : 0);
        for (next &= ~used; next; next &= next - 1) {
            const int i = std::countr_zero(next);
            walk(ends_xor[i] ^ node, length + 1, used | (1u << i), ships_at[node] >> i & 1u);
        }
    }
};

// An end of the piece on `edge` where nothing of the player's continues it (no other piece of its
// kind, `same`, nor of the `other` kind through an own building, or an opponent's building there),
// or -1 when both ends go on.
template <class G>
int loose_end(const Topology& t, const EdgeMask& same, const EdgeMask& other, const NodeMask& own, const NodeMask& cut, int edge) {
    const auto continues = [&](int n) {
        if (cut.test(n)) return false;
        const EdgeMask at = t.node_edge_mask[n];
        return (at & same).any() || (own.test(n) && (at & other).any());
    };
    const int a = t.edge_nodes[edge][0], b = t.edge_nodes[edge][1];
    if (!continues(a)) return a;
    return continues(b) ? -1 : b;
}

// Walks every trail that may be a longest one, until the search's goal is reached.
template <class G>
void search_all_routes(const Topology& t, const PlayerState& pl, RouteSearch<G>& search) {
    // Where a road and a ship meet without the player's building, neither passes on to the other:
    // for where trails start, such an intersection ends them as a cut one does (trail_starts).
    NodeMask road_ends, ship_ends;
    pl.roads.template for_each<G::edge_words>([&](int e) { road_ends |= t.edge_node_mask[e]; });
    pl.ships.template for_each<G::edge_words>([&](int e) { ship_ends |= t.edge_node_mask[e]; });
    const NodeMask apart = road_ends & ship_ends & ~search.own;
    trail_starts<G>(t, pl.roads | pl.ships, search.cut | apart).template for_each<G::node_words>([&](int n) {
        if (search.best < search.goal) search.walk(n, 0, 0, false);
    });
}

}  // namespace

namespace rules {

template <class G>
int longest_road(const GameState& s, int player) {
    const PlayerState& pl = s.players[player];
    if constexpr (G::sea) {
        const EdgeMask pieces = pl.roads | pl.ships;
        if (!pieces.any()) return 0;
        const Topology& t = G::topo();
        const NodeMask own = buildings_of(s, player);
        RouteSearch<G> search(t, pl, s.occupied & ~own, own);
        search_all_routes(t, pl, search);
        return search.best;
    }
    if (!pl.roads.any()) return 0;
    const Topology& t = G::topo();
    const NodeMask cut = s.occupied & ~buildings_of(s, player);
    RoadSearch<G> search(t, pl.roads, cut);
    trail_starts<G>(t, pl.roads, cut).template for_each<G::node_words>([&](int n) { search.walk(n, 0); });
    return search.best;
}

// Most new roads extend a road end or leave a building: one end of the new road touches no other road
// of the player. Then a trail using it must end with it, so the longest such trail is one plus the
// longest trail starting at its other end, and no other trail changed. Otherwise search afresh.
// R-SF5: as below, over roads and ships. The new piece's end where nothing of the player's continues it
// (no piece of its kind, nor of the other kind through an own building, or an opponent's building there)
// starts every new trail through it; the trails from there that do not take it are old ones.
template <class G>
int longest_route_with_new_piece(const GameState& s, int player, int edge) {
    const Topology& t = G::topo();
    const PlayerState& pl = s.players[player];
    const bool ship = pl.ships.test(edge);
    const NodeMask own = buildings_of(s, player);
    const NodeMask cut = s.occupied & ~own;
    EdgeMask same = ship ? pl.ships : pl.roads;
    same.reset(edge);
    const int outer = loose_end<G>(t, same, ship ? pl.roads : pl.ships, own, cut, edge);
    if (outer < 0) return longest_road<G>(s, player);
    RouteSearch<G> search(t, pl, cut, own);
    search.walk(outer, 0, 0, ship);
    return search.best > pl.road_length ? search.best : pl.road_length;
}

// R-SF4, R-SF5: `s` is the state just after the player's ship moved from `from` to `to`, its
// road_length still the length before. The moved ship was at an open end, so every trail that used it
// ended with it there: lifting it shortens only the trails through it, by one, and those are the
// trails leaving its other end the way it had come. If none of them was a longest one, the length
// after the lift is the old one, and `to` counts as a newly built ship does. If one was, the length
// after the lift is one less or the same, and a ship at `to` where nothing continues it adds at most
// one: the trails from that end settle it when they reach the old length, else a walk of every trail
// does, stopping at the old length.
template <class G>
int longest_route_after_ship_move(const GameState& s, int player, int from, int to) {
    const Topology& t = G::topo();
    const PlayerState& pl = s.players[player];
    const int before = pl.road_length;
    const NodeMask own = buildings_of(s, player);
    const NodeMask cut = s.occupied & ~own;
    EdgeMask stayed = pl.ships;
    stayed.reset(to);
    const auto open = [&](int n) { return !own.test(n) && !(t.node_edge_mask[n] & stayed).any(); };
    const int past_lifted = open(t.edge_nodes[from][0]) ? t.edge_nodes[from][1] : t.edge_nodes[from][0];
    RouteSearch<G> search(t, pl, cut, own);
    search.walk(past_lifted, 1, RouteSearch<G>::ship_bit(pl, to), true);  // as if `to` were still empty
    const bool lifted_from_a_longest = search.best >= before;
    search.best = 0;
    if (const int outer = loose_end<G>(t, stayed, pl.roads, own, cut, to); outer >= 0) {
        search.walk(outer, 0, 0, true);
        if (!lifted_from_a_longest || search.best >= before) return search.best > before ? search.best : before;
        search.goal = before;
    }
    search_all_routes(t, pl, search);
    return search.best;
}

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
    template int longest_road_with_new_road<G>(const GameState&, int, int); \
    template int longest_route_after_ship_move<G>(const GameState&, int, int, int);
CATAN_FOR_EACH_VARIANT(CATAN_LONGEST_ROAD_FOR)

}  // namespace rules

int longest_road_of(const GameState& s, int player) {
    return with_variant(s.board_kind, [&](auto g) { return rules::longest_road<decltype(g)>(s, player); });
}

}  // namespace catan
