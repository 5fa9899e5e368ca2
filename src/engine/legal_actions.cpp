// Enumerates exactly the commands apply() accepts, using the same predicates (rules.hpp).
#include <algorithm>
#include <bit>
#include <cstring>

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

// Every multiset of `size` cards drawn from `from`, kind by kind: the first kind's count ascending,
// then the second's, and so on (the order lists are in). Nested loops rather than a recursion; the
// last kind's count is what is left, so the fourth kind's range starts where that fits.
template <class F>
void for_each_subset(const ResourceSet& from, int size, F&& f) {
    static_assert(kResourceCount == 5, "one loop a resource kind");
    const int n0 = from.n[0], n1 = from.n[1], n2 = from.n[2], n3 = from.n[3], n4 = from.n[4];
    for (int a = 0, ma = std::min(size, n0); a <= ma; ++a) {
        const int ra = size - a;
        for (int b = 0, mb = std::min(ra, n1); b <= mb; ++b) {
            const int rb = ra - b;
            for (int c = 0, mc = std::min(rb, n2); c <= mc; ++c) {
                const int rc = rb - c;
                for (int d = std::max(0, rc - n4), md = std::min(rc, n3); d <= md; ++d) f(ResourceSet(a, b, c, d, rc - d));
            }
        }
    }
}

