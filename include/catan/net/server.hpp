#pragma once
// The gateway: one port for HTTP (static files, REST, health, metrics) and WebSockets (/ws), a pool of
// threads running one io_context, one strand per connection and per room. It owns the room::Hub and
// hands it every text frame; it knows nothing of the rules. Beast stays inside src/net.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "catan/net/static_files.hpp"
#include "catan/room/hub.hpp"

namespace catan::room {
class Metrics;
}
namespace catan::notify {
class Registry;
}

namespace catan::net {

struct ServerOptions {
    std::string listen = "0.0.0.0:8080";     // "host:port"; port 0 picks a free one
    std::string data_path = "catan.db";      // the SQLite data file or a PostgreSQL URL; `serve` opens it into hub.store
    std::string web_dir;                     // serve this directory instead of the embedded files
    unsigned threads = 0;                    // 0: one per core
    unsigned bot_threads = 0;                // bot decisions; 0: half the cores (at least one)
    unsigned replay_threads = 1;             // replay records (hub.replay_workers is this pool)
    std::vector<std::string> allowed_origins;  // besides the request's own host; "*" allows any
    std::size_t max_connections_per_ip = 64;
    // Reverse proxies whose X-Forwarded-For names the client (addresses or CIDR ranges; forwarded.hpp).
    std::vector<std::string> trusted_proxies;
    // Every open connection, HTTP and WebSocket; 0: from the descriptor limit (default_max_connections).
    std::size_t max_connections = 0;
    std::string port_file;                   // the bound port is written here once listening
    bool handle_signals = true;              // SIGINT/SIGTERM start a graceful shutdown
    // The bearer token of /admin/... (docs/operating.md, "Admin"); empty: that endpoint is off.
    std::string admin_token;

    // Notifications' REST routes (GET /api/push/key, POST and DELETE /api/rooms/{code}/notify;
    // docs/protocol.md, "Notifications"); null: they answer 404. The app passes the same
    // catan::notify::Service as hub.notifier.
    std::shared_ptr<notify::Registry> notify{};

    // room layer options; an empty public_url means "http://<Host header>" for REST answers and
    // "http://<listen address>" for the hub
    room::HubOptions hub{.public_url = ""};

    // limits (docs/protocol.md)
    std::size_t max_frame_bytes = 16 * 1024;
    std::size_t send_queue_limit = 256;      // queued messages per connection before it is dropped
    // Queued bytes before a connection that is behind is dropped: its own, all of its address's, all
    // of the process's (docs/security.md "Connections and memory"). A snapshot is up to ~230 KB.
    std::size_t send_queue_bytes = 1024 * 1024;
    std::size_t send_queue_bytes_per_ip = 8 * 1024 * 1024;
    std::size_t send_queue_bytes_total = 128 * 1024 * 1024;
    double messages_per_second = 20;         // per connection, average ...
    double message_burst = 40;               // ... and burst
    double flood_tolerance = 60;             // refused messages (refilled at 5/s) before a flooder is closed
    std::size_t max_body_bytes = 16 * 1024;  // REST request bodies
    std::size_t max_header_bytes = 16 * 1024;  // the request line and headers (431, or 414 for the line)
    std::size_t max_target_bytes = 8 * 1024;   // the request target (414)
    std::chrono::seconds http_timeout{30};
    std::chrono::seconds ws_idle_timeout{60};  // a ping after half of it, closed after all of it
    std::chrono::seconds sweep_interval{30};
    std::chrono::milliseconds shutdown_grace{2000};
    int socket_send_buffer = 0;              // SO_SNDBUF of accepted sockets; 0: the OS default (tests)

    // the embedded files; empty: the web client compiled into this binary
    std::span<const EmbeddedFile> assets;

    // TLS (docs/security.md "TLS"): with a certificate and key (PEM files, both or neither) the port
    // speaks HTTPS and WSS only; SIGHUP loads them again for new connections.
    std::string tls_cert;
    std::string tls_key;
    std::chrono::seconds tls_handshake_timeout{10};  // a TLS handshake not done by then is dropped
    // TLS handshakes new connections may start, per address (the TCP peer's, IPv6 by its /64; a
    // trusted proxy's connections count in the total only) and for the whole server; over either
    // budget a connection is closed at accept, before the handshake's private-key operation, which
    // is what a flood makes the server spend. Rates per second; 0: no limit.
    double tls_handshake_rate = 10;
    double tls_handshake_burst = 60;
    double tls_handshake_total_rate = 100;
    double tls_handshake_total_burst = 200;
    std::chrono::seconds hsts_max_age{365 * 24 * 3600};  // Strict-Transport-Security on HTTPS answers; 0: none
    // A plain-HTTP listener ("host:port", port 0 picks one) that answers every request with a 308 to
    // the https URL; empty: none. Only with TLS.
    std::string redirect_listen;
    bool tls() const { return !tls_cert.empty(); }
};

// File descriptors every server keeps besides its connections: the data file and its journal, logs,
// the listener, the event loop's own, a transfer; what default_max_connections leaves free.
inline constexpr std::size_t kDescriptorReserve = 64;
// Raises this process's RLIMIT_NOFILE soft limit to the hard limit; returns the soft limit now in
// force (0 when it cannot be read).
std::size_t raise_descriptor_limit();
// The cap on connections for a descriptor limit: all but kDescriptorReserve (half, for a tiny limit),
// and at most kMaxConnectionsDefault however large the limit is, since each connection costs memory too.
inline constexpr std::size_t kMaxConnectionsDefault = 10000;
std::size_t default_max_connections(std::size_t descriptor_limit);

class Server {
public:
    explicit Server(ServerOptions options, std::shared_ptr<room::Metrics> metrics = nullptr);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds, starts the threads and returns the bound port. Throws std::runtime_error when it cannot.
    std::uint16_t start();
    // Starts a graceful shutdown (as SIGINT/SIGTERM do): stop accepting, hub.shutdown(), let connections
    // flush for up to shutdown_grace, then close what is left. Safe from any thread; returns at once.
    void stop();
    // Blocks until the threads are done (after stop() or a signal).
    void wait();

    std::uint16_t port() const;
    std::uint16_t redirect_port() const;  // the redirect listener's port; 0 when there is none
    // Where others on the network reach this server when no --public-url says so (after start()): its
    // first LAN address, as the lobby's share link has it, else its listen address ("https" with TLS).
    std::string reach_url() const;
    room::Hub& hub();
    room::Metrics& metrics();
    std::size_t connection_count() const;  // open WebSocket connections

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace catan::net
