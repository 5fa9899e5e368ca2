#pragma once
// Level `random`: uniform among the legal actions, as the simulator plays (no domestic offers).
#include <vector>

#include "catan/bots/bot.hpp"

namespace catan::bots {

class RandomBot final : public Bot {
public:
    Command choose(const Observation& obs, Rng& rng) override {
        legal_actions(obs.state, obs.seat, actions_);
        if (actions_.empty()) return cmd::end_turn(obs.seat);  // only when asked out of turn
        return actions_[rng.below(static_cast<std::uint32_t>(actions_.size()))];
    }
    Level level() const override { return Level::Random; }

private:
    std::vector<Command> actions_;
};

}  // namespace catan::bots
