// load_gen: a load generator for catan-server (issue 3, "Load benchmark"), and an echo client for the
// bare Beast baseline. Loopback only. Every run is bounded in time and stops by itself.
//
//   load_gen play --port P --rooms R [--rate X] --duration S   R rooms x 4 seated bots play random games
//   load_gen idle --port P --idle N [--idle-kind seat|spectate|bare]   N connections that sit idle
//   load_gen echo --port P --connections 100 --size 64         closed-loop echo (beast_echo baseline)
//
// Play: each room is created over the socket (create_room with a seed), 4 clients join (the first with
// the host key) and the host starts. Whenever every client of a room has seen the same sequence number,
// the lowest seat whose `legal` lists commands acts: a uniform choice among its listed commands (domestic
// trade offers are never listed, so none are made; at most one bank trade per turn keeps games short).
// One command per room is in flight. Its latency runs from sending it to the moment the LAST of the
// room's 4 connections has received an update with the new sequence number. With --rate the room
// sends at most that many commands per second (fixed schedule, random phase); without it, as soon as
// it may, within the server's per-connection rate limit (20 messages/s, bursts of 40: load_gen keeps
// each connection under --client-rate 18/s with bursts of --client-burst 30, so no command is refused
// as rate_limited). Finished games are replaced by a new room. Any `error` answer is counted and shown:
// it is a bug in the generator or the server. The server's CPU time and resident memory are read from
// /proc/<pid> (pid given, or found from the listening port); /proc/stat tells how much CPU everything
// else on the machine used meanwhile.
//
// Threads: --threads io_contexts, one thread each; a room and its 4 clients live on one of them, so a
// room's bookkeeping needs no locks. Output: a readable report, then one `RESULT key=value ...` line;
// --progress N adds a line every N seconds on stderr (commands/s, p50/p99 of that interval).
#include <CLI/CLI.hpp>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <dirent.h>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "json_scan.hpp"

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

// ---------------------------------------------------------------------------------------------------
// Options

struct Options {
    std::string mode;
    std::string host = "127.0.0.1";
    int port = 0;
    int pid = 0;
    int threads = 2;
    std::uint64_t seed = 1;
    double duration = 60;
    double warmup = 5;
    double drain = 5;
    double setup_timeout = 300;
    std::string origin;
    // play
    int rooms = 100;
    double rate = 0;  // commands per second per room; 0: as fast as possible
    int setup_concurrency = 256;
    double client_rate = 18;   // messages per second per connection (the server allows 20, bursts of 40)
    double client_burst = 30;
    int max_commands_per_game = 5000;
    double stall_ms = 30000;
    // idle
    int idle = 1000;
    std::string idle_kind = "seat";
    int spectators_per_room = 50;
    double settle = 3;
    double progress = 0;  // seconds between progress lines on stderr; 0: none
    // echo
    int connections = 100;
    int size = 64;
};

Options g_opt;

// ---------------------------------------------------------------------------------------------------
// Random numbers: splitmix64-seeded xoshiro256**, Lemire's unbiased range reduction.

class Rng {
public:
    explicit Rng(std::uint64_t seed) {
        for (auto& w : s_) w = splitmix(seed);
    }
    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }
    std::uint32_t below(std::uint32_t bound) {
        std::uint64_t m = (next() >> 32) * bound;
        auto low = static_cast<std::uint32_t>(m);
        if (low < bound) {
            const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
            while (low < threshold) {
                m = (next() >> 32) * bound;
                low = static_cast<std::uint32_t>(m);
            }
        }
        return static_cast<std::uint32_t>(m >> 32);
    }
    static std::uint64_t splitmix(std::uint64_t& x) {
        std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t s_[4];
};

// ---------------------------------------------------------------------------------------------------
// Shared progress (main thread <-> workers)

std::atomic<int> g_ready{0};        // rooms (or idle/echo connections) fully set up
std::atomic<int> g_failed{0};       // setups that failed
std::atomic<int> g_inflight{0};     // commands sent and not yet seen by all 4 clients
std::atomic<bool> g_go{false};      // rooms may start playing
std::atomic<bool> g_stop{false};    // no new commands
std::atomic<std::int64_t> g_window_start{INT64_MAX};
std::atomic<std::int64_t> g_window_end{INT64_MAX};
std::atomic<std::uint64_t> g_room_serial{0};
std::atomic<std::uint64_t> g_pings{0};
const std::int64_t g_start_ns = now_ns();    // pings received from the server (Beast answers them)

// A log-scale latency histogram (8 buckets per power of two of microseconds) shared by the workers, read
// by the main thread for the once-a-second progress lines.
constexpr int kHistBuckets = 8 * 34;
std::array<std::atomic<std::uint64_t>, kHistBuckets> g_hist{};
int hist_bucket(std::uint64_t ns) {
    const std::uint64_t us = ns / 1000 + 1;
    const int log = 63 - __builtin_clzll(us);
    const int sub = log >= 3 ? static_cast<int>((us >> (log - 3)) & 7) : static_cast<int>((us << (3 - log)) & 7);
    return std::min(kHistBuckets - 1, log * 8 + sub);
}
double hist_upper_us(int b) {  // the bucket's upper bound in microseconds
    const int log = b / 8, sub = b % 8;
    return std::ldexp(1.0 + (sub + 1) / 8.0, log) - 1;
}

bool in_window(std::int64_t t) { return t >= g_window_start.load(std::memory_order_relaxed) && t < g_window_end.load(std::memory_order_relaxed); }

struct Stats {
    std::vector<std::uint64_t> latencies_ns;  // commands sent in the window, completed
    std::uint64_t sent_in_window = 0;
    std::uint64_t completed_in_window = 0;
    std::uint64_t commands_total = 0;
    std::uint64_t errors = 0;
    std::map<std::string, std::uint64_t> error_codes;
    std::vector<std::string> error_samples;
    std::uint64_t gaps = 0;
    std::uint64_t stalls = 0;
    std::uint64_t disconnects = 0;
    std::uint64_t setup_failures = 0;
    std::uint64_t games_finished = 0;
    std::uint64_t games_capped = 0;
    std::uint64_t rooms_created = 0;
    std::uint64_t throttled = 0;
    std::uint64_t late = 0;  // paced sends that went out over a period behind schedule
    std::uint64_t messages_received = 0;
    std::uint64_t bytes_received = 0;
    std::uint64_t bytes_in_window = 0;
    std::uint64_t messages_in_window = 0;
    std::vector<std::string> notes;

    void error(std::string_view code, std::string_view text, std::string_view context) {
        ++errors;
        ++error_codes[std::string(code)];
        if (error_samples.size() < 8) {
            std::string s(text.substr(0, 400));
            s += "  <- ";
            s += context.substr(0, 400);
            error_samples.push_back(std::move(s));
        }
    }
    void note(std::string s) {
        if (notes.size() < 8) notes.push_back(std::move(s));
    }
};

class Room;

