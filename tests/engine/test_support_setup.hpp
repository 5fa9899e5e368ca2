#pragma once
// Extra helpers for the board, setup, turn and robber rules tests (R-B*, R-S*, R-T*, R-7*).
// They only build positions and read state; the rules themselves are exercised through apply()
// and legal_actions().
#include "test_support.hpp"

#include <algorithm>
#include <array>
#include <utility>
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

// The hexes a test names, with the terrain and number it chose for them, on a board that still holds
// its recipe (find_state_problem checks it; apply() asserts that in builds without NDEBUG). A named
// hex trades terrain and number with hexes the test did not name, and before each roll through roll()
// every unnamed hex with the rolled number next to a building trades that number with an unnamed hex
// next to none: only the named hexes pay, as if the others had no number at all.
struct NamedHexes {
    std::vector<int> named;

    static std::size_t at(int hex) { return static_cast<std::size_t>(hex); }
    bool is_named(int hex) const { return std::find(named.begin(), named.end(), hex) != named.end(); }

    // Terrain and number go together, so a desert keeps no number and takes none.
    void trade_terrain(GameState& s, int hex, Terrain terrain) const {
        auto& b = s.board;
        if (b.terrain[at(hex)] == terrain) return;
        const int other = unnamed(s, hex, [&](int h) { return b.terrain[at(h)] == terrain; });
        std::swap(b.terrain[at(hex)], b.terrain[at(other)]);
        std::swap(b.number[at(hex)], b.number[at(other)]);
    }

    // The first unnamed hex other than `hex` that `fits`.
    template <class Fits>
    int unnamed(const GameState& s, int hex, Fits fits) const {
        for (int h = 0; h < topology(s).hex_count; ++h)
            if (h != hex && !is_named(h) && fits(h)) return h;
        FAIL("no unnamed hex left to trade with");
        return -1;
    }

    // The hex gets `terrain` (with the number of the unnamed hex it came from; a desert has none).
    void set_terrain(GameState& s, int hex, Terrain terrain) {
        trade_terrain(s, hex, terrain);
        named.push_back(hex);
        refresh_derived(s);
    }

    // The hex gets `terrain` and `number` (not a desert).
    void set(GameState& s, int hex, Terrain terrain, int number) {
        REQUIRE(terrain != Terrain::Desert);
        trade_terrain(s, hex, terrain);
        auto& n = s.board.number;
        if (n[at(hex)] != number) std::swap(n[at(hex)], n[at(unnamed(s, hex, [&](int h) { return n[at(h)] == number; }))]);
        named.push_back(hex);
        refresh_derived(s);
    }

    // Rolls d1 and d2 (see roll_dice), with only named hexes carrying the total next to a building.
    std::vector<Event> roll(GameState& s, int d1, int d2);
};

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

inline std::vector<Event> NamedHexes::roll(GameState& s, int d1, int d2) {
    const int total = d1 + d2;
    NodeMask buildings{};
    for (int q = 0; q < s.num_players; ++q) buildings |= rules::buildings_of(s, q);
    const Topology& t = topology(s);
    const auto built_on = [&](int h) { return (t.hex_node_mask[at(h)] & buildings) != 0; };
    auto& number = s.board.number;
    for (int h = 0; h < t.hex_count && total != 7; ++h) {
        if (is_named(h) || number[at(h)] != total || !built_on(h)) continue;
        const int away = unnamed(s, h, [&](int o) { return number[at(o)] != 0 && number[at(o)] != total && !built_on(o); });
        std::swap(number[at(h)], number[at(away)]);
    }
    refresh_derived(s);
    return roll_dice(s, d1, d2);
}

// Rolls d1 and d2 with no hex next to a building carrying the total: nobody is paid.
inline std::vector<Event> quiet_roll_dice(GameState& s, int d1, int d2) { return NamedHexes{}.roll(s, d1, d2); }

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
