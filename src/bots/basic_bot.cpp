// Level `basic`: dispatch by phase, setup placement and the main phase of a turn.
#include "basic_bot.hpp"

#include <algorithm>

#include "heuristics.hpp"

namespace catan::bots {
namespace basic {
namespace {

template <class Pred>
const Command* find(const std::vector<Command>& actions, Pred&& pred) {
    for (const Command& c : actions)
        if (pred(c)) return &c;
    return nullptr;
}

// The first command of `type` (with `target`, or any target when it is negative).
const Command* find(const std::vector<Command>& actions, CommandType type, int target = -1) {
    return find(actions, [&](const Command& c) { return c.type == type && (target < 0 || c.target == target); });
}

// The command among `actions` of `type` with the highest score (the first one on ties), or nullptr.
template <class Score>
const Command* best_of(const std::vector<Command>& actions, CommandType type, Score&& score) {
    const Command* best = nullptr;
    double best_score = -1e18;
    for (const Command& c : actions) {
        if (c.type != type) continue;
        const double v = score(c);
        if (v > best_score) best_score = v, best = &c;
    }
    return best;
}

bool robber_on_own_hex(const GameState& s, int p) {
    return (topology(s).hex_node_mask[s.robber] & buildings_of(s, p)) && s.board.number[s.robber] != 0;
}

// Resources others are estimated to hold in total: everything outside the bank and our hand.
int held_by_others(const GameState& s, int p, int r) { return ruleset(s).bank_per_resource - s.bank.n[r] - s.players[p].hand.n[r]; }

std::optional<Command> play_dev_card(const GameState& s, int p, const std::vector<Command>& actions, Goal goal) {
    const PlayerState& pl = s.players[p];
    if (const Command* k = find(actions, CommandType::PlayKnight)) {
        const int holder = s.largest_army;
        const int to_beat = holder == kNoSeat ? ruleset(s).largest_army_minimum - 1 : s.players[holder].knights_played;
        if (robber_on_own_hex(s, p) || (holder != p && pl.knights_played + 1 > to_beat)) return *k;
    }
    if (goal == Goal::Road && pl.roads_left >= 2)
        if (const Command* rb = find(actions, CommandType::PlayRoadBuilding)) return *rb;
    const ResourceSet cost = goal_cost(s, goal);
    if (goal != Goal::None && missing(pl.hand, cost) >= 1) {
        // Invention: the cards still missing, first what the goal needs most.
        ResourceSet take;
        for (int r = 0; r < kResourceCount && take.total() < 2; ++r)
            while (take.total() < 2 && pl.hand.n[r] + take.n[r] < cost.n[r]) ++take.n[r];
        while (take.total() < 2) ++take[Resource::Ore];  // one card short: ore, which cities need most
        if (const Command* inv = find(actions, [&](const Command& c) { return c.type == CommandType::PlayInvention && c.give == take; }))
            return *inv;
    }
    int best_r = -1, most = 0;
    for (int r = 0; r < kResourceCount; ++r)
        if (held_by_others(s, p, r) > most) most = held_by_others(s, p, r), best_r = r;
    if (best_r >= 0 && (most >= 6 || (most >= 4 && cost.n[best_r] > pl.hand.n[best_r])))
        if (const Command* mono = find(actions, CommandType::PlayMonopoly, best_r)) return *mono;
    return std::nullopt;
}

// A bank or harbor trade of surplus cards for a card the goal misses.
std::optional<Command> trade_toward(const GameState& s, int p, const std::vector<Command>& actions, Goal goal) {
    const ResourceSet& hand = s.players[p].hand;
    const ResourceSet cost = goal_cost(s, goal);
    for (int want = 0; want < kResourceCount; ++want) {
        if (hand.n[want] >= cost.n[want]) continue;
        const Command* best = best_of(actions, CommandType::BankTrade, [&](const Command& c) {
            if (c.resource != want) return -1e9;
            const int surplus = hand.n[c.target] - cost.n[c.target] - bank_trade_ratio(s, p, static_cast<Resource>(c.target));
            return surplus >= 0 ? surplus : -1e9;
        });
        if (best && hand.n[best->target] - cost.n[best->target] >= bank_trade_ratio(s, p, static_cast<Resource>(best->target)))
            return *best;
    }
    return std::nullopt;
}

// One card the goal does not need for one it misses, offered to everyone.
std::optional<Command> offer_toward(const GameState& s, int p, Goal goal) {
    const ResourceSet& hand = s.players[p].hand;
    const ResourceSet cost = goal_cost(s, goal);
    const int short_by = missing(hand, cost);
    if (short_by < 1 || short_by > 2 || !may_propose_trade(s, p)) return std::nullopt;
    int give = -1, want = -1, spare = 0;
    for (int r = 0; r < kResourceCount; ++r) {
        if (hand.n[r] - cost.n[r] > spare) spare = hand.n[r] - cost.n[r], give = r;
        if (want < 0 && cost.n[r] > hand.n[r]) want = r;
    }
    if (give < 0 || want < 0) return std::nullopt;
    return cmd::propose(p, ResourceSet::of(static_cast<Resource>(give)), ResourceSet::of(static_cast<Resource>(want)));
}

}  // namespace

Command setup_settlement(const GameState& s, int p, const std::vector<Command>& actions) {
    return *best_of(actions, CommandType::BuildSettlement, [&](const Command& c) { return settlement_value(s, p, c.target); });
}

Command setup_road(const GameState& s, int p, const std::vector<Command>& actions) {
    const Topology& t = topology(s);
    return *best_of(actions, CommandType::BuildRoad, [&](const Command& c) {
        const int far = t.edge_nodes[c.target][0] == s.setup_node ? t.edge_nodes[c.target][1] : t.edge_nodes[c.target][0];
        double best = 0;
        for (std::uint8_t n : t.node_neighbors[far])
            if (n != kNone && !s.blocked.test(n)) best = std::max(best, settlement_value(s, p, n));
        return best;
    });
}

Command pre_roll(const GameState& s, int p, const std::vector<Command>& actions) {
    if (robber_on_own_hex(s, p))
        if (const Command* k = find(actions, CommandType::PlayKnight)) return *k;
    return cmd::roll(p);
}

Command road_building(const GameState& s, int p, const std::vector<Command>& actions) {
    const int toward = road_toward_best_spot(s, p);
    if (const Command* c = find(actions, CommandType::BuildRoad, toward); c && toward >= 0) return *c;
    return actions.front();
}

Command main_phase(const GameState& s, int p, const std::vector<Command>& actions, bool may_offer) {
    const PlayerState& pl = s.players[p];
    const Goal goal = choose_goal(s, p);
    if (auto dev = play_dev_card(s, p, actions, goal)) return *dev;
    if (const Command* c = best_of(actions, CommandType::BuildCity, [&](const Command& c) { return total(node_production(s, c.target)); }))
        return *c;
    if (const Command* c = best_of(actions, CommandType::BuildSettlement, [&](const Command& c) { return settlement_value(s, p, c.target); }))
        return *c;
    if (goal == Goal::Road)
        if (const Command* c = find(actions, CommandType::BuildRoad, road_toward_best_spot(s, p))) return *c;
    if (goal == Goal::DevCard)
        if (const Command* c = find(actions, CommandType::BuyDevCard)) return *c;
    if (goal != Goal::None) {
        if (auto trade = trade_toward(s, p, actions, goal)) return *trade;
        if (may_offer)
            if (auto offer = offer_toward(s, p, goal)) return *offer;
    }
    // Spend rather than risk losing half the hand to a 7 (R-7a).
    if (pl.hand.total() > s.options.discard_limit) {
        if (const Command* c = find(actions, CommandType::BuyDevCard)) return *c;
        // A road toward the best spot, or when none is in reach any road (it may count for Longest Road).
        if (pl.settlements_left > 0)
            if (const Command* c = find(actions, CommandType::BuildRoad, road_toward_best_spot(s, p))) return *c;
    }
    return cmd::end_turn(p);
}

Command decide(const GameState& s, int p, std::vector<Command>& actions, bool may_offer) {
    if (s.phase == Phase::Discard) return cmd::discard(p, discard(s, p));
    if (s.phase == Phase::TradeOffer && p != s.current) return answer_offer(s, p, actions);
    legal_actions(s, p, actions);
    if (actions.empty()) return cmd::end_turn(p);  // asked out of turn: nothing it could do
    switch (s.phase) {
        case Phase::SetupSettlement: return setup_settlement(s, p, actions);
        case Phase::SetupRoad: return setup_road(s, p, actions);
        case Phase::PreRoll: return pre_roll(s, p, actions);
        case Phase::MoveRobber: return move_robber(s, p, actions);
        case Phase::RoadBuilding: return road_building(s, p, actions);
        case Phase::TradeOffer: return settle_offer(s, p, actions);
        case Phase::Main: return main_phase(s, p, actions, may_offer);
        default: return actions.front();
    }
}

}  // namespace basic

Command BasicBot::choose(const Observation& obs, Rng& /*rng*/) {
    const GameState& s = obs.state;
    if (s.phase == Phase::Main && offers_turn_ != s.turn) offers_turn_ = s.turn, offers_made_ = 0;
    const Command c = basic::decide(s, obs.seat, actions_, make_offers_ && offers_made_ < kOffersPerTurn);
    if (c.type == CommandType::ProposeTrade) ++offers_made_;
    return c;
}

}  // namespace catan::bots
