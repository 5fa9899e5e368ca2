#pragma once
// One room: an actor that coordinates its collaborators (docs/architecture.md, "Room internals").
// Every member function below (except summary() and post()) runs on the room's executor, one task at a
// time, so its state needs no lock; the hub only posts. The room itself keeps the lobby's options and
// phase, the game and its log, who is connected (members), chat, the turn timer and durability; each
// other job has its own collaborator, in its own file:
//   SeatTable      seats, names, token hashes, host, bot seats, takeover flags   seat_table.hpp
//   ViewPublisher  seq, the room part and the game's public parts, per-viewer
//                  documents, updates and snapshots, the REST summary           view_publisher.hpp
//   BotDriver      when bots decide (one decision at a time), their minds       bot_driver.hpp
//   CommitGate     write, then broadcast; tasks wait while a write is pending    commit_gate.hpp
//   AnswerMarks    which simultaneous answers at an older seq still apply        answer_marks.hpp
// The game is a game::Session of the room's module (game/module.hpp), reached from the Room's own
// files: room_game.cpp (commands), room_views.cpp (Room::Shown: what the publisher shows),
// room_bots.cpp (who must act, the decision job), room_timer.cpp (the pending decision), and so on.
// The collaborators see it only through the seam's opaque types (BotDriver: Move and Bot;
// ViewPublisher: the parts format). No room file knows which game is played.
#include <array>
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/game/module.hpp"
#include "catan/room/envelope.hpp"
#include "catan/room/executor.hpp"
#include "catan/room/hub.hpp"
#include "catan/room/metrics.hpp"
#include "catan/room/replay.hpp"
#include "catan/room/token_bucket.hpp"
#include "catan/store/store.hpp"
#include "answer_marks.hpp"
#include "bot_driver.hpp"
#include "commit_gate.hpp"
#include "member.hpp"
#include "messages.hpp"
#include "seat_table.hpp"
#include "turn_timer.hpp"
#include "view_publisher.hpp"

namespace catan::notify {
enum class Kind;  // catan/notify/notifier.hpp
}

namespace catan::room {

class Registry;
class ReplayBuilds;

// What a room shares with the hub that made it.
struct RoomContext {
    HubOptions options;
    std::shared_ptr<Metrics> metrics;
    std::weak_ptr<Registry> registry;  // weak: the registry owns its rooms
    std::shared_ptr<Worker> workers;   // bot decisions; null: on the room's executor
    std::shared_ptr<ReplayBuilds> replay_builds;  // replay records, built off the rooms' executors
    std::shared_ptr<AddressLimiter> chat_by_address;  // chat lines per address, across all rooms
};

enum class RoomPhase { Lobby, Playing, Finished };
const char* to_string(RoomPhase phase);

inline constexpr std::size_t kChatHistory = 100;
// Sequence-number epochs (docs/security.md, "Restarts"): a restored room's seq starts at
// epoch << kEpochShift, 2^32 updates per room per server run; below kMaxEpoch every seq is under 2^53,
// an exact number in JavaScript.
inline constexpr int kEpochShift = 32;
inline constexpr std::int64_t kMaxEpoch = std::int64_t{1} << 21;

class Room : public std::enable_shared_from_this<Room>, private BotHost {
public:
    using Clock = std::chrono::steady_clock;

    // `host_key_hash`: secret_hash of the host key (the room keeps no plain secret).
    Room(std::string code, RoomOptions options, std::string host_key_hash, std::shared_ptr<Executor> executor,
         std::shared_ptr<const RoomContext> context);
    // A room as the store kept it (restore.cpp): the game rebuilt from its snapshot and log, every
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
    void resume_after_restore();          // grace periods start, bots whose turn it is play (room_bots.cpp)
    void detach(const Connection* conn);  // the connection closed or moved to another room
    void sweep(Clock::time_point now);    // closes the room when idle, or finished for long enough; puts a turn-based one to sleep
    void close(std::string_view reason, bool notify);  // notify: "closing" to every member first
    // room_lost.cpp: another node took the room over (`how` says how this node found out): it leaves
    // this node without another write, and its connections are told to reconnect. Once per room.
    void drop_lost(std::string_view how);
    bool closed() const override { return closed_; }

    // The GET /api/rooms/{code} body, as last published by the room. Thread-safe.
    nlohmann::json summary() const { return views_.summary(); }
    // On the executor (room_replay.cpp): answers GET /api/rooms/{code}/replay through `done`, at once
    // (no game, or the record of this log built already) or once a worker has built the record.
    void replay(std::function<void(Hub::HttpResult)> done);
    // room.limits, the same in every room (also the limits of GET /api/rules). Thread-safe.
    static nlohmann::json limits_json();

private:
    class Shown;  // room_views.cpp: the ViewSource of this room's game, for one publish or snapshot

