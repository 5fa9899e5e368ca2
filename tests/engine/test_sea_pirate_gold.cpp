// Seafarers' pirate (R-SF6), gold fields (R-SF7) and island VP tokens (R-SF8), on boards each test
// draws (test_sea_support.hpp).
#include "test_sea_support.hpp"

namespace catan::test {
namespace {

using namespace sea;

const int kGold = hex(2, 3);

// A home island with a gold field (number 4) between a forest and hills, and a far island.
GameState gold_game() {
    return sea_game({{2, 2, Terrain::Forest, 6}, {2, 3, Terrain::Gold, 4}, {3, 2, Terrain::Hills, 5},
                     {2, 6, Terrain::Mountains, 9, false}, {3, 6, Terrain::Fields, 10, false}});
}

TEST_CASE("the robber stays on land and the pirate on the sea, and a 7 moves one of them", "[R-SF6]") {
    GameState s = gold_game();
    s.phase = Phase::MoveRobber;
    CHECK(rejected(s, cmd::move_robber(0, hex(0, 0)), ErrorCode::InvalidRobber).rule == "R-SF6");
    CHECK(rejected(s, cmd::move_pirate(0, hex(2, 2)), ErrorCode::InvalidRobber).rule == "R-SF6");
    CHECK(rejected(s, cmd::move_pirate(0, s.pirate), ErrorCode::InvalidRobber).rule == "R-SF6");
    CHECK(is_legal(s, cmd::move_robber(0, hex(2, 2))));
    CHECK(is_legal(s, cmd::move_pirate(0, hex(0, 0))));
    for (const Command& c : legal_actions(s, 0)) {
        if (c.type == CommandType::MoveRobber) CHECK_FALSE(s.board.sea.test(c.target));
        if (c.type == CommandType::MovePirate) CHECK(s.board.sea.test(c.target));
    }
    GameState robber = s;
    ok(robber, cmd::move_robber(0, hex(2, 2)));
    CHECK(robber.phase == Phase::Main);
    CHECK(robber.pirate == s.pirate);  // not both
    ok(s, cmd::move_pirate(0, hex(0, 0)));
    CHECK(s.pirate == hex(0, 0));
    CHECK(s.robber == kNone);
    CHECK(s.phase == Phase::Main);
}

TEST_CASE("the pirate robs an opponent with a ship beside its hex", "[R-SF6]") {
    GameState s = gold_game();
    put_settlement(s, 1, node_at(kGold, 1));
    put_ship(s, 1, away(kGold, 1));  // between sea hexes (1,3) and (2,4)
    give(s, 1, ResourceSet{0, 0, 0, 0, 1});
    s.phase = Phase::MoveRobber;
    CHECK(rejected(s, cmd::move_pirate(0, hex(2, 4)), ErrorCode::InvalidRobber).rule == "R-SF6");  // a victim is due
    CHECK(rejected(s, cmd::move_pirate(0, hex(0, 0), 1), ErrorCode::InvalidRobber).rule == "R-SF6");  // nobody there
    CHECK(is_legal(s, cmd::move_pirate(0, hex(2, 4), 1)));
    auto ev = ok(s, cmd::move_pirate(0, hex(2, 4), 1));
    REQUIRE(find_event(ev, EventType::PirateMoved, 0));
    REQUIRE(find_event(ev, EventType::Stole, 0));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 1));
    CHECK(hand_of(s, 1) == cards(0, 0, 0, 0, 0));
}

TEST_CASE("no ship is built beside the pirate, nor moved to or from there", "[R-SF6]") {
    GameState s = gold_game();
    put_settlement(s, 0, node_at(kGold, 1));
    put_ship(s, 0, away(kGold, 1));
    s.pirate = static_cast<std::uint8_t>(hex(1, 3));  // the ship's path borders (1,3)
    refresh_derived(s);
    give(s, 0, ResourceSet{0, 1, 1, 0, 0});
    CHECK(rejected(s, cmd::ship(0, side(kGold, 0)), ErrorCode::IllegalSpot).rule == "R-SF6");
    CHECK(rules::movable_ships<SeaVariant>(s, 0).count() == 0);
    CHECK(rejected(s, cmd::move_ship(0, away(kGold, 1), side(kGold, 1)), ErrorCode::IllegalSpot).rule == "R-SF6");
    s.pirate = static_cast<std::uint8_t>(hex(6, 8));
    CHECK(rules::movable_ships<SeaVariant>(s, 0).test(away(kGold, 1)));
    CHECK_FALSE(rules::ship_move_spots<SeaVariant>(s, 0, away(kGold, 1)).test(side(kGold, 0)) == false);
}

TEST_CASE("a gold field pays each owner the resources they choose, once every owner has chosen", "[R-SF7]") {
    GameState s = gold_game();
    put_settlement(s, 0, node_at(kGold, 1));
    put_city(s, 1, node_at(kGold, 4));
    s.rolled = false;
    s.phase = Phase::PreRoll;
    auto ev = roll_dice(s, 1, 3);
    REQUIRE(s.phase == Phase::ChooseGold);
    CHECK(players_to_act(s) == 0b11u);
    CHECK(s.players[0].gold_owed == 1);
    CHECK(s.players[1].gold_owed == 2);
    CHECK(count_events(ev, EventType::GoldOwed) == 2);
    CHECK(count_listed(s, 0, CommandType::ChooseGold) == 5);
    CHECK(count_listed(s, 1, CommandType::ChooseGold) == 15);
    CHECK(rejected(s, cmd::choose_gold(2, ResourceSet{0, 0, 0, 0, 1}), ErrorCode::BadArgument).rule == "R-SF7");
    CHECK(rejected(s, cmd::choose_gold(1, ResourceSet{0, 0, 0, 0, 1}), ErrorCode::BadArgument).rule == "R-SF7");
    CHECK(rejected(s, cmd::end_turn(0), ErrorCode::WrongPhase).rule == "R-SF7");
    ok(s, cmd::choose_gold(0, ResourceSet{0, 0, 0, 0, 1}));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 0));  // paid when everyone has chosen
    CHECK(s.phase == Phase::ChooseGold);
    ev = ok(s, cmd::choose_gold(1, ResourceSet{1, 0, 0, 0, 1}));
    CHECK(count_events(ev, EventType::GoldChosen) == 2);
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 1));
    CHECK(hand_of(s, 1) == cards(1, 0, 0, 0, 1));
    CHECK(s.phase == Phase::Main);
}

