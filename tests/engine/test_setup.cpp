// Supply and setup rules: R-S1..R-S7 (piece limits, bank and deck, first player, snake placement,
// starting resources, the distance rule during setup, the first turn).
#include "test_support_setup.hpp"

#include <map>
#include <set>

using namespace catan;
using namespace catan::test;

using std::popcount;
using std::countr_zero;
namespace {

GameState fresh(int players, std::uint64_t seed) {
    GameOptions o;
    o.players = players;
    o.seed = seed;
    REQUIRE_FALSE(validate_options(o).has_value());
    return new_game(o);
}

// Intersections within one path of `nodes` (the nodes themselves included).
NodeMask closure(NodeMask nodes) {
    NodeMask m = nodes;
    for_each_node(nodes, [&](int n) { m |= kBaseTopology.node_neighbor_mask[static_cast<std::size_t>(n)]; });
    return m;
}

// The lowest intersection where a setup settlement is allowed now and that keeps clear of `avoid`.
int first_open(const GameState& s, NodeMask avoid) {
    const NodeMask spots = rules::setup_settlement_spots<BaseVariant>(s) & ~closure(avoid);
    REQUIRE(spots != 0);
    return countr_zero(spots);
}

// The setup player places a settlement at `node`, then a road on the first path legal_actions lists.
// Returns the events of both placements.
std::vector<Event> place(GameState& s, int node) {
    const int p = s.current;
    REQUIRE(s.phase == Phase::SetupSettlement);
    auto ev = ok(s, cmd::settlement(p, node));
    REQUIRE(s.phase == Phase::SetupRoad);
    REQUIRE(s.current == p);
    const auto roads = legal_actions(s, p);
    REQUIRE_FALSE(roads.empty());
    REQUIRE(roads.front().type == CommandType::BuildRoad);
    const auto ev2 = ok(s, roads.front());
    ev.insert(ev.end(), ev2.begin(), ev2.end());
    return ev;
}

// Seat offsets from the first player, step by step (R-S4).
const std::map<int, std::vector<int>> kSnake{
    {2, {0, 1, 1, 0}},              // A B B A
    {3, {0, 1, 2, 2, 1, 0}},        // A B C C B A
    {4, {0, 1, 2, 3, 3, 2, 1, 0}},  // A B C D D C B A
};

// Intersections for a test: `count` hexes around, hexes disjoint from `used_hexes`, clear of `used_nodes`.
int node_with_hexes(int count, std::set<int>& used_hexes, NodeMask& used_nodes) {
    const Topology& t = kBaseTopology;
    for (int n = 0; n < BaseVariant::nodes; ++n) {
        if (hexes_at_node(n) != count || (closure(used_nodes) & node_bit(n))) continue;
        bool clash = false;
        for (std::uint8_t h : t.node_hexes[static_cast<std::size_t>(n)])
            if (h != kNone && used_hexes.count(h)) clash = true;
        if (clash) continue;
        for (std::uint8_t h : t.node_hexes[static_cast<std::size_t>(n)])
            if (h != kNone) used_hexes.insert(h);
        used_nodes |= node_bit(n);
        return n;
    }
    FAIL("no such intersection");
    return -1;
}

std::vector<int> hexes_of(int node) {
    std::vector<int> v;
    for (std::uint8_t h : kBaseTopology.node_hexes[static_cast<std::size_t>(node)])
        if (h != kNone) v.push_back(h);
    return v;
}

}  // namespace

// ---------------------------------------------------------------- R-S1

TEST_CASE("R-S1 each player starts with 5 settlements, 4 cities and 15 roads", "[R-S1]") {
    for (int players : {2, 3, 4}) {
        const GameState s = fresh(players, 11);
        for (int p = 0; p < players; ++p) {
            CHECK(s.players[static_cast<std::size_t>(p)].settlements_left == 5);
            CHECK(s.players[static_cast<std::size_t>(p)].cities_left == 4);
            CHECK(s.players[static_cast<std::size_t>(p)].roads_left == 15);
            CHECK(s.players[static_cast<std::size_t>(p)].settlements == 0);
            CHECK(s.players[static_cast<std::size_t>(p)].cities == 0);
            CHECK(s.players[static_cast<std::size_t>(p)].roads.count() == 0);
        }
    }
}

