// Awards: Longest Road (R-A1..R-A4) and Largest Army (R-A5).
#include "test_support_positions.hpp"

using namespace catan;
using namespace catan::test;
using namespace catan::test::pos;

namespace {

std::optional<Event> road_award_change(const std::vector<Event>& ev) { return find_event(ev, EventType::LongestRoadChanged); }
std::optional<Event> army_award_change(const std::vector<Event>& ev) { return find_event(ev, EventType::LargestArmyChanged); }

// The active seat 1 builds its settlement at `node`, cutting seat 0's middle road; returns the events.
std::vector<Event> cut_at(GameState& s, int node) {
    CHECK(is_legal(s, cmd::settlement(1, node)));
    return ok(s, cmd::settlement(1, node));
}

// A hex other than the robber's that touches no building, for a knight that steals from nobody.

}  // namespace

// ---------------------------------------------------------------------------------------------------
// R-A1

TEST_CASE("Longest Road needs a continuous road of at least 5 paths", "[R-A1]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 8);
    put_road_chain(s, 0, {8, 13, 18, 24});
    give(s, 0, {2, 2, 0, 0, 0});

    const auto four = ok(s, cmd::road(0, edge(24, 30)));
    CHECK(s.players[0].road_length == 4);
    CHECK(s.longest_road == kNoSeat);
    CHECK_FALSE(road_award_change(four));
    CHECK(victory_points(s, 0) == 1);

    const auto five = ok(s, cmd::road(0, edge(30, 36)));
    CHECK(s.players[0].road_length == 5);
    CHECK(s.longest_road == 0);
    CHECK(victory_points(s, 0) == 3);
    CHECK(public_victory_points(s, 0) == 3);
    const auto change = road_award_change(five);
    REQUIRE(change);
    CHECK(change->player == 0);
    CHECK(change->other == kNoSeat);
    CHECK(change->value == 5);
}

TEST_CASE("branches of a road do not add up: only the longest trail counts", "[R-A1]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 8);
    // A Y around intersection 18: arms 18-13-8 and 18-24-30, then a third arm 18-23.
    put_road_chain(s, 0, {8, 13, 18, 24, 30});
    give(s, 0, {3, 3, 0, 0, 0});

    ok(s, cmd::road(0, edge(18, 23)));  // 5 paths, longest trail 4
    CHECK(s.players[0].roads_left == kBaseRules.roads - 5);
    CHECK(longest_road_of(s, 0) == 4);
    CHECK(s.players[0].road_length == 4);
    CHECK(s.longest_road == kNoSeat);

    ok(s, cmd::road(0, edge(23, 17)));  // three arms of 2: still 4
    CHECK(longest_road_of(s, 0) == 4);
    CHECK(s.longest_road == kNoSeat);

    const auto ev = ok(s, cmd::road(0, edge(17, 12)));  // arms of 2, 2 and 3: 30-24-18-23-17-12
    CHECK(longest_road_of(s, 0) == 5);
    CHECK(s.longest_road == 0);
    const auto change = road_award_change(ev);
    REQUIRE(change);
    CHECK(change->value == 5);
}

TEST_CASE("a closed loop counts each path once", "[R-A1]") {
    GameState s = blank_game(4);
    const auto& ring = kBaseTopology.hex_nodes[9];  // the six corners of the centre hex, in order
    put_settlement(s, 0, ring[0]);
    for (int i = 0; i < 5; ++i) put_road(s, 0, edge(ring[static_cast<std::size_t>(i)], ring[static_cast<std::size_t>(i) + 1]));
    give(s, 0, {2, 2, 0, 0, 0});
    REQUIRE(s.players[0].road_length == 5);
    s.longest_road = 0;

    ok(s, cmd::road(0, edge(ring[5], ring[0])));  // closes the loop
    CHECK(longest_road_of(s, 0) == 6);
    CHECK(s.players[0].road_length == 6);

    // A tail from the loop: round the loop and out along the tail.
    REQUIRE(ring[0] == 18);
    ok(s, cmd::road(0, edge(18, 13)));
    CHECK(longest_road_of(s, 0) == 7);
    CHECK(s.longest_road == 0);
}

// ---------------------------------------------------------------------------------------------------
// R-A2

