// One HTTP/1.1 connection, plain or TLS: reads a request, has handle_request answer it, writes the
// answer; answers requests the parser refuses; hands a WebSocket upgrade at /ws to
// websocket_session.cpp. Over TLS it first completes the handshake within --tls-handshake-timeout.
#include <type_traits>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/buffers_generator.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <openssl/err.h>
#include <openssl/ssl.h>
#include <spdlog/spdlog.h>

#include "handle_request.hpp"
#include "http_session.hpp"
#include "socket_query.hpp"

namespace catan::net {

namespace websocket = beast::websocket;

namespace {

http::message_generator plain(const Request& req, http::status status, std::string body) {
    return closing_text(req.version(), status, std::move(body), req.method() == http::verb::head);
}

template <class Stream>
Stream open_stream(tcp::socket&& socket, asio::ssl::context* context) {
    if constexpr (std::is_same_v<Stream, TlsStream>)
        return Stream(std::move(socket), *context);
    else
        return Stream(std::move(socket));
}

// OpenSSL's verdict on a handshake that began with a plain HTTP request line.
bool plain_http_on_tls(beast::error_code ec) {
    return ec.category() == asio::error::get_ssl_category() && ERR_GET_REASON(ec.value()) == SSL_R_HTTP_REQUEST;
}

// Said in plain HTTP to a client that sent plain HTTP to the TLS port, once, without waiting (the
// socket's send buffer is empty): better than a reset nobody can explain.
void answer_plain_http(tcp::socket& socket) {
    static const std::string body = "this port speaks HTTPS only: use https:// in the address\n";
    static const std::string answer =
        "HTTP/1.1 400 Bad Request\r\nServer: catan-server\r\nContent-Type: text/plain; charset=utf-8\r\n"
        "Cache-Control: no-store\r\nConnection: close\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\n\r\n" + body;
    answer_and_close(socket, answer);
}

}  // namespace

template <class Stream>
HttpSession<Stream>::HttpSession(tcp::socket&& socket, std::shared_ptr<asio::ssl::context> tls_context,
                                 Serving serving, std::shared_ptr<Gateway> gateway, IpSlot slot, std::uint64_t id,
                                 std::string remote)
    : tls_context_(std::move(tls_context)),
      stream_(open_stream<Stream>(std::move(socket), tls_context_.get())),
      executor_(stream_.get_executor()),
      gateway_(std::move(gateway)),
      slot_(std::move(slot)),
      id_(id),
      remote_(std::move(remote)),
      serving_(serving) {}

template <class Stream>
HttpSession<Stream>::~HttpSession() {
    if (!upgraded_) gateway_->remove(id_);
}

template <class Stream>
void HttpSession<Stream>::run() {
    gateway_->add(id_, this->shared_from_this());
    if constexpr (std::is_same_v<Stream, TlsStream>) {
        asio::dispatch(executor_, [self = this->shared_from_this()] {
            if (self->closed_) return;
            // Until the handshake is done the connection is as idle as one waiting for a request: it
            // may be closed to make room, and it has its own deadline.
            self->gateway_->http_waiting(self->id_, true);
            self->lowest().expires_after(self->gateway_->options.tls_handshake_timeout);
            self->stream_.async_handshake(asio::ssl::stream_base::server,
                                          beast::bind_front_handler(&HttpSession::on_handshake, self));
        });
    } else {
        asio::dispatch(executor_, beast::bind_front_handler(&HttpSession::do_read, this->shared_from_this()));
    }
}

template <class Stream>
void HttpSession<Stream>::on_handshake(beast::error_code ec) {
    gateway_->http_waiting(id_, false);
    if (!ec) return do_read();
    if (ec == asio::error::operation_aborted) return do_close();  // closed by us: to make room, or shutting down
    gateway_->tls_handshake_failures.fetch_add(1, std::memory_order_relaxed);
    if (plain_http_on_tls(ec)) {
        spdlog::debug("[conn {} {}] plain HTTP on the TLS port: answered 400", id_, remote_);
        answer_plain_http(lowest().socket());
    } else if (ec == beast::error::timeout) {
        spdlog::debug("[conn {} {}] TLS handshake not done within {} s: dropped", id_, remote_,
                      gateway_->options.tls_handshake_timeout.count());
    } else {
        spdlog::debug("[conn {} {}] TLS handshake failed: {}", id_, remote_, ec.message());
    }
    do_close();
}

template <class Stream>
void HttpSession<Stream>::close_gracefully(std::string_view) {
    asio::post(executor_, [self = this->shared_from_this()] {
        self->closing_ = true;
        if (!self->writing_) self->do_close();
    });
}

template <class Stream>
void HttpSession<Stream>::close_now() {
    asio::post(executor_, [self = this->shared_from_this()] { self->do_close(); });
}

template <class Stream>
void HttpSession<Stream>::do_close() {
    if (upgraded_ || closed_) return;
    closed_ = true;
    gateway_->http_waiting(id_, false);
    beast::error_code ec;
    lowest().socket().shutdown(tcp::socket::shutdown_both, ec);
    lowest().close();
}

template <class Stream>
void HttpSession<Stream>::do_read() {
    if (closed_) return;
    parser_.emplace();
    parser_->body_limit(gateway_->options.max_body_bytes);
    parser_->header_limit(static_cast<std::uint32_t>(gateway_->options.max_header_bytes));
    lowest().expires_after(gateway_->options.http_timeout);
    gateway_->http_waiting(id_, true);  // may be closed to make room while it waits
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, this->shared_from_this()));
}

