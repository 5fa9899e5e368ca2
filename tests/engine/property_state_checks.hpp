#pragma once
// The invariants of a reachable state. A check returns an empty string when it holds, or a sentence
// naming the broken invariant.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "catan/engine/engine.hpp"

#include "property_oracles.hpp"

namespace catan::prop {

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
    const Topology& t = topology(s);
    const Ruleset& box = ruleset(s);
    const int n = s.num_players;
    CATAN_PROP_EXPECT(n >= kMinPlayers && n <= kMaxPlayers && n == s.options.players, "players ", n);
    CATAN_PROP_EXPECT(s.current < n && s.first_player < n, "current ", int(s.current), " first ", int(s.first_player));
    for (int p = n; p < kMaxPlayers; ++p)
        CATAN_PROP_EXPECT(s.players[p] == PlayerState{}, "empty seat ", p, " was touched");

    // Resources: conservation (R-S2) and no underflow.
    for (int r = 0; r < kResourceCount; ++r) {
        int sum = s.bank.n[r];
        CATAN_PROP_EXPECT(s.bank.n[r] <= box.bank_per_resource, "bank of ", r, " = ", int(s.bank.n[r]));
        for (int p = 0; p < n; ++p) {
            CATAN_PROP_EXPECT(s.players[p].hand.n[r] <= box.bank_per_resource, "seat ", p, " holds ", int(s.players[p].hand.n[r]),
                              " of resource ", r, " (underflow?)");
            sum += s.players[p].hand.n[r];
        }
        CATAN_PROP_EXPECT(sum == box.bank_per_resource, "resource ", r, " totals ", sum);
    }

