#pragma once
// The query of a WebSocket URL, /ws?room=CODE&node=NAME (docs/protocol.md, "Connecting"): both are
// for a proxy in front of several nodes, which routes the socket by the room (and to the node named
// as the room's holder); the server itself takes the room from the join, rejoin or spectate message.
// A value that is there must still be well-formed, so a broken client is told at once rather than
// routed at random.
#include <optional>
#include <string>
#include <string_view>

#include "catan/net/node_name.hpp"

namespace catan::net {

// What is wrong with the query of `target` (naming the parameter and what it should be), or nothing
// when every `room` is a room code and every `node` a node name. Other parameters are left alone.
std::optional<std::string> socket_query_problem(std::string_view target);

}  // namespace catan::net
