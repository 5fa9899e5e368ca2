// One WebSocket connection (ws:// or wss://): the room layer's Outbox. Reads go to the hub in order;
// writes go out one at a time from a bounded FIFO of shared, already serialised messages.
#include <deque>

#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <spdlog/spdlog.h>

#include "catan/net/memory_return.hpp"
#include "catan/proto/error_json.hpp"
#include "gateway.hpp"
#include "http_session.hpp"

namespace catan::net {

namespace websocket = beast::websocket;

// One WebSocket: the room layer's Outbox. Everything runs on the connection's strand: reads are handed
// to the hub in order, and writes go out one at a time from a bounded FIFO. `Stream` is PlainStream
// or TlsStream.
template <class Stream>
class WebSocketSession final : public room::Outbox,
                               public Connection,
                               public std::enable_shared_from_this<WebSocketSession<Stream>> {
public:
    WebSocketSession(Stream&& stream, std::shared_ptr<asio::ssl::context> tls_context, std::shared_ptr<Gateway> gateway,
                     IpSlot slot, std::uint64_t id, std::string remote);
    ~WebSocketSession() override;
    void run(http::request<http::string_body> request);

    // room::Outbox
    void send(room::Message message) override;
    void close(std::string_view reason) override;
    void close_to_reconnect(std::string_view reason) override;
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
    void drop_slow(const std::string& limit);  // `limit`: which one, for the log
    void discard_waiting();  // everything queued but the message on the wire
    void do_write();
    void on_write(beast::error_code ec, std::size_t bytes);
    void begin_close(websocket::close_code code, std::string_view reason);
    void do_close();
    void finish(beast::error_code ec);

    std::shared_ptr<asio::ssl::context> tls_context_;  // before ws_: a TLS stream refers to it
    websocket::stream<Stream> ws_;
    beast::flat_buffer buffer_;
    std::shared_ptr<Gateway> gateway_;
    IpSlot slot_;
    std::uint64_t id_;
    std::string remote_;
    std::deque<room::Message> queue_;  // front() is being written while writing_
    SendBudget::Account account_;      // the bytes in queue_
    TokenBucket rate_;
    TokenBucket flood_;
    websocket::close_reason close_reason_;
    bool opened_ = false, in_hub_ = false, writing_ = false, closing_ = false, close_sent_ = false, finished_ = false;
};

template <class Stream>
void start_websocket(Stream&& stream, std::shared_ptr<asio::ssl::context> tls_context, std::shared_ptr<Gateway> gateway,
                     IpSlot slot, std::uint64_t id, std::string remote, http::request<http::string_body>&& request) {
    std::make_shared<WebSocketSession<Stream>>(std::move(stream), std::move(tls_context), std::move(gateway),
                                               std::move(slot), id, std::move(remote))
        ->run(std::move(request));
}

namespace {

// A close frame's reason must fit in a control frame (123 bytes); cut at a UTF-8 character boundary.
std::string close_text(std::string_view reason) {
    if (reason.size() <= 120) return std::string(reason);
    std::size_t n = 120;
    while (n > 0 && (static_cast<unsigned char>(reason[n]) & 0xC0) == 0x80) --n;
    return std::string(reason.substr(0, n));
}

}  // namespace

template <class Stream>
WebSocketSession<Stream>::WebSocketSession(Stream&& stream, std::shared_ptr<asio::ssl::context> tls_context,
                                           std::shared_ptr<Gateway> gateway, IpSlot slot, std::uint64_t id,
                                           std::string remote)
    : tls_context_(std::move(tls_context)),
      ws_(std::move(stream)),
      gateway_(std::move(gateway)),
      slot_(std::move(slot)),
      id_(id),
      remote_(std::move(remote)),
      account_(gateway_->send_budget.open(remote_)),
      rate_(gateway_->options.messages_per_second, gateway_->options.message_burst),
      flood_(5.0, gateway_->options.flood_tolerance) {}

template <class Stream>
WebSocketSession<Stream>::~WebSocketSession() = default;

template <class Stream>
void WebSocketSession<Stream>::run(http::request<http::string_body> request) {
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = gateway_->options.ws_idle_timeout;  // ping after half of it, drop after all of it
    timeouts.keep_alive_pings = true;
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "catan-server"); }));
    ws_.read_message_max(gateway_->options.max_frame_bytes);
    ws_.async_accept(request, beast::bind_front_handler(&WebSocketSession::on_accept, this->shared_from_this()));
}

