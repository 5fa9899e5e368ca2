#pragma once
// `catan-server serve` (the default subcommand): flags, logging, and running the server until a signal.
#include <string>

#include "catan/net/server.hpp"

namespace CLI { class App; }

namespace catan::app {

// Notifications (docs/operating.md, "Notifications"): Web Push needs nothing but HTTPS; e-mail needs
// an SMTP relay. The password comes from the environment only (CATAN_SMTP_PASSWORD), never argv.
struct NotifyFlags {
    bool off = false;              // --no-notify
    std::string smtp_relay;        // host:port; empty: no e-mail
    std::string smtp_from;
    std::string smtp_user;
    std::string smtp_password;     // from CATAN_SMTP_PASSWORD
    bool smtp_starttls = false;
    std::string vapid_subject;     // empty: mailto:<smtp_from>, else the public URL
    bool allow_insecure = false;   // tests only: http push endpoints, loopback, AUTH without TLS
    std::size_t max_push_per_seat = 5;
    std::size_t max_per_address = 50;
    std::size_t max_targets = 100000;
};

struct ServeConfig {
    net::ServerOptions server;
    std::string public_url;
    std::string log_level = "info";
    std::string log_format = "text";  // "text" or "json" (one object per line)
    std::string admin_token_file;     // empty: "<data file>.admin-token" (none with --no-persist or a database URL)
    std::string node;                 // this server's name among several (--node); empty: the host name
    long lease_seconds = 4;           // how long a room's lease runs (--lease-seconds; StoreOptions::lease)
    long room_idle_seconds = 30 * 60;
    long sleep_after_seconds = 120;  // hub.sleep_after
    long sweep_seconds = 30;         // server.sweep_interval
    long bot_delay_ms = 1000;
    long sync_interval_ms = 1000;  // hub.sync_interval
    long strong_bot_ms = 1000;
    std::string takeover_level = "basic";
    bool no_persist = false;  // rooms in memory only (tests, benchmarks): --no-persist
    // Abuse limits of the room layer (docs/security.md); bursts are three seconds' worth of chat.
    double room_creates_per_minute = 2;
    long unjoined_room_seconds = 10 * 60;
    NotifyFlags notify;
};

// Adds every serve flag, each also readable from an environment variable (CATAN_LISTEN ...).
void add_serve_flags(CLI::App& app, ServeConfig& config);
int run_serve(ServeConfig config);

}  // namespace catan::app
