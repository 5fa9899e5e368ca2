#pragma once
// Positions for the 5–6 player tests (R-X1..R-X8), on whatever board the game has. Like
// test_support.hpp they write the state directly; unlike some of those helpers they keep it one that
// find_state_problem accepts (cards come from the bank and the deck), so they also hold in debug
// builds, where apply() asserts state_is_ok.
#include "test_support_setup.hpp"

#include <string>
#include <string_view>
#include <utility>

namespace catan::test::five_six {

// blank_game for the given turn structure: seat 0's turn after its roll, no pieces, no cards.
inline GameState blank(int players, TurnStructure structure = TurnStructure::Paired, std::uint64_t seed = 1) {
    GameState s = blank_game(players, seed);
    s.options.turn_structure = structure;
    REQUIRE(state_is_ok(s));
    return s;
}

// Seat p draws a `card` from the deck (the first one left), as if bought on an earlier turn.
inline void draw_dev(GameState& s, int p, DevCard card) {
    for (int i = s.deck_top; i < s.deck_size; ++i) {
        if (s.deck[static_cast<std::size_t>(i)] != card) continue;
        std::swap(s.deck[static_cast<std::size_t>(i)], s.deck[s.deck_top]);
        ++s.deck_top;
        ++s.players[static_cast<std::size_t>(p)].dev[static_cast<std::size_t>(card)];
        return;
    }
    FAIL("no such card left in the deck");
}

// The next card bought will be `card` (swapped up from further down the deck).
inline void put_on_top(GameState& s, DevCard card) {
    for (int i = s.deck_top; i < s.deck_size; ++i)
        if (s.deck[static_cast<std::size_t>(i)] == card) {
            std::swap(s.deck[static_cast<std::size_t>(i)], s.deck[s.deck_top]);
            return;
        }
    FAIL("no such card left in the deck");
}

inline int other_end(const Topology& t, int e, int node) { return t.edge_nodes[e][0] == node ? t.edge_nodes[e][1] : t.edge_nodes[e][0]; }

// A settlement for seat p at the lowest free intersection from `from` on with two roads leading away to
// `spot`, where a settlement may go, and `road`, a free path from `spot` onwards.
struct Plot {
    int home = -1, spot = -1, road = -1;
};
inline Plot give_plot(GameState& s, int p, int from = 0) {
    const Topology& t = topology(s);
    for (int home = from; home < t.node_count; ++home) {
        if (s.blocked.test(home)) continue;
        for (std::uint8_t e1 : t.node_edges[static_cast<std::size_t>(home)]) {
            if (e1 == kNone || s.roads_all.test(e1)) continue;
            const int a = other_end(t, e1, home);
            for (std::uint8_t e2 : t.node_edges[static_cast<std::size_t>(a)]) {
                if (e2 == kNone || e2 == e1 || s.roads_all.test(e2)) continue;
                const int b = other_end(t, e2, a);
                if (s.blocked.test(b) || (t.node_neighbor_mask[static_cast<std::size_t>(home)] & node_bit(b))) continue;
                for (std::uint8_t e3 : t.node_edges[static_cast<std::size_t>(b)]) {
                    if (e3 == kNone || e3 == e2 || s.roads_all.test(e3)) continue;
                    put_settlement(s, p, home);
                    put_road(s, p, e1);
                    put_road(s, p, e2);
                    return {home, b, e3};
                }
            }
        }
    }
    FAIL("no room for a network");
    return {};
}

// Settlements (1 VP each) for seat p on free intersections, from the highest id down (away from the
// networks, which start at the lowest ids).
inline void give_settlements(GameState& s, int p, int count) {
    const Topology& t = topology(s);
    for (int n = t.node_count - 1; n >= 0 && count > 0; --n)
        if (!s.blocked.test(n)) {
            put_settlement(s, p, n);
            --count;
        }
    REQUIRE(count == 0);
}

// A non-7 roll that pays nobody, so turns can pass without hands changing.
inline std::vector<Event> quiet_roll(GameState& s) {
    REQUIRE(s.phase == Phase::PreRoll);
    const Topology& t = topology(s);
    NodeMask all{};
    for (int q = 0; q < s.num_players; ++q) all |= rules::buildings_of(s, q);
    for (int total = 2; total <= 12; ++total) {
        if (total == 7) continue;
        bool pays = false;
        for (int h = 0; h < t.hex_count; ++h)
            if (s.board.number[static_cast<std::size_t>(h)] == total && h != s.robber && (t.hex_node_mask[static_cast<std::size_t>(h)] & all))
                pays = true;
        if (pays) continue;
        const int d1 = total <= 7 ? 1 : total - 6;
        force_next_roll(s, d1, total - d1);
        auto ev = ok(s, cmd::roll(s.current));
        REQUIRE(s.phase == Phase::Main);
        return ev;
    }
    FAIL("every roll pays someone");
    return {};
}

// A hex other than the robber's with no building on it.
inline int empty_hex(const GameState& s) {
    const Topology& t = topology(s);
    NodeMask all{};
    for (int q = 0; q < s.num_players; ++q) all |= rules::buildings_of(s, q);
    for (int h = 0; h < t.hex_count; ++h)
        if (h != s.robber && !(t.hex_node_mask[static_cast<std::size_t>(h)] & all)) return h;
    FAIL("no empty hex");
    return -1;
}

// The command is refused naming `rule`, and nothing changes.
inline Error refused(GameState& s, const Command& c, ErrorCode code, std::string_view rule) {
    const Error e = rejected(s, c, code);
    CHECK(std::string(e.rule) == std::string(rule));
    CHECK_FALSE(e.message.empty());
    return e;
}

inline bool listed_kind(const GameState& s, int p, CommandType t) { return count_listed(s, p, t) > 0; }

}  // namespace catan::test::five_six
