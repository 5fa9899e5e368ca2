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

#include "catan/net/lan_addresses.hpp"
#include "catan/room/address_limiter.hpp"
#include "catan/room/token_bucket.hpp"
#include "http_session.hpp"
#include "room_executors.hpp"
#include "tls_context.hpp"

namespace catan::net {

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
          redirect_acceptor(control),
          signals(control),
          reload_signals(control),
          sweep_timer(control),
          retry_timer(control),
          redirect_timer(control),
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
    tcp::acceptor redirect_acceptor;  // --http-redirect-listen: plain HTTP, 308 to https
    asio::signal_set signals;
    asio::signal_set reload_signals;  // SIGHUP: load the TLS certificate again
    asio::steady_timer sweep_timer, retry_timer, redirect_timer, shutdown_timer;
    std::vector<std::thread> threads;
    std::uint16_t port = 0, redirect_port = 0;
    std::chrono::steady_clock::time_point shutdown_started;
    std::chrono::steady_clock::time_point last_refusal_log{};  // on the control strand, like on_accept
    std::uint64_t refused_since_log = 0;
    // TLS handshakes new connections may start (ServerOptions::tls_handshake_rate...): used by
    // on_accept only, on the control strand.
    room::AddressLimiter handshakes_per_address{options.tls_handshake_rate, options.tls_handshake_burst};
    room::TokenBucket handshakes_total{options.tls_handshake_total_rate, options.tls_handshake_total_burst};
    bool nudged = false, finalizing = false, started = false, signals_added = false;

    std::uint16_t start();
    void run_thread();
    void do_accept();
    void do_accept_redirect();
    void on_accept(beast::error_code ec, tcp::socket socket, Serving serving);
    Gateway::Refusal handshake_budget(const std::string& ip, bool per_address);
    void arm_reload();
    void note_refusal(Gateway::Refusal why, const std::string& remote);
    void arm_sweep();
    void arm_signals();
    void begin_shutdown(std::string_view why);
    void shutdown_tick();
    void finalize();
    void finalize_tick();
    void write_port_file() const;
};

namespace {

// Binds `acceptor` to `text` ("host:port", a literal address or a name to resolve; `flag` names it in
// errors) and listens.
void listen_on(tcp::acceptor& acceptor, asio::io_context& ioc, const std::string& text, const char* flag) {
    const auto listen = parse_listen(text);
    if (!listen) throw std::runtime_error(std::string("bad ") + flag + " address '" + text + "' (want host:port)");
    tcp::endpoint endpoint;
    beast::error_code ec;
    const auto address = asio::ip::make_address(listen->host, ec);
    if (!ec) {
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
    if (ec) throw std::runtime_error("cannot listen on " + text + " (" + flag + "): " + ec.message());
    acceptor.listen(asio::socket_base::max_listen_connections);
}

}  // namespace

std::uint16_t Server::Impl::start() {
    if (options.tls() != !options.tls_key.empty())
        throw TlsError(options.tls() ? "--tls-cert without --tls-key: give both (or neither, for plain HTTP)"
                                     : "--tls-key without --tls-cert: give both (or neither, for plain HTTP)");
    if (!options.redirect_listen.empty() && !options.tls())
        throw std::runtime_error("--http-redirect-listen redirects to HTTPS: it needs --tls-cert and --tls-key");
    std::shared_ptr<asio::ssl::context> tls_context;
    if (options.tls()) {
        auto loaded = load_tls_context(options.tls_cert, options.tls_key);
        spdlog::info("TLS certificate {}", loaded.description);
        tls_context = std::move(loaded.context);
    }
    listen_on(acceptor, ioc, options.listen, "--listen");  // throws for a bad address
    const auto listen = parse_listen(options.listen);
    beast::error_code ec;
    const auto address = asio::ip::make_address(listen->host, ec);
    const bool literal = !ec;
    port = acceptor.local_endpoint().port();
    if (!options.redirect_listen.empty()) {
        listen_on(redirect_acceptor, ioc, options.redirect_listen, "--http-redirect-listen");
        redirect_port = redirect_acceptor.local_endpoint().port();
    }

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
        hub_options.public_url = (options.tls() ? "https://" : "http://") + host + ":" + std::to_string(port);
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
    gateway->set_tls_context(std::move(tls_context));
    gateway->https_port = port;
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
    const std::string scheme = options.tls() ? "https://" : "http://";
    spdlog::info("listening on {}{} ({} threads, join URLs {}/r/...)", scheme, endpoint_text(bound), thread_count(),
                 options.hub.public_url.empty() ? scheme + "<Host>" : options.hub.public_url);
    if (redirect_port != 0)
        spdlog::info("redirecting plain HTTP on {} to https (308)", endpoint_text(redirect_acceptor.local_endpoint()));
    if (options.tls() && options.handle_signals) reload_signals.add(SIGHUP);  // before the port is announced, as below
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
        do_accept_redirect();
        arm_sweep();
        arm_signals();
        arm_reload();
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
        if (redirect_port != 0) out << redirect_port << "\n";  // the redirect listener's, on a line of its own
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
    acceptor.async_accept(asio::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
        on_accept(ec, std::move(socket), Serving::site);
    });
}

