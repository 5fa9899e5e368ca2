#pragma once
// Level `strong`: flat Monte Carlo search over determinized copies of the observation. At a decision
// with several sensible commands it plays each candidate on the same sampled worlds (common random
// numbers), finishes every game with the `basic` policy for all seats, and keeps the candidate that
// won most often. Decisions with one sensible command, discards and trade answers are left to `basic`.
#include <vector>

#include "catan/bots/bot.hpp"

namespace catan::bots {

// The commands worth comparing for `p` now (the basic choice first); one entry means nothing to search.
std::vector<Command> search_candidates(const GameState& s, int p, std::vector<Command>& actions);

class StrongBot final : public Bot {
public:
    // Setup placements decide more of the game than any later move: their playout cap is this many
    // times the budget's. A search always runs at least one round (one playout per candidate).
    static constexpr int kSetupBudgetFactor = 4;

    explicit StrongBot(Budget budget) : budget_(budget) {}
    Command choose(const Observation& obs, Rng& rng) override;
    Level level() const override { return Level::Strong; }

    // Playouts of the last choose() (0 when it did not search): for the benchmarks and the report.
    int last_playouts() const { return last_playouts_; }

private:
    double playout(GameState& world, int seat);

    Budget budget_;
    int last_playouts_ = 0;
    std::vector<Command> actions_;
};

}  // namespace catan::bots
