#pragma once
// Invariant helpers for the property and replay tests. Everything here is recomputed from the public
// fields of GameState with code written independently of the engine (no engine/rules.hpp), so a check
// does not share a bug with the code it checks. Checks return an empty string when they hold, or a
// sentence naming the broken invariant: the caller decides how to report it (one Catch2 assertion per
// step keeps 10,000 games fast).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "catan/engine/engine.hpp"

namespace catan::prop {

// ---------------------------------------------------------------------------------------------
// Small vocabulary

inline constexpr std::array<int, kDevCardKinds> kDeckComposition{14, 2, 2, 2, 5};  // R-S2, DevCard order

template <class... Args>
std::string msg(const Args&... args) {
    std::ostringstream out;
    (out << ... << args);
    return out.str();
}

inline std::string describe(const ResourceSet& r) {
    return msg(int(r.n[0]), ',', int(r.n[1]), ',', int(r.n[2]), ',', int(r.n[3]), ',', int(r.n[4]));
}

inline std::string type_name(CommandType t) {
    return static_cast<int>(t) < kCommandTypeCount ? std::string(to_string(t)) : msg("type#", static_cast<int>(t));
}

inline std::string describe(const Command& c) {
    return msg(type_name(c.type), " player=", int(c.player), " target=", int(c.target), " resource=", int(c.resource),
               " victim=", int(c.victim), " give=", describe(c.give), " want=", describe(c.want));
}

// Which fields of a Command each type reads; the others stay at their defaults in a canonical command.
struct CommandFields {
    bool target = false, resource = false, victim = false, give = false, want = false;
};

inline CommandFields fields_of(CommandType t) {
    CommandFields f;
    switch (t) {
        case CommandType::BuildRoad:
        case CommandType::BuildSettlement:
        case CommandType::BuildCity:
        case CommandType::PlayMonopoly: f.target = true; break;
        case CommandType::MoveRobber: f.target = f.victim = true; break;
        case CommandType::BankTrade: f.target = f.resource = true; break;
        case CommandType::PlayInvention:
        case CommandType::Discard: f.give = true; break;
        case CommandType::ProposeTrade: f.give = f.want = f.victim = true; break;
        case CommandType::CounterTrade: f.give = f.want = true; break;
        case CommandType::ConfirmTrade: f.victim = true; break;
        default: break;
    }
    return f;
}

inline bool is_canonical(const Command& c) {
    const CommandFields f = fields_of(c.type);
    const Command d{};
    return (f.target || c.target == d.target) && (f.resource || c.resource == d.resource) &&
           (f.victim || c.victim == d.victim) && (f.give || c.give == d.give) && (f.want || c.want == d.want);
}

// Development cards played, counted by the test from the commands the engine accepted.
struct PlayedCards {
    std::array<std::array<int, kDevCardKinds>, kMaxPlayers> n{};

