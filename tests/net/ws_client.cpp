// The only translation unit of server_tests that includes Beast and Asio (header-only, compiled once).
// The same client speaks plain TCP or TLS (tests/net/test_tls.cpp): WsClient's state is shared, its
// stream is a template argument.
#include "ws_client.hpp"
#include "tls_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <algorithm>
#include <cctype>
#include <deque>
#include <fstream>
#include <mutex>
#include <stdexcept>

namespace catan::nettest {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using TlsSocket = asio::ssl::stream<tcp::socket>;

// ---- Recording -----------------------------------------------------------------------------------------
namespace {

struct Recorder {
    std::mutex mutex;
    std::ofstream out;
    bool on = false;
};

Recorder& recorder() {
    static Recorder r;
    return r;
}

void record(const char* schema, const json& message) {
    if (!message.is_object()) return;
    Recorder& r = recorder();
    std::lock_guard lock(r.mutex);
    if (!r.on) return;
    r.out << json{{"schema", schema}, {"message", message}}.dump() << '\n';
}

void record_text(const char* schema, std::string_view text) {
    if (!recording()) return;
    json j = json::parse(text, nullptr, false);
    if (!j.is_discarded()) record(schema, j);
}

// Runs `ioc` until done() or the deadline; returns done().
template <class Done>
bool run_until(asio::io_context& ioc, Done&& done, Clock::time_point deadline) {
    while (!done()) {
        if (Clock::now() >= deadline) return false;
        if (ioc.stopped()) ioc.restart();
        if (ioc.run_one_until(deadline) == 0 && ioc.stopped() && !done()) {
            // Out of work: nothing can make done() true any more.
            ioc.restart();
            if (ioc.poll() == 0) return done();
        }
    }
    return true;
}

tcp::endpoint loopback(unsigned short port) { return {asio::ip::make_address_v4("127.0.0.1"), port}; }

// Connects a socket to 127.0.0.1:port before the deadline, from `source` (an address of
// 127.0.0.0/8; empty: the system's choice); throws otherwise.
void connect_socket(asio::io_context& ioc, tcp::socket& socket, unsigned short port, Clock::time_point deadline,
                    const std::string& source = {}) {
    if (!source.empty()) {
        socket.open(tcp::v4());
        socket.bind(tcp::endpoint(asio::ip::make_address_v4(source), 0));
    }
    bool done = false;
    beast::error_code result;
    socket.async_connect(loopback(port), [&](beast::error_code ec) {
        done = true;
        result = ec;
    });
    if (!run_until(ioc, [&] { return done; }, deadline)) {
        socket.close();
        run_until(ioc, [&] { return done; }, Clock::now() + std::chrono::seconds(1));
        throw std::runtime_error("connect to 127.0.0.1:" + std::to_string(port) + " timed out");
    }
    if (result) throw std::runtime_error("connect to 127.0.0.1:" + std::to_string(port) + ": " + result.message());
}

// The tests' servers use a self-signed certificate made on the spot: the client takes any
// certificate and reports its fingerprint for the test to check.
asio::ssl::context& client_tls_context() {
    static asio::ssl::context context = [] {
        asio::ssl::context c(asio::ssl::context::tls_client);
        c.set_verify_mode(asio::ssl::verify_none);
        return c;
    }();
    return context;
}

std::string peer_sha256(TlsSocket& stream) {
    X509* cert = SSL_get1_peer_certificate(stream.native_handle());
    if (!cert) return {};
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    X509_digest(cert, EVP_sha256(), md, &n);
    X509_free(cert);
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned i = 0; i < n; ++i) {
        if (i) out += ':';
        out += hex[md[i] >> 4];
        out += hex[md[i] & 15];
    }
    return out;
}

// Connects `stream` (plain or TLS) to 127.0.0.1:port, with the TLS handshake for a TlsSocket.
// Returns the server certificate's SHA-256 ("" for plain).
template <class Stream>
std::string connect_stream(asio::io_context& ioc, Stream& stream, unsigned short port, Clock::time_point deadline,
                           const std::string& source = {}) {
    auto& socket = beast::get_lowest_layer(stream);
    connect_socket(ioc, socket, port, deadline, source);
    if constexpr (std::is_same_v<Stream, TlsSocket>) {
        SSL_set_tlsext_host_name(stream.native_handle(), "localhost");
        bool done = false;
        beast::error_code result;
        stream.async_handshake(asio::ssl::stream_base::client, [&](beast::error_code ec) {
            done = true;
            result = ec;
        });
        if (!run_until(ioc, [&] { return done; }, deadline)) {
            socket.close();
            run_until(ioc, [&] { return done; }, Clock::now() + std::chrono::seconds(1));
            throw std::runtime_error("TLS handshake with 127.0.0.1:" + std::to_string(port) + " timed out");
        }
        if (result) throw std::runtime_error("TLS handshake with 127.0.0.1:" + std::to_string(port) + ": " + result.message());
        return peer_sha256(stream);
    } else {
        return {};
    }
}

template <class Stream>
Stream make_stream(asio::io_context& ioc) {
    if constexpr (std::is_same_v<Stream, TlsSocket>)
        return Stream(ioc, client_tls_context());
    else
        return Stream(ioc);
}

}  // namespace

