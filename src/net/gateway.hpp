#pragma once
// Internal to catan_net: the state every connection shares. Beast and Asio are included only by the
// few translation units of src/net; the WebSocket stream only by websocket_session.cpp.
#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "catan/net/forwarded.hpp"
#include "catan/net/policy.hpp"
#include "catan/net/server.hpp"
#include "catan/net/static_files.hpp"
#include "catan/room/address_limiter.hpp"
#include "catan/room/hub.hpp"
#include "catan/room/metrics.hpp"
#include "catan/room/outbox.hpp"
#include "catan/room/token_bucket.hpp"
#include "send_budget.hpp"

namespace boost::asio::ssl {
class context;
}

namespace catan::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// What the server needs to reach every open connection when it shuts down.
class Connection {
public:
    virtual ~Connection() = default;
    // A WebSocket flushes its queue and sends a close frame; an idle HTTP connection just closes.
    virtual void close_gracefully(std::string_view reason) = 0;
    // Closes the socket now; pending operations end with operation_aborted.
    virtual void close_now() = 0;
    virtual bool is_websocket() const = 0;
};

class Gateway;

// Holds one of the server's connection slots, and one of its address's, for as long as the connection
// lives (through the upgrade to a WebSocket).
class IpSlot {
public:
    IpSlot() = default;
    IpSlot(std::shared_ptr<Gateway> gateway, std::string ip) : gateway_(std::move(gateway)), ip_(std::move(ip)) {}
    IpSlot(IpSlot&& other) noexcept = default;
    IpSlot& operator=(IpSlot&& other) noexcept;
    ~IpSlot();
    explicit operator bool() const { return gateway_ != nullptr; }

private:
    void release();
    std::shared_ptr<Gateway> gateway_;
    std::string ip_;
};

// The admin endpoint's request budgets (admin_routes.cpp). The operator's is spent only by requests
// that carry the admin token: strangers, however many and wherever from, cannot lock the operator
// out. Refused requests spend budgets of their own, per address and in total, so that they stay
// bounded (and so do the warnings they log).
struct AdminBudgets {
    std::mutex mutex;
    room::TokenBucket operator_requests{10, 20};  // under mutex
    room::TokenBucket refused_total{100, 200};    // under mutex
    room::AddressLimiter refused_per_address{10, 20, 4096};
};

class Gateway : public std::enable_shared_from_this<Gateway> {
public:
    Gateway(const ServerOptions& options, room::Hub& hub, room::Metrics& metrics, StaticFiles files,
            std::string public_url)
        : options(options),
          hub(hub),
          metrics(metrics),
          files(std::move(files)),
          public_url(std::move(public_url)),
          send_budget({options.send_queue_bytes, options.send_queue_bytes_per_ip, options.send_queue_bytes_total},
                      &metrics) {}

    const ServerOptions& options;
    room::Hub& hub;
    room::Metrics& metrics;
    const StaticFiles files;
    const std::string public_url;  // from --public-url; empty: derived from the Host header
    std::atomic<bool> stopping{false};
    // The bytes in every WebSocket's send queue, per connection, per address and in total.
    SendBudget send_budget;

    std::uint64_t next_id() { return next_id_.fetch_add(1, std::memory_order_relaxed); }

    // Behind a reverse proxy (--trusted-proxy, set at start): who a request is from. The TCP peer
    // `peer` ("ip:port", returned as is), or, when the peer is a trusted proxy, the client its
    // X-Forwarded-For names (forwarded.hpp). The one place per-address limits, logs and metrics take
    // a request's address from; counts forwarded and malformed headers for /metrics.
    TrustedProxies trusted_proxies;
    ForwardedClient client_of(std::string_view peer, const http::request<http::string_body>& request);
    std::atomic<std::uint64_t> forwarded_requests{0}, forwarded_malformed{0};
    // Where the server listens, for GET /api/server's LAN links (set at start).
    std::string listen_host;
    std::uint16_t listen_port = 0;

