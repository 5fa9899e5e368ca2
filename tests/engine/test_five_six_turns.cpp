// How turns go round with 5 and 6 players: the 2025 paired turns (R-X6, the default) and the earlier
// editions' special building phase (R-X7). The choices where the texts are silent are in
// docs/rules-choices.md ("5–6 players").
#include "test_five_six_support.hpp"

#include <utility>

using namespace catan;
using namespace catan::test;
using namespace catan::test::five_six;

namespace {

const Event* build_phase_event(const std::vector<Event>& ev) { return find_event(ev, EventType::BuildPhaseStarted); }

// From seat `turn`'s turn in Main: ends it and checks that the paired step of `paired` begins.
void enter_paired_step(GameState& s, int turn, int paired) {
    REQUIRE(s.step == Step::Turn);
    REQUIRE(int(s.current) == turn);
    const auto ev = ok(s, cmd::end_turn(turn));
    CHECK(find_event(ev, EventType::TurnEnded, turn) != nullptr);
    CHECK(find_event(ev, EventType::TurnStarted) == nullptr);
    const Event* started = build_phase_event(ev);
    REQUIRE(started != nullptr);
    CHECK(int(started->player) == paired);
    CHECK(int(started->a) == 1);
    CHECK(s.step == Step::PairedBuild);
    CHECK(s.phase == Phase::Main);
    CHECK(s.rolled);
    CHECK(int(s.turn_player) == turn);
    CHECK(int(s.current) == paired);
    CHECK(players_to_act(s) == 1u << paired);
    CHECK(state_is_ok(s));
}

}  // namespace

// ================================================================ R-X6 paired turns

TEST_CASE("R-X6 paired turns are the default with 5 and 6 players", "[R-X6]") {
    CHECK(GameOptions{}.turn_structure == TurnStructure::Paired);
    GameState s = blank_game(5);
    enter_paired_step(s, 0, 3);
}

TEST_CASE("R-X6 over two rounds: each turn is followed by the paired step of the seat three places left, then both markers move one seat",
          "[R-X6]") {
    // Seat of player 2 after each turn of seats 0, 1, 2 ... (three places to player 1's left), written out.
    const std::vector<std::pair<int, std::vector<int>>> games{
        {5, {3, 4, 0, 1, 2, 3, 4, 0, 1, 2}},
        {6, {3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1, 2}},
    };
    for (const auto& [players, paired] : games) {
        INFO(players << " players");
        GameState s = blank(players);
        std::vector<std::pair<Step, int>> seen;
        for (int k = 0; k < 2 * players; ++k) {
            const int turn = k % players;
            INFO("turn of seat " << turn);
            CHECK(int(s.turn) == 1 + k);
            seen.emplace_back(s.step, s.current);
            enter_paired_step(s, turn, paired[static_cast<std::size_t>(k)]);
            seen.emplace_back(s.step, s.current);
            const auto ev = ok(s, cmd::end_turn(s.current));
            // The step ends and the next seat's turn starts: no second TurnEnded, no build phase.
            CHECK(count_events(ev, EventType::TurnEnded) == 0);
            CHECK(build_phase_event(ev) == nullptr);
            const Event* started = find_event(ev, EventType::TurnStarted);
            REQUIRE(started != nullptr);
            CHECK(int(started->player) == (turn + 1) % players);
            CHECK(s.step == Step::Turn);
            CHECK(s.phase == Phase::PreRoll);
            CHECK(int(s.current) == (turn + 1) % players);
            CHECK(int(s.turn_player) == (turn + 1) % players);
            quiet_roll(s);
        }
        std::vector<std::pair<Step, int>> expected;
        for (int k = 0; k < 2 * players; ++k) {
            expected.emplace_back(Step::Turn, k % players);
            expected.emplace_back(Step::PairedBuild, paired[static_cast<std::size_t>(k)]);
        }
        CHECK(seen == expected);
    }
}

