// Seafarers' ships: building (R-SF2), the setup ship (R-SF3), moving (R-SF4), the trade route (R-SF5)
// and Road Building (R-SF9), on boards each test draws (test_sea_support.hpp).
#include "test_sea_support.hpp"

namespace catan::test {
namespace {

using namespace sea;

// A home island of three hexes with its north-east coast open: (2,2), (2,3) and (3,2) below them.
GameState island_game() {
    return sea_game({{2, 2, Terrain::Forest, 6}, {2, 3, Terrain::Pasture, 8}, {3, 2, Terrain::Hills, 5},
                     {2, 6, Terrain::Mountains, 9, false}, {3, 6, Terrain::Fields, 10, false}});
}
const int kLand = hex(2, 3);
const ResourceSet kShipCost{0, 1, 1, 0, 0};

TEST_CASE("a ship costs lumber and wool and goes on a path along the sea from its owner's building", "[R-SF2]") {
    GameState s = island_game();
    const int home = node_at(kLand, 1);  // the island's top-right corner: sea to the north-east and east
    put_settlement(s, 0, home);
    const int out = away(kLand, 1);  // between two sea hexes
    CHECK(rejected(s, cmd::ship(0, out), ErrorCode::CannotAfford).rule == "R-SF2");
    give(s, 0, kShipCost);
    CHECK(is_legal(s, cmd::ship(0, out)));
    CHECK(is_legal(s, cmd::ship(0, side(kLand, 0))));  // a coast path takes a ship or a road
    const Cards bank = bank_of(s);
    ok(s, cmd::ship(0, out));
    CHECK(s.players[0].ships.test(out));
    CHECK(s.players[0].ships_left == 14);
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 0));
    CHECK(bank_of(s) == cards(bank[0], bank[1] + 1, bank[2] + 1, bank[3], bank[4]));
}

TEST_CASE("ships stay on the sea and roads on land, and neither shares a path with the other", "[R-SF2]") {
    GameState s = island_game();
    const int home = node_at(kLand, 1);
    put_settlement(s, 0, home);
    give(s, 0, ResourceSet{2, 3, 2, 0, 0});
    // Between two land hexes: (2,2) and (2,3) share side 4 of (2,3).
    put_settlement(s, 0, node_at(kLand, 4));
    CHECK(rejected(s, cmd::ship(0, side(kLand, 4)), ErrorCode::IllegalSpot).rule == "R-SF2");
    CHECK(rejected(s, cmd::road(0, away(kLand, 1)), ErrorCode::IllegalSpot).rule == "R-SF2");
    ok(s, cmd::ship(0, side(kLand, 0)));
    CHECK(rejected(s, cmd::road(0, side(kLand, 0)), ErrorCode::IllegalSpot).rule == "R-SF2");
    ok(s, cmd::road(0, side(kLand, 1)));
    CHECK(rejected(s, cmd::ship(0, side(kLand, 1)), ErrorCode::IllegalSpot).rule == "R-SF2");
}

TEST_CASE("a ship line meets the owner's roads only at the owner's buildings", "[R-SF2]") {
    GameState s = island_game();
    put_settlement(s, 0, node_at(kLand, 1));
    put_road(s, 0, side(kLand, 0));  // to the island's top corner, where nobody built
    give(s, 0, kShipCost);
    const int from_road_end = away(kLand, 0);  // sea on both sides, at the road's end
    CHECK_FALSE(rules::ship_spots<SeaVariant>(s, 0).test(from_road_end));
    CHECK(rejected(s, cmd::ship(0, from_road_end), ErrorCode::IllegalSpot).rule == "R-SF2");
    // A ship continues a ship, and not through an opponent's building.
    put_ship(s, 0, away(kLand, 1));
    const int tip = other_end(away(kLand, 1), node_at(kLand, 1));
    EdgeMask next = T.node_edge_mask[static_cast<std::size_t>(tip)];
    next.reset(away(kLand, 1));
    CHECK((rules::ship_spots<SeaVariant>(s, 0) & next) == next);
    check_listed_are_accepted(s, 0);
}

TEST_CASE("setup: a settlement on the coast may take a ship instead of its road", "[R-SF3]") {
    GameState s = island_game();
    s.setup_step = 0;
    s.phase = Phase::SetupSettlement;
    s.rolled = false;
    s.turn = 0;
    // Setup builds on home islands only (R-SF1).
    CHECK(rejected(s, cmd::settlement(0, node_at(hex(2, 6), 0)), ErrorCode::IllegalSpot).rule == "R-SF1");
    ok(s, cmd::settlement(0, node_at(kLand, 1)));
    CHECK(is_legal(s, cmd::ship(0, away(kLand, 1))));
    CHECK(is_legal(s, cmd::road(0, side(kLand, 0))));
    CHECK_FALSE(is_legal(s, cmd::road(0, away(kLand, 1))));
    CHECK(rejected(s, cmd::road(0, away(kLand, 1)), ErrorCode::IllegalSpot).rule == "R-S4");
    ok(s, cmd::ship(0, away(kLand, 1)));
    CHECK(s.players[0].ships_left == 14);
    CHECK(s.phase == Phase::SetupSettlement);
    CHECK(s.current == 1);
}

