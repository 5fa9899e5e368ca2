#pragma once
// The Unicode data behind display names, generated into text_tables.cpp by
// scripts/gen_text_tables.py from Python's unicodedata; the script's header says what each table
// covers and where it departs from NFKC. All tables are sorted by their first member.
#include <cstdint>
#include <span>

namespace catan::room::text_tables {

// Code points first..last fold (NFKC) to target + (c - first).
struct FoldRun {
    char32_t first, last, target;
};
// One code point that folds to several (UTF-8), e.g. U+FB01 "ﬁ" -> "fi".
struct FoldString {
    char32_t from;
    const char* to;
};
// A canonical decomposition: composed = first + second. NFC composes it back unless excluded.
struct Pair {
    char32_t composed, first, second;
    bool composes;
};
// Lower case of first..last is c + delta, for every stride-th code point from first.
struct CaseRun {
    char32_t first, last;
    std::int32_t delta;
    std::int32_t stride;
};

std::span<const FoldRun> fold_runs();
std::span<const FoldString> fold_strings();
std::span<const Pair> pairs();  // sorted by composed
std::span<const CaseRun> lower_runs();

}  // namespace catan::room::text_tables
