#pragma once
// One room: its lobby, seats and tokens, the game, who is connected, chat, and the per-viewer
// documents it diffs. A room is an actor: every member function below (except summary() and post())
// runs on the room's executor, one task at a time, so its state needs no lock. The hub only posts.
#include <array>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/engine/engine.hpp"
#include "catan/room/envelope.hpp"
#include "catan/room/executor.hpp"
#include "catan/room/hub.hpp"
#include "catan/room/metrics.hpp"
#include "catan/room/outbox.hpp"
#include "catan/store/store.hpp"
#include "messages.hpp"

namespace catan::room {

class Registry;

// What a room shares with the hub that made it.
struct RoomContext {
    HubOptions options;
    std::shared_ptr<Metrics> metrics;
    std::weak_ptr<Registry> registry;  // weak: the registry owns its rooms
};

// A connection as rooms see it; shared by the hub (which routes its messages) and the room it sits in.
struct Connection {
    explicit Connection(std::shared_ptr<Outbox> o) : outbox(std::move(o)) {}
    std::shared_ptr<Outbox> outbox;
    std::atomic<bool> topology_sent{false};  // the board topology goes with a connection's first snapshot only
};

enum class RoomPhase { Lobby, Playing, Finished };
const char* to_string(RoomPhase phase);

inline constexpr int kSpectatorSeat = -1;
inline constexpr std::size_t kChatHistory = 100;

class Room : public std::enable_shared_from_this<Room> {
public:
    using Clock = std::chrono::steady_clock;

    // `host_key_hash`: secret_hash of the host key (the room keeps no plain secret).
    Room(std::string code, RoomOptions options, std::string host_key_hash, std::shared_ptr<Executor> executor,
         std::shared_ptr<const RoomContext> context);
    // A room as the store kept it (room_store.cpp): the game rebuilt from its snapshot and log, every
    // command re-applied. Throws std::runtime_error naming what does not fit (a corrupt record).
    static std::shared_ptr<Room> restore(const store::StoredRoom& stored, std::shared_ptr<Executor> executor,
                                         std::shared_ptr<const RoomContext> context);
    // The record the store keeps of this room now (its creation too: call before it runs).
    store::RoomRecord record() const;
    ~Room();
    Room(const Room&) = delete;
    Room& operator=(const Room&) = delete;

    const std::string& code() const { return code_; }

    // Runs `task` on the room's executor. An exception escaping it is logged and closes this room
    // (its connections get "closing"); other rooms carry on. Thread-safe.
    void post(std::function<void(Room&)> task);

    // On the executor:
    void handle(const std::shared_ptr<Connection>& conn, const ClientMessage& message, const nlohmann::json& id);
    void detach(const Connection* conn);  // the connection closed or moved to another room
    void sweep(Clock::time_point now);    // closes the room when idle, or finished for long enough
    void close(std::string_view reason, bool notify);  // notify: "closing" to every member first
    bool closed() const { return closed_; }

    // The GET /api/rooms/{code} body, as last published by the room. Thread-safe.
    nlohmann::json summary() const;

private:
    struct Seat {
        bool taken = false;
        bool host = false;
        std::string name;
        std::string token_hash;  // secret_hash of the seat token
        int connections = 0;
        // The game part of what this seat's connections last received (they all share it); nothing
        // while none is connected.
        std::optional<nlohmann::json> game_doc;
        // The seat number those connections were last told (room.you); a reseat moves the seat's
        // occupant, with this, to another number, and the next update tells them.
        int told_seat = -1;
    };
    struct Member {
        std::shared_ptr<Connection> conn;
        int seat = kSpectatorSeat;
        std::string name;  // spectators who joined by name; seated members use their seat's name
    };

    void run(const std::function<void(Room&)>& task);
    void guarded(const std::function<void(Room&)>& task);  // the exception boundary of run()

