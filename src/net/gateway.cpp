// The gateway's state shared by every connection: the per-address and total connection caps, the
// open connections, the HTTP keep-alives waiting for a request, and the TLS context.
#include "gateway.hpp"

#include <spdlog/spdlog.h>

#include "http_session.hpp"
#include "tls_context.hpp"

namespace catan::net {

IpSlot& IpSlot::operator=(IpSlot&& other) noexcept {
    if (this != &other) {
        release();
        gateway_ = std::move(other.gateway_);
        ip_ = std::move(other.ip_);
    }
    return *this;
}

IpSlot::~IpSlot() { release(); }

void IpSlot::release() {
    if (gateway_) gateway_->release_ip(ip_);
    gateway_.reset();
}

IpSlot Gateway::acquire_ip(const std::string& ip, Refusal& refusal, bool per_address) {
    // Closing the idle connection that makes room is done when the lock is released; until that
    // connection is gone the server holds one more socket than its cap, so admissions past the cap
    // stop at a small slack (the descriptor reserve covers it).
    constexpr std::size_t kEvictionSlack = 16;
    std::shared_ptr<Connection> evicted;
    const std::string key = per_address ? room::address_key(ip) : std::string();  // "": counted in no address
    const std::size_t cap = max_connections_.load();
    {
        std::lock_guard lock(mutex_);
        refusal = Refusal::none;
        const auto it = per_ip_.find(key);
        if (per_address && it != per_ip_.end() && it->second >= options.max_connections_per_ip) {
            refusal = Refusal::address_full;
            return {};
        }
        if (cap > 0 && open_ >= cap) {
            if (open_ < cap + kEvictionSlack) evicted = pop_waiting_http();
            if (!evicted) {
                refusal = Refusal::server_full;
                return {};
            }
        }
        if (per_address) ++per_ip_[key];
        ++open_;
    }
    if (evicted) {
        spdlog::debug("{} connections open (the cap): closing an idle HTTP connection to admit a new one", cap);
        evicted->close_now();
    }
    return IpSlot(shared_from_this(), key);
}

void Gateway::release_ip(const std::string& ip) {
    std::lock_guard lock(mutex_);
    --open_;
    const auto it = per_ip_.find(ip);
    if (it != per_ip_.end() && --it->second == 0) per_ip_.erase(it);
}

std::size_t Gateway::open_connections() const {
    std::lock_guard lock(mutex_);
    return open_;
}

void Gateway::http_waiting(std::uint64_t id, bool waiting) {
    std::lock_guard lock(mutex_);
    if (waiting)
        waiting_http_.insert(id);
    else
        waiting_http_.erase(id);
}

// Under mutex_: the oldest HTTP connection waiting for a request that still exists, taken off the list.
std::shared_ptr<Connection> Gateway::pop_waiting_http() {
    while (!waiting_http_.empty()) {
        const auto id = *waiting_http_.begin();
        waiting_http_.erase(waiting_http_.begin());
        const auto it = connections_.find(id);
        if (it == connections_.end()) continue;
        if (auto c = it->second.lock()) return c;
    }
    return nullptr;
}

bool Gateway::close_idle_http() {
    std::shared_ptr<Connection> evicted;
    {
        std::lock_guard lock(mutex_);
        evicted = pop_waiting_http();
    }
    if (!evicted) return false;
    evicted->close_now();
    return true;
}

void Gateway::add(std::uint64_t id, const std::shared_ptr<Connection>& connection) {
    std::lock_guard lock(mutex_);
    connections_[id] = connection;
}

void Gateway::remove(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    connections_.erase(id);
    waiting_http_.erase(id);
}

std::vector<std::shared_ptr<Connection>> Gateway::connections() const {
    std::vector<std::shared_ptr<Connection>> out;
    std::lock_guard lock(mutex_);
    out.reserve(connections_.size());
    for (const auto& [id, weak] : connections_)
        if (auto c = weak.lock()) out.push_back(std::move(c));
    return out;
}

std::shared_ptr<asio::ssl::context> Gateway::tls_context() const {
    std::lock_guard lock(mutex_);
    return tls_context_;
}

void Gateway::set_tls_context(std::shared_ptr<asio::ssl::context> context) {
    std::lock_guard lock(mutex_);
    tls_context_ = std::move(context);
}

std::size_t Gateway::connection_count() const {
    std::lock_guard lock(mutex_);
    return connections_.size();
}

}  // namespace catan::net
