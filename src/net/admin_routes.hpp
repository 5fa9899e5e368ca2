#pragma once
// Internal to catan_net: the operator's endpoint /admin/... (docs/operating.md, "Admin"), used by
// `catan-server rooms`. It answers only a TCP peer on a loopback address (never an address a proxy
// forwards in a header) that presents the server's admin token (options.admin_token) as a bearer
// token, compared in constant time, and neither a browser's request (one with an Origin) nor one a
// proxy relayed (Forwarded, X-Forwarded-For, X-Real-IP: a client elsewhere). Requests are
// bounded like every other: the parser's size limits, and rates (Gateway::admin_budgets): requests
// with the token 10 a second (bursts of 20) for the whole process; refused ones 10 a second per
// address (bursts of 20) and 100 a second in all (bursts of 200), apart from the operator's.
//   GET  /admin/rooms              every open room
//   GET  /admin/rooms/{code}       one room
//   POST /admin/rooms/{code}/close close it as the idle sweep does, and delete it from the data file
#include <optional>

#include "handle_request.hpp"
#include "loopback.hpp"

namespace catan::net {

// The answer to a request whose path is /admin or under it: now, or nothing when it comes through
// `respond` (close waits for the data file).
std::optional<http::message_generator> handle_admin(Gateway& gateway, Request&& request, const Peer& peer, Respond respond);

}  // namespace catan::net
