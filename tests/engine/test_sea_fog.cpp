// Face-down hexes (R-SF10), on boards each test draws (test_sea_support.hpp): what turns them up, what
// a turned hex pays, and what nobody may do with a hex still face down.
#include "test_sea_support.hpp"

namespace catan::test {
namespace {

using namespace sea;

const int kHome = hex(2, 2);
const int kCoast = node_at(kHome, 1);     // top-right corner of the home hex, on the sea
const int kOut = away(kHome, 1);          // the sea path leading away from it, between (1,2) and (2,3)
const int kFar = other_end(kOut, kCoast);  // where that path ends

// The hex at the far end of kOut that is neither of the path's own two hexes: (1,3).
int far_hex() {
    for (std::uint8_t h : T.node_hexes[static_cast<std::size_t>(kFar)])
        if (h != kNone && h != hex(1, 2) && h != hex(2, 3)) return h;
    FAIL("the path leads nowhere");
    return -1;
}

// The (one or two) hexes a path borders.
std::vector<int> hexes_of_path(int e) {
    std::vector<int> out;
    for (int h = 0; h < T.hex_count; ++h)
        for (std::uint8_t x : T.hex_edges[static_cast<std::size_t>(h)])
            if (x == e) out.push_back(h);
    return out;
}

// Turns `h` face down, hiding `terrain` there; `tokens` is the face-down reserve, the last drawn first.
void hide(GameState& s, int h, Terrain terrain, std::initializer_list<int> tokens = {}) {
    Board& b = s.board;
    b.terrain[static_cast<std::size_t>(h)] = terrain;
    b.number[static_cast<std::size_t>(h)] = 0;
    b.sea.reset(h);
    b.home.reset(h);
    b.fog.set(h);
    for (int t : tokens) b.fog_tokens[b.fog_tokens_left++] = static_cast<std::uint8_t>(t);
    assign_islands(T, b);
    refresh_derived(s);
}

// A home island of forest and hills with seat 0's settlement on its coast, and a face-down hex across
// the sea path leading away from it.
GameState fog_game(Terrain hidden, std::initializer_list<int> tokens = {}) {
    GameState s = sea_game({{2, 2, Terrain::Forest, 6}, {3, 2, Terrain::Hills, 5}});
    put_settlement(s, 0, kCoast);
    hide(s, far_hex(), hidden, tokens);
    REQUIRE_FALSE(find_state_problem(s).has_value());
    return s;
}

TEST_CASE("a ship reaching a corner of a face-down hex turns it up and pays its resource", "[R-SF10]") {
    GameState s = fog_game(Terrain::Pasture, {8});
    const int h = far_hex();
    give(s, 0, ResourceSet{0, 1, 1, 0, 0});
    REQUIRE(is_legal(s, cmd::ship(0, kOut)));
    const auto ev = ok(s, cmd::ship(0, kOut));
    const auto turned = find_event(ev, EventType::HexRevealed);
    REQUIRE(turned);
    CHECK(turned->player == 0);
    CHECK(turned->a == h);
    CHECK(static_cast<Terrain>(turned->b) == Terrain::Pasture);
    CHECK(turned->value == 8);
    CHECK(cards(turned->resources) == cards(0, 0, 1, 0, 0));
    CHECK(hand_of(s, 0) == cards(0, 0, 1, 0, 0));
    CHECK_FALSE(s.board.fog.test(h));
    CHECK(s.board.number[static_cast<std::size_t>(h)] == 8);
    CHECK(s.board.fog_tokens_left == 0);
    CHECK(s.board.island[static_cast<std::size_t>(h)] != 0);
    CHECK(s.land_nodes.test(kFar));  // its corners are land now
    CHECK(s.phase == Phase::Main);
}

TEST_CASE("a turned hex's number produces from then on", "[R-SF10]") {
    GameState s = fog_game(Terrain::Mountains, {9});
    give(s, 0, ResourceSet{0, 1, 1, 0, 0});
    ok(s, cmd::ship(0, kOut));
    put_settlement(s, 1, kFar);
    CHECK((s.hex_yield[static_cast<std::size_t>(far_hex())] >> 8 & 0xff) == 1);  // seat 1 is paid there
    CHECK(s.number_hexes[9][0] == far_hex());
}

TEST_CASE("a face-down hex that is sea joins the sea and pays nothing", "[R-SF10]") {
    GameState s = fog_game(Terrain::Sea);
    const int h = far_hex();
    give(s, 0, ResourceSet{0, 1, 1, 0, 0});
    const auto ev = ok(s, cmd::ship(0, kOut));
    const auto turned = find_event(ev, EventType::HexRevealed);
    REQUIRE(turned);
    CHECK(static_cast<Terrain>(turned->b) == Terrain::Sea);
    CHECK(turned->value == 0);
    CHECK(turned->resources.empty());
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 0));
    CHECK(s.board.sea.test(h));
    CHECK(s.board.island[static_cast<std::size_t>(h)] == 0);
    for (std::uint8_t e : T.hex_edges[static_cast<std::size_t>(h)]) CHECK(s.sea_paths.test(e));  // ships may sail on
}

