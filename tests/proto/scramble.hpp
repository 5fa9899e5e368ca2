#pragma once
// Changes everything a viewer must not know about a state. If a message for that viewer is the same
// before and after, the message cannot leak any of it.
#include "walk.hpp"

namespace catan::test {

// Cards a seat has publicly committed to an open offer (it must still hold them; the engine relies on it).
inline ResourceSet committed_cards(const GameState& s, int q) {
    if (s.phase != Phase::TradeOffer) return {};
    if (q == s.current) return s.offer.give;
    if (s.offer.response[q] == TradeResponse::Accepted) return s.offer.want;
    if (s.offer.response[q] == TradeResponse::Countered) return s.offer.counter_want[q];
    return {};
}

// `total` cards of random kinds, no kind above the supply.
inline ResourceSet random_hand(int total, Rng& rng) {
    ResourceSet h;
    while (total > 0) {
        const auto r = static_cast<Resource>(rng.below(kResourceCount));
        if (h[r] < kBaseRules.bank_per_resource) { h[r]++; --total; }
    }
    return h;
}

// R-SF10: what lies face down, and the order of the face-down reserve of tokens.
inline void shuffle_face_down(GameState& s, Rng& rng) {
    std::vector<int> hidden;
    s.board.fog.for_each([&](int h) { hidden.push_back(h); });
    for (std::size_t i = hidden.size(); i > 1; --i)
        std::swap(s.board.terrain[hidden[i - 1]], s.board.terrain[hidden[rng.below(static_cast<std::uint32_t>(i))]]);
    for (int i = s.board.fog_tokens_left; i > 1; --i)
        std::swap(s.board.fog_tokens[i - 1], s.board.fog_tokens[rng.below(static_cast<std::uint32_t>(i))]);
}

inline void scramble_hidden(GameState& s, int viewer, Rng& rng) {
    for (int q = 0; q < s.num_players; ++q) {
        if (q == viewer) continue;
        PlayerState& pl = s.players[q];
        // Hand: same number of cards, any kinds (beyond what the seat committed to an offer).
        const ResourceSet keep = committed_cards(s, q);
        ResourceSet rest = pl.hand;
        rest -= keep;
        pl.hand = random_hand(rest.total(), rng);
        pl.hand += keep;
        // Development cards: same count and same number bought this turn, any kinds; at game over
        // the Victory Point cards are revealed (R-D6) so only the others move.
        const bool revealed = s.phase == Phase::GameOver;
        const int vp = pl.dev[static_cast<int>(DevCard::VictoryPoint)];
        int held = 0, bought = 0;
        for (int k = 0; k < kDevCardKinds; ++k) held += pl.dev[k], bought += pl.dev_bought[k];
        pl.dev = {};
        pl.dev_bought = {};
        if (revealed) pl.dev[static_cast<int>(DevCard::VictoryPoint)] = static_cast<std::uint8_t>(vp);
        for (int i = revealed ? vp : 0; i < held; ++i)
            pl.dev[rng.below(revealed ? kDevCardKinds - 1 : kDevCardKinds)]++;
        for (int i = 0; i < bought;) {
            const auto k = rng.below(kDevCardKinds);
            if (pl.dev_bought[k] < pl.dev[k]) pl.dev_bought[k]++, ++i;
        }
        // R-SF7: a gold choice is the chooser's until every owner has chosen; only that it was made shows.
        if (!pl.gold_chosen.empty()) pl.gold_chosen = random_hand(pl.gold_chosen.total(), rng);
    }
    shuffle_face_down(s, rng);
    rng.shuffle(s.deck);  // the order of drawn and undrawn cards alike
    s.rng.set_words({rng.next(), rng.next(), rng.next(), rng.next()});
    s.options.seed = rng.next();
}

}  // namespace catan::test