TEST_CASE("an opponent's settlement or city cuts a road", "[R-A2]") {
    GameState s = cut_game(0, 0);
    cut_at(s, 24);  // 8-13-18-24 and 24-30-36-41-46 remain
    CHECK(longest_road_of(s, 0) == 4);
    CHECK(s.players[0].road_length == 4);
    CHECK(s.players[1].road_length == 2);  // the cutter's own road is whole

    GameState t = cut_game(0, 0);
    put_city(t, 2, 36);  // 8-...-36 and 36-41-46
    CHECK(longest_road_of(t, 0) == 5);
    put_city(t, 3, 18);  // 18-24-30-36 is now the longest piece
    CHECK(longest_road_of(t, 0) == 3);
}

TEST_CASE("the player's own settlements and cities do not cut its road", "[R-A2]") {
    GameState s = cut_game(0, 0);
    set_turn(s, 0);
    give(s, 0, kBaseRules.settlement_cost);

    const auto ev = ok(s, cmd::settlement(0, 24));
    CHECK(longest_road_of(s, 0) == 7);
    CHECK(s.players[0].road_length == 7);
    CHECK(s.longest_road == 0);
    CHECK_FALSE(road_award_change(ev));

    put_city(s, 0, 41);
    CHECK(longest_road_of(s, 0) == 7);
}

// ---------------------------------------------------------------------------------------------------
// R-A3

TEST_CASE("a tie leaves Longest Road with its holder, a strictly longer road takes it", "[R-A3]") {
    GameState s = blank_game(4);
    set_turn(s, 1);
    put_chain_prefix(s, 0, kLeft, 5);
    s.longest_road = 0;
    put_settlement(s, 1, kRight[0]);
    put_chain_prefix(s, 1, kRight, 4);
    give(s, 1, {2, 2, 0, 0, 0});
    REQUIRE(victory_points(s, 0) == 2);

    const auto tie = ok(s, cmd::road(1, edge(kRight[4], kRight[5])));
    CHECK(s.players[1].road_length == 5);
    CHECK(s.longest_road == 0);
    CHECK_FALSE(road_award_change(tie));
    CHECK(victory_points(s, 0) == 2);
    CHECK(victory_points(s, 1) == 1);

    const auto longer = ok(s, cmd::road(1, edge(kRight[5], kRight[6])));
    CHECK(s.players[1].road_length == 6);
    CHECK(s.longest_road == 1);
    CHECK(victory_points(s, 0) == 0);
    CHECK(victory_points(s, 1) == 3);
    const auto change = road_award_change(longer);
    REQUIRE(change);
    CHECK(change->player == 1);
    CHECK(change->other == 0);
    CHECK(change->value == 6);
}

// ---------------------------------------------------------------------------------------------------
// R-A4

TEST_CASE("after a cut the holder keeps Longest Road while at 5 or more and not strictly beaten", "[R-A4]") {
    GameState s = cut_game(5, 4);
    const auto ev = cut_at(s, 18);  // seat 0: 2 + 5
    CHECK(s.players[0].road_length == 5);
    CHECK(s.players[2].road_length == 5);
    CHECK(s.longest_road == 0);
    CHECK_FALSE(road_award_change(ev));
}

TEST_CASE("after a cut a strictly longer road takes Longest Road from a holder still at 5", "[R-A4]") {
    GameState s = cut_game(6, 4);
    const auto ev = cut_at(s, 18);
    CHECK(s.players[0].road_length == 5);
    CHECK(s.longest_road == 2);
    const auto change = road_award_change(ev);
    REQUIRE(change);
    CHECK(change->player == 2);
    CHECK(change->other == 0);
    CHECK(change->value == 6);
}

TEST_CASE("after a cut below 5 the single longest road of 5 or more takes Longest Road", "[R-A4]") {
    GameState s = cut_game(5, 4);
    const auto ev = cut_at(s, 24);  // seat 0: 3 + 4
    CHECK(s.players[0].road_length == 4);
    CHECK(s.longest_road == 2);
    CHECK(victory_points(s, 0) == 0);
    CHECK(victory_points(s, 2) == 2);
    const auto change = road_award_change(ev);
    REQUIRE(change);
    CHECK(change->player == 2);
    CHECK(change->other == 0);
    CHECK(change->value == 5);
}

TEST_CASE("after a cut with nobody at 5 or more Longest Road goes back to the bank", "[R-A4]") {
    GameState s = cut_game(4, 3);
    const auto ev = cut_at(s, 24);
    CHECK(s.players[0].road_length == 4);
    CHECK(s.longest_road == kNoSeat);
    CHECK(victory_points(s, 0) == 0);
    const auto change = road_award_change(ev);
    REQUIRE(change);
    CHECK(change->player == kNoSeat);
    CHECK(change->other == 0);
}

