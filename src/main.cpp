// catan-server: flags and wiring only.
#include <CLI/CLI.hpp>

#include "catan/net/serve_command.hpp"
#include "catan/sim/simulate_command.hpp"

int main(int argc, char** argv) {
    CLI::App app{"catan-server: a self-hosted multiplayer Catan server. Without a subcommand it serves."};
    app.require_subcommand(0, 1);

    // `serve` is the default, so its flags are accepted with and without the subcommand.
    catan::net::ServeConfig serve;
    catan::net::add_serve_flags(app, serve);
    CLI::App* serve_command = app.add_subcommand("serve", "Serve the web client and run the games (the default)");
    catan::net::add_serve_flags(*serve_command, serve);

    catan::sim::SimulateOptions sim;
    CLI::App* simulate = app.add_subcommand("simulate", "Play random legal games and report games/s, turns and winners");
    catan::sim::add_simulate_flags(*simulate, sim);

    CLI11_PARSE(app, argc, argv);
    if (simulate->parsed()) return catan::sim::run_simulate(sim);
    return catan::net::run_serve(std::move(serve));
}
