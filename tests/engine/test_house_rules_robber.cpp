// R-O3 friendly robber: the robber may not go to a hex touching a building of an opponent with 2 or
// fewer visible victory points, after a 7 or a Knight; when no hex is left the rule is lifted for
// that move (docs/rules-choices.md, "House rules").
#include "test_support_setup.hpp"

#include <bit>
#include <set>
#include <string>

using namespace catan;
using namespace catan::test;

namespace {

// Seat 0 in PreRoll, the robber on hex (2, -2), friendly robber as given.
GameState friendly_game(bool friendly, int players = 4) {
    GameOptions o;
    o.players = players;
    o.seed = 5;
    o.friendly_robber = friendly;
    GameState s = new_game(o);
    s.first_player = 0;
    s.current = 0;
    s.turn_player = 0;
    s.setup_step = static_cast<std::uint8_t>(2 * players);
    s.turn = 1;
    s.phase = Phase::PreRoll;
    s.robber = static_cast<std::uint8_t>(hex_at(2, -2));
    return s;
}

// The hexes legal_actions lists for the robber, and each is accepted by apply().
std::set<int> listed_robber_hexes(const GameState& s, int p) {
    std::set<int> hexes;
    for (const Command& c : legal_actions(s, p))
        if (c.type == CommandType::MoveRobber) hexes.insert(c.target);
    check_listed_are_accepted(s, p);
    return hexes;
}

HexMask hexes_touching(const GameState& s, int p) {
    HexMask m{};
    for_each_node(rules::buildings_of(s, p), [&](int n) { m |= kBaseTopology.node_hex_mask[static_cast<std::size_t>(n)]; });
    return m;
}

bool has(const HexMask& m, int h) { return m.test(h); }

// The position of the tests: seat 1 has 2 settlements (2 points: sheltered), seat 2 a settlement and a
// city (3: not sheltered), seat 3 two settlements and 2 hidden Victory Point cards (2 visible:
// sheltered), and seat 0, the roller, a single settlement (its own hexes never shelter anything).
struct Seats {
    int s1a = corner(hex_at(0, 0), 0), s1b = corner(hex_at(-2, 2), 3);
    int s2a = corner(hex_at(2, 0), 1), s2b = corner(hex_at(-2, 0), 4);
    int s3a = corner(hex_at(0, -2), 0), s3b = corner(hex_at(0, 2), 3);
    int s0 = corner(hex_at(1, 1), 2);
};

void seat_players(GameState& s, const Seats& at) {
    put_settlement(s, 1, at.s1a);
    put_settlement(s, 1, at.s1b);
    put_settlement(s, 2, at.s2a);
    put_city(s, 2, at.s2b);
    put_settlement(s, 3, at.s3a);
    put_settlement(s, 3, at.s3b);
    give_dev(s, 3, DevCard::VictoryPoint, 2);
    put_settlement(s, 0, at.s0);
    REQUIRE(public_victory_points(s, 1) == 2);
    REQUIRE(public_victory_points(s, 2) == 3);
    REQUIRE(public_victory_points(s, 3) == 2);
    REQUIRE(victory_points(s, 3) == 4);
}

// Exactly the hexes touching no building of seats 1 and 3, the robber's own hex aside, are listed and
// accepted; a sheltered hex is refused naming R-O3 and changes nothing.
void check_friendly_moves(GameState& s) {
    const HexMask sheltered = hexes_touching(s, 1) | hexes_touching(s, 3);
    const std::set<int> listed = listed_robber_hexes(s, 0);
    for (int h = 0; h < BaseVariant::hexes; ++h) {
        INFO("hex " << h);
        const bool allowed = h != s.robber && !has(sheltered, h);
        CHECK(listed.count(h) == (allowed ? 1u : 0u));
        CHECK(rules::robber_hex_allowed<BaseVariant>(s, h, 0) == allowed);
        if (h != s.robber && has(sheltered, h)) {
            const unsigned victims = rules::robber_victims<BaseVariant>(s, h, 0);
            const int victim = victims ? std::countr_zero(victims) : kNoSeat;
            const Error e = rejected(s, cmd::move_robber(0, h, victim), ErrorCode::InvalidRobber);
            CHECK(e.rule == "R-O3");
            CHECK(std::string(e.message).find("2 or fewer visible victory points") != std::string::npos);
        }
    }
    // Seat 2 (3 points) can still be robbed, and the roller's own hexes and the desert are open.
    for (int h = 0; h < BaseVariant::hexes; ++h)
        if (h != s.robber && has(hexes_touching(s, 2), h) && !has(sheltered, h)) CHECK(listed.count(h) == 1u);
    const int desert = desert_hex(kBaseTopology, s.board);
    if (desert != s.robber && !has(sheltered, desert)) CHECK(listed.count(desert) == 1u);
    for (int h = 0; h < BaseVariant::hexes; ++h)
        if (h != s.robber && has(hexes_touching(s, 0), h) && !has(sheltered, h)) CHECK(listed.count(h) == 1u);
}

}  // namespace

