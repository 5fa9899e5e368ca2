#pragma once
// Internal to the app layer: how `serve` writes its log (--log-format). "text" is the human format
// ("2026-12-03 14:00:00.123 info  [K7QX3 seat 2] Ana joined"); "json" is one JSON object per line for
// log collectors (docs/operating.md, "Logs"):
//   {"time":"2026-12-03T14:00:00.123Z","level":"info","logger":"catan","room":"K7QX3","seat":2,
//    "message":"[K7QX3 seat 2] Ana joined"}
// The room code, seat and connection are lifted from the tag the server's lines start with
// ("[K7QX3 seat 2]", "[K7QX3 spectator]", "[K7QX3]", "[conn 12 203.0.113.9:51234]") and only then
// present; the message is kept whole. Every string is escaped, so no text a client chose (a name,
// a path) can break a line or forge a field.
#include <memory>
#include <string>
#include <string_view>

#include <spdlog/formatter.h>

namespace catan::app {

inline constexpr std::string_view kLogFormats[] = {"text", "json"};

class JsonLogFormatter final : public spdlog::formatter {
public:
    void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override;
    std::unique_ptr<spdlog::formatter> clone() const override;
};

// `text` as a JSON string literal (quotes included): control characters as \uXXXX (or \n, \t ...),
// invalid UTF-8 as U+FFFD.
void append_json_string(std::string_view text, spdlog::memory_buf_t& dest);

// The process's logger "catan" on stderr in `format` ("text" or "json") at `level`, as the default.
void set_up_server_log(std::string_view format, const std::string& level);

}  // namespace catan::app
