#include "replay_hammer.hpp"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <algorithm>
#include <optional>
#include <mutex>
#include <thread>
#include <vector>

#include "connections.hpp"  // g_endpoint
#include "load_gen.hpp"

namespace loadgen {

namespace http = beast::http;

namespace {

std::mutex g_target_mutex;
std::string g_target;

std::string replay_target() {
    const std::lock_guard lock(g_target_mutex);
    return g_target;
}

}  // namespace

void set_replay_target(const std::string& code) {
    const std::lock_guard lock(g_target_mutex);
    g_target = code;
}

struct ReplayHammer::Impl {
    net::io_context ioc{1};
    std::thread thread;
    ReplayCounts counts;                // touched only by the hammer's thread until stop()
    std::vector<std::uint64_t> ok_ns;   // in the measured window

    struct Conn : std::enable_shared_from_this<Conn> {
        Impl& impl;
        beast::tcp_stream stream;
        net::steady_timer timer;
        beast::flat_buffer buffer;
        http::request<http::empty_body> req;
        std::optional<http::response_parser<http::string_body>> parser;
        bool connected = false;
        std::int64_t sent_ns = 0;

        explicit Conn(Impl& i) : impl(i), stream(i.ioc), timer(i.ioc) {}

        void next() {
            if (g_stop.load()) return;
            const std::string code = replay_target();
            if (code.empty()) return later(50);
            if (!connected) {
                stream.async_connect(g_endpoint, [self = shared_from_this()](beast::error_code ec) {
                    if (ec) return self->fail();
                    self->connected = true;
                    self->next();
                });
                return;
            }
            req = {http::verb::get, "/api/rooms/" + code + "/replay", 11};
            req.set(http::field::host, "127.0.0.1");
            req.keep_alive(true);
            sent_ns = now_ns();
            http::async_write(stream, req, [self = shared_from_this()](beast::error_code ec, std::size_t) {
                if (ec) return self->fail();
                self->parser.emplace();
                self->parser->body_limit(256 * 1024 * 1024);
                http::async_read(self->stream, self->buffer, *self->parser, [self](beast::error_code e, std::size_t) {
                    if (e) return self->fail();
                    self->answered();
                });
            });
        }
        void answered() {
            const auto& res = parser->get();
            const unsigned status = res.result_int();
            const std::int64_t t = now_ns();
            if (status == 200) {
                ++impl.counts.ok;
                impl.counts.bytes += res.body().size();
                if (in_window(sent_ns)) impl.ok_ns.push_back(static_cast<std::uint64_t>(t - sent_ns));
            } else if (status == 429 || status == 503) {
                ++impl.counts.refused;
            } else {
                ++impl.counts.other;
            }
            if (!res.keep_alive()) close();
            next();
        }
        void close() {
            stream.close();  // the next async_connect opens a fresh socket
            buffer.clear();
            connected = false;
        }
        void fail() {
            ++impl.counts.failures;
            close();
            later(100);
        }
        void later(int ms) {
            timer.expires_after(std::chrono::milliseconds(ms));
            timer.async_wait([self = shared_from_this()](beast::error_code ec) {
                if (!ec) self->next();
            });
        }
    };
    std::vector<std::shared_ptr<Conn>> conns;
};

ReplayHammer::ReplayHammer(int clients) : impl_(std::make_unique<Impl>()) {
    for (int i = 0; i < clients; ++i) impl_->conns.push_back(std::make_shared<Impl::Conn>(*impl_));
}

ReplayHammer::~ReplayHammer() { stop(); }

void ReplayHammer::start() {
    for (auto& c : impl_->conns) net::post(impl_->ioc, [c] { c->next(); });
    impl_->thread = std::thread([this] {
        auto guard = net::make_work_guard(impl_->ioc);
        impl_->ioc.run();
    });
}

void ReplayHammer::stop() {
    if (!impl_->thread.joinable()) return;
    impl_->ioc.stop();
    impl_->thread.join();
    std::sort(impl_->ok_ns.begin(), impl_->ok_ns.end());
    impl_->counts.ok_p50_ms = pct(impl_->ok_ns, 0.5) / 1e3;
    impl_->counts.ok_p99_ms = pct(impl_->ok_ns, 0.99) / 1e3;
}

ReplayCounts ReplayHammer::counts() const { return impl_->counts; }

}  // namespace loadgen
