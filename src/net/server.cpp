// The listener, the thread pool, the room strands, the sweep timer and the graceful shutdown.
#include "catan/net/server.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include <boost/asio/bind_executor.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/host_name.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <spdlog/spdlog.h>

#include "http_session.hpp"
#include "room_executors.hpp"

namespace catan::net {

// ---------------------------------------------------------------------------------------------------
// Shared state

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

std::size_t Gateway::connection_count() const {
    std::lock_guard lock(mutex_);
    return connections_.size();
}

// ---------------------------------------------------------------------------------------------------
namespace {

std::string endpoint_text(const tcp::endpoint& ep) {
    const auto address = ep.address().to_string();
    return ep.address().is_v6() ? "[" + address + "]:" + std::to_string(ep.port())
                                : address + ":" + std::to_string(ep.port());
}

}  // namespace

// ---------------------------------------------------------------------------------------------------

struct Server::Impl {
    explicit Impl(ServerOptions o, std::shared_ptr<room::Metrics> m)
        : options(std::move(o)),
          ioc(static_cast<int>(thread_count())),
          control(asio::make_strand(ioc)),
          timers(std::make_shared<RoomTimers>()),
          bot_workers(std::make_shared<BotWorkers>(bot_thread_count())),
          replay_workers(std::make_shared<BotWorkers>(std::max(1u, options.replay_threads))),
          metrics(m ? std::move(m) : std::make_shared<room::Metrics>()),
          acceptor(control),
          signals(control),
          sweep_timer(control),
          retry_timer(control),
          shutdown_timer(control) {}

    unsigned thread_count() const {
        if (options.threads > 0) return options.threads;
        return std::max(1u, std::thread::hardware_concurrency());
    }
    unsigned bot_thread_count() const {
        if (options.bot_threads > 0) return options.bot_threads;
        return std::max(1u, std::thread::hardware_concurrency() / 2);
    }

    ServerOptions options;
    asio::io_context ioc;  // destroyed last: everything below holds its executors
    asio::strand<asio::io_context::executor_type> control;  // acceptor, signals, timers, shutdown
    std::shared_ptr<RoomTimers> timers;       // the rooms' delayed tasks, cancelled at shutdown
    std::shared_ptr<BotWorkers> bot_workers;  // destroyed before the io_context: joins its threads
    // Replay records, on threads of their own (the same kind of pool): a burst of replay requests
    // neither delays bots nor takes more than these threads from the I/O threads.
    std::shared_ptr<BotWorkers> replay_workers;
    std::shared_ptr<room::Metrics> metrics;
    std::unique_ptr<room::Hub> hub;
    std::shared_ptr<Gateway> gateway;
    tcp::acceptor acceptor;
    asio::signal_set signals;
    asio::steady_timer sweep_timer, retry_timer, shutdown_timer;
    std::vector<std::thread> threads;
    std::uint16_t port = 0;
    std::chrono::steady_clock::time_point shutdown_started;
    std::chrono::steady_clock::time_point last_refusal_log{};  // on the control strand, like on_accept
    std::uint64_t refused_since_log = 0;
    bool nudged = false, finalizing = false, started = false, signals_added = false;

