#pragma once
// Rooms, seats and whole games played over real sockets, shared by the [full-game], [hidden] and
// [bad-input] tests. A Peer is one WebSocket connection with the view it rebuilt; a Table is a room
// with its peers; a Policy picks each seat's next command from that seat's own legal actions.
//
// Everything here fails by throwing std::runtime_error with a description of what arrived (Catch
// reports it as the failure), so a helper never hides which message broke the protocol.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "ws_client.hpp"

namespace catan::nettest {

inline constexpr int kNoSeat = -1;

// A room's doc.game less what the room adds to the engine's view (doc.game.stats), for comparing
// with proto::player_view.
inline json engine_view(json game) {
    if (game.is_object()) game.erase("stats");
    return game;
}

// Every message of the session envelope carries "v":1; most tests build them with this.
json msg(std::string_view type, json fields = json::object());

// The snapshot a new connection to `port` gets after sending `hello` (spectate, rejoin); the
// connection then closes.
json first_snapshot(unsigned short port, const json& hello);

// A person who plays the least they can: rolls, ends the turn, declines offers (once: an offer they
// declined still lets them accept, which they never do); anything forced (placements, discards, the
// robber) takes the first legal choice. Nothing (wait) when only answers to a declined offer are left.
// The bots do the winning.
std::optional<json> passive_choice(const json& actions);

// ---- One connection ------------------------------------------------------------------------------------
class Peer {
public:
    Peer(std::string label, std::unique_ptr<WsClient> ws);

    std::string label;  // "Ana (seat 0)", "spectator 1": for failure messages
    std::string name;
    int seat = kNoSeat;  // kNoSeat: spectator, or not in a room
    std::string token;
    bool host = false;
    std::unique_ptr<WsClient> ws;
    ViewTracker view;

    // Called for every message received, after the view applied it, with the game doc as it was before.
    std::function<void(Peer&, const json& message, const json& game_before)> observer;
    std::vector<json> chats;  // chat messages received (they carry no seq)

    // The next message (applied to the view); throws on a timeout.
    json recv(std::chrono::milliseconds timeout = kDefaultTimeout);
    // The next message, nullopt after `timeout` without one.
    std::optional<json> poll(std::chrono::milliseconds timeout);
    // The next message must have this type (throws with the message otherwise).
    json expect(std::string_view type, std::chrono::milliseconds timeout = kDefaultTimeout);
    // The next message must be an error with this code.
    json expect_error(std::string_view code, std::chrono::milliseconds timeout = kDefaultTimeout);

    // Sends are paced to stay inside the server's per-connection rate limit (docs/protocol.md: 20
    // messages a second on average, bursts of 40), as any well-behaved bot must.
    void send(const json& message);
    void send_text(const std::string& raw);
    std::chrono::duration<double> send_wait() const;  // until the next send is within the rate limit
    // {"v":1,"type":"command","seq":<last seen>,"command":command}
    void send_command(const json& command, std::optional<std::int64_t> seq = std::nullopt);

    // Reads until the view reaches `target` (updates in order); chat is kept, anything else throws.
    void wait_seq(std::int64_t target, std::chrono::milliseconds timeout = kDefaultTimeout);
    // Sends a ping; the very next message must be the pong (nothing else was queued for us).
    void ping_pong();
    // Sends sync; the snapshot must hold exactly the seq and doc this connection already has.
    void check_in_sync();

    bool connected() const { return ws && !ws->closed(); }
    bool is_player() const { return seat != kNoSeat; }
    const json& game() const { return view.game(); }
    json hand() const;  // game.me.hand (players only)

