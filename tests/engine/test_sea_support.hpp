#pragma once
// Positions on the sea frame for the Seafarers rules tests: a game past setup on a board the test
// draws itself (land hexes named by row and column, everything else sea), so each test places exactly
// the coast, islands and gold its rule needs, whatever the scenarios' own maps hold.
#include <initializer_list>

#include "catan/engine/scenario.hpp"
#include "engine/scenario_data.hpp"
#include "test_support.hpp"
#include "test_support_setup.hpp"

namespace catan::test::sea {

inline const Topology& T = kSeaTopology;
inline int hex(int row, int col) { return row * kSeaFrame.cols + col; }
inline int node_at(int h, int c) { return T.hex_nodes[static_cast<std::size_t>(h)][static_cast<std::size_t>(c)]; }
inline int side(int h, int k) { return T.hex_edges[static_cast<std::size_t>(h)][static_cast<std::size_t>(k)]; }
// The path at corner c of hex h that is not a side of h: it leads away from the hex.
inline int away(int h, int c) {
    const int n = node_at(h, c);
    for (std::uint8_t e : T.node_edges[static_cast<std::size_t>(n)])
        if (e != kNone && e != side(h, c) && e != side(h, (c + 5) % 6)) return e;
    FAIL("corner " << c << " of hex " << h << " has no third path");
    return -1;
}
inline int other_end(int edge, int node) {
    const auto& ends = T.edge_nodes[static_cast<std::size_t>(edge)];
    return ends[0] == node ? ends[1] : ends[0];
}

struct Land {
    int row, col;
    Terrain terrain;
    int number = 0;
    bool home = true;  // an island where setup may build
};

// Seat 0 to act after its roll; no pieces, no cards; the robber off the board, the pirate at the
// bottom right corner of the frame.
inline GameState sea_game(std::initializer_list<Land> land, int players = 4) {
    GameOptions o;
    o.players = players;
    o.seed = 7;
    o.scenario = Scenario::NewShores;
    o.victory_target = 13;
    GameState s = new_game(o);
    Board b;
    for (int h = 0; h < T.hex_count; ++h) {
        b.terrain[static_cast<std::size_t>(h)] = Terrain::Sea;
        b.sea.set(h);
    }
    for (const Land& l : land) {
        const int h = hex(l.row, l.col);
        b.terrain[static_cast<std::size_t>(h)] = l.terrain;
        b.number[static_cast<std::size_t>(h)] = static_cast<std::uint8_t>(l.number);
        b.sea.reset(h);
        if (l.home) b.home.set(h);
    }
    assign_islands(T, b);
    s.board = b;
    s.robber = kNone;
    s.pirate = static_cast<std::uint8_t>(hex(kSeaFrame.rows - 1, kSeaFrame.cols - 1));
    skip_setup(s);
    refresh_derived(s);
    return s;
}

inline void put_ship(GameState& s, int p, int edge) {
    s.players[static_cast<std::size_t>(p)].ships.set(edge);
    --s.players[static_cast<std::size_t>(p)].ships_left;
    refresh_derived(s);
    for (int q = 0; q < s.num_players; ++q) s.players[static_cast<std::size_t>(q)].road_length = static_cast<std::uint8_t>(longest_road_of(s, q));
}


}  // namespace catan::test::sea
