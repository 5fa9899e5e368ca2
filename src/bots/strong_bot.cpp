// Level `strong`: the search loop and the playouts.
#include "strong_bot.hpp"

#include <chrono>
#include <cmath>

#include "basic_bot.hpp"
#include "determinize.hpp"

namespace catan::bots {
namespace {

// Playouts that outlast this many turns are scored by points instead of the win.
constexpr int kPlayoutTurns = 300;
// Weight of the final points in a playout's score: it separates losses near and far from winning.
constexpr double kPointsWeight = 0.1;
// How many standard errors a candidate must lead the heuristic's choice by to be preferred.
constexpr double kConfidence = 1.5;

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
    // Setup placements decide more of the game than any later move: they get a larger share.
    const bool setup = s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad;
    const int playout_cap = budget_.playouts * (setup ? kSetupBudgetFactor : 1);
    // Paired differences to the heuristic's choice (candidate 0) on the same worlds: sum and sum of squares.
    std::vector<double> diff(candidates.size(), 0.0), diff_sq(candidates.size(), 0.0);
    std::vector<double> result(candidates.size(), 0.0);
    int rounds = 0;
    for (int round = 0;; ++round) {
        if (round > 0) {
            if (budget_.playouts > 0 && last_playouts_ + k > playout_cap) break;
            if (budget_.time.count() > 0 && Clock::now() - start >= budget_.time) break;
            if (budget_.playouts == 0 && budget_.time.count() == 0) break;  // no budget: one round
        }
        // One sampled world and one dice sequence, shared by every candidate (common random numbers).
        const GameState world = determinize(obs, rng);
        const std::uint64_t dice = rng.next();
        for (int i = 0; i < k; ++i) {
            GameState g = world;
            g.rng = Rng(dice);
            // Listed candidates are legal; a refusal would only leave this one scored as a loss.
            result[i] = apply(g, candidates[i], nullptr) ? 0.0 : playout(g, p);
            ++last_playouts_;
        }
        for (int i = 1; i < k; ++i) {
            const double d = result[i] - result[0];
            diff[i] += d;
            diff_sq[i] += d * d;
        }
        ++rounds;
    }
    // Leave the heuristic's choice only for a candidate that beats it clearly: the samples are few, and
    // picking the luckiest of several near-equal moves would be worse than the heuristic.
    int best = 0;
    double best_mean = 0;
    for (int i = 1; i < k; ++i) {
        const double mean = diff[i] / rounds;
        const double variance = rounds > 1 ? (diff_sq[i] - rounds * mean * mean) / (rounds - 1) : 1.0;
        const double standard_error = std::sqrt(variance > 0 ? variance / rounds : 0.0);
        if (mean > best_mean && mean > kConfidence * standard_error) best = i, best_mean = mean;
    }
    return candidates[best];
}

}  // namespace catan::bots
