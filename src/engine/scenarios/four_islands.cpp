// The Four Islands (R-SF11): four islands of similar size, any of which may take a setup settlement; a
// player's first settlement on each other island pays island VP (R-SF8). The maps, pools and harbors are the
// rule book's boards as JSettlers2 encodes them; docs/scenarios.md gives the format and each choice made.
#include "../scenario_data.hpp"

namespace catan {

const ScenarioDef kFourIslands{
    .id = "four_islands",
    .layouts = {{
        LayoutDef{
            .min_players = 3,
            .max_players = 3,
            .victory_target = 12,
            .map = "~. ~. ~. ~. ~. ?? ?? ~. ~.\n"
                   "  ~. ~. ?? ?? ~. ?? ?? ~. ~.\n"
                   "~. ~. ?? ?? ~. ?? ?? ~. ~.\n"
                   "  ~. ~. ~. ~. ~. ~. ~. ~. ~.\n"
                   "~. ~. ?? ?? ?? ~. ?? ?? ~.\n"
                   "  ~. ~. ?? ?? ~. ?? ?? ~. ~.\n"
                   "~. ~. ~. ?? ~. ~. ~. ~. ~.\n"
                   "  ~. ~. ~. ~. ~. ~. ~. ~. ~.",
            .land_pool = "HHHHMMMMPPPPWWWWFFFF",
            .token_pool = "233445556688999aabbc",
            .harbors = {{
                {2, 2, 5, 5},  // 3:1
                {1, 3, 2, 4},  // ore
                {4, 2, 0, 1},  // lumber
                {4, 2, 3, 5},  // 3:1
                {5, 3, 2, 2},  // wool
                {1, 6, 0, 5},  // 3:1
                {2, 6, 3, 0},  // brick
                {5, 5, 5, 5},  // 3:1
                {4, 7, 2, 3},  // grain
            }},
            .harbor_count = 9,
            .shuffle_harbors = true,
            .pirate_row = 3,
            .pirate_col = 4,
            .robber_row = 6,
            .robber_col = 3,
            .island_vp = 2,
        },
        LayoutDef{
            .min_players = 4,
            .max_players = 4,
            .victory_target = 12,
            .map = "~. ~. ~. ?? ~. ?? ?? ~. ~.\n"
                   "  ~. ~. ?? ~. ?? ?? ?? ~. ~.\n"
                   "~. ~. ?? ?? ~. ?? ?? ~. ~.\n"
                   "  ~. ~. ~. ~. ?? ~. ~. ~. ~.\n"
                   "~. ~. ?? ?? ~. ~. ?? ?? ~.\n"
                   "  ~. ~. ?? ?? ?? ~. ?? ~. ~.\n"
                   "~. ~. ~. ?? ?? ~. ?? ~. ~.\n"
                   "  ~. ~. ~. ~. ~. ~. ~. ~. ~.",
            .land_pool = "HHHHMMMMPPPPPWWWWWFFFFF",
            .token_pool = "2334445556688999aaabbbc",
            .harbors = {{
                {1, 2, 4, 3},  // grain
                {2, 2, 2, 5},  // 3:1
                {4, 2, 3, 0},  // brick
                {5, 3, 0, 5},  // 3:1
                {6, 3, 4, 2},  // wool
                {3, 4, 5, 5},  // 3:1
                {1, 6, 2, 1},  // lumber
                {4, 7, 5, 4},  // ore
                {4, 7, 2, 5},  // 3:1
            }},
            .harbor_count = 9,
            .shuffle_harbors = true,
            .pirate_row = 3,
            .pirate_col = 7,
            .robber_row = 1,
            .robber_col = 5,
            .island_vp = 2,
        },
    }},
    .layout_count = 2,
};

}  // namespace catan
