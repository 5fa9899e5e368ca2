#pragma once
// Board arithmetic shared by the heuristic and the search players: production, spots, goals. Everything
// here reads only what an observation shows (public pieces, the seat's own cards, hand totals).
#include <array>

#include "catan/engine/engine.hpp"

namespace catan::bots {

// Dots on a number token: how many of the 36 dice outcomes produce it (0 for the desert).
constexpr int pips(int number) { return number == 0 ? 0 : 6 - (number > 7 ? number - 7 : 7 - number); }

using Production = std::array<double, kResourceCount>;  // expected cards per roll, by resource

// What intersection `node` would produce per roll for one settlement (robber ignored: it moves).
Production node_production(const GameState& s, int node);
// What `player` produces per roll now (cities count twice, the robber's hex produces nothing).
Production player_production(const GameState& s, int player);
double total(const Production& p);

NodeMask buildings_of(const GameState& s, int player);

// Worth of a settlement on `node` for `player`: production weighted by scarcity, new resources, harbors.
double settlement_value(const GameState& s, int player, int node);

// The first road of a shortest path from the network of `player` to the free intersection that is best
// worth travelling to (value over distance), or -1 when no intersection is reachable within 4 roads.
int road_toward_best_spot(const GameState& s, int player);

enum class Goal : std::uint8_t { City, Settlement, Road, DevCard, None };
ResourceSet goal_cost(const GameState& s, Goal goal);
// Cards still missing from `hand` to pay for `cost`.
int missing(const ResourceSet& hand, const ResourceSet& cost);
// What `player` should save for next: the affordable-soonest of the builds that win (cities and
// settlements before development cards; a road only when it leads to a settlement spot).
Goal choose_goal(const GameState& s, int player);

// The opponent with the most public victory points (ties: the larger production), or -1.
int leader_among_opponents(const GameState& s, int player);

}  // namespace catan::bots
