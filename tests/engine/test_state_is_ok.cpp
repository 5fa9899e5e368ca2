// The engine's own consistency check (find_state_problem / state_is_ok), which apply() asserts after
// every accepted command in builds without NDEBUG: it refuses each kind of inconsistency that position
// helpers used to build, the helpers now build states it accepts, and the assert itself fires.
#include "test_support_positions.hpp"
#include "test_support_setup.hpp"
#include "catan/engine/scenario.hpp"

#include <functional>
#include <string>

using namespace catan;
using namespace catan::test;

namespace {

// The field state_is_ok refuses `s` for after `corrupt` (find_state_problem, then the derived fields'
// find_derived_problem), or "" when it accepts the state.
std::string refused_field(GameState s, const std::function<void(GameState&)>& corrupt) {
    REQUIRE(state_is_ok(s));
    corrupt(s);
    auto problem = find_state_problem(s);
    if (!problem) problem = find_derived_problem(s);
    CHECK(state_is_ok(s) == !problem);
    return problem ? problem->field : "";
}

// A mid-game position: seat 0 after its roll, with buildings, cards in hands and development cards drawn.
GameState mid_game() {
    GameState s = blank_game(4, 3);
    give_network(s, 0, corner(hex_at(0, 0), 0));
    put_settlement(s, 1, corner(hex_at(-2, 2), 3));
    give(s, 0, ResourceSet{1, 2, 0, 1, 0});
    give(s, 1, ResourceSet{0, 0, 3, 0, 1});
    give_dev(s, 1, DevCard::Knight);
    give_played_knights(s, 2, 1);
    return s;
}

}  // namespace

TEST_CASE("state_is_ok refuses a resource card that came from nowhere or vanished", "[state-check][R-S2]") {
    const GameState s = mid_game();
    CHECK(refused_field(s, [](GameState& b) { ++b.players[2].hand.n[0]; }) == "bank");  // created in a hand
    CHECK(refused_field(s, [](GameState& b) { --b.players[0].hand.n[1]; }) == "bank");  // vanished from a hand
    CHECK(refused_field(s, [](GameState& b) { b.players[3].hand = ResourceSet{1, 0, 0, 0, 0}; }) == "bank");
    CHECK(refused_field(s, [](GameState& b) { ++b.bank.n[4]; }) == "bank");
}

TEST_CASE("state_is_ok refuses development cards that were never drawn from the deck", "[state-check][R-D1]") {
    const GameState s = mid_game();
    // Held, bought or played without the deck's top moving past the card.
    CHECK(refused_field(s, [](GameState& b) { ++b.players[0].dev[static_cast<int>(DevCard::Monopoly)]; }) == "deck");
    CHECK(refused_field(s, [](GameState& b) { ++b.players[0].knights_played; }) == "deck");
    CHECK(refused_field(s, [](GameState& b) {
              ++b.players[3].dev[static_cast<int>(DevCard::Knight)];
              ++b.players[3].dev_bought[static_cast<int>(DevCard::Knight)];
          }) == "deck");
    // The top card overwritten rather than swapped up: the deck is no longer the box's.
    CHECK(refused_field(s, [](GameState& b) {
              auto& top = b.deck[static_cast<std::size_t>(b.deck_top)];
              top = top == DevCard::Monopoly ? DevCard::Knight : DevCard::Monopoly;
          }) == "deck");
}

TEST_CASE("state_is_ok refuses a turn whose acting seat is not the turn's player", "[state-check][R-T6]") {
    GameState s = mid_game();
    CHECK(refused_field(s, [](GameState& b) { b.current = 1; }) == "turn_player");
    s.phase = Phase::PreRoll;
    s.rolled = false;
    CHECK(refused_field(s, [](GameState& b) { b.turn_player = 2; }) == "turn_player");
    set_turn(s, 3);  // both together: a consistent turn of seat 3
    CHECK(state_is_ok(s));
}

TEST_CASE("state_is_ok refuses a board that does not hold its recipe", "[state-check][R-B1][R-B2]") {
    const GameState s = mid_game();
    const int desert = desert_hex(kBaseTopology, s.board), other = desert == 0 ? 1 : 0;
    // Number tokens removed, or a terrain painted over: no longer the box's hexes and tokens.
    CHECK(refused_field(s, [](GameState& b) { b.board.number.fill(0); }) == "board.numbers");
    CHECK(refused_field(s, [&](GameState& b) { b.board.number[static_cast<std::size_t>(other)] = 0; }) == "board.numbers");
    CHECK(refused_field(s, [&](GameState& b) {
              const auto t = b.board.terrain[static_cast<std::size_t>(other)];
              b.board.terrain[static_cast<std::size_t>(other)] = t == Terrain::Forest ? Terrain::Hills : Terrain::Forest;
          }) == "board.terrain");
    // Swapping whole hexes keeps the recipe (NamedHexes does that), and refresh_derived the lookups.
    CHECK(refused_field(s, [&](GameState& b) {
              std::swap(b.board.terrain[static_cast<std::size_t>(other)], b.board.terrain[static_cast<std::size_t>(desert)]);
              std::swap(b.board.number[static_cast<std::size_t>(other)], b.board.number[static_cast<std::size_t>(desert)]);
              refresh_derived(b);
          }).empty());
}

