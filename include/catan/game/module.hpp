#pragma once
// The game-module seam (docs/game-modules.md): everything a room needs from a game, and nothing of any
// one game. A Module says what game it is and makes Sessions; a Session is one game being played. Rooms,
// the gateway and the store talk to games only through this header, which includes the standard library
// and nlohmann/json only: commands, options, views and events cross it as JSON or serialised JSON text,
// and each game's state stays behind it.
//
// Threads: a Module is immutable and may be used from any thread. A Session is not thread-safe: the
// room calls it from its own executor, one call at a time. The one exception is a BotJob, which owns a
// copy of what its seat may see and runs on any thread.
//
// Cost: the room decodes a command once (decode), applies the decoded Move (apply), and rewrites view
// parts in place, each as serialised text, diffing part by part (update_public / update_viewer): no
// whole view is rebuilt per command and the state never goes through JSON on the way.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/game/view_parts.hpp"

namespace catan::game {

using Json = nlohmann::json;

// The viewer who holds no seat. Seats are numbered 0 .. players-1.
inline constexpr int kSpectator = -1;
// Seats as bits: bit i is seat i. Games have at most 32 seats.
using SeatMask = std::uint32_t;

// A refusal: a wire error code ("bad_command", "not_your_turn", ...), one sentence for the sender, the
// field it is about (dotted path, empty: none) and the rule it cites (empty: none). Rooms send it as is.
struct Error {
    std::string code;
    std::string message;
    std::string field;
    std::string rule;
};

// A decoded command of one seat: opaque to the room, made by Module::decode, Session::expiry_move or a
// BotJob, and applied by the Session of the same module. Immutable; safe to pass between threads.
class Move {
public:
    virtual ~Move() = default;
    virtual int seat() const = 0;
    // The command as the log keeps it (decode(json(), seat) gives the same Move back).
    virtual Json json() const = 0;
    // An answer to a decision several seats take at once (a discard, an answer to a trade offer): one
    // seat's answer does not change what another seat's answer means. The room uses it to accept an
    // answer sent at an older sequence number (docs/protocol.md, "Sequence numbers and diffs").
    virtual bool is_answer() const = 0;
    // A short name for logs ("build_road").
    virtual std::string name() const = 0;
    // A move no game needs to go on (Catan: a domestic trade offer or a counter-offer): a room whose
    // game log is at its size limit refuses it, and every decision still has other moves.
    virtual bool is_optional() const { return false; }
};
using MovePtr = std::shared_ptr<const Move>;

// What Session::apply did with an accepted move.
struct Applied {
    // For an answer: it closed the decision (the last decline closing an offer, the last discard), so
    // no other seat's older answer still means anything. The room reads it for answers only.
    bool ended_decision = false;
    bool game_over = false;       // this move ended the game
};

// The decision the game waits for, for the turn timer (docs/protocol.md, "Turn timer"). Two calls with
// the same kind and identity are the same decision still pending (a discard some seats made already).
struct Pending {
    std::string kind;           // "turn", "setup", "discard", ...; empty: nothing to time (game over)
    SeatMask seats = 0;         // who is waited for
    std::uint32_t identity = 0;
    std::uint32_t turn = 0;     // the turn it belongs to: a new turn restarts the turn clock
    std::chrono::milliseconds limit{0};  // how long it may take, for a room turn limit of turn_seconds
    bool whole_turn = false;    // it is the turn itself: running out ends the seat's turn
    bool counts_turn = false;   // it runs on the turn clock too (the robber, answers to own offer)
    bool pauses_turn = false;   // the seat on turn waits for others (discards): its turn clock stops meanwhile
};

// A computer player of one seat, kept by the room from one decision to the next (it may remember what
// it did this turn, e.g. the offers it made). Made by Module::make_bot; used by one job at a time.
class Bot {
public:
    virtual ~Bot() = default;
    virtual std::string level() const = 0;
};
using BotPtr = std::shared_ptr<Bot>;

// A bot decision for one seat, taken on any thread. It owns everything it reads (a copy of what the
// seat may see, its generator); it returns the move, or nothing when the bot failed (the room then
// asks a fallback level). The move is one the session accepts if nothing changed meanwhile.
using BotJob = std::function<MovePtr()>;

// A start or restore that failed, with the index of the log entry that does not fit (-1: the options
// or the snapshot).
struct RestoreError {
    std::string message;
    long index = -1;
    std::string field;  // the options record's member at fault ("discard_limit"), when it is the record's
};

class Session;

// One logged command: the seat and the command's JSON (Move::json()).
struct LoggedMove {
    int seat = 0;
    Json command;
};

class Module {
public:
    virtual ~Module() = default;

