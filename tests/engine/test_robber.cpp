// Rolling a 7 and the robber: R-7a..R-7d (discards, moving the robber, stealing, a blocked hex).
#include "test_support_setup.hpp"

#include <set>

using namespace catan;
using namespace catan::test;

namespace {

// Seat 0 to roll, the robber on a far hex. Nothing produces: other rolls than 7 are quiet_roll_dice,
// or a NamedHexes roll when a test names the hexes that pay.
GameState robber_game(int players = 4, std::uint64_t seed = 2) {
    GameState s = pre_roll_game(players, seed);
    s.robber = static_cast<std::uint8_t>(hex_at(2, -2));
    return s;
}

// Rolls a 7 with nobody over 7 cards: straight to the robber.
void roll_seven(GameState& s) {
    const auto ev = roll_dice(s, 3, 4);
    CHECK(count_events(ev, EventType::Produced) == 0);
}

int listed_discards(const GameState& s, int p) { return count_listed(s, p, CommandType::Discard); }

}  // namespace

// ---------------------------------------------------------------- R-7a

TEST_CASE("R-7a more than 7 cards discards half rounded down: 8->4, 9->4, 11->5, 7->0, the roller too", "[R-7a]") {
    GameState s = robber_game();
    give(s, 0, ResourceSet{3, 3, 3, 0, 0});       // the roller: 9 cards -> 4
    give(s, 1, ResourceSet{2, 2, 2, 2, 0});       // 8 -> 4
    give(s, 2, ResourceSet{0, 0, 0, 3, 4});       // 7 -> nothing
    give(s, 3, ResourceSet{1, 2, 2, 3, 3});       // 11 -> 5
    give_dev(s, 2, DevCard::Knight, 2);           // development cards do not count
    give_dev(s, 2, DevCard::VictoryPoint, 1);
    const GameState before = s;

    const auto ev = roll_dice(s, 5, 2);
    CHECK(count_events(ev, EventType::Produced) == 0);
    REQUIRE(s.phase == Phase::Discard);
    CHECK(s.players[0].discard_owed == 4);
    CHECK(s.players[1].discard_owed == 4);
    CHECK(s.players[2].discard_owed == 0);
    CHECK(s.players[3].discard_owed == 5);
    CHECK(players_to_act(s) == 0b1011u);
    for (int p = 0; p < 4; ++p) CHECK(hand_of(s, p) == hand_of(before, p));  // nothing produced, nothing taken yet

    // The listed discards are exactly the choices of that many cards from the hand.
    CHECK(listed_discards(s, 1) == 19);  // 4 cards out of 2+2+2+2
    CHECK(listed_discards(s, 2) == 0);
    CHECK(legal_actions(s, 2).empty());
    for (int p : {0, 1, 3})
        for (const Command& c : legal_actions(s, p)) {
            CHECK(c.type == CommandType::Discard);
            CHECK(c.give.total() == s.players[static_cast<std::size_t>(p)].discard_owed);
            CHECK(s.players[static_cast<std::size_t>(p)].hand.contains(c.give));
        }
    check_listed_are_accepted(s, 0);
    check_listed_are_accepted(s, 3);

    // Not exactly half, cards not held, or nothing owed: refused.
    rejected(s, cmd::discard(1, ResourceSet{1, 1, 1, 0, 0}), ErrorCode::InvalidDiscard);  // 3
    rejected(s, cmd::discard(1, ResourceSet{2, 2, 1, 0, 0}), ErrorCode::InvalidDiscard);  // 5
    rejected(s, cmd::discard(1, ResourceSet{0, 0, 0, 0, 4}), ErrorCode::InvalidDiscard);  // no ore held
    rejected(s, cmd::discard(1, ResourceSet{3, 1, 0, 0, 0}), ErrorCode::InvalidDiscard);  // only 2 brick
    rejected(s, cmd::discard(1, ResourceSet{}), ErrorCode::InvalidDiscard);
    rejected(s, cmd::discard(2, ResourceSet{0, 0, 0, 0, 1}), ErrorCode::InvalidDiscard);  // 7 cards: owes nothing
    rejected(s, cmd::discard(2, ResourceSet{}), ErrorCode::InvalidDiscard);
    rejected(s, cmd::discard(3, ResourceSet{1, 1, 1, 1, 0}), ErrorCode::InvalidDiscard);  // 11 owes 5, not 4
    rejected(s, cmd::discard(3, ResourceSet{1, 2, 2, 1, 0}), ErrorCode::InvalidDiscard);  // nor 6
    rejected(s, cmd::discard(0, ResourceSet{3, 2, 0, 0, 0}), ErrorCode::InvalidDiscard);  // 9 owes 4, not 5
    // The robber waits for the discards.
    rejected(s, cmd::move_robber(0, hex_at(0, 0)), ErrorCode::WrongPhase);

    // Any order, anyone owing: seat 3 first, then 1, then the roller.
    auto ev3 = ok(s, cmd::discard(3, ResourceSet{1, 2, 0, 0, 2}));
    CHECK(s.phase == Phase::Discard);
    const Event* d3 = find_event(ev3, EventType::Discarded, 3);
    REQUIRE(d3 != nullptr);
    CHECK(cards(d3->resources) == cards(1, 2, 0, 0, 2));
    rejected(s, cmd::discard(3, ResourceSet{0, 0, 2, 3, 0}), ErrorCode::InvalidDiscard);  // done already
    ok(s, cmd::discard(1, ResourceSet{0, 0, 2, 2, 0}));
    CHECK(s.phase == Phase::Discard);
    CHECK(players_to_act(s) == 0b0001u);
    ok(s, cmd::discard(0, ResourceSet{1, 1, 2, 0, 0}));
    CHECK(s.phase == Phase::MoveRobber);
    CHECK(players_to_act(s) == 0b0001u);

    CHECK(hand_of(s, 0) == cards(2, 2, 1, 0, 0));
    CHECK(hand_of(s, 1) == cards(2, 2, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 0, 0, 3, 4));
    CHECK(hand_of(s, 3) == cards(0, 0, 2, 3, 1));
    CHECK(s.players[2].dev == before.players[2].dev);
    // Discarded cards go back to the bank.
    CHECK(bank_of(s) == cards(19 - 6 + 2, 19 - 7 + 3, 19 - 7 + 4, 19 - 8 + 2, 19 - 7 + 2));
}

