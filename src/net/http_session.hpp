#pragma once
// Internal to catan_net: one connection speaking HTTP/1.1 (http_session_io.cpp), over plain TCP or
// over TLS. It reads a request, has handle_request answer it, and writes the answer; it upgrades to a
// WebSocket itself. A session of the redirect listener answers every request with a 308 to https.
#include <optional>

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/message_generator.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

#include "gateway.hpp"

namespace catan::net {

using PlainStream = beast::tcp_stream;
using TlsStream = beast::ssl_stream<beast::tcp_stream>;

// What a connection's listener serves.
enum class Serving { site, redirect_to_https };

// One connection speaking HTTP/1.1 until it asks for a WebSocket upgrade at /ws. `Stream` is
// PlainStream or TlsStream (both instantiated in http_session_io.cpp).
template <class Stream>
class HttpSession final : public Connection, public std::enable_shared_from_this<HttpSession<Stream>> {
public:
    // `tls_context`: the context of a TlsStream (null for a PlainStream), kept for the connection's life.
    HttpSession(tcp::socket&& socket, std::shared_ptr<asio::ssl::context> tls_context, Serving serving,
                std::shared_ptr<Gateway> gateway, IpSlot slot, std::uint64_t id, std::string remote);
    ~HttpSession() override;
    void run();

    void close_gracefully(std::string_view reason) override;
    void close_now() override;
    bool is_websocket() const override { return false; }

private:
    void on_handshake(beast::error_code ec);
    void do_read();
    void on_read(beast::error_code ec, std::size_t bytes);
    void upgrade(http::request<http::string_body>&& request);
    void send(http::message_generator response);
    void on_write(beast::error_code ec, bool close);
    void do_close();
    void linger();
    auto& lowest() { return beast::get_lowest_layer(stream_); }  // the TCP stream under TLS, or the stream itself

    std::shared_ptr<asio::ssl::context> tls_context_;  // before stream_: the stream refers to it
    Stream stream_;
    beast::tcp_stream::executor_type executor_;  // the connection's strand, still known after the upgrade
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::shared_ptr<Gateway> gateway_;
    IpSlot slot_;
    std::uint64_t id_;
    std::string remote_;
    Serving serving_;
    bool upgraded_ = false, writing_ = false, closing_ = false, closed_ = false, linger_ = false;
};

}  // namespace catan::net
