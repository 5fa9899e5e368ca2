// catan-server: flags and wiring only.
#include <CLI/CLI.hpp>

#include "catan/sim/simulate_command.hpp"

int main(int argc, char** argv) {
    CLI::App app{"catan-server: a self-hosted multiplayer Catan server"};
    app.require_subcommand(0, 1);
    catan::sim::SimulateOptions sim;
    CLI::App* simulate = app.add_subcommand("simulate", "Play random legal games and report games/s, turns and winners");
    catan::sim::add_simulate_flags(*simulate, sim);
    CLI11_PARSE(app, argc, argv);
    if (simulate->parsed() || app.get_subcommands().empty()) return catan::sim::run_simulate(sim);
    return 0;
}
