// Production per hex (the board shows which hex paid whom): one HexProduced event per hex
// and player paid, beside the per-player Produced events, which stay as they were. What the hexes
// pay a player adds up to what Produced says; a resource nobody is paid (R-T3) has no HexProduced.
#include "test_support_setup.hpp"

#include <map>

using namespace catan;
using namespace catan::test;

namespace {

int c_hex() { return hex_at(0, 0); }
int e_hex() { return hex_at(1, 0); }
int far_hex() { return hex_at(-2, 2); }

GameState production_game() {
    GameState s = pre_roll_game(4, 2);
    s.robber = static_cast<std::uint8_t>(hex_at(2, -2));
    return s;
}

// (hex, player) -> what HexProduced says that hex paid that player.
std::map<std::pair<int, int>, Cards> paid_by_hex(const std::vector<Event>& ev) {
    std::map<std::pair<int, int>, Cards> out;
    for (const Event& e : ev)
        if (e.type == EventType::HexProduced) {
            const auto key = std::pair{int(e.a), int(e.player)};
            REQUIRE(out.count(key) == 0);  // one event per hex and player
            out[key] = cards(e.resources);
        }
    return out;
}

// Every player's Produced equals the sum of the hexes' payments to them.
void check_sums(const std::vector<Event>& ev) {
    std::map<int, Cards> from_hexes;
    for (const auto& [key, c] : paid_by_hex(ev))
        for (std::size_t k = 0; k < c.size(); ++k) from_hexes[key.second][k] += c[k];
    std::map<int, Cards> produced;
    for (const Event& e : ev)
        if (e.type == EventType::Produced) produced[e.player] = cards(e.resources);
    CHECK(from_hexes == produced);
}

}  // namespace

TEST_CASE("R-T2 each hex that pays a player is one hex_produced event, beside the player's produced", "[R-T2][hex-produced]") {
    GameState s = production_game();
    NamedHexes paying;
    paying.set(s, c_hex(), Terrain::Forest, 8);
    paying.set(s, e_hex(), Terrain::Fields, 8);
    REQUIRE(node_touches_hex(corner(c_hex(), 2), e_hex()));
    put_settlement(s, 0, corner(c_hex(), 0));  // centre: 1 lumber
    put_city(s, 2, corner(c_hex(), 2));        // centre and east: 2 lumber, 2 grain
    put_settlement(s, 3, corner(e_hex(), 1));  // east: 1 grain
    const auto ev = paying.roll(s, 4, 4);
    const auto paid = paid_by_hex(ev);
    CHECK(paid.size() == 4);
    CHECK(paid.at({c_hex(), 0}) == cards(0, 1, 0, 0, 0));
    CHECK(paid.at({c_hex(), 2}) == cards(0, 2, 0, 0, 0));
    CHECK(paid.at({e_hex(), 2}) == cards(0, 0, 0, 2, 0));
    CHECK(paid.at({e_hex(), 3}) == cards(0, 0, 0, 1, 0));
    CHECK(count_events(ev, EventType::Produced) == 3);  // unchanged: one per player
    check_sums(ev);
}

TEST_CASE("R-T2 the hex under the robber pays nobody and has no hex_produced", "[R-T2][hex-produced]") {
    GameState s = production_game();
    NamedHexes paying;
    paying.set(s, c_hex(), Terrain::Forest, 8);
    paying.set(s, e_hex(), Terrain::Fields, 8);
    put_city(s, 2, corner(c_hex(), 2));
    s.robber = static_cast<std::uint8_t>(c_hex());
    const auto ev = paying.roll(s, 4, 4);
    const auto paid = paid_by_hex(ev);
    CHECK(paid.size() == 1);
    CHECK(paid.at({e_hex(), 2}) == cards(0, 0, 0, 2, 0));
    check_sums(ev);
}

TEST_CASE("R-T3 a resource blocked by a bank shortage has no hex_produced, the others still do", "[R-T3][hex-produced]") {
    GameState s = production_game();
    NamedHexes paying;
    paying.set(s, c_hex(), Terrain::Forest, 8);
    paying.set(s, e_hex(), Terrain::Fields, 8);
    put_city(s, 1, corner(c_hex(), 0));  // owed 2 lumber
    put_city(s, 2, corner(c_hex(), 2));  // owed 2 lumber and 2 grain
    put_settlement(s, 3, corner(e_hex(), 1));  // owed 1 grain
    give(s, 0, ResourceSet{0, 16, 0, 0, 0});  // the bank keeps 3 lumber: nobody gets lumber
    const auto ev = paying.roll(s, 5, 3);
    REQUIRE(count_events(ev, EventType::ProductionBlocked) == 1);
    const auto paid = paid_by_hex(ev);
    CHECK(paid.size() == 2);
    CHECK(paid.count({c_hex(), 1}) == 0);
    CHECK(paid.count({c_hex(), 2}) == 0);
    CHECK(paid.at({e_hex(), 2}) == cards(0, 0, 0, 2, 0));
    CHECK(paid.at({e_hex(), 3}) == cards(0, 0, 0, 1, 0));
    check_sums(ev);
}

TEST_CASE("R-T3 a single claimant short-paid is paid by the hexes in order until the bank is empty", "[R-T3][hex-produced]") {
    GameState s = production_game();
    NamedHexes paying;
    paying.set(s, c_hex(), Terrain::Forest, 8);
    paying.set(s, far_hex(), Terrain::Forest, 8);
    put_city(s, 1, corner(c_hex(), 0));      // 2 lumber from the centre
    put_city(s, 1, corner(far_hex(), 3));    // 2 lumber from the far hex
    give(s, 3, ResourceSet{0, 16, 0, 0, 0});  // the bank keeps 3
    const auto ev = paying.roll(s, 4, 4);
    CHECK(hand_of(s, 1) == cards(0, 3, 0, 0, 0));
    const auto paid = paid_by_hex(ev);
    int total = 0;
    for (const auto& [key, c] : paid) {
        CHECK(key.second == 1);
        total += c[1];
    }
    CHECK(total == 3);
    check_sums(ev);
    // An empty bank pays nothing, so no hex pays anything either.
    GameState empty = production_game();
    NamedHexes empty_paying;
    empty_paying.set(empty, c_hex(), Terrain::Hills, 9);
    put_settlement(empty, 1, corner(c_hex(), 0));
    give(empty, 3, ResourceSet{19, 0, 0, 0, 0});
    const auto none = empty_paying.roll(empty, 4, 5);
    CHECK(count_events(none, EventType::HexProduced) == 0);
    CHECK(count_events(none, EventType::Produced) == 0);
}
