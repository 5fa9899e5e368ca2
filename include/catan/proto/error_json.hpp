#pragma once
// Errors sent back to the one client whose message was refused, whichever layer refused it (the
// engine's rule errors, the decoders', the room layer's, the gateway's): one shape, written only here.
//   body  {"code":"cannot_afford","rule":"R-BU1","message":"..."}   rule errors (proto/v1/error.schema.json)
//         {"code":"missing_field","field":"hex","message":"..."}    messages that could not be decoded
//         also the body of every REST error answer
//   frame the body in the envelope {"v":1,"type":"error","id"?:...} (server.schema.json#/$defs/error)
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "catan/proto/decode_error.hpp"

namespace catan {
struct Error;  // the engine's rule error (catan/engine/error.hpp): rooms and the gateway write errors without the engine
}

namespace catan::proto {

// One refusal, before it is written. Codes of the room layer and the gateway (no_such_room,
// rate_limited ...) are strings of theirs; the engine's and the decoders' come from error_reply.
struct ErrorReply {
    std::string code;
    std::string message;
    std::string field;  // empty: none
    std::string rule;   // empty: none (a few checks, e.g. no such seat, cite no rule)
    std::int64_t retry_after_ms = 0;  // > 0: when the same request may succeed (room_elsewhere)
    std::string node = {};  // room_elsewhere: the node serving the room (empty: none named)
};
ErrorReply error_reply(const Error& error);
ErrorReply error_reply(const DecodeError& error);

nlohmann::json error_json(const ErrorReply& error);  // the body
nlohmann::json error_json(const Error& error);
nlohmann::json error_json(const DecodeError& error);

// The one writer of error frames. `id` is the id of the client message this answers (null: none).
std::string error_frame(const ErrorReply& error, const nlohmann::json& id);

}  // namespace catan::proto
