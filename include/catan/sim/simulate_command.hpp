#pragma once
// `catan-server simulate`: random legal games on one core, with figures comparable to Catanatron's.
#include <cstdint>

namespace CLI { class App; }

namespace catan::sim {

struct SimulateOptions {
    int games = 1000;
    int players = 4;
    std::uint64_t seed = 1;
    int turn_cap = 1000;
    int victory_target = 10;
};

void add_simulate_flags(CLI::App& app, SimulateOptions& options);
int run_simulate(const SimulateOptions& options);

}  // namespace catan::sim