TEST_CASE("R-7a exactly 7 resource cards plus development cards: no discard, straight to the robber", "[R-7a]") {
    GameState s = robber_game();
    give(s, 0, ResourceSet{7, 0, 0, 0, 0});
    give(s, 1, ResourceSet{1, 1, 1, 1, 3});
    give_dev(s, 0, DevCard::Knight, 3);
    give_dev(s, 1, DevCard::Monopoly, 1);
    give_dev(s, 1, DevCard::VictoryPoint, 2);
    roll_seven(s);
    CHECK(s.phase == Phase::MoveRobber);
    for (int p = 0; p < 4; ++p) CHECK(s.players[static_cast<std::size_t>(p)].discard_owed == 0);
    rejected(s, cmd::discard(0, ResourceSet{3, 0, 0, 0, 0}), ErrorCode::WrongPhase);
    CHECK(listed_discards(s, 0) == 0);
    CHECK(listed_discards(s, 1) == 0);
}

TEST_CASE("R-7a the roller alone over 7 discards too", "[R-7a]") {
    GameState s = robber_game(3, 4);
    give(s, 0, ResourceSet{0, 0, 0, 0, 10});
    give(s, 1, ResourceSet{0, 0, 0, 7, 0});
    roll_seven(s);
    REQUIRE(s.phase == Phase::Discard);
    CHECK(s.players[0].discard_owed == 5);
    CHECK(players_to_act(s) == 0b001u);
    const auto listed = legal_actions(s, 0);
    REQUIRE(listed.size() == 1);  // one way to give 5 of 10 ore
    CHECK(listed[0] == cmd::discard(0, ResourceSet{0, 0, 0, 0, 5}));
    ok(s, listed[0]);
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 5));
    CHECK(s.bank[Resource::Ore] == 14);
    CHECK(s.phase == Phase::MoveRobber);
}