TEST_CASE("R-X6 in the paired step player 2 trades with the bank and a harbor, builds and buys", "[R-X6]") {
    GameState s = blank(5);
    // A settlement on a 3:1 harbor.
    const int harbor = s.harbor_nodes[kGenericHarbor].lowest();
    put_settlement(s, 3, harbor);
    const Plot net = give_plot(s, 3);
    enter_paired_step(s, 0, 3);

    give(s, 3, ResourceSet{4, 0, 0, 0, 0});
    CHECK(is_legal(s, cmd::bank_trade(3, Resource::Brick, Resource::Grain)));
    ok(s, cmd::bank_trade(3, Resource::Brick, Resource::Grain));  // 3:1 at the harbor
    CHECK(cards(s.players[3].hand) == cards(1, 0, 0, 1, 0));
    give(s, 3, ResourceSet{0, 4, 0, 0, 0});
    ok(s, cmd::bank_trade(3, Resource::Lumber, Resource::Ore));
    CHECK(cards(s.players[3].hand) == cards(1, 1, 0, 1, 1));

    give(s, 3, ResourceSet{1, 1, 1, 1, 0});
    CHECK(is_legal(s, cmd::settlement(3, net.spot)));
    ok(s, cmd::settlement(3, net.spot));
    CHECK(is_legal(s, cmd::road(3, net.road)));
    ok(s, cmd::road(3, net.road));
    give(s, 3, ResourceSet{0, 0, 0, 2, 2});
    CHECK(is_legal(s, cmd::city(3, net.home)));
    ok(s, cmd::city(3, net.home));
    give(s, 3, kLargeRules.dev_card_cost);
    CHECK(is_legal(s, cmd::buy_dev(3)));
    ok(s, cmd::buy_dev(3));
    CHECK(s.step == Step::PairedBuild);
    CHECK(s.phase == Phase::Main);
    CHECK(s.players[3].cities.test(net.home));
    CHECK(s.players[3].settlements.test(net.spot));
    check_listed_are_accepted(s, 3);
}

TEST_CASE("R-X6 the paired player neither rolls nor trades with other players, and nobody else acts", "[R-X6]") {
    GameState s = blank(6);
    give_plot(s, 3);
    give_plot(s, 0, 20);
    give(s, 3, ResourceSet{4, 2, 2, 2, 2});
    give(s, 0, ResourceSet{2, 2, 2, 2, 2});
    enter_paired_step(s, 0, 3);

    const Error propose = refused(s, cmd::propose(3, ResourceSet{1, 0, 0, 0, 0}, ResourceSet{0, 1, 0, 0, 0}), ErrorCode::WrongPhase, "R-X6");
    CHECK(std::string(propose.message).find("bank") != std::string::npos);  // says what is allowed
    refused(s, cmd::propose(3, ResourceSet{1, 0, 0, 0, 0}, ResourceSet{0, 1, 0, 0, 0}, 0), ErrorCode::WrongPhase, "R-X6");
    CHECK_FALSE(may_propose_trade(s, 3));
    const Error roll = refused(s, cmd::roll(3), ErrorCode::WrongPhase, "R-X6");
    CHECK(std::string(roll.message).find("build") != std::string::npos);
    CHECK_FALSE(listed_kind(s, 3, CommandType::RollDice));
    CHECK(listed_kind(s, 3, CommandType::BankTrade));
    CHECK(listed_kind(s, 3, CommandType::EndTurn));

    // Player 1, whose turn it is, and everyone else wait.
    for (int q : {0, 1, 2, 4, 5}) {
        INFO("seat " << q);
        CHECK(legal_actions(s, q).empty());
        CHECK_FALSE(may_propose_trade(s, q));
        rejected(s, cmd::end_turn(q), ErrorCode::NotYourTurn);
        rejected(s, cmd::bank_trade(q, Resource::Brick, Resource::Ore), ErrorCode::NotYourTurn);
        rejected(s, cmd::buy_dev(q), ErrorCode::NotYourTurn);
    }
}