    // Replaces the connection (after a rejoin): new socket, fresh view.
    void reconnect(std::unique_ptr<WsClient> socket);

private:
    json deliver(json message);
    void pace();
    double tokens_ = kBurst;
    std::chrono::steady_clock::time_point last_refill_ = std::chrono::steady_clock::now();
    static constexpr double kBurst = 36;  // a margin below the server's 40 and 20/s
    static constexpr double kRate = 18;
};

// The room's phase as `p` was last shown it ("lobby", "playing", "finished").
std::string phase_of(const Peer& p);
// The seat's entry in a room document's doc.room.seats; nullptr when it has none.
const json* seat_entry(const json& doc, int seat);
// Server flags for bots that move at once and think briefly at the strong level.
std::vector<std::string> quick_bot_flags();
// The value of an unlabelled sample in the server's GET /metrics (-1 when absent).
long metric(unsigned short port, const std::string& name);
// A file of tests/net/data (files written by earlier versions).
std::filesystem::path test_data_file(const std::string& name);
// Records every message of its lifetime into `path` (start_recording / stop_recording).
struct RecordingGuard {
    explicit RecordingGuard(const std::string& path) { start_recording(path); }
    ~RecordingGuard() { stop_recording(); }
    RecordingGuard(const RecordingGuard&) = delete;
    RecordingGuard& operator=(const RecordingGuard&) = delete;
};

// Throws unless `m` is an error with this code, a non-empty message and (when given) this rule/field.
void require_error(const json& m, std::string_view code, std::string_view label);

// Reads every person's messages and answers for them with passive_choice until `done` holds;
// stale_sequence refusals are expected (bots move meanwhile) and the person simply looks again. Any
// other refusal, or `done` not holding after `limit`, throws. Returns the commands the people sent.
int play_people(const std::vector<Peer*>& people, const std::function<bool()>& done,
                std::chrono::seconds limit = std::chrono::seconds(60), std::string_view what = "the game");

// ---- A room and its connections -------------------------------------------------------------------------------
class Table {
public:
    explicit Table(unsigned short port) : port_(port) {}

    unsigned short port() const { return port_; }
    // The server came back on another port (a restart): later connections go there.
    void move_to(unsigned short port) { port_ = port; }
    std::string code, host_key, url;
    bool tls = false;  // https:// and wss:// (a server with --tls-cert)
    std::vector<std::unique_ptr<Peer>> peers;  // in the order they joined
    // Called for every new connection before it reads anything (e.g. to install an observer).
    std::function<void(Peer&)> on_new_peer;
    // The target of each new socket (e.g. "/ws?room=K7QX3&node=node1" through a proxy in front of
    // several servers); unset: "/ws". Plain ws:// only.
    std::function<std::string()> socket_target;

    // POST /api/rooms; checks 201 and the code's alphabet.
    json create_room_rest(const json& options);
    // create_room over a socket (the socket is then closed); checks room_created.
    json create_room_ws(const json& options);

    // A new connection joins (`with_host_key`: sends the room's host_key). Checks welcome + snapshot
    // and brings everyone else to the joiner's seq.
    Peer& join(const std::string& name, bool with_host_key = false);
    // A new connection that only opened the socket (for bad-input tests).
    Peer& connect_only(const std::string& label);
    Peer& spectate();
    // The host starts; everyone sees the game.
    void start();

    Peer& host();
    Peer& player(int seat);  // the connected peer of that seat
    std::vector<Peer*> players();
    std::vector<Peer*> connected();

    // Brings every connected peer (but `except`) to `target`.
    void catch_up(std::int64_t target, const Peer* except = nullptr);
    std::int64_t seq();  // the seq every connected peer agrees on (throws if they differ)

    // `p` sends a command; it must be accepted (its update has seq + 1) and everyone reaches that seq.
    // Returns the actor's update.
    json play(Peer& p, const json& command);