    // Why a new connection got no slot, or (TLS) no handshake.
    enum class Refusal { none, address_full, server_full, handshakes_address, handshakes_total };
    // A connection slot for this address (the per-address count goes by address_key: an IPv6 /64), or
    // an empty slot and why: the address is at max_connections_per_ip, or the server at
    // max_connections with no idle HTTP connection to close to make room. When the server is full,
    // the oldest HTTP connection waiting for a request is closed and the new one admitted
    // (WebSockets are never closed for this). `per_address` false (a trusted proxy's connection,
    // shared by many clients): only the server's cap applies; its WebSockets take a slot of their
    // client's address at the upgrade.
    IpSlot acquire_ip(const std::string& ip, Refusal& refusal, bool per_address = true);
    void release_ip(const std::string& ip);
    // What acquire_ip admits at most: options.max_connections, resolved at start.
    void set_max_connections(std::size_t n) { max_connections_.store(n); }
    std::size_t max_connections() const { return max_connections_.load(); }
    std::size_t open_connections() const;  // slots held, HTTP and WebSocket
    // An HTTP connection starts (true) or stops (false) waiting for a request: while it waits it may
    // be closed to make room for a new connection.
    void http_waiting(std::uint64_t id, bool waiting);
    // Closes the HTTP connection that has waited longest for a request; false if there is none.
    bool close_idle_http();

    void add(std::uint64_t id, const std::shared_ptr<Connection>& connection);
    void remove(std::uint64_t id);
    std::vector<std::shared_ptr<Connection>> connections() const;
    std::size_t websocket_count() const { return websockets_.load(); }
    std::size_t connection_count() const;
    void websocket_opened() { ++websockets_; }
    void websocket_closed() { --websockets_; }

    // TLS: the context new connections use (null without TLS); SIGHUP swaps in a new one, and each
    // connection keeps the one it started with for as long as it lives.
    std::shared_ptr<asio::ssl::context> tls_context() const;
    void set_tls_context(std::shared_ptr<asio::ssl::context> context);
    bool tls() const { return options.tls(); }
    std::atomic<std::uint16_t> https_port{0};  // where the redirect listener sends browsers
    std::atomic<std::uint64_t> tls_handshake_failures{0};  // failed or timed out (/metrics)
    std::atomic<std::uint64_t> tls_reloads{0}, tls_reload_failures{0};  // SIGHUP (/metrics)
    // Connections closed at accept over the handshake rate of their address, or of the server (/metrics).
    std::atomic<std::uint64_t> tls_handshakes_refused_address{0}, tls_handshakes_refused_total{0};

    AdminBudgets admin_budgets;

private:
    std::shared_ptr<Connection> pop_waiting_http();

    std::atomic<std::uint64_t> next_id_{1};
    std::atomic<std::size_t> websockets_{0};
    mutable std::mutex mutex_;
    std::unordered_map<std::uint64_t, std::weak_ptr<Connection>> connections_;
    std::unordered_map<std::string, std::size_t> per_ip_;
    std::set<std::uint64_t> waiting_http_;  // by id: the oldest connection first
    std::size_t open_ = 0;
    std::atomic<std::size_t> max_connections_{0};
    std::shared_ptr<asio::ssl::context> tls_context_;  // under mutex_
};

// A connection over its address's or the server's cap: answers 429 or 503 at once, without reading
// (what the client already sent is discarded), and closes. Never blocks. On a TLS listener (`tls`)
// there is no plain answer to give: it just closes.
void refuse_connection(tcp::socket& socket, Gateway::Refusal why, bool tls = false);
// Writes `answer` in one non-blocking write, reads away what has arrived (closing with unread data
// would reset the connection before the answer is read) and closes: what refuse_connection does.
void answer_and_close(tcp::socket& socket, std::string_view answer);

// Takes over an upgraded HTTP connection: the WebSocket handshake, then the session (websocket_session.cpp).
// `Stream` is beast::tcp_stream or beast::ssl_stream<beast::tcp_stream> (instantiated there for both);
// `tls_context` keeps the TLS stream's context alive for as long as the connection (null for plain).
template <class Stream>
void start_websocket(Stream&& stream, std::shared_ptr<asio::ssl::context> tls_context, std::shared_ptr<Gateway> gateway,
                     IpSlot slot, std::uint64_t id, std::string remote, http::request<http::string_body>&& request);

}  // namespace catan::net
