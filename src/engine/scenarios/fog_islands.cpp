// The Fog Islands (R-SF10, R-SF11): everyone starts on the two large islands; the island between them lies
// face down and turns over as ships and roads reach it. The maps, pools and harbors are the rule book's
// 3- and 4-player boards as JSettlers2 encodes them; docs/scenarios.md gives the format and each choice (at 4
// players one harbor faces out of the frame, onto the sea beyond its edge).
#include "../scenario_data.hpp"

namespace catan {

const ScenarioDef kFogIslands{
    .id = "fog_islands",
    .layouts = {{
        LayoutDef{
            .min_players = 3,
            .max_players = 3,
            .victory_target = 12,
            .map = "~. ~. ~. *. *. ~. ?? ~. ~.\n"
                   "  ~. ~. *. *. ~. ?? ?? ~. ~.\n"
                   "~. ~. ~. ~. *. ~. ?? ?? ~.\n"
                   "  ~. ~. ?? ~. *. ~. ?? ?? ~.\n"
                   "~. ~. ?? ?? ~. *. ~. ~. ~.\n"
                   "  ~. ~. ?? ?? ~. *. *. *. ~.\n"
                   "~. ~. ~. ?? ?? ~. *. *. ~.\n"
                   "  ~. ~. ~. ~. ~. ~. ~. ~. ~.",
            .land_pool = "HHMMPPPPWWFFFF",
            .token_pool = "3455668899abbc",
            .harbors = {{
                {3, 2, 4, 5},  // 3:1
                {4, 2, 3, 3},  // grain
                {6, 3, 4, 2},  // wool
                {6, 4, 3, 5},  // 3:1
                {3, 7, 0, 4},  // ore
                {2, 7, 0, 1},  // lumber
                {0, 6, 1, 5},  // 3:1
                {1, 5, 5, 0},  // brick
            }},
            .harbor_count = 8,
            .shuffle_harbors = false,
            .pirate_row = 3,
            .pirate_col = 8,
            .robber_row = 0,
            .robber_col = 6,
            .island_vp = 0,
            .fog_pool = "~~HHMMPWWFGG",
            .fog_token_pool = "3345689abc",
        },
        LayoutDef{
            .min_players = 4,
            .max_players = 4,
            .victory_target = 12,
            .map = "~. ~. ~. *. *. ~. ?? ?? ~.\n"
                   "  ~. ~. ~. *. *. ~. ?? ?? ~.\n"
                   "~. ~. ?? ~. *. *. ~. ?? ??\n"
                   "  ~. ~. ?? ~. *. *. ~. ?? ~.\n"
                   "~. ~. ?? ?? ~. ~. *. ~. ~.\n"
                   "  ~. ~. ?? ?? ?? ~. *. *. ~.\n"
                   "~. ~. ~. ?? ?? ?? ~. *. ~.\n"
                   "  ~. ~. ~. ~. ~. ~. ~. ~. ~.",
            .land_pool = "HHHMMMPPPPWWWFFFF",
            .token_pool = "2334455668899aabc",
            .harbors = {{
                {2, 2, 3, 5},  // 3:1
                {4, 2, 3, 0},  // brick
                {6, 3, 4, 5},  // 3:1
                {6, 3, 2, 3},  // grain
                {6, 5, 3, 2},  // wool
                {3, 7, 1, 1},  // lumber
                {2, 8, 0, 4},  // ore
                {0, 7, 1, 5},  // 3:1
                {0, 7, 5, 5},  // 3:1, facing out of the frame's top edge (docs/scenarios.md)
            }},
            .harbor_count = 9,
            .shuffle_harbors = false,
            .pirate_row = 3,
            .pirate_col = 8,
            .robber_row = 4,
            .robber_col = 2,
            .island_vp = 0,
            .fog_pool = "~~HHMMPWWFGG",
            .fog_token_pool = "345689abbc",
        },
    }},
    .layout_count = 2,
};

}  // namespace catan