TEST_CASE("a turned desert pays nothing and takes no token", "[R-SF10]") {
    GameState s = fog_game(Terrain::Desert);
    give(s, 0, ResourceSet{0, 1, 1, 0, 0});
    const auto ev = ok(s, cmd::ship(0, kOut));
    REQUIRE(find_event(ev, EventType::HexRevealed));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 0));
    CHECK(s.board.number[static_cast<std::size_t>(far_hex())] == 0);
}

TEST_CASE("the bank pays a turned hex's resource only if it has one", "[R-SF10][R-T3]") {
    GameState s = fog_game(Terrain::Pasture, {8});
    give(s, 0, ResourceSet{0, 1, 1, 0, 0});
    // The bank's wool goes to seat 1 (the ship's wool returns to it when paid, so take one more).
    give(s, 1, ResourceSet{0, 0, static_cast<std::uint8_t>(s.bank[Resource::Wool]), 0, 0});
    REQUIRE(s.bank[Resource::Wool] == 0);
    const auto ev = ok(s, cmd::ship(0, kOut));  // the bank now holds the ship's one wool
    const auto turned = find_event(ev, EventType::HexRevealed);
    REQUIRE(turned);
    CHECK(cards(turned->resources) == cards(0, 0, 1, 0, 0));
    GameState empty = fog_game(Terrain::Pasture, {8});
    give(empty, 0, ResourceSet{0, 1, 1, 0, 0});
    give(empty, 1, ResourceSet{0, 0, static_cast<std::uint8_t>(empty.bank[Resource::Wool]), 0, 0});
    empty.phase = Phase::RoadBuilding;  // a free ship: nothing goes back to the bank
    empty.free_roads = 2;
    const auto ev2 = ok(empty, cmd::ship(0, kOut));
    const auto turned2 = find_event(ev2, EventType::HexRevealed);
    REQUIRE(turned2);
    CHECK(turned2->resources.empty());
    CHECK(hand_of(empty, 0) == cards(0, 1, 1, 0, 0));
}

TEST_CASE("a turned gold field lets its finder choose one resource at once", "[R-SF10][R-SF7]") {
    GameState s = fog_game(Terrain::Gold, {4});
    give(s, 0, ResourceSet{0, 1, 1, 0, 0});
    const auto ev = ok(s, cmd::ship(0, kOut));
    REQUIRE(find_event(ev, EventType::HexRevealed));
    const auto owed = find_event(ev, EventType::GoldOwed);
    REQUIRE(owed);
    CHECK(owed->player == 0);
    CHECK(owed->value == 1);
    CHECK(s.phase == Phase::ChooseGold);
    CHECK(s.board.number[static_cast<std::size_t>(far_hex())] == 4);
    CHECK(rejected(s, cmd::end_turn(0), ErrorCode::WrongPhase).rule == "R-SF7");
    CHECK(is_legal(s, cmd::choose_gold(0, ResourceSet{0, 0, 0, 0, 1})));
    ok(s, cmd::choose_gold(0, ResourceSet{0, 0, 0, 0, 1}));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 0, 1));
    CHECK(s.phase == Phase::Main);
}

TEST_CASE("gold turned up by a Road Building ship is chosen before the second free piece", "[R-SF10][R-SF9]") {
    GameState s = fog_game(Terrain::Gold, {4});
    s.phase = Phase::RoadBuilding;
    s.free_roads = 2;
    ok(s, cmd::ship(0, kOut));
    CHECK(s.phase == Phase::ChooseGold);
    ok(s, cmd::choose_gold(0, ResourceSet{1, 0, 0, 0, 0}));
    CHECK(s.phase == Phase::RoadBuilding);
    CHECK(s.free_roads == 1);
}

