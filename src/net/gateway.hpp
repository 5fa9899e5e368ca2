#pragma once
// Internal to catan_net: the state every connection shares, and the two session types. Beast and
// Asio are included only by the few translation units of src/net.
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
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>

#include "catan/net/policy.hpp"
#include "catan/net/server.hpp"
#include "catan/net/static_files.hpp"
#include "catan/room/hub.hpp"
#include "catan/room/metrics.hpp"
#include "catan/room/outbox.hpp"

namespace catan::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
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
        : options(options), hub(hub), metrics(metrics), files(std::move(files)), public_url(std::move(public_url)) {}

    const ServerOptions& options;
    room::Hub& hub;
    room::Metrics& metrics;
    const StaticFiles files;
    const std::string public_url;  // from --public-url; empty: derived from the Host header
    std::atomic<bool> stopping{false};

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

// One TCP connection speaking HTTP/1.1 until it asks for a WebSocket upgrade at /ws.
class HttpSession final : public Connection, public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket&& socket, std::shared_ptr<Gateway> gateway, IpSlot slot, std::uint64_t id,
                std::string remote);
    ~HttpSession() override;
    void run();

    void close_gracefully(std::string_view reason) override;
    void close_now() override;
    bool is_websocket() const override { return false; }

private:
    void do_read();
    void on_read(beast::error_code ec, std::size_t bytes);
    void handle(http::request<http::string_body>&& request);
    void upgrade(http::request<http::string_body>&& request);
    template <class Response>
    void send(Response&& response);
    void on_write(beast::error_code ec, bool close);
    void do_close();
    void linger();

    beast::tcp_stream stream_;
    beast::tcp_stream::executor_type executor_;  // the connection's strand, still known after the upgrade
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::shared_ptr<Gateway> gateway_;
    IpSlot slot_;
    std::uint64_t id_;
    std::string remote_;
    std::shared_ptr<const std::string> hold_;  // the body of a response being written, when it is not static
    bool upgraded_ = false, writing_ = false, closing_ = false, closed_ = false, linger_ = false;
};

// One WebSocket: the room layer's Outbox. Everything runs on the connection's strand: reads are handed
// to the hub in order, and writes go out one at a time from a bounded FIFO.
class WebSocketSession final : public room::Outbox,
                               public Connection,
                               public std::enable_shared_from_this<WebSocketSession> {
public:
    WebSocketSession(beast::tcp_stream&& stream, std::shared_ptr<Gateway> gateway, IpSlot slot, std::uint64_t id,
                     std::string remote);
    ~WebSocketSession() override;
    void run(http::request<http::string_body> request);

    // room::Outbox
    void send(room::Message message) override;
    void close(std::string_view reason) override;
    std::uint64_t id() const override { return id_; }
    const std::string& remote() const override { return remote_; }

    // Connection
    void close_gracefully(std::string_view reason) override;
    void close_now() override;
    bool is_websocket() const override { return true; }

private:
    void on_accept(beast::error_code ec);
    void do_read();
    void on_read(beast::error_code ec, std::size_t bytes);
    void refuse(std::string_view code, std::string_view message, std::string_view id_json);
    void enqueue(room::Message message);
    void do_write();
    void on_write(beast::error_code ec, std::size_t bytes);
    void begin_close(websocket::close_code code, std::string_view reason);
    void do_close();
    void finish(beast::error_code ec);

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    std::shared_ptr<Gateway> gateway_;
    IpSlot slot_;
    std::uint64_t id_;
    std::string remote_;
    std::deque<room::Message> queue_;  // front() is being written while writing_
    TokenBucket rate_;
    TokenBucket flood_;
    websocket::close_reason close_reason_;
    bool opened_ = false, in_hub_ = false, writing_ = false, closing_ = false, close_sent_ = false, finished_ = false;
};

}  // namespace catan::net
