// R-SF5: the longest trade route, the longest trail over roads and ships together where a road and a
// ship join only at the player's own building, broken at opponents' buildings (R-A1, R-A2). At most 30
// pieces touching at most 60 intersections: the search numbers both afresh, so that a trail's used
// pieces, and the cut and own intersections, each fit one word. A ship move, the commonest change in
// random play, is counted from the moved ship's two places where it can be (R-SF4).
#include <bit>

#include "rules.hpp"

namespace catan {
namespace {

template <class G>
struct RouteSearch {
    static constexpr int kMaxPieces = G::rules.roads + G::rules.ships;
    static_assert(kMaxPieces <= 32, "a trail's used pieces must fit 32 bits");
    static_assert(2 * kMaxPieces <= 64, "the pieces' intersections must fit 64 bits");
    // Set only as far as pieces number them (`touched`, `nodes`, `pieces`): clearing whole arrays for
    // every search would cost more than the search.
    std::array<std::uint8_t, G::nodes> local;  // an intersection's number here, where a piece touches it
    std::array<std::uint32_t, 2 * kMaxPieces> roads_at, ships_at;
    std::array<std::uint8_t, kMaxPieces> first_end, ends_xor;  // a piece's two ends xor-ed: one gives the other
    NodeMask touched;
    std::uint64_t cut = 0, own = 0;
    int nodes = 0, pieces = 0, first_ship = 0;
    int best = 0;
    int goal = kMaxPieces;  // a length no trail can beat: the search stops once it is reached

    // Pieces are numbered roads first, each kind in path order (ship_bit); `touched` holds the
    // intersections they touch, numbered in board order.
    RouteSearch(const Topology& t, const PlayerState& pl, const NodeMask& pieces_touch, const NodeMask& opponents,
                const NodeMask& buildings)
        : touched(pieces_touch) {
        touched.template for_each<G::node_words>([&](int n) {
            local[n] = static_cast<std::uint8_t>(nodes);
            roads_at[nodes] = ships_at[nodes] = 0;
            ++nodes;
        });
        (touched & opponents).template for_each<G::node_words>([&](int n) { cut |= std::uint64_t{1} << local[n]; });
        (touched & buildings).template for_each<G::node_words>([&](int n) { own |= std::uint64_t{1} << local[n]; });
        const auto add = [&](const EdgeMask& kind, std::array<std::uint32_t, 2 * kMaxPieces>& at) {
            kind.template for_each<G::edge_words>([&](int e) {
                const std::uint8_t a = local[t.edge_nodes[e][0]], b = local[t.edge_nodes[e][1]];
                first_end[pieces] = a;
                ends_xor[pieces] = static_cast<std::uint8_t>(a ^ b);
                at[a] |= 1u << pieces;
                at[b] |= 1u << pieces;
                ++pieces;
            });
        };
        add(pl.roads, roads_at);
        first_ship = pieces;
        add(pl.ships, ships_at);
    }

    // The bit of the player's ship on `edge`.
    static std::uint32_t ship_bit(const PlayerState& pl, int edge) {
        const EdgeMask before = pl.ships & EdgeMask::first(edge);
        return 1u << (pl.roads.count() + before.count());
    }

    // The trails from intersection `node` (a board number), after `length` pieces `used` that arrived
    // there by ship or not (at the start, length 0: either, so both are tried).
    void walk_from(int node, int length, std::uint32_t used, bool ship) {
        if (touched.test(node)) walk(local[node], length, used, ship);
        else if (length > best) best = length;
    }

    // `node` is a local number.
    void walk(int node, int length, std::uint32_t used, bool ship) {
        if (length > best) best = length;
        if (best >= goal) return;
        const std::uint64_t here = std::uint64_t{1} << node;
        if (length > 0 && (cut & here)) return;  // R-A2
        const bool switch_here = length == 0 || (own & here);
        std::uint32_t next = ((ship || switch_here) ? ships_at[node] : 0) | ((!ship || switch_here) ? roads_at[node] : 0);
        for (next &= ~used; next; next &= next - 1) {
            const int i = std::countr_zero(next);
            walk(ends_xor[i] ^ node, length + 1, used | (1u << i), ships_at[node] >> i & 1u);
        }
    }

