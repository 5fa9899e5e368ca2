#pragma once
// The room layer's single entry point for the gateway: it receives every text frame of every
// WebSocket connection, routes create/join messages through the registry, and posts everything else
// to the room the connection sits in. It also answers the REST calls. No Beast, no sockets here.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/game/module.hpp"
#include "catan/room/executor.hpp"
#include "catan/room/outbox.hpp"

namespace catan::store {
class Store;
}
namespace catan::notify {
class Notifier;
}

namespace catan::room {

class Metrics;
class Room;

struct HubOptions {
    std::string public_url = "http://localhost:8080";  // base of join URLs ("<public_url>/r/<code>")
    std::size_t max_rooms = 10000;
    std::chrono::seconds idle_room_timeout{30 * 60};   // close rooms with no connection for this long
    std::chrono::seconds finished_room_keep{24 * 60 * 60};  // finished games stay readable this long
    // Bots (docs/bots-external.md): how long a bot waits before each move, so people can follow it;
    // the strong level's time budget per decision; the level that plays a disconnected player's seat.
    std::chrono::milliseconds bot_delay{1000};
    std::chrono::milliseconds strong_bot_budget{1000};
    // The level that plays a disconnected player's seat: one of the module's bot_levels (empty: its
    // default, the first).
    std::string takeover_level{};
    // Makes each seat's bot; empty: the module's make_bot. Tests put a spy in between.
    std::function<game::BotPtr(const game::Module&, const std::string& level, std::chrono::milliseconds budget)> make_bot{};
    // Durability: every room is kept here and restored from it when the hub starts (null: memory only).
    std::shared_ptr<store::Store> store{};
    int snapshot_every = 64;  // a game state snapshot every this many commands (restore replays fewer)
    // Notifications to absent players (catan/notify/notifier.hpp: your turn, time running out, game
    // over, by Web Push and e-mail; docs/operating.md, "Notifications"); null: none. Thread-safe and
    // never blocking: rooms call it from their strand.
    std::shared_ptr<notify::Notifier> notifier{};

    // Replay records (docs/security.md, "Rooms"): built on `replay_workers` (null: the bot workers,
    // and without those on the room's executor), at most `max_replay_builds` waiting or running at
    // once across the server. Requests per address and in total are token buckets (per second, and
    // saved up at most); a rate of 0 turns that limit off.
    std::shared_ptr<Worker> replay_workers{};
    std::size_t max_replay_builds = 2;
    double replay_rate = 0.5, replay_burst = 10;
    double replay_total_rate = 20, replay_total_burst = 40;
    // Looking up a room code (GET /api/rooms/{code} and .../replay, join, rejoin, spectate): every
    // lookup per address, generously, and tightly those that name no room, so that codes cannot be
    // guessed. An address out of its unknown-code budget is refused every lookup until it refills.
    double lookup_rate = 5, lookup_burst = 60;
    double unknown_lookup_rate = 0.2, unknown_lookup_burst = 20;

    // The rooms' clock for turn timers (docs/protocol.md, "Turn timer"); empty: steady_clock::now.
    // Tests give the clock of their fake timers, so a deadline falls due when the test says.
    std::function<std::chrono::steady_clock::time_point()> clock{};
    // The wall clock (Unix ms) of turn-based rooms' deadlines, kept in the data file; empty: the
    // system's. Tests move it with `clock`.
    std::function<std::int64_t()> wall_clock{};
    // A turn-based room with no connection for this long leaves memory and sleeps in the data file
    // (docs/operating.md, "Turn-based rooms"); a connection, a lookup or its next deadline wakes it.
    std::chrono::seconds sleep_after{120};
    // A turn-based room where no person connected or played for this long is archived and forgotten
    // (a game that waits for ever would keep its room in the data file for ever).
    std::chrono::hours abandoned_after{30 * 24};

    // Tests only (--allow-client-seeds): rooms accept options.seed from a client. Whoever chose the
    // seed knows every roll and card, so such games are shown to everyone as not fair
    // (docs/security.md, "Fairness: nobody chooses the seed"). Off: a seed is refused with out_of_range.
    bool allow_client_seeds = false;

    // Tests only (serve sets it from CATAN_TEST_KILL_AFTER_COMMITS): runs on the room's executor once a
    // command's log entry is durable and before anyone is told of it; the crash test dies here.
    std::function<void()> command_committed_hook{};

    // Snapshots for sync requests: a connection may have `sync_burst` at once, then one per
    // `sync_interval` (0: no limit); syncs beyond that get a single snapshot when the next is due.
    // A snapshot is up to ~230 KB with a full chat: answering every sync would let a client make the
    // server send hundreds of them a second.
    std::chrono::milliseconds sync_interval{1000};
    std::size_t sync_burst = 20;