TEST_CASE("a road reaching a corner of a face-down hex turns it up", "[R-SF10]") {
    // Land all round the hidden hex's west: a road from the settlement runs along it.
    GameState s = sea_game({{2, 2, Terrain::Forest, 6}, {2, 3, Terrain::Fields, 8}, {3, 2, Terrain::Hills, 5}});
    put_settlement(s, 0, node_at(kHome, 1));
    const int h = hex(2, 4);
    hide(s, h, Terrain::Fields, {3});
    give(s, 0, ResourceSet{1, 1, 0, 0, 0});
    // The right side of (2,3) borders the face-down hex; the road from kCoast along (2,3)'s top-left side
    // reaches (2,3)'s top corner, then its top-right side reaches the face-down hex's corner.
    const int top = node_at(hex(2, 3), 0);
    const int first = side(hex(2, 3), 5);
    REQUIRE(T.edge_node_mask[static_cast<std::size_t>(first)].test(kCoast));
    ok(s, cmd::road(0, first));
    CHECK(s.board.fog.test(h));  // (2,3)'s top corner is not a corner of (2,4)
    give(s, 0, ResourceSet{1, 1, 0, 0, 0});
    const int second = side(hex(2, 3), 0);
    REQUIRE(T.edge_node_mask[static_cast<std::size_t>(second)].test(top));
    const auto ev = ok(s, cmd::road(0, second));
    REQUIRE(find_event(ev, EventType::HexRevealed));
    CHECK_FALSE(s.board.fog.test(h));
    CHECK(hand_of(s, 0) == cards(0, 0, 0, 1, 0));
}

TEST_CASE("a moved ship turns up what its new path reaches", "[R-SF10][R-SF4]") {
    GameState s = fog_game(Terrain::Forest, {10});
    // A ship on the coast path beside the settlement, free to move: it ends an open route.
    const int along = side(kHome, 1);
    put_ship(s, 0, along);
    REQUIRE(s.sea_paths.test(along));
    REQUIRE(is_legal(s, cmd::move_ship(0, along, kOut)));
    const auto ev = ok(s, cmd::move_ship(0, along, kOut));
    REQUIRE(find_event(ev, EventType::HexRevealed));
    CHECK(hand_of(s, 0) == cards(0, 1, 0, 0, 0));
}

TEST_CASE("nothing is built on a face-down hex's corners or between face-down hexes, and the robber never goes there",
          "[R-SF10]") {
    GameState s = fog_game(Terrain::Pasture, {8});
    const int h = far_hex();
    // Its corners are not land: no settlement, even with a ship there (none can be: placing it would turn it).
    for (std::uint8_t n : T.hex_nodes[static_cast<std::size_t>(h)]) CHECK_FALSE(s.land_nodes.test(n));
    // Its sides count as neither land nor sea on their own: a side between it and the sea is a sea path
    // through the sea hex only.
    for (std::uint8_t e : T.hex_edges[static_cast<std::size_t>(h)]) {
        bool face_up_sea = false, face_up_land = false;
        for (int x : hexes_of_path(e)) {
            if (x == h) continue;
            face_up_sea |= s.board.sea.test(x);
            face_up_land |= !s.board.sea.test(x) && !s.board.fog.test(x);
        }
        CHECK(s.sea_paths.test(e) == face_up_sea);
        CHECK(s.land_paths.test(e) == face_up_land);
    }
    s.phase = Phase::MoveRobber;
    s.robber = static_cast<std::uint8_t>(hex(3, 2));
    CHECK(rejected(s, cmd::move_robber(0, h), ErrorCode::InvalidRobber).rule == "R-SF10");
    for (const Command& c : legal_actions(s, 0))
        if (c.type == CommandType::MoveRobber || c.type == CommandType::MovePirate) CHECK(c.target != h);
}

