#pragma once
// The predicates of Seafarers (R-SF2..R-SF8) shared by apply() and legal_actions(): one per rule
// question, compiled into the sea variant only.
#include "rules.hpp"

namespace catan::rules {

// R-SF6: the paths of the pirate's hex, where no ship is built, moved to or moved from.
template <class G> EdgeMask pirate_paths(const GameState& s) { return s.pirate == kNone ? EdgeMask{} : G::topo().hex_edge_mask[s.pirate]; }

// R-SF2: paths where `p` may build a ship now (cost aside): along the sea, empty of roads and ships,
// touching its own building or extending its own ships at an intersection no opponent built on; a
// ship line meets the player's roads only at its buildings, so road ends do not count.
template <class G> EdgeMask ship_spots_from(const GameState& s, int p, const NodeMask& ship_ends, const EdgeMask& ships_all) {
    const Topology& t = G::topo();
    const NodeMask own = buildings_of(s, p);
    const NodeMask frontier = own | (ship_ends & ~(s.occupied & ~own));
    EdgeMask spots;
    frontier.template for_each<G::node_words>([&](int n) { spots |= t.node_edge_mask[n]; });
    return spots & s.sea_paths & ~s.roads_all & ~ships_all & ~pirate_paths<G>(s);
}
template <class G> EdgeMask ship_spots(const GameState& s, int p) { return ship_spots_from<G>(s, p, s.ship_nodes[p], s.ships_all); }

// R-SF3: in setup, a coastal path at the settlement just placed may take a ship instead of the road.
template <class G> EdgeMask setup_ship_spots(const GameState& s) {
    if (s.setup_node == kNone) return {};
    return G::topo().node_edge_mask[s.setup_node] & s.sea_paths & ~s.roads_all & ~s.ships_all & ~pirate_paths<G>(s);
}

// R-SF4: whether one of p's shipping routes is open at intersection `n`: one of its ships ends there,
// no other of its ships goes on from there, and it has no building there. Kept per seat in
// s.open_route_ends (place_ship, lift_ship, place_settlement, refresh_derived).
template <class G> bool route_open_at(const GameState& s, int p, int n) {
    const PlayerState& pl = s.players[p];
    if (pl.settlements.test(n) || pl.cities.test(n)) return false;
    int ships = 0;
    for (std::uint8_t e : G::topo().node_edges[n]) ships += e != kNone && pl.ships.test(e);
    return ships == 1;
}
template <class G> void refresh_route_end(GameState& s, int p, int n) {
    if (route_open_at<G>(s, p, n)) s.open_route_ends[p].set(n);
    else s.open_route_ends[p].reset(n);
}
// R-SF4: the ships `p` may move this turn: after the roll, once a turn, at the open end of a route,
// not built this turn, and not on the pirate's hex (R-SF6).
template <class G> EdgeMask movable_ships(const GameState& s, int p) {
    if (s.ship_moved || !s.rolled || s.step != Step::Turn) return {};
    const Topology& t = G::topo();
    // A ship at an open end is a path at one of those few intersections.
    EdgeMask at_open;
    s.open_route_ends[p].template for_each<G::node_words>([&](int n) { at_open |= t.node_edge_mask[n]; });
    return at_open & s.players[p].ships & ~s.new_ships & ~pirate_paths<G>(s);
}
// R-SF4: where p's ship on `from` may go: any path a ship could be built on were it not there.
template <class G> EdgeMask ship_move_spots(const GameState& s, int p, int from) {
    const Topology& t = G::topo();
    EdgeMask others = s.players[p].ships;
    others.reset(from);
    NodeMask ends = s.ship_nodes[p];  // of the other ships: the lifted one's ends that no other ship shares go
    for (std::uint8_t n : t.edge_nodes[from])
        if (!(t.node_edge_mask[n] & others).any()) ends.reset(n);
    EdgeMask lifted = s.ships_all;  // the spots with the ship lifted off its path
    lifted.reset(from);
    EdgeMask spots = ship_spots_from<G>(s, p, ends, lifted);
    spots.reset(from);
    return spots;
}

// R-SF6: where the pirate may go: any other sea hex.
template <class G> HexMask pirate_hexes(const GameState& s) {
    HexMask m = s.board.sea & HexMask::first(G::hexes);
    if (s.pirate != kNone) m.reset(s.pirate);
    return m;
}
// R-SF6: for each seat, the hexes along its ships (a path runs along the hexes that touch both its ends).
using SeatHexes = std::array<HexMask, kMaxPlayers>;
template <class G> SeatHexes hexes_along_ships(const GameState& s) {
    const Topology& t = G::topo();
    SeatHexes along{};
    for (int q = 0; q < s.num_players; ++q)
        s.players[q].ships.template for_each<G::edge_words>([&](int e) {
            along[q] |= t.node_hex_mask[t.edge_nodes[e][0]] & t.node_hex_mask[t.edge_nodes[e][1]];
        });
    return along;
}
// R-SF6: opponents of `p` with a ship on a path of `hex`, given hexes_along_ships.
inline unsigned pirate_victims(const SeatHexes& along, int players, int hex, int p) {
    unsigned v = 0;
    for (int q = 0; q < players; ++q)
        if (q != p && along[q].test(hex)) v |= 1u << q;
    return v;
}
template <class G> unsigned pirate_victims(const GameState& s, int hex, int p) {
    return pirate_victims(hexes_along_ships<G>(s), s.num_players, hex, p);
}

// R-SF8: the island of a land intersection (0 when it touches only the sea).
template <class G> int island_at(const GameState& s, int node) {
    for (std::uint8_t h : G::topo().node_hexes[node])
        if (h != kNone && s.board.island[h]) return s.board.island[h];
    return 0;
}

}  // namespace catan::rules
