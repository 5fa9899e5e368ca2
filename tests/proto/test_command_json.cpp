// Commands on the wire: exact shapes, round trips for every type, and strict rejection of bad input.
#include <catch2/catch.hpp>

#include <string>

#include "catan/proto/command_json.hpp"
#include "catan/proto/error_json.hpp"
#include "walk.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;

namespace {

// One sample of each command type, with non-default arguments where the type has any.
std::vector<Command> one_of_each(int p) {
    return {cmd::roll(p),
            cmd::road(p, 71),
            cmd::settlement(p, 53),
            cmd::city(p, 0),
            cmd::buy_dev(p),
            cmd::knight(p),
            cmd::road_building(p),
            cmd::invention(p, ResourceSet(1, 0, 0, 0, 1)),
            cmd::monopoly(p, Resource::Grain),
            cmd::discard(p, ResourceSet(2, 0, 1, 0, 19)),
            cmd::move_robber(p, 18, 3),
            cmd::bank_trade(p, Resource::Ore, Resource::Wool),
            cmd::propose(p, ResourceSet(1, 1, 0, 0, 0), ResourceSet(0, 0, 0, 2, 0)),
            cmd::propose(p, ResourceSet(0, 0, 0, 0, 1), ResourceSet(0, 0, 1, 0, 0), 3),
            cmd::accept(p),
            cmd::decline(p),
            cmd::counter(p, ResourceSet(0, 0, 3, 0, 0), ResourceSet(0, 1, 0, 0, 0)),
            cmd::confirm(p, 2),
            cmd::cancel_trade(p),
            cmd::end_turn(p),
            cmd::ship(p, 100),
            cmd::move_ship(p, 3, 40),
            cmd::move_pirate(p, 20, 1),
            cmd::move_pirate(p, 21),
            cmd::choose_gold(p, ResourceSet(0, 1, 0, 0, 1))};
}

}  // namespace

TEST_CASE("every command type has a wire name and round-trips", "[proto][command]") {
    for (int seat = 0; seat < kMaxPlayers; ++seat) {
        const auto samples = one_of_each(seat);
        std::vector<bool> seen(kCommandTypeCount);
        for (const Command& c : samples) {
            const json wire = command_json(c);
            INFO(wire.dump());
            CHECK(wire["type"] == to_string(c.type));
            CHECK_FALSE(wire.contains("player"));  // the seat is never on the wire
            // Seats 4 and 5 sit only at a 5–6 table: decoded with that game's bounds.
            const auto back = decode_command(std::string_view(wire.dump()), seat, command_bounds(BoardKind::Large, kMaxPlayers));
            REQUIRE(back.ok());
            CHECK(back.value() == c);
            CHECK(command_json(back.value()) == wire);
            seen[static_cast<int>(c.type)] = true;
        }
        for (int t = 0; t < kCommandTypeCount; ++t) CHECK(seen[t]);
    }
}

TEST_CASE("wire shapes are the documented ones", "[proto][command]") {
    CHECK(command_json(cmd::road(0, 12)) == json::parse(R"({"type":"build_road","path":12})"));
    CHECK(command_json(cmd::settlement(0, 5)) == json::parse(R"({"type":"build_settlement","intersection":5})"));
    CHECK(command_json(cmd::move_robber(0, 4, 2)) == json::parse(R"({"type":"move_robber","hex":4,"victim":2})"));
    CHECK(command_json(cmd::move_robber(0, 4)) == json::parse(R"({"type":"move_robber","hex":4})"));
    CHECK(command_json(cmd::discard(0, ResourceSet(2, 0, 0, 0, 2))) ==
          json::parse(R"({"type":"discard","cards":{"brick":2,"ore":2}})"));
    CHECK(command_json(cmd::bank_trade(0, Resource::Ore, Resource::Wool)) ==
          json::parse(R"({"type":"bank_trade","give":"ore","get":"wool"})"));
    CHECK(command_json(cmd::propose(0, ResourceSet(1, 0, 0, 0, 0), ResourceSet(0, 0, 0, 0, 1))) ==
          json::parse(R"({"type":"propose_trade","give":{"brick":1},"want":{"ore":1}})"));
    CHECK(command_json(cmd::propose(0, ResourceSet(1, 0, 0, 0, 0), ResourceSet(0, 0, 0, 0, 1), 2)) ==
          json::parse(R"({"type":"propose_trade","give":{"brick":1},"want":{"ore":1},"to":2})"));
    CHECK(command_json(cmd::confirm(0, 1)) == json::parse(R"({"type":"confirm_trade","with":1})"));
    CHECK(command_json(cmd::monopoly(0, Resource::Lumber)) == json::parse(R"({"type":"play_monopoly","resource":"lumber"})"));
    CHECK(command_json(cmd::invention(0, ResourceSet(0, 0, 2, 0, 0))) ==
          json::parse(R"({"type":"play_invention","take":{"wool":2}})"));
    CHECK(command_json(cmd::end_turn(3)) == json::parse(R"({"type":"end_turn"})"));
}