    // A longest trail can be taken to start where it cannot be extended backwards: at a route end or a
    // fork (1 or 3 pieces), at an opponent's building, or where a road and a ship meet without the
    // player's building. Between two such intersections a trail has no choice, so each run of pieces
    // there (a chain) is walked in one step. A component with no such intersection is a bare loop,
    // one chain from any of its intersections back to it.
    void walk_every_trail() {
        std::uint64_t starts = cut;
        for (int n = 0; n < nodes; ++n) {
            const std::uint32_t at = roads_at[n] | ships_at[n], but_one = at & (at - 1);
            const bool two = but_one && !(but_one & (but_one - 1));
            const bool apart = roads_at[n] && ships_at[n] && !(own >> n & 1u);
            if (!two || apart) starts |= std::uint64_t{1} << n;
            road_entries[n] = ship_entries[n] = 0;
        }
        std::uint32_t unchained = pieces == 32 ? ~0u : (1u << pieces) - 1;
        chains = 0;
        for (std::uint64_t left = starts; unchained;) {
            if (!left) {  // only bare loops are left
                left = std::uint64_t{1} << first_end[std::countr_zero(unchained)];
                starts |= left;
            }
            const int n = std::countr_zero(left);
            left &= left - 1;
            for (std::uint32_t out = (roads_at[n] | ships_at[n]) & unchained; out; out &= out - 1) {
                const int i = std::countr_zero(out);
                if (unchained >> i & 1u) unchained &= ~chain_from(n, i, starts);
            }
        }
        for (; starts && best < goal; starts &= starts - 1) walk_chains(std::countr_zero(starts), 0, 0, false);
    }

    // Chains: chain c is entered at one end as 2c and at the other as 2c + 1.
    std::array<std::uint64_t, 2 * kMaxPieces> road_entries, ship_entries;  // by the kind of the piece entered
    std::array<std::uint8_t, 2 * kMaxPieces> chain_to;                     // by entry: where it comes out
    std::array<bool, 2 * kMaxPieces> chain_arrives_by_ship;                // by entry
    std::array<std::uint8_t, kMaxPieces> chain_length;
    int chains = 0;

    // The chain leaving `n` by piece `i`, up to the next intersection in `stops`; its pieces.
    std::uint32_t chain_from(int n, int i, std::uint64_t stops) {
        const int c = chains++;
        const bool leaves_by_ship = i >= first_ship;
        std::uint32_t pieces_on = 0;
        int at = n, piece = i, length = 0;
        for (;;) {
            pieces_on |= 1u << piece;
            ++length;
            at = ends_xor[piece] ^ at;
            if (stops >> at & 1u) break;
            piece = std::countr_zero((roads_at[at] | ships_at[at]) & ~(1u << piece));
        }
        const bool arrives_by_ship = piece >= first_ship;
        (leaves_by_ship ? ship_entries : road_entries)[n] |= std::uint64_t{1} << (2 * c);
        (arrives_by_ship ? ship_entries : road_entries)[at] |= std::uint64_t{1} << (2 * c + 1);
        chain_to[2 * c] = static_cast<std::uint8_t>(at);
        chain_to[2 * c + 1] = static_cast<std::uint8_t>(n);
        chain_arrives_by_ship[2 * c] = arrives_by_ship;
        chain_arrives_by_ship[2 * c + 1] = leaves_by_ship;
        chain_length[c] = static_cast<std::uint8_t>(length);
        return pieces_on;
    }

