// A turn: R-T1..R-T7 (development card before the roll, production, bank shortage, nothing before
// the roll, trading and building freely, passing the dice, others never build).
#include "test_support_setup.hpp"

#include <set>

using namespace catan;
using namespace catan::test;

namespace {

// Hexes used by the production tests: the centre, its east and west neighbours, and a far corner.
struct Hexes {
    int c, e, w, far;
};
Hexes hexes() { return {hex_at(0, 0), hex_at(1, 0), hex_at(-1, 0), hex_at(-2, 2)}; }

// A position before seat 0's roll; the test names the hexes that pay (NamedHexes) and the robber
// sits on a hex the test does not use.
GameState production_game(int players = 4) {
    GameState s = pre_roll_game(players, 2);
    s.robber = static_cast<std::uint8_t>(hex_at(2, -2));
    return s;
}

Cards total_cards(const GameState& s) {
    Cards t = bank_of(s);
    for (int p = 0; p < s.num_players; ++p)
        for (int k = 0; k < kResourceCount; ++k) t[static_cast<std::size_t>(k)] += hand_of(s, p)[static_cast<std::size_t>(k)];
    return t;
}

}  // namespace

// ---------------------------------------------------------------- R-T1

TEST_CASE("R-T1 a development card held from before may be played before the roll", "[R-T1]") {
    GameState s = pre_roll_game(4, 3);
    give_dev(s, 0, DevCard::Knight);
    give_dev(s, 0, DevCard::Monopoly);
    const int robber_before = s.robber;

    CHECK(is_legal(s, cmd::roll(0)));
    CHECK(is_legal(s, cmd::knight(0)));
    CHECK(is_legal(s, cmd::monopoly(0, Resource::Ore)));
    check_listed_are_accepted(s, 0);

    const auto ev = ok(s, cmd::knight(0));
    CHECK(count_events(ev, EventType::DevCardPlayed) == 1);
    CHECK(s.phase == Phase::MoveRobber);
    CHECK_FALSE(s.rolled);
    CHECK(s.players[0].dev[static_cast<int>(DevCard::Knight)] == 0);
    CHECK(s.players[0].knights_played == 1);

    // The Knight's robber move, then back before the roll: the dice must still be rolled.
    const int target = robber_before == hex_at(0, 0) ? hex_at(1, 0) : hex_at(0, 0);
    ok(s, cmd::move_robber(0, target));
    CHECK(s.phase == Phase::PreRoll);
    CHECK_FALSE(s.rolled);
    CHECK(s.robber == target);
    // One card per turn: the Monopoly waits. Only the roll is left.
    const auto listed = legal_actions(s, 0);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0] == cmd::roll(0));
    rejected(s, cmd::monopoly(0, Resource::Ore), ErrorCode::DevCardUnavailable);
    rejected(s, cmd::end_turn(0), ErrorCode::WrongPhase);

    roll_dice(s, 2, 3);
    CHECK(s.phase == Phase::Main);
    rejected(s, cmd::monopoly(0, Resource::Ore), ErrorCode::DevCardUnavailable);
}

TEST_CASE("R-T1 Invention before the roll, then the roll and its production", "[R-T1]") {
    GameState s = production_game();
    NamedHexes paying;
    const Hexes h = hexes();
    paying.set(s, h.c, Terrain::Fields, 6);
    put_settlement(s, 0, corner(h.c, 0));
    give_dev(s, 0, DevCard::Invention);
    ok(s, cmd::invention(0, ResourceSet{1, 1, 0, 0, 0}));
    CHECK(s.phase == Phase::PreRoll);
    CHECK(hand_of(s, 0) == cards(1, 1, 0, 0, 0));
    paying.roll(s, 3, 3);
    CHECK(hand_of(s, 0) == cards(1, 1, 0, 1, 0));
    CHECK(bank_of(s) == cards(18, 18, 19, 18, 19));
}