TEST_CASE("after a cut a tie for longest sends Longest Road back to the bank", "[R-A4]") {
    GameState s = cut_game(5, 5);
    const auto ev = cut_at(s, 24);
    CHECK(s.players[0].road_length == 4);
    CHECK(s.players[2].road_length == 5);
    CHECK(s.players[3].road_length == 5);
    CHECK(s.longest_road == kNoSeat);
    for (int p = 0; p < 4; ++p) CHECK(victory_points(s, p) == (p == 1 ? 3 : 0));
    const auto change = road_award_change(ev);
    REQUIRE(change);
    CHECK(change->player == kNoSeat);

    // From the bank, the card again needs a strictly longest road: seat 2 builds its sixth path.
    pass_to(s, 2);
    quiet_roll(s);
    give(s, 2, kBaseRules.road_cost);
    ok(s, cmd::road(2, edge(kLeft[5], kLeft[6])));
    CHECK(s.longest_road == 2);
}

// ---------------------------------------------------------------------------------------------------
// R-A5

TEST_CASE("Largest Army goes to the first player to have played 3 knights", "[R-A5]") {
    GameState s = blank_game(4);
    give_dev(s, 0, DevCard::Knight);

    SECTION("the second knight is not enough") {
        give_played_knights(s, 0, 1);
        const auto ev = ok(s, cmd::knight(0));
        CHECK(s.players[0].knights_played == 2);
        CHECK(s.largest_army == kNoSeat);
        CHECK_FALSE(army_award_change(ev));
        CHECK(victory_points(s, 0) == 0);
    }
    SECTION("the third knight takes it") {
        give_played_knights(s, 0, 2);
        const auto ev = ok(s, cmd::knight(0));
        CHECK(s.players[0].knights_played == 3);
        CHECK(s.largest_army == 0);
        CHECK(victory_points(s, 0) == 2);
        CHECK(public_victory_points(s, 0) == 2);
        const auto change = army_award_change(ev);
        REQUIRE(change);
        CHECK(change->player == 0);
        CHECK(change->other == kNoSeat);
        CHECK(change->value == 3);
    }
}

TEST_CASE("Largest Army changes hands only for strictly more played knights", "[R-A5]") {
    GameState s = blank_game(4);
    give_played_knights(s, 1, 3);
    s.largest_army = 1;
    give_played_knights(s, 0, 2);
    give_dev(s, 0, DevCard::Knight, 2);

    const auto tie = ok(s, cmd::knight(0));  // 3 against 3
    CHECK(s.largest_army == 1);
    CHECK_FALSE(army_award_change(tie));
    CHECK(victory_points(s, 1) == 2);
    ok(s, cmd::move_robber(0, empty_hex(s)));

    pass_to(s, 0);
    const auto more = ok(s, cmd::knight(0));  // 4 against 3, before the roll
    CHECK(s.largest_army == 0);
    CHECK(victory_points(s, 0) == 2);
    CHECK(victory_points(s, 1) == 0);
    const auto change = army_award_change(more);
    REQUIRE(change);
    CHECK(change->player == 0);
    CHECK(change->other == 1);
    CHECK(change->value == 4);
}

TEST_CASE("knights held in hand do not count for Largest Army", "[R-A5]") {
    GameState s = blank_game(4);
    give_dev(s, 0, DevCard::Knight, 5);
    give_played_knights(s, 1, 2);
    CHECK(s.largest_army == kNoSeat);
    CHECK(victory_points(s, 0) == 0);

    ok(s, cmd::knight(0));
    CHECK(s.players[0].knights_played == 1);
    CHECK(s.largest_army == kNoSeat);
}

TEST_CASE("a knight bought this turn cannot be played to take Largest Army", "[R-A5]") {
    GameState s = blank_game(4);
    give_played_knights(s, 0, 2);
    set_top_card(s, DevCard::Knight);
    give(s, 0, kBaseRules.dev_card_cost);
    ok(s, cmd::buy_dev(0));

    CHECK_FALSE(is_legal(s, cmd::knight(0)));
    rejected(s, cmd::knight(0), ErrorCode::DevCardUnavailable);
    CHECK(s.largest_army == kNoSeat);
    CHECK(s.players[0].knights_played == 2);
}
