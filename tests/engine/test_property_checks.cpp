// Guards the property test's own invariant checks: each single corruption of a good state is caught.
#include <catch2/catch.hpp>

#include <vector>

#include "catan/engine/engine.hpp"
#include "catan/sim/random_game.hpp"
#include "property_checks.hpp"

using namespace catan;

TEST_CASE("the invariant checks catch corrupted states", "[property]") {
    // Guards the checks themselves: a mid-game state passes, and each single corruption is caught.
    GameOptions o;
    o.players = 4;
    o.seed = 42;
    GameState s = new_game(o);
    Rng chooser(7);
    prop::PlayedCards played;
    std::vector<Command> actions;
    // Play until someone holds an award and has development cards, or 2,000 commands.
    for (int i = 0; i < 2000 && s.phase != Phase::GameOver; ++i) {
        if (i > 400 && s.phase == Phase::Main && s.longest_road != kNoSeat) break;
        legal_actions(s, sim::next_actor(s), actions);
        const Command c = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
        REQUIRE_FALSE(apply(s, c, nullptr).has_value());
        played.record(c);
    }
    REQUIRE(s.phase == Phase::Main);
    REQUIRE(s.longest_road != kNoSeat);
    REQUIRE(prop::check_state(s, played).empty());
    const int holder = s.longest_road, other = (holder + 1) % s.num_players;

    auto broken = [&](auto&& corrupt) {
        GameState bad = s;
        prop::PlayedCards bad_played = played;
        corrupt(bad, bad_played);
        return prop::check_state(bad, bad_played);
    };
    CHECK_THAT(broken([](GameState& b, auto&) { --b.bank.n[2]; }), Catch::Contains("resource 2 totals"));
    CHECK_THAT(broken([](GameState& b, auto&) { b.players[1].hand.n[0] = 250; }), Catch::Contains("underflow"));
    CHECK_THAT(broken([](GameState& b, auto&) { ++b.players[0].roads_left; }), Catch::Contains("roads"));
    CHECK_THAT(broken([](GameState& b, auto&) { --b.players[2].settlements_left; }), Catch::Contains("settlements"));
    CHECK_THAT(broken([&](GameState& b, auto&) { ++b.players[other].road_length; }), Catch::Contains("road_length"));
    CHECK_THAT(broken([&](GameState& b, auto&) { b.longest_road = static_cast<std::uint8_t>(other); }),
               Catch::Contains("longest road holder"));
    CHECK_THAT(broken([](GameState& b, auto&) { b.largest_army = 0; }), Catch::Contains("largest army"));
    CHECK_THAT(broken([](GameState& b, auto&) { b.occupied ^= node_bit(0); }), Catch::Contains("occupied"));
    CHECK_THAT(broken([](GameState& b, auto&) { b.blocked ^= node_bit(53); }), Catch::Contains("blocked"));
    CHECK_THAT(broken([](GameState& b, auto&) { ++b.deck_top; }), Catch::Contains("development cards"));
    CHECK_THAT(broken([](GameState&, auto& p) { ++p.n[3][0]; }), Catch::Contains("kind 0"));
    CHECK_THAT(broken([](GameState& b, auto&) { b.winner = 1; }), Catch::Contains("winner"));
    CHECK_THAT(broken([](GameState& b, auto&) { b.free_roads = 1; }), Catch::Contains("free_roads"));
    CHECK_THAT(broken([](GameState& b, auto&) { b.players[2].discard_owed = 3; }), Catch::Contains("discard"));
    CHECK_THAT(broken([](GameState& b, auto&) { b.offer.give = ResourceSet{1, 0, 0, 0, 0}; }), Catch::Contains("offer"));
    CHECK_THAT(broken([](GameState& b, auto&) { b.rolled = false; }), Catch::Contains("before rolling"));
    CHECK_THAT(broken([](GameState& b, auto&) { b.players[0].dev[4] += 12; }), Catch::Contains("kind 4"));

    // Transitions: the engine's result passes, a tampered result does not.
    GameState before = s, after = s;
    REQUIRE_FALSE(apply(after, cmd::end_turn(s.current), nullptr).has_value());
    CHECK(prop::check_transition(before, cmd::end_turn(s.current), after).empty());
    GameState tampered = after;
    ++tampered.turn;
    CHECK_THAT(prop::check_transition(before, cmd::end_turn(s.current), tampered), Catch::Contains("turn"));
    before = after;
    REQUIRE_FALSE(apply(after, cmd::roll(after.current), nullptr).has_value());
    CHECK(prop::check_transition(before, cmd::roll(before.current), after).empty());
    tampered = after;
    --tampered.bank.n[4];
    ++tampered.players[0].hand.n[4];
    CHECK_THAT(prop::check_transition(before, cmd::roll(before.current), tampered), Catch::Contains("hand"));

    // The hash sees a one-field change.
    GameState moved = s;
    moved.robber = static_cast<std::uint8_t>((moved.robber + 1) % BaseVariant::hexes);
    CHECK(prop::state_hash(moved) != prop::state_hash(s));
    CHECK(prop::state_hash(GameState(s)) == prop::state_hash(s));
}

