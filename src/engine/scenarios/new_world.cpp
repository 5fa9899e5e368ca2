// The New World (R-SF11): no map; each game draws its own islands (new_world.cpp) from these pools, and
// keeps a board only if it is fair. The pools, targets and island VP are this project's choices
// (docs/scenarios.md, "The New World").
#include "../scenario_data.hpp"

namespace catan {

const ScenarioDef kNewWorld{
    .id = "new_world",
    .layouts = {{
        LayoutDef{
            .min_players = 3,
            .max_players = 3,
            .victory_target = 12,
            .map = nullptr,
            .land_pool = "HHHFFFFPPPPWWWWMMMGD",
            .token_pool = "23344455668899aabbc",
            .harbors = {{{0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 2}, {0, 0, 0, 3}, {0, 0, 0, 4}, {0, 0, 0, 5}, {0, 0, 0, 5}, {0, 0, 0, 5}}},
            .harbor_count = 8,
            .shuffle_harbors = true,
            .pirate_row = 0,
            .pirate_col = 0,
            .robber_row = 0xff,
            .robber_col = 0xff,
            .island_vp = 2,
            .generated_home = 12,
        },
        LayoutDef{
            .min_players = 4,
            .max_players = 4,
            .victory_target = 12,
            .map = nullptr,
            .land_pool = "HHHHFFFFFPPPPPWWWWWMMMMGGD",
            .token_pool = "223334445556688999aaabbcc",
            .harbors = {{{0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 2}, {0, 0, 0, 3}, {0, 0, 0, 4}, {0, 0, 0, 5}, {0, 0, 0, 5}, {0, 0, 0, 5},
                         {0, 0, 0, 5}}},
            .harbor_count = 9,
            .shuffle_harbors = true,
            .pirate_row = 0,
            .pirate_col = 0,
            .robber_row = 0xff,
            .robber_col = 0xff,
            .island_vp = 2,
            .generated_home = 15,
        },
        // 5 and 6 players, on the wider frame: the 5–6 box's land less a desert, with three gold fields
        // and two more hexes, its tokens and three more, and its 11 harbors.
        LayoutDef{
            .min_players = 5,
            .max_players = 6,
            .victory_target = 12,
            .map = nullptr,
            .land_pool = "HHHHHFFFFFFPPPPPPWWWWWWMMMMMGGGD",
            .token_pool = "2233334445555666888999aaabbbbcc",
            .harbors = {{{0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 2}, {0, 0, 0, 2}, {0, 0, 0, 3}, {0, 0, 0, 4}, {0, 0, 0, 5}, {0, 0, 0, 5},
                         {0, 0, 0, 5}, {0, 0, 0, 5}, {0, 0, 0, 5}}},
            .harbor_count = 11,
            .shuffle_harbors = true,
            .pirate_row = 0,
            .pirate_col = 0,
            .robber_row = 0xff,
            .robber_col = 0xff,
            .island_vp = 2,
            .generated_home = 18,
            .gold_off_home = true,
        },
    }},
    .layout_count = 3,
};

}  // namespace catan