struct Worker {
    explicit Worker(int i) : index(i), ioc(1), tick(ioc) {}
    int index;
    net::io_context ioc;
    net::steady_timer tick;
    Stats stats;
    std::vector<std::shared_ptr<Room>> rooms;
    int setup_active = 0;
    int setup_limit = 1;
    std::deque<std::shared_ptr<Room>> setup_queue;
    void request_setup(const std::shared_ptr<Room>& room);
    void release_setup();
    void start_tick();
};

tcp::endpoint g_endpoint;

// ---------------------------------------------------------------------------------------------------
// One WebSocket client connection.

class Client;

class Owner {
public:
    virtual ~Owner() = default;
    virtual void on_connected(Client& c) = 0;
    virtual void on_message(Client& c, std::string_view text) = 0;
    virtual void on_closed(Client& c, beast::error_code ec) = 0;
};

class Client : public std::enable_shared_from_this<Client> {
public:
    Client(Worker& w, Owner* owner, int i) : index(i), w_(w), ws_(w.ioc), owner_(owner) {
        tokens = g_opt.client_burst;
        refill_ns = now_ns();
    }

    void connect() {
        auto self = shared_from_this();
        ws_.next_layer().expires_after(std::chrono::seconds(30));
        ws_.next_layer().async_connect(g_endpoint, [self](beast::error_code ec) { self->on_connect(ec); });
    }

    void send(std::string text) {
        take_token();
        queue_.push_back(std::move(text));
        if (!writing_) do_write();
    }