TEST_CASE("R-7a on a 7 nothing produces, even hexes next to buildings", "[R-7a]") {
    GameState s = robber_game();
    // Every hex gets a number again, as on a real board; a city and a settlement are everywhere near.
    s.board = new_game(GameOptions{}).board;
    s.robber = static_cast<std::uint8_t>(desert_hex(kBaseTopology, s.board));
    refresh_derived(s);
    put_city(s, 1, corner(hex_at(0, 0), 0));
    put_settlement(s, 2, corner(hex_at(0, 0), 3));
    const Cards bank_before = bank_of(s);
    roll_seven(s);
    CHECK(bank_of(s) == bank_before);
    CHECK(hand_of(s, 1) == cards(0, 0, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 0, 0, 0, 0));
}

TEST_CASE("R-7a discards are only possible after a 7", "[R-7a]") {
    GameState s = robber_game();
    give(s, 1, ResourceSet{4, 4, 0, 0, 0});
    rejected(s, cmd::discard(1, ResourceSet{2, 2, 0, 0, 0}), ErrorCode::WrongPhase);
    quiet_roll_dice(s, 2, 2);
    rejected(s, cmd::discard(1, ResourceSet{2, 2, 0, 0, 0}), ErrorCode::WrongPhase);
    CHECK(listed_discards(s, 1) == 0);
}

// ---------------------------------------------------------------- R-7b

TEST_CASE("R-7b the robber must move to a different hex, every other hex is listed", "[R-7b]") {
    GameState s = robber_game();
    const int from = s.robber;
    roll_seven(s);
    REQUIRE(s.phase == Phase::MoveRobber);

    const Error err = rejected(s, cmd::move_robber(0, from), ErrorCode::InvalidRobber);
    CHECK(err.rule == "R-7b");
    CHECK_FALSE(is_legal(s, cmd::move_robber(0, from)));
    std::set<int> targets;
    for (const Command& c : legal_actions(s, 0)) {
        CHECK(c.type == CommandType::MoveRobber);
        CHECK(c.victim == kNoSeat);  // nobody has built
        targets.insert(c.target);
    }
    CHECK(targets.size() == BaseVariant::hexes - 1);
    CHECK(targets.count(from) == 0);
    check_listed_are_accepted(s, 0);

    rejected(s, cmd::move_robber(0, BaseVariant::hexes), ErrorCode::BadArgument);
    rejected(s, cmd::move_robber(1, hex_at(0, 0)), ErrorCode::NotYourTurn);  // only the roller moves it
    CHECK(legal_actions(s, 1).empty());

    const auto ev = ok(s, cmd::move_robber(0, hex_at(0, 0)));
    CHECK(s.robber == hex_at(0, 0));
    CHECK(s.phase == Phase::Main);
    const Event* moved = find_event(ev, EventType::RobberMoved);
    REQUIRE(moved != nullptr);
    CHECK(moved->a == hex_at(0, 0));
    CHECK(count_events(ev, EventType::Stole) == 0);
    rejected(s, cmd::move_robber(0, hex_at(1, 0)), ErrorCode::WrongPhase);  // once per 7
}

TEST_CASE("R-7b the robber may go back to the desert", "[R-7b]") {
    GameState s = pre_roll_game(4, 3);
    const int desert = desert_hex(kBaseTopology, s.board);
    REQUIRE(s.robber == desert);
    s.robber = static_cast<std::uint8_t>(desert == hex_at(0, 0) ? hex_at(1, 0) : hex_at(0, 0));
    roll_seven(s);
    CHECK(is_legal(s, cmd::move_robber(0, desert)));
    ok(s, cmd::move_robber(0, desert));
    CHECK(s.robber == desert);
    CHECK(s.phase == Phase::Main);
}

TEST_CASE("R-7b from the desert, every non-desert hex is a legal target", "[R-7b][R-B4]") {
    GameState s = pre_roll_game(4, 5);
    const int desert = s.robber;
    REQUIRE(s.board.terrain[desert] == Terrain::Desert);
    roll_seven(s);
    rejected(s, cmd::move_robber(0, desert), ErrorCode::InvalidRobber);
    CHECK(count_listed(s, 0, CommandType::MoveRobber) == BaseVariant::hexes - 1);
}

