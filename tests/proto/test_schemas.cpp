// The schemas in proto/v1 stay in step with the codecs: their examples decode, re-encode to
// themselves, or equal what the server sends. (proto/tools/check_schemas.py validates real messages.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>

#include "catan/engine/ruleset.hpp"
#include "catan/proto/proto.hpp"
#include "schema_files.hpp"
#include "walk.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;
using catan::proto::schema_files::load_schema;

namespace {

std::set<std::string> keys(const json& j) {
    std::set<std::string> k;
    for (const auto& [key, value] : j.items()) k.insert(key);
    return k;
}

}  // namespace

TEST_CASE("every message family has a schema with examples", "[proto][schema]") {
    load_schema("common");
    for (const char* family : {"command", "state", "view", "event", "error", "topology", "actions"}) {
        INFO(family);
        const json s = load_schema(family);
        REQUIRE(s["examples"].is_array());
        CHECK_FALSE(s["examples"].empty());
    }
}

TEST_CASE("command examples decode and re-encode to themselves", "[proto][schema]") {
    const json schema = load_schema("command");  // kept: a range-for over a temporary's member would dangle
    for (const json& example : schema["examples"]) {
        INFO(example.dump());
        const auto c = decode_command(example, 0);
        REQUIRE(c.ok());
        CHECK(command_json(c.value()) == example);
    }
    // The oneOf lists every command type, by the engine's names.
    std::set<std::string> listed;
    for (const json& branch : schema["oneOf"]) listed.insert(branch["properties"]["type"]["const"].get<std::string>());
    for (int t = 0; t < kCommandTypeCount; ++t) CHECK(listed.count(to_string(static_cast<CommandType>(t))) == 1);
    CHECK(listed.size() == static_cast<std::size_t>(kCommandTypeCount));
}

TEST_CASE("event schema lists every event type", "[proto][schema]") {
    std::set<std::string> listed;
    const json schema = load_schema("event");
    for (const json& branch : schema["oneOf"]) listed.insert(branch["properties"]["type"]["const"].get<std::string>());
    for (int t = 0; t < kEventTypeCount; ++t) CHECK(listed.count(to_string(static_cast<EventType>(t))) == 1);
}

TEST_CASE("the state example loads and saves to itself", "[proto][schema]") {
    const json schema = load_schema("state");
    for (const json& example : schema["examples"]) {
        const auto s = decode_state(example);
        if (!s.ok()) FAIL(s.error().field << ": " << s.error().message);
        CHECK(state_json(s.value()) == example);
    }
}

TEST_CASE("the topology example is the topology", "[proto][schema]") {
    CHECK(load_schema("topology")["examples"][0] == topology_json());
    CHECK(load_schema("topology")["examples"][1] == topology_json(BoardKind::Large));
}

TEST_CASE("view, actions and error examples have the shape the server sends", "[proto][schema]") {
    const GameState s = test::start(3, 4);
    CHECK(keys(load_schema("view")["examples"][0]) == keys(player_view(s, 0)));
    CHECK(keys(load_schema("actions")["examples"][0]) == keys(legal_actions_json(s, 0)));
    const json errors = load_schema("error");
    for (const json& e : errors["examples"]) {
        CHECK(e.contains("code"));
        CHECK(e.contains("message"));
    }
}

TEST_CASE("common.schema.json's bounds hold every box and board the engine has", "[proto][schema]") {
    const json d = load_schema("common")["$defs"];
    const auto max_of = [&](const char* def) { return d[def]["maximum"].get<int>(); };
    int most_of_a_kind = 0, deck = 0, bank = 0;
    for (const Ruleset* r : {&kBaseRules, &kLargeRules}) {
        bank = std::max(bank, int{r->bank_per_resource});
        deck = std::max(deck, int{r->deck_size});
        for (const auto& c : r->deck) most_of_a_kind = std::max(most_of_a_kind, int{c.n});
    }
    // The card bounds are the largest box's, exactly: not looser than a real game.
    CHECK(max_of("count") == bank);
    CHECK(max_of("deck_count") == deck);
    CHECK(max_of("deck_count") == kMaxDeck);
    CHECK(max_of("dev_count") == most_of_a_kind);
    CHECK(max_of("card_total") == kResourceCount * bank);
    CHECK(max_of("seat") == kMaxPlayers - 1);
    // Board ids: the protocol's maxima, room for every board the engine knows (and more).
    for (const BoardKind kind : {BoardKind::Base, BoardKind::Large}) {
        const json& t = topology_json(kind);
        INFO(t["rules"]["board"]);
        CHECK(static_cast<int>(t["hexes"].size()) - 1 <= max_of("hex"));
        CHECK(static_cast<int>(t["intersections"].size()) - 1 <= max_of("intersection"));
        CHECK(static_cast<int>(t["paths"].size()) - 1 <= max_of("path"));
    }
    CHECK(kMaxHexes - 1 <= max_of("hex"));
    CHECK(kMaxNodes - 1 <= max_of("intersection"));
    CHECK(kMaxEdges - 1 <= max_of("path"));
}
