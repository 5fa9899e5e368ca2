// catan-server's command line: flags and wiring only; each subcommand lives in its own file.
#include "catan/app/cli.hpp"

#include <iostream>

#include <CLI/CLI.hpp>

#include "catan/app/backup_command.hpp"
#include "catan/app/export_command.hpp"
#include "catan/app/import_command.hpp"
#include "catan/app/rooms_command.hpp"
#include "catan/app/serve_command.hpp"
#include "catan/app/simulate_command.hpp"
#include "catan/app/verify_command.hpp"
#include "catan/game/module.hpp"
#include "catan/games/catan.hpp"
#include "version.hpp"

namespace catan::app {

void register_games() {
    // Once per process (tests run several servers in one).
    static const bool registered = [] {
        game::register_module(games::catan_module());
        return true;
    }();
    (void)registered;
}

int run(int argc, char** argv) {
    register_games();
    CLI::App app{"catan-server: a self-hosted multiplayer Catan server. Without a subcommand it serves."};
    app.require_subcommand(0, 1);
    // --version: release, commit and protocol version (src/app/version.hpp), on stdout, exit 0.
    app.set_version_flag("--version", version_text(),
                         "Print the release, the git commit it was built from and the protocol version, and exit");

    // `serve` is the default, so its flags are accepted with and without the subcommand.
    ServeConfig serve;
    add_serve_flags(app, serve);
    CLI::App* serve_command = app.add_subcommand("serve", "Serve the web client and run the games (the default)");
    add_serve_flags(*serve_command, serve);

    SimulateOptions sim;
    CLI::App* simulate = app.add_subcommand("simulate", "Play random legal games and report games/s, turns and winners");
    add_simulate_flags(*simulate, sim);

    ExportConfig export_config;
    CLI::App* export_command = app.add_subcommand("export", "Write one room of a data file as a JSON document (to move or back it up)");
    add_export_flags(*export_command, export_config);

    ImportConfig import_config;
    CLI::App* import_command = app.add_subcommand("import", "Check an exported room by replaying its game, then add it to a data file");
    add_import_flags(*import_command, import_config);

    BackupConfig backup_config;
    CLI::App* backup_command = app.add_subcommand(
        "backup", "Copy a data file consistently, also while a server runs on it (docs/operating.md, \"Backups\")");
    add_backup_flags(*backup_command, backup_config);

    RoomsConfig rooms_config;
    CLI::App* rooms_command = app.add_subcommand(
        "rooms", "The rooms of a running server (list, show CODE, close CODE), or of its data file when none runs "
                 "(docs/operating.md, \"Admin\")");
    add_rooms_flags(*rooms_command, rooms_config);

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
    if (simulate->parsed()) return run_simulate(sim);
    if (export_command->parsed()) return run_export(export_config);
    if (import_command->parsed()) return run_import(import_config);
    if (backup_command->parsed()) return run_backup(backup_config);
    if (rooms_command->parsed()) return run_rooms(rooms_config);
    // A command-line tool's verdict, not server logging: it goes to stdout.
    if (verify->parsed()) return run_verify(record_path, std::cout);
    return run_serve(std::move(serve));
}

}  // namespace catan::app
