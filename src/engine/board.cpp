#include "catan/engine/board.hpp"

#include <algorithm>

namespace catan {
namespace {

// Hex centres in units of half a hex width (x) and a quarter hex height (y), y downwards.
int center_x(const Topology& t, int h) { return 2 * t.hex_q[h] + t.hex_r[h]; }
int center_y(const Topology& t, int h) { return 3 * t.hex_r[h]; }

// Counter-clockwise angle order round a point (screen y downwards): by quadrant, then by cross product.
struct AngleFrom {
    double cx, cy;
    double x(const Topology& t, int h) const { return 0.8660254037844386 * center_x(t, h) - cx; }
    double y(const Topology& t, int h) const { return cy - 0.5 * center_y(t, h); }  // upwards
};

}  // namespace

// Rings are peeled off the board: a ring is the hexes of what is left with a neighbour missing. Each
// ring is walked counter-clockwise by angle round the board's centre, starting with the ring's hex
// closest in angle to the starting corner. On the base board this is the classic spiral.
std::array<std::uint8_t, kMaxHexes> spiral_order(const Topology& t, int corner) {
    std::array<std::uint8_t, kMaxHexes> order{};
    AngleFrom c{0, 0};
    for (int h = 0; h < t.hex_count; ++h) { c.cx += 0.8660254037844386 * center_x(t, h); c.cy += 0.5 * center_y(t, h); }
    c.cx /= t.hex_count;
    c.cy /= t.hex_count;
    const double start_x = c.x(t, t.corner_hexes[corner]), start_y = c.y(t, t.corner_hexes[corner]);
    // Angle of a hex counter-clockwise from the starting corner's direction, in [0, 2 pi); the centre
    // hex (no direction) sorts last.
    auto angle = [&](int h) {
        const double x = c.x(t, h), y = c.y(t, h);
        if (x * x + y * y < 1e-9) return 10.0;
        const double cross = start_x * y - start_y * x, dot = start_x * x + start_y * y;
        double a = __builtin_atan2(cross, dot);
        if (a < -1e-9) a += 2 * 3.141592653589793;
        return a < 0 ? 0.0 : a;
    };
    HexMask left = HexMask::first(t.hex_count);
    int k = 0;
    while (left) {
        std::array<std::uint8_t, kMaxHexes> ring{};
        int n = 0;
        for (int h = 0; h < t.hex_count; ++h) {
            if (!left.test(h)) continue;
            bool rim = false;
            for (std::uint8_t nb : t.hex_neighbors[h]) rim |= nb == kNone || !left.test(nb);
            if (rim) ring[n++] = static_cast<std::uint8_t>(h);
        }
        std::sort(ring.begin(), ring.begin() + n, [&](int a, int b) { return angle(a) < angle(b); });
        for (int i = 0; i < n; ++i) {
            order[k++] = ring[i];
            left.reset(ring[i]);
        }
    }
    return order;
}

namespace {
// spiral_order() of each board and corner, worked out once: every new game lays its tokens along one,
// and the angle sort behind it cost more than the rest of the board generation.
const std::array<std::uint8_t, kMaxHexes>& cached_spiral_order(const Topology& t, int corner) {
    static const auto orders = [] {
        // The sea frame has no spiral: its scenarios place their tokens themselves.
        std::array<std::array<std::array<std::uint8_t, kMaxHexes>, 6>, kBoardKinds> o{};
        for (int kind : {static_cast<int>(BoardKind::Base), static_cast<int>(BoardKind::Large)})
            for (int c = 0; c < 6; ++c) o[kind][c] = spiral_order(topology(static_cast<BoardKind>(kind)), c);
        return o;
    }();
    return orders[static_cast<int>(t.kind)][corner];
}
}  // namespace

Board generate_board(const Ruleset& rules, Rng& rng) {
    const Topology& t = topology(rules.board);
    Board b;
    std::array<Terrain, kMaxHexes> terrain{};
    int i = 0;
    for (const auto& [kind, n] : rules.terrain)
        for (int c = 0; c < n; ++c) terrain[i++] = kind;
    rng.shuffle_prefix(terrain, t.hex_count);
    b.terrain = terrain;
    b.spiral_start = static_cast<std::uint8_t>(rng.below(6));
    int token = 0;
    const auto& order = cached_spiral_order(t, b.spiral_start);
    for (int k = 0; k < t.hex_count; ++k) {
        const std::uint8_t hex = order[k];
        b.number[hex] = b.terrain[hex] == Terrain::Desert ? 0 : rules.tokens[token++];
    }
    std::array<std::uint8_t, kMaxHarbors> harbors{};
    i = 0;
    for (const auto& [kind, n] : rules.harbors)
        for (int c = 0; c < n; ++c) harbors[i++] = kind;
    rng.shuffle_prefix(harbors, t.harbor_count);
    b.harbor = harbors;
    return b;
}

std::array<NodeMask, kHarborKinds> harbor_node_masks(const Topology& t, const Board& board) {
    std::array<NodeMask, kHarborKinds> masks{};
    // The sea frame has no harbors of its own: its scenario's places are the board's (R-SF1).
    const bool own = is_sea(t.kind);
    const int count = own ? board.harbor_count : t.harbor_count;
    for (int k = 0; k < count; ++k) masks[board.harbor[k]] |= t.edge_node_mask[own ? board.harbor_edge[k] : t.harbor_edges[k]];
    return masks;
}

int desert_hex(const Topology& t, const Board& board) {
    for (int h = 0; h < t.hex_count; ++h)
        if (board.terrain[h] == Terrain::Desert) return h;
    return -1;
}

}  // namespace catan
