// Development cards: when they may be played (R-D1), and each card's effect (R-D2..R-D7).
#include <algorithm>

#include "test_support_positions.hpp"

using namespace catan;
using namespace catan::test;
using namespace catan::test::pos;

namespace {

constexpr auto kKnight = static_cast<std::size_t>(DevCard::Knight);
constexpr auto kVictoryPoint = static_cast<std::size_t>(DevCard::VictoryPoint);

// The same game, turned back to before the active player's roll.
GameState before_roll(GameState s) {
    s.phase = Phase::PreRoll;
    s.rolled = false;
    return s;
}

// A hex other than the robber's that touches no building, for a knight that steals from nobody.

// A hex other than the robber's.
int other_hex(const GameState& s) { return s.robber == 9 ? 10 : 9; }

Command play(int p, DevCard card) {
    switch (card) {
        case DevCard::Knight: return cmd::knight(p);
        case DevCard::RoadBuilding: return cmd::road_building(p);
        case DevCard::Invention: return cmd::invention(p, ResourceSet{1, 0, 0, 0, 1});
        case DevCard::Monopoly: return cmd::monopoly(p, Resource::Wool);
        case DevCard::VictoryPoint: break;
    }
    FAIL("victory point cards are not played");
    return {};
}

std::vector<int> legal_road_paths(const GameState& s, int p) {
    std::vector<int> out;
    for (const Command& c : legal_actions(s, p))
        if (c.type == CommandType::BuildRoad) out.push_back(c.target);
    std::sort(out.begin(), out.end());
    return out;
}

int dev_plays_listed(const GameState& s, int p) {
    return count_legal(s, p, CommandType::PlayKnight) + count_legal(s, p, CommandType::PlayRoadBuilding) +
           count_legal(s, p, CommandType::PlayInvention) + count_legal(s, p, CommandType::PlayMonopoly);
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// R-D1

TEST_CASE("a development card cannot be played on the turn it was bought", "[R-D1]") {
    for (DevCard card : {DevCard::Knight, DevCard::RoadBuilding, DevCard::Invention, DevCard::Monopoly}) {
        INFO("card: " << to_string(card));
        GameState s = blank_game(2);
        put_settlement(s, 0, 18);  // somewhere to build free roads from
        set_top_card(s, card);
        give(s, 0, kBaseRules.dev_card_cost);
        ok(s, cmd::buy_dev(0));
        REQUIRE(s.players[0].dev[static_cast<std::size_t>(card)] == 1);

        CHECK(dev_plays_listed(s, 0) == 0);
        const Error e = rejected(s, play(0, card), ErrorCode::DevCardUnavailable);
        CHECK(e.rule == "R-D1");

        // On the owner's next turn it can be played, even before the roll.
        pass_to(s, 0);
        CHECK(dev_plays_listed(s, 0) > 0);
        CHECK(is_legal(s, play(0, card)));
        ok(s, play(0, card));
        CHECK(s.players[0].dev[static_cast<std::size_t>(card)] == 0);
    }
}

TEST_CASE("a card held from before stays playable when another of its kind is bought", "[R-D1]") {
    GameState s = blank_game(4);
    give_dev(s, 0, DevCard::Knight);
    set_top_card(s, DevCard::Knight);
    give(s, 0, kBaseRules.dev_card_cost);
    ok(s, cmd::buy_dev(0));
    REQUIRE(s.players[0].dev[kKnight] == 2);

    CHECK(is_legal(s, cmd::knight(0)));
    ok(s, cmd::knight(0));
    CHECK(s.players[0].dev[kKnight] == 1);
    CHECK(s.players[0].knights_played == 1);
}

TEST_CASE("at most one development card per turn, whatever the kinds", "[R-D1]") {
    GameState s = before_roll(blank_game(2));
    give_dev(s, 0, DevCard::Knight);
    give_dev(s, 0, DevCard::Invention);
    give_dev(s, 0, DevCard::Monopoly);
    give_dev(s, 0, DevCard::Knight);

    ok(s, cmd::knight(0));
    ok(s, cmd::move_robber(0, empty_hex(s)));
    CHECK(phase(s) == name(Phase::PreRoll));
    CHECK(dev_plays_listed(s, 0) == 0);
    rejected(s, cmd::knight(0), ErrorCode::DevCardUnavailable);
    rejected(s, cmd::invention(0, ResourceSet{0, 0, 0, 2, 0}), ErrorCode::DevCardUnavailable);

    quiet_roll(s);
    CHECK(dev_plays_listed(s, 0) == 0);
    rejected(s, cmd::monopoly(0, Resource::Ore), ErrorCode::DevCardUnavailable);
    rejected(s, cmd::invention(0, ResourceSet{0, 0, 0, 2, 0}), ErrorCode::DevCardUnavailable);

    // Next turn one more may be played.
    pass_to(s, 0);
    ok(s, cmd::invention(0, ResourceSet{0, 0, 0, 2, 0}));
    rejected(s, cmd::monopoly(0, Resource::Ore), ErrorCode::DevCardUnavailable);
}

TEST_CASE("a development card may be played before the roll or after it", "[R-D1]") {
    GameState s = blank_game(4);
    give_dev(s, 0, DevCard::Monopoly);
    give(s, 1, {0, 0, 0, 0, 2});

    SECTION("before the roll") {
        s = before_roll(s);
        CHECK(is_legal(s, cmd::monopoly(0, Resource::Ore)));
        ok(s, cmd::monopoly(0, Resource::Ore));
        CHECK(phase(s) == name(Phase::PreRoll));
        CHECK_FALSE(s.rolled);
        CHECK(hand(s, 0) == counts(0, 0, 0, 0, 2));
        CHECK(is_legal(s, cmd::roll(0)));
    }
    SECTION("after the roll") {
        CHECK(is_legal(s, cmd::monopoly(0, Resource::Ore)));
        ok(s, cmd::monopoly(0, Resource::Ore));
        CHECK(phase(s) == name(Phase::Main));
        CHECK(hand(s, 0) == counts(0, 0, 0, 0, 2));
    }
}

TEST_CASE("victory point cards are exempt: they count at once and use up no play", "[R-D1][R-D6]") {
    GameState s = blank_game(4);
    give_dev(s, 0, DevCard::Knight);
    give_dev(s, 0, DevCard::VictoryPoint);  // held from before: still never played
    set_top_card(s, DevCard::VictoryPoint);
    give(s, 0, kBaseRules.dev_card_cost);
    REQUIRE(victory_points(s, 0) == 1);

    ok(s, cmd::buy_dev(0));
    CHECK(victory_points(s, 0) == 2);  // bought this turn, counted at once
    CHECK(s.players[0].dev[kVictoryPoint] == 2);
    // No command plays a victory point card; the knight is still this turn's one play.
    CHECK(dev_plays_listed(s, 0) == 1);
    CHECK(is_legal(s, cmd::knight(0)));
    ok(s, cmd::knight(0));
    CHECK(s.players[0].dev[kVictoryPoint] == 2);
    CHECK(victory_points(s, 0) == 2);
}

// ---------------------------------------------------------------------------------------------------
// R-D2

TEST_CASE("a knight moves the robber and steals, and nobody discards", "[R-D2]") {
    GameState s = blank_game(4);
    const int hex = other_hex(s);
    put_settlement(s, 1, kBaseTopology.hex_nodes[static_cast<std::size_t>(hex)][0]);
    give(s, 0, {8, 0, 0, 0, 0});   // the knight's owner holds 8 cards
    give(s, 1, {0, 0, 0, 0, 10});  // so does the victim (only ore, so the stolen card is known)
    give(s, 2, {0, 0, 9, 0, 0});
    give_dev(s, 0, DevCard::Knight);

    const auto played = ok(s, cmd::knight(0));
    CHECK(phase(s) == name(Phase::MoveRobber));
    for (int p = 0; p < 4; ++p) CHECK(s.players[static_cast<std::size_t>(p)].discard_owed == 0);
    CHECK(s.players[0].knights_played == 1);
    CHECK(s.players[0].dev[kKnight] == 0);
    const auto ev = find_event(played, EventType::DevCardPlayed);
    REQUIRE(ev);
    CHECK(ev->a == static_cast<int>(DevCard::Knight));

    CHECK(is_legal(s, cmd::move_robber(0, hex, 1)));
    CHECK_FALSE(is_legal(s, cmd::move_robber(0, s.robber)));
    const auto moved = ok(s, cmd::move_robber(0, hex, 1));
    CHECK(s.robber == hex);
    CHECK(hand(s, 0) == counts(8, 0, 0, 0, 1));
    CHECK(hand(s, 1) == counts(0, 0, 0, 0, 9));
    CHECK(hand(s, 2) == counts(0, 0, 9, 0, 0));
    CHECK(count_events(moved, EventType::Stole) == 1);
    CHECK(count_events(moved, EventType::Discarded) == 0);
    CHECK(phase(s) == name(Phase::Main));
}

// ---------------------------------------------------------------------------------------------------
// R-D3

TEST_CASE("road building places two free roads that follow the road rules", "[R-D3]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 8);
    put_road(s, 0, edge(8, 13));
    put_settlement(s, 1, 18);  // an opponent's settlement the free roads cannot pass
    give_dev(s, 0, DevCard::RoadBuilding);
    give(s, 0, kBaseRules.road_cost);  // the free roads must not take these

    CHECK(is_legal(s, cmd::road_building(0)));
    ok(s, cmd::road_building(0));
    CHECK(phase(s) == name(Phase::RoadBuilding));
    CHECK(s.free_roads == 2);
    rejected(s, cmd::end_turn(0), ErrorCode::WrongPhase);
    rejected(s, cmd::road(0, edge(35, 40)), ErrorCode::IllegalSpot);  // not connected
    rejected(s, cmd::road(0, edge(8, 13)), ErrorCode::IllegalSpot);   // already a road there

    ok(s, cmd::road(0, edge(13, 18)));  // up to the opponent's settlement is fine...
    CHECK(phase(s) == name(Phase::RoadBuilding));
    CHECK(s.free_roads == 1);
    // ...but not through it.
    CHECK(legal_road_paths(s, 0) == std::vector<int>{edge(4, 8), edge(8, 12), edge(9, 13)});
    rejected(s, cmd::road(0, edge(18, 24)), ErrorCode::IllegalSpot);
    rejected(s, cmd::road(0, edge(18, 23)), ErrorCode::IllegalSpot);

    ok(s, cmd::road(0, edge(9, 13)));
    CHECK(phase(s) == name(Phase::Main));
    CHECK(s.free_roads == 0);
    CHECK(s.players[0].roads_left == kBaseRules.roads - 3);
    CHECK(hand(s, 0) == counts(1, 1, 0, 0, 0));
    CHECK(bank(s) == counts(18, 18, 19, 19, 19));
    // A third road is not free.
    ok(s, cmd::road(0, edge(8, 12)));
    CHECK(hand(s, 0) == counts(0, 0, 0, 0, 0));
    CHECK(bank(s) == counts(19, 19, 19, 19, 19));
}

TEST_CASE("road building places only one road when one road piece is left", "[R-D3]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 18);
    // 14 of the 15 roads on the board, away from 18 and in pieces too short for Longest Road.
    put_chain_prefix(s, 0, kLeft, 4);
    put_chain_prefix(s, 0, kRight, 4);
    put_road_chain(s, 0, {38, 43, 47});
    put_road_chain(s, 0, {26, 32, 37});
    put_road_chain(s, 0, {36, 41, 46});
    REQUIRE(s.players[0].roads_left == 1);
    REQUIRE(s.players[0].road_length == 4);
    give_dev(s, 0, DevCard::RoadBuilding);

    give(s, 0, kBaseRules.road_cost);

    ok(s, cmd::road_building(0));
    CHECK(s.free_roads == 1);
    ok(s, cmd::road(0, edge(18, 24)));
    CHECK(phase(s) == name(Phase::Main));
    CHECK(s.free_roads == 0);
    CHECK(s.players[0].roads_left == 0);
    CHECK(hand(s, 0) == counts(1, 1, 0, 0, 0));
    rejected(s, cmd::road(0, edge(18, 13)), ErrorCode::NoPiecesLeft);
}

TEST_CASE("road building ends early when no legal path is left", "[R-D3]") {
    GameState s = blank_game(4);
    // Settlement on a coastal corner with two paths; opponents' roads leave one way out, to a dead end.
    put_settlement(s, 0, 0);
    put_road(s, 1, edge(0, 3));
    put_road(s, 1, edge(4, 1));
    put_road(s, 2, edge(4, 8));
    give_dev(s, 0, DevCard::RoadBuilding);

    SECTION("one road is placed, then the card is done") {
        ok(s, cmd::road_building(0));
        CHECK(legal_road_paths(s, 0) == std::vector<int>{edge(0, 4)});
        ok(s, cmd::road(0, edge(0, 4)));
        CHECK(phase(s) == name(Phase::Main));
        CHECK(s.free_roads == 0);
        CHECK(s.players[0].roads_left == kBaseRules.roads - 1);
    }
    SECTION("with no legal path at all the card cannot be played") {
        put_road(s, 3, edge(0, 4));
        CHECK_FALSE(is_legal(s, cmd::road_building(0)));
        rejected(s, cmd::road_building(0), ErrorCode::IllegalSpot);
    }
}

// ---------------------------------------------------------------------------------------------------
// R-D4

TEST_CASE("invention takes any two resources from the bank, two of a kind allowed", "[R-D4]") {
    GameState s = blank_game(4);
    give_dev(s, 0, DevCard::Invention);
    CHECK(count_legal(s, 0, CommandType::PlayInvention) == 15);  // every pair of 5 kinds, with repeats

    rejected(s, cmd::invention(0, ResourceSet{1, 0, 0, 0, 0}), ErrorCode::BadArgument);
    rejected(s, cmd::invention(0, ResourceSet{1, 1, 1, 0, 0}), ErrorCode::BadArgument);
    rejected(s, cmd::invention(0, ResourceSet{}), ErrorCode::BadArgument);

    SECTION("two different") {
        const auto ev = ok(s, cmd::invention(0, ResourceSet{1, 0, 0, 0, 1}));
        CHECK(hand(s, 0) == counts(1, 0, 0, 0, 1));
        CHECK(bank(s) == counts(18, 19, 19, 19, 18));
        const auto taken = find_event(ev, EventType::InventionTaken);
        REQUIRE(taken);
        CHECK(counts(taken->resources) == counts(1, 0, 0, 0, 1));
    }
    SECTION("two of the same") {
        ok(s, cmd::invention(0, ResourceSet{0, 0, 2, 0, 0}));
        CHECK(hand(s, 0) == counts(0, 0, 2, 0, 0));
        CHECK(bank(s) == counts(19, 19, 17, 19, 19));
    }
    CHECK(s.players[0].dev[static_cast<std::size_t>(DevCard::Invention)] == 0);
}

TEST_CASE("invention takes only what the bank has", "[R-D4]") {
    GameState s = blank_game(4);
    give_dev(s, 0, DevCard::Invention);

    SECTION("one ore left") {
        give(s, 1, ResourceSet::of(Resource::Ore, 18));
        CHECK(count_legal(s, 0, CommandType::PlayInvention) == 14);
        CHECK_FALSE(is_legal(s, cmd::invention(0, ResourceSet{0, 0, 0, 0, 2})));
        rejected(s, cmd::invention(0, ResourceSet{0, 0, 0, 0, 2}), ErrorCode::BankEmpty);
        ok(s, cmd::invention(0, ResourceSet{0, 0, 0, 1, 1}));
        CHECK(hand(s, 0) == counts(0, 0, 0, 1, 1));
        CHECK(s.bank[Resource::Ore] == 0);
    }
    SECTION("no ore left") {
        give(s, 1, ResourceSet::of(Resource::Ore, 19));
        CHECK(count_legal(s, 0, CommandType::PlayInvention) == 10);
        rejected(s, cmd::invention(0, ResourceSet{0, 0, 0, 1, 1}), ErrorCode::BankEmpty);
    }
    SECTION("a single card left in the whole bank") {
        give(s, 1, ResourceSet{19, 19, 19, 0, 0});
        give(s, 2, ResourceSet{0, 0, 0, 18, 19});
        REQUIRE(s.bank.total() == 1);
        CHECK(count_legal(s, 0, CommandType::PlayInvention) == 1);
        CHECK(is_legal(s, cmd::invention(0, ResourceSet{0, 0, 0, 1, 0})));
        rejected(s, cmd::invention(0, ResourceSet{0, 0, 0, 2, 0}), ErrorCode::BadArgument);
        ok(s, cmd::invention(0, ResourceSet{0, 0, 0, 1, 0}));
        CHECK(hand(s, 0) == counts(0, 0, 0, 1, 0));
        CHECK(s.bank.total() == 0);
    }
    SECTION("an empty bank") {
        give(s, 1, ResourceSet{19, 19, 19, 0, 0});
        give(s, 2, ResourceSet{0, 0, 0, 19, 19});
        CHECK(count_legal(s, 0, CommandType::PlayInvention) == 0);
        rejected(s, cmd::invention(0, ResourceSet{}), ErrorCode::BankEmpty);
        rejected(s, cmd::invention(0, ResourceSet{1, 0, 0, 1, 0}), ErrorCode::BankEmpty);
    }
}

// ---------------------------------------------------------------------------------------------------
// R-D5

TEST_CASE("monopoly takes every card of the named resource from every other player", "[R-D5]") {
    GameState s = blank_game(4);
    give_dev(s, 0, DevCard::Monopoly);
    give(s, 0, {0, 0, 1, 0, 0});
    give(s, 1, {2, 0, 3, 0, 0});
    give(s, 2, {0, 0, 0, 0, 1});
    give(s, 3, {0, 1, 5, 1, 0});
    const Counts bank_before = bank(s);

    CHECK(count_legal(s, 0, CommandType::PlayMonopoly) == kResourceCount);
    rejected(s, cmd::monopoly(0, static_cast<Resource>(kResourceCount)), ErrorCode::BadArgument);
    const auto ev = ok(s, cmd::monopoly(0, Resource::Wool));
    CHECK(hand(s, 0) == counts(0, 0, 9, 0, 0));
    CHECK(hand(s, 1) == counts(2, 0, 0, 0, 0));
    CHECK(hand(s, 2) == counts(0, 0, 0, 0, 1));
    CHECK(hand(s, 3) == counts(0, 1, 0, 1, 0));
    CHECK(bank(s) == bank_before);

    std::array<int, kMaxPlayers> taken{-1, -1, -1, -1};
    for (const Event& e : ev)
        if (e.type == EventType::MonopolyTaken) {
            CHECK(e.player == 0);
            CHECK(e.a == static_cast<int>(Resource::Wool));
            taken[e.other] = e.value;
        }
    CHECK(taken == std::array<int, kMaxPlayers>{-1, 3, 0, 5});
}

// ---------------------------------------------------------------------------------------------------
// R-D6

TEST_CASE("a victory point card bought on the turn it brings 10 points wins at once", "[R-D6][R-V2]") {
    GameState s = blank_game(4);
    for (int n : {0, 2, 11, 15}) put_city(s, 0, n);
    put_settlement(s, 0, 18);
    REQUIRE(victory_points(s, 0) == 9);
    give(s, 0, kBaseRules.dev_card_cost);

    SECTION("a victory point card") {
        set_top_card(s, DevCard::VictoryPoint);
        const auto ev = ok(s, cmd::buy_dev(0));
        CHECK(phase(s) == name(Phase::GameOver));
        CHECK(s.winner == 0);
        const auto won = find_event(ev, EventType::GameWon);
        REQUIRE(won);
        CHECK(won->player == 0);
        CHECK(won->value == 10);
    }
    SECTION("a knight does not do the same") {
        set_top_card(s, DevCard::Knight);
        const auto ev = ok(s, cmd::buy_dev(0));
        CHECK(phase(s) == name(Phase::Main));
        CHECK(s.winner == kNoSeat);
        CHECK(count_events(ev, EventType::GameWon) == 0);
        CHECK(victory_points(s, 0) == 9);
    }
}

TEST_CASE("victory point cards are hidden from the public score", "[R-D6]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 18);
    give_dev(s, 0, DevCard::VictoryPoint, 2);
    CHECK(victory_points(s, 0) == 3);
    CHECK(public_victory_points(s, 0) == 1);

    set_top_card(s, DevCard::VictoryPoint);
    give(s, 0, kBaseRules.dev_card_cost);
    ok(s, cmd::buy_dev(0));
    CHECK(victory_points(s, 0) == 4);
    CHECK(public_victory_points(s, 0) == 1);
}

// ---------------------------------------------------------------------------------------------------
// R-D7

TEST_CASE("the robber steals only resource cards, never development cards", "[R-D7]") {
    GameState s = blank_game(4);
    const int hex = other_hex(s);
    put_settlement(s, 1, kBaseTopology.hex_nodes[static_cast<std::size_t>(hex)][0]);
    give_dev(s, 1, DevCard::Knight, 2);
    give_dev(s, 1, DevCard::VictoryPoint);
    give_dev(s, 1, DevCard::Monopoly);
    give_dev(s, 0, DevCard::Knight);
    const DevCounts victim_devs = devs(s, 1);

    SECTION("a victim with development cards only loses nothing") {
        ok(s, cmd::knight(0));
        const auto ev = ok(s, cmd::move_robber(0, hex, 1));
        CHECK(count_events(ev, EventType::StealFailed) == 1);
        CHECK(count_events(ev, EventType::Stole) == 0);
        CHECK(hand(s, 0) == counts(0, 0, 0, 0, 0));
    }
    SECTION("a victim with one resource card loses that card") {
        give(s, 1, {0, 0, 0, 1, 0});
        ok(s, cmd::knight(0));
        ok(s, cmd::move_robber(0, hex, 1));
        CHECK(hand(s, 0) == counts(0, 0, 0, 1, 0));
        CHECK(hand(s, 1) == counts(0, 0, 0, 0, 0));
    }
    CHECK(devs(s, 1) == victim_devs);
    CHECK(devs(s, 0) == DevCounts{0, 0, 0, 0, 0});
}

TEST_CASE("development cards are neither counted nor taken when discarding", "[R-D7]") {
    GameState s = before_roll(blank_game(4));
    give(s, 1, {7, 0, 0, 0, 0});  // 7 resource cards and 5 development cards: no discard
    give_dev(s, 1, DevCard::Knight, 3);
    give_dev(s, 1, DevCard::VictoryPoint, 2);
    give(s, 2, {0, 9, 0, 0, 0});  // 9 resource cards: discards 4, whatever development cards it has
    give_dev(s, 2, DevCard::Monopoly, 2);  // the box's 2 of each progress card
    give_dev(s, 2, DevCard::Invention, 2);
    const DevCounts devs1 = devs(s, 1), devs2 = devs(s, 2);

    force_next_roll(s, 3, 4);
    ok(s, cmd::roll(0));
    REQUIRE(phase(s) == name(Phase::Discard));
    CHECK(s.players[1].discard_owed == 0);
    CHECK(s.players[2].discard_owed == 4);
    ok(s, cmd::discard(2, ResourceSet{0, 4, 0, 0, 0}));
    CHECK(phase(s) == name(Phase::MoveRobber));
    CHECK(hand(s, 1) == counts(7, 0, 0, 0, 0));
    CHECK(hand(s, 2) == counts(0, 5, 0, 0, 0));
    CHECK(devs(s, 1) == devs1);
    CHECK(devs(s, 2) == devs2);
}

TEST_CASE("trades and monopoly move only resource cards", "[R-D7]") {
    GameState s = blank_game(4);
    give(s, 0, {1, 0, 0, 0, 0});
    give(s, 1, {0, 1, 0, 0, 0});
    give_dev(s, 0, DevCard::Monopoly);
    give_dev(s, 0, DevCard::Knight);
    give_dev(s, 1, DevCard::VictoryPoint);
    give_dev(s, 1, DevCard::RoadBuilding);
    const DevCounts devs0 = devs(s, 0), devs1 = devs(s, 1);

    ok(s, cmd::propose(0, ResourceSet{1, 0, 0, 0, 0}, ResourceSet{0, 1, 0, 0, 0}));
    ok(s, cmd::counter(1, ResourceSet{0, 1, 0, 0, 0}, ResourceSet{1, 0, 0, 0, 0}));
    ok(s, cmd::confirm(0, 1));
    CHECK(hand(s, 0) == counts(0, 1, 0, 0, 0));
    CHECK(hand(s, 1) == counts(1, 0, 0, 0, 0));
    CHECK(devs(s, 0) == devs0);
    CHECK(devs(s, 1) == devs1);

    ok(s, cmd::monopoly(0, Resource::Brick));
    CHECK(hand(s, 0) == counts(1, 1, 0, 0, 0));
    CHECK(devs(s, 1) == devs1);
    CHECK(s.players[0].dev[static_cast<std::size_t>(DevCard::Monopoly)] == 0);
}