TEST_CASE("decoding takes the seat from the caller and accepts the lenient spellings", "[proto][command]") {
    auto c = decode_command(std::string_view(R"({"type":"move_robber","hex":4,"victim":null})"), 2);
    REQUIRE(c.ok());
    CHECK(c.value() == cmd::move_robber(2, 4));
    // Zero counts may be left in; they mean the same as leaving them out.
    c = decode_command(std::string_view(R"({"type":"discard","cards":{"brick":2,"ore":0,"wool":1}})"), 1);
    REQUIRE(c.ok());
    CHECK(c.value() == cmd::discard(1, ResourceSet(2, 0, 1, 0, 0)));
    CHECK(command_json(c.value()) == json::parse(R"({"type":"discard","cards":{"brick":2,"wool":1}})"));
    // Rules are the engine's business: a same-resource bank trade is well formed.
    c = decode_command(std::string_view(R"({"type":"bank_trade","give":"ore","get":"ore"})"), 0);
    CHECK(c.ok());
    c = decode_command(std::string_view(R"({"type":"propose_trade","give":{"ore":1},"want":{"wool":1},"to":null})"), 0);
    REQUIRE(c.ok());
    CHECK(c.value() == cmd::propose(0, ResourceSet(0, 0, 0, 0, 1), ResourceSet(0, 0, 1, 0, 0)));
}

TEST_CASE("every legal action of random games round-trips", "[proto][command]") {
    std::vector<Command> actions;
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        test::walk_game(seed, 2 + static_cast<int>(seed % 3), [&](const GameState& before, const Command& c, auto&, auto&) {
            const auto back = decode_command(command_json(c), c.player);
            REQUIRE(back.ok());
            REQUIRE(back.value() == c);
            if (before.turn % 16 != 0) return;  // all actions of a few turns are plenty
            for (int p = 0; p < before.num_players; ++p) {
                legal_actions(before, p, actions);
                for (const Command& a : actions) {
                    REQUIRE(decode_command(command_json(a), p).value() == a);
                    ++checked;
                }
            }
        });
    }
    CHECK(checked > 1000);
}

namespace {
struct Bad {
    const char* text;
    DecodeErrorKind kind;
    const char* field;
};
}  // namespace

