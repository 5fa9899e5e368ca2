#include "log_format.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace catan::app {

namespace {

void append(spdlog::memory_buf_t& dest, std::string_view text) { dest.append(text.data(), text.data() + text.size()); }

// The length of the valid UTF-8 sequence at the start of `s`, or 0 (RFC 3629: no overlongs, no
// surrogates, nothing above U+10FFFF).
std::size_t utf8_sequence(std::string_view s) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char c = byte(0);
    const auto cont = [&](std::size_t i) { return i < s.size() && (byte(i) & 0xC0) == 0x80; };
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2)) return 0;
        if (c == 0xE0 && byte(1) < 0xA0) return 0;  // overlong
        if (c == 0xED && byte(1) >= 0xA0) return 0;  // a surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if (c == 0xF0 && byte(1) < 0x90) return 0;  // overlong
        if (c == 0xF4 && byte(1) >= 0x90) return 0;  // above U+10FFFF
        return 4;
    }
    return 0;
}

// What the message's leading tag says: "[K7QX3 seat 2]", "[K7QX3 spectator]", "[K7QX3]" (a room) or
// "[conn 12 ip:port]" (a connection). Anything else is no tag.
struct Tag {
    std::string_view room, seat, conn, remote;
};

bool is_room_code(std::string_view s) {
    if (s.size() != 5) return false;
    for (const char c : s)
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
    return true;
}

bool is_number(std::string_view s) {
    if (s.empty() || s.size() > 9) return false;
    for (const char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

Tag read_tag(std::string_view message) {
    Tag tag;
    if (message.empty() || message.front() != '[') return tag;
    const auto end = message.find(']');
    if (end == std::string_view::npos) return tag;
    const std::string_view inside = message.substr(1, end - 1);
    const auto space = inside.find(' ');
    const std::string_view first = inside.substr(0, space);
    const std::string_view rest = space == std::string_view::npos ? std::string_view() : inside.substr(space + 1);
    if (first == "conn") {
        const auto gap = rest.find(' ');
        if (gap == std::string_view::npos || !is_number(rest.substr(0, gap))) return tag;
        tag.conn = rest.substr(0, gap);
        tag.remote = rest.substr(gap + 1);
        return tag;
    }
    if (!is_room_code(first)) return tag;
    if (rest.empty()) {
        tag.room = first;
    } else if (rest == "spectator") {
        tag.room = first;
        tag.seat = "spectator";
    } else if (rest.starts_with("seat ") && is_number(rest.substr(5))) {
        tag.room = first;
        tag.seat = rest.substr(5);
    }
    return tag;
}

// "2026-12-03T14:00:00.123Z"
void append_time(spdlog::log_clock::time_point time, spdlog::memory_buf_t& dest) {
    const auto since = time.time_since_epoch();
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(since);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(since - seconds).count();
    const std::time_t t = static_cast<std::time_t>(seconds.count());
    std::tm utc{};
    ::gmtime_r(&t, &utc);
    char text[40];
    const int n = std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900, utc.tm_mon + 1,
                                utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<int>(ms));
    dest.append(text, text + (n > 0 ? n : 0));
}

}  // namespace

void append_json_string(std::string_view text, spdlog::memory_buf_t& dest) {
    static constexpr char kHex[] = "0123456789abcdef";
    dest.push_back('"');
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '"' || c == '\\') {
            dest.push_back('\\');
            dest.push_back(static_cast<char>(c));
        } else if (c == '\n') {
            append(dest, "\\n");
        } else if (c == '\r') {
            append(dest, "\\r");
        } else if (c == '\t') {
            append(dest, "\\t");
        } else if (c < 0x20 || c == 0x7F) {
            const char escaped[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
            dest.append(escaped, escaped + 6);
        } else if (c < 0x80) {
            dest.push_back(static_cast<char>(c));
        } else if (const std::size_t n = utf8_sequence(text.substr(i)); n > 0) {
            dest.append(text.data() + i, text.data() + i + n);
            i += n;
            continue;
        } else {
            append(dest, "\\ufffd");  // one replacement per invalid byte
        }
        ++i;
    }
    dest.push_back('"');
}

void JsonLogFormatter::format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) {
    const std::string_view message(msg.payload.data(), msg.payload.size());
    append(dest, "{\"time\":\"");
    append_time(msg.time, dest);
    append(dest, "\",\"level\":");
    const auto level = spdlog::level::to_string_view(msg.level);
    append_json_string(std::string_view(level.data(), level.size()), dest);
    append(dest, ",\"logger\":");
    append_json_string(std::string_view(msg.logger_name.data(), msg.logger_name.size()), dest);
    const Tag tag = read_tag(message);
    if (!tag.room.empty()) {
        append(dest, ",\"room\":");
        append_json_string(tag.room, dest);
    }
    if (!tag.seat.empty()) {
        append(dest, ",\"seat\":");
        if (tag.seat == "spectator") append_json_string(tag.seat, dest);
        else append(dest, tag.seat);  // digits only (read_tag)
    }
    if (!tag.conn.empty()) {
        append(dest, ",\"conn\":");
        append(dest, tag.conn);
        append(dest, ",\"remote\":");
        append_json_string(tag.remote, dest);
    }
    append(dest, ",\"message\":");
    append_json_string(message, dest);
    append(dest, "}\n");
}

std::unique_ptr<spdlog::formatter> JsonLogFormatter::clone() const { return std::make_unique<JsonLogFormatter>(); }

void set_up_server_log(std::string_view format, const std::string& level) {
    if (format == "json") {
        // No colours: an escape sequence would be part of the line a collector parses.
        auto logger = spdlog::stderr_logger_mt("catan");
        logger->set_formatter(std::make_unique<JsonLogFormatter>());
        spdlog::set_default_logger(logger);
    } else {
        spdlog::set_default_logger(spdlog::stderr_color_mt("catan"));
        spdlog::set_pattern("%Y-%m-%d %H:%M:%S.%e %^%-5l%$ %v");
    }
    spdlog::set_level(spdlog::level::from_str(level));
}

}  // namespace catan::app