// ---------------------------------------------------------------- R-7c

TEST_CASE("R-7c the roller steals one card from the opponent on the hex", "[R-7c]") {
    GameState s = robber_game();
    const int h = hex_at(0, 0);
    put_settlement(s, 1, corner(h, 0));
    give(s, 1, ResourceSet{0, 0, 0, 0, 1});
    give(s, 0, ResourceSet{1, 0, 0, 0, 0});
    roll_seven(s);

    // A victim is required when there is one, and must be that opponent.
    CHECK(is_legal(s, cmd::move_robber(0, h, 1)));
    CHECK_FALSE(is_legal(s, cmd::move_robber(0, h)));
    CHECK_FALSE(is_legal(s, cmd::move_robber(0, h, 2)));
    rejected(s, cmd::move_robber(0, h), ErrorCode::InvalidRobber);
    rejected(s, cmd::move_robber(0, h, 2), ErrorCode::InvalidRobber);  // no building there
    rejected(s, cmd::move_robber(0, h, 7), ErrorCode::InvalidRobber);  // no such seat

    const Cards bank_before = bank_of(s);
    const auto ev = ok(s, cmd::move_robber(0, h, 1));
    CHECK(hand_of(s, 0) == cards(1, 0, 0, 0, 1));
    CHECK(hand_of(s, 1) == cards(0, 0, 0, 0, 0));
    CHECK(bank_of(s) == bank_before);
    const Event* stole = find_event(ev, EventType::Stole);
    REQUIRE(stole != nullptr);
    CHECK(stole->player == 0);
    CHECK(stole->other == 1);
    CHECK(cards(stole->resources) == cards(0, 0, 0, 0, 1));
    CHECK(s.phase == Phase::Main);
}

TEST_CASE("R-7c the stolen card is random: one card, of a kind the victim held", "[R-7c]") {
    std::set<int> kinds;
    for (std::uint64_t seed = 0; seed < 64; ++seed) {
        GameState s = robber_game();
        const int h = hex_at(0, 0);
        put_city(s, 2, corner(h, 3));
        give(s, 2, ResourceSet{1, 0, 0, 0, 3});
        roll_seven(s);
        s.rng = Rng(seed);
        ok(s, cmd::move_robber(0, h, 2));
        CHECK(s.players[0].hand.total() == 1);
        CHECK(s.players[2].hand.total() == 3);
        const Cards got = hand_of(s, 0);
        CHECK((got == cards(1, 0, 0, 0, 0) || got == cards(0, 0, 0, 0, 1)));
        kinds.insert(got[0] == 1 ? 0 : 4);
    }
    CHECK(kinds.size() == 2);  // both kinds come up
}

TEST_CASE("R-7c with several opponents on the hex the roller chooses one", "[R-7c]") {
    GameState s = robber_game();
    const int h = hex_at(0, 0);
    put_settlement(s, 1, corner(h, 0));
    put_city(s, 3, corner(h, 3));
    put_settlement(s, 2, corner(hex_at(-2, 2), 0));  // elsewhere
    give(s, 1, ResourceSet{0, 2, 0, 0, 0});
    give(s, 2, ResourceSet{0, 0, 2, 0, 0});
    give(s, 3, ResourceSet{0, 0, 0, 2, 0});
    roll_seven(s);

    std::set<int> victims;
    for (const Command& c : legal_actions(s, 0))
        if (c.target == h) victims.insert(c.victim);
    CHECK(victims == std::set<int>{1, 3});
    const Error err = rejected(s, cmd::move_robber(0, h, 2), ErrorCode::InvalidRobber);
    CHECK(err.rule == "R-7c");
    rejected(s, cmd::move_robber(0, h), ErrorCode::InvalidRobber);

    ok(s, cmd::move_robber(0, h, 3));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 1, 0));
    CHECK(hand_of(s, 1) == cards(0, 2, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(0, 0, 2, 0, 0));
    CHECK(hand_of(s, 3) == cards(0, 0, 0, 1, 0));
}