void start_recording(const std::string& path) {
    Recorder& r = recorder();
    std::lock_guard lock(r.mutex);
    r.out = std::ofstream(path, std::ios::trunc);
    if (!r.out) throw std::runtime_error("cannot write " + path);
    r.on = true;
}

void stop_recording() {
    Recorder& r = recorder();
    std::lock_guard lock(r.mutex);
    r.on = false;
    r.out.close();
}

void record_message(const std::string& schema, const json& message) { record(schema.c_str(), message); }

bool recording() {
    Recorder& r = recorder();
    std::lock_guard lock(r.mutex);
    return r.on;
}

// ---- HTTP -----------------------------------------------------------------------------------------------------
std::string HttpResponse::header(std::string_view name) const {
    auto lower = [](std::string_view s) {
        std::string o(s);
        std::transform(o.begin(), o.end(), o.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return o;
    };
    for (const auto& [k, v] : headers)
        if (lower(k) == lower(name)) return v;
    return {};
}

json HttpResponse::json_body() const { return json::parse(body); }

std::string same_origin(unsigned short port) { return "http://127.0.0.1:" + std::to_string(port); }

namespace {

template <class Stream>
HttpResponse exchange(unsigned short port, std::string_view method, std::string_view target, std::string_view body,
                      const std::vector<std::pair<std::string, std::string>>& headers, std::chrono::milliseconds timeout,
                      const std::string& source = {}) {
    const auto deadline = Clock::now() + timeout;
    asio::io_context ioc;
    Stream socket = make_stream<Stream>(ioc);
    const std::string fingerprint = connect_stream(ioc, socket, port, deadline, source);

    http::request<http::string_body> req;
    req.method_string(std::string(method));
    req.target(std::string(target));
    req.version(11);
    req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
    req.set(http::field::user_agent, "catan-server-tests");
    req.set(http::field::connection, "close");
    bool has_content_type = false;
    for (const auto& [k, v] : headers) {
        req.set(k, v);
        has_content_type |= beast::iequals(k, "content-type");
    }
    if (!body.empty() && !has_content_type) req.set(http::field::content_type, "application/json");
    req.body() = std::string(body);
    req.prepare_payload();

    bool done = false;
    beast::error_code result;
    http::async_write(socket, req, [&](beast::error_code ec, std::size_t) {
        done = true;
        result = ec;
    });
    if (!run_until(ioc, [&] { return done; }, deadline)) throw std::runtime_error("HTTP write timed out");
    if (result) throw std::runtime_error("HTTP write: " + result.message());

    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024 * 1024);
    done = false;
    http::async_read(socket, buffer, parser, [&](beast::error_code ec, std::size_t) {
        done = true;
        result = ec;
    });
    if (!run_until(ioc, [&] { return done; }, deadline)) {
        beast::get_lowest_layer(socket).close();
        throw std::runtime_error(std::string("HTTP ") + std::string(method) + " " + std::string(target) + " timed out");
    }
    if (result) throw std::runtime_error("HTTP read: " + result.message());
    const auto& res = parser.get();
    HttpResponse out;
    out.status = static_cast<int>(res.result_int());
    out.body = res.body();
    out.peer_certificate_sha256 = fingerprint;
    for (const auto& field : res) out.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
    beast::error_code ignored;
    beast::get_lowest_layer(socket).shutdown(tcp::socket::shutdown_both, ignored);
    return out;
}

}  // namespace

HttpResponse http_request(unsigned short port, std::string_view method, std::string_view target, std::string_view body,
                          const std::vector<std::pair<std::string, std::string>>& headers,
                          std::chrono::milliseconds timeout) {
    return exchange<tcp::socket>(port, method, target, body, headers, timeout);
}

