// House rules as game options: validate_options (every option, its range, a clear error), the victory
// target (R-O1) and the discard limit (R-O2).
#include "test_support_setup.hpp"

#include <string>

#include "catan/sim/random_game.hpp"

using namespace catan;
using namespace catan::test;

namespace {

GameOptions options_with(int players = 4) {
    GameOptions o;
    o.players = players;
    return o;
}

// The option is refused as a bad argument naming it, its allowed values and the rule, and the
// values either side of the range's ends are the ones refused.
void check_refused(const GameOptions& o, std::string_view rule, const std::string& option, const std::string& allowed) {
    const auto err = validate_options(o);
    REQUIRE(err.has_value());
    CHECK(to_string(err->code) == std::string_view(to_string(ErrorCode::BadArgument)));
    CHECK(err->rule == rule);
    const std::string message(err->message);
    INFO(message);
    CHECK(message.rfind(option + ":", 0) == 0);  // the message starts with the option's name
    CHECK(message.find(allowed) != std::string::npos);
}

// A game past setup, seat 0 to roll, with the given options; the robber parked on hex (2, -2); its rolls
// other than 7 are quiet_roll_dice (nothing produces).
GameState pre_roll_with(const GameOptions& o) {
    REQUIRE_FALSE(validate_options(o).has_value());
    GameState s = new_game(o);
    s.first_player = 0;
    s.current = 0;
    s.turn_player = 0;
    s.setup_step = static_cast<std::uint8_t>(2 * o.players);
    s.turn = 1;
    s.phase = Phase::PreRoll;
    s.rolled = false;
    s.robber = static_cast<std::uint8_t>(hex_at(2, -2));
    return s;
}

// `count` cards spread over the five resources (the bank holds them).
ResourceSet spread(int count) {
    ResourceSet r;
    for (int i = 0; i < count; ++i) ++r.n[static_cast<std::size_t>(i % kResourceCount)];
    return r;
}

// The next development card bought will be `card`: a card of that kind further down the deck is
// swapped to the top, so the deck keeps its composition.
void put_on_top(GameState& s, DevCard card) {
    for (int i = s.deck_top; i < s.deck_size; ++i)
        if (s.deck[static_cast<std::size_t>(i)] == card) {
            std::swap(s.deck[static_cast<std::size_t>(i)], s.deck[s.deck_top]);
            return;
        }
    FAIL("no such card left in the deck");
}

// Plays a random game (uniform over legal actions) and checks, after every command, that nobody won
// before the target (R-V2: the active player below it while the game goes on) and that the winner
// has at least the target when it ends.
int play_checking_target(GameState s, std::uint64_t chooser_seed) {
    const int target = s.options.victory_target;
    Rng chooser(chooser_seed);
    std::vector<Command> actions;
    while (s.phase != Phase::GameOver && s.turn <= 1000) {
        const int actor = sim::next_actor(s);
        legal_actions(s, actor, actions);
        REQUIRE_FALSE(actions.empty());
        REQUIRE_FALSE(apply(s, actions[chooser.below(static_cast<std::uint32_t>(actions.size()))], nullptr).has_value());
        const bool setup = s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad;
        if (s.phase != Phase::GameOver && !setup && s.step == Step::Turn) REQUIRE(victory_points(s, s.current) < target);
    }
    REQUIRE(s.phase == Phase::GameOver);
    CHECK(victory_points(s, s.winner) >= target);
    return victory_points(s, s.winner);
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// validate_options: every option, both ends of its range, and a message naming it.

TEST_CASE("options: the defaults and every value inside the ranges are accepted", "[R-O1][R-O2][R-O6]") {
    CHECK_FALSE(validate_options(GameOptions{}).has_value());
    for (int players = 2; players <= 6; ++players)
        for (int target : {3, 10, 20})
            for (int limit : {4, 7, 20})
                for (auto turns : {TurnStructure::Paired, TurnStructure::SpecialBuild}) {
                    GameOptions o = options_with(players);
                    o.victory_target = target;
                    o.discard_limit = limit;
                    o.turn_structure = turns;
                    o.friendly_robber = o.balanced_board = o.first_by_dice = (players + target) % 2 == 0;
                    INFO("players " << players << " target " << target << " limit " << limit);
                    CHECK_FALSE(validate_options(o).has_value());
                }
}

TEST_CASE("options: victory_target outside 3..20 is refused naming the option and its range", "[R-O1]") {
    for (int players : {2, 4, 6})
        for (int target : {2, 21, 0, -1, 100}) {
            GameOptions o = options_with(players);
            o.victory_target = target;
            INFO("players " << players << " target " << target);
            check_refused(o, "R-O1", "victory_target", "between 3 and 20");
        }
}

TEST_CASE("options: discard_limit outside 4..20 is refused naming the option and its range", "[R-O2]") {
    for (int players : {2, 4, 6})
        for (int limit : {3, 21, 0, -7, 255}) {
            GameOptions o = options_with(players);
            o.discard_limit = limit;
            INFO("players " << players << " limit " << limit);
            check_refused(o, "R-O2", "discard_limit", "between 4 and 20");
        }
}

TEST_CASE("options: players outside 2..6 is refused naming the option and the seat counts", "[R-O6][R-X5]") {
    for (int players : {1, 7, 0, -2, 40}) {
        INFO("players " << players);
        check_refused(options_with(players), "R-X5", "players", "2, 3, 4, 5 or 6");
    }
}

TEST_CASE("options: a turn_structure that is neither paired nor special_build is refused", "[R-X6][R-X7]") {
    for (int players : {4, 6}) {
        GameOptions o = options_with(players);
        o.turn_structure = static_cast<TurnStructure>(2);
        check_refused(o, "R-X6", "turn_structure", "paired or special_build");
    }
}

TEST_CASE("options: the first bad option is the one reported, and a state holding it is refused", "[R-O1][R-O2]") {
    GameOptions o = options_with(9);
    o.victory_target = 1;
    o.discard_limit = 1;
    CHECK(validate_options(o)->rule == "R-X5");
    o.players = 4;
    CHECK(validate_options(o)->rule == "R-O1");
    o.victory_target = 12;
    CHECK(validate_options(o)->rule == "R-O2");

    // A saved state with an option out of range is inconsistent (find_state_problem names options).
    GameState s = new_game(options_with(4));
    REQUIRE(state_is_ok(s));
    s.options.discard_limit = 30;
    const auto problem = find_state_problem(s);
    REQUIRE(problem.has_value());
    CHECK(std::string(problem->field) == "options");
    CHECK(std::string(problem->why).find("discard_limit") != std::string::npos);
}

// ---------------------------------------------------------------------------------------------------
// R-O1 victory target

TEST_CASE("R-O1 target 3: setup gives 2 points and no win, then the third point wins at once", "[R-O1]") {
    GameOptions o = options_with(4);
    o.victory_target = 3;
    o.seed = 11;
    GameState s = new_game(o);
    // Through setup with the first listed actions: everyone ends with 2 points and nobody has won.
    while (s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad) ok(s, legal_actions(s, s.current).front());
    REQUIRE(s.phase == Phase::PreRoll);
    CHECK(s.winner == kNoSeat);
    for (int p = 0; p < 4; ++p) CHECK(victory_points(s, p) == 2);

    // The active player's third point (a hidden Victory Point card bought, R-D6) ends the game.
    const int p = s.current;
    force_next_roll(s, 1, 1);  // a 2: at most a card or two, nobody over the limit
    ok(s, cmd::roll(p));
    REQUIRE(s.phase == Phase::Main);
    s.bank += s.players[p].hand;  // a position: only the development card's cost in hand
    s.players[p].hand = {};
    give(s, p, kBaseRules.dev_card_cost);
    put_on_top(s, DevCard::VictoryPoint);
    const auto ev = ok(s, cmd::buy_dev(p));
    const Event* won = find_event(ev, EventType::GameWon);
    REQUIRE(won);
    CHECK(won->player == p);
    CHECK(won->value == 3);
    CHECK(s.phase == Phase::GameOver);
}

TEST_CASE("R-O1 target 20: 19 points play on, the twentieth wins", "[R-O1]") {
    GameOptions o = options_with(4);
    o.victory_target = 20;
    GameState s = pre_roll_with(o);
    // 4 cities (8), 5 settlements (5), both awards (4), 2 Victory Point cards (2): 19 points.
    for (int n : {0, 2, 11, 15}) put_city(s, 0, n);
    for (int n : {18, 38, 41, 47, 30}) put_settlement(s, 0, n);
    s.longest_road = 0;
    s.largest_army = 0;
    give_dev(s, 0, DevCard::VictoryPoint, 2);
    REQUIRE(victory_points(s, 0) == 19);

    // At the start of seat 0's own turn with 19: no win (R-V3 reads the target too).
    s.current = 3;
    s.turn_player = 3;
    s.phase = Phase::Main;
    s.rolled = true;
    auto ev = ok(s, cmd::end_turn(3));
    CHECK(count_events(ev, EventType::GameWon) == 0);
    REQUIRE(s.current == 0);
    REQUIRE(s.phase == Phase::PreRoll);
    quiet_roll_dice(s, 1, 1);
    CHECK(s.phase == Phase::Main);

    give(s, 0, kBaseRules.dev_card_cost);
    put_on_top(s, DevCard::VictoryPoint);
    ev = ok(s, cmd::buy_dev(0));
    const Event* won = find_event(ev, EventType::GameWon);
    REQUIRE(won);
    CHECK(won->player == 0);
    CHECK(won->value == 20);
    CHECK(s.winner == 0);
}

TEST_CASE("R-O1 with the target chosen, points pushed onto another player win only on their own turn", "[R-O1][R-V2][R-V3]") {
    // cut_game-like position: seat 0 holds Longest Road with 7 paths; seat 1 (active) cuts it with a
    // settlement at 24; seat 2's 6-path road then takes the card. Seat 2 also has a city: 4 points.
    for (int target : {4, 5}) {
        GameOptions o = options_with(4);
        o.victory_target = target;
        GameState s = pre_roll_with(o);
        s.phase = Phase::Main;
        s.rolled = true;
        s.current = s.turn_player = 1;
        const std::vector<int> middle{8, 13, 18, 24, 30, 36, 41, 46}, left{11, 16, 21, 27, 33, 38, 43};
        put_settlement(s, 1, 14);
        put_settlement(s, 1, 17);
        for (std::size_t i = 0; i + 1 < middle.size(); ++i) put_road(s, 0, edge(middle[i], middle[i + 1]));
        put_road_chain(s, 1, {14, 19, 24});
        for (std::size_t i = 0; i + 1 < left.size(); ++i) put_road(s, 2, edge(left[i], left[i + 1]));
        put_city(s, 2, 11);
        s.longest_road = 0;
        give(s, 1, kBaseRules.settlement_cost);
        INFO("target " << target);

        auto ev = ok(s, cmd::settlement(1, 24));
        REQUIRE(s.longest_road == 2);
        REQUIRE(victory_points(s, 2) == 4);
        CHECK(victory_points(s, 1) == 3);  // seat 1 itself stays under both targets
        CHECK(count_events(ev, EventType::GameWon) == 0);  // R-V2: not on seat 1's turn
        CHECK(s.phase == Phase::Main);

        ev = ok(s, cmd::end_turn(1));
        REQUIRE(s.current == 2);
        if (target == 4) {  // R-V3: at the start of its own turn, before rolling
            const Event* won = find_event(ev, EventType::GameWon);
            REQUIRE(won);
            CHECK(won->player == 2);
            CHECK(won->value == 4);
            CHECK(s.phase == Phase::GameOver);
            CHECK_FALSE(s.rolled);
        } else {  // 4 points under a target of 5: play on
            CHECK(count_events(ev, EventType::GameWon) == 0);
            CHECK(s.phase == Phase::PreRoll);
        }
    }
}

TEST_CASE("R-O1 random games end exactly when the active player reaches the target", "[R-O1][R-V2]") {
    for (int players : {2, 4, 6})
        for (int target : {3, 5, 8}) {
            GameOptions o = options_with(players);
            o.victory_target = target;
            for (std::uint64_t seed = 1; seed <= 4; ++seed) {
                o.seed = seed;
                INFO("players " << players << " target " << target << " seed " << seed);
                const int vp = play_checking_target(new_game(o), seed * 31);
                // One command adds at most 2 points (an award), so a winner is never past target + 1;
                // with 5–6 players a build step outside one's turn may add more before the turn's win.
                if (players <= 4) CHECK(vp <= target + 1);
            }
        }
}

// ---------------------------------------------------------------------------------------------------
// R-O2 discard limit

TEST_CASE("R-O2 discard limit N: N cards keep, N+1 and N+2 discard half rounded down, the roller too", "[R-O2]") {
    for (int limit : {4, 5, 7, 9, 12, 20}) {
        GameOptions o = options_with(4);
        o.discard_limit = limit;
        GameState s = pre_roll_with(o);
        give(s, 0, spread(limit + 1));  // the roller
        give(s, 1, spread(limit));
        give(s, 2, spread(limit + 2));
        give(s, 3, spread(limit - 1));
        INFO("limit " << limit);
        roll_dice(s, 3, 4);
        REQUIRE(s.phase == Phase::Discard);
        CHECK(s.players[0].discard_owed == (limit + 1) / 2);
        CHECK(s.players[1].discard_owed == 0);
        CHECK(s.players[2].discard_owed == (limit + 2) / 2);
        CHECK(s.players[3].discard_owed == 0);
        CHECK(players_to_act(s) == 0b0101u);
        CHECK(legal_actions(s, 1).empty());
        CHECK(legal_actions(s, 3).empty());
        for (int p : {0, 2})
            for (const Command& c : legal_actions(s, p)) CHECK(c.give.total() == s.players[static_cast<std::size_t>(p)].discard_owed);
        rejected(s, cmd::discard(1, ResourceSet::of(Resource::Brick)), ErrorCode::InvalidDiscard);
        ok(s, legal_actions(s, 2).front());
        ok(s, legal_actions(s, 0).front());
        CHECK(s.phase == Phase::MoveRobber);
        CHECK(s.players[0].hand.total() == limit + 1 - (limit + 1) / 2);
    }
}

TEST_CASE("R-O2 a roller exactly at the limit keeps every card, and with nobody over it the 7 goes straight to the robber", "[R-O2]") {
    for (int limit : {4, 9, 20}) {
        GameOptions o = options_with(3);
        o.discard_limit = limit;
        GameState s = pre_roll_with(o);
        give(s, 0, spread(limit));
        give(s, 1, spread(limit));
        give(s, 2, spread(8));  // over the rule's 7, not over a limit of 9 or 20
        INFO("limit " << limit);
        roll_dice(s, 6, 1);
        if (limit == 4) {
            REQUIRE(s.phase == Phase::Discard);
            CHECK(s.players[2].discard_owed == 4);
            CHECK(s.players[0].discard_owed == 0);
        } else {
            CHECK(s.phase == Phase::MoveRobber);
            for (int p = 0; p < 3; ++p) CHECK(s.players[static_cast<std::size_t>(p)].discard_owed == 0);
        }
    }
}

TEST_CASE("R-O2 the discard limit holds on the 5–6 board too", "[R-O2][R-X8]") {
    GameOptions o = options_with(6);
    o.discard_limit = 10;
    GameState s = pre_roll_with(o);
    for (int p = 0; p < 6; ++p) give(s, p, spread(8 + p));  // 8..13 cards
    roll_dice(s, 2, 5);
    REQUIRE(s.phase == Phase::Discard);
    for (int p = 0; p < 6; ++p) {
        const int cards = 8 + p;
        INFO("seat " << p << " cards " << cards);
        CHECK(s.players[static_cast<std::size_t>(p)].discard_owed == (cards > 10 ? cards / 2 : 0));
    }
}