template <class Stream>
void HttpSession<Stream>::on_read(beast::error_code ec, std::size_t) {
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
    if (serving_ == Serving::redirect_to_https) {
        // A redirect is built from the Host: one the request could be read two ways by is refused.
        if (auto refused = refuse_malformed(*gateway_, request)) return send(std::move(*refused));
        return send(redirect_to_https(*gateway_, request));
    }
    if (websocket::is_upgrade(request)) {
        if (auto refused = refuse_malformed(*gateway_, request)) return send(std::move(*refused));
        return upgrade(std::move(request));
    }
    const auto client = gateway_->client_of(remote_, request);
    auto answer = handle_request(*gateway_, std::move(request), Peer{id_, client.address, client.https},
                                 [self = this->shared_from_this()](MakeResponse make) {
                                     asio::post(self->executor_, [self, make = std::move(make)] { self->send(make()); });
                                 });
    if (answer) send(std::move(*answer));  // otherwise it comes later, through the callback
}

template <class Stream>
void HttpSession<Stream>::upgrade(Request&& req) {
    const auto origin = req[http::field::origin];
    if (path_of(req.target()) != "/ws") return send(plain(req, http::status::not_found, "not found\n"));
    if (const auto problem = socket_query_problem(req.target())) {
        gateway_->metrics.frame_rejected();
        spdlog::info("[conn {} {}] WebSocket refused: {}", id_, remote_, *problem);
        return send(plain(req, http::status::bad_request, *problem + "\n"));
    }
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
    lowest().expires_never();  // the WebSocket keeps its own timeouts
    start_websocket(std::move(stream_), std::move(tls_context_), gateway_, std::move(slot_), id_, std::move(client.address),
                    std::move(req));
}

template <class Stream>
void HttpSession<Stream>::send(http::message_generator response) {
    const bool close = !response.keep_alive() || gateway_->stopping;
    writing_ = true;
    lowest().expires_after(gateway_->options.http_timeout);
    beast::async_write(stream_, std::move(response),
                       [self = this->shared_from_this(), close](beast::error_code ec, std::size_t) {
                           self->on_write(ec, close);
                       });
}

template <class Stream>
void HttpSession<Stream>::on_write(beast::error_code ec, bool close) {
    writing_ = false;
    if (ec) {
        spdlog::debug("[conn {} {}] http write: {}", id_, remote_, ec.message());
        return do_close();
    }
    if (linger_) {
        beast::error_code ignored;
        lowest().socket().shutdown(tcp::socket::shutdown_send, ignored);
        lowest().expires_after(std::chrono::seconds(5));
        return linger();
    }
    if (close || closing_) return do_close();
    do_read();
}

// Half-closes and discards what the client still sends (for up to 5 s), then closes: closing with
// unread data would reset the connection and could destroy the answer before the client reads it.
template <class Stream>
void HttpSession<Stream>::linger() {
    gateway_->http_waiting(id_, true);  // as idle as a connection waiting for a request: it may make room
    buffer_.clear();
    stream_.async_read_some(buffer_.prepare(4096), [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec || self->closing_) return self->do_close();
        self->linger();
    });
}

template class HttpSession<PlainStream>;
template class HttpSession<TlsStream>;

}  // namespace catan::net