TEST_CASE("R-S1 setup uses pieces from the supply: 3 settlements and 13 roads remain", "[R-S1][R-S4]") {
    GameState s = fresh(3, 21);
    for (int step = 0; step < 6; ++step) place(s, first_open(s, NodeMask{}));
    for (int p = 0; p < 3; ++p) {
        CHECK(s.players[static_cast<std::size_t>(p)].settlements_left == 3);
        CHECK(s.players[static_cast<std::size_t>(p)].roads_left == 13);
        CHECK(s.players[static_cast<std::size_t>(p)].cities_left == 4);
        CHECK(popcount(s.players[static_cast<std::size_t>(p)].settlements) == 2);
        CHECK(s.players[static_cast<std::size_t>(p)].roads.count() == 2);
    }
}

TEST_CASE("R-S1 with no settlement left a settlement is rejected (no_pieces_left) and not listed", "[R-S1]") {
    GameState s = blank_game(4, 3);
    // A legal spot X for seat 0: its road leads to X, nothing near X.
    const int x = corner(hex_at(0, 0), 0);
    int y = -1;
    const int e = path_from(x, -1, &y);
    put_road(s, 0, e);
    // Four settlements far from X.
    NodeMask used = node_bit(x) | node_bit(y);
    for (int k = 0; k < 4; ++k) {
        const NodeMask free_spots = ~s.blocked & ~closure(used) & kBaseTopology.all_nodes;
        REQUIRE(free_spots != 0);
        const int n = countr_zero(free_spots);
        put_settlement(s, 0, n);
        used |= node_bit(n);
    }
    give(s, 0, ResourceSet{2, 2, 1, 1, 0});  // a settlement and a road's worth
    REQUIRE(s.players[0].settlements_left == 1);

    // One piece left: X is listed and accepted.
    CHECK(is_legal(s, cmd::settlement(0, x)));
    {
        GameState copy = s;
        ok(copy, cmd::settlement(0, x));
        CHECK(copy.players[0].settlements_left == 0);
    }

    // The fifth settlement goes elsewhere; now none is left.
    const NodeMask free_spots = ~s.blocked & ~closure(used) & kBaseTopology.all_nodes;
    REQUIRE(free_spots != 0);
    put_settlement(s, 0, countr_zero(free_spots));
    REQUIRE(s.players[0].settlements_left == 0);
    REQUIRE((s.blocked & node_bit(x)) == 0);  // the spot itself is still fine

    const Error err = rejected(s, cmd::settlement(0, x), ErrorCode::NoPiecesLeft);
    CHECK(err.rule == "R-S1");
    CHECK_FALSE(is_legal(s, cmd::settlement(0, x)));
    CHECK(count_listed(s, 0, CommandType::BuildSettlement) == 0);
    // Roads are still in supply and affordable: still listed.
    CHECK(count_listed(s, 0, CommandType::BuildRoad) > 0);
    check_listed_are_accepted(s, 0);
}