    void close() {
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

    void detach() { owner_ = nullptr; }

    // Client-side token bucket mirroring the server's per-connection message rate limit.
    void refill(std::int64_t t) {
        tokens = std::min(g_opt.client_burst, tokens + static_cast<double>(t - refill_ns) * 1e-9 * g_opt.client_rate);
        refill_ns = t;
    }
    void take_token() {
        refill(now_ns());
        tokens -= 1;
    }
    // Nanoseconds until a message may be sent without exceeding the rate (0: now).
    std::int64_t token_wait_ns(std::int64_t t) {
        refill(t);
        if (tokens >= 1) return 0;
        return static_cast<std::int64_t>((1 - tokens) / g_opt.client_rate * 1e9) + 1;
    }

    // What the room knows about this connection.
    int index;
    std::int64_t seq = -1;
    bool syncing = false;
    bool welcomed = false;
    bool has_actions = false;
    std::string actions;  // the `legal` command array when it is not empty
    double tokens;
    std::int64_t refill_ns;

private:
    void on_connect(beast::error_code ec) {
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
        ws_.async_handshake(host, "/ws", [self](beast::error_code e) { self->on_handshake(e); });
    }

    void on_handshake(beast::error_code ec) {
        if (ec) return fail(ec);
        open_ = true;
        if (closing_) {
            auto self = shared_from_this();
            ws_.async_close(websocket::close_code::normal, [self](beast::error_code) {});
            return;
        }
        do_read();
        if (owner_) owner_->on_connected(*this);
    }

    void do_read() {
        auto self = shared_from_this();
        ws_.async_read(buffer_, [self](beast::error_code ec, std::size_t) { self->on_read(ec); });
    }

    void on_read(beast::error_code ec) {
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

    void do_write() {
        writing_ = true;
        auto self = shared_from_this();
        ws_.async_write(net::buffer(queue_.front()), [self](beast::error_code ec, std::size_t) {
            self->writing_ = false;
            if (ec) return self->fail(ec);
            self->queue_.pop_front();
            if (!self->queue_.empty()) self->do_write();
        });
    }

    void fail(beast::error_code ec) {
        if (failed_) return;
        failed_ = true;
        if (owner_ && !closing_) {
            Owner* o = owner_;
            owner_ = nullptr;
            o->on_closed(*this, ec);
        }
    }

    Worker& w_;
    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    Owner* owner_;
    bool writing_ = false;
    bool open_ = false;
    bool closing_ = false;
    bool failed_ = false;
};

// ---------------------------------------------------------------------------------------------------
// A room: 4 seated bots (play, idle seat), or spectators (idle spectate).

class Room : public Owner, public std::enable_shared_from_this<Room> {
public:
    enum class Kind { Play, IdleSeat, IdleSpectate };
    enum class Stage { Queued, Connecting, Creating, Joining, Starting, Ready, Playing, Done };

    Room(Worker& w, Kind kind, int clients) : w_(w), kind_(kind), nclients_(clients), timer_(w.ioc) {
        serial_ = g_room_serial.fetch_add(1);
        std::uint64_t x = g_opt.seed * 0x100000001b3ULL + serial_;
        game_seed_ = Rng::splitmix(x) >> 11;  // fits a double exactly, in case a seed travels as a number
        rng_ = std::make_unique<Rng>(game_seed_ ^ 0x5eedULL);
    }

    void start_setup() {
        stage_ = Stage::Connecting;
        setup_started_ns_ = now_ns();
        ++w_.stats.rooms_created;
        for (int i = 0; i < nclients_; ++i) {
            clients_.push_back(std::make_shared<Client>(w_, this, i));
            clients_.back()->connect();
        }
    }

    void go() {
        if (stage_ != Stage::Ready) return;
        stage_ = Stage::Playing;
        const std::int64_t t = now_ns();
        if (g_opt.rate > 0) {
            period_ns_ = static_cast<std::int64_t>(1e9 / g_opt.rate);
            next_due_ns_ = t + static_cast<std::int64_t>(rng_->below(static_cast<std::uint32_t>(std::min<std::int64_t>(period_ns_, 4000000000LL))));
        } else {
            next_due_ns_ = t;
        }
        try_act();
    }

    // Called by the worker's periodic tick.
    void check(std::int64_t t) {
        if (stage_ == Stage::Playing && inflight_ && t - sent_ns_ > static_cast<std::int64_t>(g_opt.stall_ms * 1e6)) {
            ++w_.stats.stalls;
            std::string s = "stall: room " + code_ + " expected seq " + std::to_string(expected_seq_) + ", clients at";
            for (auto& c : clients_) s += " " + std::to_string(c->seq) + (c->syncing ? "(syncing)" : "");
            w_.stats.note(std::move(s));
            end_command(t, false);
            for (auto& c : clients_) {
                if (c->seq < expected_seq_ && !c->syncing) {
                    c->syncing = true;
                    c->send(R"({"v":1,"type":"sync"})");
                }
            }
        }
        if (stage_ < Stage::Ready && stage_ != Stage::Queued &&
            t - setup_started_ns_ > static_cast<std::int64_t>(g_opt.setup_timeout * 1e9)) {
            w_.stats.note("setup timed out in stage " + std::to_string(static_cast<int>(stage_)));
            fail_setup();
        }
    }

    bool playing() const { return stage_ == Stage::Playing; }
    Stage stage() const { return stage_; }

    void on_connected(Client&) override {
        if (++connected_ < nclients_) return;
        stage_ = Stage::Creating;
        std::string msg = R"({"v":1,"type":"create_room","id":1,"options":{"players":4,"seed":")";
        msg += std::to_string(game_seed_);
        msg += "\"}}";
        last_sent_ = msg;
        clients_[0]->send(std::move(msg));
    }

    void on_closed(Client& c, beast::error_code ec) override {
        if (stage_ == Stage::Done) return;
        ++w_.stats.disconnects;
        w_.stats.note("connection " + std::to_string(c.index) + " of room " + code_ + " closed: " + ec.message());
        if (stage_ < Stage::Ready) return fail_setup();
        finish(false);
    }

    void on_message(Client& c, std::string_view text) override {
        if (stage_ == Stage::Done) return;
        std::string_view type, seq, legal, code, host_key, message;
        loadgen::json::for_each_member(text, [&](std::string_view k, std::string_view v) {
            if (k == "type") type = loadgen::json::unquote(v);
            else if (k == "seq") seq = v;
            else if (k == "legal") legal = v;
            else if (k == "code") code = v;
            else if (k == "host_key") host_key = v;
            else if (k == "message") message = v;
        });
        const std::int64_t t = now_ns();
        if (in_window(t)) {
            ++w_.stats.messages_in_window;
            w_.stats.bytes_in_window += text.size();
        }
        if (type == "update") {
            const std::int64_t s = loadgen::json::to_int(seq);
            if (c.syncing) return;  // a snapshot is on its way
            if (c.seq >= 0 && s != c.seq + 1) {
                ++w_.stats.gaps;
                c.syncing = true;
                c.send(R"({"v":1,"type":"sync"})");
                return;
            }
            c.seq = s;
            set_legal(c, legal);
            after_change(t);
        } else if (type == "snapshot") {
            c.seq = loadgen::json::to_int(seq);
            c.syncing = false;
            set_legal(c, legal);
            after_change(t);
        } else if (type == "room_created") {
            code_ = std::string(loadgen::json::unquote(code));
            host_key_ = std::string(loadgen::json::unquote(host_key));
            stage_ = Stage::Joining;
            if (kind_ == Kind::IdleSpectate) {
                for (auto& cl : clients_) cl->send(spectate_message());
            } else {
                clients_[0]->send(join_message(0));
            }
        } else if (type == "welcome") {
            c.welcomed = true;
            ++welcomed_;
            if (kind_ != Kind::IdleSpectate && c.index == 0) {
                for (int i = 1; i < nclients_; ++i) clients_[static_cast<std::size_t>(i)]->send(join_message(i));
            }
            after_change(t);
        } else if (type == "error") {
            w_.stats.error(loadgen::json::unquote(code), text, last_sent_);
            if (stage_ < Stage::Ready) return fail_setup();
            if (inflight_ && &c == clients_[static_cast<std::size_t>(actor_)].get()) {
                end_command(t, false);
                if (++consecutive_errors_ > 5) return finish(false);
                try_act();
            }
        }
        // pong, chat, closing: nothing to do
    }

private:
    std::string join_message(int i) const {
        std::string m = R"({"v":1,"type":"join","room":")" + code_ + R"(","name":"Bot )" + std::to_string(i) + "\"";
        if (i == 0) m += R"(,"host_key":")" + host_key_ + "\"";
        m += "}";
        return m;
    }
    std::string spectate_message() const { return R"({"v":1,"type":"spectate","room":")" + code_ + "\"}"; }

    static void set_legal(Client& c, std::string_view legal) {
        c.has_actions = false;
        c.actions.clear();
        if (legal.empty() || legal == "null") return;
        std::string_view list;
        loadgen::json::for_each_member(legal, [&](std::string_view k, std::string_view v) {
            if (k == "actions" || k == "commands") list = v;
        });
        const std::size_t i = loadgen::json::skip_ws(list, 0);
        if (list.size() > i + 1 && list[i] == '[' && loadgen::json::skip_ws(list, i + 1) < list.size() &&
            list[loadgen::json::skip_ws(list, i + 1)] != ']') {
            c.has_actions = true;
            c.actions.assign(list);
        }
    }

    bool settled() const {
        for (auto& c : clients_) {
            if (c->syncing || c->seq < 0 || c->seq != clients_[0]->seq) return false;
        }
        return true;
    }

    void after_change(std::int64_t t) {
        switch (stage_) {
        case Stage::Joining:
            if (welcomed_ == nclients_ && settled()) {
                if (kind_ == Kind::Play) {
                    stage_ = Stage::Starting;
                    last_sent_ = R"({"v":1,"type":"start"})";
                    clients_[0]->send(last_sent_);
                } else {
                    ready();
                }
            }
            break;
        case Stage::Starting:
            if (settled() && std::any_of(clients_.begin(), clients_.end(), [](auto& c) { return c->has_actions; })) ready();
            break;
        case Stage::Playing:
            if (inflight_) {
                for (auto& c : clients_) {
                    if (c->seq < expected_seq_) return;
                }
                end_command(t, true);
            }
            try_act();
            break;
        default:
            break;
        }
    }

    void ready() {
        stage_ = Stage::Ready;
        g_ready.fetch_add(1);
        w_.release_setup();
        if (kind_ == Kind::Play && g_go.load()) go();
    }

    void fail_setup() {
        if (stage_ == Stage::Done) return;
        ++w_.stats.setup_failures;
        g_failed.fetch_add(1);
        if (stage_ != Stage::Queued) w_.release_setup();
        stage_ = Stage::Done;
        for (auto& c : clients_) c->close();
    }

    void end_command(std::int64_t t, bool ok) {
        inflight_ = false;
        g_inflight.fetch_sub(1, std::memory_order_relaxed);
        if (!ok) return;
        consecutive_errors_ = 0;
        ++commands_this_game_;
        ++w_.stats.commands_total;
        g_hist[static_cast<std::size_t>(hist_bucket(static_cast<std::uint64_t>(t - sent_ns_)))].fetch_add(1, std::memory_order_relaxed);
        if (sent_in_window_) {
            ++w_.stats.completed_in_window;
            w_.stats.latencies_ns.push_back(static_cast<std::uint64_t>(t - sent_ns_));
        }
    }

    void try_act() {
        if (stage_ != Stage::Playing || inflight_ || g_stop.load(std::memory_order_relaxed)) return;
        if (!settled()) return;
        int actor = -1;
        for (auto& c : clients_) {
            if (c->has_actions) {
                actor = c->index;
                break;
            }
        }
        if (actor < 0) {  // nobody may act: the game is over
            ++w_.stats.games_finished;
            return finish(true);
        }
        if (commands_this_game_ >= g_opt.max_commands_per_game) {
            ++w_.stats.games_capped;
            return finish(true);
        }
        const std::int64_t t = now_ns();
        if (t < next_due_ns_) return arm(next_due_ns_);
        Client& c = *clients_[static_cast<std::size_t>(actor)];
        if (const std::int64_t wait = c.token_wait_ns(t); wait > 0) {
            ++w_.stats.throttled;
            return arm(t + wait);
        }

        // The random player's choice among the listed commands.
        thread_local std::vector<std::string_view> options;
        options.clear();
        bool end_turn_listed = false;
        loadgen::json::for_each_element(c.actions, [&](std::string_view cmd) {
            const std::string_view type = loadgen::json::unquote(loadgen::json::member(cmd, "type"));
            if (type == "propose_trade" || type == "counter_trade") return;
            if (type == "end_turn") end_turn_listed = true;
            if (type == "bank_trade" && bank_trades_this_turn_ > 0) return;
            options.push_back(cmd);
        });
        if (options.empty() && end_turn_listed) options.push_back(R"({"type":"end_turn"})");
        if (options.empty()) {
            w_.stats.note("room " + code_ + ": seat " + std::to_string(actor) + " lists nothing usable: " + c.actions.substr(0, 200));
            return finish(false);
        }
        const std::string_view cmd = options[rng_->below(static_cast<std::uint32_t>(options.size()))];
        const std::string_view type = loadgen::json::unquote(loadgen::json::member(cmd, "type"));
        if (type == "bank_trade") ++bank_trades_this_turn_;
        if (type == "end_turn") bank_trades_this_turn_ = 0;

        std::string msg = R"({"v":1,"type":"command","seq":)";
        msg += std::to_string(c.seq);
        msg += R"(,"command":)";
        msg.append(cmd);
        msg += "}";
        last_sent_ = msg;
        inflight_ = true;
        g_inflight.fetch_add(1, std::memory_order_relaxed);
        actor_ = actor;
        sent_ns_ = t;
        expected_seq_ = c.seq + 1;
        sent_in_window_ = in_window(t);
        if (sent_in_window_) ++w_.stats.sent_in_window;
        c.send(std::move(msg));
        if (period_ns_ > 0) {
            next_due_ns_ += period_ns_;
            if (next_due_ns_ < t) {
                ++w_.stats.late;
                next_due_ns_ = t;
            }
        }
    }

    void arm(std::int64_t at) {
        if (timer_armed_ && armed_at_ <= at) return;
        timer_armed_ = true;
        armed_at_ = at;
        const std::uint64_t generation = ++timer_generation_;
        timer_.expires_at(Clock::time_point(std::chrono::nanoseconds(at)));
        auto self = shared_from_this();
        timer_.async_wait([self, generation](beast::error_code ec) {
            if (ec || generation != self->timer_generation_) return;
            self->timer_armed_ = false;
            self->try_act();
        });
    }

    // The game ended (or failed): close this room's connections and start a new room in its place.
    void finish(bool completed);

    Worker& w_;
    Kind kind_;
    int nclients_;
    std::uint64_t serial_ = 0;
    std::uint64_t game_seed_ = 0;
    std::unique_ptr<Rng> rng_;
    Stage stage_ = Stage::Queued;
    std::vector<std::shared_ptr<Client>> clients_;
    int connected_ = 0;
    int welcomed_ = 0;
    std::string code_, host_key_;
    std::string last_sent_;
    std::int64_t setup_started_ns_ = 0;
    // play
    bool inflight_ = false;
    bool sent_in_window_ = false;
    int actor_ = -1;
    std::int64_t sent_ns_ = 0;
    std::int64_t expected_seq_ = 0;
    std::int64_t period_ns_ = 0;
    std::int64_t next_due_ns_ = 0;
    int bank_trades_this_turn_ = 0;
    int commands_this_game_ = 0;
    int consecutive_errors_ = 0;
    net::steady_timer timer_;
    bool timer_armed_ = false;
    std::int64_t armed_at_ = 0;
    std::uint64_t timer_generation_ = 0;
};

