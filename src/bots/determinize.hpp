#pragma once
// One possible true state consistent with an observation: the unknown resource cards dealt among the
// other players by their hand totals, the unknown development cards among their counts and the deck,
// and a fresh generator. Reads nothing but the observation.
#include "catan/bots/bot.hpp"

namespace catan::bots {

GameState determinize(const Observation& obs, Rng& rng);

}  // namespace catan::bots