    std::uint16_t start();
    void run_thread();
    void do_accept();
    void on_accept(beast::error_code ec, tcp::socket socket);
    void note_refusal(Gateway::Refusal why, const std::string& remote);
    void arm_sweep();
    void arm_signals();
    void begin_shutdown(std::string_view why);
    void shutdown_tick();
    void finalize();
    void finalize_tick();
    void write_port_file() const;
};

std::uint16_t Server::Impl::start() {
    const auto listen = parse_listen(options.listen);
    if (!listen) throw std::runtime_error("bad --listen address '" + options.listen + "' (want host:port)");
    tcp::endpoint endpoint;
    beast::error_code ec;
    const auto address = asio::ip::make_address(listen->host, ec);
    const bool literal = !ec;
    if (literal) {
        endpoint = tcp::endpoint(address, listen->port);
    } else {
        tcp::resolver resolver(ioc);
        const auto results = resolver.resolve(listen->host, std::to_string(listen->port), ec);
        if (ec || results.empty()) throw std::runtime_error("cannot resolve '" + listen->host + "': " + ec.message());
        endpoint = results.begin()->endpoint();
    }
    acceptor.open(endpoint.protocol());
    acceptor.set_option(asio::socket_base::reuse_address(true));
    acceptor.bind(endpoint, ec);
    if (ec) throw std::runtime_error("cannot listen on " + options.listen + ": " + ec.message());
    acceptor.listen(asio::socket_base::max_listen_connections);
    port = acceptor.local_endpoint().port();

    // The hub's join URLs: --public-url, or the address we listen on (REST answers use the Host header).
    room::HubOptions hub_options = options.hub;
    if (!hub_options.replay_workers) hub_options.replay_workers = replay_workers;
    if (hub_options.public_url.empty()) {
        std::string host = listen->host;
        if (literal && address.is_unspecified()) {
            host = asio::ip::host_name(ec);
            if (ec || host.empty()) host = "localhost";
        } else if (literal && address.is_v6()) {
            host = "[" + host + "]";
        }
        hub_options.public_url = "http://" + host + ":" + std::to_string(port);
    }
    hub = std::make_unique<room::Hub>(
        hub_options, strand_executors(ioc, timers), metrics, bot_workers);

    StaticFiles files(options.assets.empty() ? web_assets() : options.assets,
                      options.web_dir.empty() ? std::filesystem::path{} : std::filesystem::path(options.web_dir));
    if (files.from_disk())
        spdlog::info("serving the web client from {} (development)", options.web_dir);
    else
        spdlog::info("serving the embedded web client ({} files)", files.embedded_count());
    gateway = std::make_shared<Gateway>(options, *hub, *metrics, std::move(files), options.hub.public_url);
    // Descriptors: as many as the hard limit allows, and connections capped below that with a reserve
    // for the data file, logs and accept itself, so the listener never runs dry.
    const auto descriptors = raise_descriptor_limit();
    const auto max_connections =
        options.max_connections > 0 ? options.max_connections : default_max_connections(descriptors);
    if (descriptors > 0 && max_connections + kDescriptorReserve > descriptors)
        spdlog::warn("--max-connections {} leaves fewer than {} of the {} file descriptors for the data file and logs",
                     max_connections, kDescriptorReserve, descriptors);
    gateway->set_max_connections(max_connections);
    gateway->listen_host = listen->host;
    gateway->listen_port = port;
    {
        std::string error;
        auto trusted = TrustedProxies::parse(options.trusted_proxies, error);
        if (!trusted) throw std::runtime_error("bad --trusted-proxy: " + error);
        gateway->trusted_proxies = std::move(*trusted);
        if (!gateway->trusted_proxies.empty())
            spdlog::info("trusted proxies: {} (their X-Forwarded-For names the client)", gateway->trusted_proxies.describe());
    }
    spdlog::info("at most {} connections ({} per address; {} file descriptors)", max_connections,
                 options.max_connections_per_ip, descriptors);

    const auto bound = acceptor.local_endpoint();
    spdlog::info("listening on http://{} ({} threads, join URLs {}/r/...)", endpoint_text(bound), thread_count(),
                 options.hub.public_url.empty() ? std::string("http://<Host>") : options.hub.public_url);
    // Before the port is announced: a SIGTERM sent as soon as a script sees the port must be ours to
    // handle (a graceful stop, exit 0), not the default action's (killed, 143). Asio queues a signal
    // that comes before the first wait.
    if (options.handle_signals) {
        signals_added = true;
        signals.add(SIGINT);
        signals.add(SIGTERM);
    }
    write_port_file();

    asio::post(control, [this] {
        do_accept();
        arm_sweep();
        arm_signals();
    });
    started = true;
    const unsigned n = thread_count();
    threads.reserve(n);
    for (unsigned i = 0; i < n; ++i) threads.emplace_back([this] { run_thread(); });
    return port;
}

void Server::Impl::write_port_file() const {
    if (options.port_file.empty()) return;
    const std::string tmp = options.port_file + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        out << port << "\n";
        if (!out) throw std::runtime_error("cannot write the port file " + tmp);
    }
    std::error_code ec;
    std::filesystem::rename(tmp, options.port_file, ec);
    if (ec) throw std::runtime_error("cannot write the port file " + options.port_file + ": " + ec.message());
}