void Room::finish(bool completed) {
    if (stage_ == Stage::Done) return;
    if (inflight_) end_command(now_ns(), false);
    if (!completed) ++w_.stats.setup_failures;  // counted with failures: the room could not go on
    stage_ = Stage::Done;
    ++timer_generation_;
    timer_.cancel();
    for (auto& c : clients_) c->close();
    if (kind_ != Kind::Play || g_stop.load()) return;
    auto next = std::make_shared<Room>(w_, kind_, nclients_);
    for (auto& r : w_.rooms) {
        if (r.get() == this) {
            r = next;  // may destroy *this once the handlers holding it return
            break;
        }
    }
    g_ready.fetch_sub(1);  // the replacement counts again once it is ready
    w_.request_setup(next);
}

void Worker::request_setup(const std::shared_ptr<Room>& room) {
    if (setup_active < setup_limit) {
        ++setup_active;
        room->start_setup();
    } else {
        setup_queue.push_back(room);
    }
}

void Worker::release_setup() {
    --setup_active;
    while (!setup_queue.empty() && setup_active < setup_limit) {
        auto r = setup_queue.front();
        setup_queue.pop_front();
        if (r->stage() != Room::Stage::Queued) continue;
        ++setup_active;
        r->start_setup();
    }
}

void Worker::start_tick() {
    tick.expires_after(std::chrono::milliseconds(250));
    tick.async_wait([this](beast::error_code ec) {
        if (ec) return;
        const std::int64_t t = now_ns();
        for (std::size_t i = 0; i < rooms.size(); ++i) {
            auto keep = rooms[i];
            keep->check(t);
        }
        start_tick();
    });
}

// ---------------------------------------------------------------------------------------------------
// Bare idle connections and echo connections.

class Bare : public Owner {
public:
    explicit Bare(Worker& w) : w_(w) {}
    void add(std::shared_ptr<Client> c) { clients_.push_back(std::move(c)); }
    // Connects at most setup_limit at a time so the listen backlog never overflows.
    void start() {
        for (int i = 0; i < w_.setup_limit; ++i) next();
    }
    void on_connected(Client& c) override {
        c.welcomed = true;  // here: "connected"
        g_ready.fetch_add(1);
        next();
    }
    void on_message(Client&, std::string_view) override {}
    void on_closed(Client& c, beast::error_code ec) override {
        ++w_.stats.disconnects;
        w_.stats.note("idle connection " + std::to_string(c.index) + " closed: " + ec.message());
        if (!c.welcomed) {  // never connected: a failed setup
            c.welcomed = true;
            g_failed.fetch_add(1);
            next();
        }
    }

private:
    void next() {
        if (next_ < clients_.size()) clients_[next_++]->connect();
    }
    Worker& w_;
    std::vector<std::shared_ptr<Client>> clients_;
    std::size_t next_ = 0;
};

