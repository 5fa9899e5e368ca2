// Display names and chat text against invisible characters and look-alikes (docs/security.md,
// "Names and text"): what is refused, how a name is folded, and which names count as the same.
#include <catch2/catch.hpp>

#include "catan/room/text.hpp"

using namespace catan::room;

namespace {

std::string name_of(std::string_view raw) {
    std::string why;
    const auto clean = clean_name(raw, why);
    INFO("refused: " << why);
    REQUIRE(clean);
    return *clean;
}

std::string refusal_of(std::string_view raw) {
    std::string why;
    const auto clean = clean_name(raw, why);
    INFO("accepted as: " << (clean ? *clean : std::string()));
    REQUIRE(!clean);
    return why;
}

std::string repeat(std::string_view s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += s;
    return out;
}

}  // namespace

TEST_CASE("names: invisible and format characters are refused, naming the character", "[room][names]") {
    CHECK_THAT(refusal_of("\u200b"), Catch::Contains("U+200B"));         // zero-width space
    CHECK_THAT(refusal_of("\u3164"), Catch::Contains("U+3164"));         // Hangul filler, blank
    CHECK_THAT(refusal_of("\ufeffBob"), Catch::Contains("U+FEFF"));      // byte order mark
    CHECK_THAT(refusal_of("Bo\u061cb"), Catch::Contains("U+061C"));      // Arabic letter mark
    CHECK_THAT(refusal_of("Ana\u2060"), Catch::Contains("U+2060"));      // word joiner
    for (const char* name : {"\u115f", "\u1160", "\uffa0", "A\u00adna", "A\u034fna", "\u180e", "\u17b4", "A\u2062na",
                             "A\u206ana", "\ufff9", "\u2800", "Ana\U000E0041", "\U0001D173", "\ufdd0", "\uffff"})
        refusal_of(name);
}

TEST_CASE("names: marks, selectors and joiners need a visible character to attach to", "[room][names]") {
    for (const char* name : {"\u0301", " \u0301", "\ufe0f", "\u200d", "\u200c", "a\u200d", "\u200dA", "a \u200d b",
                             "a\u200d\u200db", "\U000E0100"})
        CHECK_THAT(refusal_of(name), Catch::Contains("attach"));
    // No towers of marks ("Zalgo"): four on one character are enough for any language.
    CHECK(name_of("x\u0301\u0302\u0303\u0304") == "x\u0301\u0302\u0303\u0304");
    CHECK_THAT(refusal_of("x\u0301\u0302\u0303\u0304\u0305"), Catch::Contains("4"));
}

TEST_CASE("names: spaces and compatibility forms fold NFKC-style, and the folded name is kept", "[room][names]") {
    CHECK(name_of("Ana\u00a0") == "Ana");                    // no-break space: a space, then trimmed
    CHECK(name_of("\u3000Ana\u2003") == "Ana");              // ideographic and em spaces
    CHECK(name_of("Ana \u00a0\u2009 Bo") == "Ana Bo");       // runs of spaces collapse to one
    CHECK(name_of("\uff21\uff4e\uff41") == "Ana");           // fullwidth Latin
    CHECK(name_of("\U0001D400\U0001D427\U0001D41A") == "Ana");  // mathematical bold
    CHECK(name_of("\u24b6na") == "Ana");                     // circled A
    CHECK(name_of("\ufb01ona") == "fiona");                  // fi ligature
    CHECK(name_of("Louis \u216b") == "Louis XII");           // Roman numeral twelve
    CHECK(name_of("R2\u00b2") == "R22");                     // superscript two
    CHECK(name_of("\uff76\uff9e\uff70\uff83\uff9e\uff9d") == "\u30ac\u30fc\u30c7\u30f3");  // halfwidth katakana, voiced
    CHECK(name_of("\uffa1\uffa1") == "\u3131\u3131");        // halfwidth Hangul: the jamo a keyboard types
    CHECK(name_of("Zoe\u0301") == "Zo\u00e9");               // composed, as NFC does
    CHECK(name_of("\u1100\u1161\u11a8") == "\uac01");        // conjoining jamo compose to a syllable
    CHECK(name_of("  Ana ") == "Ana");
}

