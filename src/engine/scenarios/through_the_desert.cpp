// Through the Desert (R-SF11): everyone starts on the main island; a strip of desert cuts off its far
// coast, which pays island VP (R-SF8) like the small islands do. The maps, pools and harbors are the rule
// book's boards as JSettlers2 encodes them; docs/scenarios.md gives the format and each choice made.
#include "../scenario_data.hpp"

namespace catan {

const ScenarioDef kThroughTheDesert{
    .id = "through_the_desert",
    .layouts = {{
        LayoutDef{
            .min_players = 3,
            .max_players = 3,
            .victory_target = 12,
            .map = "~. ~. ~. !? d. ~. m5 ~. ~.\n"
                   "  ~. ~. g? d. ?? ~. p8 ~. ~.\n"
                   "~. ~. !? d. ?? ?? ~. ~. ~.\n"
                   "  ~. ~. ~. ?? ?? ~. g5 ~. ~.\n"
                   "~. ~. ?? ?? ?? ?? ~. ~. ~.\n"
                   "  ~. ~. ?? ?? ?? ~. w9 ~. ~.\n"
                   "~. ~. ~. ?? ?? ~. mb ~. ~.\n"
                   "  ~. ~. ~. ~. ~. ~. ~. ~. ~.",
            .land_pool = "HHHMMPPPWWWFFFFF",
            .token_pool = "23344456668899aab",
            .harbors = {{
                {1, 4, 0, 5},  // 3:1
                {4, 5, 0, 5},  // 3:1
                {4, 5, 2, 5},  // 3:1
                {6, 4, 1, 0},  // brick
                {6, 3, 2, 4},  // ore
                {6, 3, 4, 2},  // wool
                {4, 2, 3, 3},  // grain
                {4, 3, 5, 1},  // lumber
            }},
            .harbor_count = 8,
            .shuffle_harbors = true,
            .pirate_row = 3,
            .pirate_col = 7,
            .robber_row = 2,
            .robber_col = 3,
            .island_vp = 2,
            .deserts_divide = true,
        },
        LayoutDef{
            .min_players = 4,
            .max_players = 4,
            .victory_target = 12,
            .map = "~. ~. ~. !? d. ?? ~. w9 ~.\n"
                   "  ~. ~. g? d. ?? ?? ~. m4 ~.\n"
                   "~. ~. !? d. ?? ?? ?? ~. p2\n"
                   "  ~. ~. ~. ?? ?? ?? ~. ~. ~.\n"
                   "~. ~. ?? ?? ?? ?? ~. g5 hc\n"
                   "  ~. ~. ?? ?? ?? ~. ~. ~. ~.\n"
                   "~. ~. ~. ~. ?? ~. m6 w3 ~.\n"
                   "  ~. ~. ~. ~. ~. ~. ~. ~. ~.",
            .land_pool = "HHHHMMMPPPPWWWFFFFF",
            .token_pool = "3344556688899aaabbbc",
            .harbors = {{
                {0, 5, 1, 5},  // 3:1
                {2, 6, 0, 5},  // 3:1
                {2, 6, 2, 5},  // 3:1
                {4, 5, 2, 5},  // 3:1
                {6, 4, 1, 0},  // brick
                {6, 4, 3, 4},  // ore
                {5, 2, 2, 2},  // wool
                {5, 2, 4, 3},  // grain
                {3, 3, 4, 1},  // lumber
            }},
            .harbor_count = 9,
            .shuffle_harbors = true,
            .pirate_row = 3,
            .pirate_col = 8,
            .robber_row = 2,
            .robber_col = 3,
            .island_vp = 2,
            .deserts_divide = true,
        },
    }},
    .layout_count = 2,
};

}  // namespace catan