TEST_CASE("the invariant checks catch corrupted build steps", "[property]") {
    // Guards the 5-6 player checks: a paired and a special building step pass, and each corruption of
    // whose step it is, its phase or a win in it is caught; a tampered pass-on fails the transition.
    for (TurnStructure structure : {TurnStructure::Paired, TurnStructure::SpecialBuild}) {
        GameOptions o;
        o.players = 6;
        o.seed = 43;
        o.turn_structure = structure;
        GameState s = new_game(o);
        Rng chooser(8);
        prop::PlayedCards played;
        std::vector<Command> actions;
        for (int i = 0; i < 20000 && !(s.step != Step::Turn && s.turn > 20 && s.phase == Phase::Main); ++i) {
            legal_actions(s, sim::next_actor(s), actions);
            const Command c = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
            REQUIRE_FALSE(apply(s, c, nullptr).has_value());
            played.record(c);
        }
        INFO(to_string(structure));
        REQUIRE(s.step == (structure == TurnStructure::Paired ? Step::PairedBuild : Step::SpecialBuild));
        REQUIRE(prop::check_state(s, played).empty());
        auto broken = [&](auto&& corrupt) {
            GameState bad = s;
            corrupt(bad);
            return prop::check_state(bad, played);
        };
        CHECK_THAT(broken([](GameState& b) { b.current = b.turn_player; }), Catch::Contains(" step") || Catch::Contains("its own"));
        CHECK_THAT(broken([](GameState& b) { b.rolled = false; }), Catch::Contains("before roll"));
        CHECK_THAT(broken([](GameState& b) { b.step = Step::Turn; }), Catch::Contains("acts in the turn of"));
        CHECK_THAT(broken([&](GameState& b) { b.options.turn_structure = structure == TurnStructure::Paired ? TurnStructure::SpecialBuild : TurnStructure::Paired; }),
                   Catch::Contains("players"));
        if (structure == TurnStructure::Paired) {
            CHECK_THAT(broken([](GameState& b) { b.current = static_cast<std::uint8_t>((b.current + 1) % 6); }), Catch::Contains("paired step of seat"));
        } else {
            CHECK_THAT(broken([](GameState& b) { b.phase = Phase::RoadBuilding; b.free_roads = 1; }), Catch::Contains("special building step in phase"));
        }

        // The pass-on: the engine's result passes, a tampered one does not.
        GameState after = s;
        REQUIRE_FALSE(apply(after, cmd::end_turn(s.current), nullptr).has_value());
        CHECK(prop::check_transition(s, cmd::end_turn(s.current), after).empty());
        GameState tampered = after;
        tampered.current = static_cast<std::uint8_t>((tampered.current + 1) % 6);
        CHECK_THAT(prop::check_transition(s, cmd::end_turn(s.current), tampered), Catch::Contains("current"));
    }
}