HttpResponse https_request(unsigned short port, std::string_view method, std::string_view target, std::string_view body,
                           const std::vector<std::pair<std::string, std::string>>& headers,
                           std::chrono::milliseconds timeout) {
    return exchange<TlsSocket>(port, method, target, body, headers, timeout);
}

HttpResponse https_request_from(const std::string& source, unsigned short port, std::string_view method,
                                std::string_view target, std::chrono::milliseconds timeout) {
    return exchange<TlsSocket>(port, method, target, {}, {}, timeout, source);
}

// ---- WebSocket ---------------------------------------------------------------------------------------------
// What every client holds whatever its stream; the stream and what touches it are StreamImpl's.
struct WsClient::Impl {
    asio::io_context ioc;
    beast::flat_buffer buffer;
    std::deque<std::string> inbox;
    bool reading = false;
    bool closed = false;
    bool record = true;
    int close_code = -1;
    std::string close_reason;
    std::string read_error;
    std::string peer_sha256;  // TLS only
    std::string target = "/ws";  // the upgrade's request target

    virtual ~Impl() = default;
    virtual tcp::socket& socket() = 0;
    // Connects (TLS handshake included), then the WebSocket upgrade; the upgrade's answer goes to `res`.
    virtual beast::error_code open(unsigned short port, const std::optional<std::string>& origin,
                                   websocket::response_type& res, Clock::time_point deadline) = 0;
    virtual void start_read() = 0;
    virtual void write(std::string_view data, bool binary, std::chrono::milliseconds timeout) = 0;
    virtual void async_close(bool& done) = 0;
};

namespace {

template <class Next>
websocket::stream<Next> make_websocket(asio::io_context& ioc) {
    if constexpr (std::is_same_v<Next, TlsSocket>)
        return websocket::stream<Next>(ioc, client_tls_context());
    else
        return websocket::stream<Next>(ioc);
}

template <class Next>
struct StreamImpl final : WsClient::Impl {
    websocket::stream<Next> ws = make_websocket<Next>(ioc);

    tcp::socket& socket() override { return beast::get_lowest_layer(ws); }

    beast::error_code open(unsigned short port, const std::optional<std::string>& origin, websocket::response_type& res,
                           Clock::time_point deadline) override {
        peer_sha256 = connect_stream(ioc, ws.next_layer(), port, deadline);
        ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
            req.set(http::field::user_agent, "catan-server-tests");
            if (origin) req.set(http::field::origin, *origin);
        }));
        bool done = false;
        beast::error_code result;
        ws.async_handshake(res, "127.0.0.1:" + std::to_string(port), target, [&](beast::error_code ec) {
            done = true;
            result = ec;
        });
        if (!run_until(ioc, [&] { return done; }, deadline)) return beast::error::timeout;
        ws.text(true);
        return result;
    }

    void start_read() override {
        reading = true;
        ws.async_read(buffer, [this](beast::error_code ec, std::size_t) {
            reading = false;
            if (ec) {
                closed = true;
                read_error = ec.message();
                if (ec == websocket::error::closed) {
                    close_code = static_cast<int>(ws.reason().code);
                    close_reason = std::string(ws.reason().reason.c_str());
                }
                return;
            }
            std::string text = beast::buffers_to_string(buffer.data());
            buffer.consume(buffer.size());
            if (record) record_text("server", text);
            inbox.push_back(std::move(text));
            start_read();
        });
    }

    void write(std::string_view data, bool binary, std::chrono::milliseconds timeout) override {
        if (closed) throw std::runtime_error("send on a closed WebSocket (" + read_error + ")");
        ws.binary(binary);
        auto buf = std::make_shared<std::string>(data);
        bool done = false;
        beast::error_code result;
        ws.async_write(asio::buffer(*buf), [&, buf](beast::error_code ec, std::size_t) {
            done = true;
            result = ec;
        });
        if (!run_until(ioc, [&] { return done; }, Clock::now() + timeout)) {
            beast::error_code ignored;
            socket().close(ignored);
            run_until(ioc, [&] { return done; }, Clock::now() + std::chrono::seconds(1));
            closed = true;
            throw std::runtime_error("WebSocket write timed out");
        }
        ws.binary(false);
        if (result) throw std::runtime_error("WebSocket write: " + result.message());
    }

    void async_close(bool& done) override {
        ws.async_close(websocket::close_code::normal, [&done](beast::error_code) { done = true; });
    }
};

}  // namespace

