// The rule book's first-game set-up, option `layout: beginner` (beginner.hpp; docs/rules-choices.md,
// "Beginner layout"): the fixed island, tokens and harbors, each colour's pieces already placed with
// the starting resources of its second settlement (R-S5), white left in the box with 3 players, the
// first player by dice (R-S3 as R-O5 rolls it) and the first turn at once (R-S7).
#include "test_support.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "catan/engine/beginner.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/sim/random_game.hpp"

using namespace catan;
using namespace catan::test;

namespace {

GameOptions beginner(int players, std::uint64_t seed = 1) {
    GameOptions o;
    o.players = players;
    o.seed = seed;
    o.layout = Layout::Beginner;
    return o;
}

// The hexes an intersection touches, as hex ids in ascending order.
std::vector<int> hexes_at(int node) {
    std::vector<int> h;
    for (std::uint8_t x : kBaseTopology.node_hexes[node])
        if (x != kNone) h.push_back(x);
    std::sort(h.begin(), h.end());
    return h;
}

// The ids the picture's pieces have on the base board (docs/coordinates.md), written out: intersections
// and paths by number, as the transcription the layout follows numbers them (its ids, 1-based there).
struct Expected {
    PieceColour colour;
    int first, first_road, second, second_road;
    ResourceSet starting;  // brick, lumber, wool, grain, ore: the second settlement's hexes
};
const std::array<Expected, 4> kExpected{{
    {PieceColour::Red, 8, 13, 28, 41, ResourceSet(0, 2, 0, 1, 0)},     // fields 9, forest 11, forest 8
    {PieceColour::Blue, 41, 52, 39, 56, ResourceSet(1, 1, 0, 0, 1)},   // forest 8, mountains 3, hills 5
    {PieceColour::White, 17, 25, 31, 37, ResourceSet(0, 1, 1, 0, 1)},  // forest 3, mountains 8, pasture 5
    {PieceColour::Orange, 14, 15, 40, 58, ResourceSet(0, 0, 0, 2, 1)}, // mountains 3, fields 4, fields 6
}};

const Expected& expected(PieceColour c) {
    for (const Expected& e : kExpected)
        if (e.colour == c) return e;
    FAIL("no such colour");
    return kExpected[0];
}

}  // namespace

TEST_CASE("beginner: the rule book's island, tokens and harbors, the robber on the desert", "[R-B1][R-B2][R-B3][R-B4]") {
    const Board& b = beginner_board();
    using T = Terrain;
    const std::array<T, 19> terrain{T::Mountains, T::Pasture, T::Forest,                                  // A1..A3
                                    T::Fields,    T::Hills,   T::Pasture,  T::Hills,                      // B1..B4
                                    T::Fields,    T::Forest,  T::Desert,   T::Forest, T::Mountains,       // C1..C5
                                    T::Forest,    T::Mountains, T::Fields, T::Pasture,                    // D1..D4
                                    T::Hills,     T::Fields,  T::Pasture};                                // E1..E3
    const std::array<int, 19> number{10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11};
    for (int h = 0; h < 19; ++h) {
        INFO("hex " << h);
        CHECK(b.terrain[h] == terrain[h]);
        CHECK(b.number[h] == number[h]);
    }
    // Harbor positions 0..8 (docs/coordinates.md, "Harbors") take the printed frame's kinds:
    // 3:1, grain, ore, 3:1, wool, 3:1, 3:1, brick, lumber.
    const std::array<int, 9> kinds{kGenericHarbor, 3, 4, kGenericHarbor, 2, kGenericHarbor, kGenericHarbor, 0, 1};
    for (int k = 0; k < 9; ++k) CHECK(b.harbor[k] == kinds[k]);
    CHECK(b.spiral_start == 0);
    for (int h = 19; h < kMaxHexes; ++h) CHECK(b.number[h] == 0);

    const GameState s = new_game(beginner(4));
    CHECK(s.board == b);
    CHECK(s.board_kind == BoardKind::Base);
    CHECK(s.robber == 9);  // the desert, in the middle
    CHECK(state_is_ok(s));
}