TEST_CASE("R-X6 one development card may be played in the paired step, not one bought in it", "[R-X6][R-D1]") {
    GameState s = blank(5);
    draw_dev(s, 3, DevCard::Monopoly);
    draw_dev(s, 3, DevCard::Invention);
    // Player 1 plays a card on their own turn: player 2's step still allows one of theirs.
    draw_dev(s, 0, DevCard::Invention);
    ok(s, cmd::invention(0, ResourceSet{1, 1, 0, 0, 0}));
    CHECK(s.dev_played);
    enter_paired_step(s, 0, 3);
    CHECK_FALSE(s.dev_played);

    // Bought in the step: not playable in it.
    put_on_top(s, DevCard::Knight);
    give(s, 3, kLargeRules.dev_card_cost);
    ok(s, cmd::buy_dev(3));
    CHECK(int(s.players[3].dev[static_cast<int>(DevCard::Knight)]) == 1);
    const Error bought = refused(s, cmd::knight(3), ErrorCode::DevCardUnavailable, "R-D1");
    CHECK(std::string(bought.message).find("bought") != std::string::npos);
    CHECK_FALSE(listed_kind(s, 3, CommandType::PlayKnight));

    // Held from before: one is played, then no second one.
    CHECK(listed_kind(s, 3, CommandType::PlayMonopoly));
    ok(s, cmd::monopoly(3, Resource::Brick));
    CHECK(s.dev_played);
    const Error second = refused(s, cmd::invention(3, ResourceSet{0, 0, 1, 1, 0}), ErrorCode::DevCardUnavailable, "R-D1");
    CHECK(std::string(second.message).find("one") != std::string::npos);
    CHECK_FALSE(listed_kind(s, 3, CommandType::PlayInvention));

    // The Knight bought in the step is playable on player 2's own turn (seats 1, 2 and their steps first).
    ok(s, cmd::end_turn(3));
    while (!(s.step == Step::Turn && s.current == 3)) {
        if (s.phase == Phase::PreRoll) quiet_roll(s);
        ok(s, cmd::end_turn(s.current));
    }
    REQUIRE(s.phase == Phase::PreRoll);
    CHECK(is_legal(s, cmd::knight(3)));
    ok(s, cmd::knight(3));
    CHECK(s.phase == Phase::MoveRobber);
}

TEST_CASE("R-X6 a Knight in the paired step: the robber moves, then the step goes on", "[R-X6][R-D2]") {
    GameState s = blank(6);
    give_plot(s, 1);
    give(s, 1, ResourceSet{0, 0, 0, 3, 0});
    draw_dev(s, 3, DevCard::Knight);
    enter_paired_step(s, 0, 3);
    ok(s, cmd::knight(3));
    CHECK(s.phase == Phase::MoveRobber);
    CHECK(s.step == Step::PairedBuild);
    CHECK(players_to_act(s) == 1u << 3);
    CHECK(state_is_ok(s));
    rejected(s, cmd::move_robber(0, empty_hex(s)), ErrorCode::NotYourTurn);
    // Onto seat 1's settlement, stealing its one kind of card.
    const int home = s.players[1].settlements.lowest();
    int hex = -1;
    for (std::uint8_t h : topology(s).node_hexes[static_cast<std::size_t>(home)])
        if (h != kNone && h != s.robber) hex = h;
    REQUIRE(hex >= 0);
    ok(s, cmd::move_robber(3, hex, 1));
    CHECK(int(s.robber) == hex);
    CHECK(cards(s.players[3].hand) == cards(0, 0, 0, 1, 0));
    CHECK(s.phase == Phase::Main);
    CHECK(s.step == Step::PairedBuild);
    CHECK(int(s.current) == 3);
    // Still the step: a bank trade, then the end of the step gives seat 1 its turn.
    give(s, 3, ResourceSet{4, 0, 0, 0, 0});
    ok(s, cmd::bank_trade(3, Resource::Brick, Resource::Ore));
    ok(s, cmd::end_turn(3));
    CHECK(s.step == Step::Turn);
    CHECK(int(s.current) == 1);
}

TEST_CASE("R-X6 Road Building in the paired step: two free roads, then the step goes on", "[R-X6][R-D3]") {
    GameState s = blank(5);
    give_plot(s, 3);
    draw_dev(s, 3, DevCard::RoadBuilding);
    enter_paired_step(s, 0, 3);
    ok(s, cmd::road_building(3));
    CHECK(s.phase == Phase::RoadBuilding);
    CHECK(s.step == Step::PairedBuild);
    const int roads_before = s.players[3].roads_left;
    const auto first = legal_actions(s, 3);
    REQUIRE_FALSE(first.empty());
    ok(s, first.front());
    const auto second = legal_actions(s, 3);
    REQUIRE_FALSE(second.empty());
    ok(s, second.front());
    CHECK(int(s.players[3].roads_left) == roads_before - 2);
    CHECK(s.players[3].hand.empty());  // free
    CHECK(s.phase == Phase::Main);
    CHECK(s.step == Step::PairedBuild);
    CHECK(int(s.current) == 3);
}

