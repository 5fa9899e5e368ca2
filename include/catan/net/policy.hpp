#pragma once
// The gateway's small decisions, kept free of Beast so they are easy to test: rate limiting, the
// Origin check, content negotiation, conditional requests and the --listen address.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catan/room/token_bucket.hpp"

namespace catan::net {

// `s` without the spaces and tabs around it (HTTP's optional whitespace in header values and lists).
std::string_view trim_ows(std::string_view s);

// A connection's message rate (websocket_session.cpp): the room layer's token bucket.
using TokenBucket = room::TokenBucket;

// Whether a WebSocket upgrade (or a POST) from `origin` may proceed. No Origin header (a non-browser
// client) is allowed; an origin whose host[:port] equals the request's Host is allowed; otherwise the
// origin must be in `allowed` (compared case-insensitively, a trailing '/' ignored), or `allowed`
// contains "*".
bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed);

// Whether an Accept-Encoding header value accepts gzip (q=0 refuses it).
bool accepts_gzip(std::string_view accept_encoding);

// Whether an If-None-Match header value matches `etag` (a quoted strong tag; weak comparison).
bool etag_matches(std::string_view if_none_match, std::string_view etag);

// --listen: "host:port", "[v6]:port" or ":port" (all interfaces). Port 0 picks a free one.
struct ListenAddress {
    std::string host;
    std::uint16_t port = 0;
};
std::optional<ListenAddress> parse_listen(std::string_view text);

// The id a client put in a message ("id": string or integer, at most 64 characters) as JSON text,
// so an error about that message can carry it back; empty when there is none.
std::string message_id_json(std::string_view text);

}  // namespace catan::net