// The cards `p` may play now, once it is known that there is one (add_dev_plays).
template <class G>
[[gnu::noinline]] void list_dev_plays(const GameState& s, int p, std::vector<Command>& out) {
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

// Most seats hold no card they may play now (rules::dev_playable): one test for every kind, inline,
// before the listing.
template <class G>
[[gnu::always_inline]] inline void add_dev_plays(const GameState& s, int p, std::vector<Command>& out) {
    if (s.dev_played) return;
    // A kind held beyond what was bought this turn (never fewer: find_state_problem): the first four
    // kinds, all but Victory Point, compared as one word each.
    static_assert(static_cast<int>(DevCard::VictoryPoint) == 4, "the playable kinds are the first four");
    const PlayerState& pl = ps(s, p);
    std::uint32_t held = 0, bought = 0;
    std::memcpy(&held, pl.dev.data(), 4);
    std::memcpy(&bought, pl.dev_bought.data(), 4);
    if (held != bought) list_dev_plays<G>(s, p, out);
}

template <class G>
void add_roads(const EdgeMask& spots, int p, std::vector<Command>& out) {
    spots.template for_each<G::edge_words>([&](int e) { add(out, CommandType::BuildRoad, p, e); });
}

template <class G, class F>
void for_each_node_of(const NodeMask& m, F&& f) { m.template for_each<G::node_words>(static_cast<F&&>(f)); }

template <class G>
void add_ships(const EdgeMask& spots, int p, std::vector<Command>& out) {
    spots.template for_each<G::edge_words>([&](int e) { add(out, CommandType::BuildShip, p, e); });
}

// R-SF2, R-SF4: ships to build and the turn's ship move, each ship with every path it may go to.
template <class G>
void add_ship_actions(const GameState& s, int p, std::vector<Command>& out) {
    const PlayerState& pl = ps(s, p);
    if (pl.ships_left > 0 && pl.hand.contains(G::rules.ship_cost)) add_ships<G>(rules::ship_spots<G>(s, p), p, out);
    rules::movable_ships<G>(s, p).template for_each<G::edge_words>([&](int from) {
        rules::ship_move_spots<G>(s, p, from).template for_each<G::edge_words>([&](int to) {
            add(out, CommandType::MoveShip, p, from).to = static_cast<std::uint8_t>(to);
        });
    });
}

// R-SF6: the pirate's moves, as the robber's: each sea hex with each opponent there to rob, or none.
template <class G>
void add_pirate_moves(const GameState& s, int p, std::vector<Command>& out) {
    const rules::SeatHexes along = rules::hexes_along_ships<G>(s);
    rules::pirate_hexes<G>(s).template for_each<G::hex_words>([&](int h) {
        unsigned v = rules::pirate_victims(along, s.num_players, h, p);
        do {
            add(out, CommandType::MovePirate, p, h).victim = v ? static_cast<std::uint8_t>(std::countr_zero(v)) : kNoSeat;
            v &= v - 1;
        } while (v);
    });
}

template <class G>
void add_main(const GameState& s, int p, std::vector<Command>& out) {
    const PlayerState& pl = ps(s, p);
    // What the hand affords is asked of one copy, before any command is stored, and without a branch
    // each: a command's fields are bytes, and a byte store may change anything as far as the compiler
    // knows, so asked of the state after one, or in a branch of its own, each question loaded the hand.
    const ResourceSet hand = pl.hand;
    const bool roads = (pl.roads_left > 0) & rules::can_afford_road<G>(hand);
    const bool settlements = (pl.settlements_left > 0) & rules::can_afford_settlement<G>(hand);
    const bool cities = (pl.cities_left > 0) & rules::can_afford_city<G>(hand);
    const bool dev_card = rules::may_buy_dev_card<G>(s, hand);
    // Bank trades (R-TR3, rules::may_bank_trade): the resources held at their ratio and those the bank
    // holds are each found at once.
    const unsigned gets = s.bank.kinds_with_at_least(1);
    unsigned gives = hand.kinds_holding(rules::trade_ratios(s, p));
    add(out, CommandType::EndTurn, p);
    if (roads) add_roads<G>(rules::road_spots<G>(s, p), p, out);
    if (settlements) for_each_node_of<G>(rules::settlement_spots<G>(s, p), [&](int n) { add(out, CommandType::BuildSettlement, p, n); });
    if (cities) for_each_node_of<G>(pl.settlements, [&](int n) { add(out, CommandType::BuildCity, p, n); });
    if constexpr (G::sea) add_ship_actions<G>(s, p, out);
    if (dev_card) add(out, CommandType::BuyDevCard, p);
    if (rules::step_allows(s.step, rules::StepAct::PlayDevCard)) add_dev_plays<G>(s, p, out);  // R-X6, R-X7
    if (!rules::step_allows(s.step, rules::StepAct::BankTrade)) return;
    // Given resource then received resource ascending.
    for (; gives; gives &= gives - 1) {
        const int give = std::countr_zero(gives);
        for (unsigned m = gets & ~(1u << give); m; m &= m - 1)
            add(out, CommandType::BankTrade, p, give).resource = static_cast<std::uint8_t>(std::countr_zero(m));
    }
}

// R-7b/R-7c: every hex the robber may go to (R-O3 aside, every other hex), with each opponent there as
// a possible victim (or none if nobody is).
template <class G>
void add_robber_moves(const GameState& s, int p, std::vector<Command>& out) {
    rules::robber_hexes<G>(s, p).template for_each<G::hex_words>([&](int h) {
        // One command with no victim where nobody is to rob, else one a victim: one loop either way.
        unsigned v = rules::robber_victims<G>(s, h, p);
        do {
            add(out, CommandType::MoveRobber, p, h).victim = v ? static_cast<std::uint8_t>(std::countr_zero(v)) : kNoSeat;
            v &= v - 1;
        } while (v);
    });
}

void add_trade_answers(const GameState& s, int p, std::vector<Command>& out) {
    const TradeOffer& o = s.offer;
    if (p == s.current) {
        for (int q = 0; q < s.num_players; ++q)
            if (q != p && rules::may_confirm_with(s, q)) add(out, CommandType::ConfirmTrade, p).victim = static_cast<std::uint8_t>(q);
        add(out, CommandType::CancelTrade, p);
        return;
    }
    if (o.to != kNoSeat && o.to != p) return;
    if (rules::may_accept(s, p) && s.answers_made[p] < kMaxTradeAnswersPerTurn) add(out, CommandType::AcceptTrade, p);  // R-L1
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
            if constexpr (G::sea)
                if (active) add_ships<G>(rules::setup_ship_spots<G>(s), p, out);  // R-SF3
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
            if constexpr (G::sea) add_pirate_moves<G>(s, p, out);  // R-SF6: the robber or the pirate
            break;
        case Phase::RoadBuilding:
            if (!active) break;
            if (ps(s, p).roads_left > 0) add_roads<G>(rules::road_spots<G>(s, p), p, out);
            if constexpr (G::sea)
                if (ps(s, p).ships_left > 0) add_ships<G>(rules::ship_spots<G>(s, p), p, out);  // R-SF9
            break;
        case Phase::Main:
            if (active) add_main<G>(s, p, out);
            break;
        case Phase::TradeOffer:
            add_trade_answers(s, p, out);
            break;
        case Phase::ChooseGold:
            // R-SF7: every choice of as many resources as owed.
            if (const int owed = ps(s, p).gold_owed)
                for_each_subset(ResourceSet(owed, owed, owed, owed, owed), owed,
                                [&](const ResourceSet& g) { add(out, CommandType::ChooseGold, p).give = g; });
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
