// Victory: what points are worth (R-V1), winning on one's own turn only (R-V2), at the start of the next
// own turn after reaching the target on another's (R-V3), and the target as a game option (R-V4).
#include "test_support_positions.hpp"

using namespace catan;
using namespace catan::test;
using namespace catan::test::pos;

namespace {

// The game is over: every command of every seat is refused with game_over and none is listed.
void check_game_over(GameState& s, int winner) {
    CHECK(phase(s) == name(Phase::GameOver));
    CHECK(s.winner == winner);
    CHECK(players_to_act(s) == 0u);
    for (int p = 0; p < s.num_players; ++p) {
        CHECK(legal_actions(s, p).empty());
        rejected(s, cmd::end_turn(p), ErrorCode::GameOver);
        rejected(s, cmd::roll(p), ErrorCode::GameOver);
        rejected(s, cmd::road(p, 0), ErrorCode::GameOver);
        rejected(s, cmd::propose(p, ResourceSet{1, 0, 0, 0, 0}, ResourceSet{0, 1, 0, 0, 0}), ErrorCode::GameOver);
    }
}

void check_won(const std::vector<Event>& ev, int winner, int points) {
    const auto won = find_event(ev, EventType::GameWon);
    REQUIRE(won);
    CHECK(won->player == winner);
    CHECK(won->value == points);
}

// cut_game() where `heir` (2 or 3) has 6 road paths and 4 cities on them (8 points) and the other of
// the two has 5 paths: seat 1 building at 24 hands Longest Road, and 10 points, to `heir`.
GameState heir_game(int heir) {
    GameState s = heir == 2 ? cut_game(6, 5) : cut_game(5, 6);
    const std::array<int, 4> cities = heir == 2 ? std::array<int, 4>{11, 21, 33, 43} : std::array<int, 4>{2, 15, 26, 37};
    for (int n : cities) put_city(s, heir, n);
    REQUIRE(victory_points(s, heir) == 8);
    return s;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// R-V1

TEST_CASE("points: settlement 1, city 2, each award 2, each victory point card 1", "[R-V1]") {
    GameState s = blank_game(4);
    CHECK(victory_points(s, 0) == 0);
    put_road_chain(s, 0, {18, 24, 30});  // roads are worth nothing by themselves
    give(s, 0, {5, 5, 5, 5, 5});         // nor are resource cards
    give_dev(s, 0, DevCard::Knight, 2);  // nor knights in hand
    CHECK(victory_points(s, 0) == 0);

    put_settlement(s, 0, 18);
    CHECK(victory_points(s, 0) == 1);
    put_city(s, 0, 0);
    CHECK(victory_points(s, 0) == 3);
    s.longest_road = 0;
    CHECK(victory_points(s, 0) == 5);
    s.largest_army = 0;
    CHECK(victory_points(s, 0) == 7);
    give_dev(s, 0, DevCard::VictoryPoint, 2);
    CHECK(victory_points(s, 0) == 9);
    CHECK(public_victory_points(s, 0) == 7);
    for (int p = 1; p < 4; ++p) CHECK(victory_points(s, p) == 0);

    // A city replacing a settlement is worth 2, not 3.
    ok(s, cmd::city(0, 18));
    CHECK(victory_points(s, 0) == 10);  // 9 - 1 (the settlement) + 2 (the city)
    CHECK(public_victory_points(s, 0) == 8);
}

// ---------------------------------------------------------------------------------------------------
// R-V2

TEST_CASE("building the tenth point wins at once and ends the game", "[R-V2]") {
    GameState s = blank_game(4);
    for (int n : {0, 2, 11}) put_city(s, 0, n);
    for (int n : {15, 18, 38}) put_settlement(s, 0, n);
    give(s, 0, kBaseRules.city_cost);
    REQUIRE(victory_points(s, 0) == 9);

    const auto ev = ok(s, cmd::city(0, 18));
    check_won(ev, 0, 10);
    check_game_over(s, 0);
}

TEST_CASE("hidden victory point cards count toward the win", "[R-V2]") {
    GameState s = blank_game(4);
    for (int n : {0, 2, 11}) put_city(s, 0, n);
    for (int n : {15, 38}) put_settlement(s, 0, n);
    give_dev(s, 0, DevCard::VictoryPoint);
    put_road(s, 0, edge(18, 24));
    give(s, 0, kBaseRules.settlement_cost);
    REQUIRE(victory_points(s, 0) == 9);
    REQUIRE(public_victory_points(s, 0) == 8);

    const auto ev = ok(s, cmd::settlement(0, 18));
    check_won(ev, 0, 10);
    check_game_over(s, 0);
}

TEST_CASE("Largest Army bringing the tenth point wins before the robber moves", "[R-V2]") {
    GameState s = blank_game(4);
    for (int n : {0, 2, 11, 15}) put_city(s, 0, n);
    give_played_knights(s, 0, 2);
    give_dev(s, 0, DevCard::Knight);
    REQUIRE(victory_points(s, 0) == 8);

    const auto ev = ok(s, cmd::knight(0));
    CHECK(s.largest_army == 0);
    check_won(ev, 0, 10);
    check_game_over(s, 0);
    rejected(s, cmd::move_robber(0, s.robber == 9 ? 10 : 9), ErrorCode::GameOver);
}

TEST_CASE("nobody wins on another player's turn, even when pushed to 10 points", "[R-V2]") {
    GameState s = heir_game(2);
    // Seat 1 cuts seat 0's road; the recount hands Longest Road to seat 2 (R-A4): 10 points.
    const auto ev = ok(s, cmd::settlement(1, 24));
    REQUIRE(s.longest_road == 2);
    CHECK(victory_points(s, 2) == 10);
    CHECK(count_events(ev, EventType::GameWon) == 0);
    CHECK(phase(s) == name(Phase::Main));
    CHECK(s.winner == kNoSeat);

    // Seat 1's turn goes on.
    give(s, 1, kBaseRules.road_cost);
    ok(s, cmd::road(1, edge(19, 25)));
    CHECK(phase(s) == name(Phase::Main));
    CHECK(s.winner == kNoSeat);
}

// ---------------------------------------------------------------------------------------------------
// R-V3

TEST_CASE("10 points reached on another's turn win at the start of one's own turn, before rolling", "[R-V3]") {
    GameState s = heir_game(2);
    ok(s, cmd::settlement(1, 24));
    REQUIRE(victory_points(s, 2) == 10);
    REQUIRE(s.winner == kNoSeat);

    const auto ev = ok(s, cmd::end_turn(1));
    check_won(ev, 2, 10);
    CHECK(count_events(ev, EventType::DiceRolled) == 0);
    CHECK_FALSE(s.rolled);
    CHECK(s.current == 2);
    check_game_over(s, 2);
}

TEST_CASE("a player who drops below 10 before their own turn does not win", "[R-V3]") {
    GameState s = heir_game(3);
    ok(s, cmd::settlement(1, 24));
    REQUIRE(s.longest_road == 3);
    REQUIRE(victory_points(s, 3) == 10);

    // Seat 2's turn: it builds a strictly longer road and takes Longest Road from seat 3.
    ok(s, cmd::end_turn(1));
    REQUIRE(s.current == 2);
    CHECK(phase(s) == name(Phase::PreRoll));
    quiet_roll(s);
    give(s, 2, {2, 2, 0, 0, 0});
    ok(s, cmd::road(2, edge(kLeft[5], kLeft[6])));
    CHECK(s.longest_road == 3);  // 6 against 6: a tie keeps it
    ok(s, cmd::road(2, edge(kLeft[6], kLeft[7])));
    REQUIRE(s.longest_road == 2);
    CHECK(victory_points(s, 3) == 8);

    const auto ev = ok(s, cmd::end_turn(2));
    CHECK(s.current == 3);
    CHECK(phase(s) == name(Phase::PreRoll));
    CHECK(s.winner == kNoSeat);
    CHECK(count_events(ev, EventType::GameWon) == 0);
    CHECK(is_legal(s, cmd::roll(3)));
}

// ---------------------------------------------------------------------------------------------------
// R-V4

TEST_CASE("the victory point target is a game option", "[R-V4]") {
    CHECK(GameOptions{}.victory_target == 10);
    GameOptions cities_and_knights;
    cities_and_knights.victory_target = 13;
    CHECK_FALSE(validate_options(cities_and_knights).has_value());

    GameOptions five;
    five.victory_target = 5;
    GameState s = blank_game_with(five);
    GameState base = blank_game(4);
    for (GameState* g : {&s, &base}) {
        put_city(*g, 0, 0);
        put_city(*g, 0, 2);
        put_road(*g, 0, edge(18, 24));
        give(*g, 0, kBaseRules.settlement_cost);
        REQUIRE(victory_points(*g, 0) == 4);
    }

    const auto ev = ok(s, cmd::settlement(0, 18));
    check_won(ev, 0, 5);
    check_game_over(s, 0);

    const auto base_ev = ok(base, cmd::settlement(0, 18));
    CHECK(count_events(base_ev, EventType::GameWon) == 0);
    CHECK(phase(base) == name(Phase::Main));
    CHECK(victory_points(base, 0) == 5);
}