TEST_CASE("R-S1 with no city left a city is rejected (no_pieces_left) and not listed", "[R-S1]") {
    GameState s = blank_game(4, 4);
    NodeMask used{};
    std::vector<int> spots;
    for (int k = 0; k < 5; ++k) {
        const NodeMask free_spots = ~closure(used) & kBaseTopology.all_nodes;
        const int n = countr_zero(free_spots);
        spots.push_back(n);
        used |= node_bit(n);
    }
    // Three cities and two settlements: one city left.
    for (int k = 0; k < 3; ++k) put_city(s, 0, spots[static_cast<std::size_t>(k)]);
    put_settlement(s, 0, spots[3]);
    put_settlement(s, 0, spots[4]);
    give(s, 0, ResourceSet{0, 0, 0, 4, 6});  // two cities' worth
    REQUIRE(s.players[0].cities_left == 1);
    CHECK(is_legal(s, cmd::city(0, spots[3])));
    CHECK(is_legal(s, cmd::city(0, spots[4])));
    ok(s, cmd::city(0, spots[3]));
    REQUIRE(s.players[0].cities_left == 0);
    CHECK(s.players[0].settlements_left == 4);  // 5 - 2 placed + 1 returned by the city

    const Error err = rejected(s, cmd::city(0, spots[4]), ErrorCode::NoPiecesLeft);
    CHECK(err.rule == "R-S1");
    CHECK(count_listed(s, 0, CommandType::BuildCity) == 0);
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 2, 3));
}

TEST_CASE("R-S1 with no road left a road is rejected (no_pieces_left) and not listed", "[R-S1]") {
    GameState s = blank_game(4, 5);
    const Topology& t = kBaseTopology;
    // 14 roads along the coast, then one more on the 15th coastal path.
    for (int k = 0; k < 14; ++k) put_road(s, 0, t.coast_edges[static_cast<std::size_t>(k)]);
    give(s, 0, ResourceSet{2, 2, 0, 0, 0});
    REQUIRE(s.players[0].roads_left == 1);
    const int next = t.coast_edges[14], after = t.coast_edges[15];
    CHECK(is_legal(s, cmd::road(0, next)));
    ok(s, cmd::road(0, next));
    REQUIRE(s.players[0].roads_left == 0);
    CHECK(s.players[0].roads.count() == 15);

    const Error err = rejected(s, cmd::road(0, after), ErrorCode::NoPiecesLeft);
    CHECK(err.rule == "R-S1");
    CHECK(count_listed(s, 0, CommandType::BuildRoad) == 0);
    CHECK(hand_of(s, 0) == cards(1, 1, 0, 0, 0));
}

// ---------------------------------------------------------------- R-S2

TEST_CASE("R-S2 the bank starts with 19 of each resource and hands are empty", "[R-S2]") {
    for (int players : {2, 3, 4}) {
        const GameState s = fresh(players, 8);
        CHECK(bank_of(s) == cards(19, 19, 19, 19, 19));
        for (int p = 0; p < kMaxPlayers; ++p) {
            CHECK(hand_of(s, p) == cards(0, 0, 0, 0, 0));
            CHECK(s.players[static_cast<std::size_t>(p)].dev == std::array<std::uint8_t, kDevCardKinds>{});
        }
    }
}

TEST_CASE("R-S2 the development deck holds 25 cards: 14 Knight, 5 VP, 2 Road Building, 2 Invention, 2 Monopoly",
          "[R-S2]") {
    std::set<std::array<DevCard, kMaxDeck>> orders;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        const GameState s = fresh(4, seed);
        CHECK(s.deck_top == 0);
        CHECK(s.deck_left() == 25);
        std::map<DevCard, int> count;
        for (int i = 0; i < s.deck_size; ++i) ++count[s.deck[i]];
        CHECK(count[DevCard::Knight] == 14);
        CHECK(count[DevCard::VictoryPoint] == 5);
        CHECK(count[DevCard::RoadBuilding] == 2);
        CHECK(count[DevCard::Invention] == 2);
        CHECK(count[DevCard::Monopoly] == 2);
        orders.insert(s.deck);
    }
    CHECK(orders.size() == 20);  // shuffled differently for each seed
}

// ---------------------------------------------------------------- R-S3