TEST_CASE("R-X6 (choice) the paired player who reaches 10 points in the paired step wins at once", "[R-X6][R-V2]") {
    GameState s = blank(5);
    const Plot net = give_plot(s, 3);
    give_settlements(s, 3, 4);                                           // 5 settlements: 5 VP
    for (int i = 0; i < 4; ++i) draw_dev(s, 3, DevCard::VictoryPoint);  // 9 VP
    REQUIRE(victory_points(s, 3) == 9);
    enter_paired_step(s, 0, 3);
    CHECK(s.phase == Phase::Main);
    // The fifth settlement is used up: a city on one (2 VP - 1) makes 10.
    give(s, 3, kLargeRules.city_cost);
    const auto ev = ok(s, cmd::city(3, net.home));
    CHECK(s.phase == Phase::GameOver);
    CHECK(int(s.winner) == 3);
    const Event* won = find_event(ev, EventType::GameWon, 3);
    REQUIRE(won != nullptr);
    CHECK(won->value == 10);
    CHECK(int(s.turn_player) == 0);  // in player 1's turn
    CHECK(state_is_ok(s));
    rejected(s, cmd::end_turn(3), ErrorCode::GameOver);
}

TEST_CASE("R-X6 (choice) a paired player already at 10 points wins as the step begins, and a VP card bought in it wins at once",
          "[R-X6][R-V2][R-V3][R-D6]") {
    SECTION("at the start of the step") {
        GameState s = blank(6);
        give_settlements(s, 3, 5);
        for (int i = 0; i < 5; ++i) draw_dev(s, 3, DevCard::VictoryPoint);
        REQUIRE(victory_points(s, 3) == 10);  // reached on player 1's turn: no win then (R-V2)
        CHECK(s.phase == Phase::Main);
        const auto ev = ok(s, cmd::end_turn(0));
        REQUIRE(build_phase_event(ev) != nullptr);
        const Event* won = find_event(ev, EventType::GameWon, 3);
        REQUIRE(won != nullptr);
        CHECK(s.phase == Phase::GameOver);
        CHECK(int(s.winner) == 3);
        CHECK(s.step == Step::PairedBuild);
    }
    SECTION("a Victory Point card bought in the step") {
        GameState s = blank(6);
        give_settlements(s, 3, 5);
        for (int i = 0; i < 4; ++i) draw_dev(s, 3, DevCard::VictoryPoint);
        REQUIRE(victory_points(s, 3) == 9);
        enter_paired_step(s, 0, 3);
        put_on_top(s, DevCard::VictoryPoint);
        give(s, 3, kLargeRules.dev_card_cost);
        ok(s, cmd::buy_dev(3));
        CHECK(s.phase == Phase::GameOver);
        CHECK(int(s.winner) == 3);
    }
    SECTION("but not another seat pushed to 10 in the step: they wait for their own turn") {
        GameState s = blank(5);
        give_settlements(s, 1, 5);
        for (int i = 0; i < 5; ++i) draw_dev(s, 1, DevCard::VictoryPoint);
        REQUIRE(victory_points(s, 1) == 10);
        enter_paired_step(s, 0, 3);
        CHECK(s.phase == Phase::Main);
        const auto ev = ok(s, cmd::end_turn(3));
        CHECK(int(s.current) == 1);
        CHECK(s.phase == Phase::GameOver);  // R-V3 at the start of seat 1's turn
        CHECK(int(s.winner) == 1);
        CHECK(find_event(ev, EventType::GameWon, 1) != nullptr);
    }
}

// ================================================================ R-X7 special building phase

