#include "catan/room/text.hpp"

#include "text_unicode.hpp"

namespace catan::room {

namespace {

using unicode::Text;

const char* const kRefusedWhy = ": control, text-direction and invisible characters are not allowed";

std::optional<std::string> refused_character(const Text& text, bool name, std::string_view what) {
    for (char32_t c : text)
        if (unicode::is_refused(c) || (name && unicode::is_blank_symbol(c)))
            return std::string(what) + " may not hold " + unicode::code_point_name(c) + kRefusedWhy;
    return std::nullopt;
}

bool draws(char32_t c) {
    if (c < 0x80) return c > ' ';  // (controls are refused before this is asked)
    return !unicode::is_space(c) && !unicode::is_mark(c) && !unicode::is_variation_selector(c) && !unicode::is_joiner(c) &&
           !unicode::is_tag(c);
}

// Marks and selectors sit on a visible character (at most kMaxMarksPerCharacter of them), joiners
// between two, tags only in a flag's tag sequence: nothing that draws nothing on its own is left
// floating where it could make a blank name or stack over the next line.
std::optional<std::string> loose_character(const Text& text, std::string_view what) {
    bool after_visible = false;
    std::size_t marks = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if (c == unicode::kBlackFlag && i + 1 < text.size() && unicode::is_tag(text[i + 1])) {
            std::size_t j = i + 1;
            while (j < text.size() && unicode::is_tag(text[j]) && text[j] != unicode::kCancelTag) ++j;
            if (j == text.size() || text[j] != unicode::kCancelTag)
                return std::string(what) + " may hold tag characters only in a flag, ended by U+E007F";
            i = j;
            after_visible = true;
            marks = 0;
            continue;
        }
        if (unicode::is_tag(c)) return std::string(what) + " may hold tag characters (" + unicode::code_point_name(c) + ") only in a flag";
        if (unicode::is_joiner(c)) {
            if (!after_visible || i + 1 == text.size() || !draws(text[i + 1]))
                return std::string(what) + " may hold " + unicode::code_point_name(c) + " (a joiner) only where it can attach two visible characters";
            after_visible = false;  // the next character is visible: checked above
            marks = 0;
            continue;
        }
        if (unicode::is_mark(c) || unicode::is_variation_selector(c)) {
            if (!after_visible)
                return std::string(what) + " may hold " + unicode::code_point_name(c) +
                       " (a combining mark or variation selector) only where it can attach to a visible character";
            if (++marks > kMaxMarksPerCharacter)
                return std::string(what) + " may stack at most " + std::to_string(kMaxMarksPerCharacter) + " marks on one character";
            continue;
        }
        after_visible = draws(c);
        marks = 0;
    }
    return std::nullopt;
}

bool has_visible(const Text& text) {
    for (char32_t c : text)
        if (draws(c)) return true;
    return false;
}

Text trim_and_collapse_spaces(const Text& text) {
    Text out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
        out.push_back(c);
    }
    if (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

// The rules of earlier versions: counted code points, or nothing for invalid UTF-8 or a character
// they refused.
std::optional<std::size_t> kept_length(std::string_view s) {
    const auto text = unicode::decode(s);
    if (!text) return std::nullopt;
    for (char32_t cp : *text) {
        const bool control = cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
        const bool separator = cp == 0x2028 || cp == 0x2029;
        const bool bidi = (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200e || cp == 0x200f;
        if (control || separator || bidi) return std::nullopt;
    }
    return text->size();
}

}  // namespace

std::optional<std::string> clean_name(std::string_view raw, std::string& why) {
    const auto decoded = unicode::decode(raw);
    if (!decoded) {
        why = "a name must be UTF-8 text";
        return std::nullopt;
    }
    if (auto refused = refused_character(*decoded, true, "a name")) {
        why = std::move(*refused);
        return std::nullopt;
    }
    const Text name = unicode::compose(trim_and_collapse_spaces(unicode::fold(*decoded)));
    const std::string length_rule = "a name must be 1 to " + std::to_string(kMaxNameChars) + " characters long";
    if (name.empty()) {
        why = decoded->empty() ? length_rule : "a name needs at least one visible character";
        return std::nullopt;
    }
    if (auto loose = loose_character(name, "a name")) {
        why = std::move(*loose);
        return std::nullopt;
    }
    if (name.size() > kMaxNameChars) {
        why = length_rule + "; this one has " + std::to_string(name.size()) + " once spaces and compatibility forms are folded";
        return std::nullopt;
    }
    return unicode::encode(name);
}

bool valid_chat(std::string_view text, std::string& why) {
    const auto decoded = unicode::decode(text);
    if (!decoded) {
        why = "a chat message must be UTF-8 text";
        return false;
    }
    if (auto refused = refused_character(*decoded, false, "a chat message")) {
        why = std::move(*refused);
        return false;
    }
    if (decoded->empty() || decoded->size() > kMaxChatChars) {
        why = "a chat message must be 1 to " + std::to_string(kMaxChatChars) + " characters long";
        return false;
    }
    if (auto loose = loose_character(*decoded, "a chat message")) {
        why = std::move(*loose);
        return false;
    }
    if (!has_visible(*decoded)) {
        why = "a chat message needs at least one visible character";
        return false;
    }
    return true;
}

NameMatch match_names(std::string_view a, std::string_view b) {
    const auto x = unicode::decode(a), y = unicode::decode(b);
    if (!x || !y) return a == b ? NameMatch::Same : NameMatch::Different;
    if (unicode::exact_key(*x) == unicode::exact_key(*y)) return NameMatch::Same;
    for (const bool ignore_case : {true, false})
        if (unicode::lookalike_key(*x, ignore_case) == unicode::lookalike_key(*y, ignore_case)) return NameMatch::LooksAlike;
    return NameMatch::Different;
}

bool kept_name(std::string_view name, std::string& why) {
    const auto n = kept_length(name);
    if (!n) {
        why = "a name may not hold control characters";
        return false;
    }
    if (*n == 0 || *n > kMaxNameChars) {
        why = "a name must be 1 to " + std::to_string(kMaxNameChars) + " characters long";
        return false;
    }
    if (name.front() == ' ' || name.back() == ' ') {
        why = "surrounding spaces";
        return false;
    }
    return true;
}

bool kept_chat(std::string_view text, std::string& why) {
    const auto n = kept_length(text);
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

}  // namespace catan::room
