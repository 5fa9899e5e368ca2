#pragma once
// Who a request comes from when the server runs behind a reverse proxy (--trusted-proxy). Only a
// connection whose TCP peer is a trusted proxy may name the client in X-Forwarded-For; from anyone
// else the header is ignored, so a direct client cannot pose as another address to dodge the
// per-address limits (docs/security.md, "Behind a reverse proxy"). Free of Beast, so it is easy to test.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace catan::net {

// The parsed --trusted-proxy list: addresses and CIDR ranges, IPv4 and IPv6. An IPv4 address
// written as IPv4-mapped IPv6 (::ffff:127.0.0.1, as a dual-stack listener reports it) matches its
// IPv4 entries.
class TrustedProxies {
public:
    TrustedProxies() = default;
    // Each entry "ADDR" or "ADDR/PREFIX" (e.g. 127.0.0.1, 10.0.0.0/8, ::1, fd00::/8). Nothing when an
    // entry is not one; `error` then says which and why.
    static std::optional<TrustedProxies> parse(const std::vector<std::string>& entries, std::string& error);

    bool empty() const { return ranges_.empty(); }
    // Whether this address (bare, "ip:port" or "[v6]:port") is in one of the ranges.
    bool contains(std::string_view address) const;
    // The entries as given, normalised ("127.0.0.1/32"), for the start-up log line.
    std::string describe() const;

private:
    struct Range {
        std::array<std::uint8_t, 16> bytes{};  // IPv4 as IPv4-mapped IPv6
        int prefix = 128;                      // bits, counted in the 16-byte form
        std::string text;
    };
    std::vector<Range> ranges_;
};

// An IP address in any of the forms the gateway meets: "1.2.3.4", "1.2.3.4:80", "::1", "[::1]",
// "[::1]:80". Its 16-byte form (IPv4 mapped), or nothing when it is not an address.
std::optional<std::array<std::uint8_t, 16>> parse_ip(std::string_view text);
// The canonical text of a 16-byte address: dotted IPv4 for a mapped one, RFC 5952 IPv6 otherwise.
std::string ip_text(const std::array<std::uint8_t, 16>& bytes);

// The client of one request.
struct ForwardedClient {
    // What per-address limits and logs use: the peer as given ("ip:port"), or the forwarded client's
    // IP (bare, canonical: dotted IPv4, RFC 5952 IPv6).
    std::string address;
    bool forwarded = false;  // taken from X-Forwarded-For (the peer is a trusted proxy)
    // A trusted proxy's header could not be read: for X-Forwarded-For `address` is then the peer's,
    // for X-Forwarded-Proto http is assumed.
    bool malformed = false;
    bool https = false;      // a trusted proxy said the client used https (X-Forwarded-Proto)
};

// The client of a request that arrived from TCP peer `peer` ("ip:port"), with the values of its
// X-Forwarded-For headers (several header lines are one comma-separated list, in order) and its
// X-Forwarded-Proto header ("" when absent).
//
// From a peer that is not a trusted proxy the headers are ignored: the peer is the client. From a
// trusted proxy the list is read from the RIGHT: each proxy appends the address it received the
// connection from, so the right-most entries are written by our own proxies and the left-most by
// whoever connected first, who can write anything there. The client is the right-most entry that is
// not itself a trusted proxy (every entry trusted: the left-most). Entries left of it are never read.
// An entry that is not an IP address, on the part of the list read, makes the header malformed: the
// peer's address is used and `malformed` says so (the caller counts it). No header: the peer.
// X-Forwarded-Proto from a trusted proxy: "http" or "https" (case-insensitive; of a list, the first,
// the scheme the client used); anything else is malformed and means http.
ForwardedClient resolve_client(const TrustedProxies& trusted, std::string_view peer,
                               const std::vector<std::string_view>& forwarded_for, std::string_view forwarded_proto);

}  // namespace catan::net
