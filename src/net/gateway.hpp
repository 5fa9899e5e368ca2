#pragma once
// Internal to catan_net: the state every connection shares. Beast and Asio are included only by the
// few translation units of src/net; the WebSocket stream only by websocket_session.cpp.
#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

#include "catan/net/policy.hpp"
#include "catan/net/server.hpp"
#include "catan/net/static_files.hpp"
#include "catan/room/hub.hpp"
#include "catan/room/metrics.hpp"
#include "catan/room/outbox.hpp"
#include "send_budget.hpp"

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

// Holds one of an address's connection slots for as long as the connection lives.
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

    // A connection slot for this address, or an empty slot when the address is at its cap.
    IpSlot acquire_ip(const std::string& ip);
    void release_ip(const std::string& ip);

    void add(std::uint64_t id, const std::shared_ptr<Connection>& connection);
    void remove(std::uint64_t id);
    std::vector<std::shared_ptr<Connection>> connections() const;
    std::size_t websocket_count() const { return websockets_.load(); }
    std::size_t connection_count() const;
    void websocket_opened() { ++websockets_; }
    void websocket_closed() { --websockets_; }

private:
    std::atomic<std::uint64_t> next_id_{1};
    std::atomic<std::size_t> websockets_{0};
    mutable std::mutex mutex_;
    std::unordered_map<std::uint64_t, std::weak_ptr<Connection>> connections_;
    std::unordered_map<std::string, std::size_t> per_ip_;
};

// Takes over an upgraded HTTP connection: the WebSocket handshake, then the session (websocket_session.cpp).
void start_websocket(beast::tcp_stream&& stream, std::shared_ptr<Gateway> gateway, IpSlot slot, std::uint64_t id,
                     std::string remote, http::request<http::string_body>&& request);

}  // namespace catan::net
