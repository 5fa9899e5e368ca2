#include "text_unicode.hpp"

#include <algorithm>
#include <iterator>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

#include "text_tables.hpp"

namespace catan::room::unicode {

namespace {

bool in(char32_t c, char32_t first, char32_t last) { return c >= first && c <= last; }

// Letters of other scripts (and a few Latin ones) drawn like a Latin letter, and punctuation that
// passes for ASCII punctuation. Curated from the pairs of Unicode's confusables.txt (UTS #39) that
// matter for the scripts a name is typed in; capital and small forms are listed separately because
// Cyrillic в or н do not look like b or h although В and Н look like B and H. Sorted by code point.
constexpr std::pair<char32_t, char> kLookalikes[] = {
    {0x0060, '\''}, {0x00b4, '\''},                                                  // ` ´
    {0x0131, 'i'},  {0x01c0, 'l'},  {0x0237, 'j'},  {0x0251, 'a'},  {0x0261, 'g'},  {0x0269, 'i'},  // ı ǀ ȷ ɑ ɡ ɩ
    {0x02b9, '\''}, {0x02bc, '\''},                                                  // ʹ ʼ
    {0x037f, 'J'},                                                                   // Greek: Ϳ
    {0x0391, 'A'},  {0x0392, 'B'},  {0x0395, 'E'},  {0x0396, 'Z'},  {0x0397, 'H'},  {0x0399, 'I'},  // Α Β Ε Ζ Η Ι
    {0x039a, 'K'},  {0x039c, 'M'},  {0x039d, 'N'},  {0x039f, 'O'},  {0x03a1, 'P'},  {0x03a4, 'T'},  // Κ Μ Ν Ο Ρ Τ
    {0x03a5, 'Y'},  {0x03a7, 'X'},  {0x03b1, 'a'},  {0x03b3, 'y'},  {0x03b9, 'i'},  {0x03bd, 'v'},  // Υ Χ α γ ι ν
    {0x03bf, 'o'},  {0x03c1, 'p'},  {0x03c5, 'u'},  {0x03c7, 'x'},  {0x03f2, 'c'},  {0x03f3, 'j'},  // ο ρ υ χ ϲ ϳ
    {0x03f9, 'C'},                                                                   // Ϲ
    {0x0405, 'S'},  {0x0406, 'I'},  {0x0408, 'J'},                                   // Cyrillic: Ѕ І Ј
    {0x0410, 'A'},  {0x0412, 'B'},  {0x0415, 'E'},  {0x041a, 'K'},  {0x041c, 'M'},  {0x041d, 'H'},  // А В Е К М Н
    {0x041e, 'O'},  {0x0420, 'P'},  {0x0421, 'C'},  {0x0422, 'T'},  {0x0423, 'Y'},  {0x0425, 'X'},  // О Р С Т У Х
    {0x0430, 'a'},  {0x0435, 'e'},  {0x043e, 'o'},  {0x0440, 'p'},  {0x0441, 'c'},  {0x0443, 'y'},  // а е о р с у
    {0x0445, 'x'},  {0x0455, 's'},  {0x0456, 'i'},  {0x0458, 'j'},  {0x04ae, 'Y'},  {0x04bb, 'h'},  // х ѕ і ј Ү һ
    {0x04c0, 'l'},  {0x04cf, 'l'},  {0x0501, 'd'},  {0x051a, 'Q'},  {0x051b, 'q'},  {0x051c, 'W'},  // Ӏ ӏ ԁ Ԛ ԛ Ԝ
    {0x051d, 'w'},                                                                   // ԝ
    {0x054d, 'U'},  {0x0555, 'O'},  {0x0566, 'q'},  {0x0570, 'h'},  {0x0578, 'n'},  {0x057d, 'u'},  // Armenian: Ս Օ զ հ ո ս
    {0x0581, 'g'},  {0x0585, 'o'},                                                   // ց օ
    {0x13a0, 'D'},  {0x13a1, 'R'},  {0x13a2, 'T'},  {0x13a9, 'Y'},  {0x13aa, 'A'},  {0x13ab, 'J'},  // Cherokee: Ꭰ Ꭱ Ꭲ Ꭹ Ꭺ Ꭻ
    {0x13ac, 'E'},  {0x13b3, 'W'},  {0x13b7, 'M'},  {0x13bb, 'H'},  {0x13be, 'Y'},  {0x13c0, 'G'},  // Ꭼ Ꮃ Ꮇ Ꮋ Ꮎ Ꮐ
    {0x13c2, 'h'},  {0x13c3, 'Z'},  {0x13cf, 'b'},  {0x13d2, 'R'},  {0x13da, 'S'},  {0x13de, 'L'},  // Ꮒ Ꮓ Ꮟ Ꮢ Ꮪ Ꮮ
    {0x13df, 'C'},  {0x13e2, 'P'},  {0x13e6, 'K'},  {0x13f4, 'B'},                   // Ꮯ Ꮲ Ꮶ Ᏼ
    {0x2010, '-'},  {0x2011, '-'},  {0x2012, '-'},  {0x2013, '-'},  {0x2014, '-'},  {0x2015, '-'},  // hyphens and dashes
    {0x2018, '\''}, {0x2019, '\''}, {0x201b, '\''}, {0x201c, '"'},  {0x201d, '"'},  {0x201f, '"'},  // quotes
    {0x2032, '\''}, {0x2033, '"'},  {0x2043, '-'},  {0x2212, '-'},  {0x2223, 'l'},  {0x2d4f, 'l'},  // ′ ″ ⁃ − ∣ ⵏ
    {0xa731, 's'},  {0xa76f, '9'},  {0xab83, 'w'},                                   // ꜱ ꝯ ꮃ
};
static_assert(std::is_sorted(std::begin(kLookalikes), std::end(kLookalikes)), "kLookalikes is searched by halving");

char32_t lookalike(char32_t c) {
    const auto it = std::lower_bound(std::begin(kLookalikes), std::end(kLookalikes), c,
                                     [](const auto& entry, char32_t v) { return entry.first < v; });
    return it != std::end(kLookalikes) && it->first == c ? static_cast<char32_t>(it->second) : c;
}

char32_t lower(char32_t c) {
    if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
    const auto runs = text_tables::lower_runs();
    auto it = std::upper_bound(runs.begin(), runs.end(), c, [](char32_t v, const text_tables::CaseRun& r) { return v < r.first; });
    if (it == runs.begin()) return c;
    --it;
    if (c > it->last || (c - it->first) % static_cast<char32_t>(it->stride) != 0) return c;
    return static_cast<char32_t>(static_cast<std::int32_t>(c) + it->delta);
}

const text_tables::Pair* decomposition(char32_t c) {
    const auto pairs = text_tables::pairs();
    const auto it = std::lower_bound(pairs.begin(), pairs.end(), c, [](const text_tables::Pair& p, char32_t v) { return p.composed < v; });
    return it != pairs.end() && it->composed == c ? &*it : nullptr;
}

// The pairs that compose, ordered by (first, second) for lookup: built once from the table.
const std::vector<text_tables::Pair>& compositions() {
    static const std::vector<text_tables::Pair> sorted = [] {
        std::vector<text_tables::Pair> v;
        for (const auto& p : text_tables::pairs())
            if (p.composes) v.push_back(p);
        std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return std::pair(a.first, a.second) < std::pair(b.first, b.second); });
        return v;
    }();
    return sorted;
}

