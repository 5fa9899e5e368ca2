#include "gateway_support.hpp"

#include <cstdlib>
#include <stdexcept>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <boost/beast/http/write.hpp>
#include <spdlog/spdlog.h>
#ifdef CATAN_TEST_ZLIB
#include <zlib.h>
#endif

namespace gateway_test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

catan::net::ServerOptions test_options() {
    // Quiet unless asked: CATAN_TEST_LOG=debug shows the server's log lines.
    const char* level = std::getenv("CATAN_TEST_LOG");
    spdlog::set_level(level ? spdlog::level::from_str(level) : spdlog::level::err);
    catan::net::ServerOptions o;
    o.listen = "127.0.0.1:0";
    o.threads = 2;
    o.handle_signals = false;
    o.assets = gateway_test_assets();
    o.shutdown_grace = 1500ms;
    o.hub.public_url = "";
    return o;
}

TestServer::TestServer(catan::net::ServerOptions options) : server(std::move(options)), port(server.start()) {}

TestServer::~TestServer() {
    server.stop();
    server.wait();
}

namespace {

// Runs one asynchronous operation on a private io_context with a deadline.
template <class Stream, class Start>
beast::error_code run_with_deadline(asio::io_context& ioc, Stream& stream, Start&& start,
                                    std::chrono::milliseconds timeout) {
    std::optional<beast::error_code> result;
    start([&result](beast::error_code ec, auto&&...) { result = ec; });
    ioc.restart();
    ioc.run_for(timeout);
    if (!result) {
        beast::error_code ignored;
        beast::get_lowest_layer(stream).socket().close(ignored);
        ioc.restart();
        ioc.run_for(1s);
        return asio::error::timed_out;
    }
    return *result;
}

tcp::endpoint loopback(std::uint16_t port) { return {asio::ip::make_address("127.0.0.1"), port}; }

}  // namespace

Response http_request(std::uint16_t port, Method m, std::string_view target,
                      const std::map<std::string, std::string>& headers, std::string body, const std::string& source) {
    const http::verb method = m == Method::get    ? http::verb::get
                              : m == Method::head ? http::verb::head
                              : m == Method::post ? http::verb::post
                                                  : http::verb::delete_;
    asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    if (!source.empty()) {
        stream.socket().open(tcp::v4());
        stream.socket().bind({asio::ip::make_address(source), 0});
    }
    auto ec = run_with_deadline(ioc, stream, [&](auto h) { stream.async_connect(loopback(port), h); }, 3s);
    if (ec) throw std::runtime_error("connect: " + ec.message());
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
    for (const auto& [name, value] : headers) req.set(name, value);
    if (!body.empty() || method == http::verb::post) {
        req.body() = std::move(body);
        req.prepare_payload();
    }
    ec = run_with_deadline(ioc, stream, [&](auto h) { http::async_write(stream, req, h); }, 3s);
    if (ec) throw std::runtime_error("write: " + ec.message());
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    if (method == http::verb::head) parser.skip(true);
    ec = run_with_deadline(ioc, stream, [&](auto h) { http::async_read(stream, buffer, parser, h); }, 5s);
    if (ec) throw std::runtime_error("read: " + ec.message());
    const auto& res = parser.get();
    Response out;
    out.status = res.result_int();
    for (const auto& field : res) {
        std::string name(field.name_string());
        for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        out.headers[name] = std::string(field.value());
    }
    out.body = res.body();
    return out;
}