TEST_CASE("R-T1 a card bought this turn is not playable before the roll of that turn", "[R-T1]") {
    GameState s = pre_roll_game(4, 3);
    give_dev(s, 0, DevCard::Knight, 1, /*bought_this_turn=*/true);
    rejected(s, cmd::knight(0), ErrorCode::DevCardUnavailable);
    CHECK_FALSE(is_legal(s, cmd::knight(0)));
    const auto listed = legal_actions(s, 0);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0] == cmd::roll(0));
}

// ---------------------------------------------------------------- R-T2

TEST_CASE("R-T2 every hex with the number pays 1 per settlement and 2 per city, to every player", "[R-T2]") {
    GameState s = production_game();
    NamedHexes paying;
    const Hexes h = hexes();
    paying.set(s, h.c, Terrain::Forest, 8);
    paying.set(s, h.e, Terrain::Fields, 8);
    paying.set(s, h.w, Terrain::Hills, 5);
    // Corners 0, 2, 4 of the centre are two paths apart; corner 2 is shared with the east hex,
    // corner 4 with the west hex.
    REQUIRE(node_touches_hex(corner(h.c, 2), h.e));
    REQUIRE(node_touches_hex(corner(h.c, 4), h.w));
    put_settlement(s, 0, corner(h.c, 0));  // the roller: 1 lumber
    put_city(s, 1, corner(h.c, 4));        // 2 lumber (and 2 brick on a 5)
    put_settlement(s, 2, corner(h.c, 2));  // 1 lumber + 1 grain
    put_city(s, 3, corner(h.e, 1));        // 2 grain
    REQUIRE_FALSE(node_touches_hex(corner(h.e, 1), h.c));

    const auto ev = paying.roll(s, 4, 4);
    const Event* rolled = find_event(ev, EventType::DiceRolled);
    REQUIRE(rolled != nullptr);
    CHECK(rolled->value == 8);
    CHECK(rolled->a == 4);
    CHECK(rolled->b == 4);
    CHECK(s.phase == Phase::Main);
    CHECK(hand_of(s, 0) == cards(0, 1, 0, 0, 0));
    CHECK(hand_of(s, 1) == cards(0, 2, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 1, 0, 1, 0));
    CHECK(hand_of(s, 3) == cards(0, 0, 0, 2, 0));
    CHECK(bank_of(s) == cards(19, 15, 19, 16, 19));
    CHECK(count_events(ev, EventType::Produced) == 4);
    const Event* p3 = find_event(ev, EventType::Produced, 3);
    REQUIRE(p3 != nullptr);
    CHECK(cards(p3->resources) == cards(0, 0, 0, 2, 0));

    // Next turns: a 5 pays only the west hills, to the city next to it.
    ok(s, cmd::end_turn(0));
    paying.roll(s, 1, 4);
    CHECK(hand_of(s, 0) == cards(0, 1, 0, 0, 0));
    CHECK(hand_of(s, 1) == cards(2, 2, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 1, 0, 1, 0));
    CHECK(hand_of(s, 3) == cards(0, 0, 0, 2, 0));
    // A number on no hex pays nothing.
    ok(s, cmd::end_turn(1));
    const auto none = paying.roll(s, 6, 6);
    CHECK(count_events(none, EventType::Produced) == 0);
    CHECK(bank_of(s) == cards(17, 15, 19, 16, 19));
}

TEST_CASE("R-T2 a city produces 2 and a settlement 1 on the same hex for the same player", "[R-T2]") {
    GameState s = production_game();
    NamedHexes paying;
    const Hexes h = hexes();
    paying.set(s, h.c, Terrain::Mountains, 10);
    put_city(s, 1, corner(h.c, 1));
    put_settlement(s, 1, corner(h.c, 4));
    paying.roll(s, 5, 5);
    CHECK(hand_of(s, 1) == cards(0, 0, 0, 0, 3));
    CHECK(bank_of(s) == cards(19, 19, 19, 19, 16));
}