std::optional<char32_t> composition(char32_t first, char32_t second) {
    constexpr char32_t kSBase = 0xac00, kLBase = 0x1100, kVBase = 0x1161, kTBase = 0x11a7;
    constexpr char32_t kVCount = 21, kTCount = 28;
    if (in(first, kLBase, kLBase + 18) && in(second, kVBase, kVBase + kVCount - 1))
        return kSBase + ((first - kLBase) * kVCount + (second - kVBase)) * kTCount;
    if (in(first, kSBase, 0xd7a3) && (first - kSBase) % kTCount == 0 && in(second, kTBase + 1, kTBase + kTCount - 1))
        return first + (second - kTBase);
    const auto& v = compositions();
    const auto it = std::lower_bound(v.begin(), v.end(), std::pair(first, second),
                                     [](const text_tables::Pair& p, std::pair<char32_t, char32_t> key) { return std::pair(p.first, p.second) < key; });
    if (it != v.end() && it->first == first && it->second == second) return it->composed;
    return std::nullopt;
}

void decompose_into(char32_t c, Text& out) {
    if (const auto* p = decomposition(c)) {
        decompose_into(p->first, out);
        decompose_into(p->second, out);
    } else {
        out.push_back(c);
    }
}

// Decomposed, without joiners and selectors, each run of marks in one order (by code point, which
// for equality is as good as the canonical order), optionally with look-alikes mapped.
Text base_letters(const Text& name, bool map_lookalikes) {
    Text out;
    for (char32_t c : name) {
        if (is_joiner(c) || is_variation_selector(c)) continue;
        const std::size_t from = out.size();
        decompose_into(c, out);
        if (map_lookalikes)
            for (std::size_t i = from; i < out.size(); ++i) out[i] = lookalike(out[i]);
    }
    for (std::size_t i = 0; i < out.size();) {
        std::size_t j = i;
        while (j < out.size() && is_mark(out[j])) ++j;
        std::sort(out.begin() + static_cast<std::ptrdiff_t>(i), out.begin() + static_cast<std::ptrdiff_t>(j));
        i = j == i ? i + 1 : j;
    }
    return out;
}

}  // namespace

