#pragma once
// People's text: display names and chat lines. Both must be valid UTF-8 without control characters
// (C0, DEL, C1), line/paragraph separators or bidirectional overrides, so a name or a chat line can
// never break a log line, a layout or another player's screen.
#include <optional>
#include <string>
#include <string_view>

namespace catan::room {

inline constexpr std::size_t kMaxNameChars = 24;
inline constexpr std::size_t kMaxChatChars = 500;

// The name trimmed of surrounding spaces, or nothing (with the reason in `why`) when it is empty,
// longer than 24 characters (code points), or holds a forbidden character.
std::optional<std::string> clean_name(std::string_view raw, std::string& why);

// Whether a chat line is acceptable: 1..500 characters, no forbidden character.
bool valid_chat(std::string_view text, std::string& why);

// Names are unique in a room ignoring case (ASCII letters; other scripts compare exactly).
bool same_name(std::string_view a, std::string_view b);

}  // namespace catan::room
