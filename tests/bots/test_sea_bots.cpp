// Bots on Seafarers boards (R-SF1): every level finishes New Shores and Four Islands games with only
// accepted commands, gold choices and pirate moves included.
#include <catch2/catch.hpp>

#include "catan/engine/scenario.hpp"
#include "catan/sim/tournament.hpp"

using namespace catan;
using namespace catan::bots;
using namespace catan::sim;

TEST_CASE("bots of every level play whole Seafarers games without a refused command", "[bots][sea][R-SF1]") {
    for (const Scenario scenario : {Scenario::NewShores, Scenario::FourIslands}) {
        TournamentOptions o;
        o.lineup = {Level::Basic, Level::Random, Level::Strong, Level::Basic};
        o.games = 4;  // each level in every seat once: the strong searches dominate under the sanitizers
        o.seed = 300;
        o.game.scenario = scenario;
        o.game.victory_target = scenario_victory_target(scenario, 4);
        o.budget.playouts = 12;
        o.budget.time = std::chrono::milliseconds(0);
        const TournamentResult r = run_tournament(o);
        INFO(to_string(scenario) << ": " << format_tournament(o, r));
        CHECK(r.rejected == 0);
        CHECK(r.stalled == 0);
        CHECK(r.games == 4);
        CHECK(r.capped < r.games);
    }
}
