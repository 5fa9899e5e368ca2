// HTTP/1.1 on the gateway's port: static files, REST, health, metrics, and the WebSocket upgrade.
#include <cctype>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/span_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "http_session.hpp"

namespace catan::net {

namespace websocket = beast::websocket;

namespace {

using Request = http::request<http::string_body>;
using StringResponse = http::response<http::string_body>;

constexpr std::string_view kServer = "catan-server";

bool is_head(const Request& req) { return req.method() == http::verb::head; }

StringResponse make_response(const Request& req, http::status status, std::string body, std::string_view type,
                             std::string_view cache = "no-store") {
    StringResponse res{status, req.version()};
    res.set(http::field::server, kServer);
    res.set(http::field::content_type, type);
    res.set(http::field::cache_control, cache);
    res.set("X-Content-Type-Options", "nosniff");
    res.keep_alive(req.keep_alive());
    const auto size = body.size();
    if (!is_head(req)) res.body() = std::move(body);
    res.content_length(size);
    return res;
}

StringResponse text(const Request& req, http::status status, std::string body) {
    return make_response(req, status, std::move(body), "text/plain; charset=utf-8");
}

StringResponse json(const Request& req, int status, const nlohmann::json& body) {
    return make_response(req, static_cast<http::status>(status), body.dump(), "application/json");
}

nlohmann::json error_body(std::string_view code, std::string_view message) {
    return {{"code", code}, {"message", message}};
}

// A Host header fit to go into a URL: a name or address, an optional port, nothing else.
bool plausible_host(std::string_view host) {
    if (host.empty() || host.size() > 255) return false;
    for (const char c : host)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']'))
            return false;
    return true;
}

std::string_view path_of(std::string_view target) { return target.substr(0, target.find_first_of("?#")); }

}  // namespace

HttpSession::HttpSession(tcp::socket&& socket, std::shared_ptr<Gateway> gateway, IpSlot slot, std::uint64_t id,
                         std::string remote)
    : stream_(std::move(socket)),
      executor_(stream_.get_executor()),
      gateway_(std::move(gateway)),
      slot_(std::move(slot)),
      id_(id),
      remote_(std::move(remote)) {}

HttpSession::~HttpSession() {
    if (!upgraded_) gateway_->remove(id_);
}

