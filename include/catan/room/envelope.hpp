#pragma once
// Client -> server messages: the envelope {"v":1,"type":...,"id"?} and each type's fields
// (docs/protocol.md), decoded strictly like proto's codecs: unknown fields, wrong types and values
// out of range are refused with a DecodeError naming the field. Game commands inside a "command"
// message are only checked to be objects here; the room decodes them with proto::decode_command
// once it knows the sender's seat.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "catan/bots/bot.hpp"
#include "catan/engine/state.hpp"
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

// Room options as a client writes them: every field optional. POST /api/rooms and create_room fill
// the missing ones with defaults; set_options keeps the room's current values for them.
struct OptionsUpdate {
    std::optional<int> players;           // 2..6 (5 and 6: the 5–6 board, R-X1)
    std::optional<int> vp_target;         // 3..20 (R-O1)
    std::optional<std::uint64_t> seed;    // decimal string on the wire; for tests and replays
    std::optional<int> takeover_after;    // seconds 0..86400, or kNeverTakeOver ("never" on the wire)
    std::optional<int> turn_timer;        // seconds per turn: 0 (off), 60, 90 or 120
    // House rules and the 5–6 turn structure; the engine's validate_options decides the allowed values.
    std::optional<int> discard_limit;          // R-O2: 4..20
    std::optional<bool> friendly_robber;       // R-O3
    std::optional<bool> balanced_board;        // R-O4
    std::optional<bool> first_by_dice;         // R-O5
    std::optional<TurnStructure> turn_structure;  // R-X6 "paired" / R-X7 "special_build"
};

// A disconnected player's seat is never played by a bot.
inline constexpr int kNeverTakeOver = -1;
inline constexpr int kDefaultTakeoverSeconds = 60;

struct RoomOptions {
    int players = 4;
    int vp_target = 10;
    std::optional<std::uint64_t> seed;  // none: a random seed at the start
    // How long a player may be disconnected during the game before a bot plays their seat.
    int takeover_after = kDefaultTakeoverSeconds;
    // Seconds each turn may take before the basic bot takes the pending decision (0: no timer).
    int turn_timer = 0;
    int discard_limit = 7;
    bool friendly_robber = false;
    bool balanced_board = false;
    bool first_by_dice = false;
    TurnStructure turn_structure = TurnStructure::Paired;
    void apply(const OptionsUpdate& update);
    // The game these options deal for `players` seated players (the seed aside).
    GameOptions game_options(int players) const;
};

// The engine's verdict on room options (validate_options) as a DecodeError naming the wire field
// under `prefix` ("options."), e.g. {"options.vp_target", "... between 3 and 20 victory points"}.
std::optional<proto::DecodeError> options_error(const GameOptions& options, std::string_view prefix);

struct ClientMessage {
    ClientType type = ClientType::Ping;
    std::string room;                     // join, rejoin, spectate: as sent (the hub normalises it)
    std::string name;                     // join
    std::optional<std::string> host_key;  // join
    std::string token;                    // rejoin
    OptionsUpdate options;                // create_room, set_options
    int seat = -1, to = -1;               // move_seat (seat, to), kick, add_bot, remove_bot (seat)
    bots::Level level = bots::Level::Basic;  // add_bot
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

// The turn limits a room may choose (0: off).
inline constexpr int kTurnTimerChoices[] = {0, 60, 90, 120};
bool valid_turn_timer(std::int64_t seconds);

// The body of POST /api/rooms (an object with optional players, vp_target, seed, the house rules...).
proto::Decoded<OptionsUpdate> parse_room_options(const nlohmann::json& body);

}  // namespace catan::room
