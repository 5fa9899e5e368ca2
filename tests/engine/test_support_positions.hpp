#pragma once
// Extra helpers for the trade, building, development card, award and victory rules tests
// (R-TR*, R-BU*, R-D*, R-A*, R-V*). Like test_support.hpp they only build positions and read state;
// the rules themselves are exercised through apply() and legal_actions().
// Everything lives in catan::test::pos so that it cannot clash with other test helper headers.
#include "test_support.hpp"

#include <array>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace catan::test::pos {

// Card counts (brick, lumber, wool, grain, ore) as a printable array, so failed checks show numbers.
using Counts = std::array<int, kResourceCount>;
inline Counts counts(const ResourceSet& r) { return {r.n[0], r.n[1], r.n[2], r.n[3], r.n[4]}; }
inline Counts counts(int brick, int lumber, int wool, int grain, int ore) { return {brick, lumber, wool, grain, ore}; }
inline Counts hand(const GameState& s, int p) { return counts(s.players[static_cast<std::size_t>(p)].hand); }
inline Counts bank(const GameState& s) { return counts(s.bank); }

// Development cards held (knight, road building, invention, monopoly, victory point), printable.
using DevCounts = std::array<int, kDevCardKinds>;
inline DevCounts devs(const GameState& s, int p) {
    const auto& d = s.players[static_cast<std::size_t>(p)].dev;
    return {d[0], d[1], d[2], d[3], d[4]};
}

inline std::string name(Phase p) { return to_string(p); }
inline std::string phase(const GameState& s) { return to_string(s.phase); }

// blank_game() built from explicit options (e.g. another victory target, R-V4).
inline GameState blank_game_with(const GameOptions& o) {
    REQUIRE_FALSE(validate_options(o).has_value());
    GameState s = new_game(o);
    s.first_player = 0;
    set_turn(s, 0);
    s.setup_step = static_cast<std::uint8_t>(2 * o.players);
    s.turn = 1;
    s.phase = Phase::Main;
    s.rolled = true;
    return s;
}

// The next development card bought will be `card` (swapped up from further down the deck).
inline void set_top_card(GameState& s, DevCard card) {
    for (int i = s.deck_top; i < s.deck_size; ++i)
        if (s.deck[static_cast<std::size_t>(i)] == card) {
            std::swap(s.deck[static_cast<std::size_t>(i)], s.deck[static_cast<std::size_t>(s.deck_top)]);
            return;
        }
    FAIL("no such development card left in the deck");
}

// Intersections giving access to a harbor of `kind` (0..4: that resource's 2:1, kGenericHarbor: 3:1).
inline std::vector<int> harbor_nodes(const GameState& s, int kind) {
    std::vector<int> out;
    for_each_node(s.harbor_nodes[static_cast<std::size_t>(kind)], [&](int n) { out.push_back(n); });
    REQUIRE(out.size() == 2u * static_cast<std::size_t>(kind == kGenericHarbor ? 4 : 1));
    return out;
}

// The path of a harbor of `kind` (both its intersections reach the harbor).
inline int harbor_path(const GameState& s, int kind) {
    const Topology& t = kBaseTopology;
    for (int k = 0; k < BaseVariant::harbors; ++k)
        if (s.board.harbor[static_cast<std::size_t>(k)] == kind) return t.harbor_edges[static_cast<std::size_t>(k)];
    FAIL("no harbor of that kind");
    return -1;
}

inline bool is_harbor_node(const GameState& s, int node) {
    for (NodeMask m : s.harbor_nodes)
        if (m & node_bit(node)) return true;
    return false;
}

// Roads along the first `paths` paths of a chain of intersections.
inline void put_chain_prefix(GameState& s, int p, const std::vector<int>& nodes, int paths) {
    REQUIRE(paths < static_cast<int>(nodes.size()));
    for (int i = 0; i < paths; ++i) put_road(s, p, edge(nodes[static_cast<std::size_t>(i)], nodes[static_cast<std::size_t>(i) + 1]));
}

// Recomputes every player's stored road length from the board (after put_settlement / put_city on a road).
inline void refresh_road_lengths(GameState& s) {
    for (int q = 0; q < s.num_players; ++q)
        s.players[static_cast<std::size_t>(q)].road_length = static_cast<std::uint8_t>(longest_road_of(s, q));
}