    // room.cpp: membership and messages
    Member* member(const Connection* conn);
    Member& attach(const std::shared_ptr<Connection>& conn, int seat, std::string name);
    void remove_member(const Connection* conn);
    void reply(const Member& m, Message message) const { m.conn->outbox->send(std::move(message)); }
    void reply_error(const std::shared_ptr<Connection>& conn, const ErrorInfo& e, const nlohmann::json& id) const;
    bool require_host(const Member& m, const nlohmann::json& id);
    void on_chat(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    std::string tag(int seat) const;  // "[K7QX3 seat 2]" for log lines

    // room_lobby.cpp: seats before the start, joining at any time
    void on_join(const std::shared_ptr<Connection>& conn, const ClientMessage& msg, const nlohmann::json& id);
    void on_rejoin(const std::shared_ptr<Connection>& conn, const ClientMessage& msg, const nlohmann::json& id);
    void on_spectate(const std::shared_ptr<Connection>& conn, const nlohmann::json& id);
    void on_leave(const Member& m);
    void on_set_options(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    void on_move_seat(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    void on_kick(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    void on_start(const Member& m, const nlohmann::json& id);
    void on_play_again(const Member& m, const nlohmann::json& id);  // finished -> lobby, same seats
    void welcome(const std::shared_ptr<Connection>& conn, int seat, std::string name, std::string_view token,
                 const nlohmann::json& id);
    // Seat i takes the occupant of seat source[i] (-1: empty); every taken seat must appear once.
    void reseat(const std::array<int, kMaxPlayers>& source);
    int seated_count() const;

    // room_game.cpp: commands
    void on_command(const Member& m, const ClientMessage& msg, const nlohmann::json& id);

    // room_views.cpp: documents, diffs, snapshots, the REST summary
    nlohmann::json room_doc() const;  // without "you", which each viewer's doc adds
    nlohmann::json viewer_room(int viewer) const;  // room_doc_ with this viewer's "you"
    nlohmann::json game_doc(int viewer) const;
    nlohmann::json legal(int viewer) const;
    std::optional<nlohmann::json>& viewer_game(int viewer) { return viewer >= 0 ? seats_[viewer].game_doc : spectator_game_; }
    // A visible change happened: seq + 1 and an update to every connection but `exclude`.
    void publish(const std::vector<Event>* events, bool game_changed, const Connection* exclude = nullptr);
    void send_snapshot(const Member& m);
    void publish_summary();

    // room_store.cpp: durability. Each change that the store keeps is written first; `then` (which
    // broadcasts it) runs on this room's executor once the write is durable, and until then every
    // other task for this room waits in held_. Without a store `then` runs at once.
    bool durable() const { return context_->options.store != nullptr; }
    void after_commit(const std::function<void(store::Store&, store::Done)>& write, std::function<void()> then);
    void committed(bool ok, const std::function<void()>& then);
    void save_lobby(std::function<void()> then);  // room row and seats
    void log_command(int seat, const Command& command, std::function<void()> then);
    void log_chat(const nlohmann::json& entry, std::function<void()> then);
    void forget();  // closed for good (idle, archived): the store drops the room

    const std::string code_;
    const std::string host_key_hash_;
    const std::shared_ptr<Executor> executor_;
    const std::shared_ptr<const RoomContext> context_;

    RoomOptions options_;
    RoomPhase phase_ = RoomPhase::Lobby;
    std::array<Seat, kMaxPlayers> seats_{};
    std::optional<GameState> game_;
    std::vector<Event> events_;  // scratch, reused by every command
    std::uint64_t seq_ = 0;
    std::map<const Connection*, Member> members_;
    int spectators_ = 0;
    std::optional<nlohmann::json> spectator_game_;  // shared by every spectator connection
    // The room part of the document, the same for every viewer but for "you": diffed once per change.
    nlohmann::json room_doc_;
    std::deque<nlohmann::json> chat_;
    Clock::time_point idle_since_;
    Clock::time_point finished_at_{};
    bool closed_ = false;

    // durability (room_store.cpp)
    std::int64_t created_ms_ = 0;
    std::int64_t game_number_ = 0;    // games started here; the store keeps each game's log under it
    std::int64_t game_commands_ = 0;  // accepted commands of the current game
    std::string game_options_;        // JSON of the latest game's options and seed (kept through play_again)
    bool awaiting_commit_ = false;
    std::deque<std::function<void(Room&)>> held_;  // tasks that arrived while awaiting_commit_

    mutable std::mutex summary_mutex_;
    nlohmann::json summary_;
};

}  // namespace catan::room
