#pragma once
// Predicates shared by apply() and legal_actions(), so that what is listed is exactly what is accepted:
// one predicate per rule question. Templated over the variant G (variants.hpp).
#include "catan/engine/engine.hpp"
#include "variants.hpp"

namespace catan::rules {

inline const PlayerState& ps(const GameState& s, int p) { return s.players[p]; }
inline NodeMask buildings_of(const GameState& s, int p) { return s.players[p].settlements | s.players[p].cities; }
// The hexes of the board that are land (R-SF1): every hex but the sea's and those still face down (R-SF10).
template <class G> HexMask land_hexes(const GameState& s) {
    constexpr HexMask all = HexMask::first(G::hexes);
    if constexpr (G::sea) return all & ~s.board.sea & ~s.board.fog;
    return all;
}

// Paths where `p` may build a road now (ignores cost): empty, touching own network (R-BU1).
template <class G> EdgeMask road_spots(const GameState& s, int p);
// Intersections where `p` may build a settlement after setup (ignores cost): R-BU2.
template <class G> NodeMask settlement_spots(const GameState& s, int p);
// Setup: every intersection that satisfies the distance rule (R-S6); on the sea, on a home island (R-SF1).
template <class G> NodeMask setup_settlement_spots(const GameState& s) {
    if constexpr (G::sea) return s.setup_nodes & ~s.blocked;
    return ~s.blocked & G::topo().all_nodes;
}
// Setup: empty paths touching the settlement just placed (R-S4), on land where there is sea.
template <class G> EdgeMask setup_road_spots(const GameState& s) {
    if (s.setup_node == kNone) return {};
    if constexpr (G::sea) return G::topo().node_edge_mask[s.setup_node] & s.land_paths & ~s.roads_all & ~s.ships_all;
    return G::topo().node_edge_mask[s.setup_node] & ~s.roads_all;
}
// A settlement (1) or the step from settlement to city (1 more) of seat p at `node`, in hex_yield.
inline void add_yield(GameState& s, const Topology& t, int p, int node, int cards = 1) {
    for (std::uint8_t h : t.node_hexes[node])
        if (h != kNone) s.hex_yield[h] += static_cast<std::uint64_t>(cards) << (8 * p);
}
// Seat p built at `node`: the harbor there, if any, is now one of its harbors.
inline void add_harbor(GameState& s, int p, int node) {
    for (int k = 0; k < kHarborKinds; ++k) s.harbors[p] |= static_cast<std::uint8_t>(unsigned{s.harbor_nodes[k].test(node)} << k);
}
// The seats with a building on a hex, a bit each, from its hex_yield word.
// Each nonzero byte marked in its top bit (the low seven bits plus 0x7f carry into it, which cannot
// reach the next byte), then the eight top bits gathered into the top byte by one multiplication
// (every product bit lands on its own position, so nothing carries).
constexpr unsigned seats_at(std::uint64_t yield) {
    constexpr std::uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL;
    const std::uint64_t nonzero = (((yield & low7) + low7) | yield) & ~low7;
    return static_cast<unsigned>(((nonzero >> 7) * 0x0102040810204080ULL) >> 56);
}
static_assert(seats_at(0) == 0 && seats_at(0x0000'0001'0000'0300ULL) == 0b10010 && seats_at(0x8000'0000'0000ULL) == 0b100000 &&
              seats_at(0xff80'7f01'0000'0000ULL) == 0b11110000 && seats_at(~std::uint64_t{0}) == 0xff);
// Opponents of `p` with a building on `hex` (R-7c).
template <class G> unsigned robber_victims(const GameState& s, int hex, int p) {
    return seats_at(s.hex_yield[hex]) & ~(1u << p);
}

// Where `p` may move the robber now (R-7b: any hex but the robber's own). R-O3, friendly robber: not
// onto a hex touching a building of an opponent with 2 or fewer visible victory points; when that
// leaves no hex at all, the friendly rule is lifted for this move (docs/rules-choices.md, "House
// rules"), so a 7 or a Knight never stalls. The one place both apply() and legal_actions() ask.
template <class G> HexMask robber_hexes(const GameState& s, int p) {
    HexMask others = land_hexes<G>(s);
    // A board of one word clears the robber's bit in a register; a bit picked by index among the
    // words goes through memory.
    if constexpr (G::hex_words == 1) {
        if (s.robber < 64) others.w[0] &= ~(std::uint64_t{1} << s.robber);
    } else if (s.robber != kNone) {
        others.reset(s.robber);
    }
    if (!s.options.friendly_robber) return others;
    const Topology& t = G::topo();
    HexMask sheltered{};
    for (int q = 0; q < s.num_players; ++q) {
        if (q == p || public_victory_points(s, q) > 2) continue;
        buildings_of(s, q).template for_each<G::node_words>([&](int n) { sheltered |= t.node_hex_mask[n]; });
    }
    const HexMask allowed = others & ~sheltered;
    return allowed.any() ? allowed : others;
}
template <class G> bool robber_hex_allowed(const GameState& s, int hex, int p) {
    return hex >= 0 && hex < G::hexes && robber_hexes<G>(s, p).test(hex);
}

// What each piece costs and whether `p` holds it (R-BU1..R-BU4): one place for the cost check.
// The hand's overloads serve callers that ask several questions of one hand (a copy in registers).
template <class G> bool can_afford_road(const ResourceSet& hand) { return hand.contains(G::rules.road_cost); }
template <class G> bool can_afford_settlement(const ResourceSet& hand) { return hand.contains(G::rules.settlement_cost); }
template <class G> bool can_afford_city(const ResourceSet& hand) { return hand.contains(G::rules.city_cost); }
template <class G> bool can_afford_dev_card(const ResourceSet& hand) { return hand.contains(G::rules.dev_card_cost); }
template <class G> bool can_afford_road(const GameState& s, int p) { return can_afford_road<G>(s.players[p].hand); }
template <class G> bool can_afford_settlement(const GameState& s, int p) { return can_afford_settlement<G>(s.players[p].hand); }
template <class G> bool can_afford_city(const GameState& s, int p) { return can_afford_city<G>(s.players[p].hand); }
template <class G> bool can_afford_dev_card(const GameState& s, int p) { return can_afford_dev_card<G>(s.players[p].hand); }
// Buying a development card: affordable and the deck not empty (R-BU4).
template <class G> bool may_buy_dev_card(const GameState& s, const ResourceSet& hand) { return s.deck_left() > 0 && can_afford_dev_card<G>(hand); }
template <class G> bool may_buy_dev_card(const GameState& s, int p) { return may_buy_dev_card<G>(s, s.players[p].hand); }

// R-D1: the cards of a kind `p` holds that were not bought this turn; Victory Point cards are never
// played, so none of them counts.
inline int dev_cards_ready(const GameState& s, int p, DevCard card) {
    const auto k = static_cast<int>(card);
    const PlayerState& pl = s.players[p];
    return card == DevCard::VictoryPoint ? 0 : pl.dev[k] - pl.dev_bought[k];
}
// R-D1: one of them is ready and none was played yet this turn.
inline bool dev_playable(const GameState& s, int p, DevCard card) { return !s.dev_played && dev_cards_ready(s, p, card) > 0; }
template <class G> bool can_place_any_road(const GameState& s, int p);
// Invention takes 2 cards, or what is left when the bank holds fewer (R-D4).
inline int invention_size(const GameState& s) { return s.bank.total() < 2 ? s.bank.total() : 2; }

// R-TR3: 2 with a harbor of the resource given, 3 with a 3:1 harbor, else 4 (what bank_trade_ratio()
// answers; inline here because listing and applying bank trades ask it for every trade).
// The ratios of every resource for each set of harbors (bit k: a harbor of kind k), so that listing
// bank trades compares a whole hand with its ratios at once (ResourceSet::kinds_holding).
// The bank without a harbor takes 4 of a kind; a 3:1 harbor 3 of any kind, a 2:1 harbor 2 of its own.
inline constexpr int kNoHarborRatio = 4;
constexpr int harbor_ratio(int kind) { return kind == kGenericHarbor ? 3 : 2; }
inline constexpr auto kTradeRatios = [] {
    std::array<ResourceSet, 1u << kHarborKinds> ratios{};
    for (unsigned own = 0; own < ratios.size(); ++own)
        for (int r = 0; r < kResourceCount; ++r)
            ratios[own].n[r] = static_cast<std::uint8_t>(own >> r & 1u                ? harbor_ratio(r)
                                                         : own >> kGenericHarbor & 1u ? harbor_ratio(kGenericHarbor)
                                                                                      : kNoHarborRatio);
    return ratios;
}();
inline const ResourceSet& trade_ratios(const GameState& s, int p) { return kTradeRatios[s.harbors[p]]; }
inline int trade_ratio(const GameState& s, int p, Resource give) { return trade_ratios(s, p)[give]; }

// R-TR3: `p` may give `ratio(give)` cards of `give` for one `get` the bank holds.
inline bool may_bank_trade(const GameState& s, int p, Resource give, Resource get) {
    return give != get && s.bank[get] > 0 && s.players[p].hand[give] >= trade_ratio(s, p, give);
}

// What each step of a turn allows (R-X6, R-X7): the one table apply() and legal_actions() both read.
// Building and buying are allowed in every step; the acts below are not.
enum class StepAct : std::uint8_t { Roll, BankTrade, DomesticTrade, PlayDevCard, Win };
// R-X6 is silent on a win in the paired step: the paired player takes a phase of play as the active
// player, so R-V2 applies to them at once (docs/rules-choices.md).
inline constexpr bool kPairedPlayerMayWin = true;
constexpr bool step_allows(Step step, StepAct act) {
    switch (step) {
        case Step::Turn: return true;
        case Step::PairedBuild:  // R-X6: bank and harbor trades, build, buy, one card; no dice, no domestic trade
            return act == StepAct::BankTrade || act == StepAct::PlayDevCard || (act == StepAct::Win && kPairedPlayerMayWin);
        case Step::SpecialBuild: return false;  // R-X7: build and buy only, and nobody wins (R-V2)
    }
    return false;
}
// R-X6, R-X7: the 5–6 board's games take a build step after each turn; the base board's do not.
constexpr bool uses_turn_structure(BoardKind board) { return is_five_six(board); }
// The seat taking the paired build step after `turn_player`'s turn: three places to the left (R-X6).
inline int paired_player(const GameState& s) { return (s.turn_player + 3) % s.num_players; }

// Seat answering or countering the active player's offer: any non-active seat.
inline bool is_responder(const GameState& s, int p) { return p != s.current && p < s.num_players; }

// R-TR2: what seat q's answer stands for, from the active player's side: the offer as it stands when
// q accepted, q's counter-offer when q countered; false when q did neither.
inline bool answer_terms(const GameState& s, int q, ResourceSet& give, ResourceSet& get) {
    const TradeResponse r = s.offer.response[q];
    if (r == TradeResponse::Countered) {
        give = s.offer.counter_give[q];
        get = s.offer.counter_want[q];
        return true;
    }
    give = s.offer.give;
    get = s.offer.want;
    return r == TradeResponse::Accepted;
}
// R-TR1: both sides still hold their cards for terms the active player would complete.
inline bool both_hold(const GameState& s, int q, const ResourceSet& give, const ResourceSet& get) {
    return s.players[s.current].hand.contains(give) && s.players[q].hand.contains(get);
}
// R-TR1, R-TR2: the active player may complete the open offer with seat q now.
inline bool may_confirm_with(const GameState& s, int q) {
    ResourceSet give, get;
    return is_responder(s, q) && answer_terms(s, q, give, get) && both_hold(s, q, give, get);
}
// R-TR1, R-TR2: responder p may accept the offer as it stands: not accepted yet, and holds what is asked.
inline bool may_accept(const GameState& s, int p) {
    return s.offer.response[p] != TradeResponse::Accepted && s.players[p].hand.contains(s.offer.want);
}
// R-L1: this command goes beyond the turn's domestic trading (a live command; see Limits).
inline bool over_trade_limit(const GameState& s, const Command& c) {
    switch (c.type) {
        case CommandType::ProposeTrade: return s.offers_made >= kMaxOffersPerTurn;
        case CommandType::AcceptTrade:
        case CommandType::CounterTrade: return c.player < kMaxPlayers && s.answers_made[c.player] >= kMaxTradeAnswersPerTurn;
        default: return false;
    }
}
inline void count_up(std::uint8_t& n) { n = static_cast<std::uint8_t>(n < 0xff ? n + 1 : n); }

// R-D3, R-SF9: Road Building's free pieces are roads, or on the sea any mix of roads and ships.
template <class G> int pieces_for_road_building(const GameState& s, int p) {
    const PlayerState& pl = s.players[p];
    const int pieces = G::sea ? pl.roads_left + pl.ships_left : pl.roads_left;
    return pieces < 2 ? pieces : 2;
}

// Mutations shared by several commands.
template <class G> void place_road(GameState& s, int p, int edge);
template <class G> void place_settlement(GameState& s, int p, int node);
template <class G> void place_ship(GameState& s, int p, int edge);
template <class G> void lift_ship(GameState& s, int p, int edge);  // R-SF4: the first half of a move
template <class G> void settle_island(GameState& s, int p, int node, std::vector<Event>* ev);
// R-SF7: once no owner has gold left to choose, pays every choice (R-T3 per resource) and returns to
// the phase the gold interrupted.
template <class G> void settle_gold(GameState& s, std::vector<Event>* ev);
// R-A4's recount after a road length changed.
template <class G> void recount_longest_road(GameState& s, std::vector<Event>* ev);
template <class G> void update_longest_road_after_road(GameState& s, int p, int edge, std::vector<Event>* ev);
// Longest road of `p` just after `edge` was added to its roads, given its length before (R-A1).
template <class G> int longest_road_with_new_road(const GameState& s, int p, int edge);
template <class G> int longest_road(const GameState& s, int p);
// R-SF5 (sea variants only): the longest trade route of `p`; the same just after `edge` was added to
// its pieces, given its length before; and (R-SF4) just after its ship moved from `from` to `to`.
template <class G> int longest_route(const GameState& s, int p);
template <class G> int longest_route_with_new_piece(const GameState& s, int p, int edge);
template <class G> int longest_route_after_ship_move(const GameState& s, int p, int from, int to);
// After seat p built a settlement at `node`: the opponents' roads through it are cut (R-A2).
template <class G> void update_longest_road_after_settlement(GameState& s, int p, int node, std::vector<Event>* ev);
template <class G> void update_largest_army(GameState& s, int p, std::vector<Event>* ev);
void after_robber(GameState& s);  // back to PreRoll or Main
template <class G> void start_turn(GameState& s, std::vector<Event>* ev);
// After an accepted EndTurn: the next build step (R-X6, R-X7) or the next player's turn (R-T6).
template <class G> void pass_on(GameState& s, std::vector<Event>* ev);
template <class G> void check_victory(GameState& s, std::vector<Event>* ev);
// R-D3, R-SF9: one of Road Building's free pieces placed; the card ends after the last, or when no
// piece fits anywhere.
template <class G> void free_piece_placed(GameState& s, int p) {
    if (--s.free_roads == 0 || !can_place_any_road<G>(s, p)) {
        s.free_roads = 0;
        after_robber(s);
    }
}

// R-SF10: `p` placed a piece at `node` (or a road or ship whose ends are `edge`'s): the face-down hexes
// there turn up, each producing one paying its resource (R-T3) or, gold, a choice (R-SF7).
template <class G> void reveal_around(GameState& s, int p, int node, std::vector<Event>* ev);
template <class G> void reveal_path_ends(GameState& s, int p, int edge, std::vector<Event>* ev);
// R-SF7 after a command placed pieces: whoever is owed gold chooses now, then play goes on in the phase
// the command left (after the end of the game, nothing is chosen).
void call_for_gold(GameState& s, std::vector<Event>* ev);

inline void emit(std::vector<Event>* ev, const Event& e) {
    if (ev) ev->push_back(e);
}

}  // namespace catan::rules

#include "sea_rules.hpp"