TEST_CASE("R-T2 the dice are two dice from the seeded generator", "[R-T2]") {
    std::set<int> sums;
    std::set<int> faces;
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        GameState s = pre_roll_game(4, 1);
        s.rng = Rng(seed);
        GameState again = s;
        const auto ev = ok(s, cmd::roll(0));
        ok(again, cmd::roll(0));
        CHECK(s.dice[0] == again.dice[0]);  // deterministic
        CHECK(s.dice[1] == again.dice[1]);
        REQUIRE(s.dice[0] >= 1);
        REQUIRE(s.dice[0] <= 6);
        REQUIRE(s.dice[1] >= 1);
        REQUIRE(s.dice[1] <= 6);
        const Event* r = find_event(ev, EventType::DiceRolled);
        REQUIRE(r != nullptr);
        CHECK(r->value == s.dice[0] + s.dice[1]);
        sums.insert(r->value);
        faces.insert(s.dice[0]);
        faces.insert(s.dice[1]);
    }
    CHECK(sums.size() == 11);   // 2..12
    CHECK(faces.size() == 6);
}

// ---------------------------------------------------------------- R-T3

TEST_CASE("R-T3 bank shortage with two claimants pays nobody that resource, other resources are paid", "[R-T3]") {
    // The Korean example: two players owed 2 lumber each, the bank has 3: neither gets any.
    GameState s = production_game();
    NamedHexes paying;
    const Hexes h = hexes();
    paying.set(s, h.c, Terrain::Forest, 8);
    paying.set(s, h.e, Terrain::Fields, 8);
    put_city(s, 1, corner(h.c, 0));  // owed 2 lumber
    put_city(s, 2, corner(h.c, 2));  // owed 2 lumber and 2 grain (shared with the east hex)
    REQUIRE(node_touches_hex(corner(h.c, 2), h.e));
    put_settlement(s, 3, corner(h.e, 1));  // owed 1 grain
    give(s, 0, ResourceSet{0, 16, 0, 0, 0});  // the bank keeps 3 lumber
    REQUIRE(s.bank[Resource::Lumber] == 3);

    const auto ev = paying.roll(s, 5, 3);
    CHECK(hand_of(s, 1) == cards(0, 0, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 0, 0, 2, 0));
    CHECK(hand_of(s, 3) == cards(0, 0, 0, 1, 0));
    CHECK(hand_of(s, 0) == cards(0, 16, 0, 0, 0));
    CHECK(bank_of(s) == cards(19, 3, 19, 16, 19));
    const Event* blocked = find_event(ev, EventType::ProductionBlocked);
    REQUIRE(blocked != nullptr);
    CHECK(blocked->a == static_cast<int>(Resource::Lumber));
    CHECK(count_events(ev, EventType::ProductionBlocked) == 1);
    CHECK(find_event(ev, EventType::Produced, 1) == nullptr);
}

TEST_CASE("R-T3 two claimants are paid when the bank holds exactly enough", "[R-T3]") {
    GameState s = production_game();
    NamedHexes paying;
    const Hexes h = hexes();
    paying.set(s, h.c, Terrain::Forest, 8);
    put_city(s, 1, corner(h.c, 0));
    put_city(s, 2, corner(h.c, 3));
    give(s, 0, ResourceSet{0, 15, 0, 0, 0});  // the bank keeps 4 lumber
    const auto ev = paying.roll(s, 6, 2);
    CHECK(hand_of(s, 1) == cards(0, 2, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 2, 0, 0, 0));
    CHECK(s.bank[Resource::Lumber] == 0);
    CHECK(count_events(ev, EventType::ProductionBlocked) == 0);
}