    void run(const std::function<void(Room&)>& task);
    void guarded(const std::function<void()>& task);  // the exception boundary of run()
    CommitGate::Owner gate_owner();                    // room_store.cpp
    std::uint64_t seq() const override { return views_.seq(); }

    // room.cpp: membership and messages
    Member* member(const Connection* conn);
    Member& attach(const std::shared_ptr<Connection>& conn, int seat, std::string name);
    void remove_member(const Connection* conn);
    void reply_error(const std::shared_ptr<Connection>& conn, const ErrorInfo& e, const nlohmann::json& id) const;
    bool require_host(const Member& m, const nlohmann::json& id);
    void on_sync(Member& m);  // a snapshot now, or one at the end of the sync interval
    std::string tag(int seat) const override;  // "[K7QX3 seat 2]" for log lines

    // room_chat.cpp: chat lines, their limits, their writes and their broadcast
    void on_chat(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    struct ChatLine {
        nlohmann::json entry;
        std::weak_ptr<Connection> from;  // told if the line could not be saved
        nlohmann::json id;
    };
    void write_chat();  // the lines waiting in chat_unsaved_, in one store write
    void chat_committed(bool ok, std::vector<ChatLine>& lines);
    void broadcast_chat(const nlohmann::json& entry);
    // Spectators' lines go to spectators only; players' lines to everyone (docs/protocol.md, chat).
    static bool hears(const Member& m, const nlohmann::json& entry);

    // room_lobby.cpp: seats before the start, joining at any time
    void on_join(const std::shared_ptr<Connection>& conn, const ClientMessage& msg, const nlohmann::json& id);
    void on_rejoin(const std::shared_ptr<Connection>& conn, const ClientMessage& msg, const nlohmann::json& id);
    void on_spectate(const std::shared_ptr<Connection>& conn, bool display, const nlohmann::json& id);
    void on_leave(const Member& m);
    void on_set_options(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    void on_move_seat(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    void on_kick(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    void on_start(const Member& m, const nlohmann::json& id);
    void on_play_again(const Member& m, const nlohmann::json& id);  // finished -> lobby, same seats
    void welcome(const std::shared_ptr<Connection>& conn, int seat, std::string name, std::string_view token,
                 const nlohmann::json& id,
                 bool display = false);
    // The seats' occupants move (seat_table.hpp SeatSource), their documents and connections with them.
    void reseat(const SeatSource& source);

    // room_game.cpp: commands
    void on_command(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    bool take_command_token(int seat);  // false: the seat is over its command rate (HubOptions)
    // The one path every accepted command takes, a player's or a bot's: the game, the game-over
    // check, the broadcast, metrics and logs. A refusal changes nothing and is returned.
    std::optional<ErrorInfo> play(const game::MovePtr& move, bool by_bot);

    // room_bots.cpp: bots the host adds in the lobby, takeover of disconnected players, and what the
    // bot driver asks of the room (BotHost).
    void on_add_bot(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    void on_remove_bot(const Member& m, const ClientMessage& msg, const nlohmann::json& id);
    void seat_absent(int seat);   // its last connection went: arm the takeover timer if playing
    void seat_present(int seat);  // a connection came: a takeover ends at once
    void take_over(int seat, std::uint64_t absence);
    void post_after(std::chrono::milliseconds delay, std::function<void(Room&)> task);
    std::optional<BotTurn> bot_turn() const override;
    bool bot_must_act(int seat) const override;
    std::string bot_level(int seat) const override;
    game::BotPtr make_bot(const std::string& level) const override;
    std::string fallback_level() const override { return "random"; }  // every module has it (module.hpp)
    void think_later(std::chrono::milliseconds delay, std::uint64_t plan) override;
    void start_decision(int seat, game::BotPtr brain, std::uint64_t seed, std::uint64_t seq) override;
    std::optional<ErrorInfo> bot_play(const game::MovePtr& move) override { return play(move, /*by_bot=*/true); }

    // room_timer.cpp: the turn timer (docs/protocol.md, "Turn timer")
    Clock::time_point now() const;  // HubOptions::clock, steady_clock by default
    int turn_seconds() const;       // each turn's limit: the live timer's, or turn_hours (0: no timer)
    bool update_timer();            // publish(): the pending decision's deadline; true when room.timer changed
    bool follow_pending();          // update_timer's work, without keeping a turn-based room's clock
    void arm_timer(Clock::time_point deadline);
    void timer_due(std::uint64_t wake_id);
    bool timed_out(int seat) const;  // its decision ran out of time: the bot loop takes it
    bool bot_acts(int seat) const { return seats_[seat].bot_controls() || timed_out(seat); }
    game::MovePtr expiry_move(int seat) const override;  // a timed-out seat's answer the bot does not choose
    nlohmann::json timer_json() const;                                // room.timer

    // room_turn_clock.cpp: a turn-based room's clock in wall-clock time, kept in the data file so
    // that a restart or a night asleep takes no time from anyone (docs/protocol.md, "Turn-based rooms")
    std::int64_t wall_ms(Clock::time_point t) const;  // Unix ms of a time on the rooms' clock
    Clock::time_point clock_at(std::int64_t wall) const;
    nlohmann::json turn_clock_json() const;
    nlohmann::json summary_timer_json() const;  // the REST summary's timer: the deadline in Unix ms
    void keep_turn_clock();  // the clock and the next wake to the file (a turn-based, durable room)
    void restore_turn_clock(const std::string& record);  // restore: the decision still pending keeps its deadlines
    std::optional<std::int64_t> next_wake_ms() const;  // when a sleeping room must wake (a deadline, the archive)

    // room_notify.cpp: telling absent players of a turn-based room (HubOptions::notifier) that a decision
    // is theirs, that its time runs out, that the game is over
    void notify_decision();                          // a new decision: its seats
    void arm_reminder();                             // the reminder of the decision pending, when one is due
    void remind(std::uint64_t decision);             // the reminder's time came
    void notify_game_over();
    std::optional<Clock::time_point> reminder_due() const;  // when the pending decision's reminder goes
    void notify_seats(game::SeatMask seats, notify::Kind kind, const std::string& text);

    // room_sleep.cpp: a turn-based room with nobody connected leaves memory and sleeps in the file; what
    // reaches the object left behind goes on to the room woken from the file.
    void try_sleep(Clock::time_point now);
    void fall_asleep(std::uint64_t seq, std::optional<std::int64_t> wake_ms, bool durable);
    std::shared_ptr<Room> successor(bool wake) const;  // the room under this code now (woken if `wake`)
    bool slept_ = false;            // asleep: this object only forwards
    std::int64_t person_active_ms_ = 0;  // Unix ms: a person last connected, left or played here
    std::int64_t wall_now() const;
    void person_active() { person_active_ms_ = wall_now(); }
    bool abandoned() const;  // a turn-based room nobody came to or played in for abandoned_after
    bool falling_asleep_ = false;   // the clock's write is on its way

    // room_views.cpp: what the room shows (the publisher sends it)
    nlohmann::json room_doc() const;  // without "you", which each viewer's doc adds
    nlohmann::json options_json() const;            // room_bots.cpp: every option but the seed
    nlohmann::json bot_json(int seat) const;        // room_bots.cpp: a bot seat's level, else null
    nlohmann::json controlled_by_json(int seat) const;  // room_bots.cpp: "player", "bot", null when free
    // The players count the table is drawn for: the game's, or in the lobby options.players.
    int table_players() const { return game_ ? game_->players() : options_.players; }
    // The options the table follows: the room's game options at the table's players count.
    nlohmann::json table_options() const { return options_.game_options(table_players()); }
    // The table (Catan: the board) connections hold, as a number that changes exactly when the
    // module's table_id does (Connection::topology_board).
    int table() const;
    struct TableCache {
        int players = -1;
        std::uint64_t options_version = 0;
        int number = -1;
    };
    std::uint64_t options_version_ = 1;  // moves whenever options_ change: the table may with them
    mutable TableCache table_cache_;  // table()'s last answer: the room's strand only
    // A visible change happened: seq + 1 and an update to every connection but `exclude`. `events`:
    // the game's last events go with it (a command, the start).
    void publish(Changed what, bool events = false, const Connection* exclude = nullptr);
    void send_snapshot(const Member& m);
    void publish_summary();

    // room_history.cpp: the game's times, which the room keeps (its recent events and statistics are
    // the session's: Session::history and stats).
    void start_history(std::optional<std::int64_t> started_at);
    nlohmann::json log_json(int viewer) const;
    nlohmann::json stats_json() const;  // null without a game
    void stats_parts(game::ViewParts& parts, const game::PatchSink* sink) const;  // nothing without a game
    void note_game_end();
    void restore_times(const store::RoomRecord& r);  // restore: started_at and, for a finished game, ended_at
    // The room's own lines in the game's log (docs/protocol.md, "Seat notes"): a bot took a person's
    // seat over ("bot_took_over"), the person came back ("player_returned"). Sent with the next
    // publish's events, and put back in every snapshot's log after the events the log held when it
    // happened (kept as the spectator saw them; events that left the log take their notes with them).
    // In memory only: a restart forgets them (and every absent seat's grace period starts again).
    void note_seat(const char* type, int seat);
    struct SeatNote {
        nlohmann::json event;
        std::vector<std::string> after;  // the log's last (up to 3) events when it happened, as text
        std::size_t length = 0;          // the log's length then
        std::string first;               // and its first event, as text (how to tell it has not moved)
    };
    std::vector<SeatNote> seat_notes_;                             // this game's
    nlohmann::json unsent_notes_ = nlohmann::json::array();        // for the next publish

    // room_store.cpp: durability. Each change that the store keeps is written first; `then` (which
    // broadcasts it) runs on this room's executor once the write is durable, and until then every
    // other task for this room waits in the gate (commit_gate.hpp). Without a store `then` runs at
    // once. (Chat is the exception: room_chat.cpp writes it without holding the room.)
    bool durable() const { return context_->options.store != nullptr; }
    void after_commit(const std::function<void(store::Store&, store::Done)>& write, std::function<void()> then);
    void save_lobby(std::function<void()> then);  // room row and seats
    void log_command(const game::Move& move, std::function<void()> then);
    void forget();  // closed for good (idle, archived): the store drops the room

    // room_replay.cpp: replay records, one build at a time, built off the executor
    using ReplayKey = std::pair<std::int64_t, std::size_t>;  // (game, commands): what a record is of
    void start_replay_build();
    void replay_built(ReplayKey key, std::shared_ptr<const std::string> record, const std::string& error);

    const std::string code_;
    const std::string host_key_hash_;
    const std::shared_ptr<Executor> executor_;
    const std::shared_ptr<const RoomContext> context_;

    RoomOptions options_;
    RoomPhase phase_ = RoomPhase::Lobby;
    SeatTable seats_;
    const game::Module* module_;  // the game this room hosts (options_.game), registered for the life of the process
    std::unique_ptr<game::Session> game_;
    ViewPublisher views_;        // seq, documents, diffs, snapshots, the summary
    AnswerMarks answers_;        // simultaneous answers at an older seq
    std::map<const Connection*, Member> members_;
    int spectators_ = 0;
    int displays_ = 0;  // of the spectators, table displays: seated phones offer their hand layout
    int spectators_numbered_ = 0;  // "Spectator N" (chat): the numbers handed out in this room
    std::deque<nlohmann::json> chat_;
    std::uint64_t chat_version_ = 0;  // bumped with every line: a cached snapshot shows one version
    // Chat is written without holding the room (commands go on meanwhile): one write in flight at a
    // time, the lines sent meanwhile wait here and go in the next write, each broadcast once durable.
    TokenBucket chat_bucket_;
    // Game commands per seat (room_game.cpp), one bucket for all of a seat's connections, made at the
    // seat's first command.
    std::vector<std::optional<TokenBucket>> command_buckets_;
    bool chat_writing_ = false;
    std::vector<ChatLine> chat_unsaved_;
    // Someone has joined, spectated or sat here; a room nobody ever joined closes early (sweep).
    bool ever_joined_ = false;
    Clock::time_point idle_since_;
    Clock::time_point finished_at_{};
    bool closed_ = false;

    BotDriver bots_;    // bot decisions, one at a time (bot_driver.hpp)
    TimerState timer_;  // the turn timer (room_timer.cpp)
    // durability (room_store.cpp)
    std::int64_t created_ms_ = 0;
    std::int64_t game_number_ = 0;    // games started here; the store keeps each game's log under it
    std::string game_options_;        // JSON of the latest game's options, seed and salt (kept through play_again)
    // Fairness (docs/fairness.md): the current game's salt and the commitment to its seed, published
    // from the start; and its accepted commands in order, for the replay record. Salt and commitment
    // are empty for a game restored from a record made before commitments existed.
    std::string salt_;
    std::string commitment_;
    // The current game was dealt from a seed a client chose (a test server, or a game saved by an
    // earlier version): every viewer's room document says so, and so does its replay record.
    bool game_seed_chosen_ = false;
    std::vector<game::MovePtr> log_;  // also what numbers the store's log entries (log_command)
    // The game's times (Unix ms), for its stats (room_history.cpp).
    std::optional<std::int64_t> started_at_, ended_at_;
    // The last replay record built (its JSON text, shared by every answer) and what it is of:
    // building one re-runs the game (8-14 ms for a long game, bench/replay_bench.cpp), so it is redone
    // only after a change. While a build runs, requests wait for it in replay_waiting_.
    std::shared_ptr<const std::string> replay_cache_;
    ReplayKey replay_cache_key_{};
    bool replay_building_ = false;
    struct ReplayWaiter {
        ReplayKey key;  // the log when the request came: any record of it or later answers it
        std::function<void(Hub::HttpResult)> done;
    };
    std::vector<ReplayWaiter> replay_waiting_;
    CommitGate gate_;  // write, then broadcast; tasks wait meanwhile
};

}  // namespace catan::room