template <class Stream>
void WebSocketSession<Stream>::on_accept(beast::error_code ec) {
    if (ec) {
        spdlog::debug("[conn {} {}] WebSocket handshake failed: {}", id_, remote_, ec.message());
        finished_ = true;
        return;
    }
    opened_ = true;
    gateway_->add(id_, this->shared_from_this());  // (the hub keeps Metrics' connection gauge)
    gateway_->websocket_opened();
    spdlog::info("[conn {} {}] WebSocket opened", id_, remote_);
    if (gateway_->stopping) {
        begin_close(websocket::close_code::going_away, "server shutting down");
    } else {
        in_hub_ = true;
        try {
            gateway_->hub.on_open(this->shared_from_this());
        } catch (const std::exception& e) {
            spdlog::error("[conn {} {}] hub.on_open: {}", id_, remote_, e.what());
        }
    }
    do_read();
}

template <class Stream>
void WebSocketSession<Stream>::do_read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&WebSocketSession::on_read, this->shared_from_this()));
}

template <class Stream>
void WebSocketSession<Stream>::on_read(beast::error_code ec, std::size_t) {
    if (ec) {
        if (ec == websocket::error::message_too_big) {
            gateway_->metrics.frame_rejected();
            spdlog::warn("[conn {} {}] message over {} bytes: closing (1009)", id_, remote_,
                         gateway_->options.max_frame_bytes);
        }
        return finish(ec);
    }
    if (closing_) {
        buffer_.clear();
        return do_read();  // keep reading until the peer answers our close frame
    }
    if (!ws_.got_text()) {
        gateway_->metrics.frame_rejected();
        spdlog::warn("[conn {} {}] binary frame: closing (1003)", id_, remote_);
        buffer_.clear();
        begin_close(websocket::close_code::unknown_data, "text frames only");
        return do_read();
    }
    const std::string_view text(static_cast<const char*>(buffer_.data().data()), buffer_.size());
    const auto now = std::chrono::steady_clock::now();
    if (!rate_.take(now)) {
        gateway_->metrics.frame_rejected();
        if (!flood_.take(now)) {
            spdlog::warn("[conn {} {}] still flooding after rate_limited errors: closing (1008)", id_, remote_);
            begin_close(websocket::close_code::policy_error, "rate limit exceeded");
        } else {
            refuse("rate_limited", "too many messages: at most 20 a second on average, bursts of 40",
                   message_id_json(text));
        }
    } else if (in_hub_) {
        try {
            gateway_->hub.on_text(this->shared_from_this(), text);
        } catch (const std::exception& e) {
            spdlog::error("[conn {} {}] hub.on_text: {}", id_, remote_, e.what());
        }
    }
    buffer_.clear();
    if (buffer_.capacity() > 8 * 1024) buffer_.shrink_to_fit();  // idle connections stay small
    do_read();
}

template <class Stream>
void WebSocketSession<Stream>::refuse(std::string_view code, std::string_view message, std::string_view id_json) {
    const nlohmann::json id = id_json.empty() ? nlohmann::json() : nlohmann::json::parse(id_json, nullptr, false);
    enqueue(room::make_message(proto::error_frame({std::string(code), std::string(message), {}, {}}, id)));
}

template <class Stream>
void WebSocketSession<Stream>::send(room::Message message) {
    asio::post(ws_.get_executor(),
               [self = this->shared_from_this(), message = std::move(message)]() mutable { self->enqueue(std::move(message)); });
}

template <class Stream>
void WebSocketSession<Stream>::enqueue(room::Message message) {
    if (finished_ || closing_ || !message) return;
    const std::size_t waiting = queue_.size() - (writing_ ? 1 : 0);
    const ServerOptions& o = gateway_->options;
    if (waiting >= o.send_queue_limit) return drop_slow(std::to_string(o.send_queue_limit) + " messages for a connection");
    const auto over = account_.charge(message->size());
    switch (over) {
        case SendBudget::Over::none: break;
        case SendBudget::Over::connection: return drop_slow(std::to_string(o.send_queue_bytes) + " bytes for a connection");
        case SendBudget::Over::address: return drop_slow(std::to_string(o.send_queue_bytes_per_ip) + " bytes for an address");
        case SendBudget::Over::total: return drop_slow(std::to_string(o.send_queue_bytes_total) + " bytes for the server");
    }
    queue_.push_back(std::move(message));
    if (!writing_) do_write();
}

// Too slow to read: drop it (it can reconnect and get a snapshot) rather than grow memory.
template <class Stream>
void WebSocketSession<Stream>::drop_slow(const std::string& limit) {
    gateway_->metrics.send_queue_dropped();
    spdlog::warn("[conn {} {}] too slow to read: over the send queue limit of {} ({} messages, {} bytes queued "
                 "here); disconnecting it",
                 id_, remote_, limit, queue_.size(), account_.bytes());
    closing_ = true;
    const std::size_t held = account_.bytes();
    discard_waiting();
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
    beast::get_lowest_layer(ws_).close();
    dropped_queue(held);  // (the message on the wire, if any, goes when its write fails)
}