    void record(const Command& c) {
        switch (c.type) {
            case CommandType::PlayKnight: ++n[c.player][static_cast<int>(DevCard::Knight)]; break;
            case CommandType::PlayRoadBuilding: ++n[c.player][static_cast<int>(DevCard::RoadBuilding)]; break;
            case CommandType::PlayInvention: ++n[c.player][static_cast<int>(DevCard::Invention)]; break;
            case CommandType::PlayMonopoly: ++n[c.player][static_cast<int>(DevCard::Monopoly)]; break;
            default: break;
        }
    }
    int total() const {
        int t = 0;
        for (const auto& p : n)
            for (int k : p) t += k;
        return t;
    }
};

// ---------------------------------------------------------------------------------------------
// Independent recomputations

inline NodeMask all_nodes_mask() { return (NodeMask{1} << kNodeCount) - 1; }

inline NodeMask buildings(const GameState& s, int p) { return s.players[p].settlements | s.players[p].cities; }

inline NodeMask opponents_buildings(const GameState& s, int p) {
    NodeMask m = 0;
    for (int q = 0; q < s.num_players; ++q)
        if (q != p) m |= buildings(s, q);
    return m;
}

// R-V1 / R-D6, from the masks, the award holders and the hidden VP cards.
inline int recompute_vp(const GameState& s, int p) {
    const PlayerState& pl = s.players[p];
    int vp = std::popcount(pl.settlements) + 2 * std::popcount(pl.cities);
    if (s.longest_road == p) vp += 2;
    if (s.largest_army == p) vp += 2;
    return vp + pl.dev[static_cast<int>(DevCard::VictoryPoint)];
}

// Intersections -> paths, built from edge_nodes only (the engine walks node_edges instead).
struct PathIndex {
    std::array<std::array<int, 3>, kNodeCount> paths{};
    std::array<int, kNodeCount> count{};
    PathIndex() {
        const Topology& t = topology();
        for (int e = 0; e < kEdgeCount; ++e)
            for (int end = 0; end < 2; ++end) {
                const int n = t.edge_nodes[e][end];
                paths[n][count[n]++] = e;
            }
    }
};
inline const PathIndex& path_index() {
    static const PathIndex index;
    return index;
}

// Longest trail (no path used twice) through `p`'s roads, starting from a road and walking both ways;
// a trail may end at, but not pass through, an intersection with an opponent's building (R-A1, R-A2).
inline int oracle_longest_road(const GameState& s, int p) {
    const Topology& t = topology();
    const PathIndex& index = path_index();
    const EdgeMask roads = s.players[p].roads;
    const NodeMask cut = opponents_buildings(s, p);
    int best = 0;
    std::array<bool, kEdgeCount> used{};
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
    for (int e = 0; e < kEdgeCount; ++e) {
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
    for (int i = s.deck_top; i < kDevDeckSize; ++i) n += s.deck[i] == k;
    return n;
}

// ---------------------------------------------------------------------------------------------
// The invariants

struct CheckOptions {
    bool roads = true;  // recompute every player's road length (two searches per player)
};

#define CATAN_PROP_EXPECT(cond, ...) \
    do {                             \
        if (!(cond)) return ::catan::prop::msg("invariant broken: " #cond " -- ", __VA_ARGS__); \
    } while (0)

// Checks every invariant of a reachable state; `played` are the cards the test saw being played.
inline std::string check_state(const GameState& s, const PlayedCards& played, CheckOptions opt = {}) {
    const Topology& t = topology();
    const int n = s.num_players;
    CATAN_PROP_EXPECT(n >= kMinPlayers && n <= kMaxPlayers && n == s.options.players, "players ", n);
    CATAN_PROP_EXPECT(s.current < n && s.first_player < n, "current ", int(s.current), " first ", int(s.first_player));
    for (int p = n; p < kMaxPlayers; ++p)
        CATAN_PROP_EXPECT(s.players[p] == PlayerState{}, "empty seat ", p, " was touched");

    // Resources: conservation (R-S2) and no underflow.
    for (int r = 0; r < kResourceCount; ++r) {
        int sum = s.bank.n[r];
        CATAN_PROP_EXPECT(s.bank.n[r] <= kBankPerResource, "bank of ", r, " = ", int(s.bank.n[r]));
        for (int p = 0; p < n; ++p) {
            CATAN_PROP_EXPECT(s.players[p].hand.n[r] <= kBankPerResource, "seat ", p, " holds ", int(s.players[p].hand.n[r]),
                              " of resource ", r, " (underflow?)");
            sum += s.players[p].hand.n[r];
        }
        CATAN_PROP_EXPECT(sum == kBankPerResource, "resource ", r, " totals ", sum);
    }

    // Pieces (R-S1) and the board masks.
    NodeMask all_buildings = 0;
    EdgeMask all_roads{};
    for (int p = 0; p < n; ++p) {
        const PlayerState& pl = s.players[p];
        CATAN_PROP_EXPECT((pl.settlements & ~all_nodes_mask()) == 0 && (pl.cities & ~all_nodes_mask()) == 0, "seat ", p,
                          " has a building off the board");
        CATAN_PROP_EXPECT((pl.roads.hi >> (kEdgeCount - 64)) == 0, "seat ", p, " has a road off the board");
        CATAN_PROP_EXPECT((pl.settlements & pl.cities) == 0, "seat ", p, " has a settlement and a city on one spot");
        CATAN_PROP_EXPECT(pl.settlements_left + std::popcount(pl.settlements) == kSettlementsPerPlayer, "seat ", p,
                          " settlements ", int(pl.settlements_left), " left + ", std::popcount(pl.settlements));
        CATAN_PROP_EXPECT(pl.cities_left + std::popcount(pl.cities) == kCitiesPerPlayer, "seat ", p, " cities ",
                          int(pl.cities_left), " left + ", std::popcount(pl.cities));
        CATAN_PROP_EXPECT(pl.roads_left + pl.roads.count() == kRoadsPerPlayer, "seat ", p, " roads ", int(pl.roads_left),
                          " left + ", pl.roads.count());
        CATAN_PROP_EXPECT((all_buildings & buildings(s, p)) == 0, "seat ", p, " built on an occupied intersection");
        CATAN_PROP_EXPECT(!(all_roads & pl.roads).any(), "seat ", p, " built on an occupied path");
        all_buildings |= buildings(s, p);
        all_roads |= pl.roads;
    }
    CATAN_PROP_EXPECT(s.occupied == all_buildings, "occupied mask out of date");
    CATAN_PROP_EXPECT(s.roads_all == all_roads, "roads_all mask out of date");
    NodeMask blocked = all_buildings;
    for (int v = 0; v < kNodeCount; ++v)
        if (all_buildings & node_bit(v))
            for (std::uint8_t w : t.node_neighbors[v])
                if (w != kNone) {
                    blocked |= node_bit(w);
                    CATAN_PROP_EXPECT(!(all_buildings & node_bit(w)), "buildings on neighbours ", v, " and ", int(w),
                                      " (distance rule)");
                }
    CATAN_PROP_EXPECT(s.blocked == blocked, "blocked mask out of date");
    {
        GameState rebuilt = s;
        refresh_derived(rebuilt);
        CATAN_PROP_EXPECT(rebuilt == s, "a derived field differs from what refresh_derived() rebuilds");
    }

    // Every road network hangs off one of its owner's buildings (R-BU1), and after setup every building
    // touches one of its owner's roads (R-BU2, R-S4). Roads are followed regardless of cuts.
    const bool in_setup = s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad;
    for (int p = 0; p < n; ++p) {
        const PlayerState& pl = s.players[p];
        NodeMask reached = buildings(s, p);
        EdgeMask reached_roads{};
        for (bool grew = true; grew;) {
            grew = false;
            pl.roads.for_each([&](int e) {
                if (!reached_roads.test(e) && (reached & t.edge_node_mask[e])) {
                    reached_roads.set(e);
                    reached |= t.edge_node_mask[e];
                    grew = true;
                }
            });
        }
        CATAN_PROP_EXPECT(reached_roads == pl.roads, "seat ", p, " has a road not connected to its buildings");
        if (!in_setup) {
            NodeMask road_ends = 0;
            pl.roads.for_each([&](int e) { road_ends |= t.edge_node_mask[e]; });
            CATAN_PROP_EXPECT((buildings(s, p) & ~road_ends) == 0, "seat ", p, " has a building without a road");
        }
    }

    // Development cards (R-S2, R-D1): the fixed composition, each card in the deck, a hand or played.
    CATAN_PROP_EXPECT(s.deck_top <= kDevDeckSize, "deck_top ", int(s.deck_top));
    {
        std::array<int, kDevCardKinds> whole{};
        for (DevCard d : s.deck) ++whole[static_cast<int>(d)];
        CATAN_PROP_EXPECT(whole == kDeckComposition, "the deck's composition changed");
    }
    int held_total = 0;
    for (int k = 0; k < kDevCardKinds; ++k) {
        int count = deck_count(s, static_cast<DevCard>(k));
        for (int p = 0; p < n; ++p) {
            const PlayerState& pl = s.players[p];
            CATAN_PROP_EXPECT(pl.dev_bought[k] <= pl.dev[k], "seat ", p, " bought more cards of kind ", k, " than it holds");
            CATAN_PROP_EXPECT(p == s.current || pl.dev_bought[k] == 0, "seat ", p, " has cards bought this turn on another's turn");
            count += pl.dev[k] + played.n[p][k];
            held_total += pl.dev[k];
        }
        CATAN_PROP_EXPECT(count == kDeckComposition[k], "development cards of kind ", k, ": ", count, " accounted for");
    }
    int knights_total = 0;
    for (int p = 0; p < n; ++p) {
        CATAN_PROP_EXPECT(s.players[p].knights_played == played.n[p][0], "seat ", p, " knights_played ",
                          int(s.players[p].knights_played), " but the test saw ", played.n[p][0]);
        knights_total += s.players[p].knights_played;
    }
    const int other_played = played.total() - knights_total;
    CATAN_PROP_EXPECT(s.deck_left() + held_total + knights_total + other_played == kDevDeckSize, "development cards: deck ",
                      s.deck_left(), " + held ", held_total, " + knights ", knights_total, " + other played ", other_played);

    // Victory points (R-V1, R-D6).
    for (int p = 0; p < n; ++p) {
        const int vp = recompute_vp(s, p);
        CATAN_PROP_EXPECT(victory_points(s, p) == vp, "seat ", p, " victory_points() = ", victory_points(s, p), ", recomputed ", vp);
        CATAN_PROP_EXPECT(public_victory_points(s, p) == vp - s.players[p].dev[static_cast<int>(DevCard::VictoryPoint)],
                          "seat ", p, " public VP ", public_victory_points(s, p));
    }

    // Longest Road (R-A1..R-A4).
    int longest = 0, longest_count = 0;
    for (int p = 0; p < n; ++p) {
        const int len = s.players[p].road_length;
        if (opt.roads) {
            const int engine = longest_road_of(s, p);
            const int oracle = oracle_longest_road(s, p);
            CATAN_PROP_EXPECT(len == engine && len == oracle, "seat ", p, " road_length ", len, ", longest_road_of ", engine,
                              ", test's search ", oracle);
        }
        if (len > longest) { longest = len; longest_count = 1; }
        else if (len == longest) ++longest_count;
    }
    if (s.longest_road != kNoSeat) {
        CATAN_PROP_EXPECT(s.longest_road < n, "longest road holder ", int(s.longest_road));
        const int len = s.players[s.longest_road].road_length;
        CATAN_PROP_EXPECT(len >= kLongestRoadMinimum && len == longest, "longest road holder ", int(s.longest_road),
                          " has ", len, ", the longest is ", longest);
    } else {
        CATAN_PROP_EXPECT(longest < kLongestRoadMinimum || longest_count > 1, "nobody holds Longest Road though one seat alone has ",
                          longest);
    }

    // Largest Army (R-A5).
    int most_knights = 0;
    for (int p = 0; p < n; ++p) most_knights = std::max<int>(most_knights, s.players[p].knights_played);
    if (s.largest_army != kNoSeat) {
        CATAN_PROP_EXPECT(s.largest_army < n, "largest army holder ", int(s.largest_army));
        const int k = s.players[s.largest_army].knights_played;
        CATAN_PROP_EXPECT(k >= kLargestArmyMinimum && k == most_knights, "largest army holder ", int(s.largest_army), " has ", k,
                          " knights, the most is ", most_knights);
    } else {
        CATAN_PROP_EXPECT(most_knights < kLargestArmyMinimum, "nobody holds Largest Army though someone played ", most_knights);
    }

    // Phase bookkeeping.
    CATAN_PROP_EXPECT(s.robber < kHexCount, "robber on ", int(s.robber));
    CATAN_PROP_EXPECT(s.free_roads <= 2 && ((s.free_roads > 0) == (s.phase == Phase::RoadBuilding)), "free_roads ",
                      int(s.free_roads), " in phase ", to_string(s.phase));
    for (int p = 0; p < n; ++p) {
        const PlayerState& pl = s.players[p];
        if (s.phase == Phase::Discard) {
            CATAN_PROP_EXPECT(pl.discard_owed == 0 || pl.discard_owed == pl.hand.total() / 2, "seat ", p, " owes ",
                              int(pl.discard_owed), " with ", pl.hand.total(), " cards");
            CATAN_PROP_EXPECT(pl.discard_owed == 0 || pl.hand.total() > kDiscardThreshold, "seat ", p, " owes a discard with ",
                              pl.hand.total(), " cards");
        } else {
            CATAN_PROP_EXPECT(pl.discard_owed == 0, "seat ", p, " owes a discard in phase ", to_string(s.phase));
        }
    }
    if (s.phase == Phase::Discard) CATAN_PROP_EXPECT(players_to_act(s) != 0, "discard phase with nobody owing");
    if (s.phase != Phase::TradeOffer) {
        CATAN_PROP_EXPECT(s.offer == TradeOffer{}, "a trade offer lingers in phase ", to_string(s.phase));
    } else {
        const TradeOffer& o = s.offer;
        CATAN_PROP_EXPECT(!o.give.empty() && !o.want.empty() && !o.give.overlaps(o.want), "open offer with bad terms");
        CATAN_PROP_EXPECT(s.players[s.current].hand.contains(o.give), "the active player no longer holds the offered cards");
        CATAN_PROP_EXPECT(o.to == kNoSeat || (o.to < n && o.to != s.current), "offer addressed to seat ", int(o.to));
        bool open = false;
        for (int p = 0; p < kMaxPlayers; ++p) {
            const bool responder = p < n && p != s.current && (o.to == kNoSeat || o.to == p);
            if (!responder) CATAN_PROP_EXPECT(o.response[p] == TradeResponse::Declined, "seat ", p, " cannot answer this offer");
            open |= o.response[p] != TradeResponse::Declined;
            if (o.response[p] == TradeResponse::Countered) {
                CATAN_PROP_EXPECT(!o.counter_give[p].empty() && !o.counter_want[p].empty() &&
                                      !o.counter_give[p].overlaps(o.counter_want[p]),
                                  "seat ", p, " countered with bad terms");
                CATAN_PROP_EXPECT(s.players[p].hand.contains(o.counter_want[p]), "seat ", p, " countered with cards it lacks");
            }
        }
        CATAN_PROP_EXPECT(open, "an offer everyone declined is still open");
    }
    switch (s.phase) {
        case Phase::SetupSettlement:
        case Phase::SetupRoad: {
            CATAN_PROP_EXPECT(s.turn == 0 && !s.rolled && !s.dev_played, "setup with turn ", s.turn);
            CATAN_PROP_EXPECT(s.setup_step < 2 * n && s.current == setup_player(s, s.setup_step), "setup step ", int(s.setup_step),
                              " for seat ", int(s.current));
            int settlements = 0, roads = 0;
            for (int p = 0; p < n; ++p) {
                settlements += std::popcount(s.players[p].settlements);
                roads += s.players[p].roads.count();
                CATAN_PROP_EXPECT(s.players[p].hand.total() <= 3, "seat ", p, " has ", s.players[p].hand.total(), " cards in setup");
            }
            const int placed = s.setup_step + (s.phase == Phase::SetupRoad ? 1 : 0);
            CATAN_PROP_EXPECT(settlements == placed && roads == s.setup_step, "setup step ", int(s.setup_step), " with ",
                              settlements, " settlements and ", roads, " roads");
            if (s.phase == Phase::SetupRoad)
                CATAN_PROP_EXPECT(s.setup_node < kNodeCount && (s.players[s.current].settlements & node_bit(s.setup_node)),
                                  "setup road without the settlement just placed");
            break;
        }
        case Phase::PreRoll: CATAN_PROP_EXPECT(!s.rolled, "pre-roll after rolling"); break;
        case Phase::Main:
        case Phase::Discard:
        case Phase::TradeOffer: CATAN_PROP_EXPECT(s.rolled, to_string(s.phase), " before rolling"); break;
        default: break;
    }
    if (!in_setup) {
        CATAN_PROP_EXPECT(s.turn >= 1 && s.setup_step == 2 * n && s.setup_node == kNone, "turn ", s.turn, " setup step ",
                          int(s.setup_step));
        for (int p = 0; p < n; ++p)
            CATAN_PROP_EXPECT(std::popcount(buildings(s, p)) >= 2 && s.players[p].roads.count() >= 2, "seat ", p,
                              " lost its setup pieces");
    }
    if (s.rolled)
        CATAN_PROP_EXPECT(s.dice[0] >= 1 && s.dice[0] <= 6 && s.dice[1] >= 1 && s.dice[1] <= 6, "dice ", int(s.dice[0]), ",",
                          int(s.dice[1]));

    // Victory (R-V2, R-V3): only the active player wins, the moment they reach the target.
    if (s.phase == Phase::GameOver) {
        CATAN_PROP_EXPECT(s.winner == s.current, "winner ", int(s.winner), " is not the current player ", int(s.current));
        CATAN_PROP_EXPECT(victory_points(s, s.winner) >= s.options.victory_target, "winner has only ",
                          victory_points(s, s.winner), " VP");
    } else {
        CATAN_PROP_EXPECT(s.winner == kNoSeat, "a winner before the game is over");
        if (!in_setup)
            CATAN_PROP_EXPECT(victory_points(s, s.current) < s.options.victory_target, "the active seat ", int(s.current),
                              " has ", victory_points(s, s.current), " VP and has not won");
    }
    return {};
}

#undef CATAN_PROP_EXPECT

// ---------------------------------------------------------------------------------------------
// Transitions: what one accepted command must have done, predicted from the state before it

// R-S4 snake order, written out again.
inline int oracle_setup_player(const GameState& s, int step) {
    const int n = s.num_players;
    return (s.first_player + (step < n ? step : 2 * n - 1 - step)) % n;
}

// R-BU1: some empty path touches p's building, or p's road at an intersection without an opponent's building.
inline bool oracle_can_place_road(const GameState& s, int p) {
    if (s.players[p].roads_left == 0) return false;
    const Topology& t = topology();
    const PathIndex& index = path_index();
    EdgeMask taken{};
    for (int q = 0; q < s.num_players; ++q) taken |= s.players[q].roads;
    const NodeMask own = buildings(s, p), cut = opponents_buildings(s, p);
    for (int e = 0; e < kEdgeCount; ++e) {
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
    const Topology& t = topology();
    const NodeMask own = buildings(s, p);
    bool generic = false;
    for (int k = 0; k < kHarborCount; ++k) {
        const int e = t.harbor_edges[k];
        if (!(own & (node_bit(t.edge_nodes[e][0]) | node_bit(t.edge_nodes[e][1])))) continue;
        if (s.board.harbor[k] == give) return 2;
        generic |= s.board.harbor[k] == kGenericHarbor;
    }
    return generic ? 3 : 4;
}

// R-T2 and R-T3 on `e`, from the hexes' corners (the engine uses per-number lists and masks).
inline void oracle_produce(GameState& e, int roll) {
    const Topology& t = topology();
    const int n = std::min<int>(e.num_players, kMaxPlayers);
    std::array<ResourceSet, kMaxPlayers> owed{};
    for (int h = 0; h < kHexCount; ++h) {
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
    ++e.turn;
    e.phase = Phase::PreRoll;
}

// R-A1, R-A3, R-A4 from the previous holder and the road lengths now.
inline std::uint8_t oracle_longest_road_holder(const GameState& e, std::uint8_t previous) {
    int best = 0, count = 0, who = kNoSeat;
    for (int q = 0; q < e.num_players; ++q) {
        const int len = e.players[q].road_length;
        if (len > best) { best = len; count = 1; who = q; }
        else if (len == best) ++count;
    }
    if (previous != kNoSeat && e.players[previous].road_length >= kLongestRoadMinimum && e.players[previous].road_length == best)
        return previous;
    return best >= kLongestRoadMinimum && count == 1 ? static_cast<std::uint8_t>(who) : kNoSeat;
}

// R-A5: the first to 3 played knights, then only a strictly larger army takes it.
inline std::uint8_t oracle_largest_army_holder(const GameState& e, std::uint8_t previous) {
    std::uint8_t holder = previous;
    for (int q = 0; q < e.num_players; ++q) {
        const int k = e.players[q].knights_played;
        if (k >= kLargestArmyMinimum && (holder == kNoSeat || k > e.players[holder].knights_played)) holder = static_cast<std::uint8_t>(q);
    }
    return holder;
}

// Names the top-level fields in which two states differ.
inline std::string diff_states(const GameState& x, const GameState& y) {
    std::string out;
    auto field = [&](bool same, const std::string& name) {
        if (!same) out += (out.empty() ? "" : ", ") + name;
    };
    field(x.options == y.options, "options");
    field(x.board == y.board, "board");
    field(x.rng == y.rng, "rng");
    field(x.phase == y.phase, msg("phase (", to_string(x.phase), " vs ", to_string(y.phase), ")"));
    field(x.num_players == y.num_players, "num_players");
    field(x.first_player == y.first_player, "first_player");
    field(x.current == y.current, msg("current (", int(x.current), " vs ", int(y.current), ")"));
    field(x.setup_step == y.setup_step, "setup_step");
    field(x.setup_node == y.setup_node, "setup_node");
    field(x.turn == y.turn, msg("turn (", x.turn, " vs ", y.turn, ")"));
    field(x.rolled == y.rolled, "rolled");
    field(x.dev_played == y.dev_played, "dev_played");
    field(x.free_roads == y.free_roads, msg("free_roads (", int(x.free_roads), " vs ", int(y.free_roads), ")"));
    field(x.dice[0] == y.dice[0] && x.dice[1] == y.dice[1], "dice");
    field(x.robber == y.robber, "robber");
    field(x.longest_road == y.longest_road, msg("longest_road (", int(x.longest_road), " vs ", int(y.longest_road), ")"));
    field(x.largest_army == y.largest_army, msg("largest_army (", int(x.largest_army), " vs ", int(y.largest_army), ")"));
    field(x.winner == y.winner, "winner");
    field(x.bank == y.bank, msg("bank (", describe(x.bank), " vs ", describe(y.bank), ")"));
    field(x.deck == y.deck, "deck");
    field(x.deck_top == y.deck_top, "deck_top");
    for (int p = 0; p < kMaxPlayers; ++p) {
        const PlayerState &a = x.players[p], &b = y.players[p];
        if (a == b) continue;
        field(a.hand == b.hand, msg("players[", p, "].hand (", describe(a.hand), " vs ", describe(b.hand), ")"));
        field(a.dev == b.dev, msg("players[", p, "].dev"));
        field(a.dev_bought == b.dev_bought, msg("players[", p, "].dev_bought"));
        field(a.knights_played == b.knights_played, msg("players[", p, "].knights_played"));
        field(a.settlements_left == b.settlements_left && a.cities_left == b.cities_left && a.roads_left == b.roads_left,
              msg("players[", p, "] pieces left"));
        field(a.road_length == b.road_length, msg("players[", p, "].road_length"));
        field(a.discard_owed == b.discard_owed, msg("players[", p, "].discard_owed (", int(a.discard_owed), " vs ", int(b.discard_owed), ")"));
        field(a.settlements == b.settlements && a.cities == b.cities && a.roads == b.roads, msg("players[", p, "] pieces on the board"));
    }
    field(x.offer == y.offer, "offer");
    if (out.empty() && !(x == y)) out = "derived fields";
    return out;
}

// Predicts the state after `c` from `b` (the state before) and compares it with `a` (the engine's
// result), field by field. Only what is random (dice, the stolen card, the generator) and the road
// lengths (checked by check_state's two searches) are taken from `a`, after checking their shape.
inline std::string check_transition(const GameState& b, const Command& c, const GameState& a) {
    GameState e = b;
    const int n = b.num_players, p = c.player;
    PlayerState& me = e.players[p];
    auto pay = [&](const ResourceSet& price) {
        me.hand -= price;
        e.bank += price;
    };
    auto after_robber = [&] { e.phase = e.rolled ? Phase::Main : Phase::PreRoll; };
    auto close_offer = [&] {
        e.offer = TradeOffer{};
        e.phase = Phase::Main;
    };
    bool may_win = false;  // the command can raise the active player's VP or start a turn (R-V2, R-V3)
    switch (c.type) {
        case CommandType::RollDice: {
            if (a.dice[0] < 1 || a.dice[0] > 6 || a.dice[1] < 1 || a.dice[1] > 6) return msg("rolled ", int(a.dice[0]), ",", int(a.dice[1]));
            e.dice[0] = a.dice[0];
            e.dice[1] = a.dice[1];
            e.rng = a.rng;
            e.rolled = true;
            const int roll = e.dice[0] + e.dice[1];
            if (roll == 7) {
                bool anyone = false;
                for (int q = 0; q < n; ++q) {
                    const int cards = e.players[q].hand.total();
                    e.players[q].discard_owed = static_cast<std::uint8_t>(cards > kDiscardThreshold ? cards / 2 : 0);
                    anyone |= cards > kDiscardThreshold;
                }
                e.phase = anyone ? Phase::Discard : Phase::MoveRobber;
            } else {
                oracle_produce(e, roll);
                e.phase = Phase::Main;
            }
            break;
        }
        case CommandType::Discard: {
            pay(c.give);
            me.discard_owed = 0;
            bool waiting = false;
            for (int q = 0; q < n; ++q) waiting |= e.players[q].discard_owed > 0;
            e.phase = waiting ? Phase::Discard : Phase::MoveRobber;
            break;
        }
        case CommandType::MoveRobber: {
            e.robber = c.target;
            e.rng = a.rng;
            if (c.victim != kNoSeat && b.players[c.victim].hand.total() > 0) {
                const ResourceSet& before = b.players[c.victim].hand;
                const ResourceSet& after = a.players[c.victim].hand;
                int stolen = -1;
                for (int r = 0; r < kResourceCount; ++r)
                    if (after.n[r] + 1 == before.n[r]) stolen = r;
                if (stolen < 0 || after.total() + 1 != before.total()) return "the robber did not take exactly one card from the victim";
                --e.players[c.victim].hand.n[stolen];
                ++me.hand.n[stolen];
            }
            after_robber();
            break;
        }
        case CommandType::BuildRoad:
            me.roads.set(c.target);
            --me.roads_left;
            if (b.phase == Phase::SetupRoad) {
                e.setup_node = kNone;
                ++e.setup_step;
                if (e.setup_step == 2 * n) {
                    e.current = e.first_player;
                    oracle_start_turn(e);
                    may_win = true;
                } else {
                    e.current = static_cast<std::uint8_t>(oracle_setup_player(e, e.setup_step));
                    e.phase = Phase::SetupSettlement;
                }
            } else if (b.phase == Phase::RoadBuilding) {
                --e.free_roads;
                if (e.free_roads == 0 || !oracle_can_place_road(e, p)) {
                    e.free_roads = 0;
                    after_robber();
                }
                may_win = true;
            } else {
                pay(cost::kRoad);
                may_win = true;
            }
            break;
        case CommandType::BuildSettlement:
            me.settlements |= node_bit(c.target);
            --me.settlements_left;
            if (b.phase == Phase::SetupSettlement) {
                e.setup_node = c.target;
                e.phase = Phase::SetupRoad;
                if (b.setup_step >= n) {  // R-S5: the second settlement pays its hexes
                    for (int h = 0; h < kHexCount; ++h)
                        for (std::uint8_t v : topology().hex_nodes[h])
                            if (v == c.target && e.board.terrain[h] != Terrain::Desert) {
                                const auto r = static_cast<Resource>(e.board.terrain[h]);
                                ++me.hand[r];
                                --e.bank[r];
                            }
                }
            } else {
                pay(cost::kSettlement);
                may_win = true;
            }
            break;
        case CommandType::BuildCity:
            me.settlements &= ~node_bit(c.target);
            me.cities |= node_bit(c.target);
            ++me.settlements_left;
            --me.cities_left;
            pay(cost::kCity);
            may_win = true;
            break;
        case CommandType::BuyDevCard: {
            pay(cost::kDevCard);
            const auto k = static_cast<int>(b.deck[b.deck_top]);
            ++me.dev[k];
            ++me.dev_bought[k];
            ++e.deck_top;
            may_win = true;
            break;
        }
        case CommandType::PlayKnight:
            --me.dev[static_cast<int>(DevCard::Knight)];
            e.dev_played = true;
            ++me.knights_played;
            e.phase = Phase::MoveRobber;
            may_win = true;
            break;
        case CommandType::PlayRoadBuilding:
            --me.dev[static_cast<int>(DevCard::RoadBuilding)];
            e.dev_played = true;
            e.free_roads = static_cast<std::uint8_t>(std::min<int>(2, me.roads_left));
            e.phase = Phase::RoadBuilding;
            break;
        case CommandType::PlayInvention:
            --me.dev[static_cast<int>(DevCard::Invention)];
            e.dev_played = true;
            me.hand += c.give;
            e.bank -= c.give;
            break;
        case CommandType::PlayMonopoly:
            --me.dev[static_cast<int>(DevCard::Monopoly)];
            e.dev_played = true;
            for (int q = 0; q < n; ++q) {
                if (q == p) continue;
                me.hand.n[c.target] = static_cast<std::uint8_t>(me.hand.n[c.target] + e.players[q].hand.n[c.target]);
                e.players[q].hand.n[c.target] = 0;
            }
            break;
        case CommandType::BankTrade: {
            const int ratio = oracle_trade_ratio(b, p, c.target);
            me.hand.n[c.target] = static_cast<std::uint8_t>(me.hand.n[c.target] - ratio);
            e.bank.n[c.target] = static_cast<std::uint8_t>(e.bank.n[c.target] + ratio);
            ++me.hand.n[c.resource];
            --e.bank.n[c.resource];
            break;
        }
        case CommandType::ProposeTrade:
            e.offer = TradeOffer{};
            e.offer.give = c.give;
            e.offer.want = c.want;
            e.offer.to = c.victim;
            for (int q = 0; q < kMaxPlayers; ++q)
                e.offer.response[q] = q < n && q != p && (c.victim == kNoSeat || c.victim == q) ? TradeResponse::Pending
                                                                                               : TradeResponse::Declined;
            e.phase = Phase::TradeOffer;
            break;
        case CommandType::AcceptTrade: e.offer.response[p] = TradeResponse::Accepted; break;
        case CommandType::DeclineTrade: {
            e.offer.response[p] = TradeResponse::Declined;
            bool open = false;
            for (auto r : e.offer.response) open |= r != TradeResponse::Declined;
            if (!open) close_offer();
            break;
        }
        case CommandType::CounterTrade:
            e.offer.response[p] = TradeResponse::Countered;
            e.offer.counter_give[p] = c.want;
            e.offer.counter_want[p] = c.give;
            break;
        case CommandType::ConfirmTrade: {
            const int q = c.victim;
            const bool countered = b.offer.response[q] == TradeResponse::Countered;
            const ResourceSet give = countered ? b.offer.counter_give[q] : b.offer.give;
            const ResourceSet get = countered ? b.offer.counter_want[q] : b.offer.want;
            me.hand -= give;
            me.hand += get;
            e.players[q].hand -= get;
            e.players[q].hand += give;
            close_offer();
            break;
        }
        case CommandType::CancelTrade: close_offer(); break;
        case CommandType::EndTurn:
            e.current = static_cast<std::uint8_t>((e.current + 1) % n);
            oracle_start_turn(e);
            may_win = true;
            break;
    }
    for (int q = 0; q < kMaxPlayers; ++q) e.players[q].road_length = a.players[q].road_length;
    e.longest_road = oracle_longest_road_holder(e, b.longest_road);
    e.largest_army = oracle_largest_army_holder(e, b.largest_army);
    refresh_derived(e);
    const bool setup = e.phase == Phase::SetupSettlement || e.phase == Phase::SetupRoad;
    if (!setup && recompute_vp(e, e.current) >= e.options.victory_target) {
        if (!may_win) return msg("the active seat reached ", recompute_vp(e, e.current), " VP through ", to_string(c.type));
        e.phase = Phase::GameOver;  // R-V2, R-V3
        e.winner = e.current;
        e.free_roads = 0;
    }
    if (!(e == a)) return msg("after ", to_string(c.type), " the state differs from the prediction in: ", diff_states(e, a));
    return {};
}

// ---------------------------------------------------------------------------------------------
// Oracles for the commands legal_actions() does not enumerate (R-TR1)

inline bool oracle_terms_ok(const ResourceSet& give, const ResourceSet& want, const ResourceSet& hand) {
    return !give.empty() && !want.empty() && !give.overlaps(want) && hand.contains(give);
}

// The active player in Main, addressing everyone (victim kNoSeat) or one other seat.
inline bool oracle_propose_legal(const GameState& s, const Command& c) {
    const bool addressee_ok = c.victim == kNoSeat || (c.victim < s.num_players && c.victim != c.player);
    return s.phase == Phase::Main && c.player < s.num_players && c.player == s.current && addressee_ok &&
           oracle_terms_ok(c.give, c.want, s.players[c.player].hand);
}

// Another seat, addressed by the open offer, with terms it can pay.
inline bool oracle_counter_legal(const GameState& s, const Command& c) {
    return s.phase == Phase::TradeOffer && c.player < s.num_players && c.player != s.current &&
           (s.offer.to == kNoSeat || s.offer.to == c.player) && oracle_terms_ok(c.give, c.want, s.players[c.player].hand);
}

// ---------------------------------------------------------------------------------------------
// A fingerprint of the whole state, field by field (never raw bytes, so padding and layout do not
// matter): FNV-1a, 64 bits.

struct Fnv {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    void byte(std::uint8_t b) {
        h ^= b;
        h *= 0x100000001b3ULL;
    }
    void u64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) byte(static_cast<std::uint8_t>(v >> (8 * i)));
    }
    void set(const ResourceSet& r) {
        for (auto x : r.n) byte(x);
    }
};

inline std::uint64_t state_hash(const GameState& s) {
    Fnv f;
    f.u64(static_cast<std::uint64_t>(s.options.players));
    f.u64(static_cast<std::uint64_t>(s.options.victory_target));
    f.u64(s.options.seed);
    for (auto x : s.board.terrain) f.byte(static_cast<std::uint8_t>(x));
    for (auto x : s.board.number) f.byte(x);
    for (auto x : s.board.harbor) f.byte(x);
    f.byte(s.board.spiral_start);
    for (auto w : s.rng.words()) f.u64(w);
    for (std::uint8_t x : {static_cast<std::uint8_t>(s.phase), s.num_players, s.first_player, s.current, s.setup_step,
                           s.setup_node, static_cast<std::uint8_t>(s.rolled), static_cast<std::uint8_t>(s.dev_played),
                           s.free_roads, s.dice[0], s.dice[1], s.robber, s.longest_road, s.largest_army, s.winner,
                           s.deck_top})
        f.byte(x);
    f.u64(s.turn);
    f.set(s.bank);
    for (auto d : s.deck) f.byte(static_cast<std::uint8_t>(d));
    for (const PlayerState& pl : s.players) {
        f.set(pl.hand);
        for (auto x : pl.dev) f.byte(x);
        for (auto x : pl.dev_bought) f.byte(x);
        for (std::uint8_t x : {pl.knights_played, pl.settlements_left, pl.cities_left, pl.roads_left, pl.road_length,
                               pl.discard_owed})
            f.byte(x);
        f.u64(pl.settlements);
        f.u64(pl.cities);
        f.u64(pl.roads.lo);
        f.u64(pl.roads.hi);
    }
    f.set(s.offer.give);
    f.set(s.offer.want);
    f.byte(s.offer.to);
    for (int p = 0; p < kMaxPlayers; ++p) {
        f.byte(static_cast<std::uint8_t>(s.offer.response[p]));
        f.set(s.offer.counter_give[p]);
        f.set(s.offer.counter_want[p]);
    }
    return f.h;
}

}  // namespace catan::prop