TEST_CASE("R-S3 the first player is drawn by the seeded generator", "[R-S3]") {
    for (int players : {2, 3, 4}) {
        std::set<int> firsts;
        for (std::uint64_t seed = 0; seed < 64; ++seed) {
            const GameState a = fresh(players, seed), b = fresh(players, seed);
            CHECK(a.first_player == b.first_player);  // same seed, same first player
            REQUIRE(a.first_player < players);
            CHECK(a.current == a.first_player);  // the first player also places first (R-S4)
            CHECK(a.phase == Phase::SetupSettlement);
            CHECK(a.setup_step == 0);
            CHECK(setup_player(a, 0) == a.first_player);
            firsts.insert(a.first_player);
        }
        INFO("players " << players);
        CHECK(firsts.size() == static_cast<std::size_t>(players));  // every seat starts in some game
    }
}

// ---------------------------------------------------------------- R-S4

TEST_CASE("R-S4 snake placement order for 2, 3 and 4 players", "[R-S4]") {
    for (int players : {2, 3, 4}) {
        for (std::uint64_t seed : {1ULL, 2ULL, 3ULL, 4ULL, 5ULL}) {
            GameState s = fresh(players, seed);
            const int first = s.first_player;
            const auto& snake = kSnake.at(players);
            INFO("players " << players << " seed " << seed << " first " << first);
            for (int step = 0; step < 2 * players; ++step) {
                INFO("step " << step);
                const int expected = (first + snake[static_cast<std::size_t>(step)]) % players;
                REQUIRE(s.current == expected);
                CHECK(setup_player(s, step) == expected);
                CHECK(players_to_act(s) == 1u << expected);
                // Nobody else may place, and nothing is listed for them.
                for (int q = 0; q < players; ++q) {
                    if (q == expected) continue;
                    CHECK(legal_actions(s, q).empty());
                    const int spot = first_open(s, NodeMask{});
                    rejected(s, cmd::settlement(q, spot), ErrorCode::NotYourTurn);
                }
                const int node = first_open(s, NodeMask{});
                ok(s, cmd::settlement(expected, node));
                REQUIRE(s.current == expected);  // the same player places the road
                for (int q = 0; q < players; ++q)
                    if (q != expected) CHECK(legal_actions(s, q).empty());
                const auto roads = legal_actions(s, expected);
                REQUIRE_FALSE(roads.empty());
                ok(s, roads.front());
            }
            CHECK(s.phase == Phase::PreRoll);
        }
    }
}

TEST_CASE("R-S4 the setup road must touch the settlement just placed, not the earlier one", "[R-S4]") {
    GameState s = fresh(3, 6);
    const int a = s.first_player;
    // A's first settlement F (a 3-path intersection) with a road; the others place away from it.
    const int f = corner(hex_at(0, 0), 0);
    int f_other = -1;
    ok(s, cmd::settlement(a, f));
    // Listed roads: exactly the three paths of F.
    {
        std::set<int> listed;
        for (const Command& c : legal_actions(s, a)) {
            CHECK(c.type == CommandType::BuildRoad);
            listed.insert(c.target);
        }
        std::set<int> expected;
        for (std::uint8_t e : kBaseTopology.node_edges[static_cast<std::size_t>(f)]) expected.insert(e);
        CHECK(listed == expected);
        // A path elsewhere is rejected.
        const int far_node = corner(hex_at(-2, 2), 3);
        rejected(s, cmd::road(a, path_from(far_node, -1)), ErrorCode::IllegalSpot);
    }
    const int f_road = path_from(f, -1, &f_other);
    ok(s, cmd::road(a, f_road));
    for (int step = 1; step <= 4; ++step) place(s, first_open(s, node_bit(f)));  // B, C, C, B
    REQUIRE(s.current == a);
    REQUIRE(s.setup_step == 5);

    // A's second settlement S, far from F and not connected to it (allowed).
    const int sn = first_open(s, node_bit(f) | node_bit(f_other));
    ok(s, cmd::settlement(a, sn));
    REQUIRE(s.phase == Phase::SetupRoad);

    // Free paths at F (the earlier settlement) are refused and not listed.
    int tried = 0;
    for (std::uint8_t e : kBaseTopology.node_edges[static_cast<std::size_t>(f)]) {
        if (e == kNone || s.roads_all.test(e)) continue;
        ++tried;
        const Error err = rejected(s, cmd::road(a, e), ErrorCode::IllegalSpot);
        CHECK(err.rule == "R-S4");
        CHECK_FALSE(is_legal(s, cmd::road(a, e)));
    }
    CHECK(tried == 2);
    // A path touching neither is refused too, as is the path that already has A's road.
    rejected(s, cmd::road(a, f_road), ErrorCode::IllegalSpot);
    rejected(s, cmd::road(a, path_from(corner(hex_at(-2, 2), 3), -1)), ErrorCode::IllegalSpot);
    // Listed: exactly the free paths of S, each accepted.
    std::set<int> listed, expected;
    for (const Command& c : legal_actions(s, a)) listed.insert(c.target);
    for (std::uint8_t e : kBaseTopology.node_edges[static_cast<std::size_t>(sn)])
        if (e != kNone && !s.roads_all.test(e)) expected.insert(e);
    CHECK(listed == expected);
    CHECK_FALSE(listed.empty());
    check_listed_are_accepted(s, a);
    ok(s, cmd::road(a, *expected.begin()));
    CHECK(s.phase == Phase::PreRoll);  // setup is over
}

