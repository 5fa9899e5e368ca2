#pragma once
// Predicates shared by apply() and legal_actions(), so that what is listed is exactly what is accepted.
#include "catan/engine/engine.hpp"

namespace catan::rules {

inline const PlayerState& ps(const GameState& s, int p) { return s.players[p]; }
inline NodeMask buildings_of(const GameState& s, int p) { return s.players[p].settlements | s.players[p].cities; }

// Paths where `p` may build a road now (ignores cost): empty, touching own network (R-BU1).
EdgeMask road_spots(const GameState& s, int p);
// Intersections where `p` may build a settlement after setup (ignores cost): R-BU2.
NodeMask settlement_spots(const GameState& s, int p);
// Setup: every intersection that satisfies the distance rule (R-S6).
inline NodeMask setup_settlement_spots(const GameState& s) { return ~s.blocked & ((NodeMask{1} << kNodeCount) - 1); }
// Setup: empty paths touching the settlement just placed (R-S4).
EdgeMask setup_road_spots(const GameState& s);
// Opponents of `p` with a building on `hex` (R-7c).
inline unsigned robber_victims(const GameState& s, int hex, int p) {
    const NodeMask around = topology().hex_node_mask[hex];
    unsigned victims = 0;
    for (int q = 0; q < s.num_players; ++q)
        if (q != p && (buildings_of(s, q) & around)) victims |= 1u << q;
    return victims;
}

// R-D1: not bought this turn, none played yet this turn; Victory Point cards are never played.
inline bool dev_playable(const GameState& s, int p, DevCard card) {
    const auto k = static_cast<int>(card);
    const PlayerState& pl = s.players[p];
    return !s.dev_played && card != DevCard::VictoryPoint && pl.dev[k] > pl.dev_bought[k];
}
bool can_place_any_road(const GameState& s, int p);
// Invention takes 2 cards, or what is left when the bank holds fewer (R-D4).
inline int invention_size(const GameState& s) { return s.bank.total() < 2 ? s.bank.total() : 2; }

// Seat answering or countering the active player's offer: any non-active seat.
inline bool is_responder(const GameState& s, int p) { return p != s.current && p < s.num_players; }

// Mutations shared by several commands.
void place_road(GameState& s, int p, int edge);
void place_settlement(GameState& s, int p, int node);
void update_longest_road_after_road(GameState& s, int p, int edge, std::vector<Event>* ev);
// Longest road of `p` just after `edge` was added to its roads, given its length before (R-A1).
int longest_road_with_new_road(const GameState& s, int p, int edge);
void update_longest_road_after_settlement(GameState& s, int node, std::vector<Event>* ev);
void update_largest_army(GameState& s, int p, std::vector<Event>* ev);
void after_robber(GameState& s);  // back to PreRoll or Main
void start_turn(GameState& s, std::vector<Event>* ev);
void check_victory(GameState& s, std::vector<Event>* ev);

inline void emit(std::vector<Event>* ev, const Event& e) {
    if (ev) ev->push_back(e);
}

}  // namespace catan::rules
