// Which commands the search player compares: the heuristic's choice and the alternatives that matter,
// pruned so that the playout budget is not spread over near-identical moves.
#include <algorithm>

#include "basic_bot.hpp"
#include "heuristics.hpp"
#include "strong_bot.hpp"

namespace catan::bots {
namespace {

constexpr std::size_t kSetupSpots = 6;
constexpr std::size_t kRobberMoves = 5;
constexpr std::size_t kPerBuildKind = 3;
constexpr std::size_t kBankTrades = 4;

void add_unique(std::vector<Command>& out, const Command& c) {
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
}

// The best `n` of `actions` of `type` by `score`, into `out`.
template <class Score>
void add_best(std::vector<Command>& out, const std::vector<Command>& actions, CommandType type, std::size_t n, Score&& score) {
    std::vector<std::pair<double, std::size_t>> ranked;
    for (std::size_t i = 0; i < actions.size(); ++i)
        if (actions[i].type == type) ranked.emplace_back(-score(actions[i]), i);
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < ranked.size() && i < n; ++i) add_unique(out, actions[ranked[i].second]);
}

void main_candidates(const GameState& s, int p, const std::vector<Command>& actions, std::vector<Command>& out) {
    const PlayerState& pl = s.players[p];
    add_best(out, actions, CommandType::BuildCity, kPerBuildKind, [&](const Command& c) { return total(node_production(s, c.target)); });
    add_best(out, actions, CommandType::BuildSettlement, kPerBuildKind, [&](const Command& c) { return settlement_value(s, p, c.target); });
    const int toward = road_toward_best_spot(s, p);
    for (const Command& c : actions) {
        switch (c.type) {
            case CommandType::EndTurn:
            case CommandType::BuyDevCard:
            case CommandType::PlayKnight:
            case CommandType::PlayRoadBuilding: add_unique(out, c); break;
            case CommandType::BuildRoad:
                if (c.target == toward) add_unique(out, c);
                break;
            default: break;
        }
    }
    // Monopoly of the resource the others hold most of.
    add_best(out, actions, CommandType::PlayMonopoly, 1, [&](const Command& c) { return ruleset(s).bank_per_resource - s.bank.n[c.target] - pl.hand.n[c.target]; });
    // Bank trades from the largest piles; on ties, those for ore (cities need most of it).
    add_best(out, actions, CommandType::BankTrade, kBankTrades, [&](const Command& c) {
        return pl.hand.n[c.target] * 10.0 + (c.resource == static_cast<int>(Resource::Ore) ? 1.0 : 0.0);
    });
}

}  // namespace

std::vector<Command> search_candidates(const GameState& s, int p, std::vector<Command>& actions) {
    std::vector<Command> out;
    const Command basic_choice = basic::decide(s, p, actions, false);
    out.push_back(basic_choice);
    // basic::decide left the legal actions in `actions` for every phase searched below.
    switch (s.phase) {
        case Phase::SetupSettlement:
            add_best(out, actions, CommandType::BuildSettlement, kSetupSpots, [&](const Command& c) { return settlement_value(s, p, c.target); });
            break;
        case Phase::SetupRoad:
            for (const Command& c : actions) add_unique(out, c);
            break;
        case Phase::MoveRobber:
            add_best(out, actions, CommandType::MoveRobber, kRobberMoves, [&](const Command& c) { return basic::robber_score(s, p, c); });
            break;
        case Phase::PreRoll:
            for (const Command& c : actions)
                if (c.type == CommandType::RollDice || c.type == CommandType::PlayKnight) add_unique(out, c);
            break;
        case Phase::Main: main_candidates(s, p, actions, out); break;
        default: break;  // discards, trade answers, free roads: the heuristic's choice
    }
    return out;
}

}  // namespace catan::bots
