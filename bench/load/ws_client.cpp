// One WebSocket connection to the server: connect, upgrade, read every message for its owner, and
// write queued messages one at a time (Beast allows one write in flight per stream).
#include "connections.hpp"

namespace loadgen {

tcp::endpoint g_endpoint;

Client::Client(Worker& w, Owner* owner, int i, std::string path)
    : index(i), w_(w), path_(std::move(path)), ws_(w.ioc), owner_(owner) {
    tokens = g_opt.client_burst;
    refill_ns = now_ns();
}

void Client::connect() {
    auto self = shared_from_this();
    ws_.next_layer().expires_after(std::chrono::seconds(30));
    ws_.next_layer().async_connect(g_endpoint, [self](beast::error_code ec) { self->on_connect(ec); });
}

void Client::send(std::string text) {
    take_token();
    queue_.push_back(std::move(text));
    if (!writing_) do_write();
}

void Client::close() {
    if (closing_) return;
    closing_ = true;
    owner_ = nullptr;
    if (!open_) {
        beast::error_code ignored;
        ws_.next_layer().socket().close(ignored);
        return;
    }
    auto self = shared_from_this();
    ws_.async_close(websocket::close_code::normal, [self](beast::error_code) {});
}

void Client::on_connect(beast::error_code ec) {
    if (ec) return fail(ec);
    beast::error_code ignored;
    ws_.next_layer().socket().set_option(tcp::no_delay(true), ignored);
    ws_.next_layer().expires_never();
    websocket::stream_base::timeout t{};
    t.handshake_timeout = std::chrono::seconds(30);
    t.idle_timeout = websocket::stream_base::none();
    t.keep_alive_pings = false;
    ws_.set_option(t);
    const std::string origin = g_opt.origin;
    ws_.set_option(websocket::stream_base::decorator([origin](websocket::request_type& req) {
        req.set(beast::http::field::user_agent, "catan-load-gen");
        if (!origin.empty()) req.set(beast::http::field::origin, origin);
    }));
    ws_.read_message_max(4 << 20);
    ws_.control_callback([](websocket::frame_type kind, beast::string_view) {
        if (kind == websocket::frame_type::ping) g_pings.fetch_add(1, std::memory_order_relaxed);
    });
    ws_.text(true);
    auto self = shared_from_this();
    const std::string host = g_opt.host + ":" + std::to_string(g_opt.port);
    ws_.async_handshake(upgrade_answer_, host, path_, [self](beast::error_code e) { self->on_handshake(e); });
}

void Client::on_handshake(beast::error_code ec) {
    if (ec) return fail(ec);
    open_ = true;
    if (g_opt.route_by_room)
        if (const auto it = upgrade_answer_.find(g_opt.node_header); it != upgrade_answer_.end()) served_by = std::string(it->value());
    if (closing_) {
        auto self = shared_from_this();
        ws_.async_close(websocket::close_code::normal, [self](beast::error_code) {});
        return;
    }
    do_read();
    if (owner_) owner_->on_connected(*this);
}

void Client::do_read() {
    auto self = shared_from_this();
    ws_.async_read(buffer_, [self](beast::error_code ec, std::size_t) { self->on_read(ec); });
}

void Client::on_read(beast::error_code ec) {
    if (ec) return fail(ec);
    const auto data = buffer_.cdata();
    const std::string_view text(static_cast<const char*>(data.data()), data.size());
    ++w_.stats.messages_received;
    w_.stats.bytes_received += text.size();
    if (owner_) owner_->on_message(*this, text);
    buffer_.consume(buffer_.size());
    if (buffer_.capacity() > 64 * 1024) buffer_.shrink_to_fit();
    do_read();
}

void Client::do_write() {
    writing_ = true;
    auto self = shared_from_this();
    ws_.async_write(net::buffer(queue_.front()), [self](beast::error_code ec, std::size_t) {
        self->writing_ = false;
        if (ec) return self->fail(ec);
        self->queue_.pop_front();
        if (!self->queue_.empty()) self->do_write();
    });
}

void Client::fail(beast::error_code ec) {
    if (failed_) return;
    failed_ = true;
    if (owner_ && !closing_) {
        Owner* o = owner_;
        owner_ = nullptr;
        o->on_closed(*this, ec);
    }
}

}  // namespace loadgen