TEST_CASE("state_is_ok counts the face-down reserve's tokens with the board's, one number at a time", "[state-check][R-SF10]") {
    GameOptions o;
    o.players = 3;
    o.seed = 5;
    o.scenario = Scenario::FogIslands;
    o.victory_target = scenario_victory_target(Scenario::FogIslands, 3);
    const GameState s = new_game(o);
    REQUIRE(s.board.fog_tokens_left >= kMaxHexesPerNumber);
    int on_board = 0;
    for (int h = 0; h < topology(s).hex_count; ++h) on_board += s.board.number[static_cast<std::size_t>(h)] == 8;
    REQUIRE(on_board < kMaxHexesPerNumber);
    // The board's 8s and the reserve's may reach the most any board has, not one more: each reserve
    // token counts on top of the others, not only on top of the board's.
    const auto eights_in_reserve = [&](int n) {
        return refused_field(s, [&](GameState& b) {
            for (int k = 0; k < n; ++k) b.board.fog_tokens[static_cast<std::size_t>(k)] = 8;
        });
    };
    CHECK(eights_in_reserve(kMaxHexesPerNumber - on_board).empty());
    CHECK(eights_in_reserve(kMaxHexesPerNumber - on_board + 1) == "board.fog_tokens");
}

TEST_CASE("state_is_ok refuses derived fields left stale by a direct edit", "[state-check]") {
    const GameState s = mid_game();
    const int spot = corner(hex_at(1, 1), 3);
    REQUIRE_FALSE(s.blocked.test(spot));
    // Each edit is consistent in itself (the piece left the supply), but refresh_derived was not called.
    CHECK(refused_field(s, [&](GameState& b) {
              b.players[2].settlements |= node_bit(spot);
              --b.players[2].settlements_left;
          }) == "occupied");
    const int path = kBaseTopology.node_edges[static_cast<std::size_t>(spot)][0];
    REQUIRE_FALSE(s.roads_all.test(path));
    CHECK(refused_field(s, [&](GameState& b) {
              b.players[2].roads.set(path);
              --b.players[2].roads_left;
          }) == "roads_all");
    const int desert = desert_hex(kBaseTopology, s.board), other = desert == 0 ? 1 : 0;
    CHECK(refused_field(s, [&](GameState& b) {
              std::swap(b.board.terrain[static_cast<std::size_t>(other)], b.board.terrain[static_cast<std::size_t>(desert)]);
              std::swap(b.board.number[static_cast<std::size_t>(other)], b.board.number[static_cast<std::size_t>(desert)]);
          }) == "number_hexes");
    // The same edits followed by refresh_derived are accepted.
    CHECK(refused_field(s, [&](GameState& b) {
              b.players[2].settlements |= node_bit(spot);
              --b.players[2].settlements_left;
              b.players[2].roads.set(path);
              --b.players[2].roads_left;
              refresh_derived(b);
          }).empty());
}

TEST_CASE("state_is_ok refuses pieces that are neither on the board nor in the supply", "[state-check][R-S1]") {
    const GameState s = mid_game();
    CHECK(refused_field(s, [](GameState& b) { b.players[0].roads_left = 1; }) == "roads_left");
    CHECK(refused_field(s, [](GameState& b) { --b.players[1].settlements_left; }) == "settlements_left");
    CHECK(refused_field(s, [](GameState& b) { b.players[1].cities.set(corner(hex_at(-2, 2), 3)); }) == "cities");
}

TEST_CASE("the position helpers build states state_is_ok accepts", "[state-check]") {
    // In builds with NDEBUG apply() checks nothing, so the helpers are checked here as well (derived
    // fields included: state_is_ok compares them with what refresh_derived makes).
    CHECK(state_is_ok(blank_game(4)));
    CHECK(state_is_ok(pre_roll_game(3, 5)));
    CHECK(state_is_ok(pos::blank_game_with(GameOptions{})));
    CHECK(state_is_ok(pos::cut_game(5, 4)));
    GameState s = mid_game();
    CHECK(state_is_ok(s));
    pos::set_top_card(s, DevCard::VictoryPoint);
    give_dev(s, 3, DevCard::RoadBuilding, 2, /*bought_this_turn=*/true);
    give_played_knights(s, 0, 2);
    CHECK(state_is_ok(s));

    GameState p = pre_roll_game(4, 2);
    p.robber = static_cast<std::uint8_t>(hex_at(2, -2));
    NamedHexes paying;
    paying.set(p, hex_at(0, 0), Terrain::Forest, 8);
    paying.set(p, hex_at(1, 0), Terrain::Fields, 8);
    paying.set_terrain(p, hex_at(-1, 0), Terrain::Desert);
    put_city(p, 1, corner(hex_at(0, 0), 2));
    CHECK(state_is_ok(p));
    paying.roll(p, 4, 4);
    CHECK(state_is_ok(p));
    CHECK(p.players[1].hand.total() == 4);  // 2 lumber and 2 grain from the two named hexes only
}

// Run by ctest as engine_assert_state only in checking builds (tests/engine/CMakeLists.txt), where it
// must die in apply()'s assert: ctest looks for the assert's message.
TEST_CASE("apply asserts state_is_ok after an accepted command", "[.][assert-state]") {
    GameState s = blank_game(4);
    ++s.players[1].hand.n[0];  // a card from nowhere
    REQUIRE_FALSE(state_is_ok(s));
    const auto err = apply(s, cmd::end_turn(0), nullptr);
    CHECK_FALSE(err.has_value());
    FAIL("apply() accepted a command on a state state_is_ok refuses, and did not assert");
}
