// The beginner set-up (option layout: beginner) in saved states, views, events and the rules' option
// table: the layout is written only when it is the beginner one, so every state of a random board reads
// and writes exactly as before the option existed; a beginner state round-trips along whole games.
#include <catch2/catch.hpp>

#include "catan/engine/beginner.hpp"
#include "catan/proto/rules_json.hpp"
#include "catan/proto/state_json.hpp"
#include "catan/proto/view_json.hpp"
#include "through_text.hpp"
#include "walk.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;
using catan::test::through_text;

namespace {

GameOptions beginner(int players, std::uint64_t seed) {
    GameOptions o;
    o.players = players;
    o.seed = seed;
    o.layout = Layout::Beginner;
    return o;
}

}  // namespace

TEST_CASE("beginner states round-trip exactly along random games, with the layout named", "[proto][state][R-S5]") {
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 16; ++seed) {
        const int players = 3 + static_cast<int>(seed % 2);
        const GameState start = new_game(beginner(players, seed));
        REQUIRE(through_text(start) == start);
        const json j = state_json(start);
        CHECK(j["options"]["layout"] == "beginner");
        CHECK(j["phase"] == "pre_roll");
        int step = 0;
        const GameState end = test::walk_game(start, seed, [&](const GameState&, const Command&, auto&, const GameState& after) {
            if (++step % 7 != 0) return;
            REQUIRE(through_text(after) == after);
            ++checked;
        });
        REQUIRE(through_text(end) == end);
    }
    CHECK(checked > 500);
}

TEST_CASE("the layout is written only when it is the beginner one: random states read as before", "[proto][state]") {
    for (int players = 2; players <= 6; ++players) {
        GameOptions o;
        o.players = players;
        o.seed = 40 + static_cast<std::uint64_t>(players);
        const GameState s = new_game(o);
        const json j = state_json(s);
        CHECK_FALSE(j["options"].contains("layout"));
        const json view = player_view(s, kSpectator);
        CHECK_FALSE(view["options"].contains("layout"));
        CHECK(through_text(s).options.layout == Layout::Random);
    }
    const json view = player_view(new_game(beginner(3, 9)), 0);
    CHECK(view["options"]["layout"] == "beginner");
    CHECK(view["options"]["board"] == "base");
    CHECK(view["options"]["players"] == 3);
}

TEST_CASE("beginner state documents that disagree with the set-up are refused", "[proto][state]") {
    const json good = state_json(new_game(beginner(4, 3)));
    const auto refused = [&](const std::function<void(json&)>& damage, const std::string& field) {
        json j = good;
        damage(j);
        const auto r = decode_state(j);
        INFO(j["options"].dump());
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().field.rfind(field, 0) == 0);
    };
    refused([](json& j) { j["options"]["layout"] = "random"; }, "options.layout");  // only named when beginner
    refused([](json& j) { j["options"]["layout"] = "tutorial"; }, "options.layout");
    refused([](json& j) { j["options"]["layout"] = 1; }, "options.layout");
    refused([](json& j) { j["options"]["balanced_board"] = true; }, "options");
    refused([](json& j) { std::swap(j["board"]["numbers"][0], j["board"]["numbers"][1]); }, "board");
    // The same document without the layout is a random board's game like any other.
    json random = good;
    random["options"].erase("layout");
    const auto r = decode_state(random);
    REQUIRE(r.ok());
    CHECK(r.value().options.layout == Layout::Random);
}

TEST_CASE("the start of a beginner game shows the rolls, the pieces, the starting resources and the first turn", "[proto][event][R-O5]") {
    std::vector<Event> events;
    const GameState s = new_game(beginner(4, 11), &events);
    const json shown = events_json(events, kSpectator);
    REQUIRE(shown.is_array());
    int rolls = 0, built = 0, starting = 0, turns = 0;
    for (const json& e : shown) {
        const std::string type = e["type"];
        rolls += type == "first_roll";
        built += type == "built";
        starting += type == "starting_resources";
        turns += type == "turn_started";
    }
    CHECK(rolls >= 4);
    CHECK(built == 16);  // 2 settlements and 2 roads a seat
    CHECK(starting == 4);
    CHECK(turns == 1);
    CHECK(shown.back()["type"] == "turn_started");
    CHECK(shown.back()["player"] == s.first_player);
}

TEST_CASE("the rules' option table names the layout: random by default, or beginner for 3 and 4 players", "[proto][rules]") {
    for (BoardKind kind : {BoardKind::Base, BoardKind::Large, BoardKind::Sea}) {
        const json o = rules_json(kind)["options"]["layout"];
        CHECK(o["default"] == "random");
        CHECK(o["values"] == json::array({"random", "beginner"}));
        CHECK(o["players"]["beginner"] == json::array({3, 4}));  // the counts it is laid for, so clients keep no copy
    }
}
