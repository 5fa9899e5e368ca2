// R-O4, the balanced board: the ordinary board (board.cpp) drawn again from the same seeded generator
// until no criterion of "balanced" is broken. What balanced means, and why these thresholds, is in
// docs/rules-choices.md ("House rules").
#include "catan/engine/board.hpp"

namespace catan {
namespace {

bool red(int number) { return number == 6 || number == 8; }

// A draw costs a few microseconds and a balanced board takes about 3 draws on the base board and 47
// on the 5–6 board (at most 29 and 503 in 100,000 seeds); the cap only guards against a recipe that
// can never be balanced, where the last draw is kept rather than looping forever.
constexpr int kMaxAttempts = 1 << 20;

}  // namespace

BoardFlaw board_flaw(const Topology& t, const Board& b, const BalanceRule& rule) {
    bool equal = false;
    for (int h = 0; h < t.hex_count; ++h) {
        const int n = b.number[h];
        if (n == 0) continue;
        for (std::uint8_t nb : t.hex_neighbors[h]) {
            if (nb == kNone || nb < h) continue;  // each pair once
            const int m = b.number[nb];
            if (red(n) && red(m)) return BoardFlaw::RedNumbersTouch;
            equal |= n == m;
        }
    }
    if (equal) return BoardFlaw::EqualNumbersTouch;

    std::array<int, kResourceCount> produced{}, hexes{};
    for (int h = 0; h < t.hex_count; ++h) {
        if (b.terrain[h] == Terrain::Desert) continue;
        produced[static_cast<int>(b.terrain[h])] += pips(b.number[h]);
        ++hexes[static_cast<int>(b.terrain[h])];
    }
    for (int r = 0; r < kResourceCount; ++r)
        if (2 * produced[r] < rule.resource_half_pips_per_hex * hexes[r]) return BoardFlaw::ResourceStarved;

    for (int k = 0; k < t.harbor_count; ++k) {
        HexMask touching{};
        for (std::uint8_t n : t.edge_nodes[t.harbor_edges[k]]) touching |= t.node_hex_mask[n];
        int worth = 0;
        for (int h = 0; h < t.hex_count; ++h)
            if (touching.test(h)) worth += pips(b.number[h]);
        if (worth < rule.harbor_pip_floor) return BoardFlaw::HarborStarved;
    }
    return BoardFlaw::None;
}

Board generate_balanced_board(const Ruleset& rules, Rng& rng, int* attempts) {
    const Topology& t = topology(rules.board);
    Board b;
    int k = 0;
    do {
        b = generate_board(rules, rng);
        ++k;
    } while (board_flaw(t, b) != BoardFlaw::None && k < kMaxAttempts);
    if (attempts) *attempts = k;
    return b;
}

}  // namespace catan