Response http_request_from(const std::string& source, std::uint16_t port, Method m, std::string_view target, std::string body) {
    const http::verb method = m == Method::get ? http::verb::get : m == Method::head ? http::verb::head
                              : m == Method::post                   ? http::verb::post
                                                                    : http::verb::delete_;
    asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.socket().open(tcp::v4());
    stream.socket().bind({asio::ip::make_address(source), 0});
    auto ec = run_with_deadline(ioc, stream, [&](auto h) { stream.async_connect(loopback(port), h); }, 3s);
    if (ec) throw std::runtime_error("connect from " + source + ": " + ec.message());
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
    if (!body.empty() || method == http::verb::post) {
        req.body() = std::move(body);
        req.prepare_payload();
    }
    ec = run_with_deadline(ioc, stream, [&](auto h) { http::async_write(stream, req, h); }, 3s);
    if (ec) throw std::runtime_error("write: " + ec.message());
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    ec = run_with_deadline(ioc, stream, [&](auto h) { http::async_read(stream, buffer, parser, h); }, 5s);
    if (ec) throw std::runtime_error("read: " + ec.message());
    Response out;
    out.status = parser.get().result_int();
    for (const auto& field : parser.get()) {
        std::string name(field.name_string());
        for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        out.headers[name] = std::string(field.value());
    }
    out.body = parser.get().body();
    return out;
}

std::string raw_request(std::uint16_t port, const std::string& raw) {
    asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    auto ec = run_with_deadline(ioc, stream, [&](auto h) { stream.async_connect(loopback(port), h); }, 3s);
    if (ec) throw std::runtime_error("connect: " + ec.message());
    ec = run_with_deadline(ioc, stream, [&](auto h) { asio::async_write(stream, asio::buffer(raw), h); }, 3s);
    if (ec) throw std::runtime_error("write: " + ec.message());
    std::string out;
    auto buffer = asio::dynamic_buffer(out);
    run_with_deadline(ioc, stream, [&](auto h) { asio::async_read_until(stream, buffer, "\r\n\r\n", h); }, 3s);
    return out;
}

struct RawConnection::Impl {
    asio::io_context ioc;
    beast::tcp_stream stream{ioc};
    bool closed = false;
};

RawConnection::RawConnection(std::uint16_t port, const std::string& source) : impl_(std::make_unique<Impl>()) {
    auto& socket = impl_->stream.socket();
    socket.open(tcp::v4());
    socket.bind({asio::ip::make_address(source), 0});
    const auto ec = run_with_deadline(impl_->ioc, impl_->stream,
                                      [&](auto h) { impl_->stream.async_connect(loopback(port), h); }, 3s);
    if (ec) throw std::runtime_error("connect from " + source + ": " + ec.message());
}

RawConnection::~RawConnection() = default;
RawConnection::RawConnection(RawConnection&&) noexcept = default;

bool RawConnection::send(std::string_view bytes) {
    auto& d = *impl_;
    return !run_with_deadline(d.ioc, d.stream,
                              [&](auto h) { asio::async_write(d.stream, asio::buffer(bytes.data(), bytes.size()), h); }, 3s);
}

std::string RawConnection::read_until_close(std::chrono::milliseconds timeout) {
    auto& d = *impl_;
    std::string out;
    auto buffer = asio::dynamic_buffer(out);
    // async_read to EOF: it ends with eof when the server closes, or a reset once it has answered.
    const auto ec = run_with_deadline(d.ioc, d.stream, [&](auto h) { asio::async_read(d.stream, buffer, h); }, timeout);
    d.closed = ec == asio::error::eof || ec == asio::error::connection_reset;
    return out;
}

bool RawConnection::closed() const { return impl_->closed; }

std::string raw_exchange(std::uint16_t port, std::string_view raw, const std::string& source) {
    RawConnection c(port, source);
    c.send(raw);
    return c.read_until_close();
}

std::string gunzip(std::string_view data) {
#ifndef CATAN_TEST_ZLIB
    (void)data;
    throw std::runtime_error("built without zlib");
#else
    z_stream z{};
    if (inflateInit2(&z, 15 + 16) != Z_OK) throw std::runtime_error("inflateInit2");
    std::string out;
    char chunk[16384];
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    int rc = Z_OK;
    while (rc == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(chunk);
        z.avail_out = sizeof chunk;
        rc = inflate(&z, Z_NO_FLUSH);
        out.append(chunk, sizeof chunk - z.avail_out);
    }
    inflateEnd(&z);
    if (rc != Z_STREAM_END) throw std::runtime_error("not a gzip stream");
    return out;
#endif
}

