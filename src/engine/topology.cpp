#include "catan/engine/topology.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace catan {
namespace {

constexpr int kDirQ[6] = {1, 1, 0, -1, -1, 0};  // E, NE, NW, W, SW, SE
constexpr int kDirR[6] = {0, -1, -1, 0, 1, 1};
// Corner offsets from a hex centre, clockwise from the top (pointy-top hex, y grows downwards).
constexpr int kCornerDx[6] = {0, 1, 1, 0, -1, -1};
constexpr int kCornerDy[6] = {-2, -1, 1, 2, 1, -1};

struct Point {
    int x, y;
    friend constexpr bool operator<(const Point& a, const Point& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }
    friend bool operator==(const Point& a, const Point& b) = default;
};

constexpr void put(std::array<std::uint8_t, 3>& slots, int value) {
    for (auto& s : slots)
        if (s == kNone) { s = static_cast<std::uint8_t>(value); return; }
}

constexpr Topology build() {
    Topology t;
    // Hexes row by row, top to bottom, left to right: rows of 3-4-5-4-3.
    int h = 0;
    for (int r = -2; r <= 2; ++r)
        for (int q = -2; q <= 2; ++q)
            if (q + r <= 2 && q + r >= -2) {
                t.hex_q[h] = static_cast<std::int8_t>(q);
                t.hex_r[h] = static_cast<std::int8_t>(r);
                ++h;
            }

    std::vector<Point> corners;
    for (int i = 0; i < kHexCount; ++i) {
        const int cx = 2 * t.hex_q[i] + t.hex_r[i], cy = 3 * t.hex_r[i];
        for (int c = 0; c < 6; ++c) corners.push_back({cx + kCornerDx[c], cy + kCornerDy[c]});
    }
    std::sort(corners.begin(), corners.end());
    corners.erase(std::unique(corners.begin(), corners.end()), corners.end());
    auto node_of = [&](Point p) constexpr {
        return static_cast<int>(std::lower_bound(corners.begin(), corners.end(), p) - corners.begin());
    };
    for (int n = 0; n < kNodeCount; ++n) {
        t.node_x[n] = static_cast<std::int16_t>(corners[n].x);
        t.node_y[n] = static_cast<std::int16_t>(corners[n].y);
        t.node_hexes[n].fill(kNone);
        t.node_neighbors[n].fill(kNone);
        t.node_edges[n].fill(kNone);
    }

    std::vector<std::pair<int, int>> edges;
    for (int i = 0; i < kHexCount; ++i) {
        const int cx = 2 * t.hex_q[i] + t.hex_r[i], cy = 3 * t.hex_r[i];
        for (int c = 0; c < 6; ++c) {
            const int n = node_of({cx + kCornerDx[c], cy + kCornerDy[c]});
            t.hex_nodes[i][c] = static_cast<std::uint8_t>(n);
            t.hex_node_mask[i] |= node_bit(n);
            t.node_hex_mask[n] |= std::uint32_t{1} << i;
            put(t.node_hexes[n], i);
        }
        for (int c = 0; c < 6; ++c) {
            int a = t.hex_nodes[i][c], b = t.hex_nodes[i][(c + 1) % 6];
            edges.emplace_back(std::min(a, b), std::max(a, b));
        }
    }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    for (int e = 0; e < kEdgeCount; ++e) {
        auto [a, b] = edges[e];
        t.edge_nodes[e] = {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)};
        t.edge_node_mask[e] = node_bit(a) | node_bit(b);
        put(t.node_neighbors[a], b);
        put(t.node_neighbors[b], a);
        put(t.node_edges[a], e);
        put(t.node_edges[b], e);
        t.node_neighbor_mask[a] |= node_bit(b);
        t.node_neighbor_mask[b] |= node_bit(a);
        t.node_edge_mask[a].set(e);
        t.node_edge_mask[b].set(e);
    }
    for (int i = 0; i < kHexCount; ++i) {
        for (int c = 0; c < 6; ++c)
            t.hex_edges[i][c] = static_cast<std::uint8_t>(t.edge_between(t.hex_nodes[i][c], t.hex_nodes[i][(c + 1) % 6]));
        for (int d = 0; d < 6; ++d) {
            const int nb = t.hex_at(t.hex_q[i] + kDirQ[d], t.hex_r[i] + kDirR[d]);
            t.hex_neighbors[i][d] = nb < 0 ? kNone : static_cast<std::uint8_t>(nb);
        }
    }

    // Coast: paths that border exactly one hex. Walk them clockwise starting with hex 0's top-right side.
    std::array<int, kEdgeCount> hexes_per_edge{};
    for (int i = 0; i < kHexCount; ++i)
        for (int c = 0; c < 6; ++c) ++hexes_per_edge[t.hex_edges[i][c]];
    int edge = t.hex_edges[0][0];
    int node = t.hex_nodes[0][1];  // the walk leaves hex 0's top corner towards its top-right corner
    for (int k = 0; k < kCoastEdgeCount; ++k) {
        t.coast_edges[k] = static_cast<std::uint8_t>(edge);
        for (std::uint8_t next : t.node_edges[node])
            if (next != kNone && next != edge && hexes_per_edge[next] == 1) { edge = next; break; }
        node = t.edge_nodes[edge][0] == node ? t.edge_nodes[edge][1] : t.edge_nodes[edge][0];
    }
    // Harbors at gaps of 3, 3, 4 coastal paths around the island: 9 harbors, no two sharing an intersection.
    constexpr int kHarborCoastIndex[kHarborCount] = {0, 3, 6, 10, 13, 16, 20, 23, 26};
    for (int k = 0; k < kHarborCount; ++k) t.harbor_edges[k] = t.coast_edges[kHarborCoastIndex[k]];
    return t;
}

}  // namespace

// Computed by the compiler: no start-up work and no initialisation guard on the hot paths.
constinit const Topology kTopology = build();

}  // namespace catan
