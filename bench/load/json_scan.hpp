#pragma once
// Just enough JSON reading for the load generator: the members of an object and the elements of an
// array as views into the text, without building a DOM. Every update is read by four clients, so
// nlohmann::json::parse on each would make the generator, not the server, the bottleneck. The input
// is the server's own output (valid JSON); on malformed input the functions return false or stop.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace loadgen::json {

inline std::size_t skip_ws(std::string_view s, std::size_t i) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t')) ++i;
    return i;
}

// s[i] is the opening quote; returns the index after the closing quote (s.size() if unterminated).
inline std::size_t skip_string(std::string_view s, std::size_t i) {
    ++i;
    while (i < s.size()) {
        const void* hit = std::memchr(s.data() + i, '"', s.size() - i);
        if (hit == nullptr) return s.size();
        const std::size_t q = static_cast<std::size_t>(static_cast<const char*>(hit) - s.data());
        std::size_t backslashes = 0;
        while (q - backslashes > i && s[q - backslashes - 1] == '\\') ++backslashes;
        if (backslashes % 2 == 0) return q + 1;
        i = q + 1;
    }
    return s.size();
}

// Index after the value starting at s[i] (an object, array, string, number, true, false or null).
inline std::size_t skip_value(std::string_view s, std::size_t i) {
    if (i >= s.size()) return s.size();
    const char c = s[i];
    if (c == '"') return skip_string(s, i);
    if (c == '{' || c == '[') {
        int depth = 0;
        while (i < s.size()) {
            const char d = s[i];
            if (d == '"') {
                i = skip_string(s, i);
                continue;
            }
            if (d == '{' || d == '[') ++depth;
            else if (d == '}' || d == ']') {
                if (--depth == 0) return i + 1;
            }
            ++i;
        }
        return s.size();
    }
    while (i < s.size() && s[i] != ',' && s[i] != '}' && s[i] != ']' && s[i] != ' ' && s[i] != '\n') ++i;
    return i;
}

// Calls f(key, value) for each member of the object `s` (keys without quotes; escapes are kept as
// written, which is fine for the protocol's plain ASCII keys). Returns false if `s` is no object.
template <class F>
bool for_each_member(std::string_view s, F&& f) {
    std::size_t i = skip_ws(s, 0);
    if (i >= s.size() || s[i] != '{') return false;
    i = skip_ws(s, i + 1);
    if (i < s.size() && s[i] == '}') return true;
    while (i < s.size()) {
        if (s[i] != '"') return false;
        const std::size_t key_end = skip_string(s, i);
        const std::string_view key = s.substr(i + 1, key_end - i - 2);
        i = skip_ws(s, key_end);
        if (i >= s.size() || s[i] != ':') return false;
        i = skip_ws(s, i + 1);
        const std::size_t value_end = skip_value(s, i);
        f(key, s.substr(i, value_end - i));
        i = skip_ws(s, value_end);
        if (i < s.size() && s[i] == ',') {
            i = skip_ws(s, i + 1);
            continue;
        }
        return i < s.size() && s[i] == '}';
    }
    return false;
}

// Calls f(element) for each element of the array `s`. Returns false if `s` is no array.
template <class F>
bool for_each_element(std::string_view s, F&& f) {
    std::size_t i = skip_ws(s, 0);
    if (i >= s.size() || s[i] != '[') return false;
    i = skip_ws(s, i + 1);
    if (i < s.size() && s[i] == ']') return true;
    while (i < s.size()) {
        const std::size_t end = skip_value(s, i);
        f(s.substr(i, end - i));
        i = skip_ws(s, end);
        if (i < s.size() && s[i] == ',') {
            i = skip_ws(s, i + 1);
            continue;
        }
        return i < s.size() && s[i] == ']';
    }
    return false;
}

// The value of one member, or an empty view.
inline std::string_view member(std::string_view object, std::string_view name) {
    std::string_view out;
    for_each_member(object, [&](std::string_view key, std::string_view value) {
        if (out.empty() && key == name) out = value;
    });
    return out;
}

// A string value without its quotes (escapes kept), or an empty view if `v` is no string.
inline std::string_view unquote(std::string_view v) {
    if (v.size() >= 2 && v.front() == '"' && v.back() == '"') return v.substr(1, v.size() - 2);
    return {};
}

// A non-negative integer value, or -1.
inline std::int64_t to_int(std::string_view v) {
    if (v.empty()) return -1;
    std::int64_t n = 0;
    for (const char c : v) {
        if (c < '0' || c > '9') return -1;
        n = n * 10 + (c - '0');
    }
    return n;
}

}  // namespace loadgen::json