    // Abuse limits (docs/security.md). Chat lines per second, each with a burst: per room, and per
    // address across all its connections and rooms. Rooms one address may create (per second, and
    // a burst), and how long a room nobody ever joined is kept before it is closed and forgotten.
    double chat_rate_room = 5, chat_burst_room = 15;
    double chat_rate_address = 3, chat_burst_address = 9;
    double create_rate_address = 2.0 / 60, create_burst_address = 10;
    std::chrono::seconds unjoined_room_timeout{10 * 60};
    // Game commands per second of one seat, all its connections together, saved up to a burst (0:
    // off). The same as one connection's message budget, so a seat on one connection never meets it;
    // a seat on many connections gets no more than on one.
    double command_rate_seat = 20, command_burst_seat = 40;
    // The commands a game's log may hold before the room refuses optional moves (Catan: trade offers
    // and counter-offers), which nothing needs to finish a game; docs/security.md, "Limits". Bots'
    // games never reach it (docs/security.md, "Trade spam": under 3,000 commands in random play).
    std::size_t max_game_commands = 5000;
    // Tests only: the commit callback of each room creation ("create") and chat write ("chat")
    // passes through here before the room layer sees it, so a test can hold it back like a slow disk
    // and call it later. Empty: none.
    std::function<std::function<void(bool)>(std::string_view write, std::function<void(bool)> done)> hold_commit_for_testing{};
};

class Hub {
public:
    // `workers` run bot decisions off the room executors; null: on the room's executor itself.
    Hub(HubOptions options, ExecutorFactory make_executor, std::shared_ptr<Metrics> metrics,
        std::shared_ptr<Worker> workers = nullptr);
    ~Hub();
    Hub(const Hub&) = delete;
    Hub& operator=(const Hub&) = delete;

    // Called by the gateway, each from the connection's own strand, in order for one connection.
    // on_open/on_close also keep Metrics' connection gauge (the gateway need not).
    void on_open(const std::shared_ptr<Outbox>& connection);
    void on_text(const std::shared_ptr<Outbox>& connection, std::string_view text);
    void on_close(const std::shared_ptr<Outbox>& connection);

    // REST. Results are complete HTTP bodies plus a status code; safe from any thread.
    struct HttpResult {
        int status = 200;
        nlohmann::json body;
        // A body serialised already and shared by every answer that sends it (a replay record):
        // when set it is the body, and `body` is unused.
        std::shared_ptr<const std::string> text{};
        int retry_after = 0;  // seconds; set on a refusal by a rate limit (the Retry-After header)
    };
    // POST /api/rooms from `remote` (the peer's "ip:port", for the per-address budget). `done` gets
    // the answer once the room is on disk: from the store's writer thread (or at once, without a
    // store or for a refusal), exactly once; it must not block.
    void create_room(const nlohmann::json& options, std::string_view remote, std::function<void(HttpResult)> done);
    // `remote` is the client's "ip:port", for the per-address limits; empty: a caller inside the
    // process (tests, tools), not limited.
    HttpResult room_summary(std::string_view code, std::string_view remote = {}) const;  // GET /api/rooms/{code}
    // GET /api/rooms/{code}/replay. The room hands a copy of its log to a worker, which builds the
    // record; `done` is called exactly once, on the room's executor (or at once, for a refusal or no
    // such room), and must not block.
    void room_replay(std::string_view code, std::string_view remote, std::function<void(HttpResult)> done) const;
    // GET /api/rules: what a client offers before it is in a room (the start page's player counts,
    // points to win, name length): every board's rules block (the topology's "rules", keyed by its
    // board id) and the room limits every room's doc.room.limits holds, from those same sources.
    // GET /api/boards/{id}: that board's topology (rules block included), as a snapshot carries it;
    // a replay viewer draws the replayed game's board by the id its record names. Both are constant
    // for the server's lifetime and serialised once (`text`); an unknown id is 404.
    HttpResult rules() const;
    HttpResult board(std::string_view id) const;

    // Closes idle rooms and frees finished ones; the gateway calls it periodically.
    void sweep(std::chrono::steady_clock::time_point now);
    // Tells every connection the server is going away (a "closing" message, then close).
    void shutdown(std::string_view reason);

    std::size_t room_count() const;

    // Tests only: runs `task` inside room `code`'s executor, within the same exception boundary as
    // the room's own work (a throwing task closes that room). False when there is no such room.
    bool post_for_testing(std::string_view code, std::function<void()> task);

    // ---- The operator's view (hub_admin.cpp; `catan-server rooms`, docs/operating.md "Admin") ----
    // Every open room, by code, as {"rooms":[...]}: seats (names, bots, who is connected), spectators,
    // age, last activity, commands and bytes in the data file; and the rooms set aside at start as
    // corrupt (in the file, not served), with their problem. Thread-safe; reads the data file.
    HttpResult admin_rooms() const;
    HttpResult admin_room(std::string_view code) const;  // one of them; 404 when there is none
    // Closes the room as the idle sweep does (its members get "closing") and deletes it from the data
    // file; `done` gets the answer once the deletion is durable, exactly once, from any thread.
    void admin_close(std::string_view code, std::function<void(HttpResult)> done);

private:
    // hub.cpp: what the operator's view reads of the hub's state.
    std::vector<std::shared_ptr<Room>> admin_open_rooms() const;
    std::shared_ptr<Room> admin_find(std::string_view code) const;
    std::shared_ptr<store::Store> admin_store() const;

    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace catan::room