TEST_CASE("R-T3 a single claimant takes what is left, even when owed from two hexes", "[R-T3]") {
    // The Korean example: one player owed 4 lumber, the bank has 3: they get 3.
    GameState s = production_game();
    NamedHexes paying;
    const Hexes h = hexes();
    paying.set(s, h.c, Terrain::Forest, 8);
    paying.set(s, h.far, Terrain::Forest, 8);
    paying.set(s, h.e, Terrain::Fields, 6);
    put_city(s, 1, corner(h.c, 0));    // 2 lumber from the centre
    put_city(s, 1, corner(h.far, 3));  // 2 lumber from the far corner hex
    put_settlement(s, 2, corner(h.e, 1));  // on a 6: nothing this time
    give(s, 3, ResourceSet{0, 16, 0, 0, 0});
    REQUIRE(s.bank[Resource::Lumber] == 3);

    const auto ev = paying.roll(s, 4, 4);
    CHECK(hand_of(s, 1) == cards(0, 3, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 0, 0, 0, 0));
    CHECK(hand_of(s, 3) == cards(0, 16, 0, 0, 0));
    CHECK(bank_of(s) == cards(19, 0, 19, 19, 19));
    CHECK(count_events(ev, EventType::ProductionBlocked) == 0);
    const Event* got = find_event(ev, EventType::Produced, 1);
    REQUIRE(got != nullptr);
    CHECK(cards(got->resources) == cards(0, 3, 0, 0, 0));
}

TEST_CASE("R-T3 a single claimant gets nothing from an empty bank, others are still paid", "[R-T3]") {
    GameState s = production_game();
    NamedHexes paying;
    const Hexes h = hexes();
    paying.set(s, h.c, Terrain::Hills, 9);
    paying.set(s, h.e, Terrain::Pasture, 9);
    put_settlement(s, 1, corner(h.c, 0));
    put_settlement(s, 2, corner(h.e, 1));
    give(s, 3, ResourceSet{19, 0, 0, 0, 0});
    paying.roll(s, 4, 5);
    CHECK(hand_of(s, 1) == cards(0, 0, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 0, 1, 0, 0));
    CHECK(bank_of(s) == cards(0, 19, 18, 19, 19));
}

TEST_CASE("R-T3 the shortage counts claimants per resource, not per player", "[R-T3]") {
    // Lumber: one claimant (seat 1) owed 3, the bank has 2 -> seat 1 takes 2.
    // Grain: seats 1 and 2 owed 2 + 1, the bank has 2 -> nobody gets grain, seat 1 included.
    GameState s = production_game();
    NamedHexes paying;
    const Hexes h = hexes();
    paying.set(s, h.c, Terrain::Forest, 4);
    paying.set(s, h.e, Terrain::Fields, 4);
    put_city(s, 1, corner(h.c, 2));        // centre and east: 2 lumber, 2 grain
    REQUIRE(node_touches_hex(corner(h.c, 2), h.e));
    put_settlement(s, 1, corner(h.c, 5));  // centre: 1 lumber
    put_settlement(s, 2, corner(h.e, 0));  // east: 1 grain
    REQUIRE_FALSE(node_touches_hex(corner(h.e, 0), h.c));
    give(s, 0, ResourceSet{0, 17, 0, 17, 0});
    const auto ev = paying.roll(s, 1, 3);
    CHECK(hand_of(s, 1) == cards(0, 2, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 0, 0, 0, 0));
    CHECK(bank_of(s) == cards(19, 0, 19, 2, 19));
    REQUIRE(count_events(ev, EventType::ProductionBlocked) == 1);
    CHECK(find_event(ev, EventType::ProductionBlocked)->a == static_cast<int>(Resource::Grain));
}

// ---------------------------------------------------------------- R-T4