std::optional<Text> decode(std::string_view s) {
    Text out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto b0 = static_cast<unsigned char>(s[i]);
        char32_t cp = 0;
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
        static constexpr char32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < kMin[len] || cp > 0x10ffff || in(cp, 0xd800, 0xdfff)) return std::nullopt;
        out.push_back(cp);
        i += len;
    }
    return out;
}

std::string encode(const Text& text) {
    std::string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else if (c < 0x800) {
            out += static_cast<char>(0xc0 | c >> 6);
            out += static_cast<char>(0x80 | (c & 0x3f));
        } else if (c < 0x10000) {
            out += static_cast<char>(0xe0 | c >> 12);
            out += static_cast<char>(0x80 | (c >> 6 & 0x3f));
            out += static_cast<char>(0x80 | (c & 0x3f));
        } else {
            out += static_cast<char>(0xf0 | c >> 18);
            out += static_cast<char>(0x80 | (c >> 12 & 0x3f));
            out += static_cast<char>(0x80 | (c >> 6 & 0x3f));
            out += static_cast<char>(0x80 | (c & 0x3f));
        }
    }
    return out;
}

std::string code_point_name(char32_t c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
    return buf;
}

bool is_refused(char32_t c) {
    if (c < 0x7f) return c < 0x20;        // ASCII first: most text is
    return in(c, 0x7f, 0x9f)              // DEL, C1 controls
           || c == 0x00ad                 // soft hyphen: drawn only at a line break
           || c == 0x034f                 // combining grapheme joiner
           || c == 0x061c                 // Arabic letter mark (text direction)
           || c == 0x115f || c == 0x1160  // Hangul choseong and jungseong fillers: blank
           || c == 0x17b4 || c == 0x17b5  // Khmer inherent vowels: invisible
           || c == 0x180e                 // Mongolian vowel separator (blank)
           || c == 0x200b                 // zero-width space
           || c == 0x200e || c == 0x200f  // left-to-right and right-to-left marks
           || in(c, 0x2028, 0x202e)       // line and paragraph separators, embeddings and overrides
           || in(c, 0x2060, 0x206f)       // word joiner, invisible operators, isolates, deprecated format
           || c == 0x3164 || c == 0xffa0  // Hangul filler and its halfwidth form: blank
           || c == 0xfeff                 // byte order mark / zero-width no-break space
           || in(c, 0xfff9, 0xfffb)       // interlinear annotation
           || in(c, 0x1d173, 0x1d17a)     // musical formatting
           || in(c, 0xe0000, 0xe001f)     // language tag and the unassigned start of the tag block
           || in(c, 0xe0080, 0xe00ff)     // unassigned rest of the tag block
           || in(c, 0xfdd0, 0xfdef) || (c & 0xfffe) == 0xfffe;  // noncharacters
}