TEST_CASE("gold chosen beyond the bank goes to nobody, or what is left to a single chooser", "[R-SF7][R-T3]") {
    GameState s = gold_game();
    put_settlement(s, 0, node_at(kGold, 1));
    put_city(s, 1, node_at(kGold, 4));
    // Leave 2 ore in the bank.
    give(s, 2, ResourceSet{0, 0, 0, 0, static_cast<int>(s.bank[Resource::Ore]) - 2});
    s.rolled = false;
    s.phase = Phase::PreRoll;
    GameState single = s;
    roll_dice(s, 1, 3);
    ok(s, cmd::choose_gold(0, ResourceSet{0, 0, 0, 0, 1}));
    auto ev = ok(s, cmd::choose_gold(1, ResourceSet{0, 0, 0, 0, 2}));
    CHECK(find_event(ev, EventType::ProductionBlocked));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 0));
    CHECK(hand_of(s, 1) == cards(0, 0, 0, 0, 0));
    CHECK(s.bank[Resource::Ore] == 2);
    // One chooser of ore takes what is left.
    give(single, 2, ResourceSet{0, 0, 0, 0, 1});
    roll_dice(single, 1, 3);
    ok(single, cmd::choose_gold(0, ResourceSet{1, 0, 0, 0, 0}));
    ok(single, cmd::choose_gold(1, ResourceSet{0, 0, 0, 0, 2}));
    CHECK(hand_of(single, 1) == cards(0, 0, 0, 0, 1));
    CHECK(single.bank[Resource::Ore] == 0);
}

TEST_CASE("a second setup settlement on gold chooses its resource before its road", "[R-SF7][R-S5]") {
    GameState s = gold_game();
    s.phase = Phase::SetupSettlement;
    s.setup_step = static_cast<std::uint8_t>(s.num_players);  // the second round
    s.current = static_cast<std::uint8_t>(setup_player(s, s.setup_step));
    s.rolled = false;
    s.turn = 0;
    const int p = s.current;
    auto ev = ok(s, cmd::settlement(p, node_at(kGold, 4)));  // gold, forest and hills
    CHECK(hand_of(s, p) == cards(1, 1, 0, 0, 0));
    REQUIRE(s.phase == Phase::ChooseGold);
    CHECK(find_event(ev, EventType::GoldOwed, p));
    CHECK(rejected(s, cmd::road(p, side(kGold, 3)), ErrorCode::WrongPhase).rule == "R-SF7");
    ok(s, cmd::choose_gold(p, ResourceSet{0, 0, 1, 0, 0}));
    CHECK(hand_of(s, p) == cards(1, 1, 1, 0, 0));
    CHECK(s.phase == Phase::SetupRoad);
    ok(s, cmd::road(p, side(kGold, 3)));
}

TEST_CASE("a first settlement on an island not set up on wins its VP tokens, once", "[R-SF8]") {
    GameState s = gold_game();
    const int vp = scenario_island_vp(Scenario::NewShores, 4);
    REQUIRE(vp > 0);
    put_settlement(s, 0, node_at(kGold, 1));
    s.players[0].islands = 1u << (s.board.island[kGold] - 1);
    const int far = hex(2, 6);
    put_ship(s, 0, side(far, 4));  // the far island's west coast
    give(s, 0, ResourceSet{2, 2, 2, 2, 0});
    const int before = public_victory_points(s, 0);
    auto ev = ok(s, cmd::settlement(0, node_at(far, 4)));
    const Event* e = find_event(ev, EventType::IslandSettled, 0);
    REQUIRE(e);
    CHECK(e->a == s.board.island[far]);
    CHECK(e->value == vp);
    CHECK(public_victory_points(s, 0) == before + 1 + vp);
    CHECK(s.players[0].island_vp == vp);
    // A second settlement on that island pays none.
    const int below = hex(3, 6);
    put_ship(s, 0, side(below, 1));  // the lower hex's east coast
    const int after_first = public_victory_points(s, 0);
    ev = ok(s, cmd::settlement(0, node_at(below, 2)));
    CHECK_FALSE(find_event(ev, EventType::IslandSettled, 0));
    CHECK(s.players[0].island_vp == vp);
    CHECK(public_victory_points(s, 0) == after_first + 1);
}

TEST_CASE("setup settlements win no VP tokens: the islands they stand on are the player's own", "[R-SF8]") {
    GameState s = gold_game();
    s.phase = Phase::SetupSettlement;
    s.setup_step = 0;
    s.rolled = false;
    s.turn = 0;
    auto ev = ok(s, cmd::settlement(0, node_at(kGold, 1)));
    const Event* e = find_event(ev, EventType::IslandSettled, 0);
    REQUIRE(e);
    CHECK(e->value == 0);
    CHECK(s.players[0].island_vp == 0);
    CHECK(s.players[0].islands == 1u << (s.board.island[kGold] - 1));
}

}  // namespace
}  // namespace catan::test
