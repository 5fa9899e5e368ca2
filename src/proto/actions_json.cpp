#include "catan/proto/actions_json.hpp"

#include "catan/engine/engine.hpp"
#include "catan/engine/queries.hpp"
#include "catan/proto/command_json.hpp"
#include "json_text.hpp"

namespace catan::proto {

using namespace detail;

// Written as text (keys in nlohmann's sorted order): a room sends every viewer its own after every
// command, and most of them hold no action, so no json tree is built for them.
std::string legal_actions_text(const GameState& s, int seat) {
    const bool seated = seat >= 0 && seat < s.num_players;
    std::string out = R"({"actions":[)";
    if (seated) {
        bool first = true;
        for (const Command& c : legal_actions(s, seat)) {
            if (!first) out += ',';
            first = false;
            out += command_json(c).dump();
        }
    }
    // The seat's bank rate for every resource, so no client recomputes the harbor rule (R-TR3). An
    // unseated caller gets the rate without a harbor; the room sends such a viewer no legal actions.
    out += R"(],"bank_ratios":)";
    char sep = '{';
    for (const Resource r : {Resource::Brick, Resource::Grain, Resource::Lumber, Resource::Ore, Resource::Wool}) {
        out += sep;
        sep = ',';
        put_name(out, to_string(r));
        out += ':';
        put_int(out, seated ? bank_trade_ratio(s, seat, r) : no_harbor_trade_ratio());
    }
    out += R"(},"may_counter_trade":)";
    put_bool(out, seated && may_counter_trade(s, seat));
    out += R"(,"may_propose_trade":)";
    put_bool(out, seated && may_propose_trade(s, seat));
    out += '}';
    return out;
}

nlohmann::json legal_actions_json(const GameState& s, int seat) { return nlohmann::json::parse(legal_actions_text(s, seat)); }

}  // namespace catan::proto
