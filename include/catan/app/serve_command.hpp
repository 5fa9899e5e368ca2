#pragma once
// `catan-server serve` (the default subcommand): flags, logging, and running the server until a signal.
#include <string>

#include "catan/net/server.hpp"

namespace CLI { class App; }

namespace catan::app {

struct ServeConfig {
    net::ServerOptions server;
    std::string public_url;
    std::string log_level = "info";
    std::string log_format = "text";  // "text" or "json" (one object per line)
    std::string admin_token_file;     // empty: "<data file>.admin-token" (none with --no-persist)
    long room_idle_seconds = 30 * 60;
    long bot_delay_ms = 1000;
    long sync_interval_ms = 1000;  // hub.sync_interval
    long strong_bot_ms = 1000;
    std::string takeover_level = "basic";
    bool no_persist = false;  // rooms in memory only (tests, benchmarks): --no-persist
    // Abuse limits of the room layer (docs/security.md); bursts are three seconds' worth of chat.
    double room_creates_per_minute = 2;
    long unjoined_room_seconds = 10 * 60;
};

// Adds every serve flag, each also readable from an environment variable (CATAN_LISTEN ...).
void add_serve_flags(CLI::App& app, ServeConfig& config);
int run_serve(ServeConfig config);

}  // namespace catan::app
