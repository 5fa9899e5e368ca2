#include "catan/proto/actions_json.hpp"

#include "catan/engine/engine.hpp"
#include "catan/proto/command_json.hpp"

namespace catan::proto {

nlohmann::json legal_actions_json(const GameState& s, int seat) {
    nlohmann::json actions = nlohmann::json::array();
    const bool seated = seat >= 0 && seat < s.num_players;
    if (seated)
        for (const Command& c : legal_actions(s, seat)) actions.push_back(command_json(c));
    return {{"actions", std::move(actions)},
            {"may_propose_trade", seated && may_propose_trade(s, seat)},
            {"may_counter_trade", seated && may_counter_trade(s, seat)}};
}

}  // namespace catan::proto
