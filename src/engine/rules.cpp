#include "catan/engine/scenario.hpp"
#include "rules.hpp"
#include "sea_rules.hpp"

namespace catan::rules {

template <class G>
EdgeMask road_spots(const GameState& s, int p) {
    const Topology& t = G::topo();
    // On the board's words only.
    constexpr int nw = G::node_words, ew = G::edge_words;
    const Bits<nw> own = first_words<nw>(buildings_of(s, p));
    const Bits<nw> opponents = first_words<nw>(s.occupied) & ~own;
    // A road extends from an own building, or from an own road end not holding an opponent's building.
    const Bits<nw> frontier = own | (first_words<nw>(s.road_nodes[p]) & ~opponents);
    Bits<ew> spots;
    frontier.for_each([&](int n) { spots |= first_words<ew>(t.node_edge_mask[n]); });
    spots &= ~first_words<ew>(s.roads_all);
    // R-SF2: on the sea, roads stay on land and never share a path with a ship.
    if constexpr (G::sea) spots &= first_words<ew>(s.land_paths) & ~first_words<ew>(s.ships_all);
    return widened<EdgeMask>(spots);
}

// R-BU2; R-SF2: on the sea a ship reaches a new settlement spot as a road does, on land only.
template <class G>
NodeMask settlement_spots(const GameState& s, int p) {
    if constexpr (G::sea) return (s.road_nodes[p] | s.ship_nodes[p]) & s.land_nodes & ~s.blocked;
    return s.road_nodes[p] & ~s.blocked;
}

// R-D3, R-SF9: somewhere to place a free piece of Road Building.
template <class G>
bool can_place_any_road(const GameState& s, int p) {
    if constexpr (G::sea)
        if (s.players[p].ships_left > 0 && ship_spots<G>(s, p).any()) return true;
    return s.players[p].roads_left > 0 && road_spots<G>(s, p).any();
}

template <class G>
void place_ship(GameState& s, int p, int edge) {
    s.players[p].ships.set(edge);
    s.ships_all.set(edge);
    s.ship_nodes[p] |= G::topo().edge_node_mask[edge];
    --s.players[p].ships_left;
    for (std::uint8_t n : G::topo().edge_nodes[edge]) refresh_route_end<G>(s, p, n);
}

template <class G>
void lift_ship(GameState& s, int p, int edge) {
    const Topology& t = G::topo();
    PlayerState& pl = s.players[p];
    pl.ships.reset(edge);
    s.ships_all.reset(edge);
    for (std::uint8_t n : t.edge_nodes[edge])
        if (!(t.node_edge_mask[n] & pl.ships).any()) s.ship_nodes[p].reset(n);
    ++pl.ships_left;
    for (std::uint8_t n : t.edge_nodes[edge]) refresh_route_end<G>(s, p, n);
}

template <class G>
void place_road(GameState& s, int p, int edge) {
    s.players[p].roads.set(edge);
    s.roads_all.set(edge);
    s.road_nodes[p] |= G::topo().edge_node_mask[edge];
    --s.players[p].roads_left;
}

template <class G>
void place_settlement(GameState& s, int p, int node) {
    s.players[p].settlements |= node_bit(node);
    --s.players[p].settlements_left;
    s.occupied |= node_bit(node);
    s.blocked |= node_bit(node) | G::topo().node_neighbor_mask[node];
    add_yield(s, G::topo(), p, node);
    add_harbor(s, p, node);
    if constexpr (G::sea) refresh_route_end<G>(s, p, node);  // a building closes a route there (R-SF4)
}

// R-SF8: a player's first settlement on an island it did not set up on wins the island's VP tokens.
template <class G>
void settle_island(GameState& s, int p, int node, std::vector<Event>* ev) {
    if constexpr (G::sea) {
        const int island = island_at<G>(s, node);
        PlayerState& pl = s.players[p];
        if (island == 0 || island > 16 || (pl.islands >> (island - 1) & 1u)) return;
        pl.islands = static_cast<std::uint16_t>(pl.islands | 1u << (island - 1));
        const bool setup = s.phase == Phase::SetupSettlement;
        const int vp = setup ? 0 : scenario_island_vp(s.options.scenario, s.num_players);
        pl.island_vp = static_cast<std::uint8_t>(pl.island_vp + vp);
        emit(ev, Event{.type = EventType::IslandSettled, .player = static_cast<std::uint8_t>(p),
                       .a = static_cast<std::uint8_t>(island), .value = static_cast<std::uint16_t>(vp)});
    }
}

// R-A4 recount, which also covers R-A1 and R-A3: the holder keeps the card while at >= 5 and not
// strictly beaten; otherwise a unique longest road of >= 5 takes it, and a tie or nothing returns it.
template <class G>
void recount_longest_road(GameState& s, std::vector<Event>* ev) {
    const std::uint8_t before = s.longest_road;
    int best = 0, best_count = 0, best_player = kNoSeat;
    for (int q = 0; q < s.num_players; ++q) {
        const int len = s.players[q].road_length;
        if (len > best) { best = len; best_count = 1; best_player = q; }
        else if (len == best) ++best_count;
    }
    constexpr int minimum = G::rules.longest_road_minimum;
    if (before != kNoSeat && s.players[before].road_length >= minimum &&
        s.players[before].road_length == best)
        return;  // still at least tied for longest: ties keep it (R-A3)
    s.longest_road = (best >= minimum && best_count == 1) ? static_cast<std::uint8_t>(best_player) : kNoSeat;
    if (s.longest_road != before)
        emit(ev, Event{.type = EventType::LongestRoadChanged, .player = s.longest_road, .other = before,
                       .value = static_cast<std::uint8_t>(best)});
}

template <class G>
void settle_gold(GameState& s, std::vector<Event>* ev) {
    if constexpr (G::sea) {
        for (int p = 0; p < s.num_players; ++p)
            if (s.players[p].gold_owed) return;
        for (Resource r : kAllResources) {
            int total = 0, claimants = 0, claimant = 0;
            for (int p = 0; p < s.num_players; ++p)
                if (const int n = s.players[p].gold_chosen[r]) { total += n; ++claimants; claimant = p; }
            if (total <= s.bank[r]) continue;
            // R-T3: a resource the bank cannot pay in full goes to nobody, unless one player chose it.
            for (int p = 0; p < s.num_players; ++p) s.players[p].gold_chosen[r] = 0;
            if (claimants == 1) s.players[claimant].gold_chosen[r] = s.bank[r];
            else emit(ev, Event{.type = EventType::ProductionBlocked, .a = static_cast<std::uint8_t>(r)});
        }
        for (int p = 0; p < s.num_players; ++p) {
            PlayerState& pl = s.players[p];
            if (pl.gold_chosen.empty()) continue;
            pl.hand += pl.gold_chosen;
            s.bank -= pl.gold_chosen;
            emit(ev, Event{.type = EventType::GoldChosen, .player = static_cast<std::uint8_t>(p), .resources = pl.gold_chosen});
            pl.gold_chosen = {};
        }
        s.phase = s.after_gold;
        s.after_gold = Phase::Main;
    }
}

template <class G>
void update_longest_road_after_road(GameState& s, int p, int edge, std::vector<Event>* ev) {
    s.players[p].road_length = static_cast<std::uint8_t>(longest_road_with_new_road<G>(s, p, edge));
    recount_longest_road<G>(s, ev);
}

template <class G>
void update_longest_road_after_settlement(GameState& s, int p, int node, std::vector<Event>* ev) {
    const EdgeMask at = G::topo().node_edge_mask[node];
    bool changed = false;
    for (int q = 0; q < s.num_players; ++q) {
        // Only an opponent's road through the node is cut: the builder's own roads pass their own building.
        // R-SF5: ships are cut the same way (a road and a ship there never joined anyway).
        // R-SF5: the builder's own settlement joins its road and ship lines there, which may lengthen its route.
        const EdgeMask pieces = G::sea ? s.players[q].roads | s.players[q].ships : s.players[q].roads;
        const bool joins = G::sea && q == p && (s.players[q].roads & at).any() && (s.players[q].ships & at).any();
        if ((q == p && !joins) || (pieces & at).count() < 2) continue;
        const auto len = static_cast<std::uint8_t>(longest_road<G>(s, q));
        changed |= len != s.players[q].road_length;
        s.players[q].road_length = len;
    }
    if (changed) recount_longest_road<G>(s, ev);
}

template <class G>
void update_largest_army(GameState& s, int p, std::vector<Event>* ev) {
    const std::uint8_t holder = s.largest_army;
    const int knights = s.players[p].knights_played;
    if (holder == p || knights < G::rules.largest_army_minimum) return;
    if (holder != kNoSeat && knights <= s.players[holder].knights_played) return;  // R-A5: strictly more
    s.largest_army = static_cast<std::uint8_t>(p);
    emit(ev, Event{.type = EventType::LargestArmyChanged, .player = static_cast<std::uint8_t>(p), .other = holder,
                   .value = static_cast<std::uint8_t>(knights)});
}

void after_robber(GameState& s) { s.phase = s.rolled ? Phase::Main : Phase::PreRoll; }

template <class G>
void check_victory(GameState& s, std::vector<Event>* ev) {
    if (s.phase == Phase::GameOver || s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad) return;
    if (!step_allows(s.step, StepAct::Win)) return;  // R-X7: nobody wins in the special building phase
    const int vp = victory_points(s, s.current);
    if (vp < s.options.victory_target) return;  // R-V2: only the active player can win
    s.winner = s.current;
    s.phase = Phase::GameOver;
    s.free_roads = 0;  // a win mid Road Building leaves nothing pending
    emit(ev, Event{.type = EventType::GameWon, .player = s.current, .value = static_cast<std::uint8_t>(vp)});
}

template <class G>
void start_turn(GameState& s, std::vector<Event>* ev) {
    for (auto& pl : s.players) pl.dev_bought = {};
    s.rolled = false;
    s.dev_played = false;
    s.free_roads = 0;
    s.offers_made = 0;  // R-L1 counts per turn
    s.answers_made = {};
    s.ship_moved = false;  // R-SF4: one move a turn, and a ship built this turn stays
    s.new_ships = {};
    ++s.turn;
    s.phase = Phase::PreRoll;
    s.turn_player = s.current;
    s.step = Step::Turn;
    emit(ev, Event{.type = EventType::TurnStarted, .player = s.current, .value = s.turn});
    check_victory<G>(s, ev);  // R-V3: 10 points reached on another's turn win now, before rolling
}

#define CATAN_RULES_FOR(G)                                                                   \
    template EdgeMask road_spots<G>(const GameState&, int);                                  \
    template NodeMask settlement_spots<G>(const GameState&, int);                            \
    template bool can_place_any_road<G>(const GameState&, int);                              \
    template void place_road<G>(GameState&, int, int);                                       \
    template void place_settlement<G>(GameState&, int, int);                                 \
    template void place_ship<G>(GameState&, int, int);                                       \
    template void lift_ship<G>(GameState&, int, int);                                        \
    template void settle_island<G>(GameState&, int, int, std::vector<Event>*);               \
    template void update_longest_road_after_road<G>(GameState&, int, int, std::vector<Event>*); \
    template void update_longest_road_after_settlement<G>(GameState&, int, int, std::vector<Event>*); \
    template void update_largest_army<G>(GameState&, int, std::vector<Event>*);              \
    template void start_turn<G>(GameState&, std::vector<Event>*);                            \
    template void settle_gold<G>(GameState&, std::vector<Event>*);                           \
    template void recount_longest_road<G>(GameState&, std::vector<Event>*);                  \
    template void check_victory<G>(GameState&, std::vector<Event>*);
CATAN_FOR_EACH_VARIANT(CATAN_RULES_FOR)

}  // namespace catan::rules
