#pragma once
// The command line of catan-server: the subcommands (serve, the default; simulate; export; import;
// verify), their flags, and which one runs. The app layer sits on top and wires the others; nothing
// below it includes catan/app.
namespace catan::app {

// Parses the command line and runs the subcommand it names; returns the process's exit code.
int run(int argc, char** argv);
// Registers the games this server hosts (Catan) with the seam's registry; run() does it first.
void register_games();

}  // namespace catan::app