    // Pieces (R-S1) and the board masks.
    NodeMask all_buildings{};
    EdgeMask all_roads{};
    for (int p = 0; p < n; ++p) {
        const PlayerState& pl = s.players[p];
        CATAN_PROP_EXPECT((pl.settlements & ~all_nodes_mask(s)) == 0 && (pl.cities & ~all_nodes_mask(s)) == 0, "seat ", p,
                          " has a building off the board");
        CATAN_PROP_EXPECT((pl.roads & ~all_edges_mask(s)) == 0, "seat ", p, " has a road off the board");
        CATAN_PROP_EXPECT((pl.settlements & pl.cities) == 0, "seat ", p, " has a settlement and a city on one spot");
        CATAN_PROP_EXPECT(pl.settlements_left + popcount(pl.settlements) == box.settlements, "seat ", p,
                          " settlements ", int(pl.settlements_left), " left + ", popcount(pl.settlements));
        CATAN_PROP_EXPECT(pl.cities_left + popcount(pl.cities) == box.cities, "seat ", p, " cities ",
                          int(pl.cities_left), " left + ", popcount(pl.cities));
        CATAN_PROP_EXPECT(pl.roads_left + pl.roads.count() == box.roads, "seat ", p, " roads ", int(pl.roads_left),
                          " left + ", pl.roads.count());
        CATAN_PROP_EXPECT((all_buildings & buildings(s, p)) == 0, "seat ", p, " built on an occupied intersection");
        CATAN_PROP_EXPECT(!(all_roads & pl.roads).any(), "seat ", p, " built on an occupied path");
        all_buildings |= buildings(s, p);
        all_roads |= pl.roads;
    }
    CATAN_PROP_EXPECT(s.occupied == all_buildings, "occupied mask out of date");
    CATAN_PROP_EXPECT(s.roads_all == all_roads, "roads_all mask out of date");
    NodeMask blocked = all_buildings;
    for (int v = 0; v < t.node_count; ++v)
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
            NodeMask road_ends{};
            pl.roads.for_each([&](int e) { road_ends |= t.edge_node_mask[e]; });
            CATAN_PROP_EXPECT((buildings(s, p) & ~road_ends) == 0, "seat ", p, " has a building without a road");
        }
    }

    // Development cards (R-S2, R-D1): the fixed composition, each card in the deck, a hand or played.
    CATAN_PROP_EXPECT(s.deck_top <= box.deck_size, "deck_top ", int(s.deck_top));
    {
        std::array<int, kDevCardKinds> whole{};
        for (int i = 0; i < s.deck_size; ++i) ++whole[static_cast<int>(s.deck[i])];
        CATAN_PROP_EXPECT(whole == deck_composition(s), "the deck's composition changed");
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
        CATAN_PROP_EXPECT(count == deck_composition(s)[k], "development cards of kind ", k, ": ", count, " accounted for");
    }
    int knights_total = 0;
    for (int p = 0; p < n; ++p) {
        CATAN_PROP_EXPECT(s.players[p].knights_played == played.n[p][0], "seat ", p, " knights_played ",
                          int(s.players[p].knights_played), " but the test saw ", played.n[p][0]);
        knights_total += s.players[p].knights_played;
    }
    const int other_played = played.total() - knights_total;
    CATAN_PROP_EXPECT(s.deck_left() + held_total + knights_total + other_played == box.deck_size, "development cards: deck ",
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
        CATAN_PROP_EXPECT(len >= box.longest_road_minimum && len == longest, "longest road holder ", int(s.longest_road),
                          " has ", len, ", the longest is ", longest);
    } else {
        CATAN_PROP_EXPECT(longest < box.longest_road_minimum || longest_count > 1, "nobody holds Longest Road though one seat alone has ",
                          longest);
    }

    // Largest Army (R-A5).
    int most_knights = 0;
    for (int p = 0; p < n; ++p) most_knights = std::max<int>(most_knights, s.players[p].knights_played);
    if (s.largest_army != kNoSeat) {
        CATAN_PROP_EXPECT(s.largest_army < n, "largest army holder ", int(s.largest_army));
        const int k = s.players[s.largest_army].knights_played;
        CATAN_PROP_EXPECT(k >= box.largest_army_minimum && k == most_knights, "largest army holder ", int(s.largest_army), " has ", k,
                          " knights, the most is ", most_knights);
    } else {
        CATAN_PROP_EXPECT(most_knights < box.largest_army_minimum, "nobody holds Largest Army though someone played ", most_knights);
    }

    // Phase bookkeeping.
    CATAN_PROP_EXPECT(s.robber < t.hex_count, "robber on ", int(s.robber));
    CATAN_PROP_EXPECT(s.free_roads <= 2 && ((s.free_roads > 0) == (s.phase == Phase::RoadBuilding)), "free_roads ",
                      int(s.free_roads), " in phase ", to_string(s.phase));
    for (int p = 0; p < n; ++p) {
        const PlayerState& pl = s.players[p];
        if (s.phase == Phase::Discard) {
            CATAN_PROP_EXPECT(pl.discard_owed == 0 || pl.discard_owed == pl.hand.total() / 2, "seat ", p, " owes ",
                              int(pl.discard_owed), " with ", pl.hand.total(), " cards");
            CATAN_PROP_EXPECT(pl.discard_owed == 0 || pl.hand.total() > s.options.discard_limit, "seat ", p, " owes a discard with ",
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
                settlements += popcount(s.players[p].settlements);
                roads += s.players[p].roads.count();
                CATAN_PROP_EXPECT(s.players[p].hand.total() <= 3, "seat ", p, " has ", s.players[p].hand.total(), " cards in setup");
            }
            const int placed = s.setup_step + (s.phase == Phase::SetupRoad ? 1 : 0);
            CATAN_PROP_EXPECT(settlements == placed && roads == s.setup_step, "setup step ", int(s.setup_step), " with ",
                              settlements, " settlements and ", roads, " roads");
            if (s.phase == Phase::SetupRoad)
                CATAN_PROP_EXPECT(s.setup_node < t.node_count && (s.players[s.current].settlements & node_bit(s.setup_node)),
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
            CATAN_PROP_EXPECT(popcount(buildings(s, p)) >= 2 && s.players[p].roads.count() >= 2, "seat ", p,
                              " lost its setup pieces");
    }
    if (s.rolled)
        CATAN_PROP_EXPECT(s.dice[0] >= 1 && s.dice[0] <= 6 && s.dice[1] >= 1 && s.dice[1] <= 6, "dice ", int(s.dice[0]), ",",
                          int(s.dice[1]));

    // Whose turn and who acts (R-T6, R-X6, R-X7): in a turn the turn's player; in a build step
    // (5 and 6 players only, after the roll, in the game's own structure) the paired player, or any
    // other seat in the special building phase, which is all in Phase::Main.
    CATAN_PROP_EXPECT(s.turn_player < n, "turn_player ", int(s.turn_player));
    switch (s.step) {
        case Step::Turn:
            CATAN_PROP_EXPECT(in_setup || s.current == s.turn_player, "seat ", int(s.current), " acts in the turn of ", int(s.turn_player));
            break;
        case Step::PairedBuild:
            CATAN_PROP_EXPECT(n >= 5 && s.options.turn_structure == TurnStructure::Paired, "a paired step with ", n, " players");
            CATAN_PROP_EXPECT(s.current == (s.turn_player + 3) % n, "paired step of seat ", int(s.current), " after the turn of ",
                              int(s.turn_player));
            CATAN_PROP_EXPECT(s.phase == Phase::Main || s.phase == Phase::MoveRobber || s.phase == Phase::RoadBuilding ||
                                  s.phase == Phase::GameOver,
                              "paired step in phase ", to_string(s.phase));
            break;
        case Step::SpecialBuild:
            CATAN_PROP_EXPECT(n >= 5 && s.options.turn_structure == TurnStructure::SpecialBuild, "a special building step with ", n,
                              " players");
            CATAN_PROP_EXPECT(s.current != s.turn_player, "the turn's player builds in its own special building phase");
            CATAN_PROP_EXPECT(s.phase == Phase::Main, "special building step in phase ", to_string(s.phase));
            break;
    }
    if (s.step != Step::Turn) CATAN_PROP_EXPECT(s.rolled && !in_setup, "a build step before the roll");

    // Victory (R-V2, R-V3, R-X6, R-X7): only the active player wins, the moment they reach the target;
    // nobody in the special building phase.
    if (s.phase == Phase::GameOver) {
        CATAN_PROP_EXPECT(s.winner == s.current, "winner ", int(s.winner), " is not the current player ", int(s.current));
        CATAN_PROP_EXPECT(victory_points(s, s.winner) >= s.options.victory_target, "winner has only ",
                          victory_points(s, s.winner), " VP");
    } else {
        CATAN_PROP_EXPECT(s.winner == kNoSeat, "a winner before the game is over");
        if (!in_setup && s.step != Step::SpecialBuild)
            CATAN_PROP_EXPECT(victory_points(s, s.current) < s.options.victory_target, "the active seat ", int(s.current),
                              " has ", victory_points(s, s.current), " VP and has not won");
    }
    return {};
}

#undef CATAN_PROP_EXPECT

}  // namespace catan::prop