    // What the game is. id: the room option "game" names it ("catan").
    virtual std::string id() const = 0;
    virtual int min_players() const = 0;
    virtual int max_players() const = 0;

    // The options a room may set for `players` seats: {"<option>": {"type": "int"|"bool"|"enum",
    // "min", "max" | "values", "default"}, ...}, the players range included. The room checks each
    // option's type against it before validate judges the value. Variants may change ranges with the
    // players count. (Catan's client reads the same ranges from the rules block of its table.)
    virtual Json option_schema(int players) const = 0;
    // Every option at its default for `players` seats (players included).
    virtual Json default_options(int players) const = 0;
    // Whether `options` (a full set, players included) may start a game. The error's field is
    // `prefix` + "." + the option's name ("options.vp_target"; the name alone when `prefix` is empty,
    // as in a POST /api/rooms body), its message says what is allowed.
    virtual std::optional<Error> validate(const Json& options, std::string_view prefix) const = 0;

    // How a room keeps these options in its record (players aside, which the room keeps): the members
    // to store, and the full set back from a stored record (`players` seats). The module owns the format,
    // so records written by earlier versions keep loading. By default every option but players is
    // stored, and reading fills what is missing with defaults; either way the result is validated.
    virtual Json store_options(const Json& options) const;
    // Options that follow another one when a change does not give them itself (Catan: the victory
    // target of a scenario chosen without one): `update` is the change asked for, `players` the count
    // the options will have; adds what follows. By default nothing follows.
    virtual void follow_options(Json& update, int players) const;
    virtual std::variant<Json, Error> load_options(const Json& stored, int players) const;

    // The static description of the table a client draws for a game of these options (a full set,
    // players included; Catan: the board's topology, and a scenario's map), sent once per connection,
    // and a name that changes exactly when it does ("base", "large", "new_shores-4"): rooms send the
    // table again when the options move it (Connection::topology_board). Ids are unique across a
    // module's tables.
    virtual std::string table_id(const Json& options) const = 0;
    virtual const Json& table(const Json& options) const = 0;
    // One options set per table the module has, for listing them all (/api/boards, /api/rules). By
    // default the defaults of each players count.
    virtual std::vector<Json> table_options() const;

    // Decodes a seat's command against the bounds of a game of these options (a set validate accepted;
    // in the lobby, before a game, too): shape, ids and counts in range, nothing unknown. Not whether
    // the rules allow it now (that is apply's). The error's field is relative to the command
    // ("give.ore"). Any thread.
    virtual std::variant<MovePtr, Error> decode(const Json& command, int seat, const Json& options) const = 0;

    // A new game. Precondition: validate(options) is empty. Deterministic: the same options and seed
    // give the same session. The start's events (first-player rolls) are the session's last_events.
    virtual std::unique_ptr<Session> start(const Json& options, std::uint64_t seed) const = 0;
    // A game as it was: the options record (Session::options_record), optionally a snapshot taken after
    // `snapshot_at` log entries (Session::snapshot), and the log (all of it; those after the snapshot
    // are applied). Gives the same views as the session that wrote them.
    virtual std::variant<std::unique_ptr<Session>, RestoreError> restore(const Json& options_record,
                                                                         const std::string* snapshot,
                                                                         std::size_t snapshot_at,
                                                                         const std::vector<LoggedMove>& log) const = 0;

    // Bot levels by name, the default (added by the host) first; "random" always among them: the level
    // the room falls back to after a bot's move was refused.
    virtual std::vector<std::string> bot_levels() const = 0;
    // A bot of `level` (one of bot_levels; null for another name) thinking at most `budget` per
    // decision. Any thread.
    virtual BotPtr make_bot(const std::string& level, std::chrono::milliseconds budget) const = 0;
};

class Session {
public:
    virtual ~Session() = default;

    virtual const Module& module() const = 0;
    virtual int players() const = 0;
    // The options the game was started with, as Module::start took them (players included).
    virtual Json options() const = 0;
    // Decodes a seat's command against this game's own bounds (Module::decode for the game's options).
    virtual std::variant<MovePtr, Error> decode(const Json& command, int seat) const = 0;

    // Applies a move in place: nothing on refusal (the error says why), else the game moved on and
    // last_events holds what happened. The move must come from this module.
    virtual std::variant<Applied, Error> apply(const Move& move) = 0;
    // The same for a move from a record a server accepted earlier (a replay record, verify): limits a
    // game added since (Catan: R-L1, trading per turn) do not refuse it, so old records still replay.
    virtual std::variant<Applied, Error> replay(const Move& move) { return apply(move); }

