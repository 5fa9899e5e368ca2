#pragma once
// Seafarers scenarios as data (R-SF1): one file per scenario in scenarios/, each a map over the sea
// frame and the pools, harbors and counts of every player count it has a board for. The format is
// described in docs/scenarios.md; scenario.cpp reads it into boards.
#include <array>
#include <cstdint>

#include "catan/engine/rng.hpp"
#include "catan/engine/ruleset.hpp"

namespace catan {

// A sea frame: rows of hexes numbered row by row from the top left, odd rows (counting from 0) shifted
// half a hex to the right. 3 and 4 players play on 8 rows of 9, 5 and 6 on 7 rows of 10 (the most
// within byte ids: 174 intersections and 243 paths).
struct SeaFrame {
    int rows, cols;
};
inline constexpr SeaFrame kSeaFrame{8, 9};
inline constexpr SeaFrame kSeaLargeFrame{7, 10};
constexpr SeaFrame sea_frame(BoardKind kind) { return kind == BoardKind::SeaLarge ? kSeaLargeFrame : kSeaFrame; }
inline constexpr int kMaxScenarioHarbors = 12;

// A harbor on side `side` of the land hex at (row, col): sides are numbered clockwise from the
// top-right side (0) as in docs/coordinates.md; across that side is a sea hex or the frame's edge (the
// sea beyond the frame: such a path borders no sea hex, so it takes roads but no ship). Kinds 0..4 are
// the 2:1 harbor of brick, lumber, wool, grain, ore; 5 is 3:1.
struct HarborDef {
    std::uint8_t row, col, side, kind;
};

struct LayoutDef {
    std::uint8_t min_players, max_players;
    std::uint8_t victory_target;
    // A line per row of the frame, its cells separated by spaces; each cell is a terrain letter and a
    // number character (docs/scenarios.md): "~." sea, "F5" forest with a 5, "M?" mountains with a token
    // from token_pool, "?? " land from land_pool with a token from token_pool. Upper case: an island
    // where setup may build; lower case: an island reached by sea.
    const char* map;
    const char* land_pool;   // terrain letters dealt at random to "?" terrain cells
    const char* token_pool;  // number characters dealt at random to "?" number cells
    std::array<HarborDef, kMaxScenarioHarbors> harbors;
    std::uint8_t harbor_count;
    bool shuffle_harbors;  // the kinds above are dealt at random over the harbor places
    std::uint8_t pirate_row, pirate_col;
    std::uint8_t robber_row, robber_col;  // 0xff: the robber starts off the board
    std::uint8_t island_vp;  // VP of a player's first settlement on each island it did not set up on (R-SF8)
    // R-SF10: "*." cells start face down. Their terrains are dealt from fog_pool ('~' is sea) when the
    // game starts and stay on the server; a producing hex takes the next token of the face-down reserve
    // (fog_token_pool, shuffled) when it turns.
    const char* fog_pool = "";
    const char* fog_token_pool = "";
    // Desert hexes belong to no island, so the land beyond a desert is an island of its own (R-SF8).
    bool deserts_divide = false;
    // A layout with no map is drawn at random (The New World, new_world.cpp): a home island of this many
    // hexes and small islands with the rest of land_pool, token_pool over them, and the harbors' kinds
    // (their places are drawn too).
    std::uint8_t generated_home = 0;
    // The generator deals gold fields to the small islands only, instead of drawing again until no gold
    // lies at home (the 5-6 board's three gold fields on 32 land hexes would take hundreds of draws).
    bool gold_off_home = false;

    // The frame of this layout's player counts.
    constexpr BoardKind board() const { return sea_board_for_players(min_players); }
    constexpr SeaFrame frame() const { return sea_frame(board()); }
};

struct ScenarioDef {
    const char* id;  // the room option's value, e.g. "new_shores"
    std::array<LayoutDef, 3> layouts;
    int layout_count;
};

extern const ScenarioDef kNewShores;
extern const ScenarioDef kFourIslands;
extern const ScenarioDef kFogIslands;
extern const ScenarioDef kNewWorld;
extern const ScenarioDef kThroughTheDesert;

struct ScenarioStart;
// The New World's board for a layout with no map, drawn from `rng` until new_world_flaw() finds none;
// `attempts` (when given) receives how many boards were drawn.
ScenarioStart deal_new_world(const LayoutDef& def, Rng& rng, int* attempts = nullptr);

}  // namespace catan