TEST_CASE("R-X7 after each turn every other player in turn order, from the left, gets a special building step", "[R-X7]") {
    // 5 players, written out for the first three turns: whose step follows which turn.
    const std::vector<std::vector<int>> five{{1, 2, 3, 4}, {2, 3, 4, 0}, {3, 4, 0, 1}};
    for (int players : {5, 6}) {
        INFO(players << " players");
        GameState s = blank(players, TurnStructure::SpecialBuild);
        for (int k = 0; k < 2 * players; ++k) {
            const int turn = k % players;
            INFO("turn of seat " << turn);
            REQUIRE(s.step == Step::Turn);
            REQUIRE(int(s.current) == turn);
            std::vector<int> builders;
            auto ev = ok(s, cmd::end_turn(turn));
            CHECK(find_event(ev, EventType::TurnEnded, turn) != nullptr);
            while (s.step == Step::SpecialBuild) {
                const Event* started = build_phase_event(ev);
                REQUIRE(started != nullptr);
                CHECK(int(started->player) == int(s.current));
                CHECK(int(started->a) == 2);
                CHECK(find_event(ev, EventType::TurnStarted) == nullptr);
                CHECK(s.phase == Phase::Main);
                CHECK(s.rolled);
                CHECK(int(s.turn_player) == turn);
                CHECK(players_to_act(s) == 1u << s.current);
                CHECK(state_is_ok(s));
                builders.push_back(s.current);
                ev = ok(s, cmd::end_turn(s.current));
                CHECK(count_events(ev, EventType::TurnEnded) == 0);
            }
            std::vector<int> expected;
            for (int d = 1; d < players; ++d) expected.push_back((turn + d) % players);
            CHECK(builders == expected);
            if (players == 5 && k < 3) CHECK(builders == five[static_cast<std::size_t>(k)]);
            // Then the next seat's turn.
            const Event* started = find_event(ev, EventType::TurnStarted);
            REQUIRE(started != nullptr);
            CHECK(int(started->player) == (turn + 1) % players);
            CHECK(s.step == Step::Turn);
            CHECK(s.phase == Phase::PreRoll);
            CHECK(int(s.turn_player) == (turn + 1) % players);
            CHECK(int(s.turn) == 2 + k);
            quiet_roll(s);
        }
    }
}

TEST_CASE("R-X7 in the special building phase a player builds roads, settlements and cities and buys development cards", "[R-X7]") {
    GameState s = blank(6, TurnStructure::SpecialBuild);
    const Plot net = give_plot(s, 2);
    ok(s, cmd::end_turn(0));
    REQUIRE(int(s.current) == 1);
    rejected(s, cmd::road(2, net.road), ErrorCode::NotYourTurn);  // not yet: seat 1 builds first
    ok(s, cmd::end_turn(1));
    REQUIRE(int(s.current) == 2);
    REQUIRE(s.step == Step::SpecialBuild);
    give(s, 2, ResourceSet{1, 1, 1, 1, 0});
    CHECK(is_legal(s, cmd::settlement(2, net.spot)));
    ok(s, cmd::settlement(2, net.spot));
    give(s, 2, kLargeRules.road_cost);
    CHECK(is_legal(s, cmd::road(2, net.road)));
    ok(s, cmd::road(2, net.road));
    give(s, 2, kLargeRules.city_cost);
    CHECK(is_legal(s, cmd::city(2, net.home)));
    ok(s, cmd::city(2, net.home));
    give(s, 2, kLargeRules.dev_card_cost);
    CHECK(is_legal(s, cmd::buy_dev(2)));
    ok(s, cmd::buy_dev(2));
    CHECK(s.step == Step::SpecialBuild);
    CHECK(s.players[2].cities.test(net.home));
    CHECK(s.players[2].settlements.test(net.spot));
    CHECK(s.players[2].roads.test(net.road));
    check_listed_are_accepted(s, 2);
}

