// Level `basic`: what it does when the dice or the others ask something of it: discards, the robber,
// and domestic trade offers.
#include <algorithm>
#include <bit>

#include "basic_bot.hpp"
#include "heuristics.hpp"

namespace catan::bots::basic {
namespace {

// Ahead by this many points, a player is not helped with trades.
constexpr int kNoTradeMargin = 2;

bool close_to_winning(const GameState& s, int q) {
    return public_victory_points(s, q) + kNoTradeMargin >= s.options.victory_target;
}

// Whether receiving `get` for `give` brings `p` nearer its goal without giving away what it needs.
// Whether `p` may make the exchange at all is the engine's question (legal_actions).
bool helps(const GameState& s, int p, const ResourceSet& give, const ResourceSet& get) {
    const ResourceSet& hand = s.players[p].hand;
    const ResourceSet cost = goal_cost(s, choose_goal(s, p));
    ResourceSet after = hand;
    after -= give;
    after += get;
    return missing(after, cost) < missing(hand, cost) && give.total() <= get.total() + 1;
}

}  // namespace

ResourceSet discard(const GameState& s, int p) {
    ResourceSet hand = s.players[p].hand;
    const ResourceSet keep = goal_cost(s, choose_goal(s, p));
    ResourceSet out;
    for (int owed = s.players[p].discard_owed; owed > 0; --owed) {
        // Drop a card of the kind held most beyond what the next build needs.
        int pick = -1, spare = -100;
        for (int r = 0; r < kResourceCount; ++r) {
            if (hand.n[r] == 0) continue;
            const int extra = hand.n[r] - keep.n[r];
            if (extra > spare) spare = extra, pick = r;
        }
        --hand.n[pick];
        ++out.n[pick];
    }
    return out;
}

double robber_score(const GameState& s, int p, const Command& c) {
    const Topology& t = topology(s);
    const int leader = leader_among_opponents(s, p);
    const int h = c.target;
    const NodeMask around = t.hex_node_mask[h];
    const int dots = pips(s.board.number[h]);
    double score = 0;
    if (around & buildings_of(s, p)) score -= 1000.0 + dots * 10.0;  // never block our own production if avoidable
    for (int q = 0; q < s.num_players; ++q) {
        if (q == p) continue;
        const PlayerState& pl = s.players[q];
        const int weight = (pl.settlements & around).count() + 2 * (pl.cities & around).count();
        score += dots * weight * (q == leader ? 3.0 : 1.0) * (1.0 + public_victory_points(s, q) / 10.0);
    }
    if (c.victim != kNoSeat) {
        const int cards = s.players[c.victim].hand.total();
        score += cards == 0 ? -1.0 : 0.5 * (cards < 5 ? cards : 5) + (c.victim == leader ? 2.0 : 0.0);
    }
    return score;
}

Command move_robber(const GameState& s, int p, const std::vector<Command>& actions) {
    const Command* best = nullptr;
    double best_score = -1e18;
    for (const Command& c : actions) {
        if (c.type != CommandType::MoveRobber) continue;
        const double score = robber_score(s, p, c);
        if (score > best_score) best_score = score, best = &c;
    }
    return *best;
}

Command answer_offer(const GameState& s, int p, std::vector<Command>& actions) {
    const TradeOffer& o = s.offer;
    const ResourceSet& hand = s.players[p].hand;
    if (close_to_winning(s, s.current)) return cmd::decline(p);
    // The active player gives o.give and asks o.want.
    legal_actions(s, p, actions);
    const bool may_accept = std::any_of(actions.begin(), actions.end(), [](const Command& c) { return c.type == CommandType::AcceptTrade; });
    if (may_accept && helps(s, p, o.want, o.give)) return cmd::accept(p);
    if (may_counter_trade(s, p)) {
        // Counter: one card we can spare for one of the offered cards we need.
        const ResourceSet cost = goal_cost(s, choose_goal(s, p));
        int give = -1, get = -1, spare = 0;
        for (int r = 0; r < kResourceCount; ++r) {
            if (hand.n[r] - cost.n[r] > spare) spare = hand.n[r] - cost.n[r], give = r;
            if (get < 0 && o.give.n[r] > 0 && cost.n[r] > hand.n[r]) get = r;
        }
        if (give >= 0 && get >= 0 && give != get) {
            const ResourceSet g = ResourceSet::of(static_cast<Resource>(give)), w = ResourceSet::of(static_cast<Resource>(get));
            const bool same_as_before = o.response[p] == TradeResponse::Countered && o.counter_want[p] == g;
            if (!same_as_before) return cmd::counter(p, g, w);
        }
    }
    return cmd::decline(p);
}

Command settle_offer(const GameState& s, int p, const std::vector<Command>& actions) {
    const TradeOffer& o = s.offer;
    for (const Command& c : actions) {
        if (c.type != CommandType::ConfirmTrade) continue;
        const int q = c.victim;
        const bool countered = o.response[q] == TradeResponse::Countered;
        const ResourceSet& give = countered ? o.counter_give[q] : o.give;
        const ResourceSet& get = countered ? o.counter_want[q] : o.want;
        if (helps(s, p, give, get) && !close_to_winning(s, q)) return c;
    }
    return cmd::cancel_trade(p);
}

}  // namespace catan::bots::basic
