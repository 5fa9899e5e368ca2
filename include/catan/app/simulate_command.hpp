#pragma once
// `catan-server simulate`: random legal games on one core with figures comparable to Catanatron's
// (`--players 4`), or a tournament between bot levels (`--players basic,random,random,random`).
#include <cstdint>
#include <string>

namespace CLI { class App; }

namespace catan::app {

struct SimulateOptions {
    int games = 1000;
    int players = 4;                 // random players, when `lineup` is empty
    std::string lineup;              // bot levels, one per player, comma-separated
    std::uint64_t seed = 1;
    int turn_cap = 1000;
    int victory_target = 0;          // 0: the game's own (10, or the scenario's)
    std::string scenario;            // a Seafarers scenario (R-SF1), empty for none
    // House rules (R-O2..R-O5) and the 5–6 turn structure (R-X6, R-X7).
    int discard_limit = 7;
    bool friendly_robber = false;
    bool balanced_board = false;
    bool first_by_dice = false;
    std::string turn_structure = "paired";  // "paired" | "special_build"
    std::string layout = "random";   // "random" | "beginner": the rule book's first-game set-up, 3 and 4 players
    int threads = 1;                 // tournaments only
    int playouts = 0;                // `strong` playout cap per decision (0: none)
    int budget_ms = 1000;            // `strong` time cap per decision (0: none)
};

void add_simulate_flags(CLI::App& app, SimulateOptions& options);
int run_simulate(const SimulateOptions& options);

}  // namespace catan::app
