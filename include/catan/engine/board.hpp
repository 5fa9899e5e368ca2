#pragma once
// One game's layout on the fixed topology: terrain, number tokens, harbor kinds (R-B1..R-B4).
#include <array>
#include <cstdint>

#include "catan/engine/rng.hpp"
#include "catan/engine/topology.hpp"
#include "catan/engine/types.hpp"

namespace catan {

// Harbor kinds 0..4 are the 2:1 harbor of that resource; kGenericHarbor is 3:1 (R-TR3).
inline constexpr std::uint8_t kGenericHarbor = 5;
inline constexpr int kHarborKinds = 6;

// Token letters A..R in order (R-B2): their numbers.
inline constexpr std::array<std::uint8_t, 18> kTokenNumbers{5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11};

struct Board {
    std::array<Terrain, kHexCount> terrain{};
    std::array<std::uint8_t, kHexCount> number{};       // 0 on the desert
    std::array<std::uint8_t, kHarborCount> harbor{};    // kind at topology().harbor_edges[k]
    std::uint8_t spiral_start = 0;                      // corner (0..5) the token spiral started from
    friend bool operator==(const Board&, const Board&) = default;
};

// Hexes in token order for a spiral starting at the given corner (0..5, axial direction order):
// counter-clockwise round the rim, then the inner ring, then the centre (R-B2).
std::array<std::uint8_t, kHexCount> spiral_order(int corner);

// Random terrain shuffle, tokens laid along the spiral skipping the desert, harbor kinds shuffled.
Board generate_board(Rng& rng);

// Intersections that give access to each harbor kind.
std::array<NodeMask, kHarborKinds> harbor_node_masks(const Board& board);

int desert_hex(const Board& board);

}  // namespace catan