void Server::Impl::run_thread() {
    for (;;) {
        try {
            ioc.run();
            return;
        } catch (const std::exception& e) {
            spdlog::error("uncaught exception on an I/O thread: {}", e.what());
        } catch (...) {
            spdlog::error("uncaught exception on an I/O thread");
        }
    }
}

void Server::Impl::do_accept() {
    if (gateway->stopping) return;
    acceptor.async_accept(asio::make_strand(ioc),
                          [this](beast::error_code ec, tcp::socket socket) { on_accept(ec, std::move(socket)); });
}

void Server::Impl::on_accept(beast::error_code ec, tcp::socket socket) {
    if (ec) {
        if (ec == asio::error::operation_aborted || gateway->stopping) return;
        if (ec == asio::error::no_descriptors || ec == asio::error::no_buffer_space ||
            ec == boost::system::errc::too_many_files_open_in_system) {
            // Out of descriptors below the cap (it was set above the limit, or something else holds
            // descriptors): the cap comes down to what fits, idle HTTP connections make room, and
            // accept tries again shortly rather than spin on a listener that stays readable.
            constexpr std::size_t kRoom = 8;
            const auto open = gateway->open_connections();
            if (open > 2 * kRoom && open - kRoom < gateway->max_connections()) {
                gateway->set_max_connections(open - kRoom);
                spdlog::warn("accept: {} with {} connections open: at most {} from now on", ec.message(), open,
                             open - kRoom);
            } else {
                spdlog::warn("accept: {} ({} connections open)", ec.message(), open);
            }
            for (std::size_t i = 0; i <= kRoom && gateway->close_idle_http(); ++i) {
            }
        } else {
            spdlog::warn("accept: {}", ec.message());
        }
        retry_timer.expires_after(std::chrono::milliseconds(20));
        retry_timer.async_wait([this](beast::error_code e) {
            if (!e) do_accept();
        });
        return;
    }
    beast::error_code ignored;
    const auto remote = socket.remote_endpoint(ignored);
    if (ignored) return do_accept();  // already gone
    const auto id = gateway->next_id();
    const auto ip = remote.address().to_string();
    Gateway::Refusal refusal{};
    auto slot = gateway->acquire_ip(ip, refusal, !gateway->trusted_proxies.contains(ip));
    if (!slot) {
        metrics->frame_rejected();
        refuse_connection(socket, refusal);
        note_refusal(refusal, endpoint_text(remote));
        return do_accept();
    }
    socket.set_option(tcp::no_delay(true), ignored);
    if (options.socket_send_buffer > 0)
        socket.set_option(asio::socket_base::send_buffer_size(options.socket_send_buffer), ignored);
    std::make_shared<HttpSession>(std::move(socket), gateway, std::move(slot), id, endpoint_text(remote))->run();
    do_accept();
}

// One warning a second at most, with the count since the last one: a flood of refused connections
// must not become a flood of log lines.
void Server::Impl::note_refusal(Gateway::Refusal why, const std::string& remote) {
    ++refused_since_log;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_refusal_log < std::chrono::seconds(1)) return;
    if (why == Gateway::Refusal::address_full)
        spdlog::warn("[{}] over the cap of {} connections for this address: refused (429); {} refused in all since the last such line",
                     remote, options.max_connections_per_ip, refused_since_log);
    else
        spdlog::warn("[{}] the server holds {} connections, its cap: refused (503); {} refused in all since the last such line",
                     remote, gateway->max_connections(), refused_since_log);
    refused_since_log = 0;
    last_refusal_log = now;
}

void Server::Impl::arm_sweep() {
    if (options.sweep_interval.count() <= 0) return;
    sweep_timer.expires_after(options.sweep_interval);
    sweep_timer.async_wait([this](beast::error_code ec) {
        if (ec || gateway->stopping) return;
        try {
            hub->sweep(std::chrono::steady_clock::now());
        } catch (const std::exception& e) {
            spdlog::error("sweep: {}", e.what());
        }
        arm_sweep();
    });
}