    // walk() over chains, from and to intersections where chains meet; `used` holds both entries of
    // each chain taken, so that the entries left are a mask away.
    void walk_chains(int node, int length, std::uint64_t used, bool ship) {
        if (length > best) best = length;
        if (best >= goal) return;
        const std::uint64_t here = std::uint64_t{1} << node;
        if (length > 0 && (cut & here)) return;  // R-A2
        const bool switch_here = length == 0 || (own & here);
        std::uint64_t next = ((ship || switch_here) ? ship_entries[node] : 0) | ((!ship || switch_here) ? road_entries[node] : 0);
        for (next &= ~used; next; next &= next - 1) {
            const int entry = std::countr_zero(next), c = entry >> 1;
            walk_chains(chain_to[entry], length + chain_length[c], used | std::uint64_t{3} << (2 * c), chain_arrives_by_ship[entry]);
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

}  // namespace

namespace rules {

template <class G>
int longest_route(const GameState& s, int player) {
    const PlayerState& pl = s.players[player];
    if (!(pl.roads | pl.ships).any()) return 0;
    const Topology& t = G::topo();
    const NodeMask own = buildings_of(s, player);
    NodeMask touched;  // from the pieces: a state from outside may not have its derived fields yet
    (pl.roads | pl.ships).template for_each<G::edge_words>([&](int e) { touched |= t.edge_node_mask[e]; });
    RouteSearch<G> search(t, pl, touched, s.occupied & ~own, own);
    search.walk_every_trail();
    return search.best;
}

// As for a new road (longest_road_with_new_road): the new piece's end where nothing of the player's
// continues it starts every new trail through it, and the trails from there that do not take it are
// old ones.
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
    if (outer < 0) return longest_route<G>(s, player);
    RouteSearch<G> search(t, pl, s.road_nodes[player] | s.ship_nodes[player], cut, own);
    search.goal = pl.road_length + 1;  // the new piece ends every trail through it
    search.walk_from(outer, 0, 0, ship);
    return search.best > pl.road_length ? search.best : pl.road_length;
}

// R-SF4: `s` is the state just after the player's ship moved from `from` to `to`, its road_length
// still the length before. The moved ship was at an open end, so every trail that used it ended with
// it there: lifting it shortens only the trails through it, by one, and those are the trails leaving
// its other end the way it had come. A ship at `to` where nothing continues it ends every trail
// through it and adds at most one: if one of those trails reaches the old length, it is the longest.
// If none does, the length is the old one unless a trail through the lifted ship was a longest one;
// then a walk of every trail settles it, stopping at the old length.
template <class G>
int longest_route_after_ship_move(const GameState& s, int player, int from, int to) {
    const Topology& t = G::topo();
    const PlayerState& pl = s.players[player];
    const int before = pl.road_length;
    const NodeMask own = buildings_of(s, player);
    const NodeMask cut = s.occupied & ~own;
    EdgeMask stayed = pl.ships;
    stayed.reset(to);
    RouteSearch<G> search(t, pl, s.road_nodes[player] | s.ship_nodes[player], cut, own);
    const int outer = loose_end<G>(t, stayed, pl.roads, own, cut, to);
    if (outer < 0) {  // `to` joins two trails: no bound on the new length
        search.walk_every_trail();
        return search.best;
    }
    search.goal = before + 1;
    search.walk_from(outer, 0, 0, true);
    if (search.best >= before) return search.best;
    const auto open = [&](int n) { return !own.test(n) && !(t.node_edge_mask[n] & stayed).any(); };
    const int past_lifted = open(t.edge_nodes[from][0]) ? t.edge_nodes[from][1] : t.edge_nodes[from][0];
    search.best = 0;
    search.goal = before;  // whether one of them reached the old length is all that is asked
    search.walk_from(past_lifted, 1, RouteSearch<G>::ship_bit(pl, to), true);  // as if `to` were still empty
    if (search.best < before) return before;
    search.best = 0;
    search.walk_every_trail();
    return search.best;
}

#define CATAN_TRADE_ROUTE_FOR(G)                                                 \
    template int longest_route<G>(const GameState&, int);                        \
    template int longest_route_with_new_piece<G>(const GameState&, int, int);    \
    template int longest_route_after_ship_move<G>(const GameState&, int, int, int);
CATAN_TRADE_ROUTE_FOR(SeaVariant)
CATAN_TRADE_ROUTE_FOR(SeaLargeVariant)

}  // namespace rules
}  // namespace catan