WsClient::WsClient(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

WsClient::~WsClient() {
    if (!impl_) return;
    beast::error_code ignored;
    impl_->socket().close(ignored);
}

WsClient::ConnectResult WsClient::try_connect(unsigned short port, std::optional<std::string> origin,
                                              std::chrono::milliseconds timeout) {
    return open(port, origin, 0, true, false, timeout);
}

WsClient::ConnectResult WsClient::try_connect_to(unsigned short port, std::string_view target, std::optional<std::string> origin,
                                                 std::chrono::milliseconds timeout) {
    return open(port, origin, 0, true, false, timeout, target);
}

std::unique_ptr<WsClient> WsClient::connect_to(unsigned short port, std::string_view target, std::chrono::milliseconds timeout) {
    auto r = try_connect_to(port, target, same_origin(port), timeout);
    if (!r.client)
        throw std::runtime_error("WebSocket connect to 127.0.0.1:" + std::to_string(port) + std::string(target) + " failed: " + r.error);
    return std::move(r.client);
}

std::unique_ptr<WsClient> WsClient::connect_unread(unsigned short port, int receive_buffer,
                                                   std::chrono::milliseconds timeout) {
    auto r = open(port, same_origin(port), receive_buffer, false, false, timeout);
    if (!r.client) throw std::runtime_error("WebSocket connect to 127.0.0.1:" + std::to_string(port) + "/ws failed: " + r.error);
    return std::move(r.client);
}

std::unique_ptr<WsClient> WsClient::connect_tls(unsigned short port, std::chrono::milliseconds timeout) {
    auto r = open(port, "https://127.0.0.1:" + std::to_string(port), 0, true, true, timeout);
    if (!r.client) throw std::runtime_error("WebSocket connect to wss://127.0.0.1:" + std::to_string(port) + "/ws failed: " + r.error);
    return std::move(r.client);
}

WsClient::ConnectResult WsClient::open(unsigned short port, const std::optional<std::string>& origin,
                                       int receive_buffer, bool read, bool tls, std::chrono::milliseconds timeout,
                                       std::string_view target) {
    ConnectResult out;
    const auto deadline = Clock::now() + timeout;
    std::unique_ptr<Impl> impl;
    if (tls)
        impl = std::make_unique<StreamImpl<TlsSocket>>();
    else
        impl = std::make_unique<StreamImpl<tcp::socket>>();
    std::unique_ptr<WsClient> c(new WsClient(std::move(impl)));
    Impl& m = *c->impl_;
    m.target = std::string(target);
    if (receive_buffer > 0) {  // before connecting: the window scale is agreed in the handshake
        m.socket().open(tcp::v4());
        m.socket().set_option(asio::socket_base::receive_buffer_size(receive_buffer));
    }
    websocket::response_type res;
    beast::error_code result;
    try {
        result = m.open(port, origin, res, deadline);
    } catch (const std::exception& e) {
        out.error = e.what();
        return out;
    }
    if (result == beast::error::timeout) {
        out.error = "WebSocket handshake timed out";
        return out;
    }
    out.http_status = static_cast<int>(res.result_int());
    if (result) {
        out.error = "WebSocket handshake: " + result.message() + " (HTTP " + std::to_string(out.http_status) + ")";
        return out;
    }
    if (read) m.start_read();
    out.client = std::move(c);
    return out;
}

std::unique_ptr<WsClient> WsClient::connect(unsigned short port, std::chrono::milliseconds timeout) {
    auto r = try_connect(port, same_origin(port), timeout);
    if (!r.client) throw std::runtime_error("WebSocket connect to 127.0.0.1:" + std::to_string(port) + "/ws failed: " + r.error);
    return std::move(r.client);
}

void WsClient::send(const json& message) {
    const std::string text = message.dump();
    impl_->write(text, false, kDefaultTimeout);
    if (impl_->record) record("client", message);
}

void WsClient::send_text(std::string_view text, bool rec) {
    impl_->write(text, false, kDefaultTimeout);
    if (rec && impl_->record) record_text("client", text);
}

void WsClient::send_binary(std::string_view bytes) { impl_->write(bytes, true, kDefaultTimeout); }

std::optional<std::string> WsClient::receive_text(std::chrono::milliseconds timeout) {
    Impl& m = *impl_;
    run_until(m.ioc, [&] { return !m.inbox.empty() || m.closed; }, Clock::now() + timeout);
    if (m.inbox.empty()) return std::nullopt;
    std::string text = std::move(m.inbox.front());
    m.inbox.pop_front();
    return text;
}

std::optional<json> WsClient::receive(std::chrono::milliseconds timeout) {
    auto text = receive_text(timeout);
    if (!text) return std::nullopt;
    json j = json::parse(*text, nullptr, false);
    if (j.is_discarded()) throw std::runtime_error("the server sent a frame that is not JSON: " + text->substr(0, 200));
    return j;
}

bool WsClient::wait_closed(std::chrono::milliseconds timeout) {
    Impl& m = *impl_;
    const auto deadline = Clock::now() + timeout;
    run_until(m.ioc, [&] { return m.closed; }, deadline);
    m.inbox.clear();
    return m.closed;
}

bool WsClient::closed() const { return impl_->closed; }
int WsClient::close_code() const { return impl_->close_code; }
std::string WsClient::close_reason() const { return impl_->close_reason; }
std::string WsClient::read_error() const { return impl_->read_error; }
std::size_t WsClient::pending() const { return impl_->inbox.size(); }
void WsClient::set_recording(bool on) { impl_->record = on; }
const std::string& WsClient::peer_certificate_sha256() const { return impl_->peer_sha256; }

void WsClient::close() {
    Impl& m = *impl_;
    if (m.closed) return;
    bool done = false;
    m.async_close(done);
    run_until(m.ioc, [&] { return done && !m.reading; }, Clock::now() + std::chrono::seconds(2));
    beast::error_code ignored;
    m.socket().close(ignored);
    run_until(m.ioc, [&] { return done && !m.reading; }, Clock::now() + std::chrono::seconds(1));
    m.closed = true;
}

void WsClient::drop() {
    Impl& m = *impl_;
    beast::error_code ignored;
    m.socket().shutdown(tcp::socket::shutdown_both, ignored);
    m.socket().close(ignored);
    run_until(m.ioc, [&] { return !m.reading; }, Clock::now() + std::chrono::seconds(1));
    m.closed = true;
    m.inbox.clear();
}

// ---- ViewTracker -----------------------------------------------------------------------------------------------
bool ViewTracker::apply(const json& m) {
    if (!m.is_object() || !m.contains("type")) return false;
    const std::string type = m["type"].is_string() ? m["type"].get<std::string>() : "";
    if (type == "snapshot") {
        if (!m.contains("seq") || !m["seq"].is_number_integer()) throw std::runtime_error("snapshot without an integer seq");
        if (!m.contains("doc") || !m["doc"].is_object()) throw std::runtime_error("snapshot without a doc object");
        seq_ = m["seq"].get<std::int64_t>();
        doc_ = m["doc"];
        legal_ = m.value("legal", json());
        if (m.contains("topology") && !m["topology"].is_null()) topology_ = m["topology"];
        last_events_ = json::array();
        has_snapshot_ = true;
        ++snapshots_;
        return true;
    }
    if (type == "update") {
        if (!has_snapshot_) throw std::runtime_error("update before any snapshot");
        if (!m.contains("seq") || !m["seq"].is_number_integer()) throw std::runtime_error("update without an integer seq");
        const auto seq = m["seq"].get<std::int64_t>();
        if (seq != seq_ + 1)
            throw std::runtime_error("update seq " + std::to_string(seq) + " after seq " + std::to_string(seq_) +
                                     " (every connection must get every seq, in order)");
        if (!m.contains("patch") || !m["patch"].is_array()) throw std::runtime_error("update without a patch array");
        try {
            doc_ = doc_.patch(m["patch"]);
        } catch (const std::exception& e) {
            throw std::runtime_error(std::string("update patch does not apply to the tracked doc: ") + e.what() +
                                     "; patch " + m["patch"].dump().substr(0, 400));
        }
        seq_ = seq;
        legal_ = m.value("legal", json());
        last_events_ = m.value("events", json::array());
        ++updates_;
        return true;
    }
    return false;
}

const json& ViewTracker::game() const {
    static const json null_json;
    if (!doc_.is_object() || !doc_.contains("game")) return null_json;
    return doc_["game"];
}

json ViewTracker::legal_actions() const {
    if (!legal_.is_object()) return json::array();
    if (legal_.contains("actions") && legal_["actions"].is_array()) return legal_["actions"];
    if (legal_.contains("commands") && legal_["commands"].is_array()) return legal_["commands"];
    return json::array();
}

}  // namespace catan::nettest
