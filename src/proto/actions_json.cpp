#include "catan/proto/actions_json.hpp"

#include "catan/engine/engine.hpp"
#include "catan/engine/queries.hpp"
#include "catan/proto/command_json.hpp"

namespace catan::proto {

nlohmann::json legal_actions_json(const GameState& s, int seat) {
    nlohmann::json actions = nlohmann::json::array();
    const bool seated = seat >= 0 && seat < s.num_players;
    if (seated)
        for (const Command& c : legal_actions(s, seat)) actions.push_back(command_json(c));
    // The seat's bank rate for every resource, so no client recomputes the harbor rule (R-TR3). An
    // unseated caller gets the rate without a harbor; the room sends such a viewer no legal actions.
    nlohmann::json ratios = nlohmann::json::object();
    for (const Resource r : kAllResources) ratios[to_string(r)] = seated ? bank_trade_ratio(s, seat, r) : no_harbor_trade_ratio();
    return {{"actions", std::move(actions)},
            {"may_propose_trade", seated && may_propose_trade(s, seat)},
            {"may_counter_trade", seated && may_counter_trade(s, seat)},
            {"bank_ratios", std::move(ratios)}};
}

}  // namespace catan::proto
