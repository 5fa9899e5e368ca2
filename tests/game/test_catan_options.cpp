// The Catan module's options: what it refuses and how it names the option, the board a lobby decodes
// against, and the forms rooms store (room options, the game's options record), which must read
// records written before modules existed.
#include <catch2/catch.hpp>

#include "catan/games/catan.hpp"
#include "catan/proto/proto.hpp"

using namespace catan;
using game::Json;

TEST_CASE("the Catan module refuses options of the wrong kind naming the option", "[game][catan][options]") {
    const game::Module& m = *games::catan_module();
    struct Bad {
        const char* option;
        Json value;
        const char* code;
    };
    for (const Bad& bad : {Bad{"turn_structure", "pairs", "out_of_range"}, Bad{"friendly_robber", 1, "wrong_type"},
                           Bad{"vp_target", "ten", "wrong_type"}, Bad{"seed", 5, "unexpected_field"}}) {
        INFO(bad.option);
        Json options = m.default_options(6);
        options[bad.option] = bad.value;
        const auto error = m.validate(options, "options");
        REQUIRE(error);
        CHECK(error->field == std::string("options.") + bad.option);
        CHECK(error->code == bad.code);
    }
    Json five = m.default_options(5);
    five["turn_structure"] = "special_build";
    CHECK_FALSE(m.validate(five, "options"));
}

TEST_CASE("the Catan module decodes against the board of the options' players count, as the room's lobby does", "[game][catan]") {
    const game::Module& m = *games::catan_module();
    const Json city = {{"type", "build_city"}, {"intersection", 60}};  // past the base board's 54
    const auto on_base = m.decode(city, 0, m.default_options(4));
    REQUIRE(std::holds_alternative<game::Error>(on_base));
    const auto room_error = proto::error_reply(proto::decode_command(city, 0, proto::command_bounds(BoardKind::Base, 4)).error());
    CHECK(std::get<game::Error>(on_base).message == room_error.message);
    CHECK(std::get<game::Error>(on_base).field == "intersection");
    CHECK(std::holds_alternative<game::MovePtr>(m.decode(city, 0, m.default_options(6))));
}

TEST_CASE("the Catan module stores room options as rooms did before modules", "[game][catan][options][compat]") {
    const game::Module& m = *games::catan_module();
    // vp_target always; the house rules only when not the default (records without them read as before).
    Json options = m.default_options(4);
    CHECK(m.store_options(options) == Json{{"vp_target", 10}});
    options["discard_limit"] = 9;
    options["turn_structure"] = "special_build";
    const Json stored = m.store_options(options);
    CHECK(stored == Json{{"vp_target", 10}, {"discard_limit", 9}, {"turn_structure", "special_build"}});
    // Read back, with the room's own members beside them, for 5 seats.
    const auto loaded = m.load_options(Json{{"vp_target", 10}, {"discard_limit", 9}, {"turn_structure", "special_build"}}, 5);
    REQUIRE(std::holds_alternative<Json>(loaded));
    Json expected = m.default_options(5);
    expected["discard_limit"] = 9;
    expected["turn_structure"] = "special_build";
    CHECK(std::get<Json>(loaded) == expected);
    // A record written before the house rules existed: vp_target only.
    CHECK(std::get<Json>(m.load_options(Json{{"vp_target", 6}}, 3))["vp_target"] == 6);
    // Refused, naming the option.
    const auto missing = m.load_options(Json::object(), 4);
    REQUIRE(std::holds_alternative<game::Error>(missing));
    CHECK(std::get<game::Error>(missing).field == "options.vp_target");
    const auto bad = m.load_options(Json{{"vp_target", 10}, {"discard_limit", 30}}, 4);
    REQUIRE(std::holds_alternative<game::Error>(bad));
    CHECK(std::get<game::Error>(bad).field == "options.discard_limit");
}

TEST_CASE("the Catan module's options record names the member at fault", "[game][catan][options][compat]") {
    const game::Module& m = *games::catan_module();
    const Json good = {{"players", 4}, {"victory_target", 10}, {"seed", "7"}};
    CHECK(std::holds_alternative<std::unique_ptr<game::Session>>(m.restore(good, nullptr, 0, {})));
    const auto field_of = [&](Json record) {
        auto restored = m.restore(record, nullptr, 0, {});
        REQUIRE(std::holds_alternative<game::RestoreError>(restored));
        return std::get<game::RestoreError>(restored).field;
    };
    Json r = good;
    r["discard_limit"] = 2;
    CHECK(field_of(r) == "discard_limit");
    r = good;
    r["first_by_dice"] = "yes";
    CHECK(field_of(r) == "first_by_dice");
    r = good;
    r["victory_target"] = 30;
    CHECK(field_of(r) == "victory_target");
    r = good;
    r.erase("seed");
    CHECK(field_of(r) == "seed");
}
