#pragma once
// One game's layout on its board: terrain, number tokens, harbor kinds (R-B1..R-B4, R-X1..R-X3).
#include <array>
#include <cstdint>

#include "catan/engine/rng.hpp"
#include "catan/engine/ruleset.hpp"
#include "catan/engine/topology.hpp"
#include "catan/engine/types.hpp"

namespace catan {

inline constexpr int kMaxFogTokens = 24;

struct Board {
    std::array<Terrain, kMaxHexes> terrain{};
    std::array<std::uint8_t, kMaxHexes> number{};       // 0 on a desert (and past the board's hexes)
    std::array<std::uint8_t, kMaxHarbors> harbor{};     // kind at topology.harbor_edges[k]
    std::uint8_t spiral_start = 0;                      // corner (0..5) the token spiral started from
    // Seafarers (R-SF1): the sea, the hexes of islands where setup may build, each land hex's island
    // (1, 2, ...; 0 on the sea), and the scenario's harbor places (the frame has none of its own).
    HexMask sea{}, home{};
    std::array<std::uint8_t, kMaxHexes> island{};
    std::array<std::uint8_t, kMaxHarbors> harbor_edge{};
    std::uint8_t harbor_count = 0;
    // R-SF10: the hexes still face down, whose terrain only the server knows, and the face-down reserve of
    // number tokens: a producing hex takes fog_tokens[fog_tokens_left - 1] when it turns.
    HexMask fog{};
    std::array<std::uint8_t, kMaxFogTokens> fog_tokens{};
    std::uint8_t fog_tokens_left = 0;
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

// R-O4, the balanced board (docs/rules-choices.md, "House rules"). Pips: the ways two dice make a
// number (2 and 12: 1, 6 and 8: 5; the desert 0).
constexpr int pips(int number) { return number == 0 ? 0 : 6 - (number > 7 ? number - 7 : 7 - number); }
// The thresholds of "balanced"; the defaults are the rule, tests may tighten or loosen one.
struct BalanceRule {
    // Every resource's hexes together are worth at least this many half pips per hex of that resource
    // (5: 2.5 pips a hex, rounded up: 3 hexes 8, 4 hexes 10, 5 hexes 13, 6 hexes 15).
    int resource_half_pips_per_hex = 5;
    // The hexes touching a harbor's two intersections are worth at least this many pips together.
    int harbor_pip_floor = 2;
};
enum class BoardFlaw : std::uint8_t {
    None,
    RedNumbersTouch,     // a 6 or 8 next to a 6 or 8
    EqualNumbersTouch,   // two equal numbers next to each other
    ResourceStarved,     // a resource's hexes together fall under the pip floor (its 2:1 harbor with it)
    HarborStarved,       // a harbor's intersections touch hexes worth too few pips
};
// The first criterion a board breaks, in the order above.
BoardFlaw board_flaw(const Topology& t, const Board& board, const BalanceRule& rule = {});
inline bool board_is_balanced(const Topology& t, const Board& board) { return board_flaw(t, board) == BoardFlaw::None; }
// generate_board() drawn again from the same generator until the board is balanced: deterministic from
// the generator's state. `attempts` (when given) receives how many boards were drawn.
Board generate_balanced_board(const Ruleset& rules, Rng& rng, int* attempts = nullptr);

}  // namespace catan
