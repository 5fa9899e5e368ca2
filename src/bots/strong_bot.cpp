// Level `strong`: the search loop and the playouts.
#include "strong_bot.hpp"

#include <chrono>

#include "basic_bot.hpp"
#include "determinize.hpp"

namespace catan::bots {
namespace {

// Playouts that outlast this many turns are scored by points instead of the win.
constexpr int kPlayoutTurns = 300;
// Weight of the final points in a playout's score: it separates losses near and far from winning.
constexpr double kPointsWeight = 0.1;

}  // namespace

double StrongBot::playout(GameState& g, int seat) {
    const int cap = g.turn + kPlayoutTurns;
    while (g.phase != Phase::GameOver && g.turn <= cap) {
        const int actor = seat_to_ask(g);
        if (actor < 0) break;
        const Command c = basic::decide(g, actor, actions_, false);
        if (apply(g, c, nullptr)) break;  // cannot happen: the heuristic only plays legal commands
    }
    const double points = static_cast<double>(victory_points(g, seat)) / g.options.victory_target;
    return (g.winner == seat ? 1.0 : 0.0) + kPointsWeight * (points > 1.0 ? 1.0 : points);
}

Command StrongBot::choose(const Observation& obs, Rng& rng) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    last_playouts_ = 0;
    const GameState& s = obs.state;
    const int p = obs.seat;
    const std::vector<Command> candidates = search_candidates(s, p, actions_);
    if (candidates.size() == 1) return candidates.front();

    const int k = static_cast<int>(candidates.size());
    std::vector<double> score(candidates.size(), 0.0);
    for (int round = 0;; ++round) {
        if (round > 0) {
            if (budget_.playouts > 0 && last_playouts_ + k > budget_.playouts) break;
            if (budget_.time.count() > 0 && Clock::now() - start >= budget_.time) break;
            if (budget_.playouts == 0 && budget_.time.count() == 0) break;  // no budget: one round
        }
        // One sampled world and one dice sequence, shared by every candidate (common random numbers).
        const GameState world = determinize(obs, rng);
        const std::uint64_t dice = rng.next();
        for (int i = 0; i < k; ++i) {
            GameState g = world;
            g.rng = Rng(dice);
            if (apply(g, candidates[i], nullptr)) {
                score[i] = -1e18;  // never for listed candidates; kept out of the choice all the same
                continue;
            }
            score[i] += playout(g, p);
            ++last_playouts_;
        }
    }
    int best = 0;
    for (int i = 1; i < k; ++i)
        if (score[i] > score[best]) best = i;
    return candidates[best];
}

}  // namespace catan::bots
