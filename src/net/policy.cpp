// Rate limiting, Origin check, content negotiation, conditional requests, --listen parsing.
#include "catan/net/policy.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

namespace catan::net {

std::string_view trim_ows(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

namespace {

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               auto l = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
               return l(x) == l(y);
           });
}

template <class F>
void for_each_item(std::string_view list, F&& f) {
    while (!list.empty()) {
        const auto comma = list.find(',');
        f(trim_ows(list.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
}

template <class F>
void for_params(std::string_view params, F&& f) {
    while (!params.empty()) {
        const auto semi = params.find(';');
        const auto param = trim_ows(params.substr(0, semi));
        const auto eq = param.find('=');
        if (eq != std::string_view::npos) f(trim_ows(param.substr(0, eq)), trim_ows(param.substr(eq + 1)));
        if (semi == std::string_view::npos) break;
        params.remove_prefix(semi + 1);
    }
}

}  // namespace

bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed) {
    origin = trim_ows(origin);
    if (origin.empty()) return true;  // not a browser
    while (!origin.empty() && origin.back() == '/') origin.remove_suffix(1);
    for (const auto& a : allowed) {
        std::string_view entry = trim_ows(a);
        while (!entry.empty() && entry.back() == '/') entry.remove_suffix(1);
        if (entry == "*" || iequals(entry, origin)) return true;
    }
    // Same host: the authority of the origin equals the Host header.
    const auto scheme_end = origin.find("://");
    if (scheme_end == std::string_view::npos || host.empty()) return false;
    const auto scheme = origin.substr(0, scheme_end);
    if (!iequals(scheme, "http") && !iequals(scheme, "https")) return false;
    std::string_view authority = origin.substr(scheme_end + 3);
    host = trim_ows(host);
    if (iequals(authority, host)) return true;
    // "http://example.org" against "example.org:80" and the like: compare with default ports dropped.
    auto strip_default = [](std::string_view a, std::string_view port) {
        return a.ends_with(port) ? a.substr(0, a.size() - port.size()) : a;
    };
    const std::string_view port = iequals(scheme, "https") ? ":443" : ":80";
    return iequals(strip_default(authority, port), strip_default(host, port));
}

bool accepts_gzip(std::string_view header) {
    bool gzip = false, star = false, star_seen = false, gzip_seen = false;
    for_each_item(header, [&](std::string_view item) {
        const auto semi = item.find(';');
        const auto coding = trim_ows(item.substr(0, semi));
        bool ok = true;
        if (semi != std::string_view::npos) {
            for_params(item.substr(semi + 1), [&](std::string_view name, std::string_view value) {
                if (iequals(name, "q")) ok = std::strtod(std::string(value).c_str(), nullptr) > 0.0;
            });
        }
        if (iequals(coding, "gzip") || iequals(coding, "x-gzip")) {
            gzip_seen = true;
            gzip = ok;
        } else if (coding == "*") {
            star_seen = true;
            star = ok;
        }
    });
    return gzip_seen ? gzip : (star_seen && star);
}

bool etag_matches(std::string_view header, std::string_view etag) {
    bool match = false;
    for_each_item(header, [&](std::string_view tag) {
        if (tag == "*") match = true;
        if (tag.starts_with("W/")) tag.remove_prefix(2);
        if (tag == etag) match = true;
    });
    return match;
}

std::optional<ListenAddress> parse_listen(std::string_view text) {
    ListenAddress out;
    std::string_view port;
    if (text.starts_with('[')) {
        const auto close = text.find(']');
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':') return std::nullopt;
        out.host = std::string(text.substr(1, close - 1));
        port = text.substr(close + 2);
    } else {
        const auto colon = text.rfind(':');
        if (colon == std::string_view::npos) return std::nullopt;
        out.host = std::string(text.substr(0, colon));
        if (out.host.find(':') != std::string::npos) return std::nullopt;  // IPv6 needs brackets
        port = text.substr(colon + 1);
    }
    if (out.host.empty()) out.host = "0.0.0.0";
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (port.empty() || ec != std::errc{} || end != port.data() + port.size() || value > 65535) return std::nullopt;
    out.port = static_cast<std::uint16_t>(value);
    return out;
}

std::string message_id_json(std::string_view text) {
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_object()) return {};
    const auto it = j.find("id");
    if (it == j.end()) return {};
    if (it->is_number_integer()) return it->dump();
    if (it->is_string() && it->get_ref<const std::string&>().size() <= 64) return it->dump();
    return {};
}

}  // namespace catan::net