TEST_CASE("a turned hex joining two islands makes them one, and players keep the islands they built on", "[R-SF10][R-SF8]") {
    // Two islands, (2,2) and (2,4), with a face-down hex between them at (2,3).
    GameState s = sea_game({{2, 2, Terrain::Forest, 6}, {2, 4, Terrain::Hills, 5, false}, {3, 2, Terrain::Fields, 9}});
    put_settlement(s, 0, node_at(kHome, 5));
    put_settlement(s, 1, node_at(hex(2, 4), 1));
    const std::uint8_t home_island = s.board.island[static_cast<std::size_t>(kHome)];
    const std::uint8_t east_island = s.board.island[static_cast<std::size_t>(hex(2, 4))];
    s.players[1].islands = static_cast<std::uint16_t>(1u << (east_island - 1));
    s.players[0].islands = static_cast<std::uint16_t>(1u << (home_island - 1));
    hide(s, hex(2, 3), Terrain::Pasture, {11});
    REQUIRE(s.board.island[static_cast<std::size_t>(kHome)] != s.board.island[static_cast<std::size_t>(hex(2, 4))]);
    put_settlement(s, 0, kCoast);
    give(s, 0, ResourceSet{0, 1, 1, 0, 0});
    // kCoast is a corner of (2,3): a ship from it along (2,2)/(1,2)... turns it at once.
    const int along = side(kHome, 0);
    REQUIRE(s.sea_paths.test(along));
    ok(s, cmd::ship(0, along));
    CHECK_FALSE(s.board.fog.test(hex(2, 3)));
    const std::uint8_t joined = s.board.island[static_cast<std::size_t>(kHome)];
    CHECK(s.board.island[static_cast<std::size_t>(hex(2, 3))] == joined);
    CHECK(s.board.island[static_cast<std::size_t>(hex(2, 4))] == joined);
    CHECK(s.players[0].islands == 1u << (joined - 1));
    CHECK(s.players[1].islands == 1u << (joined - 1));
}

TEST_CASE("a setup settlement at a corner of a face-down hex turns it, and gold a setup road turns is chosen before the next settlement",
          "[R-SF10][R-SF3]") {
    GameOptions o;
    o.players = 3;
    o.seed = 11;
    o.scenario = Scenario::NewShores;
    o.victory_target = 13;
    GameState s = new_game(o);
    // A hex beside a home island, turned face down with gold under it.
    int hidden = -1, corner = -1;
    for (int h = 0; h < T.hex_count && hidden < 0; ++h) {
        if (!s.board.sea.test(h)) continue;
        for (int c = 0; c < 6 && hidden < 0; ++c) {
            const int n = node_at(h, c);
            if (!s.setup_nodes.test(n) || s.blocked.test(n)) continue;
            hidden = h;
            corner = n;
        }
    }
    REQUIRE(hidden >= 0);
    if (s.pirate == hidden) s.pirate = static_cast<std::uint8_t>(hidden == 0 ? 1 : 0);
    // 2 and 12: the board holds one of each, so the hidden tokens keep every number within its count.
    hide(s, hidden, Terrain::Gold, {2});
    REQUIRE_FALSE(find_state_problem(s).has_value());
    REQUIRE(s.setup_nodes.test(corner));
    const int p = s.current;
    const auto ev = ok(s, cmd::settlement(p, corner));
    REQUIRE(find_event(ev, EventType::HexRevealed));
    CHECK(s.phase == Phase::ChooseGold);
    CHECK(s.after_gold == Phase::SetupRoad);
    ok(s, cmd::choose_gold(p, ResourceSet{0, 0, 0, 1, 0}));
    CHECK(s.phase == Phase::SetupRoad);
    CHECK(hand_of(s, p) == cards(0, 0, 0, 1, 0));

    // The setup road: a second face-down gold hex at the far end of one of the settlement's paths.
    int road = -1, second = -1;
    for (const Command& c : legal_actions(s, p)) {
        if (c.type != CommandType::BuildRoad && c.type != CommandType::BuildShip) continue;
        const int far = other_end(c.target, corner);
        for (std::uint8_t h : T.node_hexes[static_cast<std::size_t>(far)])
            if (h != kNone && s.board.sea.test(h) && h != s.pirate && !T.hex_node_mask[h].test(corner) && road < 0) {
                road = c.target;
                second = h;
            }
        if (road >= 0) {
            hide(s, second, Terrain::Gold, {12});
            REQUIRE_FALSE(find_state_problem(s).has_value());
            const auto built = ok(s, c.type == CommandType::BuildRoad ? cmd::road(p, road) : cmd::ship(p, road));
            REQUIRE(find_event(built, EventType::HexRevealed));
            CHECK(s.phase == Phase::ChooseGold);
            CHECK(s.after_gold == Phase::SetupSettlement);
            CHECK(s.current != p);  // the next seat places next, once the gold is chosen
            ok(s, cmd::choose_gold(p, ResourceSet{0, 0, 0, 0, 1}));
            CHECK(s.phase == Phase::SetupSettlement);
            break;
        }
    }
    CHECK(road >= 0);
}

}  // namespace
}  // namespace catan::test