// Seat 0's settlement at the island's top-right corner and two ships out to sea: s1 from the
// settlement, s2 from s1's far end. Returns {s1, s2}.
std::pair<int, int> two_ships(GameState& s) {
    const int home = node_at(kLand, 1);
    put_settlement(s, 0, home);
    const int s1 = away(kLand, 1);
    put_ship(s, 0, s1);
    const int mid = other_end(s1, home);
    int s2 = -1;
    for (std::uint8_t e : T.node_edges[static_cast<std::size_t>(mid)])
        if (e != kNone && e != s1 && s.sea_paths.test(e) && !s.land_paths.test(e)) { s2 = e; break; }
    REQUIRE(s2 >= 0);
    put_ship(s, 0, s2);
    return {s1, s2};
}

TEST_CASE("a ship at the open end of a route moves once a turn, after the roll", "[R-SF4]") {
    GameState s = island_game();
    const auto [s1, s2] = two_ships(s);
    const EdgeMask movable = rules::movable_ships<SeaVariant>(s, 0);
    CHECK(movable.test(s2));
    CHECK_FALSE(movable.test(s1));  // its ends: the settlement and s2
    const EdgeMask to = rules::ship_move_spots<SeaVariant>(s, 0, s2);
    REQUIRE(to.any());
    const int dest = to.lowest();
    CHECK(is_legal(s, cmd::move_ship(0, s2, dest)));
    CHECK(rejected(s, cmd::move_ship(0, s1, dest), ErrorCode::IllegalSpot).rule == "R-SF4");
    auto ev = ok(s, cmd::move_ship(0, s2, dest));
    REQUIRE(find_event(ev, EventType::ShipMoved, 0));
    CHECK(s.players[0].ships.test(dest));
    CHECK_FALSE(s.players[0].ships.test(s2));
    CHECK(s.players[0].ships_left == 13);
    // Once a turn.
    const EdgeMask again = rules::ship_move_spots<SeaVariant>(s, 0, dest);
    if (again.any()) CHECK(rejected(s, cmd::move_ship(0, dest, again.lowest()), ErrorCode::IllegalSpot).message.find("one ship") != std::string_view::npos);
    CHECK(rules::movable_ships<SeaVariant>(s, 0).count() == 0);
}

TEST_CASE("no ship moves before the roll, nor one built this turn, nor a route closed at both ends", "[R-SF4]") {
    GameState s = island_game();
    const auto [s1, s2] = two_ships(s);
    s.rolled = false;
    s.phase = Phase::PreRoll;
    CHECK(rejected(s, cmd::move_ship(0, s2, 0), ErrorCode::WrongPhase).rule == "R-T4");
    s.rolled = true;
    s.phase = Phase::Main;
    give(s, 0, kShipCost);
    const int mid = other_end(s1, node_at(kLand, 1));
    const int tip = other_end(s2, mid);
    int s3 = -1;
    for (std::uint8_t e : T.node_edges[static_cast<std::size_t>(tip)])
        if (e != kNone && e != s2 && rules::ship_spots<SeaVariant>(s, 0).test(e)) { s3 = e; break; }
    REQUIRE(s3 >= 0);
    ok(s, cmd::ship(0, s3));
    CHECK_FALSE(rules::movable_ships<SeaVariant>(s, 0).test(s3));
    CHECK(rejected(s, cmd::move_ship(0, s3, s2), ErrorCode::IllegalSpot).message.find("built this turn") != std::string_view::npos);
    // Closed: a settlement at each end of a two-ship route along the island's north coast.
    GameState c = island_game();
    put_settlement(c, 0, node_at(kLand, 1));
    put_settlement(c, 0, node_at(kLand, 5));
    put_ship(c, 0, side(kLand, 0));
    put_ship(c, 0, side(kLand, 5));
    CHECK(rules::movable_ships<SeaVariant>(c, 0).count() == 0);
}

TEST_CASE("the longest trade route counts roads and ships joined at the owner's buildings", "[R-SF5]") {
    GameState s = island_game();
    two_ships(s);
    // Three roads round the island from the settlement: its east coast, then its south-west side.
    put_road(s, 0, side(kLand, 1));
    put_road(s, 0, side(kLand, 2));
    put_road(s, 0, side(kLand, 3));
    CHECK(longest_road_of(s, 0) == 5);  // three roads, the settlement, two ships
    // Without the settlement between them, a road and a ship do not join.
    GameState apart = s;
    apart.players[0].settlements = {};
    ++apart.players[0].settlements_left;
    refresh_derived(apart);
    CHECK(longest_road_of(apart, 0) == 3);
    // An opponent's settlement at the island's bottom corner cuts the roads there (R-A2).
    GameState cut = s;
    put_settlement(cut, 1, node_at(kLand, 3));
    CHECK(longest_road_of(cut, 0) == 4);
}

TEST_CASE("Road Building places two pieces, roads or ships in any mix", "[R-SF9]") {
    GameState s = island_game();
    put_settlement(s, 0, node_at(kLand, 1));
    give_dev(s, 0, DevCard::RoadBuilding);
    ok(s, cmd::road_building(0));
    REQUIRE(s.phase == Phase::RoadBuilding);
    CHECK(is_legal(s, cmd::ship(0, away(kLand, 1))));
    CHECK(is_legal(s, cmd::road(0, side(kLand, 1))));
    const Cards hand = hand_of(s, 0);
    ok(s, cmd::ship(0, away(kLand, 1)));
    ok(s, cmd::road(0, side(kLand, 1)));
    CHECK(hand_of(s, 0) == hand);  // both free
    CHECK(s.phase == Phase::Main);
    CHECK(s.players[0].ships_left == 14);
    CHECK(s.players[0].roads_left == 14);
}

}  // namespace
}  // namespace catan::test
