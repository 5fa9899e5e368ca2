#pragma once
// The Seafarers scenarios (R-SF1, R-SF11): which exist, which player counts each has a board for, its
// victory target and VP tokens, and a game's board dealt from its map (docs/scenarios.md).
#include <optional>
#include <string>
#include <string_view>

#include "catan/engine/board.hpp"
#include "catan/engine/state.hpp"

namespace catan {

std::optional<Scenario> scenario_from_name(std::string_view name);  // "new_shores", ...; not "none"
// Every scenario with the player counts it has boards for, for messages: "new_shores (3-4 players),
// four_islands (3-4 players), fog_islands (3-4 players), ...".
std::string_view scenario_choices();
// Whether the scenario has a board for this many players (3 and 4 for every scenario so far).
bool scenario_has_board(Scenario scenario, int players);
// The smallest and largest player counts it has boards for (for messages and lobbies).
int scenario_min_players(Scenario scenario);
int scenario_max_players(Scenario scenario);
// The layout's target (R-SF1) and the VP a first settlement on an island pays (R-SF8).
// Preconditions here and below: scenario_has_board(scenario, players).
int scenario_victory_target(Scenario scenario, int players);
int scenario_island_vp(Scenario scenario, int players);
// Whether its board has face-down hexes (R-SF10).
bool scenario_has_fog(Scenario scenario, int players);
// Whether its deserts divide islands, so that the land beyond a desert pays island VP (R-SF8).
bool scenario_deserts_divide(Scenario scenario, int players);

// A layout as its map states it, before a game deals anything: what lobbies preview and tables carry.
struct ScenarioHexPlan {
    Terrain terrain = Terrain::Sea;  // when not dealt
    bool dealt_terrain = false;      // drawn from the layout's land pool per game
    std::uint8_t number = 0;         // when not dealt; 0: none
    bool dealt_number = false;       // drawn from the layout's token pool per game
    bool fog = false;                // face down until a piece reaches it (R-SF10): terrain and number unknown
    bool home = false;               // setup may build here
};
struct ScenarioPlan {
    std::array<ScenarioHexPlan, kMaxHexes> hexes{};
    std::array<std::uint8_t, kMaxHarbors> harbor_edge{}, harbor_kind{};
    int harbor_count = 0;
    bool harbors_dealt = false;      // the kinds are dealt over the places per game
    std::uint8_t pirate = kNone, robber = kNone;
    int victory_target = 0, island_vp = 0;
    bool generated = false;  // drawn at random per game (The New World): only the harbor kinds are known
};
ScenarioPlan scenario_plan(Scenario scenario, int players);

struct ScenarioStart {
    Board board;
    std::uint8_t robber = kNone;  // kNone: off the board until the first 7 or Knight
    std::uint8_t pirate = kNone;
};
// The board of one game: the map's fixed hexes, its "?" terrains and tokens dealt from the pools, and
// the harbor kinds dealt over their places where the layout says so, all drawn from `rng` in that order.
ScenarioStart deal_scenario_board(Scenario scenario, int players, Rng& rng);

// The New World (R-SF11): a board drawn at random is played only if it has none of these flaws, checked
// in this order (docs/scenarios.md, "The New World"): 6s and 8s apart, equal numbers apart, no 6 or 8
// on gold, no gold on the home island, no island of deserts only, and the home island worth at least
// kNewWorldHomePips pips of every resource.
enum class NewWorldFlaw : std::uint8_t { None, RedNumbersTouch, EqualNumbersTouch, RedGold, GoldAtHome, BarrenIsland, HomeShort };
inline constexpr int kNewWorldHomePips = 3;
NewWorldFlaw new_world_flaw(const Topology& topology, const Board& board);
// The pips (R-O4's measure) of the home island's hexes of one resource.
int new_world_pips(const Board& board, Resource r);
// Whether the scenario's boards are drawn at random rather than read from a map.
bool scenario_is_generated(Scenario scenario);

// Numbers the islands of a sea board (R-SF8): face-up land hexes joined side to side, 1, 2, ... in the
// order of their first hex; the sea, face-down hexes and, where deserts divide, deserts are 0.
void assign_islands(const Topology& topology, Board& board, bool deserts_divide = false);

}  // namespace catan