TEST_CASE("R-S4 setup takes a settlement first, then a road, one of each", "[R-S4]") {
    GameState s = fresh(4, 12);
    const int a = s.current;
    const int n = corner(hex_at(0, 0), 0);
    // A road before the settlement.
    const Error e1 = rejected(s, cmd::road(a, path_from(n, -1)), ErrorCode::WrongPhase);
    CHECK(e1.rule == "R-S4");
    // Nothing else either: no roll, no end of turn, no city, no trade.
    rejected(s, cmd::roll(a), ErrorCode::WrongPhase);
    rejected(s, cmd::end_turn(a), ErrorCode::WrongPhase);
    rejected(s, cmd::bank_trade(a, Resource::Brick, Resource::Ore), ErrorCode::WrongPhase);
    ok(s, cmd::settlement(a, n));
    // A second settlement before the road.
    const Error e2 = rejected(s, cmd::settlement(a, corner(hex_at(-2, 2), 3)), ErrorCode::WrongPhase);
    CHECK(e2.rule == "R-S4");
    rejected(s, cmd::end_turn(a), ErrorCode::WrongPhase);
    ok(s, cmd::road(a, path_from(n, -1)));
    CHECK(s.current != a);  // the next seat now
    CHECK(s.phase == Phase::SetupSettlement);
}

TEST_CASE("R-S4 setup placements cost nothing", "[R-S4]") {
    GameState s = fresh(4, 13);
    // First round: nobody has a card, yet every placement is accepted, and the bank is untouched.
    for (int step = 0; step < 4; ++step) {
        const int p = s.current;
        REQUIRE(hand_of(s, p) == cards(0, 0, 0, 0, 0));
        place(s, first_open(s, NodeMask{}));
        CHECK(hand_of(s, p) == cards(0, 0, 0, 0, 0));
    }
    CHECK(bank_of(s) == cards(19, 19, 19, 19, 19));
    // Second round: each player ends with exactly their starting resources; bank paid only those.
    int handed_out = 0;
    for (int step = 4; step < 8; ++step) {
        const int p = s.current;
        const auto ev = place(s, first_open(s, NodeMask{}));
        const Event* start = find_event(ev, EventType::StartingResources, p);
        REQUIRE(start != nullptr);
        CHECK(hand_of(s, p) == cards(start->resources));  // the road took nothing back
        handed_out += start->resources.total();
    }
    int in_hands = 0;
    for (int p = 0; p < 4; ++p) in_hands += s.players[static_cast<std::size_t>(p)].hand.total();
    CHECK(in_hands == handed_out);
    CHECK(s.bank.total() == 95 - handed_out);
}

// ---------------------------------------------------------------- R-S5

