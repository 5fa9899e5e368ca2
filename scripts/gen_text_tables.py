#!/usr/bin/env python3
"""Writes src/room/text/text_tables.cpp: the Unicode data behind display names (src/room/text/text.cpp).

The data comes from Python's own unicodedata module (no download, no ICU); the output names the
Unicode version it was made from. Three tables, each limited to the blocks listed below so that they
stay small (about 1,400 entries in all) and cover what people type as a name:

  fold      NFKC of one code point, for compatibility characters only: fullwidth and halfwidth forms,
            styled mathematical letters and digits, circled and squared letters, ligatures,
            superscripts, Roman numerals, letterlike symbols. Kept as runs (first, last, target) when
            the result is one code point, as UTF-8 strings otherwise. Two deliberate departures from
            NFKC: halfwidth Hangul letters fold to the compatibility jamo (U+3131...) that Korean
            keyboards type, not on to conjoining jamo; and results that begin with a space or hold a
            combining mark (NFKC's spacing accents such as U+00B4 -> " \u0301") are left out, so a
            name never gains a mark without a letter under it. U+3099/U+309A (kana voicing marks from
            halfwidth katakana) are kept: they compose with the kana before them.
  pairs     canonical two-code-point decompositions (composed = first + second) of precomposed Latin,
            Greek, Cyrillic and kana letters. Names compose with them (as NFC does); the look-alike key
            decomposes with them. `composes` is false for NFC's composition exclusions.
  lower     simple lower-case mappings of Latin, Greek, Cyrillic and Armenian letters, as runs
            (first, last, delta, stride 1 or 2).

Run from the repository root:  python3 scripts/gen_text_tables.py > src/room/text/text_tables.cpp
"""
import sys
import unicodedata as ud

FOLD_BLOCKS = [
    (0x00A0, 0x024F),   # Latin-1 Supplement, Latin Extended-A/B: ª ² µ ¼ Ĳ ŀ ſ Ǆ ...
    (0x02B0, 0x02FF),   # spacing modifier letters: ʰ ʲ ˡ ...
    (0x0370, 0x03FF),   # Greek: ; (question mark), ϐ ϑ ϕ ϲ ...
    (0x1D2C, 0x1DBF),   # phonetic modifier letters: ᴬ ᵃ ᶜ ...
    (0x1E00, 0x1EFF),   # Latin Extended Additional: ẚ ẛ
    (0x2000, 0x209F),   # general punctuation, super- and subscripts: ‥ … ‼ ⁴ ₂ ...
    (0x20A0, 0x20CF),   # currency: ₨
    (0x2100, 0x218F),   # letterlike symbols and number forms: ℂ ℓ ™ Ω K Å ½ Ⅻ ...
    (0x2460, 0x24FF),   # enclosed alphanumerics: ① ⑴ ⒈ ⒜ Ⓐ ⓐ ⓪
    (0x2C7C, 0x2C7D),   # ⱼ ⱽ
    (0x3000, 0x3000),   # ideographic space (the space rule catches it first)
    (0xFB00, 0xFB06),   # Latin ligatures: ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ
    (0xFE10, 0xFE19),   # vertical forms
    (0xFE30, 0xFE6F),   # CJK compatibility forms, small form variants
    (0xFF00, 0xFFEF),   # halfwidth and fullwidth forms
    (0x1D400, 0x1D7FF),  # mathematical alphanumeric symbols: 𝐀 𝑨 𝔸 𝕒 𝟘 ...
    (0x1F100, 0x1F1FF),  # enclosed alphanumeric supplement: 🄐 🄰 🅐 ... (not the regional indicators)
    (0x1FBF0, 0x1FBF9),  # segmented digits
]
KANA_MARKS = {0x3099, 0x309A}
HALFWIDTH_HANGUL = (0xFFA1, 0xFFDC)  # U+FFA0, the halfwidth filler, is refused, not folded

PAIR_BLOCKS = [(0x00C0, 0x024F), (0x0370, 0x03FF), (0x0400, 0x04FF), (0x1E00, 0x1EFF), (0x3040, 0x30FF)]
LOWER_BLOCKS = [(0x0041, 0x024F), (0x0370, 0x03FF), (0x0400, 0x052F), (0x0531, 0x0556), (0x1E00, 0x1EFF)]


def codepoints(blocks):
    for first, last in blocks:
        yield from range(first, last + 1)


