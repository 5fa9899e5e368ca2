// The only translation unit of server_tests that includes Beast and Asio (header-only, compiled once).
#include "ws_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

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

// Connects a socket to 127.0.0.1:port before the deadline; throws otherwise.
void connect_socket(asio::io_context& ioc, tcp::socket& socket, unsigned short port, Clock::time_point deadline) {
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

HttpResponse http_request(unsigned short port, std::string_view method, std::string_view target, std::string_view body,
                          const std::vector<std::pair<std::string, std::string>>& headers,
                          std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    asio::io_context ioc;
    tcp::socket socket(ioc);
    connect_socket(ioc, socket, port, deadline);

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
        socket.close();
        throw std::runtime_error(std::string("HTTP ") + std::string(method) + " " + std::string(target) + " timed out");
    }
    if (result) throw std::runtime_error("HTTP read: " + result.message());
    const auto& res = parser.get();
    HttpResponse out;
    out.status = static_cast<int>(res.result_int());
    out.body = res.body();
    for (const auto& field : res) out.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
    beast::error_code ignored;
    socket.shutdown(tcp::socket::shutdown_both, ignored);
    return out;
}

// ---- WebSocket ---------------------------------------------------------------------------------------------
struct WsClient::Impl {
    asio::io_context ioc;
    websocket::stream<tcp::socket> ws{ioc};
    beast::flat_buffer buffer;
    std::deque<std::string> inbox;
    bool reading = false;
    bool closed = false;
    bool record = true;
    int close_code = -1;
    std::string close_reason;
    std::string read_error;

    void start_read() {
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

    void write(std::string_view data, bool binary, std::chrono::milliseconds timeout) {
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
            beast::get_lowest_layer(ws).close(ignored);
            run_until(ioc, [&] { return done; }, Clock::now() + std::chrono::seconds(1));
            closed = true;
            throw std::runtime_error("WebSocket write timed out");
        }
        ws.binary(false);
        if (result) throw std::runtime_error("WebSocket write: " + result.message());
    }
};

WsClient::WsClient() : impl_(std::make_unique<Impl>()) {}

WsClient::~WsClient() {
    if (!impl_) return;
    beast::error_code ignored;
    beast::get_lowest_layer(impl_->ws).close(ignored);
}

WsClient::ConnectResult WsClient::try_connect(unsigned short port, std::optional<std::string> origin,
                                              std::chrono::milliseconds timeout) {
    return open(port, origin, 0, true, timeout);
}

std::unique_ptr<WsClient> WsClient::connect_unread(unsigned short port, int receive_buffer,
                                                   std::chrono::milliseconds timeout) {
    auto r = open(port, same_origin(port), receive_buffer, false, timeout);
    if (!r.client) throw std::runtime_error("WebSocket connect to 127.0.0.1:" + std::to_string(port) + "/ws failed: " + r.error);
    return std::move(r.client);
}

WsClient::ConnectResult WsClient::open(unsigned short port, const std::optional<std::string>& origin,
                                       int receive_buffer, bool read, std::chrono::milliseconds timeout) {
    ConnectResult out;
    const auto deadline = Clock::now() + timeout;
    std::unique_ptr<WsClient> c(new WsClient());
    Impl& m = *c->impl_;
    if (receive_buffer > 0) {  // before connecting: the window scale is agreed in the handshake
        auto& socket = beast::get_lowest_layer(m.ws);
        socket.open(tcp::v4());
        socket.set_option(asio::socket_base::receive_buffer_size(receive_buffer));
    }
    try {
        connect_socket(m.ioc, beast::get_lowest_layer(m.ws), port, deadline);
    } catch (const std::exception& e) {
        out.error = e.what();
        return out;
    }
    m.ws.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
        req.set(http::field::user_agent, "catan-server-tests");
        if (origin) req.set(http::field::origin, *origin);
    }));
    websocket::response_type res;
    bool done = false;
    beast::error_code result;
    m.ws.async_handshake(res, "127.0.0.1:" + std::to_string(port), "/ws", [&](beast::error_code ec) {
        done = true;
        result = ec;
    });
    if (!run_until(m.ioc, [&] { return done; }, deadline)) {
        out.error = "WebSocket handshake timed out";
        return out;
    }
    out.http_status = static_cast<int>(res.result_int());
    if (result) {
        out.error = "WebSocket handshake: " + result.message() + " (HTTP " + std::to_string(out.http_status) + ")";
        return out;
    }
    m.ws.text(true);
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

void WsClient::close() {
    Impl& m = *impl_;
    if (m.closed) return;
    bool done = false;
    m.ws.async_close(websocket::close_code::normal, [&](beast::error_code) { done = true; });
    run_until(m.ioc, [&] { return done && !m.reading; }, Clock::now() + std::chrono::seconds(2));
    beast::error_code ignored;
    beast::get_lowest_layer(m.ws).close(ignored);
    run_until(m.ioc, [&] { return done && !m.reading; }, Clock::now() + std::chrono::seconds(1));
    m.closed = true;
}

void WsClient::drop() {
    Impl& m = *impl_;
    beast::error_code ignored;
    beast::get_lowest_layer(m.ws).shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(m.ws).close(ignored);
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