TEST_CASE("R-S5 starting resources: one per producing hex at the second settlement, none for the first", "[R-S5]") {
    GameState s = fresh(4, 14);
    const int first = s.first_player;
    // Second-round spots with disjoint hexes; their terrain is set here so the payout is exact.
    std::set<int> used_hexes;
    NodeMask reserved{};
    const int d_spot = node_with_hexes(3, used_hexes, reserved);  // D: pasture, pasture, fields
    const int c_spot = node_with_hexes(2, used_hexes, reserved);  // C: fields, fields (and the sea)
    const int b_spot = node_with_hexes(1, used_hexes, reserved);  // B: mountains only (and the sea)
    const int a_spot = node_with_hexes(3, used_hexes, reserved);  // A: hills, forest and the desert
    {
        const auto d = hexes_of(d_spot), c = hexes_of(c_spot), b = hexes_of(b_spot), a = hexes_of(a_spot);
        REQUIRE(d.size() == 3);
        REQUIRE(c.size() == 2);
        REQUIRE(b.size() == 1);
        REQUIRE(a.size() == 3);
        NamedHexes named;
        named.set_terrain(s, d[0], Terrain::Pasture);
        named.set_terrain(s, d[1], Terrain::Pasture);
        named.set_terrain(s, d[2], Terrain::Fields);
        named.set_terrain(s, c[0], Terrain::Fields);
        named.set_terrain(s, c[1], Terrain::Fields);
        named.set_terrain(s, b[0], Terrain::Mountains);
        named.set_terrain(s, a[0], Terrain::Hills);
        named.set_terrain(s, a[1], Terrain::Forest);
        named.set_terrain(s, a[2], Terrain::Desert);
    }

    // First round, each on an intersection touching three producing hexes: no cards.
    for (int step = 0; step < 4; ++step) {
        NodeMask avoid = reserved;
        int n = first_open(s, avoid);
        for (;;) {
            bool producing = hexes_at_node(n) == 3;
            for (int h : hexes_of(n)) producing &= s.board.terrain[static_cast<std::size_t>(h)] != Terrain::Desert;
            if (producing) break;
            avoid |= node_bit(n);
            n = first_open(s, avoid);
        }
        const int p = s.current;
        const auto ev = place(s, n);
        CHECK(count_events(ev, EventType::StartingResources) == 0);
        CHECK(hand_of(s, p) == cards(0, 0, 0, 0, 0));
    }
    CHECK(bank_of(s) == cards(19, 19, 19, 19, 19));

    struct Expect {
        int offset, node;
        Cards hand;
    };
    const Expect second[4] = {
        {3, d_spot, cards(0, 0, 2, 1, 0)},  // D
        {2, c_spot, cards(0, 0, 0, 2, 0)},  // C
        {1, b_spot, cards(0, 0, 0, 0, 1)},  // B
        {0, a_spot, cards(1, 1, 0, 0, 0)},  // A: the desert gives nothing
    };
    for (const Expect& x : second) {
        const int p = (first + x.offset) % 4;
        INFO("seat " << p);
        REQUIRE(s.current == p);
        const auto ev = place(s, x.node);
        CHECK(hand_of(s, p) == x.hand);
        const Event* start = find_event(ev, EventType::StartingResources, p);
        REQUIRE(start != nullptr);
        CHECK(cards(start->resources) == x.hand);
    }
    CHECK(bank_of(s) == cards(18, 18, 17, 16, 18));
    CHECK(s.phase == Phase::PreRoll);
}

// ---------------------------------------------------------------- R-S6

