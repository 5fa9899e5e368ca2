#pragma once
// Transitions: what one accepted command must have done, predicted from the state before it, and a
// fingerprint of the whole state for the replay tests.
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
    field(x.turn_player == y.turn_player, msg("turn_player (", int(x.turn_player), " vs ", int(y.turn_player), ")"));
    field(x.step == y.step, msg("step (", to_string(x.step), " vs ", to_string(y.step), ")"));
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
    field(x.offers_made == y.offers_made, msg("offers_made (", int(x.offers_made), " vs ", int(y.offers_made), ")"));
    field(x.answers_made == y.answers_made, "answers_made");
    if (out.empty() && !(x == y)) out = "derived fields";
    return out;
}

// Predicts the state after `c` from `b` (the state before) and compares it with `a` (the engine's
// result), field by field. Only what is random (dice, the stolen card, the generator) and the road
// lengths (checked by check_state's two searches) are taken from `a`, after checking their shape.
inline std::string check_transition(const GameState& b, const Command& c, const GameState& a) {
    GameState e = b;
    const Ruleset& box = ruleset(b);
    const Topology& t = topology(b);
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
        // Seafarers' commands are checked by the invariants and the rules tests (test_sea_*.cpp), not
        // predicted here; off the sea the engine must refuse them.
        case CommandType::BuildShip:
        case CommandType::MoveShip:
        case CommandType::MovePirate:
        case CommandType::ChooseGold:
            return b.board_kind == BoardKind::Sea ? std::string{} : "a Seafarers command was accepted off the sea";
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
                    e.players[q].discard_owed = static_cast<std::uint8_t>(cards > e.options.discard_limit ? cards / 2 : 0);
                    anyone |= cards > e.options.discard_limit;
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
                pay(box.road_cost);
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
                    for (int h = 0; h < t.hex_count; ++h)
                        for (std::uint8_t v : t.hex_nodes[h])
                            if (v == c.target && e.board.terrain[h] != Terrain::Desert) {
                                const auto r = static_cast<Resource>(e.board.terrain[h]);
                                ++me.hand[r];
                                --e.bank[r];
                            }
                }
            } else {
                pay(box.settlement_cost);
                may_win = true;
            }
            break;
        case CommandType::BuildCity:
            me.settlements &= ~node_bit(c.target);
            me.cities |= node_bit(c.target);
            ++me.settlements_left;
            --me.cities_left;
            pay(box.city_cost);
            may_win = true;
            break;
        case CommandType::BuyDevCard: {
            pay(box.dev_card_cost);
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
            e.offers_made = static_cast<std::uint8_t>(std::min(255, e.offers_made + 1));  // R-L1
            break;
        case CommandType::AcceptTrade:
            e.offer.response[p] = TradeResponse::Accepted;
            e.answers_made[p] = static_cast<std::uint8_t>(std::min(255, e.answers_made[p] + 1));
            break;
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
            e.answers_made[p] = static_cast<std::uint8_t>(std::min(255, e.answers_made[p] + 1));
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
            oracle_end_turn(e);  // R-T6, R-X6, R-X7
            may_win = true;      // R-V3 at a turn's start; the paired player as a step begins (R-X6)
            break;
    }
    for (int q = 0; q < kMaxPlayers; ++q) e.players[q].road_length = a.players[q].road_length;
    e.longest_road = oracle_longest_road_holder(e, b.longest_road);
    e.largest_army = oracle_largest_army_holder(e, b.largest_army);
    refresh_derived(e);
    const bool setup = e.phase == Phase::SetupSettlement || e.phase == Phase::SetupRoad;
    // R-X7: nobody wins in the special building phase, whatever they reach there.
    if (!setup && e.step != Step::SpecialBuild && recompute_vp(e, e.current) >= e.options.victory_target) {
        if (!may_win) return msg("the active seat reached ", recompute_vp(e, e.current), " VP through ", to_string(c.type));
        e.phase = Phase::GameOver;  // R-V2, R-V3
        e.winner = e.current;
        e.free_roads = 0;
    }
    if (!(e == a)) return msg("after ", to_string(c.type), " the state differs from the prediction in: ", diff_states(e, a));
    return {};
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

// Over what a game uses: the board's hexes and harbors, the box's deck, at least four seats (as
// states were laid out before 5–6 players), the mask words the board has, and the options and step
// of 5–6 and house rules only when they differ from the defaults, so hashes recorded before stay valid.
inline std::uint64_t state_hash(const GameState& s) {
    const Topology& t = topology(s);
    const int seats = std::max<int>(4, s.num_players);
    const int node_words = (t.node_count + 63) / 64;
    Fnv f;
    f.u64(static_cast<std::uint64_t>(s.options.players));
    f.u64(static_cast<std::uint64_t>(s.options.victory_target));
    f.u64(s.options.seed);
    if (!(s.options == GameOptions{.players = s.options.players, .victory_target = s.options.victory_target, .seed = s.options.seed})) {
        f.u64(static_cast<std::uint64_t>(s.options.discard_limit));
        for (bool b : {s.options.friendly_robber, s.options.balanced_board, s.options.first_by_dice}) f.byte(b);
        f.byte(static_cast<std::uint8_t>(s.options.turn_structure));
    }
    for (int h = 0; h < t.hex_count; ++h) f.byte(static_cast<std::uint8_t>(s.board.terrain[h]));
    for (int h = 0; h < t.hex_count; ++h) f.byte(s.board.number[h]);
    for (int k = 0; k < t.harbor_count; ++k) f.byte(s.board.harbor[k]);
    f.byte(s.board.spiral_start);
    for (auto w : s.rng.words()) f.u64(w);
    for (std::uint8_t x : {static_cast<std::uint8_t>(s.phase), s.num_players, s.first_player, s.current, s.setup_step,
                           s.setup_node, static_cast<std::uint8_t>(s.rolled), static_cast<std::uint8_t>(s.dev_played),
                           s.free_roads, s.dice[0], s.dice[1], s.robber, s.longest_road, s.largest_army, s.winner,
                           s.deck_top})
        f.byte(x);
    if (s.step != Step::Turn) {
        f.byte(static_cast<std::uint8_t>(s.step));
        f.byte(s.turn_player);
    }
    f.u64(s.turn);
    f.set(s.bank);
    for (int i = 0; i < s.deck_size; ++i) f.byte(static_cast<std::uint8_t>(s.deck[i]));
    for (int p = 0; p < seats; ++p) {
        const PlayerState& pl = s.players[p];
        f.set(pl.hand);
        for (auto x : pl.dev) f.byte(x);
        for (auto x : pl.dev_bought) f.byte(x);
        for (std::uint8_t x : {pl.knights_played, pl.settlements_left, pl.cities_left, pl.roads_left, pl.road_length,
                               pl.discard_owed})
            f.byte(x);
        for (int k = 0; k < node_words; ++k) f.u64(pl.settlements.w[k]);
        for (int k = 0; k < node_words; ++k) f.u64(pl.cities.w[k]);
        f.u64(pl.roads.w[0]);
        f.u64(pl.roads.w[1]);
    }
    f.set(s.offer.give);
    f.set(s.offer.want);
    f.byte(s.offer.to);
    for (int p = 0; p < seats; ++p) {
        f.byte(static_cast<std::uint8_t>(s.offer.response[p]));
        f.set(s.offer.counter_give[p]);
        f.set(s.offer.counter_want[p]);
    }
    return f.h;
}

}  // namespace catan::prop