void HttpSession::run() {
    gateway_->add(id_, shared_from_this());
    asio::dispatch(executor_, beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::close_gracefully(std::string_view) {
    asio::post(executor_, [self = shared_from_this()] {
        self->closing_ = true;
        if (!self->writing_) self->do_close();
    });
}

void HttpSession::close_now() {
    asio::post(executor_, [self = shared_from_this()] { self->do_close(); });
}

void HttpSession::do_close() {
    if (upgraded_ || closed_) return;
    closed_ = true;
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
}

void HttpSession::do_read() {
    if (closed_) return;
    parser_.emplace();
    parser_->body_limit(gateway_->options.max_body_bytes);
    parser_->header_limit(16 * 1024);
    // A connection over its address's cap gets one short chance to hear why.
    stream_.expires_after(slot_ ? gateway_->options.http_timeout : std::chrono::seconds(5));
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return do_close();
    if (ec == http::error::body_limit) {
        spdlog::info("[conn {} {}] request body over {} bytes refused", id_, remote_, gateway_->options.max_body_bytes);
        auto res = json(parser_->get(), 413, error_body("out_of_range", "the request body is too large"));
        res.keep_alive(false);
        linger_ = true;  // the rest of the body is still coming: read it away so the answer is not reset
        return send(std::move(res));
    }
    if (ec) {
        if (ec != beast::error::timeout && ec != asio::error::operation_aborted && ec != asio::error::connection_reset)
            spdlog::debug("[conn {} {}] http read: {}", id_, remote_, ec.message());
        return do_close();
    }
    auto request = parser_->release();
    if (!slot_) {
        auto res = json(request, 429,
                        error_body("too_many_connections", "too many connections from this address"));
        res.keep_alive(false);
        return send(std::move(res));
    }
    if (websocket::is_upgrade(request)) return upgrade(std::move(request));
    handle(std::move(request));
}

void HttpSession::upgrade(Request&& req) {
    const auto origin = req[http::field::origin];
    if (path_of(req.target()) != "/ws") {
        auto res = text(req, http::status::not_found, "not found\n");
        res.keep_alive(false);
        return send(std::move(res));
    }
    if (!origin_allowed(origin, req[http::field::host], gateway_->options.allowed_origins)) {
        gateway_->metrics.frame_rejected();
        spdlog::warn("[conn {} {}] WebSocket from origin '{}' refused (host '{}')", id_, remote_, origin,
                     req[http::field::host]);
        auto res = text(req, http::status::forbidden, "origin not allowed\n");
        res.keep_alive(false);
        return send(std::move(res));
    }
    if (gateway_->stopping) {
        auto res = text(req, http::status::service_unavailable, "shutting down\n");
        res.keep_alive(false);
        return send(std::move(res));
    }
    upgraded_ = true;
    gateway_->remove(id_);  // the WebSocket registers itself once its handshake is done
    stream_.expires_never();  // the WebSocket keeps its own timeouts
    start_websocket(std::move(stream_), gateway_, std::move(slot_), id_, std::move(remote_), std::move(req));
}

void HttpSession::handle(Request&& req) {
    const std::string_view target = req.target();
    const std::string_view path = path_of(target);
    const auto method = req.method();
    const bool get = method == http::verb::get || method == http::verb::head;
    auto& gw = *gateway_;

    auto refuse_method = [&](std::string_view allow) {
        auto res = text(req, http::status::method_not_allowed, "method not allowed\n");
        res.set(http::field::allow, allow);
        send(std::move(res));
    };
    auto log_request = [&](unsigned status) {
        spdlog::debug("[conn {} {}] {} {} -> {}", id_, remote_, std::string_view(req.method_string()), target, status);
    };

    if (path == "/healthz") {
        if (!get) return refuse_method("GET, HEAD");
        log_request(200);
        return send(text(req, http::status::ok, "ok"));
    }
    if (path == "/metrics") {
        if (!get) return refuse_method("GET, HEAD");
        log_request(200);
        return send(make_response(req, http::status::ok, gw.metrics.prometheus(), "text/plain; version=0.0.4; charset=utf-8"));
    }
    if (path == "/ws") {
        auto res = text(req, http::status::upgrade_required, "this is a WebSocket endpoint\n");
        res.set(http::field::upgrade, "websocket");
        return send(std::move(res));
    }
    if (path == "/api/rooms") {
        if (method != http::verb::post) return refuse_method("POST");
        if (!origin_allowed(req[http::field::origin], req[http::field::host], gw.options.allowed_origins)) {
            gw.metrics.frame_rejected();
            return send(text(req, http::status::forbidden, "origin not allowed\n"));
        }
        nlohmann::json options = nlohmann::json::object();
        const auto& body = req.body();
        if (body.find_first_not_of(" \t\r\n") != std::string::npos) {
            options = nlohmann::json::parse(body, nullptr, false);
            if (options.is_discarded())
                return send(json(req, 400, error_body("malformed", "the request body is not valid JSON")));
            if (!options.is_object())
                return send(json(req, 400, error_body("wrong_type", "the request body must be a JSON object")));
        }
        // The answer comes from the store's commit (this thread goes on meanwhile), back on this strand.
        auto request = std::make_shared<Request>(std::move(req));
        const auto created = [self = shared_from_this(), request](room::Hub::HttpResult result) {
            asio::post(self->executor_, [self, request, result = std::move(result)]() mutable {
                const Request& req = *request;
                auto& gw = *self->gateway_;
                // Without --public-url the join URL uses the address the client reached us by.
                if (gw.public_url.empty() && result.body.is_object() && result.body.contains("code") &&
                    result.body["code"].is_string() && plausible_host(req[http::field::host]))
                    result.body["url"] =
                        "http://" + std::string(req[http::field::host]) + "/r/" + result.body["code"].get<std::string>();
                if (result.status == 201 && result.body.is_object() && result.body.contains("code"))
                    spdlog::info("[conn {} {}] room {} created over HTTP", self->id_, self->remote_, result.body["code"].get<std::string>());
                spdlog::debug("[conn {} {}] POST {} -> {}", self->id_, self->remote_, std::string_view(req.target()), result.status);
                self->send(json(req, result.status, result.body));
            });
        };
        try {
            gw.hub.create_room(options, remote_, created);
        } catch (const std::exception& e) {
            spdlog::error("[conn {} {}] create_room failed: {}", id_, remote_, e.what());
            return send(text(*request, http::status::internal_server_error, "internal error\n"));
        }
        return;
    }
    if (path.starts_with("/api/rooms/") && path.ends_with("/replay")) {
        if (!get) return refuse_method("GET, HEAD");
        const auto code = path.substr(std::string_view("/api/rooms/").size(),
                                      path.size() - std::string_view("/api/rooms/").size() - std::string_view("/replay").size());
        if (code.empty() || code.size() > 32 || code.find('/') != std::string_view::npos)
            return send(json(req, 404, error_body("no_such_room", "no such room")));
        // The room builds the record on its own executor; the answer comes back to this connection's strand.
        const std::string room_code(code);  // `code` points into the request, which moves next
        auto request = std::make_shared<Request>(std::move(req));
        gw.hub.room_replay(room_code, [self = shared_from_this(), request](room::Hub::HttpResult result) {
            asio::post(self->executor_, [self, request, result = std::move(result)] {
                spdlog::debug("[conn {} {}] GET {} -> {}", self->id_, self->remote_, std::string_view(request->target()), result.status);
                if (result.status == 500) return self->send(text(*request, http::status::internal_server_error, "internal error\n"));
                self->send(json(*request, result.status, result.body));
            });
        });
        return;
    }
    if (path.starts_with("/api/rooms/")) {
        if (!get) return refuse_method("GET, HEAD");
        const auto code = path.substr(std::string_view("/api/rooms/").size());
        if (code.empty() || code.size() > 32 || code.find('/') != std::string_view::npos)
            return send(json(req, 404, error_body("no_such_room", "no such room")));
        room::Hub::HttpResult result;
        try {
            result = gw.hub.room_summary(code);
        } catch (const std::exception& e) {
            spdlog::error("[conn {} {}] room_summary failed: {}", id_, remote_, e.what());
            return send(text(req, http::status::internal_server_error, "internal error\n"));
        }
        log_request(static_cast<unsigned>(result.status));
        return send(json(req, result.status, result.body));
    }
    if (path.starts_with("/api/") || path == "/api") {
        return send(text(req, http::status::not_found, "no such endpoint\n"));
    }

    // Static files; a room's join URL /r/{code} is the client's entry page.
    if (!get) return refuse_method("GET, HEAD");
    std::optional<std::string> file;
    if (path.starts_with("/r/")) {
        auto code = path.substr(3);
        if (code.ends_with('/')) code.remove_suffix(1);
        if (!code.empty() && code.size() <= 32 && code.find('/') == std::string_view::npos) file = "index.html";
    } else {
        file = normalize_request_path(target);
        if (!file) {
            spdlog::info("[conn {} {}] refused path {}", id_, remote_, target.substr(0, 200));
            log_request(400);
            return send(text(req, http::status::bad_request, "bad path\n"));
        }
    }
    std::optional<Asset> asset;
    if (file) asset = gw.files.find(*file);
    if (!asset) {
        log_request(404);
        return send(text(req, http::status::not_found, "not found\n"));
    }

    const bool gzip = !asset->gzip.empty() && accepts_gzip(req[http::field::accept_encoding]);
    std::string etag = asset->etag;
    if (gzip && etag.size() >= 2) etag.insert(etag.size() - 1, "-gz");
    auto set_headers = [&](auto& res) {
        res.set(http::field::server, kServer);
        res.set(http::field::content_type, asset->mime);
        res.set(http::field::cache_control, asset->cache_control);
        res.set(http::field::etag, etag);
        res.set("X-Content-Type-Options", "nosniff");
        if (!asset->gzip.empty()) res.set(http::field::vary, "Accept-Encoding");
        res.keep_alive(req.keep_alive());
    };
    if (etag_matches(req[http::field::if_none_match], etag)) {
        http::response<http::empty_body> res{http::status::not_modified, req.version()};
        set_headers(res);
        log_request(304);
        return send(std::move(res));
    }
    const std::string_view bytes = gzip ? asset->gzip : asset->data;
    http::response<http::span_body<const char>> res{http::status::ok, req.version()};
    set_headers(res);
    if (gzip) res.set(http::field::content_encoding, "gzip");
    if (!is_head(req)) res.body() = http::span_body<const char>::value_type(bytes.data(), bytes.size());
    res.content_length(bytes.size());
    log_request(200);
    hold_ = asset->owned;  // a file read from disk lives until the response is written
    send(std::move(res));
}

template <class Response>
void HttpSession::send(Response&& response) {
    auto res = std::make_shared<std::decay_t<Response>>(std::forward<Response>(response));
    const bool close = !res->keep_alive() || gateway_->stopping;
    if (close) res->keep_alive(false);
    writing_ = true;
    http::async_write(stream_, *res, [self = shared_from_this(), res, close](beast::error_code ec, std::size_t) {
        self->on_write(ec, close);
    });
}

void HttpSession::on_write(beast::error_code ec, bool close) {
    writing_ = false;
    hold_.reset();
    if (ec) {
        spdlog::debug("[conn {} {}] http write: {}", id_, remote_, ec.message());
        return do_close();
    }
    if (linger_) {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.expires_after(std::chrono::seconds(5));
        return linger();
    }
    if (close || closing_) return do_close();
    do_read();
}

// Half-closes and discards what the client still sends (for up to 5 s), then closes: closing with
// unread data would reset the connection and could destroy the answer before the client reads it.
void HttpSession::linger() {
    buffer_.clear();
    stream_.async_read_some(buffer_.prepare(4096), [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec || self->closing_) return self->do_close();
        self->linger();
    });
}

}  // namespace catan::net