TEST_CASE("R-7c no opponent on the hex: no victim, nothing stolen", "[R-7c]") {
    GameState s = robber_game();
    const int h = hex_at(0, 0);
    give(s, 1, ResourceSet{1, 1, 1, 1, 1});
    put_settlement(s, 1, corner(hex_at(-2, 2), 0));
    roll_seven(s);
    const GameState before = s;
    rejected(s, cmd::move_robber(0, h, 1), ErrorCode::InvalidRobber);
    CHECK(is_legal(s, cmd::move_robber(0, h)));
    const auto ev = ok(s, cmd::move_robber(0, h));
    CHECK(count_events(ev, EventType::Stole) == 0);
    CHECK(count_events(ev, EventType::StealFailed) == 0);
    for (int p = 0; p < 4; ++p) CHECK(hand_of(s, p) == hand_of(before, p));
}

TEST_CASE("R-7c the roller cannot steal from themself", "[R-7c]") {
    GameState s = robber_game();
    const int h = hex_at(0, 0);
    put_settlement(s, 0, corner(h, 0));  // only the roller's own building is on the hex
    give(s, 0, ResourceSet{2, 0, 0, 0, 0});
    roll_seven(s);
    const Error err = rejected(s, cmd::move_robber(0, h, 0), ErrorCode::InvalidRobber);
    CHECK(err.rule == "R-7c");
    CHECK_FALSE(is_legal(s, cmd::move_robber(0, h, 0)));
    CHECK(is_legal(s, cmd::move_robber(0, h)));
    ok(s, cmd::move_robber(0, h));
    CHECK(hand_of(s, 0) == cards(2, 0, 0, 0, 0));
}

TEST_CASE("R-7c the roller's own building next to an opponent's: only the opponent is a victim", "[R-7c]") {
    GameState s = robber_game();
    const int h = hex_at(0, 0);
    put_settlement(s, 0, corner(h, 0));
    put_settlement(s, 1, corner(h, 3));
    give(s, 1, ResourceSet{0, 0, 1, 0, 0});
    roll_seven(s);
    std::set<int> victims;
    for (const Command& c : legal_actions(s, 0))
        if (c.target == h) victims.insert(c.victim);
    CHECK(victims == std::set<int>{1});
    rejected(s, cmd::move_robber(0, h, 0), ErrorCode::InvalidRobber);
    ok(s, cmd::move_robber(0, h, 1));
    CHECK(hand_of(s, 0) == cards(0, 0, 1, 0, 0));
}

TEST_CASE("R-7c a victim with no resource cards: nothing stolen, no error, development cards are never stolen",
          "[R-7c][R-7a]") {
    GameState s = robber_game();
    const int h = hex_at(0, 0);
    put_settlement(s, 1, corner(h, 0));
    give_dev(s, 1, DevCard::Knight, 2);
    give_dev(s, 1, DevCard::VictoryPoint, 1);
    give(s, 2, ResourceSet{0, 3, 0, 0, 0});  // someone else has cards, but is not on the hex
    roll_seven(s);
    CHECK(is_legal(s, cmd::move_robber(0, h, 1)));
    const GameState before = s;
    const auto ev = ok(s, cmd::move_robber(0, h, 1));
    CHECK(s.robber == h);
    CHECK(s.phase == Phase::Main);
    CHECK(count_events(ev, EventType::Stole) == 0);
    const Event* failed = find_event(ev, EventType::StealFailed);
    REQUIRE(failed != nullptr);
    CHECK(failed->other == 1);
    for (int p = 0; p < 4; ++p) {
        CHECK(hand_of(s, p) == hand_of(before, p));
        CHECK(s.players[static_cast<std::size_t>(p)].dev == before.players[static_cast<std::size_t>(p)].dev);
    }
}

TEST_CASE("R-7c choosing an empty-handed victim over one with cards is allowed", "[R-7c]") {
    GameState s = robber_game();
    const int h = hex_at(0, 0);
    put_settlement(s, 1, corner(h, 0));
    put_settlement(s, 2, corner(h, 3));
    give(s, 2, ResourceSet{1, 0, 0, 0, 0});
    roll_seven(s);
    ok(s, cmd::move_robber(0, h, 1));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 0));
    CHECK(hand_of(s, 2) == cards(1, 0, 0, 0, 0));
}