TEST_CASE("R-X7 no trade of any kind, no dice and no development card in the special building phase", "[R-X7]") {
    GameState s = blank(5, TurnStructure::SpecialBuild);
    const int harbor = s.harbor_nodes[kGenericHarbor].lowest();
    put_settlement(s, 1, harbor);  // 3:1 would be the ratio
    give_plot(s, 1);
    give(s, 1, ResourceSet{4, 4, 1, 1, 1});
    // Cards held from before (a Knight is bought below).
    for (DevCard card : {DevCard::RoadBuilding, DevCard::Invention, DevCard::Monopoly}) draw_dev(s, 1, card);
    ok(s, cmd::end_turn(0));
    REQUIRE(int(s.current) == 1);
    REQUIRE(s.step == Step::SpecialBuild);

    const Error bank = refused(s, cmd::bank_trade(1, Resource::Brick, Resource::Ore), ErrorCode::WrongPhase, "R-X7");
    CHECK(std::string(bank.message).find("build") != std::string::npos);  // says what is allowed
    refused(s, cmd::propose(1, ResourceSet{1, 0, 0, 0, 0}, ResourceSet{0, 0, 0, 0, 1}), ErrorCode::WrongPhase, "R-X7");
    CHECK_FALSE(may_propose_trade(s, 1));
    refused(s, cmd::roll(1), ErrorCode::WrongPhase, "R-X7");
    refused(s, cmd::knight(1), ErrorCode::WrongPhase, "R-X7");
    refused(s, cmd::road_building(1), ErrorCode::WrongPhase, "R-X7");
    refused(s, cmd::invention(1, ResourceSet{1, 1, 0, 0, 0}), ErrorCode::WrongPhase, "R-X7");
    refused(s, cmd::monopoly(1, Resource::Ore), ErrorCode::WrongPhase, "R-X7");
    for (CommandType t : {CommandType::BankTrade, CommandType::RollDice, CommandType::PlayKnight, CommandType::PlayRoadBuilding,
                          CommandType::PlayInvention, CommandType::PlayMonopoly})
        CHECK_FALSE(listed_kind(s, 1, t));
    CHECK(listed_kind(s, 1, CommandType::BuildRoad));
    CHECK(listed_kind(s, 1, CommandType::BuyDevCard));
    for (int q : {0, 2, 3, 4}) CHECK(legal_actions(s, q).empty());

    // A card bought in the phase is played on the buyer's own turn, which comes next (R-D1: another turn).
    put_on_top(s, DevCard::Knight);
    ok(s, cmd::buy_dev(1));
    while (s.step != Step::Turn) ok(s, cmd::end_turn(s.current));
    REQUIRE(int(s.current) == 1);
    REQUIRE(s.phase == Phase::PreRoll);
    ok(s, cmd::knight(1));
    CHECK(s.phase == Phase::MoveRobber);
}

TEST_CASE("R-X7 nobody wins in the special building phase, and the builder wins at the start of their own turn (R-V3)",
          "[R-X7][R-V2][R-V3]") {
    GameState s = blank(5, TurnStructure::SpecialBuild);
    const Plot net = give_plot(s, 2);
    give_settlements(s, 2, 3);                                          // 4 settlements
    for (int i = 0; i < 5; ++i) draw_dev(s, 2, DevCard::VictoryPoint);  // 9 VP
    REQUIRE(victory_points(s, 2) == 9);
    ok(s, cmd::end_turn(0));
    ok(s, cmd::end_turn(1));
    REQUIRE(int(s.current) == 2);
    give(s, 2, kLargeRules.settlement_cost);
    const auto ev = ok(s, cmd::settlement(2, net.spot));
    CHECK(victory_points(s, 2) == 10);
    CHECK(find_event(ev, EventType::GameWon) == nullptr);
    CHECK(s.phase == Phase::Main);
    CHECK(s.winner == kNoSeat);
    give(s, 2, kLargeRules.city_cost);
    ok(s, cmd::city(2, net.spot));  // 11: still no win
    CHECK(s.phase == Phase::Main);
    CHECK(legal_actions(s, 2).size() >= 1);

    // Seat 1's turn and its phase go by (seat 2 builds again there, still no win) ...
    ok(s, cmd::end_turn(2));
    while (s.step != Step::Turn) ok(s, cmd::end_turn(s.current));
    REQUIRE(int(s.current) == 1);
    CHECK(s.phase == Phase::PreRoll);
    quiet_roll(s);
    ok(s, cmd::end_turn(1));
    REQUIRE(int(s.current) == 2);
    REQUIRE(s.step == Step::SpecialBuild);
    CHECK(s.phase == Phase::Main);
    // ... and seat 2 wins when its own turn starts, before rolling.
    std::vector<Event> last;
    while (s.phase != Phase::GameOver) {
        REQUIRE(s.step == Step::SpecialBuild);
        last = ok(s, cmd::end_turn(s.current));
    }
    CHECK(int(s.winner) == 2);
    CHECK(int(s.turn_player) == 2);
    CHECK(s.step == Step::Turn);
    CHECK_FALSE(s.rolled);
    const Event* started = find_event(last, EventType::TurnStarted, 2);
    const Event* won = find_event(last, EventType::GameWon, 2);
    REQUIRE(started != nullptr);
    REQUIRE(won != nullptr);
    CHECK(won > started);
}

