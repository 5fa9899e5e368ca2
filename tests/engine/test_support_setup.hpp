#pragma once
// Extra helpers for the board, setup, turn and robber rules tests (R-B*, R-S*, R-T*, R-7*).
// They only build positions and read state; the rules themselves are exercised through apply()
// and legal_actions().
#include "test_support.hpp"

#include <array>
#include <vector>

namespace catan::test {

// Card counts as a printable array (brick, lumber, wool, grain, ore), so failed checks show numbers.
using Cards = std::array<int, kResourceCount>;
inline Cards cards(const ResourceSet& r) { return {r.n[0], r.n[1], r.n[2], r.n[3], r.n[4]}; }
inline Cards cards(int brick, int lumber, int wool, int grain, int ore) { return {brick, lumber, wool, grain, ore}; }
inline Cards hand_of(const GameState& s, int p) { return cards(s.players[p].hand); }
inline Cards bank_of(const GameState& s) { return cards(s.bank); }

// The position of blank_game, turned back to the start of the active player's turn (before the roll).
inline GameState pre_roll_game(int players = 4, std::uint64_t seed = 1) {
    GameState s = blank_game(players, seed);
    s.phase = Phase::PreRoll;
    s.rolled = false;
    return s;
}

// Removes every number token, so that only hexes given one again by set_hex produce.
inline void clear_numbers(GameState& s) {
    for (auto& n : s.board.number) n = 0;
    refresh_derived(s);
}

// Sets a hex's terrain and token. As on a real board, at most two hexes may carry the same number.
inline void set_hex(GameState& s, int hex, Terrain terrain, int number) {
    s.board.terrain[static_cast<std::size_t>(hex)] = terrain;
    s.board.number[static_cast<std::size_t>(hex)] = static_cast<std::uint8_t>(number);
    if (number != 0) {
        int same = 0;
        for (std::uint8_t n : s.board.number) same += n == number;
        REQUIRE(same <= 2);
    }
    refresh_derived(s);
}

// Sets a hex's terrain only (for setup tests, where the numbers play no part).
inline void set_terrain(GameState& s, int hex, Terrain terrain) { s.board.terrain[static_cast<std::size_t>(hex)] = terrain; }

// Hex by axial coordinates; the centre is (0, 0).
inline int hex_at(int q, int r) {
    const int h = kBaseTopology.hex_at(q, r);
    REQUIRE(h >= 0);
    return h;
}

// Corner c (0..5, clockwise from the top) of a hex.
inline int corner(int hex, int c) { return kBaseTopology.hex_nodes[static_cast<std::size_t>(hex)][static_cast<std::size_t>(c)]; }

inline int hexes_at_node(int node) {
    int k = 0;
    for (std::uint8_t h : kBaseTopology.node_hexes[static_cast<std::size_t>(node)]) k += h != kNone;
    return k;
}

inline int paths_at_node(int node) {
    int k = 0;
    for (std::uint8_t e : kBaseTopology.node_edges[static_cast<std::size_t>(node)]) k += e != kNone;
    return k;
}

inline bool node_touches_hex(int node, int hex) { return (kBaseTopology.hex_node_mask[static_cast<std::size_t>(hex)] & node_bit(node)) != 0; }

// A path leaving `node` that is not `except` (the other end is returned through `other`).
inline int path_from(int node, int except, int* other = nullptr) {
    const Topology& t = kBaseTopology;
    for (std::uint8_t e : t.node_edges[static_cast<std::size_t>(node)]) {
        if (e == kNone || e == except) continue;
        if (other) *other = t.edge_nodes[e][0] == node ? t.edge_nodes[e][1] : t.edge_nodes[e][0];
        return e;
    }
    FAIL("no path from node");
    return -1;
}

// Rolls the given dice (the generator is re-seeded so they come out) and returns the events.
inline std::vector<Event> roll_dice(GameState& s, int d1, int d2) {
    force_next_roll(s, d1, d2);
    auto ev = ok(s, cmd::roll(s.current));
    REQUIRE(s.dice[0] == d1);
    REQUIRE(s.dice[1] == d2);
    return ev;
}

inline int count_events(const std::vector<Event>& ev, EventType t) {
    int k = 0;
    for (const Event& e : ev) k += e.type == t;
    return k;
}

inline const Event* find_event(const std::vector<Event>& ev, EventType t, int player = -1) {
    for (const Event& e : ev)
        if (e.type == t && (player < 0 || e.player == player)) return &e;
    return nullptr;
}

// Every command legal_actions lists for `p` is accepted by apply() (each tried on a copy).
inline void check_listed_are_accepted(const GameState& s, int p) {
    for (const Command& c : legal_actions(s, p)) {
        GameState copy = s;
        const auto err = apply(copy, c, nullptr);
        INFO("listed " << to_string(c.type) << " target " << int(c.target) << " victim " << int(c.victim)
                       << " rejected: " << (err ? err->message : std::string_view{}));
        CHECK_FALSE(err.has_value());
    }
}

inline int count_listed(const GameState& s, int p, CommandType t) {
    int k = 0;
    for (const Command& c : legal_actions(s, p)) k += c.type == t;
    return k;
}

// Seat p gets a settlement at `home` and two roads leading away from it, ending at `settle` (two paths
// from home, so the distance rule allows a settlement there); `road` is a free path beyond `settle`.
struct Network {
    int home, settle, road;
};
inline Network give_network(GameState& s, int p, int home) {
    put_settlement(s, p, home);
    int a = -1, b = -1;
    const int e1 = path_from(home, -1, &a);
    put_road(s, p, e1);
    const int e2 = path_from(a, e1, &b);
    put_road(s, p, e2);
    const int e3 = path_from(b, e2);
    return {home, b, e3};
}

}  // namespace catan::test