TEST_CASE("R-O3 after a 7, hexes touching an opponent with 2 or fewer visible points are closed to the robber", "[R-O3]") {
    GameState s = friendly_game(true);
    const Seats at;
    seat_players(s, at);
    roll_dice(s, 3, 4);
    REQUIRE(s.phase == Phase::MoveRobber);
    check_friendly_moves(s);
    // A hex touching both seat 2 (3 points) and nobody sheltered is open, with seat 2 as the victim.
    const HexMask open2 = hexes_touching(s, 2) & ~(hexes_touching(s, 1) | hexes_touching(s, 3));
    REQUIRE(open2.any());
    const int h = open2.lowest();
    ok(s, cmd::move_robber(0, h, 2));
    CHECK(s.robber == h);
}

TEST_CASE("R-O3 a Knight obeys the friendly robber too", "[R-O3][R-D2]") {
    GameState s = friendly_game(true);
    seat_players(s, Seats{});
    give_dev(s, 0, DevCard::Knight);
    ok(s, cmd::knight(0));
    REQUIRE(s.phase == Phase::MoveRobber);
    check_friendly_moves(s);
}

TEST_CASE("R-O3 visible points decide: awards count, hidden cards do not, and 3 points open the hexes", "[R-O3]") {
    GameState s = friendly_game(true);
    const Seats at;
    seat_players(s, at);
    roll_dice(s, 3, 4);
    const int h1 = hex_at(0, 0);  // seat 1's settlement at its top corner; nobody else touches it
    REQUIRE(has(hexes_touching(s, 1), h1));
    CHECK_FALSE(rules::robber_hex_allowed<BaseVariant>(s, h1, 0));
    // Longest Road makes seat 1 worth 4 visible points: its hexes open (unless seat 3 touches them too).
    s.longest_road = 1;
    CHECK(public_victory_points(s, 1) == 4);
    REQUIRE_FALSE(has(hexes_touching(s, 3), h1));
    CHECK(rules::robber_hex_allowed<BaseVariant>(s, h1, 0));
    ok(s, cmd::move_robber(0, h1, 1));
    // Seat 3's two hidden Victory Point cards never count: its hexes stay closed on the next 7.
    s.phase = Phase::MoveRobber;
    const int h3 = kBaseTopology.node_hexes[static_cast<std::size_t>(at.s3a)][0];
    const Error e = rejected(s, cmd::move_robber(0, h3, 3), ErrorCode::InvalidRobber);
    CHECK(e.rule == "R-O3");
}

TEST_CASE("R-O3 off: the same position lets the robber go to every other hex (R-7b)", "[R-O3][R-7b]") {
    GameState s = friendly_game(false);
    seat_players(s, Seats{});
    roll_dice(s, 3, 4);
    const std::set<int> listed = listed_robber_hexes(s, 0);
    CHECK(listed.size() == static_cast<std::size_t>(BaseVariant::hexes - 1));
    CHECK(listed.count(s.robber) == 0u);
}