// ----------------------------------------------------------------------------------------------------

struct WsClient::Impl {
    asio::io_context ioc;
    websocket::stream<beast::tcp_stream> ws{ioc};
    beast::flat_buffer buffer;
    beast::error_code error;
    std::string source;  // bind_to()

    template <class Start>
    void run(Start&& start, std::chrono::milliseconds timeout) {
        error = run_with_deadline(ioc, ws, std::forward<Start>(start), timeout);
    }
};

WsClient::WsClient() : impl_(std::make_unique<Impl>()) {}
WsClient::~WsClient() = default;

unsigned WsClient::connect(std::uint16_t port, std::string origin, int receive_buffer) {
    auto& d = *impl_;
    auto& socket = beast::get_lowest_layer(d.ws).socket();
    socket.open(tcp::v4());
    if (!d.source.empty()) socket.bind({asio::ip::make_address(d.source), 0});
    if (receive_buffer > 0) socket.set_option(asio::socket_base::receive_buffer_size(receive_buffer));
    d.run([&](auto h) { beast::get_lowest_layer(d.ws).async_connect(loopback(port), h); }, 3s);
    if (d.error) throw std::runtime_error("connect: " + d.error.message());
    if (!origin.empty())
        d.ws.set_option(websocket::stream_base::decorator(
            [origin](websocket::request_type& req) { req.set(http::field::origin, origin); }));
    d.ws.read_message_max(64 * 1024 * 1024);
    websocket::response_type res;
    d.run([&](auto h) { d.ws.async_handshake(res, "127.0.0.1:" + std::to_string(port), "/ws", h); }, 3s);
    return res.result_int();
}

void WsClient::send(std::string_view text) {
    auto& d = *impl_;
    d.ws.text(true);
    d.run([&](auto h) { d.ws.async_write(asio::buffer(text.data(), text.size()), h); }, 3s);
}

void WsClient::send_binary(std::string_view bytes) {
    auto& d = *impl_;
    d.ws.binary(true);
    d.run([&](auto h) { d.ws.async_write(asio::buffer(bytes.data(), bytes.size()), h); }, 3s);
}

std::optional<std::string> WsClient::read(std::chrono::milliseconds timeout) {
    auto& d = *impl_;
    d.buffer.clear();
    d.run([&](auto h) { d.ws.async_read(d.buffer, h); }, timeout);
    if (d.error) return std::nullopt;
    return beast::buffers_to_string(d.buffer.data());
}

std::optional<nlohmann::json> WsClient::read_type(std::string_view type, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left <= 0ms) return std::nullopt;
        const auto text = read(left);
        if (!text) return std::nullopt;
        auto j = nlohmann::json::parse(*text, nullptr, false);
        if (j.is_object() && j.value("type", "") == type) return j;
    }
}

void WsClient::bind_to(std::string address) { impl_->source = std::move(address); }

bool WsClient::ok() const { return !impl_->error; }
bool WsClient::closed() const { return impl_->error == websocket::error::closed; }
bool WsClient::timed_out() const { return impl_->error == asio::error::timed_out; }
int WsClient::close_code() const { return impl_->ws.reason().code; }
bool WsClient::is_open() const { return impl_->ws.is_open(); }

void WsClient::close() {
    auto& d = *impl_;
    if (!d.ws.is_open()) return;
    d.run([&](auto h) { d.ws.async_close(websocket::close_code::normal, h); }, 2s);
}

std::string create_and_join(WsClient& client, const std::string& name) {
    client.send_json({{"v", 1}, {"type", "create_room"}, {"options", {{"players", 4}}}});
    const auto created = client.read_type("room_created");
    if (!created) throw std::runtime_error("no room_created");
    const std::string code = (*created)["code"];
    client.send_json({{"v", 1}, {"type", "join"}, {"room", code}, {"name", name}, {"host_key", (*created)["host_key"]}});
    if (!client.read_type("welcome")) throw std::runtime_error("no welcome");
    return code;
}

}  // namespace gateway_test
