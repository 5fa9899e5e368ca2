#include "determinize.hpp"

#include <vector>

namespace catan::bots {
namespace {

// R-S2: 14 Knights, 2 Road Building, 2 Invention, 2 Monopoly, 5 Victory Point cards (engine order).
constexpr std::array<int, kDevCardKinds> kDeckComposition{14, 2, 2, 2, 5};

template <class T>
void shuffle(std::vector<T>& v, Rng& rng) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(static_cast<std::uint32_t>(i))]);
}

void deal_hands(GameState& s, int seat, Rng& rng) {
    // Cards a responder has publicly promised in an open offer stay where they are known to be.
    std::array<ResourceSet, kMaxPlayers> known{};
    if (s.phase == Phase::TradeOffer)
        for (int q = 0; q < s.num_players; ++q) {
            if (q == seat) continue;
            if (q == s.current) known[q] = s.offer.give;
            else if (s.offer.response[q] == TradeResponse::Accepted) known[q] = s.offer.want;
            else if (s.offer.response[q] == TradeResponse::Countered) known[q] = s.offer.counter_want[q];
        }
    std::vector<std::uint8_t> pool;
    for (int r = 0; r < kResourceCount; ++r) {
        int n = kBankPerResource - s.bank.n[r] - s.players[seat].hand.n[r];
        for (int q = 0; q < s.num_players; ++q) n -= known[q].n[r];
        for (int i = 0; i < n; ++i) pool.push_back(static_cast<std::uint8_t>(r));
    }
    shuffle(pool, rng);
    std::size_t next = 0;
    for (int q = 0; q < s.num_players; ++q) {
        if (q == seat) continue;
        PlayerState& pl = s.players[q];
        const int unknown = pl.hand.total() - known[q].total();
        pl.hand = known[q];
        for (int i = 0; i < unknown && next < pool.size(); ++i) ++pl.hand.n[pool[next++]];
    }
}

void deal_dev_cards(GameState& s, int seat, Rng& rng) {
    std::array<int, kDevCardKinds> unknown = kDeckComposition;
    for (int k = 0; k < kDevCardKinds; ++k) unknown[k] -= s.players[seat].dev[k];
    for (int q = 0; q < s.num_players; ++q) unknown[static_cast<int>(DevCard::Knight)] -= s.players[q].knights_played;
    std::vector<DevCard> pool;
    for (int k = 0; k < kDevCardKinds; ++k)
        for (int i = 0; i < unknown[k]; ++i) pool.push_back(static_cast<DevCard>(k));
    shuffle(pool, rng);
    std::size_t next = 0;
    for (int q = 0; q < s.num_players; ++q) {
        if (q == seat) continue;
        PlayerState& pl = s.players[q];
        int held = 0, bought = 0;
        for (int k = 0; k < kDevCardKinds; ++k) held += pl.dev[k], bought += pl.dev_bought[k];
        pl.dev = {};
        pl.dev_bought = {};
        for (int i = 0; i < held && next < pool.size(); ++i) {
            const auto k = static_cast<int>(pool[next++]);
            ++pl.dev[k];
            if (i < bought) ++pl.dev_bought[k];
        }
    }
    // The face-down deck from what remains; cards left over were played earlier (not tracked by the state).
    std::array<int, kDevCardKinds> drawn = kDeckComposition;
    for (int i = s.deck_top; i < kDevDeckSize; ++i) {
        const DevCard c = next < pool.size() ? pool[next++] : DevCard::Knight;
        s.deck[i] = c;
        --drawn[static_cast<int>(c)];
    }
    int i = 0;
    for (int k = 0; k < kDevCardKinds; ++k)
        for (int n = 0; n < drawn[k] && i < s.deck_top; ++n) s.deck[i++] = static_cast<DevCard>(k);
}

}  // namespace

GameState determinize(const Observation& obs, Rng& rng) {
    GameState s = obs.state;
    if (obs.seat < 0 || obs.seat >= s.num_players) return s;
    deal_hands(s, obs.seat, rng);
    deal_dev_cards(s, obs.seat, rng);
    s.rng = Rng(rng.next());
    return s;
}

}  // namespace catan::bots
