// observe(): one seat's knowledge as a GameState. Whatever the seat cannot see is overwritten by a filling
// computed only from public information and the seat's own cards, so hidden differences cannot leak.
#include "catan/bots/bot.hpp"

namespace catan::bots {
namespace {

using DevCounts = std::array<int, kDevCardKinds>;

// R-S2: 14 Knights, 2 Road Building, 2 Invention, 2 Monopoly, 5 Victory Point cards (engine order).
constexpr DevCounts kDeckComposition{14, 2, 2, 2, 5};

// Order in which unknown development cards are handed out: VP cards last, so that the filling gives
// opponents no victory points they might not have.
constexpr std::array<DevCard, kDevCardKinds> kFillOrder{DevCard::Knight, DevCard::RoadBuilding, DevCard::Invention,
                                                        DevCard::Monopoly, DevCard::VictoryPoint};

DevCard take_first(DevCounts& pool) {
    for (DevCard c : kFillOrder)
        if (pool[static_cast<int>(c)] > 0) {
            --pool[static_cast<int>(c)];
            return c;
        }
    return DevCard::Knight;  // unreachable while the counts stay consistent with the composition
}

void fill_hands(GameState& s, int seat) {
    // Cards outside the bank and outside the seat's hand are, in total, the other players' hands.
    std::array<int, kResourceCount> pool{};
    const bool seated = seat >= 0 && seat < s.num_players;
    for (int r = 0; r < kResourceCount; ++r) pool[r] = kBankPerResource - s.bank.n[r] - (seated ? s.players[seat].hand.n[r] : 0);
    // Cards a responder has publicly promised in an open trade are known to be in its hand.
    std::array<ResourceSet, kMaxPlayers> known{};
    // So are the cards the active player offers (R-TR1: only cards held can be offered).
    if (s.phase == Phase::TradeOffer)
        for (int q = 0; q < s.num_players; ++q) {
            if (q == seat) continue;
            if (q == s.current) {
                known[q] = s.offer.give;
                continue;
            }
            if (s.offer.response[q] == TradeResponse::Accepted) known[q] = s.offer.want;
            if (s.offer.response[q] == TradeResponse::Countered) known[q] = s.offer.counter_want[q];
        }
    for (int q = 0; q < s.num_players; ++q)
        for (int r = 0; r < kResourceCount; ++r) pool[r] -= known[q].n[r];
    for (int q = 0; q < s.num_players; ++q) {
        if (q == seat) continue;
        PlayerState& pl = s.players[q];
        int need = pl.hand.total() - known[q].total();
        pl.hand = known[q];
        for (int r = 0; r < kResourceCount && need > 0; ++r) {
            const int take = pool[r] < need ? pool[r] : need;
            pl.hand.n[r] = static_cast<std::uint8_t>(pl.hand.n[r] + take);
            pool[r] -= take;
            need -= take;
        }
    }
}

void fill_dev_cards(GameState& s, int seat) {
    const DevCounts composition = kDeckComposition;
    DevCounts unknown = composition;
    if (seat >= 0 && seat < s.num_players)
        for (int k = 0; k < kDevCardKinds; ++k) unknown[k] -= s.players[seat].dev[k];
    for (int q = 0; q < s.num_players; ++q) unknown[static_cast<int>(DevCard::Knight)] -= s.players[q].knights_played;
    for (int q = 0; q < s.num_players; ++q) {
        if (q == seat) continue;
        PlayerState& pl = s.players[q];
        int held = 0, bought = 0;
        for (int k = 0; k < kDevCardKinds; ++k) held += pl.dev[k], bought += pl.dev_bought[k];
        pl.dev = {};
        pl.dev_bought = {};
        for (int i = 0; i < held; ++i) {
            const auto k = static_cast<int>(take_first(unknown));
            ++pl.dev[k];
            if (i < bought) ++pl.dev_bought[k];
        }
    }
    // Face-down part of the deck from what is still unknown; the drawn part from what is left over.
    DevCounts drawn = composition;
    for (int i = s.deck_top; i < kDevDeckSize; ++i) {
        const DevCard c = take_first(unknown);
        s.deck[i] = c;
        --drawn[static_cast<int>(c)];
    }
    for (int i = 0; i < s.deck_top; ++i) s.deck[i] = take_first(drawn);
}

}  // namespace

Observation observe(const GameState& truth, int seat) {
    Observation obs{truth, seat};
    GameState& s = obs.state;
    // A seat out of range is a spectator: it keeps nothing of its own and sees what everyone sees.
    s.options.seed = 0;  // the seed determines the deck order
    s.rng = Rng(0);
    fill_hands(s, seat);
    fill_dev_cards(s, seat);
    return obs;
}

}  // namespace catan::bots
