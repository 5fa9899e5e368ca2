// Tournaments: line-ups, intervals, reproducibility, and the ordering of the levels on fixed seeds.
#include <catch2/catch.hpp>

#include "catan/sim/tournament.hpp"

using namespace catan;
using namespace catan::bots;
using namespace catan::sim;

TEST_CASE("tournament: line-ups and level names", "[bots][tournament]") {
    CHECK(parse_lineup("basic,random,random,random") ==
          std::vector<Level>{Level::Basic, Level::Random, Level::Random, Level::Random});
    CHECK(parse_lineup("strong,basic") == std::vector<Level>{Level::Strong, Level::Basic});
    CHECK(parse_lineup("basic,random,random,random,random,random") ==
          std::vector<Level>{Level::Basic, Level::Random, Level::Random, Level::Random, Level::Random, Level::Random});
    CHECK(parse_lineup("strong,basic,random,basic,random").size() == 5);
    CHECK(parse_lineup("basic").empty());                                      // one player is no game
    CHECK(parse_lineup("basic,basic,basic,basic,basic,basic,basic").empty());  // seven is too many
    CHECK(parse_lineup("basic,expert").empty());
    CHECK(parse_lineup("basic,").empty());
    // The errors say what is allowed.
    CHECK(lineup_error("basic,random,random,random,random,random").empty());
    CHECK(lineup_error("basic,expert") ==
          "unknown bot level 'expert': give 2 to 6 comma-separated levels among random, basic, strong (e.g. basic,random,random,random)");
    CHECK(lineup_error("basic,basic,basic,basic,basic,basic,basic") ==
          "7 levels given: a line-up has 2 to 6 seats, one level each among random, basic, strong");
    CHECK(lineup_error("basic") == "1 levels given: a line-up has 2 to 6 seats, one level each among random, basic, strong");
    for (int i = 0; i < kLevelCount; ++i) CHECK(parse_level(to_string(static_cast<Level>(i))) == static_cast<Level>(i));
    CHECK_FALSE(parse_level("Random"));
}

TEST_CASE("tournament: six seats rotate and every game uses the shared options", "[bots][tournament][R-X5]") {
    TournamentOptions o;
    o.lineup = {Level::Basic, Level::Random, Level::Random, Level::Random, Level::Random, Level::Random};
    o.games = 12;
    o.seed = 40;
    o.game.discard_limit = 9;
    o.game.turn_structure = TurnStructure::SpecialBuild;
    const GameOptions g = game_options(o, 5);
    CHECK(g.players == 6);
    CHECK(g.seed == 45);
    CHECK(g.discard_limit == 9);
    CHECK(g.turn_structure == TurnStructure::SpecialBuild);
    const TournamentResult r = run_tournament(o);
    REQUIRE(r.games == 12);
    CHECK(r.rejected == 0);
    CHECK(r.stalled == 0);
    CHECK(r.entries.size() == 6);
    long wins = r.capped;
    for (const EntryResult& e : r.entries) wins += e.wins;
    CHECK(wins == 12);
    CHECK(r.entries[0].decisions > 0);
    CHECK(r.entries[5].decisions > 0);
}

TEST_CASE("tournament: Wilson intervals", "[bots][tournament]") {
    const Interval half = wilson_interval(50, 100);
    CHECK(half.low == Approx(0.4038).epsilon(0.001));
    CHECK(half.high == Approx(0.5962).epsilon(0.001));
    const Interval none = wilson_interval(0, 20);
    CHECK(none.low == 0.0);
    CHECK(none.high == Approx(0.1611).epsilon(0.001));
    CHECK(wilson_interval(20, 20).high == 1.0);
}

TEST_CASE("tournament: results do not depend on the number of threads", "[bots][tournament]") {
    TournamentOptions o;
    o.lineup = {Level::Basic, Level::Random, Level::Basic};
    o.games = 40;
    o.seed = 77;
    const TournamentResult one = run_tournament(o);
    o.threads = 2;
    const TournamentResult two = run_tournament(o);
    REQUIRE(one.games == 40);
    CHECK(one.turns == two.turns);
    CHECK(one.commands == two.commands);
    for (std::size_t e = 0; e < one.entries.size(); ++e) CHECK(one.entries[e].wins == two.entries[e].wins);
    CHECK(one.rejected == 0);
    CHECK(one.stalled == 0);
}

TEST_CASE("ordering: basic wins at least 90% against three random players", "[bots][ordering]") {
    TournamentOptions o;
    o.lineup = {Level::Basic, Level::Random, Level::Random, Level::Random};
    o.games = 200;
    o.seed = 5000;
    const TournamentResult r = run_tournament(o);
    CHECK(r.rejected == 0);
    CHECK(r.entries[0].wins >= 180);
}

TEST_CASE("ordering: basic wins at least 90% against four or five random players", "[bots][ordering][R-X5]") {
    for (const TurnStructure structure : {TurnStructure::Paired, TurnStructure::SpecialBuild}) {
        for (const int players : {5, 6}) {
            TournamentOptions o;
            o.lineup.assign(static_cast<std::size_t>(players), Level::Random);
            o.lineup[0] = Level::Basic;
            o.games = 200;
            o.seed = 5000;
            o.game.turn_structure = structure;
            const TournamentResult r = run_tournament(o);
            INFO(players << " players, " << to_string(structure));
            CHECK(r.rejected == 0);
            CHECK(r.stalled == 0);
            CHECK(r.entries[0].wins >= 180);
        }
    }
}

TEST_CASE("ordering: strong with a small playout budget beats basic", "[bots][ordering]") {
    TournamentOptions o;
    o.lineup = {Level::Strong, Level::Basic, Level::Basic, Level::Basic};
    o.games = 40;
    o.seed = 9000;
    o.budget = Budget{40, std::chrono::milliseconds(0)};  // playouts, not time: reproducible bit for bit
    const TournamentResult r = run_tournament(o);
    CHECK(r.rejected == 0);
    const long basic_wins = r.entries[1].wins + r.entries[2].wins + r.entries[3].wins;
    // An even player would win a quarter; strong must win over 30% and more than a basic player's share.
    CHECK(r.entries[0].wins * 10 >= o.games * 3);
    CHECK(r.entries[0].wins * 3 > basic_wins);
}