class Echo : public Owner {
public:
    Echo(Worker& w, int n) : w_(w), payload_(static_cast<std::size_t>(g_opt.size), 'x') {
        for (int i = 0; i < n; ++i) {
            clients_.push_back(std::make_shared<Client>(w, this, i));
            sent_.push_back(0);
        }
    }
    void start() {
        for (auto& c : clients_) c->connect();
    }
    void on_connected(Client& c) override {
        g_ready.fetch_add(1);
        send(c);
    }
    void on_message(Client& c, std::string_view text) override {
        const std::int64_t t = now_ns();
        if (text.size() != payload_.size()) w_.stats.error("echo_mismatch", text, payload_);
        if (in_window(sent_[static_cast<std::size_t>(c.index)])) {
            ++w_.stats.completed_in_window;
            w_.stats.latencies_ns.push_back(static_cast<std::uint64_t>(t - sent_[static_cast<std::size_t>(c.index)]));
        }
        if (!g_stop.load(std::memory_order_relaxed)) send(c);
    }
    void on_closed(Client& c, beast::error_code ec) override {
        ++w_.stats.disconnects;
        w_.stats.note("echo connection " + std::to_string(c.index) + " closed: " + ec.message());
    }

private:
    void send(Client& c) {
        c.tokens = 1e18;  // no client-side rate limit against the echo server
        const std::int64_t t = now_ns();
        sent_[static_cast<std::size_t>(c.index)] = t;
        if (in_window(t)) ++w_.stats.sent_in_window;
        c.send(payload_);
    }
    Worker& w_;
    std::string payload_;
    std::vector<std::shared_ptr<Client>> clients_;
    std::vector<std::int64_t> sent_;
};

// ---------------------------------------------------------------------------------------------------
// /proc readings

struct ProcSample {
    bool ok = false;
    double cpu_s = 0;       // utime + stime
    long rss_kb = 0;        // VmRSS
    long hwm_kb = 0;        // VmHWM
    int threads = 0;
    std::int64_t at_ns = 0;
};

ProcSample sample_proc(int pid) {
    ProcSample s;
    s.at_ns = now_ns();
    if (pid <= 0) return s;
    {
        std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
        std::string line;
        if (!std::getline(f, line)) return s;
        const auto close = line.rfind(')');
        if (close == std::string::npos) return s;
        std::istringstream in(line.substr(close + 2));
        std::string field;
        unsigned long long utime = 0, stime = 0;
        // after ')': state(3) ppid(4) ... utime(14) stime(15)
        for (int i = 3; i <= 15 && in >> field; ++i) {
            if (i == 14) utime = std::stoull(field);
            if (i == 15) stime = std::stoull(field);
        }
        s.cpu_s = static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
    }
    {
        std::ifstream f("/proc/" + std::to_string(pid) + "/status");
        std::string line;
        while (std::getline(f, line)) {
            if (line.rfind("VmRSS:", 0) == 0) s.rss_kb = std::stol(line.substr(6));
            else if (line.rfind("VmHWM:", 0) == 0) s.hwm_kb = std::stol(line.substr(6));
            else if (line.rfind("Threads:", 0) == 0) s.threads = std::stoi(line.substr(8));
        }
    }
    s.ok = true;
    return s;
}

// CPU seconds all processes spent busy (from /proc/stat), to tell how much other work shared the machine.
double system_busy_s() {
    std::ifstream f("/proc/stat");
    std::string cpu;
    unsigned long long v[8] = {};
    f >> cpu;
    for (auto& x : v) f >> x;
    const unsigned long long busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];  // all but idle and iowait
    return static_cast<double>(busy) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double self_cpu_s() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + 1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// The kernel's slab memory (KiB, /proc/meminfo "Slab"), where socket structures and their buffers' metadata
// live. System-wide: the delta over a run counts both ends of every loopback connection.
long slab_kib() {
    std::ifstream f("/proc/meminfo");
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind("Slab:", 0) == 0) return std::stol(line.substr(5));
    }
    return -1;
}

// The process listening on 127.0.0.1:port (or any address), via /proc/net/tcp and /proc/*/fd.
int find_pid_by_port(int port) {
    std::vector<std::string> inodes;
    for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
        std::ifstream f(table);
        std::string line;
        std::getline(f, line);
        while (std::getline(f, line)) {
            std::istringstream in(line);
            std::string sl, local, remote, st, queues, timer, retr, uid, timeout, inode;
            in >> sl >> local >> remote >> st >> queues >> timer >> retr >> uid >> timeout >> inode;
            const auto colon = local.rfind(':');
            if (colon == std::string::npos || st != "0A") continue;
            if (std::stoi(local.substr(colon + 1), nullptr, 16) == port) inodes.push_back("socket:[" + inode + "]");
        }
    }
    if (inodes.empty()) return 0;
    DIR* proc = opendir("/proc");
    if (!proc) return 0;
    int found = 0;
    while (dirent* e = readdir(proc)) {
        const int pid = std::atoi(e->d_name);
        if (pid <= 0 || pid == getpid()) continue;
        const std::string fd_dir = "/proc/" + std::to_string(pid) + "/fd";
        DIR* fds = opendir(fd_dir.c_str());
        if (!fds) continue;
        while (dirent* fd = readdir(fds)) {
            char target[128];
            const std::string path = fd_dir + "/" + fd->d_name;
            const ssize_t n = readlink(path.c_str(), target, sizeof target - 1);
            if (n <= 0) continue;
            target[n] = 0;
            if (std::find(inodes.begin(), inodes.end(), target) != inodes.end()) {
                found = pid;
                break;
            }
        }
        closedir(fds);
        if (found) break;
    }
    closedir(proc);
    return found;
}

// ---------------------------------------------------------------------------------------------------
// Orchestration

void sleep_s(double s) { std::this_thread::sleep_for(std::chrono::duration<double>(s)); }

// Sleeps `seconds`, printing to stderr every --progress seconds the commands completed in that interval
// with their median and 99th percentile (bucket upper bounds), so a run's dynamics can be seen.
void sleep_with_progress(double seconds, const char* phase) {
    const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    std::array<std::uint64_t, kHistBuckets> last{};
    for (int b = 0; b < kHistBuckets; ++b) last[static_cast<std::size_t>(b)] = g_hist[static_cast<std::size_t>(b)].load();
    auto t0 = Clock::now();
    std::uint64_t pings = g_pings.load();
    while (Clock::now() < end) {
        const double step = g_opt.progress > 0 ? g_opt.progress : seconds;
        sleep_s(std::min(step, std::chrono::duration<double>(end - Clock::now()).count()));
        if (g_opt.progress <= 0) continue;
        std::array<std::uint64_t, kHistBuckets> d{};
        std::uint64_t n = 0;
        for (std::size_t b = 0; b < d.size(); ++b) {
            const std::uint64_t v = g_hist[b].load();
            d[b] = v - last[b];
            last[b] = v;
            n += d[b];
        }
        auto quantile = [&](double q) {
            std::uint64_t acc = 0;
            for (int b = 0; b < kHistBuckets; ++b) {
                acc += d[static_cast<std::size_t>(b)];
                if (n > 0 && static_cast<double>(acc) >= q * static_cast<double>(n)) return hist_upper_us(b);
            }
            return 0.0;
        };
        const auto t1 = Clock::now();
        const std::uint64_t p = g_pings.load();
        const double rate = static_cast<double>(n) / std::chrono::duration<double>(t1 - t0).count();
        std::fprintf(stderr, "  %6.1f s %s: %.0f commands/s  p50 <= %.0f us  p99 <= %.0f us  in flight %d  pings %" PRIu64 "\n",
                     static_cast<double>(now_ns() - g_start_ns) / 1e9, phase, rate, quantile(0.5), quantile(0.99),
                     g_inflight.load(), p - pings);
        t0 = t1;
        pings = p;
    }
}

