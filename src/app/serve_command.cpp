#include "catan/app/serve_command.hpp"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <memory>

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "catan/net/forwarded.hpp"
#include "catan/net/memory_return.hpp"
#include "catan/net/node_name.hpp"
#include "catan/net/server.hpp"
#include "catan/net/tls.hpp"
#include "catan/notify/service.hpp"
#include "catan/store/store.hpp"
#include "admin_token.hpp"
#include "log_format.hpp"
#include "notify_setup.hpp"
#include "version.hpp"

namespace catan::app {

namespace {

// CATAN_TEST_KILL_AFTER_COMMITS=N, for the crash tests only (tests/net/test_seq_restart.cpp): the
// process kills itself with SIGKILL once its Nth game command is on disk and before anyone is told,
// the worst moment for a crash. Only the environment of the process can ask for it, never a client.
void arm_test_kill(room::HubOptions& hub) {
    const char* text = std::getenv("CATAN_TEST_KILL_AFTER_COMMITS");
    if (!text || !*text) return;
    char* end = nullptr;
    const long n = std::strtol(text, &end, 10);
    if (*end != '\0' || n < 1) {
        spdlog::warn("CATAN_TEST_KILL_AFTER_COMMITS=\"{}\" is not a positive number; ignored", text);
        return;
    }
    spdlog::warn("CATAN_TEST_KILL_AFTER_COMMITS={}: this server kills itself after its command number {} is saved (a test)", n, n);
    auto left = std::make_shared<std::atomic<long>>(n);
    hub.command_committed_hook = [left] {
        if (left->fetch_sub(1) == 1) std::raise(SIGKILL);
    };
}

// This machine's host name: the default name of a node.
std::string host_name() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || !*name) return std::string("localhost");
    return std::string(name);
}

}  // namespace

