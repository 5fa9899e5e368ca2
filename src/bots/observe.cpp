// observe(): one seat's knowledge as a GameState. Whatever the seat cannot see is overwritten by a filling
// computed only from public information and the seat's own cards, so hidden differences cannot leak.
#include "catan/bots/bot.hpp"
#include "hidden_cards.hpp"

namespace catan::bots {

Observation observe(const GameState& truth, int seat) {
    Observation obs{truth, seat};
    GameState& s = obs.state;
    s.options.seed = 0;  // the seed determines the deck order
    s.rng = Rng(0);
    refill_hidden(s, seat, nullptr);  // a seat out of range is a spectator: it keeps nothing of its own
    return obs;
}

}  // namespace catan::bots
