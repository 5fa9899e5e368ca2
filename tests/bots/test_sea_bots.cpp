// Bots on Seafarers boards (R-SF1): every level finishes games of every scenario with only accepted
// commands, gold choices, pirate moves and face-down hexes (R-SF10) included.
#include <catch2/catch.hpp>

#include <algorithm>

#include "catan/engine/scenario.hpp"
#include "catan/sim/tournament.hpp"

using namespace catan;
using namespace catan::bots;
using namespace catan::sim;

TEST_CASE("bots of every level play whole Seafarers games without a refused command", "[bots][sea][R-SF1]") {
    for (int k = 1; k < kScenarioCount; ++k) {
        const auto scenario = static_cast<Scenario>(k);
        const int players = std::min(4, scenario_max_players(scenario));
        TournamentOptions o;
        o.lineup = {Level::Basic, Level::Random, Level::Strong, Level::Basic};
        o.lineup.resize(static_cast<std::size_t>(players));
        o.games = players;  // each level in every seat once: the strong searches dominate under the sanitizers
        o.seed = 300;
        o.game.scenario = scenario;
        o.game.victory_target = scenario_victory_target(scenario, players);
        o.budget.playouts = 12;
        o.budget.time = std::chrono::milliseconds(0);
        const TournamentResult r = run_tournament(o);
        INFO(to_string(scenario) << ": " << format_tournament(o, r));
        CHECK(r.rejected == 0);
        CHECK(r.stalled == 0);
        CHECK(r.games == players);
        CHECK(r.capped < r.games);
    }
}

TEST_CASE("bots of every level play whole Seafarers games on the 5-6 sea frame, 5 and 6 seats", "[bots][sea][R-SF1]") {
    for (const Scenario scenario : {Scenario::NewShores, Scenario::NewWorld})
        for (int players : {5, 6}) {
            REQUIRE(scenario_has_board(scenario, players));
            TournamentOptions o;
            o.lineup = {Level::Strong, Level::Basic, Level::Random, Level::Basic, Level::Random, Level::Strong};
            o.lineup.resize(static_cast<std::size_t>(players));
            o.games = 2;
            o.seed = 500 + static_cast<std::uint64_t>(players);
            o.game.players = players;
            o.game.scenario = scenario;
            o.game.victory_target = scenario_victory_target(scenario, players);
            o.budget.playouts = 8;
            o.budget.time = std::chrono::milliseconds(0);
            const TournamentResult r = run_tournament(o);
            INFO(to_string(scenario) << ", " << players << " players: " << format_tournament(o, r));
            CHECK(r.rejected == 0);
            CHECK(r.stalled == 0);
            CHECK(r.games == 2);
            CHECK(r.capped < r.games);
        }
}