// Waits until `target` setups are done (or failed), at most `timeout` seconds. Returns seconds taken.
double wait_ready(int target, double timeout) {
    const auto start = Clock::now();
    int last_print = -1;
    while (g_ready.load() + g_failed.load() < target) {
        const double el = std::chrono::duration<double>(Clock::now() - start).count();
        if (el > timeout) break;
        const int secs = static_cast<int>(el);
        if (secs % 5 == 0 && secs != last_print && secs > 0) {
            last_print = secs;
            std::fprintf(stderr, "  setup: %d of %d ready, %d failed after %d s\n", g_ready.load(), target, g_failed.load(), secs);
        }
        sleep_s(0.02);
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double pct(std::vector<std::uint64_t>& v, double q) {
    if (v.empty()) return 0;
    const auto k = std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())));
    return static_cast<double>(v[k]) / 1e3;  // microseconds
}

int run() {
    const Options& o = g_opt;
    beast::error_code ec;
    const auto address = net::ip::make_address(o.host, ec);
    if (ec || !address.is_loopback()) {
        std::fprintf(stderr, "load_gen: --host must be a loopback address (got %s)\n", o.host.c_str());
        return 2;
    }
    g_endpoint = tcp::endpoint(address, static_cast<unsigned short>(o.port));
    const int pid = o.pid > 0 ? o.pid : find_pid_by_port(o.port);
    if (pid <= 0) std::fprintf(stderr, "load_gen: server pid not found for port %d; no CPU/memory figures\n", o.port);

    rlimit nofile{};
    getrlimit(RLIMIT_NOFILE, &nofile);
    const long needed = (o.mode == "play" ? 4L * o.rooms : o.mode == "idle" ? o.idle : o.connections) + 64;
    if (static_cast<long>(nofile.rlim_cur) < needed) {
        std::fprintf(stderr, "load_gen: open-file limit %ld < %ld needed; raise ulimit -n\n", static_cast<long>(nofile.rlim_cur), needed);
        return 2;
    }

    const ProcSample empty = sample_proc(pid);
    const long slab_before = slab_kib();
    std::printf("load_gen %s against %s:%d (pid %d), %d threads\n", o.mode.c_str(), o.host.c_str(), o.port, pid, o.threads);
    std::printf("  server before: RSS %ld KiB, %d threads\n", empty.rss_kb, empty.threads);

    std::vector<std::unique_ptr<Worker>> workers;
    for (int i = 0; i < o.threads; ++i) {
        workers.push_back(std::make_unique<Worker>(i));
        workers.back()->setup_limit = std::max(1, o.setup_concurrency / o.threads);
    }
    std::vector<std::unique_ptr<Bare>> bares;
    std::vector<std::unique_ptr<Echo>> echoes;
    int target = 0;
    int connections = 0;
    int rooms = 0;

    if (o.mode == "play" || (o.mode == "idle" && o.idle_kind != "bare")) {
        Room::Kind kind = Room::Kind::Play;
        int per_room = 4;
        int nrooms = o.rooms;
        if (o.mode == "idle") {
            kind = o.idle_kind == "spectate" ? Room::Kind::IdleSpectate : Room::Kind::IdleSeat;
            per_room = kind == Room::Kind::IdleSpectate ? o.spectators_per_room : 4;
            nrooms = (o.idle + per_room - 1) / per_room;
        }
        for (int i = 0; i < nrooms; ++i) {
            Worker& w = *workers[static_cast<std::size_t>(i % o.threads)];
            const int n = std::min(per_room, (o.mode == "idle" ? o.idle - i * per_room : per_room));
            w.rooms.push_back(std::make_shared<Room>(w, kind, n));
            connections += n;
        }
        rooms = nrooms;
        target = nrooms;
        for (auto& w : workers) {
            Worker* wp = w.get();
            net::post(wp->ioc, [wp] {
                for (auto& r : wp->rooms) {
                    auto keep = r;
                    wp->request_setup(keep);
                }
                wp->start_tick();
            });
        }
    } else if (o.mode == "idle") {  // bare
        for (auto& w : workers) bares.push_back(std::make_unique<Bare>(*w));
        for (int i = 0; i < o.idle; ++i) {
            const auto k = static_cast<std::size_t>(i % o.threads);
            bares[k]->add(std::make_shared<Client>(*workers[k], bares[k].get(), i));
        }
        connections = target = o.idle;
        for (std::size_t k = 0; k < bares.size(); ++k) {
            Bare* b = bares[k].get();
            net::post(workers[k]->ioc, [b] { b->start(); });
        }
    } else if (o.mode == "echo") {
        for (int i = 0; i < o.threads; ++i) {
            const int n = o.connections / o.threads + (i < o.connections % o.threads ? 1 : 0);
            echoes.push_back(std::make_unique<Echo>(*workers[static_cast<std::size_t>(i)], n));
        }
        connections = target = o.connections;
        for (std::size_t i = 0; i < echoes.size(); ++i) {
            Echo* e = echoes[i].get();
            net::post(workers[i]->ioc, [e] { e->start(); });
        }
    } else {
        std::fprintf(stderr, "load_gen: unknown mode %s\n", o.mode.c_str());
        return 2;
    }

    std::vector<std::thread> threads;
    std::vector<net::executor_work_guard<net::io_context::executor_type>> guards;
    for (auto& w : workers) {
        guards.push_back(net::make_work_guard(w->ioc));
        Worker* wp = w.get();
        threads.emplace_back([wp] { wp->ioc.run(); });
    }

    const double setup_s = wait_ready(target, o.setup_timeout);
    std::printf("  setup: %d of %d %s ready, %d failed, in %.1f s\n", g_ready.load(), target,
                o.mode == "play" || (o.mode == "idle" && o.idle_kind != "bare") ? "rooms" : "connections", g_failed.load(), setup_s);

    ProcSample before{}, after{};
    double self0 = 0, self1 = 0, sys0 = 0, sys1 = 0;
    long slab_after = -1;
    if (o.mode == "idle") {
        sleep_s(o.settle);
        before = sample_proc(pid);
        self0 = self_cpu_s();
        sys0 = system_busy_s();
        slab_after = slab_kib();
        sleep_s(o.duration);
        after = sample_proc(pid);
        self1 = self_cpu_s();
        sys1 = system_busy_s();
    } else {
        if (o.mode == "play") {
            g_go.store(true);
            for (auto& w : workers) {
                Worker* wp = w.get();
                net::post(wp->ioc, [wp] {
                    for (std::size_t i = 0; i < wp->rooms.size(); ++i) {
                        auto keep = wp->rooms[i];
                        keep->go();
                    }
                });
            }
        }
        sleep_with_progress(o.warmup, "warm-up");
        before = sample_proc(pid);
        self0 = self_cpu_s();
        sys0 = system_busy_s();
        g_window_start.store(now_ns());
        sleep_with_progress(o.duration, "measured");
        g_window_end.store(now_ns());
        g_stop.store(true);
        after = sample_proc(pid);
        self1 = self_cpu_s();
        sys1 = system_busy_s();
        slab_after = slab_kib();
        const auto drain_start = Clock::now();
        while (g_inflight.load() > 0 && std::chrono::duration<double>(Clock::now() - drain_start).count() < o.drain) sleep_s(0.01);
    }

    for (auto& w : workers) w->ioc.stop();
    for (auto& t : threads) t.join();

    // Merge.
    Stats all;
    for (auto& w : workers) {
        Stats& s = w->stats;
        all.latencies_ns.insert(all.latencies_ns.end(), s.latencies_ns.begin(), s.latencies_ns.end());
        all.sent_in_window += s.sent_in_window;
        all.completed_in_window += s.completed_in_window;
        all.commands_total += s.commands_total;
        all.errors += s.errors;
        for (auto& [k, v] : s.error_codes) all.error_codes[k] += v;
        for (auto& e : s.error_samples) all.error_samples.push_back(e);
        for (auto& n : s.notes) all.notes.push_back(n);
        all.gaps += s.gaps;
        all.stalls += s.stalls;
        all.disconnects += s.disconnects;
        all.setup_failures += s.setup_failures;
        all.games_finished += s.games_finished;
        all.games_capped += s.games_capped;
        all.rooms_created += s.rooms_created;
        all.throttled += s.throttled;
        all.late += s.late;
        all.messages_received += s.messages_received;
        all.messages_in_window += s.messages_in_window;
        all.bytes_in_window += s.bytes_in_window;
    }
    std::sort(all.latencies_ns.begin(), all.latencies_ns.end());
    const double window_s = static_cast<double>(g_window_end.load() - g_window_start.load()) / 1e9;
    const double measured_s = static_cast<double>(after.at_ns - before.at_ns) / 1e9;
    const double server_cpu = (after.ok && before.ok && measured_s > 0) ? 100.0 * (after.cpu_s - before.cpu_s) / measured_s : -1;
    const double self_cpu = measured_s > 0 ? 100.0 * (self1 - self0) / measured_s : -1;
    // Everything else that ran meanwhile (other processes, and kernel work not charged to either).
    const double other_cpu = measured_s > 0 && server_cpu >= 0 ? 100.0 * (sys1 - sys0) / measured_s - server_cpu - self_cpu : -1;
    const long delta_kb = after.rss_kb - empty.rss_kb;
    const double per_conn_kib = connections > 0 ? static_cast<double>(delta_kb) / connections : 0;
    const double per_room_kib = rooms > 0 ? static_cast<double>(delta_kb) / rooms : 0;
    // One connection is two sockets on loopback (ours and the server's): half the slab delta per connection.
    const double kernel_kib_per_socket = (slab_before >= 0 && slab_after >= 0 && connections > 0)
                                             ? static_cast<double>(slab_after - slab_before) / 2.0 / connections
                                             : -1;

    std::string result = "RESULT mode=" + o.mode;
    auto add = [&](const char* key, double v, int decimals) {
        char buf[64];
        std::snprintf(buf, sizeof buf, " %s=%.*f", key, decimals, v);
        result += buf;
    };
    add("connections", connections, 0);
    add("ready", g_ready.load(), 0);
    add("setup_failed", g_failed.load(), 0);
    add("setup_s", setup_s, 1);
    if (o.mode == "play") {
        const double cps = window_s > 0 ? static_cast<double>(all.completed_in_window) / window_s : 0;
        std::printf("  rooms %d, rate %s, window %.1f s\n", o.rooms, o.rate > 0 ? (std::to_string(o.rate) + " cmd/s/room").c_str() : "as fast as possible", window_s);
        std::printf("  commands: %" PRIu64 " sent, %" PRIu64 " completed in the window: %.0f commands/s\n", all.sent_in_window, all.completed_in_window, cps);
        std::printf("  latency send -> last of 4 recipients: p50 %.0f us  p90 %.0f us  p99 %.0f us  p999 %.0f us  max %.0f us\n",
                    pct(all.latencies_ns, 0.5), pct(all.latencies_ns, 0.9), pct(all.latencies_ns, 0.99), pct(all.latencies_ns, 0.999),
                    all.latencies_ns.empty() ? 0.0 : static_cast<double>(all.latencies_ns.back()) / 1e3);
        std::printf("  messages received in the window: %.0f/s, %.1f MB/s\n", static_cast<double>(all.messages_in_window) / window_s,
                    static_cast<double>(all.bytes_in_window) / window_s / 1e6);
        std::printf("  games finished %" PRIu64 ", capped %" PRIu64 ", rooms created %" PRIu64 ", commands overall %" PRIu64 "\n",
                    all.games_finished, all.games_capped, all.rooms_created, all.commands_total);
        std::printf("  throttled by the client-side rate limit %" PRIu64 ", sends behind schedule %" PRIu64 "\n", all.throttled, all.late);
        add("rooms", o.rooms, 0);
        add("rate", o.rate, 2);
        add("window_s", window_s, 1);
        add("commands", static_cast<double>(all.completed_in_window), 0);
        add("cmds_per_s", cps, 1);
        add("p50_us", pct(all.latencies_ns, 0.5), 0);
        add("p90_us", pct(all.latencies_ns, 0.9), 0);
        add("p99_us", pct(all.latencies_ns, 0.99), 0);
        add("p999_us", pct(all.latencies_ns, 0.999), 0);
        add("max_us", all.latencies_ns.empty() ? 0.0 : static_cast<double>(all.latencies_ns.back()) / 1e3, 0);
        add("msgs_per_s", static_cast<double>(all.messages_in_window) / window_s, 0);
        add("games_finished", static_cast<double>(all.games_finished), 0);
        add("throttled", static_cast<double>(all.throttled), 0);
        add("late", static_cast<double>(all.late), 0);
        if (server_cpu > 0) {
            const double per_core = cps / (server_cpu / 100.0);
            std::printf("  commands/s per server core: %.0f (x4 recipients: %.0f messages/s per core)\n", per_core, 4 * per_core);
            add("cmds_per_core_s", per_core, 0);
        }
    } else if (o.mode == "echo") {
        const double mps = window_s > 0 ? static_cast<double>(all.completed_in_window) / window_s : 0;
        std::printf("  echo: %d connections x %d-byte messages, window %.1f s: %.0f messages/s\n", o.connections, o.size, window_s, mps);
        std::printf("  round trip under load: p50 %.0f us  p99 %.0f us\n", pct(all.latencies_ns, 0.5), pct(all.latencies_ns, 0.99));
        add("msgs_per_s", mps, 0);
        add("p50_us", pct(all.latencies_ns, 0.5), 0);
        add("p99_us", pct(all.latencies_ns, 0.99), 0);
        if (server_cpu > 0) add("msgs_per_core_s", mps / (server_cpu / 100.0), 0);
    }
    std::printf("  server: CPU %.1f%% of one core over %.1f s; RSS empty %ld KiB, now %ld KiB (delta %ld KiB), peak %ld KiB\n",
                server_cpu, measured_s, empty.rss_kb, after.rss_kb, delta_kb, after.hwm_kb);
    if (rooms > 0) std::printf("  server RSS per room: %.1f KiB\n", per_room_kib);
    std::printf("  server RSS per connection: %.1f KiB (%d connections)\n", per_conn_kib, connections);
    if (kernel_kib_per_socket >= 0)
        std::printf("  kernel slab per socket (system-wide delta / 2 ends / connections): %.1f KiB\n", kernel_kib_per_socket);
    std::printf("  load_gen: CPU %.1f%% of one core; everything else on the machine: %.1f%% of one core (of %ld)\n", self_cpu,
                other_cpu, sysconf(_SC_NPROCESSORS_ONLN) * 100);
    std::printf("  errors %" PRIu64, all.errors);
    for (auto& [k, v] : all.error_codes) std::printf(" %s=%" PRIu64, k.c_str(), v);
    std::printf(", gaps %" PRIu64 ", stalls %" PRIu64 ", disconnects %" PRIu64 ", failed rooms/setups %" PRIu64 "\n", all.gaps, all.stalls,
                all.disconnects, all.setup_failures);
    for (auto& e : all.error_samples) std::printf("  error: %s\n", e.c_str());
    for (auto& n : all.notes) std::printf("  note: %s\n", n.c_str());
    add("server_cpu_pct", server_cpu, 1);
    add("loadgen_cpu_pct", self_cpu, 1);
    add("other_cpu_pct", other_cpu, 1);
    add("rss_empty_kib", static_cast<double>(empty.rss_kb), 0);
    add("rss_kib", static_cast<double>(after.rss_kb), 0);
    add("rss_peak_kib", static_cast<double>(after.hwm_kb), 0);
    add("rss_per_room_kib", per_room_kib, 2);
    add("rss_per_conn_kib", per_conn_kib, 2);
    add("kernel_kib_per_socket", kernel_kib_per_socket, 2);
    add("errors", static_cast<double>(all.errors), 0);
    add("gaps", static_cast<double>(all.gaps), 0);
    add("stalls", static_cast<double>(all.stalls), 0);
    add("disconnects", static_cast<double>(all.disconnects), 0);
    add("failures", static_cast<double>(all.setup_failures), 0);
    std::printf("%s\n", result.c_str());
    std::fflush(stdout);
    // Thousands of sockets close with the process; skip destructors that would only do the same.
    std::_Exit(all.errors == 0 && all.setup_failures == 0 && g_failed.load() == 0 ? 0 : 1);
}

}  // namespace

