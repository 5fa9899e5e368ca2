#pragma once
// One game's layout on its board: terrain, number tokens, harbor kinds (R-B1..R-B4, R-X1..R-X3).
#include <array>
#include <cstdint>

#include "catan/engine/rng.hpp"
#include "catan/engine/ruleset.hpp"
#include "catan/engine/topology.hpp"
#include "catan/engine/types.hpp"

namespace catan {

struct Board {
    std::array<Terrain, kMaxHexes> terrain{};
    std::array<std::uint8_t, kMaxHexes> number{};       // 0 on a desert (and past the board's hexes)
    std::array<std::uint8_t, kMaxHarbors> harbor{};     // kind at topology.harbor_edges[k]
    std::uint8_t spiral_start = 0;                      // corner (0..5) the token spiral started from
    friend bool operator==(const Board&, const Board&) = default;
};

// Hexes in token order for a spiral starting at the given corner (0..5, axial direction order):
// counter-clockwise round the rim, then each inner ring the same way, then the centre (R-B2, R-X2).
// Only the first t.hex_count entries are used.
std::array<std::uint8_t, kMaxHexes> spiral_order(const Topology& t, int corner);

// Random terrain shuffle, tokens laid along the spiral skipping the deserts, harbor kinds shuffled.
Board generate_board(const Ruleset& rules, Rng& rng);

// Intersections that give access to each harbor kind.
std::array<NodeMask, kHarborKinds> harbor_node_masks(const Topology& t, const Board& board);

// The first desert hex (where the robber starts, R-B4), or -1.
int desert_hex(const Topology& t, const Board& board);

}  // namespace catan
