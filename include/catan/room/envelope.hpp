#pragma once
// Client -> server messages: the envelope {"v":1,"type":...,"id"?} and each type's fields
// (docs/protocol.md), decoded strictly like proto's codecs: unknown fields, wrong types and values
// out of range are refused with a DecodeError naming the field. Game commands inside a "command"
// message are only checked to be objects here; the room decodes them through its game module once it
// knows the sender's seat, and checks a game's options against that module (rules_error).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "catan/game/module.hpp"
#include "catan/proto/decode_error.hpp"

namespace catan::room {

enum class ClientType {
    CreateRoom,
    Join,
    Rejoin,
    Spectate,
    Leave,
    SetOptions,
    MoveSeat,
    Kick,
    AddBot,
    RemoveBot,
    Start,
    PlayAgain,
    Command,
    Chat,
    Sync,
    Ping,
};
inline constexpr int kClientTypeCount = 16;
const char* to_string(ClientType type);

// How a room's game moves (docs/protocol.md, "Turn-based rooms"): live, with everyone at the table and
// a bot standing in for whoever drops out; or turn-based, over days, every decision with a deadline of
// turn_hours, and the room asleep (out of memory) while nobody is connected.
enum class Pace { Live, TurnBased };
// What a turn-based room does when a deadline passes: the basic bot takes the decision (as the turn
// timer's does), or the game waits for the player.
enum class OnTimeout { Bot, Wait };
inline constexpr int kMinTurnHours = 1, kMaxTurnHours = 168, kDefaultTurnHours = 24;
const char* to_string(Pace pace);
const char* to_string(OnTimeout on_timeout);
// Whether `key` is one of the room's own options, not its game's.
bool is_room_option(std::string_view key);

// Room options as a client writes them: every field optional. POST /api/rooms and create_room fill
// the missing ones with defaults; set_options keeps the room's current values for them. The room's
// own options (game, players, seed, takeover_after, turn_timer, pace, turn_hours, on_timeout) are read
// here (is_room_option); every other member is
// one of the game's options (game::Module::option_schema), kept in `rules` as given and checked
// against the room's module by rules_error.
struct OptionsUpdate {
    std::optional<std::string> game;      // the game module (create only; "catan" when absent)
    std::optional<int> players;           // the module's range (Catan: 2..6, 5 and 6 on the 5–6 board)
    std::optional<std::uint64_t> seed;    // decimal string on the wire; for tests and replays
    std::optional<int> takeover_after;    // seconds 0..86400, or kNeverTakeOver ("never" on the wire)
    std::optional<int> turn_timer;        // seconds per turn: 0 (off), 60, 90 or 120
    std::optional<Pace> pace;             // "live" or "turn_based"
    std::optional<int> turn_hours;        // turn-based rooms: kMinTurnHours..kMaxTurnHours
    std::optional<OnTimeout> on_timeout;  // turn-based rooms: "bot" or "wait"
    nlohmann::json rules = nlohmann::json::object();  // the game's options given (Catan: vp_target, house rules, turn_structure)
};

// A disconnected player's seat is never played by a bot.
inline constexpr int kNeverTakeOver = -1;
inline constexpr int kDefaultTakeoverSeconds = 60;
// The game a room plays when its options name none (every room stored before modules).
inline constexpr std::string_view kDefaultGame = "catan";

struct RoomOptions {
    std::string game{kDefaultGame};
    int players = 4;
    std::optional<std::uint64_t> seed;  // none: a random seed at the start
    // How long a player may be disconnected during the game before a bot plays their seat.
    int takeover_after = kDefaultTakeoverSeconds;
    // Seconds each turn may take before the basic bot takes the pending decision (0: no timer).
    int turn_timer = 0;
    Pace pace = Pace::Live;
    int turn_hours = kDefaultTurnHours;
    OnTimeout on_timeout = OnTimeout::Bot;
    bool turn_based() const { return pace == Pace::TurnBased; }
    // Every option of the game but players, at its value (the module's defaults where none was given).
    nlohmann::json rules = nlohmann::json::object();

    // The defaults of `module`'s rooms: 4 seats (within its range) and its default options.
    static RoomOptions defaults_for(const game::Module& module);
    void apply(const OptionsUpdate& update);
    // The options a game of `players` seated players starts with (the seed aside): Module::validate's
    // and Module::start's input.
    nlohmann::json game_options(int players) const;
};

// The module a room of these options plays (registered at start; never null for options that passed
// parse_client_message or parse_room_options).
const game::Module* module_of(const RoomOptions& options);

// Each option given checked against `module` alone (the others at their defaults), naming the wire
// field under `prefix` ("options" for a message, "" for a POST body): its type from the option schema,
// its value the module's to judge (Catan: the engine's validate_options).
std::optional<proto::DecodeError> rules_error(const game::Module& module, const OptionsUpdate& update, std::string_view prefix);
// A whole set of options for `players` seated players, as the module judges it.
std::optional<proto::DecodeError> options_error(const game::Module& module, const RoomOptions& options, int players,
                                                std::string_view prefix);

struct ClientMessage {
    ClientType type = ClientType::Ping;
    std::string room;                     // join, rejoin, spectate: as sent (the hub normalises it)
    std::string name;                     // join
    std::optional<std::string> host_key;  // join
    std::string token;                    // rejoin
    bool display = false;                 // spectate: a table display (the board on a shared screen)
    OptionsUpdate options;                // create_room, set_options
    int seat = -1, to = -1;               // move_seat (seat, to), kick, add_bot, remove_bot (seat)
    std::string level;                    // add_bot: one of the module's bot_levels (checked by the room)
    std::uint64_t seq = 0;                // command
    nlohmann::json command;               // command: the body, decoded by the room
    std::string text;                     // chat
};

struct ParsedMessage {
    nlohmann::json id;                    // the client's "id", null when absent or unusable
    std::optional<ClientMessage> message;
    proto::DecodeError error;             // when !message
};

// Never throws. The id is recovered whenever the text is an object with a valid "id", so errors
// about the rest of the message can still be matched by the client.
ParsedMessage parse_client_message(std::string_view text);

// The longest grace period before a bot takes a disconnected player's seat (or "never").
inline constexpr int kMaxTakeoverSeconds = 86400;
// The most seats a room holds (its per-seat tables are this long): the largest game's, Catan 5–6. A
// module with more seats is refused at start (module_of).
inline constexpr int kMaxSeats = 6;

// The turn limits a room may choose (0: off).
inline constexpr int kTurnTimerChoices[] = {0, 60, 90, 120};
bool valid_turn_timer(std::int64_t seconds);

// The body of POST /api/rooms (an object with optional game, players, seed, the game's options...).
proto::Decoded<OptionsUpdate> parse_room_options(const nlohmann::json& body);

}  // namespace catan::room