void Server::Impl::do_accept_redirect() {
    if (gateway->stopping || !redirect_acceptor.is_open()) return;
    redirect_acceptor.async_accept(asio::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
        on_accept(ec, std::move(socket), Serving::redirect_to_https);
    });
}

// Both listeners' connections share the caps (per address and in total) and the timeouts.
void Server::Impl::on_accept(beast::error_code ec, tcp::socket socket, Serving serving) {
    const auto accept_next = [this, serving] {
        serving == Serving::site ? do_accept() : do_accept_redirect();
    };
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
        if (serving == Serving::redirect_to_https) {  // the retry timer is the site listener's
            redirect_timer.expires_after(std::chrono::milliseconds(20));
            redirect_timer.async_wait([this](beast::error_code e) {
                if (!e) do_accept_redirect();
            });
            return;
        }
        retry_timer.expires_after(std::chrono::milliseconds(20));
        retry_timer.async_wait([this](beast::error_code e) {
            if (!e) do_accept();
        });
        return;
    }
    beast::error_code ignored;
    const auto remote = socket.remote_endpoint(ignored);
    if (ignored) return accept_next();  // already gone
    const auto id = gateway->next_id();
    const auto ip = remote.address().to_string();
    Gateway::Refusal refusal{};
    auto slot = gateway->acquire_ip(ip, refusal, !gateway->trusted_proxies.contains(ip));
    if (!slot) {
        metrics->frame_rejected();
        refuse_connection(socket, refusal, options.tls() && serving == Serving::site);
        note_refusal(refusal, endpoint_text(remote));
        return accept_next();
    }
    if (serving == Serving::site && options.tls())
        if (const auto over = handshake_budget(ip, !gateway->trusted_proxies.contains(ip)); over != Gateway::Refusal::none) {
            refuse_connection(socket, over, true);  // `slot` is released on return
            note_refusal(over, endpoint_text(remote));
            return accept_next();
        }
    socket.set_option(tcp::no_delay(true), ignored);
    if (options.socket_send_buffer > 0)
        socket.set_option(asio::socket_base::send_buffer_size(options.socket_send_buffer), ignored);
    if (serving == Serving::site && options.tls())
        std::make_shared<HttpSession<TlsStream>>(std::move(socket), gateway->tls_context(), serving, gateway,
                                                 std::move(slot), id, endpoint_text(remote))
            ->run();
    else
        std::make_shared<HttpSession<PlainStream>>(std::move(socket), nullptr, serving, gateway, std::move(slot), id,
                                                   endpoint_text(remote))
            ->run();
    accept_next();
}

