// The rules a client reads (the client computes no rule): the box's rules block with each
// topology the lobby sends, and the room's limits in the room document.
#include "support.hpp"

#include "catan/proto/topology_json.hpp"
#include "catan/room/envelope.hpp"
#include "catan/room/text.hpp"

using namespace catan::room;
using namespace catan::room::test;

// The block is proto's, which tests/proto/test_rules_json.cpp compares with the engine's Ruleset.
TEST_CASE("lobby: the snapshot carries the box's rules with the topology, and the room's limits", "[room][rules]") {
    Fixture f(seeded());
    const Created room = create(f.hub, json{{"players", 4}});
    Client host(f.hub, 1);
    host.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
    host.poll();
    Client bo(f.hub, 2);
    bo.send(msg("join", {{"room", room.code}, {"name", "Bo"}}));
    const json base = bo.last("snapshot");
    REQUIRE(base.contains("topology"));
    CHECK(base["topology"]["rules"]["board"] == "base");
    CHECK(base["topology"]["rules"] == catan::proto::topology_json(catan::BoardKind::Base)["rules"]);
    const json& limits = base["doc"]["room"]["limits"];
    CHECK(limits["chat_chars"] == kMaxChatChars);
    CHECK(limits["name_chars"] == kMaxNameChars);
    CHECK(limits["turn_timer"] == json(kTurnTimerChoices));
    CHECK(limits["takeover_after"] == (json{{"min", 0}, {"max", kMaxTakeoverSeconds}}));

    // Six players play the 5-6 box: the board changes, and its rules come with the new topology.
    host.send(msg("set_options", {{"options", {{"players", 6}}}}));
    const json large = host.last("snapshot");
    REQUIRE(large.contains("topology"));
    CHECK(large["topology"]["hexes"].size() == 30);
    CHECK(large["topology"]["rules"]["board"] == "large");
    CHECK(large["topology"]["rules"] == catan::proto::topology_json(catan::BoardKind::Large)["rules"]);
    CHECK(large["topology"]["rules"]["bank_per_resource"] != base["topology"]["rules"]["bank_per_resource"]);
    CHECK(large["doc"]["room"]["limits"] == limits);
}
