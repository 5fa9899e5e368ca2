#pragma once
// The load generator's side of the sockets. A Worker is one io_context and its thread; everything on a
// worker (its rooms, their clients, its Stats) is touched only by that thread, so none of it is locked.
// A Client is one WebSocket connection; it reports to its Owner: a Room (4 seated bots, or spectators),
// a Bare set of idle connections, or an Echo set of closed-loop echo connections.
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <catan/engine/rng.hpp>

#include <algorithm>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "load_gen.hpp"

namespace loadgen {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

// The server's address; set by main before any worker starts.
extern tcp::endpoint g_endpoint;

class Room;

// One io_context thread, its rooms, and how many of them are being set up at once (worker.cpp).
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
    // At most setup_limit rooms connect and join at once, so the server's listen backlog never overflows.
    void request_setup(const std::shared_ptr<Room>& room);
    void release_setup();
    // Every 250 ms: each room checks for stalls and set-up timeouts.
    void start_tick();
};

// ---------------------------------------------------------------------------------------------------
// One WebSocket client connection (ws_client.cpp).

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
    Client(Worker& w, Owner* owner, int i, std::string path = "/ws");

    void connect();
    void send(std::string text);
    // Closes without telling the owner (it is the owner that closes).
    void close();

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
    std::string served_by;  // --node-header of the 101 answer (a proxy's name for the server), if any
    double tokens;
    std::int64_t refill_ns;

private:
    void on_connect(beast::error_code ec);
    void on_handshake(beast::error_code ec);
    void do_read();
    void on_read(beast::error_code ec);
    void do_write();
    void fail(beast::error_code ec);

    Worker& w_;
    std::string path_;
    websocket::stream<beast::tcp_stream> ws_;
    websocket::response_type upgrade_answer_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    Owner* owner_;
    bool writing_ = false;
    bool open_ = false;
    bool closing_ = false;
    bool failed_ = false;
};

// ---------------------------------------------------------------------------------------------------
// A room: 4 seated bots (play, idle seat), or spectators (idle spectate) (room.cpp).

class Room : public Owner, public std::enable_shared_from_this<Room> {
public:
    enum class Kind { Play, IdleSeat, IdleSpectate };
    enum class Stage { Queued, Connecting, Creating, Joining, Starting, Ready, Playing, Done };

    Room(Worker& w, Kind kind, int clients);

    void start_setup();
    // Starts playing once set up and allowed (g_go); called again by ready() for rooms set up later.
    void go();
    // Called by the worker's periodic tick.
    void check(std::int64_t t);

    Stage stage() const { return stage_; }
    // This room's replay record is asked for by --replay-clients (and so is its replacement's).
    bool replay_target = false;

    void on_connected(Client&) override;
    void on_closed(Client& c, beast::error_code ec) override;
    void on_message(Client& c, std::string_view text) override;

private:
    std::string join_message(int i) const;
    std::string spectate_message() const;
    static void set_legal(Client& c, std::string_view legal);
    bool settled() const;
    void after_change(std::int64_t t);
    void ready();
    void fail_setup();
    void end_command(std::int64_t t, bool ok);
    void try_act();
    void arm(std::int64_t at);
    // The game ended (or failed): close this room's connections and start a new room in its place.
    void finish(bool completed);

    Worker& w_;
    Kind kind_;
    int nclients_;
    std::uint64_t serial_ = 0;
    std::uint64_t game_seed_ = 0;
    catan::Rng rng_;  // the bots' choices
    Stage stage_ = Stage::Queued;
    std::vector<std::shared_ptr<Client>> clients_;
    // --chatters: spectators flooding chat while the bots play (index kChatter + i); not part of the
    // game's bookkeeping (settled(), latencies).
    static constexpr int kChatter = 1000;
    std::vector<std::shared_ptr<Client>> chatters_;
    std::size_t next_chatter_ = 0;
    std::uint64_t chat_lines_ = 0;
    net::steady_timer chat_timer_;
    void on_chatter_message(Client& c, std::string_view type, std::string_view text);
    void chat_tick();
    // --route-by-room: connects seat i through the proxy with the room in the URL (room_routing.cpp).
    void connect_routed(int i);
    std::string routed_path() const;
    bool retry_elsewhere(Client& c, std::string_view text);
    std::string node_hint_;  // the holder a room_elsewhere named
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

// ---------------------------------------------------------------------------------------------------
// Bare idle connections and echo connections (bare_and_echo.cpp).

// idle --idle-kind bare: WebSocket connections that never send anything.
class Bare : public Owner {
public:
    explicit Bare(Worker& w) : w_(w) {}
    void add(std::shared_ptr<Client> c) { clients_.push_back(std::move(c)); }
    // Connects at most setup_limit at a time so the listen backlog never overflows.
    void start();
    void on_connected(Client& c) override;
    void on_message(Client&, std::string_view) override {}
    void on_closed(Client& c, beast::error_code ec) override;

private:
    void next();
    Worker& w_;
    std::vector<std::shared_ptr<Client>> clients_;
    std::size_t next_ = 0;
};

// echo: n connections, each with one --size message in flight, sent again as soon as it comes back.
class Echo : public Owner {
public:
    Echo(Worker& w, int n);
    void start();
    void on_connected(Client& c) override;
    void on_message(Client& c, std::string_view text) override;
    void on_closed(Client& c, beast::error_code ec) override;

private:
    void send(Client& c);
    Worker& w_;
    std::string payload_;
    std::vector<std::shared_ptr<Client>> clients_;
    std::vector<std::int64_t> sent_;
};

}  // namespace loadgen
