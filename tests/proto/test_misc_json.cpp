// Topology, legal actions and rule errors.
#include <catch2/catch.hpp>

#include "catan/proto/proto.hpp"
#include "walk.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;

TEST_CASE("topology lists the fixed geometry once", "[proto][topology]") {
    const json& t = topology_json();
    const Topology& g = kBaseTopology;
    REQUIRE(t["hexes"].size() == static_cast<std::size_t>(BaseVariant::hexes));
    REQUIRE(t["intersections"].size() == static_cast<std::size_t>(BaseVariant::nodes));
    REQUIRE(t["paths"].size() == static_cast<std::size_t>(BaseVariant::edges));
    CHECK(t["harbor_paths"].size() == static_cast<std::size_t>(BaseVariant::harbors));
    CHECK(t["coast"].size() == static_cast<std::size_t>(kBaseTopology.coast_count));
    for (int h = 0; h < BaseVariant::hexes; ++h) {
        CHECK(t["hexes"][h]["id"] == h);
        CHECK(t["hexes"][h]["q"] == g.hex_q[h]);
        CHECK(t["hexes"][h]["nodes"].size() == 6u);
        CHECK(t["hexes"][h]["edges"].size() == 6u);
    }
    int links = 0;
    for (int n = 0; n < BaseVariant::nodes; ++n) {
        const json& node = t["intersections"][n];
        CHECK(node["id"] == n);
        CHECK(node["neighbors"].size() == node["paths"].size());
        for (const json& e : node["paths"]) {
            const json& ends = t["paths"][e.get<int>()]["intersections"];
            CHECK((ends[0] == n || ends[1] == n));
            ++links;
        }
    }
    CHECK(links == 2 * BaseVariant::edges);
    for (int e = 0; e < BaseVariant::edges; ++e) CHECK(t["paths"][e]["intersections"] == json{g.edge_nodes[e][0], g.edge_nodes[e][1]});
    CHECK(&topology_json() == &t);  // built once
}

// docs/coordinates.md, "The 5–6 player board": the id scheme as documented, checked on what clients get.
TEST_CASE("the 5–6 board's topology follows its documented id scheme", "[proto][topology][R-X1]") {
    const json& t = topology_json(BoardKind::Large);
    REQUIRE(t["hexes"].size() == 30);
    REQUIRE(t["intersections"].size() == 80);
    REQUIRE(t["paths"].size() == 109);
    REQUIRE(t["harbor_paths"].size() == 11);
    REQUIRE(t["coast"].size() == 38);
    // Hexes: axial (q, r) with -2 <= q <= 3, -3 <= r <= 3, -2 <= q + r <= 3, row by row, q increasing.
    int h = 0;
    for (int r = -3; r <= 3; ++r)
        for (int q = -2; q <= 3; ++q) {
            if (q + r < -2 || q + r > 3) continue;
            INFO("hex " << h);
            CHECK(t["hexes"][h]["id"] == h);
            CHECK(t["hexes"][h]["q"] == q);
            CHECK(t["hexes"][h]["r"] == r);
            ++h;
        }
    CHECK(h == 30);
    CHECK(t["hexes"][14]["q"] == 0);  // (0, 0): the hex left of the middle of the six-hex row
    CHECK(t["hexes"][14]["r"] == 0);
    // Intersections sorted by (y, x); paths by their (lower, higher) intersection pair.
    for (int n = 1; n < 80; ++n) {
        const json &a = t["intersections"][n - 1], &b = t["intersections"][n];
        CHECK((a["y"] < b["y"] || (a["y"] == b["y"] && a["x"] < b["x"])));
    }
    for (int e = 0; e < 109; ++e) {
        const json& ends = t["paths"][e]["intersections"];
        CHECK(ends[0] < ends[1]);
        if (e > 0) CHECK(t["paths"][e - 1]["intersections"] < ends);
    }
    // The coast starts with side 0 of hex 0 (intersection 0 to 4); harbors at gaps 3, 4, 3, 4, ...
    CHECK(t["coast"][0] == t["hexes"][0]["edges"][0]);
    CHECK(t["paths"][t["coast"][0].get<int>()]["intersections"] == json({0, 4}));
    int at = 0;
    for (int k = 0; k < 11; ++k) {
        INFO("harbor " << k);
        CHECK(t["harbor_paths"][k] == t["coast"][at]);
        at += k % 2 == 0 ? 3 : 4;
    }
    // The base board's topology is another object, unchanged.
    CHECK(&topology_json(BoardKind::Base) == &topology_json());
    CHECK(topology_json(BoardKind::Base)["hexes"].size() == 19);
}

