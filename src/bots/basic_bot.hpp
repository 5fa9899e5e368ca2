#pragma once
// Level `basic`: a fast heuristic player. Each decision is a rule of thumb over the observation:
// setup by production, diversity and harbors; save for the build that wins soonest; trade toward it;
// rob the leader; keep what the next build needs when discarding; answer offers that help it.
#include <vector>

#include "catan/bots/bot.hpp"

namespace catan::bots {

namespace basic {
// The decisions, one per situation; each returns a command apply() accepts. Exposed for the tests and
// for the search player, which plays its simulated opponents with them.
Command setup_settlement(const GameState& s, int p, const std::vector<Command>& actions);
Command setup_road(const GameState& s, int p, const std::vector<Command>& actions);
ResourceSet discard(const GameState& s, int p);
Command move_robber(const GameState& s, int p, const std::vector<Command>& actions);
// How much `p` likes the robber move `c`: the leader's production blocked, a victim with cards, own hexes spared.
double robber_score(const GameState& s, int p, const Command& c);
Command pre_roll(const GameState& s, int p, const std::vector<Command>& actions);
// `may_offer`: whether a domestic offer may be made now (the caller caps offers per turn).
Command main_phase(const GameState& s, int p, const std::vector<Command>& actions, bool may_offer);
Command road_building(const GameState& s, int p, const std::vector<Command>& actions);
// The answer of a responder to the open offer: accept, counter or decline. `actions` is scratch space.
Command answer_offer(const GameState& s, int p, std::vector<Command>& actions);
// The active player's move once answers are in: confirm the best helpful answer, or withdraw.
Command settle_offer(const GameState& s, int p, const std::vector<Command>& actions);
// The whole policy: the command `p` plays now (it must have something to do). `actions` is scratch space.
Command decide(const GameState& s, int p, std::vector<Command>& actions, bool may_offer);
}  // namespace basic

class BasicBot final : public Bot {
public:
    // Offers a bot may make in one turn: it must never keep proposing.
    static constexpr int kOffersPerTurn = 1;
    explicit BasicBot(bool make_offers = true) : make_offers_(make_offers) {}
    Command choose(const Observation& obs, Rng& rng) override;
    Level level() const override { return Level::Basic; }

private:
    bool make_offers_;
    int offers_made_ = 0;
    int offers_turn_ = -1;
    std::vector<Command> actions_;
};

}  // namespace catan::bots