bool is_blank_symbol(char32_t c) { return c == 0x2800; }

bool is_space(char32_t c) {
    return c == 0x20 || c == 0xa0 || c == 0x1680 || in(c, 0x2000, 0x200a) || c == 0x202f || c == 0x205f || c == 0x3000;
}

bool is_mark(char32_t c) {
    return in(c, 0x0300, 0x036f) || in(c, 0x0483, 0x0489) || in(c, 0x1ab0, 0x1aff) || in(c, 0x1dc0, 0x1dff) ||
           in(c, 0x20d0, 0x20ff) || in(c, 0x3099, 0x309a) || in(c, 0xfe20, 0xfe2f);
}

bool is_variation_selector(char32_t c) {
    return in(c, 0xfe00, 0xfe0f) || in(c, 0xe0100, 0xe01ef) || in(c, 0x180b, 0x180d) || c == 0x180f;  // (Mongolian free ones too)
}

bool is_joiner(char32_t c) { return c == 0x200c || c == 0x200d; }

bool is_tag(char32_t c) { return in(c, 0xe0020, 0xe007f); }

Text fold(const Text& text) {
    const auto runs = text_tables::fold_runs();
    const auto strings = text_tables::fold_strings();
    Text out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (is_space(c)) {
            out.push_back(' ');
            continue;
        }
        auto run = std::upper_bound(runs.begin(), runs.end(), c, [](char32_t v, const text_tables::FoldRun& r) { return v < r.first; });
        if (run != runs.begin() && c <= (run - 1)->last) {
            --run;
            out.push_back(run->target + (c - run->first));
            continue;
        }
        const auto s = std::lower_bound(strings.begin(), strings.end(), c,
                                        [](const text_tables::FoldString& f, char32_t v) { return f.from < v; });
        if (s != strings.end() && s->from == c) {
            out += *decode(s->to);  // the generator writes valid UTF-8
            continue;
        }
        out.push_back(c);
    }
    return out;
}

Text compose(const Text& text) {
    Text out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (!out.empty())
            if (const auto composed = composition(out.back(), c)) {
                out.back() = *composed;
                continue;
            }
        out.push_back(c);
    }
    return out;
}

Text exact_key(const Text& name) {
    Text out = base_letters(name, false);
    for (char32_t& c : out) c = lower(c);
    return out;
}

Text lookalike_key(const Text& name, bool ignore_case) {
    Text in = base_letters(name, true);
    Text out;
    out.reserve(in.size());
    for (std::size_t i = 0; i < in.size(); ++i) {
        char32_t c = in[i];
        if (ignore_case) {
            c = lower(c);
            if (c == '0') c = 'o';
            if (c == '1') c = 'l';
        } else {
            if (c == '0') c = 'O';
            if (c == '1' || c == 'I' || c == '|') c = 'l';
            if (c == 'r' && i + 1 < in.size() && in[i + 1] == 'n') {
                c = 'm';
                ++i;
            }
        }
        out.push_back(c);
    }
    return out;
}

}  // namespace catan::room::unicode
