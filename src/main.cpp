// catan-server: flags and wiring only.
#include <iostream>

#include <CLI/CLI.hpp>

#include "catan/room/replay.hpp"

#include "catan/net/serve_command.hpp"
#include "catan/net/transfer_command.hpp"
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

    catan::net::ExportConfig export_config;
    CLI::App* export_command = app.add_subcommand("export", "Write one room of a data file as a JSON document (to move or back it up)");
    catan::net::add_export_flags(*export_command, export_config);

    catan::net::ImportConfig import_config;
    CLI::App* import_command = app.add_subcommand("import", "Check an exported room by replaying its game, then add it to a data file");
    catan::net::add_import_flags(*import_command, import_config);

    std::string record_path;
    CLI::App* verify = app.add_subcommand(
        "verify", "Check a finished game's replay record (GET /api/rooms/{code}/replay, saved to FILE): the seed against "
                  "the commitment, and every roll, steal and card draw by re-running the game (docs/fairness.md)");
    verify->add_option("FILE", record_path, "the saved replay record (JSON)")->required();

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version exit 0; any other usage error exits 1 (docs: exit codes).
        return app.exit(e) == 0 ? 0 : 1;
    }
    if (simulate->parsed()) return catan::sim::run_simulate(sim);
    if (export_command->parsed()) return catan::net::run_export(export_config);
    if (import_command->parsed()) return catan::net::run_import(import_config);
    // A command-line tool's verdict, not server logging: it goes to stdout.
    if (verify->parsed()) return catan::room::run_verify(record_path, std::cout);
    return catan::net::run_serve(std::move(serve));
}
