#pragma once
// The fixed geometry of the base board (19 hexes, 54 intersections, 72 paths) and its precomputed
// adjacency. Ids are a protocol commitment; docs/coordinates.md describes how they are numbered.
#include <array>
#include <bit>
#include <cstdint>

namespace catan {

inline constexpr int kHexCount = 19;
inline constexpr int kNodeCount = 54;
inline constexpr int kEdgeCount = 72;
inline constexpr int kHarborCount = 9;
inline constexpr int kCoastEdgeCount = 30;
inline constexpr std::uint8_t kNone = 0xff;

using NodeMask = std::uint64_t;  // bit i = intersection i

// 72 paths do not fit one word; two words keep set operations branch-free.
struct EdgeMask {
    std::uint64_t lo = 0, hi = 0;
    constexpr void set(int e) { (e < 64 ? lo : hi) |= std::uint64_t{1} << (e & 63); }
    constexpr void reset(int e) { (e < 64 ? lo : hi) &= ~(std::uint64_t{1} << (e & 63)); }
    constexpr bool test(int e) const { return ((e < 64 ? lo : hi) >> (e & 63)) & 1; }
    constexpr bool any() const { return (lo | hi) != 0; }
    constexpr int count() const { return std::popcount(lo) + std::popcount(hi); }
    constexpr EdgeMask operator|(const EdgeMask& o) const { return {lo | o.lo, hi | o.hi}; }
    constexpr EdgeMask operator&(const EdgeMask& o) const { return {lo & o.lo, hi & o.hi}; }
    constexpr EdgeMask operator~() const { return {~lo, ~hi & ((std::uint64_t{1} << (kEdgeCount - 64)) - 1)}; }
    constexpr EdgeMask& operator|=(const EdgeMask& o) { lo |= o.lo; hi |= o.hi; return *this; }
    constexpr EdgeMask& operator&=(const EdgeMask& o) { lo &= o.lo; hi &= o.hi; return *this; }
    template <class F>
    constexpr void for_each(F&& f) const {
        for (std::uint64_t w = lo; w; w &= w - 1) f(std::countr_zero(w));
        for (std::uint64_t w = hi; w; w &= w - 1) f(64 + std::countr_zero(w));
    }
    friend constexpr bool operator==(const EdgeMask&, const EdgeMask&) = default;
};

template <class F>
constexpr void for_each_node(NodeMask m, F&& f) {
    for (; m; m &= m - 1) f(std::countr_zero(m));
}
constexpr NodeMask node_bit(int n) { return NodeMask{1} << n; }

struct Topology {
    // Axial coordinates (q, r) of each hex, pointy-top, centre hex (0, 0).
    std::array<std::int8_t, kHexCount> hex_q{}, hex_r{};
    // Corners of each hex, clockwise from the top corner; paths clockwise from the top-right side.
    std::array<std::array<std::uint8_t, 6>, kHexCount> hex_nodes{}, hex_edges{};
    std::array<NodeMask, kHexCount> hex_node_mask{};
    // Hex neighbours in axial direction order E, NE, NW, W, SW, SE (kNone off the board).
    std::array<std::array<std::uint8_t, 6>, kHexCount> hex_neighbors{};

    // Integer layout of each intersection: x in units of half a hex width, y in quarters of a hex height.
    std::array<std::int16_t, kNodeCount> node_x{}, node_y{};
    // Up to 3 touching hexes / neighbouring intersections / paths; unused slots hold kNone.
    std::array<std::array<std::uint8_t, 3>, kNodeCount> node_hexes{}, node_neighbors{}, node_edges{};
    std::array<NodeMask, kNodeCount> node_neighbor_mask{};
    std::array<std::uint32_t, kNodeCount> node_hex_mask{};  // bit h = touches hex h
    std::array<EdgeMask, kNodeCount> node_edge_mask{};

    std::array<std::array<std::uint8_t, 2>, kEdgeCount> edge_nodes{};  // ascending
    std::array<NodeMask, kEdgeCount> edge_node_mask{};

    // Coastal paths clockwise, starting with side 0 of hex 0 (its top corner to its top-right corner),
    // and the 9 of them that hold harbors.
    std::array<std::uint8_t, kCoastEdgeCount> coast_edges{};
    std::array<std::uint8_t, kHarborCount> harbor_edges{};

    // Hex id at axial (q, r), or -1.
    constexpr int hex_at(int q, int r) const {
        for (int i = 0; i < kHexCount; ++i)
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

extern const Topology kTopology;
inline const Topology& topology() { return kTopology; }

}  // namespace catan
