#include "heuristics.hpp"

#include <bit>

namespace catan::bots {
namespace {

NodeMask opponents_buildings(const GameState& s, int player) {
    return s.occupied & ~buildings_of(s, player);
}

NodeMask road_ends(const GameState& s, int player) {
    const Topology& t = topology(s);
    NodeMask ends{};
    s.players[player].roads.for_each([&](int e) { ends |= t.edge_node_mask[e]; });
    return ends;
}

}  // namespace

NodeMask buildings_of(const GameState& s, int player) {
    return s.players[player].settlements | s.players[player].cities;
}

namespace {
// What a hex with `weight` buildings of a player adds to its production: its resource, or for a gold
// field (R-SF7) a share of every resource, worth a little more than one since the owner chooses.
void add_hex(Production& p, const GameState& s, int hex, double weight) {
    const Terrain t = s.board.terrain[hex];
    const double rate = weight * pips(s.board.number[hex]) / 36.0;
    if (produces_resource(t)) p[static_cast<int>(t)] += rate;
    else if (t == Terrain::Gold)
        for (int r = 0; r < kResourceCount; ++r) p[r] += 1.5 * rate / kResourceCount;
}
}  // namespace

Production node_production(const GameState& s, int node) {
    Production p{};
    for (std::uint8_t h : topology(s).node_hexes[node])
        if (h != kNone) add_hex(p, s, h, 1.0);
    return p;
}

Production player_production(const GameState& s, int player) {
    const Topology& t = topology(s);
    Production p{};
    const PlayerState& pl = s.players[player];
    for_each_node(pl.settlements | pl.cities, [&](int n) {
        const double weight = pl.cities.test(n) ? 2.0 : 1.0;
        for (std::uint8_t h : t.node_hexes[n])
            if (h != kNone && h != s.robber) add_hex(p, s, h, weight);
    });
    return p;
}

double total(const Production& p) { return p[0] + p[1] + p[2] + p[3] + p[4]; }

double settlement_value(const GameState& s, int player, int node) {
    const Production have = player_production(s, player);
    const Production add = node_production(s, node);
    double value = 0;
    for (int r = 0; r < kResourceCount; ++r) {
        // A resource the player lacks is worth more: trading for it costs 3 or 4 cards.
        const double scarcity = have[r] < 0.05 ? 1.6 : have[r] < 0.15 ? 1.2 : 1.0;
        value += add[r] * 36.0 * scarcity;
    }
    const NodeMask own = buildings_of(s, player);
    if (s.harbor_nodes[kGenericHarbor].test(node) && !(own & s.harbor_nodes[kGenericHarbor])) value += 1.5;
    for (int r = 0; r < kResourceCount; ++r)
        if (s.harbor_nodes[r].test(node) && !(own & s.harbor_nodes[r])) value += 0.4 * 36.0 * (have[r] + add[r]);
    return value;
}

int road_toward_best_spot(const GameState& s, int player) {
    const Topology& t = topology(s);
    constexpr int kMaxDistance = 4;
    // The first road is one the engine lets `player` build now; beyond it the search plans ahead over
    // empty paths and stops at other players' buildings, which a road cannot pass.
    const EdgeMask first = road_spots(s, player);
    std::array<std::int8_t, kMaxNodes> dist;
    std::array<std::int16_t, kMaxNodes> first_edge;
    dist.fill(-1);
    first_edge.fill(-1);
    std::array<std::uint8_t, kMaxNodes> queue{};
    int head = 0, tail = 0;
    NodeMask seeds{};
    first.for_each([&](int e) { seeds |= t.edge_node_mask[e]; });
    for_each_node(seeds & (buildings_of(s, player) | road_ends(s, player)), [&](int n) {
        dist[n] = 0;
        queue[tail++] = static_cast<std::uint8_t>(n);
    });
    const NodeMask foreign = opponents_buildings(s, player);
    double best = 0;
    int best_edge = -1;
    while (head < tail) {
        const int n = queue[head++];
        if (dist[n] > 0 && !s.blocked.test(n)) {
            const double score = settlement_value(s, player, n) / (1.0 + dist[n]);
            if (score > best) best = score, best_edge = first_edge[n];
        }
        if (dist[n] == kMaxDistance || (dist[n] > 0 && foreign.test(n))) continue;
        for (int k = 0; k < 3; ++k) {
            const int e = t.node_edges[n][k];
            if (e == kNone || s.roads_all.test(e) || (dist[n] == 0 && !first.test(e))) continue;
            const int m = t.edge_nodes[e][0] == n ? t.edge_nodes[e][1] : t.edge_nodes[e][0];
            if (dist[m] >= 0) continue;
            dist[m] = static_cast<std::int8_t>(dist[n] + 1);
            first_edge[m] = static_cast<std::int16_t>(dist[n] == 0 ? e : first_edge[n]);
            queue[tail++] = static_cast<std::uint8_t>(m);
        }
    }
    return best_edge;
}

ResourceSet goal_cost(const GameState& s, Goal goal) {
    switch (goal) {
        case Goal::City: return ruleset(s).city_cost;
        case Goal::Settlement: return ruleset(s).settlement_cost;
        case Goal::Road: return ruleset(s).road_cost;
        case Goal::DevCard: return ruleset(s).dev_card_cost;
        case Goal::None: break;
    }
    return {};
}

int missing(const ResourceSet& hand, const ResourceSet& cost) {
    int m = 0;
    for (int r = 0; r < kResourceCount; ++r)
        if (cost.n[r] > hand.n[r]) m += cost.n[r] - hand.n[r];
    return m;
}

Goal choose_goal(const GameState& s, int player) {
    const PlayerState& pl = s.players[player];
    Goal best = Goal::None;
    double best_score = 1e9;
    auto consider = [&](Goal g, double penalty) {
        const double score = missing(pl.hand, goal_cost(s, g)) + penalty;
        if (score < best_score) best_score = score, best = g;
    };
    if (pl.cities_left > 0 && pl.settlements.any()) consider(Goal::City, 0.0);
    if (pl.settlements_left > 0) {
        if (settlement_spots(s, player).any())
            consider(Goal::Settlement, 0.0);
        else if (pl.roads_left > 0 && road_toward_best_spot(s, player) >= 0)
            consider(Goal::Road, 1.0);
    }
    if (s.deck_left() > 0) consider(Goal::DevCard, 1.5);
    return best;
}

int leader_among_opponents(const GameState& s, int player) {
    int leader = -1;
    double best = -1;
    for (int q = 0; q < s.num_players; ++q) {
        if (q == player) continue;
        const double score = public_victory_points(s, q) * 100.0 + total(player_production(s, q));
        if (score > best) best = score, leader = q;
    }
    return leader;
}

}  // namespace catan::bots