// ---------------------------------------------------------------- R-7d

TEST_CASE("R-7d the robber's hex does not produce while it stays, it does again once it leaves", "[R-7d]") {
    GameState s = robber_game();
    NamedHexes paying;
    const int c = hex_at(0, 0), e = hex_at(1, 0), empty = hex_at(-2, 2);
    paying.set(s, c, Terrain::Forest, 8);
    paying.set(s, e, Terrain::Fields, 8);
    const int shared = corner(c, 2);
    REQUIRE(node_touches_hex(shared, e));
    put_settlement(s, 1, shared);
    put_city(s, 2, corner(c, 5));
    s.robber = static_cast<std::uint8_t>(c);

    paying.roll(s, 4, 4);  // seat 0 rolls 8: the centre is blocked, the east hex pays
    CHECK(hand_of(s, 1) == cards(0, 0, 0, 1, 0));
    CHECK(hand_of(s, 2) == cards(0, 0, 0, 0, 0));
    ok(s, cmd::end_turn(0));

    paying.roll(s, 4, 4);  // seat 1 rolls 8: still blocked
    CHECK(hand_of(s, 1) == cards(0, 0, 0, 2, 0));
    CHECK(hand_of(s, 2) == cards(0, 0, 0, 0, 0));
    ok(s, cmd::end_turn(1));

    roll_seven(s);  // seat 2 moves the robber away to an empty hex
    ok(s, cmd::move_robber(2, empty));
    ok(s, cmd::end_turn(2));

    paying.roll(s, 5, 3);  // seat 3 rolls 8: both hexes pay
    CHECK(hand_of(s, 1) == cards(0, 1, 0, 3, 0));
    CHECK(hand_of(s, 2) == cards(0, 2, 0, 0, 0));
    CHECK(bank_of(s) == cards(19, 16, 19, 16, 19));
}

TEST_CASE("R-7d building next to the robber still works", "[R-7d]") {
    GameState s = blank_game(4, 6);
    const int c = hex_at(0, 0);
    s.robber = static_cast<std::uint8_t>(c);
    // Seat 0: a settlement on the robber's hex and a road along it towards a free corner.
    const int home = corner(c, 0);
    put_settlement(s, 0, home);
    put_road_chain(s, 0, {home, corner(c, 1), corner(c, 2)});
    give(s, 0, ResourceSet{2, 2, 1, 3, 3});

    CHECK(is_legal(s, cmd::road(0, edge(corner(c, 2), corner(c, 3)))));
    CHECK(is_legal(s, cmd::settlement(0, corner(c, 2))));
    CHECK(is_legal(s, cmd::city(0, home)));
    ok(s, cmd::road(0, edge(corner(c, 2), corner(c, 3))));
    ok(s, cmd::settlement(0, corner(c, 2)));
    ok(s, cmd::city(0, home));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 0));
    CHECK(s.robber == c);
}

TEST_CASE("R-7d a harbor on the robber's hex can still be used", "[R-7d]") {
    GameState s = blank_game(4, 7);
    const Topology& t = kBaseTopology;
    int k = 0;
    while (s.board.harbor[static_cast<std::size_t>(k)] != kGenericHarbor) ++k;
    const int path = t.harbor_edges[static_cast<std::size_t>(k)];
    const int node = t.edge_nodes[static_cast<std::size_t>(path)][0];
    int hex = -1;
    for (std::uint8_t x : t.node_hexes[static_cast<std::size_t>(node)])
        if (x != kNone && (t.hex_node_mask[x] & t.edge_node_mask[static_cast<std::size_t>(path)]) == t.edge_node_mask[static_cast<std::size_t>(path)])
            hex = x;
    REQUIRE(hex >= 0);
    s.robber = static_cast<std::uint8_t>(hex);
    put_settlement(s, 0, node);
    give(s, 0, ResourceSet{0, 0, 0, 3, 0});
    CHECK(bank_trade_ratio(s, 0, Resource::Grain) == 3);
    CHECK(is_legal(s, cmd::bank_trade(0, Resource::Grain, Resource::Ore)));
    ok(s, cmd::bank_trade(0, Resource::Grain, Resource::Ore));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 1));
}