TEST_CASE("R-O3 when every other hex is sheltered the friendly rule is lifted for that move", "[R-O3]") {
    // Three opponents with 2 settlements each (2 points) whose hexes cover every hex but the robber's.
    // Six intersections touching three hexes each, with no hex shared, are found by a short search.
    const Topology& t = kBaseTopology;
    std::vector<int> inner;
    for (int n = 0; n < t.node_count; ++n)
        if (t.node_hex_mask[static_cast<std::size_t>(n)].count() == 3) inner.push_back(n);
    std::vector<int> chosen;
    int robber = -1;
    auto search = [&](auto&& self, HexMask left) -> bool {
        if (!left.any()) return true;
        const int h = left.lowest();
        for (int n : inner) {
            const HexMask m = t.node_hex_mask[static_cast<std::size_t>(n)];
            if (!has(m, h) || (m & ~left).any()) continue;
            chosen.push_back(n);
            if (self(self, left & ~m)) return true;
            chosen.pop_back();
        }
        return false;
    };
    for (int r = 0; r < t.hex_count && robber < 0; ++r) {
        chosen.clear();
        HexMask all = HexMask::first(t.hex_count);
        all.reset(r);
        if (search(search, all)) robber = r;
    }
    REQUIRE(robber >= 0);
    REQUIRE(chosen.size() == 6u);

    for (bool friendly : {true, false}) {
        GameState s = friendly_game(friendly);
        for (std::size_t i = 0; i < chosen.size(); ++i) put_settlement(s, 1 + static_cast<int>(i / 2), chosen[i]);
        give(s, 2, ResourceSet{0, 0, 2, 0, 0});
        for (int q = 1; q <= 3; ++q) REQUIRE(public_victory_points(s, q) == 2);
        s.robber = static_cast<std::uint8_t>(robber);
        roll_dice(s, 3, 4);
        INFO("friendly " << friendly);
        // Every other hex is listed and accepted, each with its (sheltered) opponent as the victim.
        const std::set<int> listed = listed_robber_hexes(s, 0);
        CHECK(listed.size() == static_cast<std::size_t>(BaseVariant::hexes - 1));
        CHECK(listed.count(robber) == 0u);
        int h2 = -1;
        for (int h = 0; h < BaseVariant::hexes; ++h)
            if (h != robber && rules::robber_victims<BaseVariant>(s, h, 0) == 1u << 2) h2 = h;
        REQUIRE(h2 >= 0);
        const auto ev = ok(s, cmd::move_robber(0, h2, 2));
        CHECK(count_events(ev, EventType::Stole) == 1);
    }

    // One open hex is enough to keep the rule: seat 3 at 3 points opens its hexes, and only those.
    GameState s = friendly_game(true);
    for (std::size_t i = 0; i < chosen.size(); ++i) put_settlement(s, 1 + static_cast<int>(i / 2), chosen[i]);
    s.largest_army = 3;  // 4 visible points
    s.robber = static_cast<std::uint8_t>(robber);
    roll_dice(s, 3, 4);
    const std::set<int> listed = listed_robber_hexes(s, 0);
    CHECK(listed.size() == 6u);
    for (int h : listed) CHECK(has(hexes_touching(s, 3), h));
}

TEST_CASE("R-O3 the friendly robber works on the 5–6 board", "[R-O3][R-X8]") {
    GameState s = friendly_game(true, 6);
    const Topology& t = kLargeTopology;
    // Seat 4 sheltered (1 settlement), seat 5 not (2 cities).
    put_settlement(s, 4, t.hex_nodes[10][0]);
    put_city(s, 5, t.hex_nodes[20][0]);
    put_city(s, 5, t.hex_nodes[25][3]);
    roll_dice(s, 3, 4);
    HexMask sheltered{};
    for_each_node(rules::buildings_of(s, 4), [&](int n) { sheltered |= t.node_hex_mask[static_cast<std::size_t>(n)]; });
    std::set<int> listed;
    for (const Command& c : legal_actions(s, 0))
        if (c.type == CommandType::MoveRobber) listed.insert(c.target);
    check_listed_are_accepted(s, 0);
    for (int h = 0; h < LargeVariant::hexes; ++h) {
        INFO("hex " << h);
        CHECK(listed.count(h) == (h != s.robber && !has(sheltered, h) ? 1u : 0u));
    }
    const int h4 = t.node_hexes[static_cast<std::size_t>(t.hex_nodes[10][0])][0];
    CHECK(rejected(s, cmd::move_robber(0, h4, 4), ErrorCode::InvalidRobber).rule == "R-O3");
}
