#include "catan/room/text.hpp"

#include <cstdint>

namespace catan::room {

namespace {

// Counts code points, or returns nothing for invalid UTF-8 or a forbidden character. The JSON
// parser already refuses invalid UTF-8, but these checks do not rely on who called them.
std::optional<std::size_t> count_chars(std::string_view s) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < s.size();) {
        const auto b0 = static_cast<unsigned char>(s[i]);
        std::uint32_t cp = 0;
        std::size_t len = 0;
        if (b0 < 0x80) {
            cp = b0;
            len = 1;
        } else if ((b0 & 0xe0) == 0xc0) {
            cp = b0 & 0x1f;
            len = 2;
        } else if ((b0 & 0xf0) == 0xe0) {
            cp = b0 & 0x0f;
            len = 3;
        } else if ((b0 & 0xf8) == 0xf0) {
            cp = b0 & 0x07;
            len = 4;
        } else {
            return std::nullopt;
        }
        if (i + len > s.size()) return std::nullopt;
        for (std::size_t k = 1; k < len; ++k) {
            const auto b = static_cast<unsigned char>(s[i + k]);
            if ((b & 0xc0) != 0x80) return std::nullopt;
            cp = cp << 6 | (b & 0x3f);
        }
        static constexpr std::uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < kMin[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return std::nullopt;  // overlong, surrogate
        const bool control = cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
        const bool separator = cp == 0x2028 || cp == 0x2029;
        const bool bidi = (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200e || cp == 0x200f;
        if (control || separator || bidi) return std::nullopt;
        i += len;
        ++count;
    }
    return count;
}

}  // namespace

std::optional<std::string> clean_name(std::string_view raw, std::string& why) {
    while (!raw.empty() && raw.front() == ' ') raw.remove_prefix(1);
    while (!raw.empty() && raw.back() == ' ') raw.remove_suffix(1);
    const auto n = count_chars(raw);
    if (!n) {
        why = "a name may not hold control characters";
        return std::nullopt;
    }
    if (*n == 0 || *n > kMaxNameChars) {
        why = "a name must be 1 to " + std::to_string(kMaxNameChars) + " characters long";
        return std::nullopt;
    }
    return std::string(raw);
}

bool valid_chat(std::string_view text, std::string& why) {
    const auto n = count_chars(text);
    if (!n) {
        why = "a chat message may not hold control characters";
        return false;
    }
    if (*n == 0 || *n > kMaxChatChars) {
        why = "a chat message must be 1 to " + std::to_string(kMaxChatChars) + " characters long";
        return false;
    }
    return true;
}

bool same_name(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

}  // namespace catan::room
