// Heading for New Shores (R-SF11): everyone starts on one main island and earns island VP (R-SF8) by
// shipping to the small islands around it, the only place with gold. The maps, pools and harbors are the
// rule book's boards as JSettlers2 encodes them; docs/scenarios.md gives the format and each choice made.
#include "../scenario_data.hpp"

namespace catan {

const ScenarioDef kNewShores{
    .id = "new_shores",
    .layouts = {{
        LayoutDef{
            .min_players = 3,
            .max_players = 3,
            .victory_target = 13,
            .map = "~. ~. ~. m5 g4 ~. ~. ~. ~.\n"
                   "  ~. ~. ~. ~. ~. h4 w9 ~. ~.\n"
                   "~. ~. ~. ?? ?? ~. p3 ~. ~.\n"
                   "  ~. ~. ?? ?? ?? ~. m8 ~. ~.\n"
                   "~. ~. ?? ?? ?? ?? ~. ~. ~.\n"
                   "  ~. ~. ?? ?? ?? ~. ga ~. ~.\n"
                   "~. ~. ~. ?? ?? ~. hc ~. ~.\n"
                   "  ~. ~. ~. ~. ~. ~. ~. ~. ~.",
            .land_pool = "HHMMPPPPWWWFFF",
            .token_pool = "2345566889aabb",
            .harbors = {{
                {2, 3, 4, 5},  // 3:1
                {2, 4, 1, 5},  // 3:1
                {4, 5, 0, 5},  // 3:1
                {6, 4, 1, 0},  // brick
                {6, 4, 3, 4},  // ore
                {6, 3, 4, 2},  // wool
                {4, 2, 3, 3},  // grain
                {4, 2, 5, 1},  // lumber
            }},
            .harbor_count = 8,
            .shuffle_harbors = true,
            .pirate_row = 3,
            .pirate_col = 7,
            .robber_row = 0,
            .robber_col = 3,
            .island_vp = 2,
        },
        LayoutDef{
            .min_players = 4,
            .max_players = 4,
            .victory_target = 13,
            .map = "~. ~. ~. m5 g4 ~. ha ~. ~.\n"
                   "  ~. ~. ~. ~. ~. ~. w6 fb ~.\n"
                   "~. ~. ~. ?5 ?2 ?6 ~. p3 ~.\n"
                   "  ~. ~. ?a ?9 ?4 ?3 ~. m8 ~.\n"
                   "~. ~. ?8 ?b D. ?5 ?8 ~. ~.\n"
                   "  ~. ~. ?4 ?3 ?6 ?a ~. g9 ~.\n"
                   "~. ~. ~. ?b ?c ?9 ~. h2 ~.\n"
                   "  ~. ~. ~. ~. ~. ~. ~. ~. ~.",
            .land_pool = "HHHMMMPPPPWWWWFFFF",
            .token_pool = "",
            .harbors = {{
                {2, 3, 5, 5},  // 3:1
                {2, 4, 0, 5},  // 3:1
                {3, 5, 0, 5},  // 3:1
                {4, 6, 1, 5},  // 3:1
                {5, 5, 2, 0},  // brick
                {6, 4, 2, 4},  // ore
                {6, 3, 3, 2},  // wool
                {5, 2, 4, 3},  // grain
                {3, 2, 4, 1},  // lumber
            }},
            .harbor_count = 9,
            .shuffle_harbors = true,
            .pirate_row = 3,
            .pirate_col = 8,
            .robber_row = 4,
            .robber_col = 4,
            .island_vp = 2,
        },
        // 5 and 6 players, on the wider frame: the 5–6 box's 30 hexes as the main island (its two
        // deserts placed, the rest and its 28 tokens dealt), ten small islands of fixed terrain and
        // tokens (three of them gold), and the box's 11 harbors dealt over the main island's coast.
        LayoutDef{
            .min_players = 5,
            .max_players = 6,
            .victory_target = 13,
            .map = "~. ~. g4 ~. ?? ?? ?? ~. m6 ~.\n"
                   "  ~. m8 ~. ?? ?? ?? ?? ~. ~. ~.\n"
                   "~. pa ~. ?? ?? ?? ?? ?? ~. g2\n"
                   "  ~. ~. ?? ?? D. ?? ?? ?? ~. ~.\n"
                   "~. h9 ~. ?? ?? ?? D. ?? ~. w5\n"
                   "  ~. f3 ~. ?? ?? ?? ?? ~. ~. ~.\n"
                   "~. ~. gb ~. ?? ?? ?? ~. hc ~.",
            .land_pool = "HHHHHMMMMMPPPPPPWWWWWWFFFFFF",
            .token_pool = "22333444555666888999aaabbbcc",
            .harbors = {{
                {0, 5, 0, 5},  // 3:1
                {1, 6, 0, 5},  // 3:1
                {2, 7, 1, 5},  // 3:1
                {3, 7, 2, 5},  // 3:1
                {5, 6, 1, 5},  // 3:1
                {6, 6, 2, 0},  // brick
                {6, 5, 3, 1},  // lumber
                {5, 3, 3, 2},  // wool
                {3, 2, 3, 2},  // wool
                {2, 3, 4, 3},  // grain
                {1, 3, 5, 4},  // ore
            }},
            .harbor_count = 11,
            .shuffle_harbors = true,
            .pirate_row = 3,
            .pirate_col = 8,
            .robber_row = 3,
            .robber_col = 4,
            .island_vp = 2,
        },
    }},
    .layout_count = 3,
};

}  // namespace catan
