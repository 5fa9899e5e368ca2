#pragma once
// Code points of people's text: UTF-8 in and out, the character classes the rules in text.cpp are
// written in, the NFKC-style fold of a name, and the keys that tell whether two names look alike.
// The reasons for each class and table are in docs/security.md, "Names and text".
#include <optional>
#include <string>
#include <string_view>

namespace catan::room::unicode {

using Text = std::u32string;

// Nothing for invalid UTF-8: a bad lead or continuation byte, a cut sequence, an overlong form, a
// surrogate or a value past U+10FFFF.
std::optional<Text> decode(std::string_view utf8);
std::string encode(const Text& text);

// "U+200B".
std::string code_point_name(char32_t c);

// Refused anywhere in a name or a chat line: controls, line separators, text-direction controls and
// the characters that draw nothing (zero-width space, fillers, word joiner, BOM ...), noncharacters.
bool is_refused(char32_t c);
// Also refused in a name: blank symbols that a name could be made of (U+2800, braille blank).
bool is_blank_symbol(char32_t c);
// U+0020 and the other space separators (no-break, en, em, thin, ideographic ...).
bool is_space(char32_t c);
// Combining marks of the general-purpose blocks (accents, enclosing keycap, kana voicing marks); the
// marks of Indic, Thai or Arabic letters are ordinary characters here.
bool is_mark(char32_t c);
bool is_variation_selector(char32_t c);
bool is_joiner(char32_t c);  // ZWNJ, ZWJ
// Tag characters U+E0020..U+E007F: only the tail of a subdivision flag (England, Scotland, Wales).
bool is_tag(char32_t c);
inline constexpr char32_t kBlackFlag = 0x1f3f4;
inline constexpr char32_t kCancelTag = 0xe007f;

// Each space separator becomes U+0020 and each compatibility character its NFKC form (fullwidth
// Latin, halfwidth kana, styled letters, ligatures ...); nothing is trimmed.
Text fold(const Text& text);
// Canonical composition of a letter and the marks after it (e + U+0301 -> é), and of conjoining
// Hangul jamo into syllables, as NFC does for marks in canonical order.
Text compose(const Text& text);

// Keys under which two names count as the same. `exact_key`: case-folded, decomposed, joiners and
// selectors dropped. `lookalike_key`: also with the Cyrillic, Greek and other letters that look like
// Latin ones mapped to them, and digits to the letters they pass for; `ignore_case` folds case first
// (B0b = Bob), without it capital I, small l and digit one are one letter, and "rn" is "m".
Text exact_key(const Text& name);
Text lookalike_key(const Text& name, bool ignore_case);

}  // namespace catan::room::unicode
