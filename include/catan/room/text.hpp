#pragma once
// People's text: display names and chat lines. Both must be valid UTF-8 without control characters,
// line separators, text-direction controls or characters that draw nothing, so a name or a chat line
// can never break a log line, a layout or another player's screen. Names are also folded (NFKC-style)
// and compared by how they look, so nobody can take a name that passes for a seated player's.
// docs/security.md, "Names and text", gives every rule and table.
#include <optional>
#include <string>
#include <string_view>

namespace catan::room {

inline constexpr std::size_t kMaxNameChars = 24;
inline constexpr std::size_t kMaxChatChars = 500;
inline constexpr std::size_t kMaxMarksPerCharacter = 4;  // combining marks and selectors on one character

// The name as the room keeps and shows it: space separators become spaces, compatibility forms fold
// to their NFKC form (fullwidth "Ａｎａ" is "Ana"), runs of spaces collapse to one, the ends are
// trimmed and letters compose with their accents. Nothing (with the reason in `why`) when a refused
// character is in it, a mark or joiner has nothing visible to attach to, nothing visible is left, or
// it is not 1 to 24 characters (code points) long once folded.
std::optional<std::string> clean_name(std::string_view raw, std::string& why);

// Whether a chat line is acceptable: 1..500 characters, no refused character, marks and joiners
// attached, something visible. Chat is not folded: it is shown as typed.
bool valid_chat(std::string_view text, std::string& why);

enum class NameMatch { Different, Same, LooksAlike };
// Same: equal ignoring case and how accents are encoded. LooksAlike: equal once Cyrillic, Greek and
// other letters drawn like Latin ones are mapped to them, and 0/O, 1/l/I and rn/m are merged.
NameMatch match_names(std::string_view a, std::string_view b);
// Names are unique in a room: none may be the same as, or look like, another.
inline bool same_name(std::string_view a, std::string_view b) { return match_names(a, b) != NameMatch::Different; }

// Whether a name or a chat line is one that this server or an earlier version kept (the rules before
// folding: 1..24 or 1..500 characters, trimmed names, no control characters, line separators or
// direction overrides). For reading stored rooms back, which must keep loading as they were written.
bool kept_name(std::string_view name, std::string& why);
bool kept_chat(std::string_view text, std::string& why);

}  // namespace catan::room
