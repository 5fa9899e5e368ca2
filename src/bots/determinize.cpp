#include "determinize.hpp"

#include "hidden_cards.hpp"

namespace catan::bots {

GameState determinize(const Observation& obs, Rng& rng) {
    GameState s = obs.state;
    refill_hidden(s, obs.seat, &rng);
    s.rng = Rng(rng.next());
    return s;
}

}  // namespace catan::bots
