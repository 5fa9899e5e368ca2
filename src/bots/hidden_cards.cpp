#include "hidden_cards.hpp"

#include <algorithm>
#include <vector>

namespace catan::bots {
namespace {

// How many cards of each kind the game's box has (R-S2, R-X4), indexed by DevCard.
std::array<int, kDevCardKinds> deck_composition(const GameState& s) {
    std::array<int, kDevCardKinds> n{};
    for (const auto& c : ruleset(s).deck) n[static_cast<int>(c.what)] += c.n;
    return n;
}
// The fixed order deals Victory Point cards last, so the canonical filling gives opponents no points.
constexpr std::array<DevCard, kDevCardKinds> kFillOrder{DevCard::Knight, DevCard::RoadBuilding, DevCard::Invention,
                                                        DevCard::Monopoly, DevCard::VictoryPoint};

template <class T>
void shuffle_pool(std::vector<T>& v, Rng* rng) {
    if (!rng) return;
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng->below(static_cast<std::uint32_t>(i))]);
}

bool seated(const GameState& s, int seat) { return seat >= 0 && seat < s.num_players; }

// Cards publicly known to be in a hand during an open offer: what the active player offers (R-TR1: only
// cards held can be offered) and what a responder accepted or countered with.
std::array<ResourceSet, kMaxPlayers> promised_cards(const GameState& s, int seat) {
    std::array<ResourceSet, kMaxPlayers> known{};
    if (s.phase != Phase::TradeOffer) return known;
    for (int q = 0; q < s.num_players; ++q) {
        if (q == seat) continue;
        if (q == s.current) known[q] = s.offer.give;
        else if (s.offer.response[q] == TradeResponse::Accepted) known[q] = s.offer.want;
        else if (s.offer.response[q] == TradeResponse::Countered) known[q] = s.offer.counter_want[q];
    }
    return known;
}

void refill_hands(GameState& s, int seat, Rng* rng) {
    const auto known = promised_cards(s, seat);
    // Cards outside the bank and outside the seat's hand are, in total, the other players' hands.
    std::vector<std::uint8_t> pool;
    for (int r = 0; r < kResourceCount; ++r) {
        int n = ruleset(s).bank_per_resource - s.bank.n[r] - (seated(s, seat) ? s.players[seat].hand.n[r] : 0);
        for (int q = 0; q < s.num_players; ++q) n -= known[q].n[r];
        for (int i = 0; i < n; ++i) pool.push_back(static_cast<std::uint8_t>(r));
    }
    shuffle_pool(pool, rng);
    std::size_t next = 0;
    for (int q = 0; q < s.num_players; ++q) {
        if (q == seat) continue;
        PlayerState& pl = s.players[q];
        const int unknown = pl.hand.total() - known[q].total();
        pl.hand = known[q];
        for (int i = 0; i < unknown && next < pool.size(); ++i) ++pl.hand.n[pool[next++]];
    }
}

void refill_dev_cards(GameState& s, int seat, Rng* rng) {
    std::array<int, kDevCardKinds> unknown = deck_composition(s);
    if (seated(s, seat))
        for (int k = 0; k < kDevCardKinds; ++k) unknown[k] -= s.players[seat].dev[k];
    for (int q = 0; q < s.num_players; ++q) unknown[static_cast<int>(DevCard::Knight)] -= s.players[q].knights_played;
    std::vector<DevCard> pool;
    for (DevCard c : kFillOrder)
        for (int i = 0; i < unknown[static_cast<int>(c)]; ++i) pool.push_back(c);
    shuffle_pool(pool, rng);
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
    // The face-down deck from what remains; cards left over were played earlier (the state does not
    // record played cards other than knights), and the drawn part of the deck keeps the composition.
    std::array<int, kDevCardKinds> drawn = deck_composition(s);
    for (int i = s.deck_top; i < s.deck_size; ++i) {
        const DevCard c = next < pool.size() ? pool[next++] : DevCard::Knight;
        s.deck[i] = c;
        --drawn[static_cast<int>(c)];
    }
    int i = 0;
    for (int k = 0; k < kDevCardKinds; ++k)
        for (int n = 0; n < drawn[k] && i < s.deck_top; ++n) s.deck[i++] = static_cast<DevCard>(k);
}

// R-SF10: which face-down hex hides which terrain, and the order of the face-down tokens, are known to
// nobody; without a shuffle they go in a fixed order (terrains and tokens ascending).
void refill_fog(GameState& s, Rng* rng) {
    std::vector<int> hexes;
    std::vector<Terrain> terrains;
    s.board.fog.for_each([&](int h) {
        hexes.push_back(h);
        terrains.push_back(s.board.terrain[h]);
    });
    std::vector<std::uint8_t> tokens(s.board.fog_tokens.begin(), s.board.fog_tokens.begin() + s.board.fog_tokens_left);
    std::sort(terrains.begin(), terrains.end());
    std::sort(tokens.begin(), tokens.end());
    shuffle_pool(terrains, rng);
    shuffle_pool(tokens, rng);
    for (std::size_t i = 0; i < hexes.size(); ++i) s.board.terrain[hexes[i]] = terrains[i];
    for (std::size_t i = 0; i < tokens.size(); ++i) s.board.fog_tokens[i] = tokens[i];
}

}  // namespace

void refill_hidden(GameState& s, int seat, Rng* shuffle) {
    refill_hands(s, seat, shuffle);
    refill_dev_cards(s, seat, shuffle);
    refill_fog(s, shuffle);
    // R-SF7: what others chose for gold is theirs until all have chosen; that they chose shows.
    for (int q = 0; q < s.num_players; ++q)
        if (q != seat) s.players[q].gold_chosen = {};
}

}  // namespace catan::bots