TEST_CASE("R-T4 no building, trading or ending the turn before the roll", "[R-T4]") {
    GameState s = pre_roll_game(4, 4);
    const Network net = give_network(s, 0, corner(hex_at(0, 0), 0));
    give(s, 0, ResourceSet{6, 6, 6, 6, 6});  // enough for anything

    // Everything below would be accepted after the roll (checked on a copy further down).
    const std::vector<Command> after_roll{
        cmd::road(0, net.road),       cmd::settlement(0, net.settle), cmd::city(0, net.home),
        cmd::buy_dev(0),              cmd::bank_trade(0, Resource::Ore, Resource::Brick),
        cmd::end_turn(0),
    };
    for (const Command& c : after_roll) {
        INFO(to_string(c.type));
        const Error err = rejected(s, c, ErrorCode::WrongPhase);
        CHECK(err.rule == "R-T4");
        CHECK_FALSE(is_legal(s, c));
    }
    rejected(s, cmd::propose(0, ResourceSet{1, 0, 0, 0, 0}, ResourceSet{0, 0, 0, 0, 1}), ErrorCode::WrongPhase);
    CHECK_FALSE(may_propose_trade(s, 0));
    const auto listed = legal_actions(s, 0);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0] == cmd::roll(0));

    roll_dice(s, 2, 2);
    REQUIRE(s.phase == Phase::Main);
    CHECK(may_propose_trade(s, 0));
    for (const Command& c : after_roll) {
        INFO(to_string(c.type));
        CHECK(is_legal(s, c));
        GameState copy = s;
        ok(copy, c);
    }
    // And the roll happens once.
    rejected(s, cmd::roll(0), ErrorCode::WrongPhase);
}

TEST_CASE("R-T4 no building, trading or ending until the 7 is resolved", "[R-T4][R-7a][R-7b]") {
    GameState s = pre_roll_game(4, 5);
    const Network net = give_network(s, 0, corner(hex_at(0, 0), 0));
    give(s, 0, ResourceSet{2, 2, 1, 1, 1});  // 7 cards: a road and a settlement, no discard
    give(s, 1, ResourceSet{4, 0, 0, 0, 4});  // 8 cards: owes 4
    const std::vector<Command> blocked{
        cmd::road(0, net.road), cmd::settlement(0, net.settle),
        cmd::end_turn(0),
    };

    roll_dice(s, 3, 4);
    REQUIRE(s.phase == Phase::Discard);
    CHECK(s.players[0].discard_owed == 0);
    for (const Command& c : blocked) {
        const Error err = rejected(s, c, ErrorCode::WrongPhase);
        CHECK(err.rule == "R-7a");
    }
    rejected(s, cmd::move_robber(0, hex_at(1, 0)), ErrorCode::WrongPhase);  // discards come first
    rejected(s, cmd::propose(0, ResourceSet{1, 0, 0, 0, 0}, ResourceSet{0, 0, 0, 0, 1}), ErrorCode::WrongPhase);
    CHECK(legal_actions(s, 0).empty());
    CHECK(players_to_act(s) == 0b0010u);

    ok(s, cmd::discard(1, ResourceSet{2, 0, 0, 0, 2}));
    REQUIRE(s.phase == Phase::MoveRobber);
    for (const Command& c : blocked) {
        const Error err = rejected(s, c, ErrorCode::WrongPhase);
        CHECK(err.rule == "R-7b");
    }
    for (const Command& c : legal_actions(s, 0)) CHECK(c.type == CommandType::MoveRobber);

    const int target = s.robber == hex_at(-2, 2) ? hex_at(2, -2) : hex_at(-2, 2);
    ok(s, cmd::move_robber(0, target));
    REQUIRE(s.phase == Phase::Main);
    for (const Command& c : blocked) CHECK(is_legal(s, c));
    ok(s, blocked[0]);
    ok(s, blocked[1]);
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 1));
}

TEST_CASE("R-T4 the roller cannot trade a big hand down to 7 before discarding", "[R-T4][R-7a]") {
    // The Korean text: trading first to get down to seven cards is wrong; discard first.
    GameState s = pre_roll_game(4, 6);
    give(s, 0, ResourceSet{0, 0, 0, 4, 4});
    roll_dice(s, 6, 1);
    REQUIRE(s.phase == Phase::Discard);
    CHECK(s.players[0].discard_owed == 4);
    rejected(s, cmd::bank_trade(0, Resource::Ore, Resource::Brick), ErrorCode::WrongPhase);
    rejected(s, cmd::propose(0, ResourceSet{0, 0, 0, 0, 1}, ResourceSet{1, 0, 0, 0, 0}), ErrorCode::WrongPhase);
    for (const Command& c : legal_actions(s, 0)) CHECK(c.type == CommandType::Discard);
    ok(s, cmd::discard(0, ResourceSet{0, 0, 0, 2, 2}));
    CHECK(s.phase == Phase::MoveRobber);
}

