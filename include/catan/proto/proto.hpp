#pragma once
// The JSON protocol in one include. Message shapes: proto/v1/*.schema.json; overview: proto/README.md.
#include "catan/proto/actions_json.hpp"
#include "catan/proto/command_json.hpp"
#include "catan/proto/decode_error.hpp"
#include "catan/proto/error_json.hpp"
#include "catan/proto/event_json.hpp"
#include "catan/proto/state_json.hpp"
#include "catan/proto/rules_json.hpp"
#include "catan/proto/topology_json.hpp"
#include "catan/proto/view_json.hpp"

namespace catan::proto {

// Version of the client-facing messages (commands, views, events, errors, topology); an envelope
// carries it as "v". Bump on any change an old client could misread.
inline constexpr int kProtocolVersion = 1;

}  // namespace catan::proto