def fold_of(cp):
    c = chr(cp)
    if HALFWIDTH_HANGUL[0] <= cp <= HALFWIDTH_HANGUL[1]:
        d = ud.decomposition(c)  # "<narrow> 3131": one step only, to the compatibility jamo
        return chr(int(d.split()[1], 16)) if d.startswith('<narrow>') else None
    if cp == 0xFFA0:
        return None
    k = ud.normalize('NFKC', c)
    if k == c:
        return None
    if k.startswith(' ') and cp not in (0x00A0, 0x3000) and not ud.category(c) == 'Zs':
        return None
    if any(ud.combining(ch) or ud.category(ch) in ('Mn', 'Me') for ch in k) and not (len(k) == 1 and ord(k) in KANA_MARKS):
        return None
    return k


def c_string(s):
    out = ''
    for b in s.encode('utf-8'):
        out += chr(b) if 0x20 <= b < 0x7F and chr(b) not in '"\\?' else '\\x%02x' % b
    # A hex escape swallows following hex digits: split the literal after each escape.
    parts, cur, i = [], '', 0
    while i < len(out):
        if out[i] == '\\' and out[i + 1] == 'x':
            cur += out[i:i + 4]
            parts.append(cur)
            cur = ''
            i += 4
        else:
            cur += out[i]
            i += 1
    if cur or not parts:
        parts.append(cur)
    return ' '.join('"%s"' % p for p in parts)


def runs(pairs):
    """(cp, target) sorted by cp -> [(first, last, target_first)] where both go up by one."""
    out = []
    for cp, t in pairs:
        if out and out[-1][1] + 1 == cp and out[-1][2] + (cp - out[-1][0]) == t:
            out[-1][1] = cp
        else:
            out.append([cp, cp, t])
    return out


def case_runs(pairs):
    """(cp, lower) sorted -> [(first, last, delta, stride)] with stride 1 (A..Z) or 2 (Āā Ăă ...)."""
    out = []
    for cp, lo in pairs:
        delta = lo - cp
        if out:
            first, last, d, stride = out[-1]
            step = cp - last
            if d == delta and step in (1, 2) and (first == last or step == stride):
                out[-1] = [first, cp, d, step]
                continue
        out.append([cp, cp, delta, 1])
    return out


def main():
    single, multi = [], []
    for cp in codepoints(FOLD_BLOCKS):
        k = fold_of(cp)
        if k is None:
            continue
        (single if len(k) == 1 else multi).append((cp, k))
    fold_runs = runs([(cp, ord(k)) for cp, k in single])

    pairs = []
    for cp in codepoints(PAIR_BLOCKS):
        d = ud.decomposition(chr(cp))
        if not d or d.startswith('<'):
            continue
        parts = [int(x, 16) for x in d.split()]
        if len(parts) != 2:
            continue
        composes = ud.normalize('NFC', chr(parts[0]) + chr(parts[1])) == chr(cp)
        pairs.append((cp, parts[0], parts[1], composes))

    lower = []
    for cp in codepoints(LOWER_BLOCKS):
        lo = chr(cp).lower()
        if len(lo) == 1 and ord(lo) != cp:
            lower.append((cp, ord(lo)))
    lower_runs = case_runs(lower)

    w = sys.stdout.write
    w('// Generated by scripts/gen_text_tables.py from Python\'s unicodedata (Unicode %s); do not edit.\n' % ud.unidata_version)
    w('// What each table holds and why it stops where it does: see the script\'s header.\n')
    w('#include "text_tables.hpp"\n\nnamespace catan::room::text_tables {\n\nnamespace {\n\n')
    w('constexpr FoldRun kFoldRuns[] = {\n')
    for first, last, t in fold_runs:
        w('    {0x%04x, 0x%04x, 0x%04x},\n' % (first, last, t))
    w('};\n\nconstexpr FoldString kFoldStrings[] = {\n')
    for cp, k in multi:
        w('    {0x%04x, %s},\n' % (cp, c_string(k)))
    w('};\n\nconstexpr Pair kPairs[] = {\n')
    for cp, a, b, composes in pairs:
        w('    {0x%04x, 0x%04x, 0x%04x, %s},\n' % (cp, a, b, 'true' if composes else 'false'))
    w('};\n\nconstexpr CaseRun kLowerRuns[] = {\n')
    for first, last, d, stride in lower_runs:
        w('    {0x%04x, 0x%04x, %d, %d},\n' % (first, last, d, stride))
    w('};\n\n}  // namespace\n\n')
    w('std::span<const FoldRun> fold_runs() { return kFoldRuns; }\n')
    w('std::span<const FoldString> fold_strings() { return kFoldStrings; }\n')
    w('std::span<const Pair> pairs() { return kPairs; }\n')
    w('std::span<const CaseRun> lower_runs() { return kLowerRuns; }\n\n')
    w('}  // namespace catan::room::text_tables\n')


if __name__ == '__main__':
    main()