TEST_CASE("R-X7 a Victory Point card bought in the special building phase does not win then", "[R-X7][R-D6]") {
    GameState s = blank(6, TurnStructure::SpecialBuild);
    give_settlements(s, 1, 5);
    for (int i = 0; i < 4; ++i) draw_dev(s, 1, DevCard::VictoryPoint);
    ok(s, cmd::end_turn(0));
    REQUIRE(int(s.current) == 1);
    put_on_top(s, DevCard::VictoryPoint);
    give(s, 1, kLargeRules.dev_card_cost);
    const auto ev = ok(s, cmd::buy_dev(1));
    CHECK(victory_points(s, 1) == 10);
    CHECK(find_event(ev, EventType::GameWon) == nullptr);
    CHECK(s.phase == Phase::Main);
    // Seat 1's turn is next: the win comes at its start.
    while (s.step != Step::Turn) ok(s, cmd::end_turn(s.current));
    CHECK(s.phase == Phase::GameOver);
    CHECK(int(s.winner) == 1);
}

// ================================================================ both

TEST_CASE("2 to 4 players never take build steps, whatever the turn structure option says", "[R-X6][R-X7][R-T6]") {
    for (TurnStructure structure : {TurnStructure::Paired, TurnStructure::SpecialBuild}) {
        for (int players : {2, 3, 4}) {
            GameState s = blank(players, structure);
            for (int k = 0; k < players; ++k) {
                const auto ev = ok(s, cmd::end_turn(s.current));
                CHECK(build_phase_event(ev) == nullptr);
                CHECK(s.step == Step::Turn);
                CHECK(int(s.current) == (k + 1) % players);
                quiet_roll(s);
            }
        }
    }
}

TEST_CASE("find_state_problem: the build steps' seats and phases", "[R-X6][R-X7]") {
    GameState paired = blank(6);
    enter_paired_step(paired, 0, 3);
    REQUIRE(state_is_ok(paired));
    auto problem = [](GameState s, auto&& change) {
        change(s);
        const auto p = find_state_problem(s);
        return p ? std::string(p->field) + ": " + p->why : std::string();
    };
    CHECK_THAT(problem(paired, [](GameState& s) { s.current = 2; }), Catch::Contains("three seats"));
    CHECK_THAT(problem(paired, [](GameState& s) { s.options.turn_structure = TurnStructure::SpecialBuild; }),
               Catch::Contains("turn structure"));
    CHECK_THAT(problem(paired, [](GameState& s) { s.rolled = false; }), Catch::Contains("after the roll"));
    CHECK_THAT(problem(paired, [](GameState& s) { s.phase = Phase::PreRoll; }), Catch::Contains("phase"));

    GameState special = blank(5, TurnStructure::SpecialBuild);
    ok(special, cmd::end_turn(0));
    REQUIRE(special.step == Step::SpecialBuild);
    REQUIRE(state_is_ok(special));
    CHECK_THAT(problem(special, [](GameState& s) { s.phase = Phase::MoveRobber; }), Catch::Contains("special building"));
    CHECK_THAT(problem(special, [](GameState& s) { s.current = 0; }), Catch::Contains("another player"));

    GameState base = blank(4);
    CHECK_THAT(problem(base, [](GameState& s) {
                   s.step = Step::PairedBuild;
                   s.current = 3;
               }),
               Catch::Contains("5 or 6"));
}