    // Drops p's socket without a close frame; everyone else sees p's seat disconnected.
    void drop(Peer& p);
    // p comes back on a new socket with its token; checks welcome + snapshot; everyone sees it connected.
    void rejoin(Peer& p);
    // The same people as `other`'s (room, names, seats, tokens), each rejoined here on a socket of this
    // table's (another node, or through a proxy); `other`'s own connections are left as they are.
    void rejoin_people_of(const Table& other);
    // Closes every connection cleanly (so that a server stopped next has nobody to wait for).
    void close_all();

private:
    std::unique_ptr<WsClient> open_socket() const;  // ws:// or wss://, as `tls` says
    unsigned short port_;
};

// ---- Choosing commands ------------------------------------------------------------------------------------------------
struct PolicyOptions {
    std::uint64_t seed = 1;
    int hoard_seat = kNoSeat;   // this seat builds and trades nothing until somebody discarded (to force a 7 with a discard)
    bool want_trade = false;    // make one domestic trade happen (propose -> accept -> confirm) as soon as possible
    bool want_knight = false;   // buy development cards and play a knight as soon as possible
    int random_trade_per_mille = 0;  // chance of a random domestic offer per main-phase decision
    int counter_per_mille = 0;       // chance a responder counters instead of answering
};

struct GameStats {
    int commands = 0;
    int turns = 0;
    int trades_completed = 0;
    int discards = 0;
    int knights = 0;
    int sevens = 0;
    int steals = 0;
    int dev_bought = 0;
    int offers = 0;
    int counters = 0;
    int bank_trades = 0;
    std::optional<int> winner;
};

class Policy {
public:
    explicit Policy(PolicyOptions o);

    // The seat that should act now (from the public doc), or kNoSeat when nobody may.
    int pick_actor(const json& game);
    // The command `p` sends now, from its own legal actions (domestic offers are composed from the
    // hands the test knows, since it holds every seat's connection).
    json choose(Peer& p, Table& table);

    // Updates the goals from the events of an accepted command.
    void observe(const json& events, GameStats& stats);

    const PolicyOptions& options() const { return o_; }
    bool trade_pending() const { return o_.want_trade && !traded_; }
    bool knight_pending() const { return o_.want_knight && !knighted_; }
    bool discard_pending() const { return o_.hoard_seat != kNoSeat && !discarded_; }

private:
    std::uint32_t below(std::uint32_t n) { return n == 0 ? 0 : static_cast<std::uint32_t>(rng_() % n); }
    bool chance(int per_mille) { return static_cast<int>(below(1000)) < per_mille; }
    std::optional<json> propose(Peer& p, Table& table, bool forced);

    PolicyOptions o_;
    std::mt19937_64 rng_;
    bool traded_ = false;
    bool knighted_ = false;
    bool discarded_ = false;
    int bank_trades_ = 0;  // this turn
    int offer_turn_ = -1;
    int forced_to_ = kNoSeat;  // the addressee of the forced offer in progress
};

using AfterCommand = std::function<void(Peer& actor, const json& command, const json& update)>;

// One game being played, a command at a time; `after` runs after each accepted command with the actor
// and the command, when everyone has the update.
class GameRun {
public:
    GameRun(Table& table, Policy& policy, int max_commands = 20000, AfterCommand after = {});
    bool finished();
    // How long the next actor must wait before it may send (its rate-limit budget); 0: now.
    std::chrono::duration<double> wait();
    void step();          // one command, from the seat whose turn it is to act
    // Called with the actor and the command just before it is sent (the crash test tracks what is in flight).
    void on_send(std::function<void(Peer& actor, const json& command)> f) { on_send_ = std::move(f); }
    GameStats result();   // after the game is over: checks there is a winner

private:
    Peer& next_actor();
    Table& table_;
    Policy& policy_;
    int max_commands_;
    AfterCommand after_;
    std::function<void(Peer&, const json&)> on_send_;
    GameStats stats_;
    std::optional<int> actor_;
};

// Plays until game over (fails after `max_commands`).
GameStats play_to_end(Table& table, Policy& policy, int max_commands = 20000, const AfterCommand& after = {});
// Plays several games on one thread, a command at a time from whichever game's next actor may send
// now: the per-connection rate limit then costs far less wall time than playing them in turn.
void play_interleaved(const std::vector<GameRun*>& runs);

}  // namespace catan::nettest
