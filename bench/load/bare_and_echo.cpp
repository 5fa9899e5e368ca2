// The two owners that are not rooms: bare idle connections (what a WebSocket alone costs the server)
// and closed-loop echo connections (the load generator against the bare Beast echo baseline).
#include "connections.hpp"

namespace loadgen {

void Bare::start() {
    for (int i = 0; i < w_.setup_limit; ++i) next();
}

void Bare::on_connected(Client& c) {
    c.welcomed = true;  // here: "connected"
    g_ready.fetch_add(1);
    next();
}

void Bare::on_closed(Client& c, beast::error_code ec) {
    ++w_.stats.disconnects;
    w_.stats.note("idle connection " + std::to_string(c.index) + " closed: " + ec.message());
    if (!c.welcomed) {  // never connected: a failed setup
        c.welcomed = true;
        g_failed.fetch_add(1);
        next();
    }
}

void Bare::next() {
    if (next_ < clients_.size()) clients_[next_++]->connect();
}

Echo::Echo(Worker& w, int n) : w_(w), payload_(static_cast<std::size_t>(g_opt.size), 'x') {
    for (int i = 0; i < n; ++i) {
        clients_.push_back(std::make_shared<Client>(w, this, i));
        sent_.push_back(0);
    }
}

void Echo::start() {
    for (auto& c : clients_) c->connect();
}

void Echo::on_connected(Client& c) {
    g_ready.fetch_add(1);
    send(c);
}

void Echo::on_message(Client& c, std::string_view text) {
    const std::int64_t t = now_ns();
    if (text.size() != payload_.size()) w_.stats.error("echo_mismatch", text, payload_);
    if (in_window(sent_[static_cast<std::size_t>(c.index)])) {
        ++w_.stats.completed_in_window;
        w_.stats.latencies_ns.push_back(static_cast<std::uint64_t>(t - sent_[static_cast<std::size_t>(c.index)]));
    }
    if (!g_stop.load(std::memory_order_relaxed)) send(c);
}

void Echo::on_closed(Client& c, beast::error_code ec) {
    ++w_.stats.disconnects;
    w_.stats.note("echo connection " + std::to_string(c.index) + " closed: " + ec.message());
}

void Echo::send(Client& c) {
    c.tokens = 1e18;  // no client-side rate limit against the echo server
    const std::int64_t t = now_ns();
    sent_[static_cast<std::size_t>(c.index)] = t;
    if (in_window(t)) ++w_.stats.sent_in_window;
    c.send(payload_);
}

}  // namespace loadgen