TEST_CASE("legal actions are listed as wire commands with the trade flags", "[proto][actions]") {
    int lists = 0;
    for (std::uint64_t seed = 40; seed < 45; ++seed) {
        test::walk_game(seed, 4, [&](const GameState& s, auto&, auto&, auto&) {
            for (int p = 0; p < 4; ++p) {
                const json j = legal_actions_json(s, p);
                // The text rooms send is the canonical serialisation (what clients got before it was text).
                REQUIRE(legal_actions_text(s, p) == j.dump());
                const auto actions = legal_actions(s, p);
                REQUIRE(j["actions"].size() == actions.size());
                for (std::size_t i = 0; i < actions.size(); ++i) REQUIRE(j["actions"][i] == command_json(actions[i]));
                REQUIRE(j["may_propose_trade"] == may_propose_trade(s, p));
                REQUIRE(j["may_counter_trade"] == may_counter_trade(s, p));
                REQUIRE(j["bank_ratios"].size() == static_cast<std::size_t>(kResourceCount));
                for (const Resource r : kAllResources) REQUIRE(j["bank_ratios"][to_string(r)] == bank_trade_ratio(s, p, r));
                ++lists;
            }
            REQUIRE(legal_actions_json(s, kSpectator) ==
                    json{{"actions", json::array()}, {"may_propose_trade", false}, {"may_counter_trade", false},
                         {"bank_ratios", {{"brick", 4}, {"lumber", 4}, {"wool", 4}, {"grain", 4}, {"ore", 4}}}});
        });
    }
    CHECK(lists > 1000);
}

namespace {

// A game past setup with no pieces, seat 0 to act; `node` becomes seat 0's settlement.
GameState settled_on(int node_of_harbor_kind) {
    GameOptions o;
    o.players = 4;
    o.seed = 1;
    GameState s = new_game(o);
    s.phase = Phase::Main;
    int node = -1;
    for_each_node(s.harbor_nodes[static_cast<std::size_t>(node_of_harbor_kind)], [&](int n) { if (node < 0) node = n; });
    REQUIRE(node >= 0);
    s.players[0].settlements |= node_bit(node);
    refresh_derived(s);
    return s;
}

json ratios(int brick, int lumber, int wool, int grain, int ore) {
    return {{"brick", brick}, {"lumber", lumber}, {"wool", wool}, {"grain", grain}, {"ore", ore}};
}

}  // namespace

TEST_CASE("legal actions state the seat's bank ratio for every resource, harbors included", "[proto][actions][R-TR3]") {
    SECTION("no harbor: 4 for everything") {
        GameOptions o;
        o.players = 4;
        o.seed = 1;
        CHECK(legal_actions_json(new_game(o), 0)["bank_ratios"] == ratios(4, 4, 4, 4, 4));
    }
    SECTION("a 2:1 harbor: 2 for its resource, 4 for the others; other seats unaffected") {
        const GameState s = settled_on(static_cast<int>(Resource::Wool));
        CHECK(legal_actions_json(s, 0)["bank_ratios"] == ratios(4, 4, 2, 4, 4));
        CHECK(legal_actions_json(s, 1)["bank_ratios"] == ratios(4, 4, 4, 4, 4));
    }
    SECTION("a 3:1 harbor: 3 for every resource") {
        CHECK(legal_actions_json(settled_on(kGenericHarbor), 0)["bank_ratios"] == ratios(3, 3, 3, 3, 3));
    }
    SECTION("a 2:1 and a 3:1 harbor: 2 for the one resource, 3 for all the rest") {
        GameState s = settled_on(static_cast<int>(Resource::Ore));
        int generic = -1;
        for_each_node(s.harbor_nodes[kGenericHarbor], [&](int n) { if (generic < 0) generic = n; });
        s.players[0].settlements |= node_bit(generic);
        refresh_derived(s);
        CHECK(legal_actions_json(s, 0)["bank_ratios"] == ratios(3, 3, 3, 3, 2));
    }
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
