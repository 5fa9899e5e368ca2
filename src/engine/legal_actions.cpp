// Enumerates exactly the commands apply() accepts, using the same predicates (rules.hpp).
#include "rules.hpp"

namespace catan {
namespace {

using rules::ps;

void push(std::vector<Command>& out, const Command& c) { out.push_back(c); }

// Every multiset of `size` cards drawn from `from`, kind by kind.
template <class F>
void for_each_subset(const ResourceSet& from, int size, F&& f) {
    ResourceSet pick;
    auto rec = [&](auto&& self, int kind, int left) -> void {
        if (kind == kResourceCount - 1) {
            if (left <= from.n[kind]) {
                pick.n[kind] = static_cast<std::uint8_t>(left);
                f(pick);
            }
            return;
        }
        const int most = left < from.n[kind] ? left : from.n[kind];
        for (int k = 0; k <= most; ++k) {
            pick.n[kind] = static_cast<std::uint8_t>(k);
            self(self, kind + 1, left - k);
        }
    };
    rec(rec, 0, size);
}

void add_dev_plays(const GameState& s, int p, std::vector<Command>& out) {
    if (s.dev_played) return;
    if (rules::dev_playable(s, p, DevCard::Knight)) push(out, cmd::knight(p));
    if (rules::dev_playable(s, p, DevCard::RoadBuilding) && rules::can_place_any_road(s, p))
        push(out, cmd::road_building(p));
    if (rules::dev_playable(s, p, DevCard::Invention)) {
        const int size = rules::invention_size(s);
        if (size > 0) for_each_subset(s.bank, size, [&](const ResourceSet& take) { push(out, cmd::invention(p, take)); });
    }
    if (rules::dev_playable(s, p, DevCard::Monopoly))
        for (Resource r : kAllResources) push(out, cmd::monopoly(p, r));
}

void add_roads(EdgeMask spots, int p, std::vector<Command>& out) {
    spots.for_each([&](int e) { push(out, cmd::road(p, e)); });
}

void add_main(const GameState& s, int p, std::vector<Command>& out) {
    const PlayerState& pl = ps(s, p);
    push(out, cmd::end_turn(p));
    if (pl.roads_left > 0 && pl.hand.contains(cost::kRoad)) add_roads(rules::road_spots(s, p), p, out);
    if (pl.settlements_left > 0 && pl.hand.contains(cost::kSettlement))
        for_each_node(rules::settlement_spots(s, p), [&](int n) { push(out, cmd::settlement(p, n)); });
    if (pl.cities_left > 0 && pl.hand.contains(cost::kCity))
        for_each_node(pl.settlements, [&](int n) { push(out, cmd::city(p, n)); });
    if (s.deck_left() > 0 && pl.hand.contains(cost::kDevCard)) push(out, cmd::buy_dev(p));
    add_dev_plays(s, p, out);
    for (Resource give : kAllResources) {
        if (pl.hand[give] < bank_trade_ratio(s, p, give)) continue;
        for (Resource get : kAllResources)
            if (get != give && s.bank[get] > 0) push(out, cmd::bank_trade(p, give, get));
    }
}

void add_trade_answers(const GameState& s, int p, std::vector<Command>& out) {
    const TradeOffer& o = s.offer;
    if (p == s.current) {
        for (int q = 0; q < s.num_players; ++q) {
            if (q == p) continue;
            const bool countered = o.response[q] == TradeResponse::Countered;
            if (!countered && o.response[q] != TradeResponse::Accepted) continue;
            const ResourceSet& give = countered ? o.counter_give[q] : o.give;
            const ResourceSet& get = countered ? o.counter_want[q] : o.want;
            if (ps(s, p).hand.contains(give) && ps(s, q).hand.contains(get)) push(out, cmd::confirm(p, q));
        }
        push(out, cmd::cancel_trade(p));
        return;
    }
    if (o.response[p] != TradeResponse::Accepted && ps(s, p).hand.contains(o.want)) push(out, cmd::accept(p));
    if (o.response[p] != TradeResponse::Declined) push(out, cmd::decline(p));
}

}  // namespace

void legal_actions(const GameState& s, int p, std::vector<Command>& out) {
    out.clear();
    if (p < 0 || p >= s.num_players) return;
    const bool active = p == s.current;
    switch (s.phase) {
        case Phase::SetupSettlement:
            if (active) for_each_node(rules::setup_settlement_spots(s), [&](int n) { push(out, cmd::settlement(p, n)); });
            break;
        case Phase::SetupRoad:
            if (active) add_roads(rules::setup_road_spots(s), p, out);
            break;
        case Phase::PreRoll:
            if (active) {
                push(out, cmd::roll(p));
                add_dev_plays(s, p, out);
            }
            break;
        case Phase::Discard:
            if (const int owed = ps(s, p).discard_owed)
                for_each_subset(ps(s, p).hand, owed, [&](const ResourceSet& d) { push(out, cmd::discard(p, d)); });
            break;
        case Phase::MoveRobber:
            if (!active) break;
            for (int h = 0; h < kHexCount; ++h) {
                if (h == s.robber) continue;
                const unsigned victims = rules::robber_victims(s, h, p);
                if (victims == 0) push(out, cmd::move_robber(p, h));
                for (int q = 0; q < s.num_players; ++q)
                    if (victims >> q & 1u) push(out, cmd::move_robber(p, h, q));
            }
            break;
        case Phase::RoadBuilding:
            if (active) add_roads(rules::road_spots(s, p), p, out);
            break;
        case Phase::Main:
            if (active) add_main(s, p, out);
            break;
        case Phase::TradeOffer:
            add_trade_answers(s, p, out);
            break;
        case Phase::GameOver:
            break;
    }
}

std::vector<Command> legal_actions(const GameState& s, int p) {
    std::vector<Command> out;
    legal_actions(s, p, out);
    return out;
}

}  // namespace catan
