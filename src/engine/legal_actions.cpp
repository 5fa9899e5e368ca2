// Enumerates exactly the commands apply() accepts, using the same predicates (rules.hpp).
#include "rules.hpp"

namespace catan {
namespace {

using rules::ps;

// Commands are built in place: assembling one on the stack and copying it stalls on store forwarding.
Command& add(std::vector<Command>& out, CommandType type, int p, int target = 0) {
    Command& c = out.emplace_back();
    c.type = type;
    c.player = static_cast<std::uint8_t>(p);
    c.target = static_cast<std::uint8_t>(target);
    return c;
}

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

template <class G>
void add_dev_plays(const GameState& s, int p, std::vector<Command>& out) {
    if (s.dev_played) return;
    if (rules::dev_playable(s, p, DevCard::Knight)) add(out, CommandType::PlayKnight, p);
    if (rules::dev_playable(s, p, DevCard::RoadBuilding) && rules::can_place_any_road<G>(s, p))
        add(out, CommandType::PlayRoadBuilding, p);
    if (rules::dev_playable(s, p, DevCard::Invention)) {
        const int size = rules::invention_size(s);
        if (size > 0) for_each_subset(s.bank, size, [&](const ResourceSet& take) { add(out, CommandType::PlayInvention, p).give = take; });
    }
    if (rules::dev_playable(s, p, DevCard::Monopoly))
        for (int r = 0; r < kResourceCount; ++r) add(out, CommandType::PlayMonopoly, p, r);
}

template <class G>
void add_roads(const EdgeMask& spots, int p, std::vector<Command>& out) {
    spots.template for_each<G::edge_words>([&](int e) { add(out, CommandType::BuildRoad, p, e); });
}

template <class G, class F>
void for_each_node_of(const NodeMask& m, F&& f) { m.template for_each<G::node_words>(static_cast<F&&>(f)); }

template <class G>
void add_main(const GameState& s, int p, std::vector<Command>& out) {
    const PlayerState& pl = ps(s, p);
    add(out, CommandType::EndTurn, p);
    if (pl.roads_left > 0 && rules::can_afford_road<G>(s, p)) add_roads<G>(rules::road_spots<G>(s, p), p, out);
    if (pl.settlements_left > 0 && rules::can_afford_settlement<G>(s, p))
        for_each_node_of<G>(rules::settlement_spots<G>(s, p), [&](int n) { add(out, CommandType::BuildSettlement, p, n); });
    if (pl.cities_left > 0 && rules::can_afford_city<G>(s, p))
        for_each_node_of<G>(pl.settlements, [&](int n) { add(out, CommandType::BuildCity, p, n); });
    if (rules::may_buy_dev_card<G>(s, p)) add(out, CommandType::BuyDevCard, p);
    if (rules::step_allows(s.step, rules::StepAct::PlayDevCard)) add_dev_plays<G>(s, p, out);  // R-X6, R-X7
    if (!rules::step_allows(s.step, rules::StepAct::BankTrade)) return;
    for (Resource give : kAllResources) {
        if (pl.hand[give] < 2 || pl.hand[give] < bank_trade_ratio(s, p, give)) continue;  // 2 is the best ratio
        for (Resource get : kAllResources)
            if (get != give && s.bank[get] > 0) {
                Command& c = add(out, CommandType::BankTrade, p, static_cast<int>(give));
                c.resource = static_cast<std::uint8_t>(get);
            }
    }
}

// R-7b/R-7c: every hex the robber may go to (R-O3 aside, every other hex), with each opponent there as
// a possible victim (or none if nobody is).
template <class G>
void add_robber_moves(const GameState& s, int p, std::vector<Command>& out) {
    const Topology& t = G::topo();
    std::array<HexMask, kMaxPlayers> hexes_of{};  // hexes each opponent has a building on
    for (int q = 0; q < s.num_players; ++q)
        if (q != p) for_each_node_of<G>(rules::buildings_of(s, q), [&](int n) { hexes_of[q] |= t.node_hex_mask[n]; });
    const HexMask allowed = rules::robber_hexes<G>(s, p);
    for (int h = 0; h < G::hexes; ++h) {
        if (!(allowed >> h & 1u)) continue;
        bool victim = false;
        for (int q = 0; q < s.num_players; ++q)
            if (hexes_of[q] >> h & 1u) {
                add(out, CommandType::MoveRobber, p, h).victim = static_cast<std::uint8_t>(q);
                victim = true;
            }
        if (!victim) add(out, CommandType::MoveRobber, p, h);
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
            if (ps(s, p).hand.contains(give) && ps(s, q).hand.contains(get))
                add(out, CommandType::ConfirmTrade, p).victim = static_cast<std::uint8_t>(q);
        }
        add(out, CommandType::CancelTrade, p);
        return;
    }
    if (o.to != kNoSeat && o.to != p) return;
    if (o.response[p] != TradeResponse::Accepted && ps(s, p).hand.contains(o.want)) add(out, CommandType::AcceptTrade, p);
    if (o.response[p] != TradeResponse::Declined) add(out, CommandType::DeclineTrade, p);
}

template <class G>
void list_actions(const GameState& s, int p, std::vector<Command>& out) {
    const bool active = p == s.current;
    switch (s.phase) {
        case Phase::SetupSettlement:
            if (active) for_each_node_of<G>(rules::setup_settlement_spots<G>(s), [&](int n) { add(out, CommandType::BuildSettlement, p, n); });
            break;
        case Phase::SetupRoad:
            if (active) add_roads<G>(rules::setup_road_spots<G>(s), p, out);
            break;
        case Phase::PreRoll:
            if (active) {
                add(out, CommandType::RollDice, p);
                add_dev_plays<G>(s, p, out);
            }
            break;
        case Phase::Discard:
            if (const int owed = ps(s, p).discard_owed)
                for_each_subset(ps(s, p).hand, owed, [&](const ResourceSet& d) { add(out, CommandType::Discard, p).give = d; });
            break;
        case Phase::MoveRobber:
            if (!active) break;
            add_robber_moves<G>(s, p, out);
            break;
        case Phase::RoadBuilding:
            if (active) add_roads<G>(rules::road_spots<G>(s, p), p, out);
            break;
        case Phase::Main:
            if (active) add_main<G>(s, p, out);
            break;
        case Phase::TradeOffer:
            add_trade_answers(s, p, out);
            break;
        case Phase::GameOver:
            break;
    }
}

}  // namespace

void legal_actions(const GameState& s, int p, std::vector<Command>& out) {
    out.clear();
    if (p < 0 || p >= s.num_players) return;
    with_variant(s.board_kind, [&](auto g) { list_actions<decltype(g)>(s, p, out); });
}

std::vector<Command> legal_actions(const GameState& s, int p) {
    std::vector<Command> out;
    legal_actions(s, p, out);
    return out;
}

}  // namespace catan
