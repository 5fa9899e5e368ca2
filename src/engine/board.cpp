#include "catan/engine/board.hpp"

namespace catan {

std::array<std::uint8_t, kHexCount> spiral_order(int corner) {
    const Topology& t = topology();
    constexpr int kDirQ[6] = {1, 1, 0, -1, -1, 0};
    constexpr int kDirR[6] = {0, -1, -1, 0, 1, 1};
    std::array<std::uint8_t, kHexCount> order{};
    int k = 0;
    for (int radius = 2; radius >= 1; --radius) {
        int q = kDirQ[corner] * radius, r = kDirR[corner] * radius;
        // From corner d, the next corner counter-clockwise lies in direction d + 2.
        for (int side = 0; side < 6; ++side) {
            const int d = (corner + 2 + side) % 6;
            for (int step = 0; step < radius; ++step) {
                order[k++] = static_cast<std::uint8_t>(t.hex_at(q, r));
                q += kDirQ[d];
                r += kDirR[d];
            }
        }
    }
    order[k] = static_cast<std::uint8_t>(t.hex_at(0, 0));
    return order;
}

Board generate_board(Rng& rng) {
    Board b;
    std::array<Terrain, kHexCount> terrain{
        Terrain::Forest,  Terrain::Forest,  Terrain::Forest,  Terrain::Forest,  Terrain::Pasture,
        Terrain::Pasture, Terrain::Pasture, Terrain::Pasture, Terrain::Fields,  Terrain::Fields,
        Terrain::Fields,  Terrain::Fields,  Terrain::Hills,   Terrain::Hills,   Terrain::Hills,
        Terrain::Mountains, Terrain::Mountains, Terrain::Mountains, Terrain::Desert};
    rng.shuffle(terrain);
    b.terrain = terrain;
    b.spiral_start = static_cast<std::uint8_t>(rng.below(6));
    int token = 0;
    for (std::uint8_t hex : spiral_order(b.spiral_start))
        b.number[hex] = b.terrain[hex] == Terrain::Desert ? 0 : kTokenNumbers[token++];
    std::array<std::uint8_t, kHarborCount> harbors{0, 1, 2, 3, 4, kGenericHarbor, kGenericHarbor, kGenericHarbor,
                                                   kGenericHarbor};
    rng.shuffle(harbors);
    b.harbor = harbors;
    return b;
}

std::array<NodeMask, kHarborKinds> harbor_node_masks(const Board& board) {
    std::array<NodeMask, kHarborKinds> masks{};
    const Topology& t = topology();
    for (int k = 0; k < kHarborCount; ++k) masks[board.harbor[k]] |= t.edge_node_mask[t.harbor_edges[k]];
    return masks;
}

int desert_hex(const Board& board) {
    for (int h = 0; h < kHexCount; ++h)
        if (board.terrain[h] == Terrain::Desert) return h;
    return -1;
}

}  // namespace catan