int main(int argc, char** argv) {
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // progress lines reach a log file as they happen
    CLI::App app{"load_gen: load generator for catan-server, and echo client for the Beast baseline (loopback only)"};
    app.require_subcommand(1);
    Options& o = g_opt;
    auto common = [&](CLI::App* c) {
        c->add_option("--host", o.host, "server address (loopback only)");
        c->add_option("--port", o.port, "server port")->required();
        c->add_option("--pid", o.pid, "server pid for CPU/RSS (default: the process listening on --port)");
        c->add_option("--threads", o.threads, "client io_context threads")->check(CLI::Range(1, 64));
        c->add_option("--duration", o.duration, "measured seconds")->check(CLI::Range(0.1, 3600.0));
        c->add_option("--warmup", o.warmup, "seconds of load before measuring")->check(CLI::Range(0.0, 600.0));
        c->add_option("--drain", o.drain, "seconds to wait for commands in flight at the end")->check(CLI::Range(0.0, 60.0));
        c->add_option("--setup-timeout", o.setup_timeout, "seconds allowed for connecting and joining")->check(CLI::Range(1.0, 3600.0));
        c->add_option("--origin", o.origin, "Origin header on the WebSocket upgrade (default: none)");
        c->add_option("--seed", o.seed, "seed of room seeds and command choices");
        c->add_option("--progress", o.progress, "print commands/s and latency to stderr every this many seconds (0: never)")
            ->check(CLI::Range(0.0, 3600.0));
    };
    CLI::App* play = app.add_subcommand("play", "R rooms x 4 seated bots play random games");
    common(play);
    play->add_option("--rooms", o.rooms, "concurrent rooms")->check(CLI::Range(1, 100000));
    play->add_option("--rate", o.rate, "commands per second per room (0: as fast as possible)")->check(CLI::Range(0.0, 100000.0));
    play->add_option("--setup-concurrency", o.setup_concurrency, "rooms being set up at once")->check(CLI::Range(1, 100000));
    play->add_option("--client-rate", o.client_rate, "client-side cap, messages/s per connection")->check(CLI::Range(0.1, 1e9));
    play->add_option("--client-burst", o.client_burst, "client-side burst, messages")->check(CLI::Range(1.0, 1e9));
    play->add_option("--max-commands-per-game", o.max_commands_per_game, "abandon a game after this many commands")->check(CLI::Range(10, 1000000));
    play->add_option("--stall-ms", o.stall_ms, "a command not seen by all 4 after this long counts as a stall")->check(CLI::Range(10.0, 600000.0));
    CLI::App* idle = app.add_subcommand("idle", "N connections that join (or spectate) and sit idle");
    common(idle);
    idle->add_option("--idle", o.idle, "connections")->check(CLI::Range(1, 1000000));
    idle->add_option("--idle-kind", o.idle_kind, "seat: rooms of 4 seated (lobby); spectate; bare: WebSocket only")
        ->check(CLI::IsMember({"seat", "spectate", "bare"}));
    idle->add_option("--spectators-per-room", o.spectators_per_room, "idle-kind spectate: connections per room")->check(CLI::Range(1, 10000));
    idle->add_option("--settle", o.settle, "seconds between set-up and the memory reading")->check(CLI::Range(0.0, 600.0));
    idle->add_option("--setup-concurrency", o.setup_concurrency, "rooms being set up at once")->check(CLI::Range(1, 100000));
    CLI::App* echo = app.add_subcommand("echo", "closed-loop echo clients (one message in flight each)");
    common(echo);
    echo->add_option("--connections", o.connections, "connections")->check(CLI::Range(1, 100000));
    echo->add_option("--size", o.size, "message bytes")->check(CLI::Range(1, 65536));
    CLI11_PARSE(app, argc, argv);
    o.mode = app.get_subcommands().front()->get_name();
    if (o.mode == "idle") o.warmup = 0;
    return run();
}