void add_serve_flags(CLI::App& app, ServeConfig& c) {
    auto& o = c.server;
    app.add_option("--listen", o.listen, "Address to listen on: host:port or [v6]:port; port 0 picks a free one")
        ->envname("CATAN_LISTEN")
        ->capture_default_str();
    app.add_option("--data", o.data_path,
                   "SQLite file where every room is kept; rooms are restored from it at start (created if missing). Or a "
                   "PostgreSQL database: postgresql://USER@HOST:PORT/DB (the password from PGPASSWORD or ~/.pgpass)")
        ->envname("CATAN_DATA")
        ->capture_default_str();
    app.add_flag("--no-persist", c.no_persist, "Keep rooms in memory only: nothing survives a restart (tests, benchmarks)")
        ->envname("CATAN_NO_PERSIST");
    app.add_option("--snapshot-every", o.hub.snapshot_every,
                   "Save a game state snapshot every N commands, so a restore replays at most N-1 of them")
        ->envname("CATAN_SNAPSHOT_EVERY")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    app.add_option("--web-dir", o.web_dir, "Serve the web client from this directory instead of the embedded copy")
        ->envname("CATAN_WEB_DIR")
        ->check(CLI::ExistingDirectory);
    app.add_option("--log-level", c.log_level, "trace, debug, info, warn, error, critical or off")
        ->envname("CATAN_LOG_LEVEL")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
        ->capture_default_str();
    app.add_option("--log-format", c.log_format,
                   "text (for people) or json (one JSON object per line: time, level, logger, room, seat, message)")
        ->envname("CATAN_LOG_FORMAT")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    app.add_option("--admin-token-file", c.admin_token_file,
                   "Where the server writes its admin token at start (mode 0600), for `catan-server rooms` "
                   "(default: the data file's name + .admin-token; none with --no-persist or a PostgreSQL --data)")
        ->envname("CATAN_ADMIN_TOKEN_FILE");
    app.add_option("--node", c.node,
                   "This server's name among several sharing one PostgreSQL database, and its server name in the proxy"
                   " in front of them: 1 to 64 letters, digits, '.', '_' or '-' (default: the host name)")
        ->envname("CATAN_NODE")
        ->check(CLI::Validator(
            [](std::string& name) {
                return net::valid_node_name(name) ? std::string()
                                                  : std::string("a node's name is 1 to 64 letters, digits, '.', '_' or '-'");
            },
            "NAME", "node name"));
    app.add_option("--lease-seconds", c.lease_seconds,
                   "Seconds a room's lease runs on a PostgreSQL database before another node may take the room, "
                   "renewed every third of that while this server serves it")
        ->envname("CATAN_LEASE_SECONDS")
        ->check(CLI::Range(1L, 3600L))
        ->capture_default_str();
    app.add_option("--threads", o.threads, "Threads for connections and rooms (default: one per core)")
        ->envname("CATAN_THREADS")
        ->check(CLI::Range(1u, 256u));
    app.add_option("--public-url", c.public_url,
                   "Base of join URLs and of the lobby's share link and QR code, e.g. https://catan.example.org (default: "
                   "the address the page was opened at; on 127.0.0.1, this machine's LAN address)")
        ->envname("CATAN_PUBLIC_URL");
    app.add_option("--trusted-proxy", o.trusted_proxies,
                   "Reverse proxy addresses or CIDR ranges (IPv4, IPv6), comma-separated: from these peers only, "
                   "X-Forwarded-For names the client for per-address limits and logs, and X-Forwarded-Proto the "
                   "scheme (docs/proxy.md)")
        ->envname("CATAN_TRUSTED_PROXY")
        ->delimiter(',')
        ->check(CLI::Validator(
            [](std::string& entry) {
                std::string error;
                return net::TrustedProxies::parse({entry}, error) ? std::string() : error;
            },
            "ADDR[/PREFIX]"));
    app.add_option("--allowed-origin", o.allowed_origins,
                   "An origin that may open WebSockets besides the server's own host; repeatable, * for any")
        ->envname("CATAN_ALLOWED_ORIGIN")
        ->delimiter(',');
    app.add_option("--max-rooms", o.hub.max_rooms, "Cap on open rooms")
        ->envname("CATAN_MAX_ROOMS")
        ->check(CLI::Range(std::size_t{1}, std::size_t{10000000}))
        ->capture_default_str();
    app.add_option("--max-connections-per-ip", o.max_connections_per_ip, "Cap on connections from one address")
        ->envname("CATAN_MAX_CONNECTIONS_PER_IP")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}))
        ->capture_default_str();
    app.add_option("--max-connections", o.max_connections,
                   "Cap on open connections, HTTP and WebSocket (default: the file descriptor limit, raised to "
                   "its hard maximum, less 64 kept for the data file and logs; at most 10000)")
        ->envname("CATAN_MAX_CONNECTIONS")
        ->check(CLI::Range(std::size_t{1}, std::size_t{10000000}));
    app.add_option("--max-header-bytes", o.max_header_bytes,
                   "Cap on an HTTP request's line and headers; larger ones get 431 (414 for the request line)")
        ->envname("CATAN_MAX_HEADER_BYTES")
        ->check(CLI::Range(std::size_t{1024}, std::size_t{1024 * 1024}))
        ->capture_default_str();
    app.add_option("--max-target-bytes", o.max_target_bytes, "Cap on an HTTP request target; longer ones get 414")
        ->envname("CATAN_MAX_TARGET_BYTES")
        ->check(CLI::Range(std::size_t{256}, std::size_t{1024 * 1024}))
        ->capture_default_str();
    // What a client that stops reading can make the server hold (docs/security.md "Connections and memory").
    app.add_option("--send-queue-bytes", o.send_queue_bytes,
                   "Bytes queued for one connection before a client that does not read them is dropped")
        ->envname("CATAN_SEND_QUEUE_BYTES")
        ->check(CLI::Range(std::size_t{64 * 1024}, std::size_t{1} << 34))
        ->capture_default_str();
    app.add_option("--send-queue-bytes-per-ip", o.send_queue_bytes_per_ip,
                   "Bytes queued for all connections of one address before the ones that are behind are dropped")
        ->envname("CATAN_SEND_QUEUE_BYTES_PER_IP")
        ->check(CLI::Range(std::size_t{64 * 1024}, std::size_t{1} << 36))
        ->capture_default_str();
    app.add_option("--send-queue-bytes-total", o.send_queue_bytes_total,
                   "Bytes queued for all connections before the ones that are behind are dropped")
        ->envname("CATAN_SEND_QUEUE_BYTES_TOTAL")
        ->check(CLI::Range(std::size_t{64 * 1024}, std::size_t{1} << 40))
        ->capture_default_str();
    app.add_option("--sync-burst", o.hub.sync_burst,
                   "Snapshots a connection may get at once for sync requests, before --sync-interval paces them")
        ->envname("CATAN_SYNC_BURST")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1000}))
        ->capture_default_str();
    app.add_option("--sync-interval", c.sync_interval_ms,
                   "Milliseconds per snapshot for sync requests beyond the burst; syncs meanwhile get one snapshot "
                   "when it is due (0: no limit)")
        ->envname("CATAN_SYNC_INTERVAL")
        ->check(CLI::Range(0L, 60L * 1000))
        ->capture_default_str();
    app.add_option("--room-idle-timeout", c.room_idle_seconds,
                   "Seconds a room with no connection stays open before it is closed")
        ->envname("CATAN_ROOM_IDLE_TIMEOUT")
        ->check(CLI::Range(1, 30 * 24 * 3600))
        ->capture_default_str();
    app.add_option("--sleep-after", c.sleep_after_seconds,
                   "Seconds a turn-based room with no connection stays in memory before it sleeps in the data file")
        ->envname("CATAN_SLEEP_AFTER")
        ->check(CLI::Range(1, 24 * 3600))
        ->capture_default_str();
    app.add_option("--sweep-interval", c.sweep_seconds,
                   "Seconds between the rounds that close idle rooms, put turn-based rooms to sleep and wake those due")
        ->envname("CATAN_SWEEP_INTERVAL")
        ->check(CLI::Range(1, 3600))
        ->capture_default_str();
    app.add_option("--chat-rate-room", o.hub.chat_rate_room,
                   "Chat lines per second in one room, all senders together (bursts of three seconds' worth)")
        ->envname("CATAN_CHAT_RATE_ROOM")
        ->check(CLI::Range(0.01, 1e9))
        ->capture_default_str();
    app.add_option("--chat-rate-address", o.hub.chat_rate_address,
                   "Chat lines per second from one address, across all its connections and rooms (bursts of three seconds' worth)")
        ->envname("CATAN_CHAT_RATE_ADDRESS")
        ->check(CLI::Range(0.01, 1e9))
        ->capture_default_str();
    app.add_option("--command-rate-seat", o.hub.command_rate_seat,
                   "Game commands per second from one seat, all its connections together (bursts of twice that; 0: no limit)")
        ->envname("CATAN_COMMAND_RATE_SEAT")
        ->check(CLI::Range(0.0, 1e9))
        ->capture_default_str();
    app.add_option("--max-game-commands", o.hub.max_game_commands,
                   "Commands a game's log may hold before trade offers and counter-offers are refused")
        ->envname("CATAN_MAX_GAME_COMMANDS")
        ->check(CLI::Range(std::size_t{100}, std::size_t{1000000}))
        ->capture_default_str();
    app.add_option("--room-create-rate", c.room_creates_per_minute, "Rooms one address may create per minute, after its burst")
        ->envname("CATAN_ROOM_CREATE_RATE")
        ->check(CLI::Range(0.01, 1e9))
        ->capture_default_str();
    app.add_option("--room-create-burst", o.hub.create_burst_address, "Rooms one address may create at once")
        ->envname("CATAN_ROOM_CREATE_BURST")
        ->check(CLI::Range(1.0, 1e9))
        ->capture_default_str();
    app.add_option("--unjoined-room-timeout", c.unjoined_room_seconds,
                   "Seconds a room nobody has joined is kept before it is closed and forgotten")
        ->envname("CATAN_UNJOINED_ROOM_TIMEOUT")
        ->check(CLI::Range(1, 30 * 24 * 3600))
        ->capture_default_str();
    app.add_option("--bot-delay", c.bot_delay_ms,
                   "Milliseconds a bot waits before each move, so people can follow it (0: at once)")
        ->envname("CATAN_BOT_DELAY")
        ->check(CLI::Range(0L, 60L * 1000))
        ->capture_default_str();
    app.add_option("--strong-bot-time", c.strong_bot_ms, "Milliseconds the strong bot may think per decision")
        ->envname("CATAN_STRONG_BOT_TIME")
        ->check(CLI::Range(1L, 60L * 1000))
        ->capture_default_str();
    app.add_option("--takeover-bot", c.takeover_level,
                   "Level of the bot that plays a disconnected player's seat: random, basic or strong")
        ->envname("CATAN_TAKEOVER_BOT")
        ->check(CLI::IsMember({"random", "basic", "strong"}))
        ->capture_default_str();
    app.add_option("--bot-threads", o.bot_threads, "Threads for bot decisions (default: half the cores)")
        ->envname("CATAN_BOT_THREADS")
        ->check(CLI::Range(1u, 256u));
    app.add_flag("--allow-client-seeds", o.hub.allow_client_seeds,
                 "For tests only: accept options.seed from clients (repeatable games). Whoever chooses a seed can predict "
                 "every roll and card, so such games are unfair and every player is told so; never on a public server")
        ->envname("CATAN_ALLOW_CLIENT_SEEDS");
    app.add_option("--port-file", o.port_file,
                   "Write the bound port to this file once listening (and the redirect listener's on a second line)")
        ->envname("CATAN_PORT_FILE");
    // TLS (docs/security.md "TLS").
    app.add_option("--tls-cert", o.tls_cert,
                   "PEM certificate chain (the server's certificate first): the port then speaks HTTPS and WSS only. "
                   "Needs --tls-key; SIGHUP reloads both for new connections")
        ->envname("CATAN_TLS_CERT");
    app.add_option("--tls-key", o.tls_key, "PEM private key of --tls-cert (unencrypted; keep it readable by this user only)")
        ->envname("CATAN_TLS_KEY");
    app.add_option_function<long>(
           "--tls-handshake-timeout", [&o](long s) { o.tls_handshake_timeout = std::chrono::seconds(s); },
           "Seconds a new connection has to complete its TLS handshake before it is dropped")
        ->envname("CATAN_TLS_HANDSHAKE_TIMEOUT")
        ->check(CLI::Range(1L, 300L))
        ->default_str(std::to_string(o.tls_handshake_timeout.count()));
    // A handshake costs the server a private-key operation (milliseconds with an RSA key): these bound
    // what a flood of handshakes can take from games (docs/security.md, "TLS").
    app.add_option("--tls-handshake-rate", o.tls_handshake_rate,
                   "With TLS: handshakes per second one address may start (the TCP peer's; a --trusted-proxy's count "
                   "only in the total); over it a new connection is closed before its handshake (0: no limit)")
        ->envname("CATAN_TLS_HANDSHAKE_RATE")
        ->check(CLI::Range(0.0, 1e6))
        ->capture_default_str();
    app.add_option("--tls-handshake-burst", o.tls_handshake_burst, "With TLS: handshakes one address may start at once")
        ->envname("CATAN_TLS_HANDSHAKE_BURST")
        ->check(CLI::Range(1.0, 1e6))
        ->capture_default_str();
    app.add_option("--tls-handshake-total-rate", o.tls_handshake_total_rate,
                   "With TLS: handshakes per second the whole server starts, all addresses together (0: no limit)")
        ->envname("CATAN_TLS_HANDSHAKE_TOTAL_RATE")
        ->check(CLI::Range(0.0, 1e6))
        ->capture_default_str();
    app.add_option("--tls-handshake-total-burst", o.tls_handshake_total_burst,
                   "With TLS: handshakes the whole server starts at once")
        ->envname("CATAN_TLS_HANDSHAKE_TOTAL_BURST")
        ->check(CLI::Range(1.0, 1e6))
        ->capture_default_str();
    app.add_option_function<long>(
           "--hsts-max-age", [&o](long s) { o.hsts_max_age = std::chrono::seconds(s); },
           "With TLS: Strict-Transport-Security max-age in seconds on HTTPS answers, so browsers use https only "
           "for that long (0: no header)")
        ->envname("CATAN_HSTS_MAX_AGE")
        ->check(CLI::Range(0L, 2L * 365 * 24 * 3600))
        ->default_str(std::to_string(o.hsts_max_age.count()));
    app.add_option("--http-redirect-listen", o.redirect_listen,
                   "With TLS: also listen for plain HTTP here (host:port, e.g. 0.0.0.0:80) and answer every request "
                   "with a 308 to the https address (--public-url's host, else the request's Host)")
        ->envname("CATAN_HTTP_REDIRECT_LISTEN");
    // Replay records and room-code lookups (docs/security.md, "Rooms"): rates per second; 0 turns a limit off.
    const auto rate = CLI::Range(0.0, 1e6);
    const auto burst = CLI::Range(1.0, 1e6);
    app.add_option("--replay-threads", o.replay_threads, "Threads that build replay records")
        ->envname("CATAN_REPLAY_THREADS")
        ->check(CLI::Range(1u, 64u))
        ->capture_default_str();
    app.add_option("--max-replay-builds", o.hub.max_replay_builds,
                   "Replay records being built (or waiting for a thread) at once; more requests get 503")
        ->envname("CATAN_MAX_REPLAY_BUILDS")
        ->check(CLI::Range(std::size_t{1}, std::size_t{10000}))
        ->capture_default_str();
    app.add_option("--replay-rate", o.hub.replay_rate, "Replay requests per second from one address (0: no limit)")
        ->envname("CATAN_REPLAY_RATE")
        ->check(rate)
        ->capture_default_str();
    app.add_option("--replay-burst", o.hub.replay_burst, "Replay requests one address may make at once")
        ->envname("CATAN_REPLAY_BURST")
        ->check(burst)
        ->capture_default_str();
    app.add_option("--replay-total-rate", o.hub.replay_total_rate, "Replay requests per second the whole server answers (0: no limit)")
        ->envname("CATAN_REPLAY_TOTAL_RATE")
        ->check(rate)
        ->capture_default_str();
    app.add_option("--replay-total-burst", o.hub.replay_total_burst, "Replay requests the whole server answers at once")
        ->envname("CATAN_REPLAY_TOTAL_BURST")
        ->check(burst)
        ->capture_default_str();
    app.add_option("--lookup-rate", o.hub.lookup_rate,
                   "Room-code lookups (GET /api/rooms/{code}, join, rejoin, spectate) per second from one address (0: no limit)")
        ->envname("CATAN_LOOKUP_RATE")
        ->check(rate)
        ->capture_default_str();
    app.add_option("--lookup-burst", o.hub.lookup_burst, "Room-code lookups one address may make at once")
        ->envname("CATAN_LOOKUP_BURST")
        ->check(burst)
        ->capture_default_str();
    app.add_option("--unknown-lookup-rate", o.hub.unknown_lookup_rate,
                   "Lookups of codes that name no room, per second from one address (0: no limit)")
        ->envname("CATAN_UNKNOWN_LOOKUP_RATE")
        ->check(rate)
        ->capture_default_str();
    app.add_option("--unknown-lookup-burst", o.hub.unknown_lookup_burst,
                   "Lookups of codes that name no room one address may make at once")
        ->envname("CATAN_UNKNOWN_LOOKUP_BURST")
        ->check(burst)
        ->capture_default_str();
    add_notify_flags(app, c.notify);
}