inline int count_events(const std::vector<Event>& ev, EventType type) {
    int n = 0;
    for (const Event& e : ev) n += e.type == type;
    return n;
}

inline std::optional<Event> find_event(const std::vector<Event>& ev, EventType type) {
    for (const Event& e : ev)
        if (e.type == type) return e;
    return std::nullopt;
}

inline int count_legal(const GameState& s, int p, CommandType type) {
    int n = 0;
    for (const Command& c : legal_actions(s, p)) n += c.type == type;
    return n;
}

// Rolls, for the active player in PreRoll, a non-7 total that pays nobody (no building touches a hex
// with that number), so a test can move through turns without anyone's hand changing.
inline std::vector<Event> quiet_roll(GameState& s) {
    REQUIRE(s.phase == Phase::PreRoll);
    NodeMask all{};
    for (int q = 0; q < s.num_players; ++q) all |= rules::buildings_of(s, q);
    for (int total = 2; total <= 12; ++total) {
        if (total == 7) continue;
        bool pays = false;
        for (int h = 0; h < BaseVariant::hexes; ++h)
            if (s.board.number[static_cast<std::size_t>(h)] == total && h != s.robber &&
                (kBaseTopology.hex_node_mask[static_cast<std::size_t>(h)] & all))
                pays = true;
        if (pays) continue;
        const int d1 = total <= 7 ? 1 : total - 6;
        force_next_roll(s, d1, total - d1);
        auto ev = ok(s, cmd::roll(s.current));
        REQUIRE(s.dice[0] + s.dice[1] == total);
        REQUIRE(s.phase == Phase::Main);
        return ev;
    }
    FAIL("every roll pays someone");
    return {};
}

// Ends the active player's turn (from Main) and plays the following seats' turns with quiet rolls until
// seat `p` is to act; returns with `p` in PreRoll.
inline void pass_to(GameState& s, int p) {
    ok(s, cmd::end_turn(s.current));
    while (s.current != p) {
        quiet_roll(s);
        ok(s, cmd::end_turn(s.current));
    }
    REQUIRE(s.phase == Phase::PreRoll);
}

// A fixed layout for road tests, in intersection ids (docs/coordinates.md); the three chains share no
// intersection, and no intersection of one chain is next to one of another.
//   middle: 7 paths across the island, through the centre hex's top and bottom-right corners.
//   left:   up to 7 paths down the west coast.
//   right:  up to 7 paths down the east coast.
inline const std::vector<int> kMiddle{8, 13, 18, 24, 30, 36, 41, 46};
inline const std::vector<int> kLeft{11, 16, 21, 27, 33, 38, 43, 47};
inline const std::vector<int> kRight{2, 6, 10, 15, 20, 26, 32, 37};

// A Longest Road cut, ready to happen. Seat 1 is active, after its roll, holding the cost of one
// settlement. Seat 0 holds Longest Road with the 7-path middle road. Seat 1 has two settlements with
// roads leading onto that road: 14-19-24 (a settlement at 24 cuts it into 3 + 4 paths) and 17-23-18
// (a settlement at 18 cuts it into 2 + 5). Seats 2 and 3 have the first `left_paths` / `right_paths`
// paths of the left / right roads.
inline GameState cut_game(int left_paths, int right_paths) {
    GameState s = blank_game(4);
    set_turn(s, 1);
    put_settlement(s, 1, 14);
    put_settlement(s, 1, 17);
    put_chain_prefix(s, 0, kMiddle, 7);
    put_road_chain(s, 1, {14, 19, 24});
    put_road_chain(s, 1, {17, 23, 18});
    put_chain_prefix(s, 2, kLeft, left_paths);
    put_chain_prefix(s, 3, kRight, right_paths);
    s.longest_road = 0;
    give(s, 1, kBaseRules.settlement_cost);
    REQUIRE(s.players[0].road_length == 7);
    REQUIRE(s.players[1].road_length == 2);
    return s;
}

// A hex other than the robber's with no building on it.
inline int empty_hex(const GameState& s) {
    NodeMask all{};
    for (int q = 0; q < s.num_players; ++q) all |= rules::buildings_of(s, q);
    for (int h = 0; h < BaseVariant::hexes; ++h)
        if (h != s.robber && !(kBaseTopology.hex_node_mask[static_cast<std::size_t>(h)] & all)) return h;
    FAIL("no empty hex");
    return -1;
}

}  // namespace catan::test::pos
