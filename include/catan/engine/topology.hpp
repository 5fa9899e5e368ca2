#pragma once
// The geometry of each board (base: 19 hexes, 54 intersections, 72 paths; 5–6: 30 hexes, 80
// intersections, 109 paths; the Seafarers frame: 72 hexes, 178 intersections, 249 paths; the 5–6
// Seafarers frame: 70 hexes, 174 intersections, 243 paths) and its
// adjacency, computed at compile time. Ids are a protocol commitment; docs/coordinates.md describes
// how they are numbered on every board.
#include <array>
#include <cstdint>

#include "catan/engine/bits.hpp"

namespace catan {

// Ids are bytes and kNone is the one byte value no id takes, so a board has at most 255 of each;
// a rules function walks only the words its board uses (Variant's *_words).
inline constexpr int kMaxHexes = 128;
// The most hexes one number token is on: three on the base and 5–6 boards, four on The New World's
// 5–6 board (its token set has four 3s, 5s and 11s).
inline constexpr int kMaxHexesPerNumber = 4;
inline constexpr int kMaxNodes = 255;
inline constexpr int kMaxEdges = 255;
inline constexpr int kMaxHarbors = 12;
inline constexpr int kMaxCoastEdges = 80;
inline constexpr std::uint8_t kNone = 0xff;

using NodeMask = Bits<4>;  // bit i = intersection i
using EdgeMask = Bits<4>;  // bit i = path i
using HexMask = Bits<2>;   // bit h = hex h

template <class F>
constexpr void for_each_node(const NodeMask& m, F&& f) { m.for_each(static_cast<F&&>(f)); }
constexpr NodeMask node_bit(int n) { return NodeMask::bit(n); }
constexpr EdgeMask edge_bit(int e) { return EdgeMask::bit(e); }

// Which board a game is played on; the numbers are stored in saved games.
// Sea: the Seafarers frame of 3 and 4 players, on which every scenario lays its land and sea (R-SF1);
// SeaLarge: the wider frame of 5 and 6 players, played with the 5–6 box (R-X1..R-X4).
enum class BoardKind : std::uint8_t { Base = 0, Large = 1, Sea = 2, SeaLarge = 3 };
inline constexpr int kBoardKinds = 4;
// Whether a board is a Seafarers frame (ships, the pirate, gold, islands: R-SF1).
constexpr bool is_sea(BoardKind kind) { return kind == BoardKind::Sea || kind == BoardKind::SeaLarge; }
// Whether a board is played with the 5–6 box (R-X1..R-X4: its bank, deck and turn structures).
constexpr bool is_five_six(BoardKind kind) { return kind == BoardKind::Large || kind == BoardKind::SeaLarge; }

struct Topology {
    BoardKind kind{};
    int hex_count = 0, node_count = 0, edge_count = 0, harbor_count = 0, coast_count = 0;
    NodeMask all_nodes{};
    EdgeMask all_edges{};

    // Axial coordinates (q, r) of each hex, pointy-top; (0, 0) is the centre hex of the base board and
    // the hex left of the middle of the 5–6 board's six-hex row (see docs/coordinates.md).
    std::array<std::int8_t, kMaxHexes> hex_q{}, hex_r{};
    // Corners of each hex, clockwise from the top corner; paths clockwise from the top-right side.
    std::array<std::array<std::uint8_t, 6>, kMaxHexes> hex_nodes{}, hex_edges{};
    std::array<NodeMask, kMaxHexes> hex_node_mask{};
    std::array<EdgeMask, kMaxHexes> hex_edge_mask{};
    // Hex neighbours in axial direction order E, NE, NW, W, SW, SE (kNone off the board).
    std::array<std::array<std::uint8_t, 6>, kMaxHexes> hex_neighbors{};

    // Integer layout of each intersection: x in units of half a hex width, y in quarters of a hex height.
    std::array<std::int16_t, kMaxNodes> node_x{}, node_y{};
    // Up to 3 touching hexes / neighbouring intersections / paths; unused slots hold kNone.
    std::array<std::array<std::uint8_t, 3>, kMaxNodes> node_hexes{}, node_neighbors{}, node_edges{};
    std::array<NodeMask, kMaxNodes> node_neighbor_mask{};
    std::array<HexMask, kMaxNodes> node_hex_mask{};  // bit h = touches hex h
    std::array<EdgeMask, kMaxNodes> node_edge_mask{};

    std::array<std::array<std::uint8_t, 2>, kMaxEdges> edge_nodes{};  // ascending
    std::array<NodeMask, kMaxEdges> edge_node_mask{};

    // Coastal paths clockwise, starting with side 0 of hex 0 (its top corner to its top-right corner),
    // and the ones that hold harbors.
    std::array<std::uint8_t, kMaxCoastEdges> coast_edges{};
    std::array<std::uint8_t, kMaxHarbors> harbor_edges{};
    // The six corner hexes of the outer ring, in axial direction order (where token spirals start).
    std::array<std::uint8_t, 6> corner_hexes{};

    // Hex id at axial (q, r), or -1.
    constexpr int hex_at(int q, int r) const {
        for (int i = 0; i < hex_count; ++i)
            if (hex_q[i] == q && hex_r[i] == r) return i;
        return -1;
    }
    // Path id joining two intersections, or -1.
    constexpr int edge_between(int a, int b) const {
        for (std::uint8_t e : node_edges[a])
            if (e != kNone && (edge_nodes[e][0] == b || edge_nodes[e][1] == b)) return e;
        return -1;
    }
};

extern const Topology kBaseTopology;
extern const Topology kLargeTopology;
extern const Topology kSeaTopology;
extern const Topology kSeaLargeTopology;
inline const Topology& topology(BoardKind kind) {
    switch (kind) {
        case BoardKind::Large: return kLargeTopology;
        case BoardKind::Sea: return kSeaTopology;
        case BoardKind::SeaLarge: return kSeaLargeTopology;
        case BoardKind::Base: break;
    }
    return kBaseTopology;
}

}  // namespace catan