TEST_CASE("names: real names in every script are kept as typed", "[room][names]") {
    for (const char* name : {"Zoë", "François", "Élodie", "Nguyễn Văn An", "Łukasz", "Søren", "Ελένη", "Дмитрий",
                             "김민준", "ㅋㅋ", "さくら", "山田太郎", "カタカナ", "علي", "דוד", "अनिल", "สมชาย", "🐑",
                             "ᠪᠠᠲᠤ", "ᠭ\u180bᠠ", "🐑 Shepherd", "👩‍💻 Dev", "🏳️‍🌈", "1️⃣", "👋🏽", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "Anne-Marie", "O'Brien", "Ana Bo"})
        CHECK(name_of(name) == name);
}

TEST_CASE("names: 1 to 24 characters, counted after folding", "[room][names]") {
    CHECK(name_of(repeat("\uff21", 24)) == std::string(24, 'A'));      // 72 bytes typed, 24 kept
    CHECK(name_of(repeat("e\u0301", 24)) == repeat("\u00e9", 24));     // 48 code points typed, 24 kept
    CHECK(name_of("Ana" + std::string(40, ' ') + "Bo") == "Ana Bo");
    CHECK(name_of(repeat("🐑", 24)) == repeat("🐑", 24));
    CHECK_THAT(refusal_of(repeat("🐑", 25)), Catch::Contains("24"));
    CHECK_THAT(refusal_of(std::string(23, 'x') + "\ufb03"), Catch::Contains("24"));  // ffi: 3 characters once folded
    CHECK_THAT(refusal_of("\u00a0\u3000 "), Catch::Contains("visible"));
    CHECK_THAT(refusal_of(""), Catch::Contains("24"));
}

TEST_CASE("names: a name that looks like another is the same name", "[room][names]") {
    CHECK(same_name("Ana", "ANA"));
    CHECK(same_name("Ana", "\u0410na"));             // Cyrillic capital A
    CHECK(same_name("Ana", "An\u0430"));             // Cyrillic small a
    CHECK(same_name("BOB", "\u0392\u039f\u0392"));   // Greek capitals
    CHECK(same_name("Paul", "P\u0430ul"));
    CHECK(same_name("Bob", "B0b"));                  // digit zero for o
    CHECK(same_name("BOB", "B0B"));
    CHECK(same_name("Alex", "A1ex"));                // digit one for l
    CHECK(same_name("Ian", "lan"));                  // capital I and small L
    CHECK(same_name("Sam", "Sarn"));                 // r n for m
    CHECK(same_name("O'Brien", "O\u2019Brien"));     // typographic apostrophe
    CHECK(same_name("Zo\u00e9", "Zoe\u0301"));       // composed or not
    CHECK(same_name("Ana", "A\u200dna"));            // a joiner changes nothing visible

    CHECK(!same_name("Ana", "Anna"));
    CHECK(!same_name("Zoé", "Zoe"));                 // an accent is visible
    CHECK(!same_name("Bob", "Rob"));
    CHECK(!same_name("Ana", "Ana Bo"));
    CHECK(!same_name("김민준", "김민주"));
    CHECK(!same_name("Дмитрий", "Дмитрии"));
    CHECK(!same_name("Lili", "Lily"));
}

TEST_CASE("chat: format characters such as U+061C and invisible-only lines are refused", "[room][names]") {
    std::string why;
    CHECK(!valid_chat("hi \u061c there", why));
    CHECK_THAT(why, Catch::Contains("U+061C"));
    for (const char* text : {"\u200b", "a\u200bb", "\ufeff", "\u3164", "   ", "\u2066x\u2069", "\u0301"}) {
        INFO(text);
        CHECK(!valid_chat(text, why));
    }
    CHECK(!valid_chat(std::string("a").append(repeat("\u0301", 10)), why));  // a tower of marks
    // Chat is not folded: what is typed is what is shown.
    for (const char* text : {"hello 👋🏽", "ガーデン", "\uff28\uff49", "e\u0301", "a\u00a0b", "👩‍💻 on it", "  spaced  "}) {
        INFO(text);
        CHECK(valid_chat(text, why));
    }
}

TEST_CASE("names and chat kept by earlier versions are still read back", "[room][names]") {
    // An exported room or a data file may hold what the old rules allowed: it must still load.
    std::string why;
    for (const char* name : {"Ana\u00a0", "\u200b", "\ufeffBob", "\u0410na", "\uff21na", "a  b"})
        CHECK(kept_name(name, why));
    CHECK(!kept_name(" Ana", why));
    CHECK(!kept_name("a\nb", why));
    CHECK(!kept_name(std::string(25, 'x'), why));
    CHECK(kept_chat("hi \u061c", why));
    CHECK(!kept_chat("two\nlines", why));
}