TEST_CASE("beginner: each colour's settlements and roads are where the picture has them, and legal", "[R-S4][R-S6]") {
    std::set<int> nodes;
    for (const Expected& e : kExpected) {
        INFO(to_string(e.colour));
        const BeginnerPieces p = beginner_pieces(e.colour);
        CHECK(p.first_settlement == e.first);
        CHECK(p.first_road == e.first_road);
        CHECK(p.second_settlement == e.second);
        CHECK(p.second_road == e.second_road);
        // Each road touches its own settlement (R-S4), each settlement touches three land hexes.
        const auto& ends = kBaseTopology.edge_nodes;
        CHECK((ends[p.first_road][0] == p.first_settlement || ends[p.first_road][1] == p.first_settlement));
        CHECK((ends[p.second_road][0] == p.second_settlement || ends[p.second_road][1] == p.second_settlement));
        CHECK(hexes_at(p.first_settlement).size() == 3u);
        CHECK(hexes_at(p.second_settlement).size() == 3u);
        nodes.insert(p.first_settlement);
        nodes.insert(p.second_settlement);
    }
    // The corners as the picture reads them (hex ids: A1 = 0 … E3 = 18).
    CHECK(hexes_at(8) == std::vector<int>{0, 1, 4});      // red: mountains 10, pasture 2, hills 6
    CHECK(hexes_at(28) == std::vector<int>{7, 8, 12});    // red's second: fields 9, forest 11, forest 8
    CHECK(hexes_at(41) == std::vector<int>{14, 15, 18});  // blue: fields 4, pasture 5, pasture 11
    CHECK(hexes_at(39) == std::vector<int>{12, 13, 16});  // blue's second: forest 8, mountains 3, hills 5
    CHECK(hexes_at(17) == std::vector<int>{3, 4, 8});     // white: fields 12, hills 6, forest 11
    CHECK(hexes_at(31) == std::vector<int>{10, 11, 15});  // white's second: forest 3, mountains 8, pasture 5
    CHECK(hexes_at(14) == std::vector<int>{2, 5, 6});     // orange: forest 9, pasture 4, hills 10
    CHECK(hexes_at(40) == std::vector<int>{13, 14, 17});  // orange's second: mountains 3, fields 4, fields 6
    // The distance rule (R-S6) holds between all eight, and none stands on a harbor.
    REQUIRE(nodes.size() == 8u);
    for (int a : nodes) {
        for (int b : nodes) CHECK_FALSE(kBaseTopology.node_neighbor_mask[a].test(b));
        CHECK_FALSE(harbor_node_masks(kBaseTopology, beginner_board())[kGenericHarbor].test(a));
    }
}

TEST_CASE("beginner: seats play blue, orange, white and red, and with 3 players white stays in the box", "[R-S1]") {
    CHECK(beginner_colour(4, 0) == PieceColour::Blue);
    CHECK(beginner_colour(4, 1) == PieceColour::Orange);
    CHECK(beginner_colour(4, 2) == PieceColour::White);
    CHECK(beginner_colour(4, 3) == PieceColour::Red);
    CHECK(beginner_colour(3, 0) == PieceColour::Blue);
    CHECK(beginner_colour(3, 1) == PieceColour::Orange);
    CHECK(beginner_colour(3, 2) == PieceColour::Red);
    CHECK(std::string(to_string(PieceColour::White)) == "white");
}

