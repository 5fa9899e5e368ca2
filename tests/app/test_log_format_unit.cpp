// --log-format json, the formatter alone: whatever bytes a message holds (every control character,
// quotes, backslashes, invalid UTF-8, a forged field), the line is one JSON object that parses back to
// the same text (invalid UTF-8 as U+FFFD), and the room, seat and connection come from the tag only.
#include <catch2/catch.hpp>

#include <regex>

#include <nlohmann/json.hpp>
#include <spdlog/details/log_msg.h>

#include "log_format.hpp"

using nlohmann::json;

namespace {

std::string format(std::string_view text, spdlog::level::level_enum level = spdlog::level::info) {
    catan::app::JsonLogFormatter formatter;
    spdlog::memory_buf_t out;
    const spdlog::details::log_msg msg(spdlog::string_view_t("catan"), level, spdlog::string_view_t(text.data(), text.size()));
    formatter.format(msg, out);
    return std::string(out.data(), out.size());
}

json one_line(const std::string& line) {
    REQUIRE(!line.empty());
    REQUIRE(line.back() == '\n');
    REQUIRE(line.find('\n') == line.size() - 1);  // one line, whatever the message held
    return json::parse(line.substr(0, line.size() - 1));
}

}  // namespace

TEST_CASE("json log: every byte of a message is escaped and the line parses back to it", "[log-format]") {
    std::string all_ascii;
    for (int c = 0; c < 0x80; ++c) all_ascii.push_back(static_cast<char>(c));
    const json line = one_line(format(all_ascii));
    CHECK(line["message"] == all_ascii);
    CHECK(line["level"] == "info");
    CHECK(line["logger"] == "catan");
    CHECK(std::regex_match(line["time"].get<std::string>(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")));

    // A message that tries to close the object and add a field of its own stays one string.
    const std::string forged = R"(Ana"} {"level":"critical","message":"owned)";
    const json f = one_line(format("[K7QX3 seat 1] " + forged + " joined\r\n"));
    CHECK(f["level"] == "info");
    CHECK(f["message"] == "[K7QX3 seat 1] " + forged + " joined\r\n");

    // UTF-8 passes through; invalid sequences (a lone continuation byte, an overlong, a surrogate,
    // a truncated sequence, bytes above F4) become U+FFFD.
    CHECK(one_line(format("Zoë 🎲 夏"))["message"] == "Zoë 🎲 夏");
    const json bad = one_line(format("a\x80" "b\xC0\xAF" "c\xED\xA0\x80" "d\xE2\x82" "e\xF5"));
    CHECK(bad["message"] == "a\xEF\xBF\xBD" "b\xEF\xBF\xBD\xEF\xBF\xBD" "c\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
                            "d\xEF\xBF\xBD\xEF\xBF\xBD" "e\xEF\xBF\xBD");
}

TEST_CASE("json log: the room, seat and connection come from the line's tag", "[log-format]") {
    const json seat = one_line(format("[K7QX3 seat 2] Ana joined"));
    CHECK(seat["room"] == "K7QX3");
    CHECK(seat["seat"] == 2);
    const json spectator = one_line(format("[K7QX3 spectator] Cy joined after the start, as a spectator"));
    CHECK(spectator["room"] == "K7QX3");
    CHECK(spectator["seat"] == "spectator");
    const json room = one_line(format("[ABCDE] room closed: the room was idle", spdlog::level::warn));
    CHECK(room["room"] == "ABCDE");
    CHECK(!room.contains("seat"));
    CHECK(room["level"] == "warning");
    const json conn = one_line(format("[conn 17 127.0.0.1:5555] GET /x -> 404"));
    CHECK(conn["conn"] == 17);
    CHECK(conn["remote"] == "127.0.0.1:5555");
    CHECK(!conn.contains("room"));
    // Not tags: a bracket that is no room code, a seat that is no number.
    for (const char* text : {"[notacode] x", "[K7QX3 seat two] x", "[K7QX3 seat 1 x", "rooms: [K7QX3]"}) {
        const json plain = one_line(format(text));
        CHECK(!plain.contains("room"));
        CHECK(plain["message"] == text);
    }
}
