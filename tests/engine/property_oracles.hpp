#pragma once
// Oracles: recomputations of derived facts written independently of the engine (no engine/rules.hpp),
// so a check does not share a bug with the code it checks.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "catan/engine/engine.hpp"

#include "property_vocabulary.hpp"

namespace catan::prop {

// ---------------------------------------------------------------------------------------------
// Independent recomputations

// Every intersection of the game's board, from its count (not the topology's own mask).
inline NodeMask all_nodes_mask(const GameState& s) { return NodeMask::first(topology(s).node_count); }
inline EdgeMask all_edges_mask(const GameState& s) { return EdgeMask::first(topology(s).edge_count); }

inline NodeMask buildings(const GameState& s, int p) { return s.players[p].settlements | s.players[p].cities; }

inline NodeMask opponents_buildings(const GameState& s, int p) {
    NodeMask m{};
    for (int q = 0; q < s.num_players; ++q)
        if (q != p) m |= buildings(s, q);
    return m;
}

// R-V1 / R-D6, from the masks, the award holders and the hidden VP cards.
inline int recompute_vp(const GameState& s, int p) {
    const PlayerState& pl = s.players[p];
    int vp = popcount(pl.settlements) + 2 * popcount(pl.cities);
    if (s.longest_road == p) vp += 2;
    if (s.largest_army == p) vp += 2;
    return vp + pl.dev[static_cast<int>(DevCard::VictoryPoint)];
}

// Intersections -> paths, built from edge_nodes only (the engine walks node_edges instead).
struct PathIndex {
    std::array<std::array<int, 3>, kMaxNodes> paths{};
    std::array<int, kMaxNodes> count{};
    explicit PathIndex(const Topology& t) {
        for (int e = 0; e < t.edge_count; ++e)
            for (int end = 0; end < 2; ++end) {
                const int n = t.edge_nodes[e][end];
                paths[n][count[n]++] = e;
            }
    }
};
inline const PathIndex& path_index(const GameState& s) {
    static const PathIndex base(kBaseTopology), large(kLargeTopology);
    return s.board_kind == BoardKind::Large ? large : base;
}

// Longest trail (no path used twice) through `p`'s roads, starting from a road and walking both ways;
// a trail may end at, but not pass through, an intersection with an opponent's building (R-A1, R-A2).
inline int oracle_longest_road(const GameState& s, int p) {
    const Topology& t = topology(s);
    const PathIndex& index = path_index(s);
    const EdgeMask roads = s.players[p].roads;
    const NodeMask cut = opponents_buildings(s, p);
    int best = 0;
    std::array<bool, kMaxEdges> used{};
    auto extend = [&](auto&& self, int node, int length) -> void {
        if (length > best) best = length;
        if (cut & node_bit(node)) return;
        for (int i = 0; i < index.count[node]; ++i) {
            const int e = index.paths[node][i];
            if (used[e] || !roads.test(e)) continue;
            used[e] = true;
            self(self, t.edge_nodes[e][0] == node ? t.edge_nodes[e][1] : t.edge_nodes[e][0], length + 1);
            used[e] = false;
        }
    };
    for (int e = 0; e < t.edge_count; ++e) {
        if (!roads.test(e)) continue;
        for (int end = 0; end < 2; ++end) {
            used[e] = true;
            extend(extend, t.edge_nodes[e][end], 1);
            used[e] = false;
        }
    }
    return best;
}

inline int deck_count(const GameState& s, DevCard k) {
    int n = 0;
    for (int i = s.deck_top; i < ruleset(s).deck_size; ++i) n += s.deck[i] == k;
    return n;
}

// ---------------------------------------------------------------------------------------------
// What the rules say a command does, recomputed for the transition checks

// R-S4 snake order, written out again.
inline int oracle_setup_player(const GameState& s, int step) {
    const int n = s.num_players;
    return (s.first_player + (step < n ? step : 2 * n - 1 - step)) % n;
}

// R-BU1: some empty path touches p's building, or p's road at an intersection without an opponent's building.
inline bool oracle_can_place_road(const GameState& s, int p) {
    if (s.players[p].roads_left == 0) return false;
    const Topology& t = topology(s);
    const PathIndex& index = path_index(s);
    EdgeMask taken{};
    for (int q = 0; q < s.num_players; ++q) taken |= s.players[q].roads;
    const NodeMask own = buildings(s, p), cut = opponents_buildings(s, p);
    for (int e = 0; e < t.edge_count; ++e) {
        if (taken.test(e)) continue;
        for (int end = 0; end < 2; ++end) {
            const int v = t.edge_nodes[e][end];
            if (own & node_bit(v)) return true;
            if (cut & node_bit(v)) continue;
            for (int i = 0; i < index.count[v]; ++i)
                if (s.players[p].roads.test(index.paths[v][i])) return true;
        }
    }
    return false;
}

// R-TR3, from the board's harbor list and the two intersections of each harbor path.
inline int oracle_trade_ratio(const GameState& s, int p, int give) {
    const Topology& t = topology(s);
    const NodeMask own = buildings(s, p);
    bool generic = false;
    for (int k = 0; k < t.harbor_count; ++k) {
        const int e = t.harbor_edges[k];
        if (!(own & (node_bit(t.edge_nodes[e][0]) | node_bit(t.edge_nodes[e][1])))) continue;
        if (s.board.harbor[k] == give) return 2;
        generic |= s.board.harbor[k] == kGenericHarbor;
    }
    return generic ? 3 : 4;
}

// R-T2 and R-T3 on `e`, from the hexes' corners (the engine uses per-number lists and masks).
inline void oracle_produce(GameState& e, int roll) {
    const Topology& t = topology(e);
    const int n = std::min<int>(e.num_players, kMaxPlayers);
    std::array<ResourceSet, kMaxPlayers> owed{};
    for (int h = 0; h < t.hex_count; ++h) {
        const int r = static_cast<int>(e.board.terrain[h]);  // Terrain 0..4 is the resource; the desert is 5
        if (e.board.number[h] != roll || h == e.robber || r >= kResourceCount) continue;
        for (std::uint8_t v : t.hex_nodes[h])
            for (int q = 0; q < n; ++q) {
                if (e.players[q].settlements & node_bit(v)) owed[q].n[r] = static_cast<std::uint8_t>(owed[q].n[r] + 1);
                if (e.players[q].cities & node_bit(v)) owed[q].n[r] = static_cast<std::uint8_t>(owed[q].n[r] + 2);
            }
    }
    for (int r = 0; r < kResourceCount; ++r) {
        int total = 0, claimants = 0, claimant = 0;
        for (int q = 0; q < n; ++q)
            if (owed[q].n[r]) { total += owed[q].n[r]; ++claimants; claimant = q; }
        if (total <= e.bank.n[r]) continue;
        for (int q = 0; q < n; ++q) owed[q].n[r] = 0;
        if (claimants == 1) owed[claimant].n[r] = e.bank.n[r];
    }
    for (int q = 0; q < n; ++q) {
        e.players[q].hand += owed[q];
        e.bank -= owed[q];
    }
}

inline void oracle_start_turn(GameState& e) {
    for (auto& pl : e.players) pl.dev_bought = {};
    e.rolled = false;
    e.dev_played = false;
    e.free_roads = 0;
    e.offers_made = 0;  // R-L1: trading is counted per turn
    e.answers_made = {};
    ++e.turn;
    e.phase = Phase::PreRoll;
    e.turn_player = e.current;
    e.step = Step::Turn;
}

// Who acts after each EndTurn, as the rule texts list it: after the turn of T, with 5 or 6 players,
// R-X6 gives one paired step to the seat three places to T's left, R-X7 one special building step
// to each other seat in turn order from T's left; then (and with 2-4 players at once, R-T6) the turn
// of the seat to T's left. Written as a schedule looked up by position, not as the engine's branches.
struct StepSlot {
    Step step;
    int seat;
};
inline std::vector<StepSlot> oracle_steps_after_turn(const GameState& e, int turn_player) {
    const int n = e.num_players;
    std::vector<StepSlot> slots;
    if (n >= 5 && e.options.turn_structure == TurnStructure::Paired) slots.push_back({Step::PairedBuild, (turn_player + 3) % n});
    if (n >= 5 && e.options.turn_structure == TurnStructure::SpecialBuild)
        for (int k = 1; k < n; ++k) slots.push_back({Step::SpecialBuild, (turn_player + k) % n});
    return slots;
}

// R-X6, R-X7: the kinds of command a step allows, from the rule texts. The paired player trades
// with the bank and harbors, builds, buys and plays one card (with its robber or free roads), but
// neither rolls nor trades with other players; in the special building phase a player only builds
// and buys development cards.
inline bool oracle_allowed_in_step(Step step, CommandType t) {
    if (step == Step::Turn) return true;
    switch (t) {
        case CommandType::BuildRoad:
        case CommandType::BuildSettlement:
        case CommandType::BuildCity:
        case CommandType::BuyDevCard:
        case CommandType::EndTurn: return true;
        case CommandType::BankTrade:
        case CommandType::PlayKnight:
        case CommandType::PlayRoadBuilding:
        case CommandType::PlayInvention:
        case CommandType::PlayMonopoly:
        case CommandType::MoveRobber: return step == Step::PairedBuild;
        default: return false;
    }
}

// Predicts an accepted EndTurn on `e`; returns whether a turn started (R-V3 then applies).
inline bool oracle_end_turn(GameState& e) {
    const int turn_player = e.step == Step::Turn ? e.current : e.turn_player;
    const auto slots = oracle_steps_after_turn(e, turn_player);
    std::size_t next = 0;  // the slot after the one ending now
    if (e.step != Step::Turn)
        while (next < slots.size() && !(slots[next].step == e.step && slots[next].seat == e.current)) ++next;
    if (e.step != Step::Turn) ++next;
    if (next < slots.size()) {
        e.current = static_cast<std::uint8_t>(slots[next].seat);
        e.turn_player = static_cast<std::uint8_t>(turn_player);
        e.step = slots[next].step;
        for (auto& pl : e.players) pl.dev_bought = {};  // a step is its own allowance (R-D1)
        e.dev_played = false;
        return false;
    }
    e.current = static_cast<std::uint8_t>((turn_player + 1) % e.num_players);
    oracle_start_turn(e);
    return true;
}

// R-A1, R-A3, R-A4 from the previous holder and the road lengths now.
inline std::uint8_t oracle_longest_road_holder(const GameState& e, std::uint8_t previous) {
    int best = 0, count = 0, who = kNoSeat;
    for (int q = 0; q < e.num_players; ++q) {
        const int len = e.players[q].road_length;
        if (len > best) { best = len; count = 1; who = q; }
        else if (len == best) ++count;
    }
    if (previous != kNoSeat && e.players[previous].road_length >= ruleset(e).longest_road_minimum && e.players[previous].road_length == best)
        return previous;
    return best >= ruleset(e).longest_road_minimum && count == 1 ? static_cast<std::uint8_t>(who) : kNoSeat;
}

// R-A5: the first to 3 played knights, then only a strictly larger army takes it.
inline std::uint8_t oracle_largest_army_holder(const GameState& e, std::uint8_t previous) {
    std::uint8_t holder = previous;
    for (int q = 0; q < e.num_players; ++q) {
        const int k = e.players[q].knights_played;
        if (k >= ruleset(e).largest_army_minimum && (holder == kNoSeat || k > e.players[holder].knights_played)) holder = static_cast<std::uint8_t>(q);
    }
    return holder;
}

// ---------------------------------------------------------------------------------------------
// Oracles for the commands legal_actions() does not enumerate (R-TR1)

inline bool oracle_terms_ok(const ResourceSet& give, const ResourceSet& want, const ResourceSet& hand) {
    return !give.empty() && !want.empty() && !give.overlaps(want) && hand.contains(give);
}

// The active player in Main of their own turn, addressing everyone (victim kNoSeat) or one other seat.
inline bool oracle_propose_legal(const GameState& s, const Command& c) {
    const bool addressee_ok = c.victim == kNoSeat || (c.victim < s.num_players && c.victim != c.player);
    // R-X6, R-X7: never in a build step.
    return s.phase == Phase::Main && s.step == Step::Turn && c.player < s.num_players && c.player == s.current && addressee_ok &&
           oracle_terms_ok(c.give, c.want, s.players[c.player].hand) && s.offers_made < 20;  // R-L1
}

// Another seat, addressed by the open offer, with terms it can pay.
inline bool oracle_counter_legal(const GameState& s, const Command& c) {
    return s.phase == Phase::TradeOffer && c.player < s.num_players && c.player != s.current &&
           (s.offer.to == kNoSeat || s.offer.to == c.player) && oracle_terms_ok(c.give, c.want, s.players[c.player].hand) &&
           s.answers_made[c.player] < 40;  // R-L1
}

}  // namespace catan::prop