TEST_CASE("R-S6 the distance rule holds during setup", "[R-S6]") {
    GameState s = fresh(4, 15);
    const int a = s.current;
    const int n = corner(hex_at(0, 0), 0);
    REQUIRE(paths_at_node(n) == 3);
    place(s, n);
    const int b = s.current;
    REQUIRE(b != a);

    // B: not on A's intersection, not next to it; two paths away is fine.
    CHECK(count_listed(s, b, CommandType::BuildSettlement) == BaseVariant::nodes - 4);
    const Error same = rejected(s, cmd::settlement(b, n), ErrorCode::IllegalSpot);
    CHECK(same.rule == "R-S6");
    CHECK_FALSE(is_legal(s, cmd::settlement(b, n)));
    for (std::uint8_t m : kBaseTopology.node_neighbors[static_cast<std::size_t>(n)]) {
        INFO("neighbour " << int(m));
        const Error err = rejected(s, cmd::settlement(b, m), ErrorCode::IllegalSpot);
        CHECK(err.rule == "R-S6");
        CHECK_FALSE(is_legal(s, cmd::settlement(b, m)));
    }
    const int m0 = kBaseTopology.node_neighbors[static_cast<std::size_t>(n)][0];
    int two_away = -1;
    for (std::uint8_t m : kBaseTopology.node_neighbors[static_cast<std::size_t>(m0)])
        if (m != n) two_away = m;
    REQUIRE(two_away >= 0);
    CHECK(is_legal(s, cmd::settlement(b, two_away)));
    check_listed_are_accepted(s, b);
    ok(s, cmd::settlement(b, two_away));
}

TEST_CASE("R-S6 the distance rule applies to one's own first settlement too", "[R-S6]") {
    GameState s = fresh(2, 16);
    const int a = s.current;
    const int n = corner(hex_at(0, 0), 0);
    place(s, n);              // A
    place(s, first_open(s, node_bit(n)));  // B
    place(s, first_open(s, node_bit(n)));  // B again
    REQUIRE(s.current == a);
    for (std::uint8_t m : kBaseTopology.node_neighbors[static_cast<std::size_t>(n)]) {
        if (m == kNone) continue;
        rejected(s, cmd::settlement(a, m), ErrorCode::IllegalSpot);
        CHECK_FALSE(is_legal(s, cmd::settlement(a, m)));
    }
    rejected(s, cmd::settlement(a, n), ErrorCode::IllegalSpot);
    // Every listed spot is clear of all three buildings and their neighbours.
    NodeMask all{};
    for (int p = 0; p < 2; ++p) all |= s.players[static_cast<std::size_t>(p)].settlements;
    for (const Command& c : legal_actions(s, a)) CHECK((closure(all) & node_bit(c.target)) == 0);
    CHECK(count_listed(s, a, CommandType::BuildSettlement) ==
          BaseVariant::nodes - popcount(closure(all)));
}

// ---------------------------------------------------------------- R-S7

TEST_CASE("R-S7 after setup the starting player takes the first turn", "[R-S7]") {
    for (int players : {2, 3, 4}) {
        for (std::uint64_t seed : {31ULL, 32ULL, 33ULL}) {
            GameState s = fresh(players, seed);
            const int first = s.first_player;
            std::vector<Event> last;
            for (int step = 0; step < 2 * players; ++step) last = place(s, first_open(s, NodeMask{}));
            INFO("players " << players << " seed " << seed);
            CHECK(s.current == first);
            CHECK(s.phase == Phase::PreRoll);
            CHECK(s.turn == 1);
            CHECK_FALSE(s.rolled);
            const Event* started = find_event(last, EventType::TurnStarted);
            REQUIRE(started != nullptr);
            CHECK(started->player == first);
            CHECK(started->value == 1);
            // Only the first player acts, and can only roll (nobody holds a development card yet).
            const auto mine = legal_actions(s, first);
            REQUIRE(mine.size() == 1);
            CHECK(mine[0] == cmd::roll(first));
            for (int q = 0; q < players; ++q)
                if (q != first) {
                    CHECK(legal_actions(s, q).empty());
                    rejected(s, cmd::roll(q), ErrorCode::NotYourTurn);
                }
            ok(s, cmd::roll(first));
            CHECK(s.rolled);
        }
    }
}
