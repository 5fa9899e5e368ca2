#pragma once
// Server -> client messages (docs/protocol.md, "Server -> client"), each serialised once into a
// shared Message. Keys come out sorted (nlohmann objects are ordered maps), so equal content gives
// identical bytes.
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "catan/proto/decode_error.hpp"
#include "catan/proto/error_json.hpp"
#include "catan/room/outbox.hpp"

namespace catan::room {

// Error codes of the room layer (the engine's and the decoder's come from proto).
namespace err {
inline constexpr std::string_view kNoSuchRoom = "no_such_room";
inline constexpr std::string_view kRoomFull = "room_full";
inline constexpr std::string_view kGameStarted = "game_started";
inline constexpr std::string_view kNameTaken = "name_taken";
inline constexpr std::string_view kBadName = "bad_name";
inline constexpr std::string_view kBadToken = "bad_token";
inline constexpr std::string_view kNotHost = "not_host";
inline constexpr std::string_view kNotInRoom = "not_in_room";
inline constexpr std::string_view kNotSeated = "not_seated";
inline constexpr std::string_view kTooFewPlayers = "too_few_players";
inline constexpr std::string_view kStaleSequence = "stale_sequence";
inline constexpr std::string_view kTooManyRooms = "too_many_rooms";
inline constexpr std::string_view kShuttingDown = "shutting_down";
inline constexpr std::string_view kStoreFailed = "store_failed";  // the data file refused the write
inline constexpr std::string_view kWrongPhase = "wrong_phase";  // the engine's name, for commands before the start
inline constexpr std::string_view kOutOfRange = "out_of_range";
inline constexpr std::string_view kSeatTaken = "seat_taken";  // add_bot on a seat someone has
inline constexpr std::string_view kNotABot = "not_a_bot";     // remove_bot on a seat without a bot
inline constexpr std::string_view kRateLimited = "rate_limited";  // a per-room, per-address or server-wide limit
inline constexpr std::string_view kGameTooLong = "game_too_long";  // the game's log is at its size limit
// Several servers on one database (docs/operating.md, "PostgreSQL"): another node serves the room now
// (the connection is closed next; reconnect and rejoin), or holds it for retry_after_ms more at most.
inline constexpr std::string_view kRoomMoved = "room_moved";
inline constexpr std::string_view kRoomElsewhere = "room_elsewhere";
inline constexpr std::string_view kRemoved = "removed";  // a name the host removed, before its cooldown is over
}  // namespace err

// An error answering one client message. Bodies (REST answers too) are proto::error_json(e).
using ErrorInfo = proto::ErrorReply;
// proto::error_frame(e, id) as a shared Message; `id` is the client's id (null: none).
Message error_message(const ErrorInfo& e, const nlohmann::json& id);

Message room_created_message(const std::string& code, const std::string& url, const std::string& host_key,
                             const nlohmann::json& id);
Message welcome_message(const std::string& room, int seat, const std::string& token, bool host, const nlohmann::json& id);
Message pong_message();
Message closing_message(std::string_view reason);
// An update: `ops` are RFC 6902 op objects already written as text, comma-separated (see view_parts).
Message update_message(std::uint64_t seq, std::string_view ops, std::string_view events, std::string_view legal);

// The envelope around a JSON body: {"v":1,"type":type, ...body}. `body` must be an object.
Message envelope(std::string_view type, nlohmann::json body);

}  // namespace catan::room
