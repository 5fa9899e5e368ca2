// --trusted-proxy ranges and the client address a trusted proxy's X-Forwarded-For names.
#include "catan/net/forwarded.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include <arpa/inet.h>
#include <fmt/format.h>

#include "catan/net/policy.hpp"

namespace catan::net {

namespace {

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool mapped_v4(const std::array<std::uint8_t, 16>& b) {
    return std::all_of(b.begin(), b.begin() + 10, [](std::uint8_t c) { return c == 0; }) && b[10] == 0xff && b[11] == 0xff;
}

std::optional<std::array<std::uint8_t, 16>> parse_bare(std::string_view text) {
    if (text.empty() || text.size() > 45) return std::nullopt;
    const std::string s(text);
    std::array<std::uint8_t, 16> out{};
    if (s.find(':') == std::string::npos) {
        std::array<std::uint8_t, 4> v4{};
        if (inet_pton(AF_INET, s.c_str(), v4.data()) != 1) return std::nullopt;
        out[10] = out[11] = 0xff;
        std::copy(v4.begin(), v4.end(), out.begin() + 12);
        return out;
    }
    if (s.find('%') != std::string::npos) return std::nullopt;  // a zone id names no address of ours
    if (inet_pton(AF_INET6, s.c_str(), out.data()) != 1) return std::nullopt;
    return out;
}

// The first `prefix` bits of a and b are equal.
bool same_prefix(const std::array<std::uint8_t, 16>& a, const std::array<std::uint8_t, 16>& b, int prefix) {
    int i = 0;
    for (; prefix >= 8; prefix -= 8, ++i)
        if (a[i] != b[i]) return false;
    if (prefix == 0) return true;
    const auto mask = static_cast<std::uint8_t>(0xff << (8 - prefix));
    return (a[i] & mask) == (b[i] & mask);
}

}  // namespace

std::optional<std::array<std::uint8_t, 16>> parse_ip(std::string_view text) {
    text = trim_ows(text);
    if (text.starts_with('[')) {  // "[v6]" or "[v6]:port"
        const auto close = text.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        const auto rest = text.substr(close + 1);
        if (!rest.empty() && !(rest.starts_with(':') && all_digits(rest.substr(1)))) return std::nullopt;
        const auto inner = text.substr(1, close - 1);
        if (inner.find(':') == std::string_view::npos) return std::nullopt;  // brackets are for IPv6 only
        return parse_bare(inner);
    }
    const auto colon = text.find(':');
    if (colon != std::string_view::npos && text.find(':', colon + 1) == std::string_view::npos) {
        // One colon: IPv4 with a port.
        if (!all_digits(text.substr(colon + 1))) return std::nullopt;
        return parse_bare(text.substr(0, colon));
    }
    return parse_bare(text);
}

std::string ip_text(const std::array<std::uint8_t, 16>& b) {
    char buffer[INET6_ADDRSTRLEN] = {};
    if (mapped_v4(b)) {
        inet_ntop(AF_INET, b.data() + 12, buffer, sizeof buffer);
    } else {
        inet_ntop(AF_INET6, b.data(), buffer, sizeof buffer);
    }
    return buffer;
}

std::optional<TrustedProxies> TrustedProxies::parse(const std::vector<std::string>& entries, std::string& error) {
    TrustedProxies out;
    for (const auto& raw : entries) {
        const std::string_view entry = trim_ows(raw);
        if (entry.empty()) continue;  // "a,,b" or a trailing comma
        const auto slash = entry.find('/');
        const auto address = entry.substr(0, slash);
        const auto bytes = parse_bare(address);
        if (!bytes) {
            error = fmt::format("'{}' is not an IP address or CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, ::1, fd00::/8)", entry);
            return std::nullopt;
        }
        const bool v4 = address.find(':') == std::string_view::npos;
        const int width = v4 ? 32 : 128;
        int bits = width;
        if (slash != std::string_view::npos) {
            const auto text = entry.substr(slash + 1);
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), bits);
            if (ec != std::errc{} || end != text.data() + text.size() || !all_digits(text) || bits < 0 || bits > width) {
                error = fmt::format("'{}': the prefix length must be 0 to {}", entry, width);
                return std::nullopt;
            }
        }
        Range r;
        r.bytes = *bytes;
        r.prefix = v4 ? 96 + bits : bits;
        r.text = fmt::format("{}/{}", address, bits);
        out.ranges_.push_back(std::move(r));
    }
    return out;
}

bool TrustedProxies::contains(std::string_view address) const {
    if (ranges_.empty()) return false;
    const auto bytes = parse_ip(address);
    if (!bytes) return false;
    return std::any_of(ranges_.begin(), ranges_.end(), [&](const Range& r) { return same_prefix(r.bytes, *bytes, r.prefix); });
}

std::string TrustedProxies::describe() const {
    std::string out;
    for (const auto& r : ranges_) out += fmt::format("{}{}", out.empty() ? "" : ", ", r.text);
    return out;
}

ForwardedClient resolve_client(const TrustedProxies& trusted, std::string_view peer,
                               const std::vector<std::string_view>& forwarded_for, std::string_view forwarded_proto) {
    ForwardedClient client;
    client.address = std::string(peer);  // as given ("ip:port"): log lines keep the port
    if (!trusted.contains(peer)) return client;

    // Every header line's entries in order, then read from the right.
    std::vector<std::string_view> entries;
    for (auto line : forwarded_for) {
        while (true) {
            const auto comma = line.find(',');
            entries.push_back(trim_ows(line.substr(0, comma)));
            if (comma == std::string_view::npos) break;
            line.remove_prefix(comma + 1);
        }
    }
    if (!entries.empty()) {
        std::optional<std::array<std::uint8_t, 16>> chosen;
        bool bad = false;
        for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
            const auto bytes = parse_ip(*it);
            if (!bytes) {
                bad = true;
                break;
            }
            chosen = bytes;
            if (!trusted.contains(ip_text(*bytes))) break;  // the first untrusted hop: the client
        }
        if (bad) {
            client.malformed = true;
        } else {
            client.address = ip_text(*chosen);
            client.forwarded = true;
        }
    }

    auto proto = trim_ows(forwarded_proto.substr(0, forwarded_proto.find(',')));
    if (!proto.empty()) {
        const auto is = [&](std::string_view word) {
            return proto.size() == word.size() &&
                   std::equal(proto.begin(), proto.end(), word.begin(),
                              [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
        };
        if (is("https"))
            client.https = true;
        else if (!is("http"))
            client.malformed = true;
    }
    return client;
}

}  // namespace catan::net