void Server::Impl::arm_signals() {
    if (!options.handle_signals) return;
    if (!signals_added) {
        signals_added = true;
        signals.add(SIGINT);
        signals.add(SIGTERM);
    }
    signals.async_wait([this](beast::error_code ec, int signal) {
        if (ec) return;
        if (!gateway->stopping) {
            begin_shutdown(signal == SIGINT ? "SIGINT" : "SIGTERM");
            arm_signals();  // a second signal cuts the grace period short
        } else {
            spdlog::warn("second signal: closing every connection now");
            finalize();
        }
    });
}

void Server::Impl::begin_shutdown(std::string_view why) {
    if (gateway->stopping.exchange(true)) return;
    spdlog::info("shutting down ({}): {} WebSocket connections, {} rooms", why, gateway->websocket_count(),
                 hub->room_count());
    beast::error_code ignored;
    acceptor.close(ignored);
    sweep_timer.cancel();
    retry_timer.cancel();
    timers->stop();
    try {
        hub->shutdown("server shutting down");
    } catch (const std::exception& e) {
        spdlog::error("hub shutdown: {}", e.what());
    }
    shutdown_started = std::chrono::steady_clock::now();
    shutdown_tick();
}

// Waits for the WebSockets to close; after a quarter of the grace period the gateway closes whatever the
// hub did not (connections in no room, idle HTTP keep-alives); at the end it closes what is left.
void Server::Impl::shutdown_tick() {
    shutdown_timer.expires_after(std::chrono::milliseconds(20));
    shutdown_timer.async_wait([this](beast::error_code ec) {
        if (ec || finalizing) return;
        const auto elapsed = std::chrono::steady_clock::now() - shutdown_started;
        if (gateway->websocket_count() == 0 || elapsed >= options.shutdown_grace) return finalize();
        if (!nudged && elapsed >= options.shutdown_grace / 4) {
            nudged = true;
            for (const auto& c : gateway->connections()) c->close_gracefully("server shutting down");
        }
        shutdown_tick();
    });
}

void Server::Impl::finalize() {
    if (finalizing) return;
    finalizing = true;
    signals.cancel();
    shutdown_timer.cancel();
    const auto left = gateway->websocket_count();
    if (left > 0) spdlog::info("closing {} WebSocket connections that did not finish closing", left);
    for (const auto& c : gateway->connections()) c->close_now();
    shutdown_started = std::chrono::steady_clock::now();
    finalize_tick();
}

// Once no connection is left the io_context runs out of work and the threads return; if something
// lingers, stop it anyway.
void Server::Impl::finalize_tick() {
    if (gateway->connection_count() == 0) return;
    if (std::chrono::steady_clock::now() - shutdown_started > std::chrono::milliseconds(500)) {
        spdlog::warn("{} connections still open: stopping", gateway->connection_count());
        ioc.stop();
        return;
    }
    shutdown_timer.expires_after(std::chrono::milliseconds(10));
    shutdown_timer.async_wait([this](beast::error_code ec) {
        if (!ec) finalize_tick();
    });
}

// ---------------------------------------------------------------------------------------------------

Server::Server(ServerOptions options, std::shared_ptr<room::Metrics> metrics)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(metrics))) {}

Server::~Server() {
    if (impl_->started) {
        stop();
        wait();
    }
    // The hub (and its room strands) go before the io_context; handlers that never ran are dropped with it.
    impl_->gateway.reset();
    impl_->hub.reset();
}

std::uint16_t Server::start() { return impl_->start(); }

void Server::stop() {
    if (!impl_->started) return;
    asio::post(impl_->control, [impl = impl_.get()] { impl->begin_shutdown("stop requested"); });
}

void Server::wait() {
    for (auto& t : impl_->threads)
        if (t.joinable()) t.join();
    impl_->threads.clear();
    if (impl_->started) spdlog::info("server stopped");
    impl_->started = false;
}

std::uint16_t Server::port() const { return impl_->port; }
room::Hub& Server::hub() { return *impl_->hub; }
room::Metrics& Server::metrics() { return *impl_->metrics; }
std::size_t Server::connection_count() const { return impl_->gateway ? impl_->gateway->websocket_count() : 0; }

}  // namespace catan::net