    // Who must act now (several at once during simultaneous decisions); 0 once the game is over. Every
    // seat in it has legal moves; a seat outside it may still have some answers (Catan: a responder
    // changing its answer to an open offer) but is not waited for.
    virtual SeatMask to_act() const = 0;
    // The seat a bot loop asks next among `bots` (seats a bot plays): responders to an offer before its
    // proposer; -1 when no seat in `bots` must act. `waiting` is set when the one asked is a proposer
    // whose offer still waits for people's answers (the room waits longer before asking it).
    virtual int seat_for_bots(SeatMask bots, bool& waiting) const = 0;
    // The seat whose turn it is (the one a turn clock runs for).
    virtual int on_turn() const = 0;
    virtual bool over() const = 0;
    virtual int winner() const = 0;  // -1 while playing

    // The legal commands of a seat now, as the client's "legal" document (null for a spectator).
    virtual Json legal(int seat) const = 0;
    // The same, as decoded moves apply() accepts (for bots and tests; commands with free terms, such
    // as trade proposals, are not enumerated).
    virtual std::vector<MovePtr> legal_moves(int seat) const = 0;

    // Rewrites the public parts from the game. With a sink, `parts` holds what was last sent and the
    // ops that turn it into the new parts are appended (nothing when nothing changed); without, the
    // parts are written afresh when empty. Called once per command for all viewers.
    virtual void update_public(ViewParts& parts, const PatchSink* sink = nullptr) const = 0;
    // The same for what only `viewer` (a seat or kSpectator) sees.
    virtual void update_viewer(int viewer, ViewParts& parts, const PatchSink* sink = nullptr) const = 0;
    // The whole view from its parts (snapshots).
    virtual Json assemble(const ViewParts& public_parts, const ViewParts& viewer_parts) const = 0;

    // The last apply's (or the start's) events as `viewer` sees them, seats named by `names`.
    virtual Json last_events(int viewer, const std::vector<std::string>& names) const = 0;
    // The recent events of the whole game (the snapshot's "log"), as `viewer` sees them.
    virtual Json history(int viewer, const std::vector<std::string>& names) const = 0;
    // The game's statistics (doc.game.stats); times are the room's (Unix ms; null: unknown / running).
    virtual Json stats(std::optional<std::int64_t> started_at, std::optional<std::int64_t> ended_at) const = 0;
    // The last events as each seat they concern saw them (what a finished game's record reveals: the
    // stolen card, the bought card). By default the spectator's.
    virtual Json revealed_events(const std::vector<std::string>& names) const { return last_events(kSpectator, names); }

    // Serialised forms for the room's per-command path, which sends text and must not build a json
    // tree per viewer. By default from the members above; a game overrides them to be fast.
    virtual std::string legal_text(int seat) const { return legal(seat).dump(); }
    virtual std::string last_events_text(int viewer, const std::vector<std::string>& names) const {
        return last_events(viewer, names).dump();
    }
    // Whether some viewer sees the last events differently from a spectator (hidden cards): when not,
    // the room writes them once for everyone.
    virtual bool events_differ_by_viewer() const { return true; }
    // The stats as view parts at /stats and below (under the sink's prefix), diffed like update_public.
    // By default one part at /stats holding the whole stats.
    virtual void update_stats(ViewParts& parts, const PatchSink* sink, std::optional<std::int64_t> started_at,
                              std::optional<std::int64_t> ended_at) const;

    // The turn timer's decision; turn_seconds is the room's turn limit. `turn_based`: the room plays
    // over days (turn_seconds is its turn_hours): every decision, the other seats' too, may take that long.
    virtual Pending pending(int turn_seconds, bool turn_based) const = 0;
    // What a seat that ran out of time answers where a bot would otherwise choose (decline an offer,
    // end the turn); null: let the bot choose.
    virtual MovePtr expiry_move(int seat) const = 0;

    // A decision of `bot` (this module's make_bot) for `seat` (which must act), drawing from `seed`.
    // Call on the room's executor; run the job anywhere, one job per bot at a time (the job shares the
    // bot). The job sees a copy of what the seat may see, never the session.
    virtual BotJob bot_job(int seat, BotPtr bot, std::uint64_t seed) const = 0;

    // Durability: the options record restore() takes (with the seed), and the whole state as text
    // (restore replays only the log after it). The seed stays secret until the game ends.
    virtual Json options_record() const = 0;
    virtual std::string snapshot() const = 0;
    // The seed the game was dealt from.
    virtual std::uint64_t seed() const = 0;
};

// The modules this server knows, by id: a room's option "game" picks one. Modules register themselves
// with register_module (the app layer does it at start; tests add their own).
const Module* find_module(std::string_view id);
void register_module(std::shared_ptr<const Module> module);
std::vector<std::string> module_ids();

}  // namespace catan::game