int run_serve(ServeConfig config) {
    net::configure_allocator();  // memory freed by dropped slow readers goes back to the system
    set_up_server_log(config.log_format, config.log_level);
    spdlog::info("{}", version_line());  // which build a log comes from (--version has the same)

    auto& o = config.server;
    // A bad certificate or key is found before anything else is touched (the data file included).
    if (!o.tls_cert.empty() || !o.tls_key.empty()) {
        try {
            if (o.tls_cert.empty() || o.tls_key.empty())
                throw net::TlsError(o.tls_cert.empty() ? "--tls-key without --tls-cert: give both (or neither, for plain HTTP)"
                                                       : "--tls-cert without --tls-key: give both (or neither, for plain HTTP)");
            net::check_tls_files(o.tls_cert, o.tls_key);  // (the server logs what it loads)
        } catch (const net::TlsError& e) {
            spdlog::critical("{}", e.what());
            return 2;
        }
    } else if (!o.redirect_listen.empty()) {
        spdlog::critical("--http-redirect-listen redirects to HTTPS: it needs --tls-cert and --tls-key");
        return 2;
    }
    while (!config.public_url.empty() && config.public_url.back() == '/') config.public_url.pop_back();
    o.hub.public_url = config.public_url;
    o.hub.idle_room_timeout = std::chrono::seconds(config.room_idle_seconds);
    o.hub.sleep_after = std::chrono::seconds(config.sleep_after_seconds);
    o.sweep_interval = std::chrono::seconds(config.sweep_seconds);
    o.hub.unjoined_room_timeout = std::chrono::seconds(config.unjoined_room_seconds);
    o.hub.create_rate_address = config.room_creates_per_minute / 60;
    o.hub.chat_burst_room = std::max(1.0, 3 * o.hub.chat_rate_room);
    o.hub.chat_burst_address = std::max(1.0, 3 * o.hub.chat_rate_address);
    o.hub.command_burst_seat = std::max(1.0, 2 * o.hub.command_rate_seat);
    o.hub.bot_delay = std::chrono::milliseconds(config.bot_delay_ms);
    o.hub.sync_interval = std::chrono::milliseconds(config.sync_interval_ms);
    o.hub.strong_bot_budget = std::chrono::milliseconds(config.strong_bot_ms);
    o.hub.takeover_level = config.takeover_level;
    if (config.node.empty()) config.node = host_name();
    if (!net::valid_node_name(config.node)) {
        spdlog::critical("this machine's host name '{}' cannot name a node (1 to 64 letters, digits, '.', '_' or '-'):"
                         " pass --node NAME", config.node);
        return 1;
    }
    spdlog::info("node {} (leases of {} s)", config.node, config.lease_seconds);
    const bool database = store::is_database_url(o.data_path);
    if (config.no_persist) {
        spdlog::warn("--no-persist: rooms are kept in memory only and are lost when the server stops");
    } else {
        try {
            // Absolute, so every message names the file wherever the server was started from.
            if (!database) o.data_path = std::filesystem::absolute(o.data_path).string();
            store::StoreOptions lease;
            lease.node = config.node;
            lease.lease = std::chrono::seconds(config.lease_seconds);
            o.hub.store = std::make_shared<store::Store>(o.data_path, std::move(lease));
        } catch (const store::StoreError& e) {  // never replaced or repaired: the operator decides
            spdlog::critical("{}", e.what());
            return 2;
        }
        spdlog::info("rooms are kept in {} (schema version {})", o.hub.store->path(), o.hub.store->schema_version());
    }
    // The operator's endpoint (docs/operating.md, "Admin"): a fresh token at every start. Beside a
    // data file by default; a database URL names no folder for it.
    if (config.admin_token_file.empty() && !config.no_persist) {
        if (database)
            spdlog::warn("the admin endpoint is off: with a PostgreSQL --data, pass --admin-token-file to say where its token goes");
        else
            config.admin_token_file = default_admin_token_file(o.data_path);
    }
    if (!config.admin_token_file.empty()) {
        std::string why;
        if (auto token = write_admin_token(config.admin_token_file, why)) {
            o.admin_token = std::move(*token);
            spdlog::info("admin token written to {} (for catan-server rooms)", config.admin_token_file);
        } else {
            spdlog::warn("{}; the admin endpoint is off", why);
        }
    }
    // Notifications (docs/operating.md, "Notifications"): the service shares the data file.
    std::shared_ptr<notify::Service> notifier;
    try {
        notifier = make_notify_service(config.notify, o, config.public_url);
    } catch (const store::StoreError& e) {
        spdlog::critical("{}", e.what());
        return 2;
    } catch (const std::exception& e) {
        spdlog::critical("{}", e.what());
        return 2;
    }
    o.hub.notifier = notifier;
    o.notify = notifier;
    if (o.hub.allow_client_seeds)
        spdlog::warn("--allow-client-seeds: clients may choose game seeds; such games are not fair (for tests only)");
    arm_test_kill(o.hub);
    const auto store = o.hub.store;
    try {
        net::Server server(o);
        server.start();
        // E-mail needs an absolute link; without --public-url it is the address the lobby shares.
        if (notifier && config.public_url.empty() && !config.notify.smtp_relay.empty()) {
            notifier->set_link_base(server.reach_url());
            spdlog::warn("--smtp-relay without --public-url: links in e-mail start with {}; set --public-url to the address"
                         " your players use", server.reach_url());
        }
        server.wait();
        // Writes still queued are committed while the rooms' executors still exist.
        if (store) store->flush();
    } catch (const store::StoreError& e) {  // the data file takes no write (checked as the rooms are restored)
        spdlog::critical("{}", e.what());
        return 2;
    } catch (const net::TlsError& e) {  // the files changed since the check above
        spdlog::critical("{}", e.what());
        return 2;
    } catch (const std::exception& e) {
        spdlog::critical("{}", e.what());
        return 1;
    }
    spdlog::info("bye");
    return 0;
}

}  // namespace catan::app