// Whether a new TLS connection from `ip` may start its handshake: a token of its address (unless it
// is a trusted proxy's, which carries many clients) and one of the server's. Checked at accept,
// since the handshake's private-key operation is what a flood of handshakes costs; the count of
// refusals goes to /metrics.
Gateway::Refusal Server::Impl::handshake_budget(const std::string& ip, bool per_address) {
    if (per_address && options.tls_handshake_rate > 0 && !handshakes_per_address.take(room::address_key(ip))) {
        gateway->tls_handshakes_refused_address.fetch_add(1, std::memory_order_relaxed);
        return Gateway::Refusal::handshakes_address;
    }
    if (options.tls_handshake_total_rate > 0 && !handshakes_total.take()) {
        gateway->tls_handshakes_refused_total.fetch_add(1, std::memory_order_relaxed);
        return Gateway::Refusal::handshakes_total;
    }
    return Gateway::Refusal::none;
}

// One warning a second at most, with the count since the last one: a flood of refused connections
// must not become a flood of log lines.
void Server::Impl::note_refusal(Gateway::Refusal why, const std::string& remote) {
    ++refused_since_log;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_refusal_log < std::chrono::seconds(1)) return;
    if (why == Gateway::Refusal::handshakes_address)
        spdlog::warn("[{}] over this address's TLS handshake rate ({}/s, bursts of {}): closed before the handshake; {} "
                     "refused in all since the last such line",
                     remote, options.tls_handshake_rate, options.tls_handshake_burst, refused_since_log);
    else if (why == Gateway::Refusal::handshakes_total)
        spdlog::warn("[{}] over the server's TLS handshake rate ({}/s, bursts of {}): closed before the handshake; {} "
                     "refused in all since the last such line",
                     remote, options.tls_handshake_total_rate, options.tls_handshake_total_burst, refused_since_log);
    else if (why == Gateway::Refusal::address_full)
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

// SIGHUP: the certificate and key are read again from the same paths; new connections use them,
// open ones keep theirs. A pair that does not load leaves the old one in place.
void Server::Impl::arm_reload() {
    if (!options.tls() || !options.handle_signals) return;
    reload_signals.async_wait([this](beast::error_code ec, int) {
        if (ec || gateway->stopping) return;
        try {
            auto loaded = load_tls_context(options.tls_cert, options.tls_key);
            gateway->set_tls_context(std::move(loaded.context));
            gateway->tls_reloads.fetch_add(1);
            spdlog::info("SIGHUP: TLS certificate reloaded for new connections: {}", loaded.description);
        } catch (const std::exception& e) {
            gateway->tls_reload_failures.fetch_add(1);
            spdlog::error("SIGHUP: TLS certificate not reloaded, the previous one stays in use: {}", e.what());
        }
        arm_reload();
    });
}

void Server::Impl::begin_shutdown(std::string_view why) {
    if (gateway->stopping.exchange(true)) return;
    spdlog::info("shutting down ({}): {} WebSocket connections, {} rooms", why, gateway->websocket_count(),
                 hub->room_count());
    beast::error_code ignored;
    acceptor.close(ignored);
    redirect_acceptor.close(ignored);
    reload_signals.cancel();
    sweep_timer.cancel();
    retry_timer.cancel();
    redirect_timer.cancel();
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
std::uint16_t Server::redirect_port() const { return impl_->redirect_port; }

std::string Server::reach_url() const {
    const std::string& host = impl_->gateway->listen_host;
    const auto lan = lan_urls(host, impl_->port, interface_addresses());
    std::string url = !lan.empty() ? lan.front()
                      : host.find(':') != std::string::npos && !host.starts_with('[')
                          ? "http://[" + host + "]:" + std::to_string(impl_->port)
                          : "http://" + (host.empty() || host == "0.0.0.0" ? std::string("127.0.0.1") : host) + ":" +
                                std::to_string(impl_->port);
    if (!impl_->options.tls_cert.empty()) url.insert(4, "s");  // http:// → https://
    return url;
}
room::Hub& Server::hub() { return *impl_->hub; }
room::Metrics& Server::metrics() { return *impl_->metrics; }
std::size_t Server::connection_count() const { return impl_->gateway ? impl_->gateway->websocket_count() : 0; }

}  // namespace catan::net
