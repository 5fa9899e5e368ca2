// Topology, legal actions and rule errors.
#include <catch2/catch.hpp>

#include "catan/proto/proto.hpp"
#include "walk.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;

TEST_CASE("topology lists the fixed geometry once", "[proto][topology]") {
    const json& t = topology_json();
    const Topology& g = topology();
    REQUIRE(t["hexes"].size() == static_cast<std::size_t>(kHexCount));
    REQUIRE(t["intersections"].size() == static_cast<std::size_t>(kNodeCount));
    REQUIRE(t["paths"].size() == static_cast<std::size_t>(kEdgeCount));
    CHECK(t["harbor_paths"].size() == static_cast<std::size_t>(kHarborCount));
    CHECK(t["coast"].size() == static_cast<std::size_t>(kCoastEdgeCount));
    for (int h = 0; h < kHexCount; ++h) {
        CHECK(t["hexes"][h]["id"] == h);
        CHECK(t["hexes"][h]["q"] == g.hex_q[h]);
        CHECK(t["hexes"][h]["nodes"].size() == 6u);
        CHECK(t["hexes"][h]["edges"].size() == 6u);
    }
    int links = 0;
    for (int n = 0; n < kNodeCount; ++n) {
        const json& node = t["intersections"][n];
        CHECK(node["id"] == n);
        CHECK(node["neighbors"].size() == node["paths"].size());
        for (const json& e : node["paths"]) {
            const json& ends = t["paths"][e.get<int>()]["intersections"];
            CHECK((ends[0] == n || ends[1] == n));
            ++links;
        }
    }
    CHECK(links == 2 * kEdgeCount);
    for (int e = 0; e < kEdgeCount; ++e) CHECK(t["paths"][e]["intersections"] == json{g.edge_nodes[e][0], g.edge_nodes[e][1]});
    CHECK(&topology_json() == &t);  // built once
}

TEST_CASE("legal actions are listed as wire commands with the trade flags", "[proto][actions]") {
    int lists = 0;
    for (std::uint64_t seed = 40; seed < 45; ++seed) {
        test::walk_game(seed, 4, [&](const GameState& s, auto&, auto&, auto&) {
            for (int p = 0; p < 4; ++p) {
                const json j = legal_actions_json(s, p);
                const auto actions = legal_actions(s, p);
                REQUIRE(j["actions"].size() == actions.size());
                for (std::size_t i = 0; i < actions.size(); ++i) REQUIRE(j["actions"][i] == command_json(actions[i]));
                REQUIRE(j["may_propose_trade"] == may_propose_trade(s, p));
                REQUIRE(j["may_counter_trade"] == may_counter_trade(s, p));
                ++lists;
            }
            REQUIRE(legal_actions_json(s, kSpectator) ==
                    json{{"actions", json::array()}, {"may_propose_trade", false}, {"may_counter_trade", false}});
        });
    }
    CHECK(lists > 1000);
}

TEST_CASE("rule errors carry code, rule and message", "[proto][error]") {
    GameState s = test::start(1, 4);
    const auto e = apply(s, cmd::end_turn(s.current));
    REQUIRE(e);
    const json j = error_json(*e);
    CHECK(j["code"] == "wrong_phase");
    CHECK(j["rule"] == "R-S4");
    CHECK(j["message"] == std::string(e->message));
    CHECK(j.size() == 3u);
    // A check that names no rule leaves "rule" out rather than sending an empty one.
    const json no_rule = error_json(Error{ErrorCode::BadArgument, "", "no such seat"});
    CHECK_FALSE(no_rule.contains("rule"));
    CHECK(error_json(DecodeError{DecodeErrorKind::MissingField, "hex", "missing field 'hex'"}) ==
          json{{"code", "missing_field"}, {"field", "hex"}, {"message", "missing field 'hex'"}});
}
