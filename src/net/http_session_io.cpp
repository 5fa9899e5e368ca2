// One HTTP/1.1 connection: reads a request, has handle_request answer it, writes the answer; answers
// requests the parser refuses; hands a WebSocket upgrade at /ws to websocket_session.cpp.
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/buffers_generator.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <spdlog/spdlog.h>

#include "handle_request.hpp"
#include "http_session.hpp"

namespace catan::net {

namespace websocket = beast::websocket;

namespace {

http::message_generator plain(const Request& req, http::status status, std::string body) {
    return closing_text(req.version(), status, std::move(body), req.method() == http::verb::head);
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
    gateway_->http_waiting(id_, false);
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
}

void HttpSession::do_read() {
    if (closed_) return;
    parser_.emplace();
    parser_->body_limit(gateway_->options.max_body_bytes);
    parser_->header_limit(static_cast<std::uint32_t>(gateway_->options.max_header_bytes));
    stream_.expires_after(gateway_->options.http_timeout);
    gateway_->http_waiting(id_, true);  // may be closed to make room while it waits
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
    gateway_->http_waiting(id_, false);
    if (ec == http::error::end_of_stream) return do_close();
    if (ec) {
        auto answer = parse_error_response(*gateway_, ec, !parser_->get().target().empty());
        if (answer) {
            spdlog::info("[conn {} {}] request refused: {}", id_, remote_, ec.message());
            linger_ = true;  // the rest of the request may still be coming: read it away so the answer is not reset
            return send(std::move(*answer));
        }
        if (ec != beast::error::timeout && ec != asio::error::operation_aborted && ec != asio::error::connection_reset)
            spdlog::debug("[conn {} {}] http read: {}", id_, remote_, ec.message());
        return do_close();
    }
    auto request = parser_->release();
    if (websocket::is_upgrade(request)) {
        if (auto refused = refuse_malformed(*gateway_, request)) return send(std::move(*refused));
        return upgrade(std::move(request));
    }
    const auto client = gateway_->client_of(remote_, request);
    auto answer = handle_request(*gateway_, std::move(request), Peer{id_, client.address, client.https},
                                 [self = shared_from_this()](MakeResponse make) {
                                     asio::post(self->executor_, [self, make = std::move(make)] { self->send(make()); });
                                 });
    if (answer) send(std::move(*answer));  // otherwise it comes later, through the callback
}

void HttpSession::upgrade(Request&& req) {
    const auto origin = req[http::field::origin];
    if (path_of(req.target()) != "/ws") return send(plain(req, http::status::not_found, "not found\n"));
    if (!origin_allowed(origin, req[http::field::host], gateway_->options.allowed_origins)) {
        gateway_->metrics.frame_rejected();
        spdlog::warn("[conn {} {}] WebSocket from origin '{}' refused (host '{}')", id_, remote_, origin,
                     req[http::field::host]);
        return send(plain(req, http::status::forbidden, "origin not allowed\n"));
    }
    if (gateway_->stopping) return send(plain(req, http::status::service_unavailable, "shutting down\n"));
    auto client = gateway_->client_of(remote_, req);
    if (gateway_->trusted_proxies.contains(remote_)) {
        // The proxy's connection counted in no address: the WebSocket counts in its client's (the
        // proxy's own when its header named nobody).
        slot_ = IpSlot();
        Gateway::Refusal refusal{};
        slot_ = gateway_->acquire_ip(client.address, refusal);
        if (!slot_) {
            gateway_->metrics.frame_rejected();
            spdlog::warn("[conn {} {}] WebSocket for {} refused: {}", id_, remote_, client.address,
                         refusal == Gateway::Refusal::address_full ? "over the per-address cap" : "the server is full");
            return send(refusal == Gateway::Refusal::address_full
                            ? plain(req, http::status::too_many_requests,
                                    "too many connections from this address: close some, then retry\n")
                            : plain(req, http::status::service_unavailable, "server busy: retry later\n"));
        }
        spdlog::debug("[conn {} {}] WebSocket for {}", id_, remote_, client.address);
    }
    upgraded_ = true;
    gateway_->remove(id_);  // the WebSocket registers itself once its handshake is done
    stream_.expires_never();  // the WebSocket keeps its own timeouts
    start_websocket(std::move(stream_), gateway_, std::move(slot_), id_, std::move(client.address), std::move(req));
}

void HttpSession::send(http::message_generator response) {
    const bool close = !response.keep_alive() || gateway_->stopping;
    writing_ = true;
    stream_.expires_after(gateway_->options.http_timeout);
    beast::async_write(stream_, std::move(response),
                       [self = shared_from_this(), close](beast::error_code ec, std::size_t) { self->on_write(ec, close); });
}

void HttpSession::on_write(beast::error_code ec, bool close) {
    writing_ = false;
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
    gateway_->http_waiting(id_, true);  // as idle as a connection waiting for a request: it may make room
    buffer_.clear();
    stream_.async_read_some(buffer_.prepare(4096), [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec || self->closing_) return self->do_close();
        self->linger();
    });
}

}  // namespace catan::net