TEST_CASE("bad commands are rejected naming the field", "[proto][command]") {
    using K = DecodeErrorKind;
    const Bad cases[] = {
        {"not json", K::Malformed, ""},
        {"", K::Malformed, ""},
        {R"({"type":"end_turn"} trailing)", K::Malformed, ""},
        {"[1,2]", K::Malformed, ""},
        {"\"end_turn\"", K::Malformed, ""},
        {"null", K::Malformed, ""},
        {"{}", K::MissingField, "type"},
        {R"({"path":3})", K::MissingField, "type"},
        {R"({"type":5})", K::WrongType, "type"},
        {R"({"type":null})", K::WrongType, "type"},
        {R"({"type":"fly"})", K::UnknownType, "type"},
        {R"({"type":"ROLL_DICE"})", K::UnknownType, "type"},
        {R"({"type":"build_road"})", K::MissingField, "path"},
        {R"({"type":"build_road","path":"12"})", K::WrongType, "path"},
        {R"({"type":"build_road","path":12.5})", K::WrongType, "path"},
        {R"({"type":"build_road","path":1e3})", K::WrongType, "path"},
        {R"({"type":"build_road","path":true})", K::WrongType, "path"},
        {R"({"type":"build_road","path":72})", K::OutOfRange, "path"},
        {R"({"type":"build_road","path":-1})", K::OutOfRange, "path"},
        {R"({"type":"build_road","path":18446744073709551615})", K::OutOfRange, "path"},
        {R"({"type":"build_road","path":-9223372036854775808})", K::OutOfRange, "path"},
        {R"({"type":"build_road","path":12,"seat":1})", K::UnexpectedField, "seat"},
        {R"({"type":"build_road","path":12,"player":1})", K::UnexpectedField, "player"},
        {R"({"type":"build_settlement","intersection":54})", K::OutOfRange, "intersection"},
        {R"({"type":"build_settlement","node":5})", K::MissingField, "intersection"},
        {R"({"type":"build_city","intersection":-3})", K::OutOfRange, "intersection"},
        {R"({"type":"move_robber"})", K::MissingField, "hex"},
        {R"({"type":"move_robber","hex":19})", K::OutOfRange, "hex"},
        {R"({"type":"move_robber","hex":3,"victim":4})", K::OutOfRange, "victim"},
        {R"({"type":"move_robber","hex":3,"victim":"2"})", K::WrongType, "victim"},
        {R"({"type":"discard"})", K::MissingField, "cards"},
        {R"({"type":"discard","cards":[1,2]})", K::WrongType, "cards"},
        {R"({"type":"discard","cards":"brick"})", K::WrongType, "cards"},
        {R"({"type":"discard","cards":{"brick":-1}})", K::OutOfRange, "cards.brick"},
        {R"({"type":"discard","cards":{"brick":20}})", K::OutOfRange, "cards.brick"},
        {R"({"type":"discard","cards":{"ore":1000000}})", K::OutOfRange, "cards.ore"},
        {R"({"type":"discard","cards":{"brick":1.5}})", K::WrongType, "cards.brick"},
        {R"({"type":"discard","cards":{"brick":true}})", K::WrongType, "cards.brick"},
        {R"({"type":"discard","cards":{"gold":1}})", K::OutOfRange, "cards.gold"},
        {R"({"type":"discard","cards":{"Brick":1}})", K::OutOfRange, "cards.Brick"},
        {R"({"type":"play_invention","take":{"ore":1,"x":0}})", K::OutOfRange, "take.x"},
        {R"({"type":"play_monopoly","resource":"Ore"})", K::OutOfRange, "resource"},
        {R"({"type":"play_monopoly","resource":4})", K::WrongType, "resource"},
        {R"({"type":"play_monopoly"})", K::MissingField, "resource"},
        {R"({"type":"bank_trade","give":"ore"})", K::MissingField, "get"},
        {R"({"type":"bank_trade","give":"ore","get":"gold"})", K::OutOfRange, "get"},
        {R"({"type":"bank_trade","give":4,"get":"wool"})", K::WrongType, "give"},
        {R"({"type":"propose_trade","give":{"ore":1}})", K::MissingField, "want"},
        {R"({"type":"propose_trade","give":{"ore":1},"want":{"wool":1},"with":2})", K::UnexpectedField, "with"},
        {R"({"type":"propose_trade","give":{"ore":1},"want":{"wool":1},"to":4})", K::OutOfRange, "to"},
        {R"({"type":"propose_trade","give":{"ore":1},"want":{"wool":1},"to":"all"})", K::WrongType, "to"},
        {R"({"type":"counter_trade","give":{"ore":1},"want":{"wool":1},"to":2})", K::UnexpectedField, "to"},
        {R"({"type":"propose_trade","give":{"ore":1},"want":{"wool":-2}})", K::OutOfRange, "want.wool"},
        {R"({"type":"counter_trade","give":null,"want":{"wool":1}})", K::WrongType, "give"},
        {R"({"type":"confirm_trade"})", K::MissingField, "with"},
        {R"({"type":"confirm_trade","with":4})", K::OutOfRange, "with"},
        {R"({"type":"roll_dice","extra":null})", K::UnexpectedField, "extra"},
        {R"({"type":"end_turn","path":3})", K::UnexpectedField, "path"},
    };
    for (const Bad& b : cases) {
        INFO(b.text);
        const auto r = decode_command(std::string_view(b.text), 0);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().kind == b.kind);
        CHECK(r.error().field == b.field);
        CHECK_FALSE(r.error().message.empty());
        if (*b.field) CHECK(r.error().message.find(b.field) != std::string::npos);
        const json e = error_json(r.error());
        CHECK(e["code"].get<std::string>() == to_string(b.kind));
        CHECK(e.dump().size() < 300);
    }
}