template <class Stream>
void WebSocketSession<Stream>::discard_waiting() {
    while (queue_.size() > (writing_ ? 1u : 0u)) {  // the front may be on the wire
        account_.release(queue_.back()->size());
        queue_.pop_back();
    }
}

template <class Stream>
void WebSocketSession<Stream>::do_write() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(asio::buffer(*queue_.front()),
                    beast::bind_front_handler(&WebSocketSession::on_write, this->shared_from_this()));
}

template <class Stream>
void WebSocketSession<Stream>::on_write(beast::error_code ec, std::size_t) {
    writing_ = false;
    if (!queue_.empty()) {
        account_.release(queue_.front()->size());
        queue_.pop_front();
    }
    if (ec) return finish(ec);
    if (finished_) return;
    if (!queue_.empty()) return do_write();
    if (closing_ && !close_sent_) do_close();
}

template <class Stream>
void WebSocketSession<Stream>::close(std::string_view reason) {
    asio::post(ws_.get_executor(), [self = this->shared_from_this(), reason = std::string(reason)] {
        self->begin_close(websocket::close_code::normal, reason);
    });
}

template <class Stream>
void WebSocketSession<Stream>::close_to_reconnect(std::string_view reason) {
    asio::post(ws_.get_executor(), [self = this->shared_from_this(), reason = std::string(reason)] {
        self->begin_close(websocket::close_code::service_restart, reason);
    });
}

template <class Stream>
void WebSocketSession<Stream>::close_gracefully(std::string_view reason) {
    asio::post(ws_.get_executor(), [self = this->shared_from_this(), reason = std::string(reason)] {
        self->begin_close(websocket::close_code::going_away, reason);
    });
}

template <class Stream>
void WebSocketSession<Stream>::close_now() {
    asio::post(ws_.get_executor(), [self = this->shared_from_this()] {
        if (self->finished_) return;
        self->closing_ = true;
        beast::error_code ignored;
        beast::get_lowest_layer(self->ws_).socket().shutdown(tcp::socket::shutdown_both, ignored);
        beast::get_lowest_layer(self->ws_).close();
    });
}

template <class Stream>
void WebSocketSession<Stream>::begin_close(websocket::close_code code, std::string_view reason) {
    if (finished_ || closing_) return;
    closing_ = true;
    close_reason_ = websocket::close_reason(code, close_text(reason));
    if (!writing_) do_close();  // otherwise once the queue has drained
}

template <class Stream>
void WebSocketSession<Stream>::do_close() {
    close_sent_ = true;
    ws_.async_close(close_reason_, [self = this->shared_from_this()](beast::error_code ec) {
        if (ec) self->finish(ec);
    });
}

template <class Stream>
void WebSocketSession<Stream>::finish(beast::error_code ec) {
    if (finished_) return;
    finished_ = true;
    closing_ = true;
    const std::size_t held = account_.bytes();
    discard_waiting();
    if (held > 0) dropped_queue(held);  // a slow reader that went away by itself leaves memory too
    beast::error_code ignored;  // whatever is still pending ends now (usually Beast has closed it already)
    beast::get_lowest_layer(ws_).socket().close(ignored);
    if (!opened_) return;
    if (in_hub_) {
        in_hub_ = false;
        try {
            gateway_->hub.on_close(this->shared_from_this());
        } catch (const std::exception& e) {
            spdlog::error("[conn {} {}] hub.on_close: {}", id_, remote_, e.what());
        }
    }
    gateway_->websocket_closed();
    gateway_->remove(id_);
    if (ec == websocket::error::closed || ec == asio::error::operation_aborted)
        spdlog::info("[conn {} {}] WebSocket closed", id_, remote_);
    else
        spdlog::info("[conn {} {}] WebSocket closed: {}", id_, remote_, ec.message());
}

template class WebSocketSession<PlainStream>;
template class WebSocketSession<TlsStream>;
template void start_websocket<PlainStream>(PlainStream&&, std::shared_ptr<asio::ssl::context>, std::shared_ptr<Gateway>,
                                           IpSlot, std::uint64_t, std::string, http::request<http::string_body>&&);
template void start_websocket<TlsStream>(TlsStream&&, std::shared_ptr<asio::ssl::context>, std::shared_ptr<Gateway>,
                                         IpSlot, std::uint64_t, std::string, http::request<http::string_body>&&);

}  // namespace catan::net
