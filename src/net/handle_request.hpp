#pragma once
// Internal to catan_net: the answer to one parsed HTTP request, with no socket in sight (as in Beast's
// example/websocket/server/chat-multi). HttpSession reads a request, calls handle_request and writes
// what comes back; the fuzzer (tests/fuzz/fuzz_http.cpp) calls the same functions on bytes.
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

#include <boost/beast/http/message_generator.hpp>

#include "gateway.hpp"

namespace catan::net {

using Request = http::request<http::string_body>;

// Who asked, for log lines and per-address limits: the connection's id and "ip:port" (behind a
// trusted proxy, the client's address: Gateway::client_of), and whether the client used https.
struct Peer {
    std::uint64_t id = 0;
    std::string_view remote;
    bool https = false;
};

// Makes a response; run where the answer is written (the connection's strand), so that serialising a
// large body never holds up the thread that produced the result (a room's executor, say).
using MakeResponse = std::function<http::message_generator()>;
// How a request answered later is answered: called exactly once, from any thread.
using Respond = std::function<void(MakeResponse)>;

// A short plain-text answer after which the connection closes (refusals, the upgrade's errors); to a
// HEAD request (`head`) without its body.
http::message_generator closing_text(unsigned version, http::status status, std::string body, bool head = false);

// A request target without its query or fragment ("/ws?room=K7QX3" -> "/ws").
std::string_view path_of(std::string_view target);

// The answer to `request`: a response now, or nothing when the answer comes later through `respond`
// (REST calls that run on a room's executor). Never throws for any request the parser accepted. A
// response with keep_alive() false means: close the connection once it is written.
// WebSocket upgrades are the session's business (they take the socket); check them with
// refuse_malformed first.
std::optional<http::message_generator> handle_request(Gateway& gateway, Request&& request, const Peer& peer,
                                                      Respond respond);

// The only answer of the plain-HTTP redirect listener: 308 to the same path on https (the host from
// --public-url when it is https, else the Host header with the HTTPS port), then close; 400 without
// a usable Host.
http::message_generator redirect_to_https(const Gateway& gateway, const Request& request);

// 400 for a request whose framing the parser let through but which could be read two ways (a
// Transfer-Encoding other than exactly "chunked"), or whose Host is missing (HTTP/1.1), repeated or
// not a host (RFC 9112, section 3.2); 414 for a target over options.max_target_bytes; nothing when
// the request is fine. handle_request calls it first; so do upgrades and the redirect listener.
std::optional<http::message_generator> refuse_malformed(const Gateway& gateway, const Request& request);

// The answer to a request the parser refused with `ec` (a Beast http::error): 400, 413, 414 or 431
// with a short plain-text body and Connection: close; nothing when `ec` is not the client's request
// being wrong (end of stream, a timeout, a reset). `request_line_complete`: whether the parser had
// read the whole request line (its target is set then); a header limit hit before that is an
// over-long target: 414, not 431.
std::optional<http::message_generator> parse_error_response(const Gateway& gateway, beast::error_code ec,
                                                            bool request_line_complete);

}  // namespace catan::net