// ---------------------------------------------------------------- R-T5

TEST_CASE("R-T5 trade and build in any order, a harbor works on the turn its settlement is built", "[R-T5]") {
    GameState s = blank_game(4, 7);
    const Topology& t = kBaseTopology;
    int k = 0;
    while (s.board.harbor[static_cast<std::size_t>(k)] != kGenericHarbor) ++k;
    const int harbor_path = t.harbor_edges[static_cast<std::size_t>(k)];
    const int h1 = t.edge_nodes[static_cast<std::size_t>(harbor_path)][0];
    const int h2 = t.edge_nodes[static_cast<std::size_t>(harbor_path)][1];
    // Seat 0 has a road along the harbor and one more beyond it; no building yet.
    put_road(s, 0, harbor_path);
    int z = -1;
    const int e2 = path_from(h2, harbor_path, &z);
    put_road(s, 0, e2);
    const int e3 = path_from(z, e2);
    give(s, 0, ResourceSet{1, 2, 1, 1, 7});
    REQUIRE(bank_trade_ratio(s, 0, Resource::Ore) == 4);

    ok(s, cmd::bank_trade(0, Resource::Ore, Resource::Brick));  // 4 ore -> 1 brick
    CHECK(hand_of(s, 0) == cards(2, 2, 1, 1, 3));
    ok(s, cmd::road(0, e3));
    CHECK(hand_of(s, 0) == cards(1, 1, 1, 1, 3));
    // Three ore are not enough at 4:1 yet.
    rejected(s, cmd::bank_trade(0, Resource::Ore, Resource::Wool), ErrorCode::CannotAfford);
    CHECK_FALSE(is_legal(s, cmd::bank_trade(0, Resource::Ore, Resource::Wool)));
    ok(s, cmd::settlement(0, h1));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 3));
    // Same turn: the new settlement's 3:1 harbor is usable at once.
    CHECK(bank_trade_ratio(s, 0, Resource::Ore) == 3);
    CHECK(is_legal(s, cmd::bank_trade(0, Resource::Ore, Resource::Wool)));
    ok(s, cmd::bank_trade(0, Resource::Ore, Resource::Wool));
    CHECK(hand_of(s, 0) == cards(0, 0, 1, 0, 0));
    CHECK(bank_of(s) == cards(19, 19, 18, 19, 19));
    CHECK(s.phase == Phase::Main);
    CHECK(is_legal(s, cmd::end_turn(0)));
}

// ---------------------------------------------------------------- R-T6

TEST_CASE("R-T6 ending the turn passes the dice to the next seat, wrapping round", "[R-T6]") {
    for (int players : {2, 3, 4}) {
        GameState s = blank_game(players, 8);
        set_turn(s, 0);
        INFO("players " << players);
        for (int k = 0; k < players + 1; ++k) {
            const int p = s.current;
            const int next = (p + 1) % players;
            const int turn = s.turn;
            // Nothing is required before ending: an empty hand and nothing built.
            CHECK(s.players[static_cast<std::size_t>(p)].hand.empty());
            CHECK(is_legal(s, cmd::end_turn(p)));
            for (int q = 0; q < players; ++q)
                if (q != p) rejected(s, cmd::end_turn(q), ErrorCode::NotYourTurn);
            const auto ev = ok(s, cmd::end_turn(p));
            CHECK(s.current == next);
            CHECK(s.phase == Phase::PreRoll);
            CHECK_FALSE(s.rolled);
            CHECK(s.turn == turn + 1);
            const Event* ended = find_event(ev, EventType::TurnEnded);
            const Event* started = find_event(ev, EventType::TurnStarted);
            REQUIRE(ended != nullptr);
            REQUIRE(started != nullptr);
            CHECK(ended->player == p);
            CHECK(started->player == next);
            CHECK(players_to_act(s) == 1u << next);
            roll_dice(s, 1, 1);  // a 2: not a 7
        }
        CHECK(s.current == 1 % players);  // went all the way round
    }
}