TEST_CASE("beginner: the pieces stand, the second settlement paid its hexes from the bank, the first turn begins",
          "[R-S5][R-S1][R-S7]") {
    for (int players : {3, 4}) {
        for (std::uint64_t seed = 0; seed < 60; ++seed) {
            INFO("players " << players << " seed " << seed);
            const GameState s = new_game(beginner(players, seed));
            REQUIRE(state_is_ok(s));
            ResourceSet dealt;
            NodeMask all{};
            for (int p = 0; p < players; ++p) {
                const Expected& e = expected(beginner_colour(players, p));
                const PlayerState& pl = s.players[p];
                NodeMask settlements{};
                settlements.set(e.first);
                settlements.set(e.second);
                EdgeMask roads{};
                roads.set(e.first_road);
                roads.set(e.second_road);
                CHECK(pl.settlements == settlements);
                CHECK(pl.roads == roads);
                CHECK(pl.cities == NodeMask{});
                CHECK(pl.settlements_left == 3);  // R-S1: 5, two on the board
                CHECK(pl.roads_left == 13);
                CHECK(pl.cities_left == 4);
                CHECK(pl.hand == e.starting);  // R-S5: the second settlement's hexes, one card each
                CHECK(pl.road_length == 1);
                CHECK(public_victory_points(s, p) == 2);
                dealt += e.starting;
                all |= settlements;
            }
            // The cards came out of the bank (R-S2: 19 each).
            for (Resource r : kAllResources) CHECK(s.bank[r] == 19 - dealt[r]);
            // With 3 players no white piece is on the board (000: "les pièces blanches restent dans la boîte").
            const Expected& white = expected(PieceColour::White);
            CHECK(all.test(white.first) == (players == 4));
            CHECK(all.test(white.second) == (players == 4));
            CHECK(s.longest_road == kNoSeat);
            CHECK(s.largest_army == kNoSeat);
            // R-S7: the first player's first turn, before the roll.
            CHECK(s.phase == Phase::PreRoll);
            CHECK(s.turn == 1);
            CHECK(s.setup_step == 2 * players);
            CHECK(s.setup_node == kNone);
            CHECK(s.current == s.first_player);
            CHECK(s.turn_player == s.first_player);
            CHECK(s.step == Step::Turn);
            CHECK(s.robber == 9);
            CHECK(s.deck_top == 0);
            const auto legal = legal_actions(s, s.current);
            CHECK(std::any_of(legal.begin(), legal.end(), [](const Command& c) { return c.type == CommandType::RollDice; }));
        }
    }
}

TEST_CASE("beginner: everyone rolls two dice and the highest starts (R-O5's roll), each roll shown, then the pieces",
          "[R-S3][R-O5][R-S4]") {
    std::map<int, std::set<int>> firsts;
    int ties = 0;
    for (int players : {3, 4}) {
        for (std::uint64_t seed = 0; seed < 200; ++seed) {
            INFO("players " << players << " seed " << seed);
            std::vector<Event> ev;
            const GameState s = new_game(beginner(players, seed), &ev);
            // First the rolls: round 1 every seat in seat order, later rounds the tied seats only.
            std::size_t i = 0;
            std::map<int, std::vector<std::pair<int, int>>> rounds;
            for (; i < ev.size() && ev[i].type == EventType::FirstRoll; ++i) rounds[ev[i].value].emplace_back(ev[i].player, ev[i].a + ev[i].b);
            REQUIRE_FALSE(rounds.empty());
            CHECK(rounds.at(1).size() == static_cast<std::size_t>(players));
            const auto& last = rounds.rbegin()->second;
            const int best = std::max_element(last.begin(), last.end(), [](auto a, auto b) { return a.second < b.second; })->second;
            CHECK(std::count_if(last.begin(), last.end(), [&](auto r) { return r.second == best; }) == 1);
            for (const auto& [seat, total] : last)
                if (total == best) CHECK(s.first_player == seat);
            ties += rounds.size() > 1;
            firsts[players].insert(s.first_player);
            // Then the setup's own events in its snake order (R-S4): settlement, road, per seat; the second
            // round in reverse with the starting resources after each second settlement (R-S5).
            std::vector<int> order;
            for (int k = 0; k < 2 * players; ++k) order.push_back(setup_player(s, k));
            for (int k = 0; k < 2 * players; ++k) {
                const int seat = order[static_cast<std::size_t>(k)];
                const Expected& e = expected(beginner_colour(players, seat));
                REQUIRE(i < ev.size());
                CHECK(ev[i].type == EventType::Built);
                CHECK(ev[i].player == seat);
                CHECK(ev[i].a == 1 /* settlement */);
                CHECK(ev[i].value == (k < players ? e.first : e.second));
                ++i;
                if (k >= players) {
                    REQUIRE(i < ev.size());
                    CHECK(ev[i].type == EventType::StartingResources);
                    CHECK(ev[i].player == seat);
                    CHECK(ev[i].resources == e.starting);
                    ++i;
                }
                REQUIRE(i < ev.size());
                CHECK(ev[i].type == EventType::Built);
                CHECK(ev[i].a == 0 /* road */);
                CHECK(ev[i].value == (k < players ? e.first_road : e.second_road));
                ++i;
            }
            REQUIRE(i + 1 == ev.size());
            CHECK(ev[i].type == EventType::TurnStarted);
            CHECK(ev[i].player == s.first_player);
            CHECK(ev[i].value == 1);
            // Nobody listening: the same game; first_by_dice on: the same game too (it rolls anyway).
            CHECK(new_game(beginner(players, seed)) == s);
            GameOptions by_dice = beginner(players, seed);
            by_dice.first_by_dice = true;
            GameState t = new_game(by_dice);
            t.options.first_by_dice = false;
            CHECK(t == s);
        }
    }
    CHECK(firsts[3].size() == 3u);  // every seat starts some game
    CHECK(firsts[4].size() == 4u);
    CHECK(ties > 20);
}

