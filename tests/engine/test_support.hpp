#pragma once
// Helpers that build exact positions for rules tests. They write the state directly (no rules, no
// cost), then keep the derived fields consistent, so a test sets up only what its rule needs. Each
// position they build is one find_state_problem accepts (cards move from the bank or the deck, pieces
// from the supply, the turn's player is the one acting): in builds without NDEBUG apply() asserts
// state_is_ok after every command (tests/engine/README.md).
#include <catch2/catch.hpp>

#include <initializer_list>
#include <utility>
#include <vector>

#include "catan/engine/engine.hpp"
#include "engine/rules.hpp"

namespace catan::test {

// A fresh game moved past setup with no pieces placed: seat 0 to act in turn 1, dice rolled (Main).
inline void skip_setup(GameState& s) {
    s.first_player = 0;
    s.current = 0;
    s.turn_player = 0;
    s.setup_step = static_cast<std::uint8_t>(2 * s.num_players);
    s.turn = 1;
    s.phase = Phase::Main;
    s.rolled = true;
}

// A game past setup on a random board with no pieces and no cards: seat 0 to act, dice rolled (Main).
inline GameState blank_game(int players = 4, std::uint64_t seed = 1) {
    GameOptions o;
    o.players = players;
    o.seed = seed;
    GameState s = new_game(o);
    skip_setup(s);
    return s;
}

inline void put_settlement(GameState& s, int p, int node) {
    s.players[p].settlements |= node_bit(node);
    --s.players[p].settlements_left;
    refresh_derived(s);
}

inline void put_city(GameState& s, int p, int node) {
    s.players[p].cities |= node_bit(node);
    --s.players[p].cities_left;
    refresh_derived(s);
}

// Places roads and updates every player's road length, without touching the Longest Road holder.
inline void put_road(GameState& s, int p, int edge) {
    s.players[p].roads.set(edge);
    --s.players[p].roads_left;
    refresh_derived(s);
    for (int q = 0; q < s.num_players; ++q) s.players[q].road_length = static_cast<std::uint8_t>(longest_road_of(s, q));
}

inline int edge(int a, int b) {
    const int e = kBaseTopology.edge_between(a, b);
    REQUIRE(e >= 0);
    return e;
}

// Roads along a chain of adjacent intersections.
inline void put_road_chain(GameState& s, int p, std::initializer_list<int> nodes) {
    const int* prev = nullptr;
    for (const int& n : nodes) {
        if (prev) put_road(s, p, edge(*prev, n));
        prev = &n;
    }
}

// Moves cards from the bank to a hand (the bank must have them).
inline void give(GameState& s, int p, const ResourceSet& cards) {
    REQUIRE(s.bank.contains(cards));
    s.bank -= cards;
    s.players[p].hand += cards;
}

// Draws the first `card` left in the deck: it is swapped up to the top and the top moves past it.
inline void draw_from_deck(GameState& s, DevCard card) {
    for (int i = s.deck_top; i < s.deck_size; ++i)
        if (s.deck[static_cast<std::size_t>(i)] == card) {
            std::swap(s.deck[static_cast<std::size_t>(i)], s.deck[s.deck_top]);
            ++s.deck_top;
            return;
        }
    FAIL("no such development card left in the deck");
}

// Seat p draws `count` cards of a kind from the deck (as if bought on an earlier turn, or this one).
inline void give_dev(GameState& s, int p, DevCard card, int count = 1, bool bought_this_turn = false) {
    for (int k = 0; k < count; ++k) draw_from_deck(s, card);
    s.players[p].dev[static_cast<int>(card)] = static_cast<std::uint8_t>(s.players[p].dev[static_cast<int>(card)] + count);
    if (bought_this_turn)
        s.players[p].dev_bought[static_cast<int>(card)] = static_cast<std::uint8_t>(s.players[p].dev_bought[static_cast<int>(card)] + count);
}

// Seat p has played `count` more knights (drawn from the deck on earlier turns).
inline void give_played_knights(GameState& s, int p, int count) {
    for (int k = 0; k < count; ++k) draw_from_deck(s, DevCard::Knight);
    s.players[p].knights_played = static_cast<std::uint8_t>(s.players[p].knights_played + count);
}

// Makes it seat p's turn: outside a build step (R-X6, R-X7) the seat acting is the turn's player.
inline void set_turn(GameState& s, int p) {
    s.current = static_cast<std::uint8_t>(p);
    s.turn_player = static_cast<std::uint8_t>(p);
}

// Re-seeds the state's generator so that its next two dice are d1 and d2. The dice still come from the
// generator; only its starting point is chosen.
inline void force_next_roll(GameState& s, int d1, int d2) {
    for (std::uint64_t seed = 0;; ++seed) {
        Rng probe(seed);
        if (probe.die() == d1 && probe.die() == d2) {
            s.rng = Rng(seed);
            return;
        }
    }
}

// A hex whose number is `number` (none if the board has no such token).
inline int hex_with_number(const GameState& s, int number) {
    for (int h = 0; h < BaseVariant::hexes; ++h)
        if (s.board.number[h] == number) return h;
    return -1;
}

inline bool is_legal(const GameState& s, const Command& c) {
    for (const Command& l : legal_actions(s, c.player))
        if (l == c) return true;
    return false;
}

// Applies a command that must succeed, and returns its events.
inline std::vector<Event> ok(GameState& s, const Command& c) {
    std::vector<Event> ev;
    const auto err = apply(s, c, &ev);
    INFO("command " << to_string(c.type) << " rejected: " << (err ? err->message : std::string_view{}));
    REQUIRE_FALSE(err.has_value());
    return ev;
}

// Applies a command that must fail with `code`, and checks the state did not change.
inline Error rejected(GameState& s, const Command& c, ErrorCode code) {
    const GameState before = s;
    const auto err = apply(s, c, nullptr);
    REQUIRE(err.has_value());
    CHECK(to_string(err->code) == std::string_view(to_string(code)));
    CHECK(s == before);
    return *err;
}

}  // namespace catan::test