TEST_CASE("R-T6 the same rules apply from any seat: 3 passes to 0 in a 4-player game", "[R-T6]") {
    GameState s = blank_game(4, 9);
    set_turn(s, 3);
    ok(s, cmd::end_turn(3));
    CHECK(s.current == 0);
    rejected(s, cmd::roll(3), ErrorCode::NotYourTurn);
    ok(s, cmd::roll(0));
}

// ---------------------------------------------------------------- R-T7

TEST_CASE("R-T7 other players never build or trade with the bank on someone else's turn", "[R-T7]") {
    GameState s = pre_roll_game(4, 10);  // no production (quiet rolls): hands stay exactly as given
    give_network(s, 0, corner(hex_at(-2, 0), 0));
    const Network theirs = give_network(s, 1, corner(hex_at(0, 0), 0));
    give(s, 1, ResourceSet{6, 6, 6, 6, 6});
    give(s, 0, ResourceSet{1, 0, 0, 0, 0});
    const std::vector<Command> theirs_cmds{
        cmd::road(1, theirs.road),  cmd::settlement(1, theirs.settle), cmd::city(1, theirs.home),
        cmd::buy_dev(1),            cmd::bank_trade(1, Resource::Ore, Resource::Brick),
        cmd::roll(1),               cmd::end_turn(1),
    };
    give_dev(s, 1, DevCard::Knight);

    auto check_blocked = [&](const char* when) {
        INFO(when);
        for (const Command& c : theirs_cmds) {
            INFO(to_string(c.type));
            const Error err = rejected(s, c, ErrorCode::NotYourTurn);
            CHECK(err.rule == "R-T7");
        }
        rejected(s, cmd::knight(1), ErrorCode::NotYourTurn);
        CHECK(legal_actions(s, 1).empty());
        CHECK_FALSE(may_propose_trade(s, 1));
        rejected(s, cmd::propose(1, ResourceSet{1, 0, 0, 0, 0}, ResourceSet{0, 1, 0, 0, 0}), ErrorCode::NotYourTurn);
    };
    check_blocked("before seat 0 rolls");
    quiet_roll_dice(s, 5, 6);  // 11
    check_blocked("after seat 0 rolled");

    // Seat 1 may still trade with the active player.
    ok(s, cmd::propose(0, ResourceSet{1, 0, 0, 0, 0}, ResourceSet{0, 0, 0, 0, 1}));
    CHECK(is_legal(s, cmd::accept(1)));
    ok(s, cmd::accept(1));
    ok(s, cmd::confirm(0, 1));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 1));

    // On seat 1's own turn the same commands are theirs to make.
    ok(s, cmd::end_turn(0));
    quiet_roll_dice(s, 5, 6);
    for (const Command& c : theirs_cmds) {
        if (c.type == CommandType::RollDice) continue;
        INFO(to_string(c.type));
        CHECK(is_legal(s, c));
    }
}

TEST_CASE("R-T7 others still receive production on someone else's turn", "[R-T7][R-T2]") {
    GameState s = production_game();
    NamedHexes paying;
    const Hexes h = hexes();
    paying.set(s, h.c, Terrain::Pasture, 3);
    put_settlement(s, 2, corner(h.c, 0));
    put_settlement(s, 3, corner(h.c, 3));
    const Cards before = total_cards(s);
    paying.roll(s, 1, 2);
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 0, 1, 0, 0));
    CHECK(hand_of(s, 3) == cards(0, 0, 1, 0, 0));
    CHECK(total_cards(s) == before);
}