TEST_CASE("ids are decoded against the game's board and seats", "[proto][command]") {
    const CommandBounds base = command_bounds(BoardKind::Base, 4), three = command_bounds(BoardKind::Base, 3),
                        large = command_bounds(BoardKind::Large, 6);
    CHECK(base.hexes == 19);
    CHECK(base.intersections == 54);
    CHECK(base.paths == 72);
    CHECK(base.cards == 19);
    CHECK(large.hexes == 30);
    CHECK(large.intersections == 80);
    CHECK(large.paths == 109);
    CHECK(large.cards == 24);
    // Out of the base board, inside the 5–6 board's: refused for a base game, accepted for a 5–6 one.
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"({"type":"build_road","path":108})", "path"},
        {R"({"type":"build_settlement","intersection":79})", "intersection"},
        {R"({"type":"build_city","intersection":54})", "intersection"},
        {R"({"type":"move_robber","hex":29})", "hex"},
        {R"({"type":"move_robber","hex":3,"victim":5})", "victim"},
        {R"({"type":"confirm_trade","with":4})", "with"},
        {R"({"type":"propose_trade","give":{"ore":1},"want":{"wool":1},"to":5})", "to"},
        {R"({"type":"discard","cards":{"wool":24}})", "cards.wool"}};
    for (const auto& [text, field] : cases) {
        INFO(text);
        const auto refused = decode_command(std::string_view(text), 0, base);
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.error().kind == DecodeErrorKind::OutOfRange);
        CHECK(refused.error().field == field);
        CHECK(decode_command(std::string_view(text), 0, large).ok());
    }
    // Past the 5–6 board too: refused for every game.
    const std::vector<std::string> beyond = {R"({"type":"build_road","path":109})", R"({"type":"build_settlement","intersection":80})",
                                             R"({"type":"move_robber","hex":30})", R"({"type":"discard","cards":{"wool":25}})"};
    for (const std::string& text : beyond) CHECK_FALSE(decode_command(std::string_view(text), 0, large).ok());
    // The seats of this game: a 3-player game has no seat 3.
    CHECK(decode_command(std::string_view(R"({"type":"confirm_trade","with":3})"), 0, three).error().field == "with");
    CHECK(decode_command(std::string_view(R"({"type":"end_turn"})"), 3, three).error().field == "seat");
    CHECK(decode_command(std::string_view(R"({"type":"end_turn"})"), 5, large).ok());
    CHECK(decode_command(std::string_view(R"({"type":"end_turn"})"), 6, large).error().field == "seat");
    // The bounds of a state are its board's and seats'.
    GameOptions o;
    o.players = 5;
    const CommandBounds of_game = command_bounds(new_game(o));
    CHECK(of_game.paths == 109);
    CHECK(of_game.seats == 5);
}

TEST_CASE("the seat given by the server is checked", "[proto][command]") {
    for (int seat : {-1, 4, 255}) {
        const auto r = decode_command(std::string_view(R"({"type":"end_turn"})"), seat);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().kind == DecodeErrorKind::OutOfRange);
        CHECK(r.error().field == "seat");
    }
}

TEST_CASE("hostile input never throws and never crashes", "[proto][command]") {
    const std::string deep(200000, '[');
    CHECK_FALSE(decode_command(std::string_view(deep), 0).ok());
    const std::string deep_valid = std::string(100000, '[') + std::string(100000, ']');
    CHECK_FALSE(decode_command(std::string_view(deep_valid), 0).ok());
    const std::string long_key = R"({"type":"end_turn",")" + std::string(100000, 'k') + R"(":1})";
    const auto r = decode_command(std::string_view(long_key), 0);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().field.size() < 100);
    CHECK(error_json(r.error()).dump().size() < 400);
    const auto bad_utf8 = decode_command(std::string_view("{\"type\":\"\xff\xfe\"}"), 0);
    CHECK_FALSE(bad_utf8.ok());
    // A non-ASCII type name is echoed as ASCII, so the error always serialises.
    const auto unicode = decode_command(std::string_view("{\"type\":\"\xc3\xa9t\xc3\xa9\"}"), 0);
    REQUIRE_FALSE(unicode.ok());
    CHECK_NOTHROW(error_json(unicode.error()).dump());

    // Random single-byte mutations of valid commands: decoding returns a value every time, and what
    // it accepts re-encodes to itself.
    Rng rng(42);
    const char alphabet[] = "{}[]\":,0123456789-.eE truenlfasbrickorewool\\";
    int accepted = 0;
    for (int i = 0; i < 20000; ++i) {
        const auto samples = one_of_each(0);
        std::string text = command_json(samples[rng.below(static_cast<std::uint32_t>(samples.size()))]).dump();
        const int edits = 1 + static_cast<int>(rng.below(3));
        for (int k = 0; k < edits; ++k) {
            const std::size_t at = rng.below(static_cast<std::uint32_t>(text.size()));
            const char ch = alphabet[rng.below(sizeof alphabet - 1)];
            switch (rng.below(3)) {
                case 0: text[at] = ch; break;
                case 1: text.insert(text.begin() + static_cast<long>(at), ch); break;
                default: text.erase(at, 1); break;
            }
        }
        Decoded<Command> d = cmd::end_turn(0);
        REQUIRE_NOTHROW(d = decode_command(std::string_view(text), 1));
        if (!d.ok()) continue;
        ++accepted;
        REQUIRE(decode_command(command_json(d.value()), 1).value() == d.value());
    }
    CHECK(accepted > 0);
}
