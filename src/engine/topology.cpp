#include "catan/engine/topology.hpp"

#include "catan/engine/ruleset.hpp"
#include "scenario_data.hpp"

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

// Hex centres in real units (hex size 1, y downwards): used only to find the corner hexes.
constexpr double center_x(const Topology& t, int i) { return 0.8660254037844386 * (2 * t.hex_q[i] + t.hex_r[i]); }
constexpr double center_y(const Topology& t, int i) { return 1.5 * t.hex_r[i]; }

constexpr void put(std::array<std::uint8_t, 3>& slots, int value) {
    for (auto& s : slots)
        if (s == kNone) { s = static_cast<std::uint8_t>(value); return; }
}

// A board's hexes are the axial (q, r) with q_min <= q <= q_max, r_min <= r <= r_max and
// s_min <= q + r <= s_max, numbered row by row, top to bottom, left to right. With `odd_r_cols` set,
// the hexes are instead rows r_min..r_max of that many hexes each, odd rows shifted half a hex right
// (the Seafarers frame: axial q = column - floor(r / 2)).
struct Shape {
    BoardKind kind;
    int q_min, q_max, r_min, r_max, s_min, s_max;
    int odd_r_cols;
    int harbors;
    // Gaps, in coastal paths, between consecutive harbors clockwise from coastal path 0 (repeated).
    std::array<int, 2> gaps;
    int gap_cycle;  // gaps[0] this many times, then gaps[1] once, repeated
};