TEST_CASE("beginner: refused with 2, 5 or 6 players, with a scenario and with the balanced board, naming the option",
          "[R-S4][R-O4][R-SF1]") {
    for (int players : {2, 5, 6}) {
        const auto e = validate_options(beginner(players));
        REQUIRE(e);
        CHECK(e->code == ErrorCode::BadArgument);
        const std::string message(e->message);
        INFO(message);
        CHECK(message.rfind("layout: ", 0) == 0);
        CHECK(message.find(std::to_string(players) + " players") != std::string::npos);
        CHECK(message.find("3 and 4 players") != std::string::npos);
    }
    for (int players : {3, 4}) CHECK_FALSE(validate_options(beginner(players)));

    GameOptions sea = beginner(4);
    sea.scenario = Scenario::NewShores;
    auto e = validate_options(sea);
    REQUIRE(e);
    CHECK(std::string(e->message).rfind("layout: ", 0) == 0);
    CHECK(std::string(e->message).find("scenario") != std::string::npos);

    GameOptions balanced = beginner(3);
    balanced.balanced_board = true;
    e = validate_options(balanced);
    REQUIRE(e);
    CHECK(std::string(e->message).rfind("balanced_board: ", 0) == 0);
    CHECK(e->rule == std::string_view("R-O4"));

    GameOptions unknown = beginner(4);
    unknown.layout = static_cast<Layout>(2);
    e = validate_options(unknown);
    REQUIRE(e);
    CHECK(std::string(e->message) == "layout: random or beginner");

    // The default stays the random set-up, unchanged.
    CHECK(GameOptions{}.layout == Layout::Random);
    CHECK(std::string(to_string(Layout::Random)) == "random");
    CHECK(std::string(to_string(Layout::Beginner)) == "beginner");
}

TEST_CASE("beginner: the state check refuses a beginner game on another board", "[R-B1]") {
    GameState s = new_game(beginner(4, 5));
    REQUIRE(state_is_ok(s));
    std::swap(s.board.number[0], s.board.number[1]);
    refresh_derived(s);
    const auto problem = find_state_problem(s);
    REQUIRE(problem);
    CHECK(std::string(problem->field) == "board");
    // The same board under the random layout is a board like any other.
    s.options.layout = Layout::Random;
    CHECK(state_is_ok(s));
}

TEST_CASE("beginner: random games from the set-up play to the end with a consistent state after every command",
          "[R-S5][R-S7][R-V2]") {
    int won = 0;
    for (int players : {3, 4}) {
        for (std::uint64_t seed = 0; seed < 20; ++seed) {
            INFO("players " << players << " seed " << seed);
            GameState s = new_game(beginner(players, seed));
            Rng chooser(seed ^ 0x5eed5eed5eed5eedULL);
            std::vector<Command> legal;
            int commands = 0;
            while (s.phase != Phase::GameOver && s.turn <= 1000) {
                const int seat = sim::next_actor(s);
                legal_actions(s, seat, legal);
                REQUIRE_FALSE(legal.empty());
                const Command c = legal[chooser.below(static_cast<std::uint32_t>(legal.size()))];
                const auto error = apply(s, c);
                REQUIRE_FALSE(error);
                ++commands;
                if (commands % 16 == 0) REQUIRE(state_is_ok(s));
                CHECK(s.phase != Phase::SetupSettlement);
                CHECK(s.phase != Phase::SetupRoad);
            }
            REQUIRE(state_is_ok(s));
            CHECK(s.options.layout == Layout::Beginner);
            CHECK(s.board == beginner_board());
            won += s.phase == Phase::GameOver;
        }
    }
    CHECK(won >= 36);
}