constexpr Topology build(const Shape& shape) {
    Topology t;
    t.kind = shape.kind;
    int h = 0;
    for (int r = shape.r_min; r <= shape.r_max; ++r)
        for (int q = shape.q_min; q <= shape.q_max; ++q)
            if (shape.odd_r_cols ? q + r / 2 >= 0 && q + r / 2 < shape.odd_r_cols
                                 : q + r <= shape.s_max && q + r >= shape.s_min) {
                t.hex_q[h] = static_cast<std::int8_t>(q);
                t.hex_r[h] = static_cast<std::int8_t>(r);
                ++h;
            }
    t.hex_count = h;

    std::vector<Point> corners;
    for (int i = 0; i < t.hex_count; ++i) {
        const int cx = 2 * t.hex_q[i] + t.hex_r[i], cy = 3 * t.hex_r[i];
        for (int c = 0; c < 6; ++c) corners.push_back({cx + kCornerDx[c], cy + kCornerDy[c]});
    }
    std::sort(corners.begin(), corners.end());
    corners.erase(std::unique(corners.begin(), corners.end()), corners.end());
    auto node_of = [&](Point p) constexpr {
        return static_cast<int>(std::lower_bound(corners.begin(), corners.end(), p) - corners.begin());
    };
    t.node_count = static_cast<int>(corners.size());
    t.all_nodes = NodeMask::first(t.node_count);
    for (int n = 0; n < t.node_count; ++n) {
        t.node_x[n] = static_cast<std::int16_t>(corners[n].x);
        t.node_y[n] = static_cast<std::int16_t>(corners[n].y);
        t.node_hexes[n].fill(kNone);
        t.node_neighbors[n].fill(kNone);
        t.node_edges[n].fill(kNone);
    }

    std::vector<std::pair<int, int>> edges;
    for (int i = 0; i < t.hex_count; ++i) {
        const int cx = 2 * t.hex_q[i] + t.hex_r[i], cy = 3 * t.hex_r[i];
        for (int c = 0; c < 6; ++c) {
            const int n = node_of({cx + kCornerDx[c], cy + kCornerDy[c]});
            t.hex_nodes[i][c] = static_cast<std::uint8_t>(n);
            t.hex_node_mask[i] |= node_bit(n);
            t.node_hex_mask[n].set(i);
            put(t.node_hexes[n], i);
        }
        for (int c = 0; c < 6; ++c) {
            int a = t.hex_nodes[i][c], b = t.hex_nodes[i][(c + 1) % 6];
            edges.emplace_back(std::min(a, b), std::max(a, b));
        }
    }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    t.edge_count = static_cast<int>(edges.size());
    t.all_edges = EdgeMask::first(t.edge_count);
    for (int e = 0; e < t.edge_count; ++e) {
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
    for (int i = 0; i < t.hex_count; ++i) {
        for (int c = 0; c < 6; ++c) {
            t.hex_edges[i][c] = static_cast<std::uint8_t>(t.edge_between(t.hex_nodes[i][c], t.hex_nodes[i][(c + 1) % 6]));
            t.hex_edge_mask[i].set(t.hex_edges[i][c]);
        }
        for (int d = 0; d < 6; ++d) {
            const int nb = t.hex_at(t.hex_q[i] + kDirQ[d], t.hex_r[i] + kDirR[d]);
            t.hex_neighbors[i][d] = nb < 0 ? kNone : static_cast<std::uint8_t>(nb);
        }
    }

    // Coast: paths that border exactly one hex. Walk them clockwise starting with hex 0's top-right side.
    std::array<int, kMaxEdges> hexes_per_edge{};
    for (int i = 0; i < t.hex_count; ++i)
        for (int c = 0; c < 6; ++c) ++hexes_per_edge[t.hex_edges[i][c]];
    for (int e = 0; e < t.edge_count; ++e) t.coast_count += hexes_per_edge[e] == 1;
    int edge = t.hex_edges[0][0];
    int node = t.hex_nodes[0][1];  // the walk leaves hex 0's top corner towards its top-right corner
    for (int k = 0; k < t.coast_count; ++k) {
        t.coast_edges[k] = static_cast<std::uint8_t>(edge);
        for (std::uint8_t next : t.node_edges[node])
            if (next != kNone && next != edge && hexes_per_edge[next] == 1) { edge = next; break; }
        node = t.edge_nodes[edge][0] == node ? t.edge_nodes[edge][1] : t.edge_nodes[edge][0];
    }
    // Harbors spread round the coast at gaps of at least 3 paths, so no two share an intersection.
    t.harbor_count = shape.harbors;
    for (int k = 0, at = 0; k < shape.harbors; ++k) {
        t.harbor_edges[k] = t.coast_edges[at];
        at += (k % (shape.gap_cycle + 1)) < shape.gap_cycle ? shape.gaps[0] : shape.gaps[1];
    }

    // Corner hexes (three neighbours), each matched to the axial direction it lies in as seen from
    // the board's centre: the one whose direction from the centre is closest (largest cos^2).
    double cx = 0, cy = 0;
    for (int i = 0; i < t.hex_count; ++i) { cx += center_x(t, i); cy += center_y(t, i); }
    cx /= t.hex_count;
    cy /= t.hex_count;
    for (int d = 0; d < 6; ++d) {
        const double dx = 0.8660254037844386 * (2 * kDirQ[d] + kDirR[d]), dy = 1.5 * kDirR[d];
        double best = -1;
        for (int i = 0; i < t.hex_count; ++i) {
            int neighbours = 0;
            for (std::uint8_t nb : t.hex_neighbors[i]) neighbours += nb != kNone;
            if (neighbours != 3) continue;
            const double x = center_x(t, i) - cx, y = center_y(t, i) - cy, dot = x * dx + y * dy;
            if (dot <= 0) continue;
            const double cos2 = dot * dot / (x * x + y * y);
            if (cos2 > best) { best = cos2; t.corner_hexes[d] = static_cast<std::uint8_t>(i); }
        }
    }
    return t;
}

// Computed by the compiler: no start-up work and no initialisation guard on the hot paths.
// Base: rows 3-4-5-4-3, harbors at gaps of 3, 3, 4 (9 harbors on 30 coastal paths).
constexpr Topology kBaseTable = build({BoardKind::Base, -2, 2, -2, 2, -2, 2, 0, 9, {3, 4}, 2});
// 5–6: rows 3-4-5-6-5-4-3, harbors at gaps of 3, 4 alternating (11 harbors on 38 coastal paths).
constexpr Topology kLargeTable = build({BoardKind::Large, -2, 3, -3, 3, -2, 3, 0, 11, {3, 4}, 1});
// The Seafarers frames (3 and 4 players: 8 rows of 9 hexes; 5 and 6: 7 rows of 10) from (0, 0) at the
// top left; each scenario places its harbors on its own coasts, so a frame has none.
constexpr Topology sea_table(BoardKind kind) {
    const SeaFrame f = sea_frame(kind);
    return build({kind, -(f.rows - 1) / 2, f.cols - 1, 0, f.rows - 1, 0, 0, f.cols, 0, {3, 4}, 1});
}
constexpr Topology kSeaTable = sea_table(BoardKind::Sea);
constexpr Topology kSeaLargeTable = sea_table(BoardKind::SeaLarge);

template <class G>
constexpr bool sizes_match(const Topology& t) {
    return t.hex_count == G::hexes && t.node_count == G::nodes && t.edge_count == G::edges && t.harbor_count == G::harbors &&
           t.hex_count <= kMaxHexes && t.node_count <= kMaxNodes && t.edge_count <= kMaxEdges;
}
static_assert(sizes_match<BaseVariant>(kBaseTable) && sizes_match<LargeVariant>(kLargeTable) &&
              sizes_match<SeaVariant>(kSeaTable) && sizes_match<SeaLargeVariant>(kSeaLargeTable), "Variant's sizes are those of its board");

}  // namespace

constinit const Topology kBaseTopology = kBaseTable;
constinit const Topology kLargeTopology = kLargeTable;
constinit const Topology kSeaTopology = kSeaTable;
constinit const Topology kSeaLargeTopology = kSeaLargeTable;

}  // namespace catan
