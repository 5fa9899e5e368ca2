// Random games of every Seafarers scenario and player count keep every invariant (state_is_ok after
// each command), list only commands the engine accepts, and reach every sea rule in play.
// CATAN_SEA_GAMES sets the games per board (the full run: 10000).
#include <cstdlib>

#include "catan/engine/scenario.hpp"
#include "catan/sim/random_game.hpp"
#include "test_support.hpp"

namespace catan::test {
namespace {

int sea_games(int fallback) {
    if (const char* env = std::getenv("CATAN_SEA_GAMES")) {
        const int n = std::atoi(env);
        if (n > 0) return n;
    }
    return fallback;
}

struct SeaStats {
    int games = 0, won = 0, capped = 0;
    long commands = 0;
    std::array<long, kCommandTypeCount> accepted{};
    long island_vp = 0, gold_events = 0, revealed = 0;
};

// One game, chosen uniformly among the listed commands (as sim::play_random_game); every 7th step each
// listed command is also tried on a copy.
void play(Scenario scenario, int players, std::uint64_t seed, SeaStats& stats, TurnStructure turns = TurnStructure::Paired) {
    GameOptions o;
    o.players = players;
    o.scenario = scenario;
    o.turn_structure = turns;
    o.victory_target = scenario_victory_target(scenario, players);
    o.seed = seed;
    GameState s = new_game(o);
    {
        const auto problem = find_state_problem(s);
        INFO("new game: " << (problem ? problem->why : ""));
        REQUIRE_FALSE(problem);
    }
    Rng chooser(seed ^ 0x5eed5eed5eed5eedULL);
    std::vector<Command> actions;
    std::vector<Event> events;
    for (int step = 0; s.phase != Phase::GameOver && s.turn <= sim::kDefaultTurnCap; ++step) {
        const int actor = sim::next_actor(s);
        legal_actions(s, actor, actions);
        INFO("seed " << seed << " step " << step << " phase " << to_string(s.phase) << " seat " << actor);
        REQUIRE_FALSE(actions.empty());
        if (step % 7 == 0)
            for (const Command& c : actions) {
                GameState copy = s;
                const auto e = apply(copy, c, nullptr);
                INFO("listed " << to_string(c.type) << " refused: " << (e ? e->message : std::string_view{}));
                REQUIRE_FALSE(e);
            }
        const Command c = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
        events.clear();
        const auto e = apply(s, c, &events);
        INFO("chosen " << to_string(c.type) << " refused: " << (e ? e->message : std::string_view{}));
        REQUIRE_FALSE(e);
        const auto problem = find_state_problem(s);
        const auto derived = find_derived_problem(s);
        INFO("after " << to_string(c.type) << ": " << (problem ? problem->field : "") << " " << (problem ? problem->why : "")
                      << (derived ? derived->field : ""));
        REQUIRE_FALSE(problem);
        REQUIRE_FALSE(derived);
        for (int p = 0; p < players; ++p) REQUIRE(s.players[p].road_length == longest_road_of(s, p));
        ++stats.accepted[static_cast<int>(c.type)];
        ++stats.commands;
        for (const Event& ev : events) {
            stats.island_vp += ev.type == EventType::IslandSettled ? ev.value : 0;
            stats.gold_events += ev.type == EventType::GoldChosen;
            stats.revealed += ev.type == EventType::HexRevealed;
        }
    }
    ++stats.games;
    if (s.phase == Phase::GameOver) {
        ++stats.won;
        CHECK(victory_points(s, s.winner) >= o.victory_target);
    } else {
        ++stats.capped;
    }
}

void run(Scenario scenario, int players, int games, TurnStructure turns = TurnStructure::Paired) {
    SeaStats stats;
    for (int i = 0; i < games; ++i) play(scenario, players, 90'000'000ULL + static_cast<std::uint64_t>(players) * 100'000 + i, stats, turns);
    WARN(to_string(scenario) << ", " << players << " players" << (turns == TurnStructure::SpecialBuild ? ", special building phase" : "") << ": " << stats.games << " games, " << stats.won << " won, " << stats.capped
                             << " capped, " << stats.commands << " commands, ships built "
                             << stats.accepted[static_cast<int>(CommandType::BuildShip)] << ", moved "
                             << stats.accepted[static_cast<int>(CommandType::MoveShip)] << ", pirate moves "
                             << stats.accepted[static_cast<int>(CommandType::MovePirate)] << ", gold choices "
                             << stats.accepted[static_cast<int>(CommandType::ChooseGold)] << ", island VP " << stats.island_vp
                             << ", hexes turned " << stats.revealed);
    // Random players miss a 12- or 13-point target now and then within the turn cap.
    CHECK(stats.won >= stats.games * 3 / 4);
    CHECK(stats.accepted[static_cast<int>(CommandType::BuildShip)] > 0);
    CHECK(stats.accepted[static_cast<int>(CommandType::MoveShip)] > 0);
    CHECK(stats.accepted[static_cast<int>(CommandType::MovePirate)] > 0);
    CHECK((stats.island_vp > 0) == (scenario_island_vp(scenario, players) > 0));
    CHECK((stats.revealed > 0) == scenario_has_fog(scenario, players));
}

// Every player count a scenario has a board for.
void run_all(Scenario scenario, int games) {
    for (int players = kMinPlayers; players <= kMaxPlayers; ++players)
        if (scenario_has_board(scenario, players)) run(scenario, players, games);
}

TEST_CASE("random New Shores games keep every invariant, 3 to 6 players", "[sea][property][R-SF1]") {
    run_all(Scenario::NewShores, sea_games(60));
}

// R-X7 on the 5-6 sea frame: ships and the pirate's robbery in and around the special building phase.
TEST_CASE("random 5-6 sea frame games keep every invariant under the special building phase too", "[sea][property][R-SF1][R-X7]") {
    for (const Scenario scenario : {Scenario::NewShores, Scenario::NewWorld})
        for (int players : {5, 6}) run(scenario, players, sea_games(60) / 2, TurnStructure::SpecialBuild);
}

TEST_CASE("random Four Islands games keep every invariant, 3 and 4 players", "[sea][property][R-SF1]") {
    run_all(Scenario::FourIslands, sea_games(60));
}

TEST_CASE("random Fog Islands games keep every invariant, and turn hexes up", "[sea][property][R-SF1][R-SF10]") {
    run_all(Scenario::FogIslands, sea_games(60));
}

TEST_CASE("random Through the Desert games keep every invariant, and pay island VP beyond the desert", "[sea][property][R-SF1][R-SF8]") {
    run_all(Scenario::ThroughTheDesert, sea_games(60));
}

TEST_CASE("random New World games keep every invariant, on a new board each game", "[sea][property][R-SF1][R-SF11]") {
    run_all(Scenario::NewWorld, sea_games(60));
}

TEST_CASE("a scenario refuses a player count it has no board for, and R-O4, naming them", "[R-SF1][R-SF11]") {
    GameOptions o;
    o.scenario = Scenario::FourIslands;
    for (int players : {2, 5, 6}) {
        o.players = players;
        const auto e = validate_options(o);
        REQUIRE(e);
        CHECK(e->rule == "R-SF1");
        CHECK(e->message.find("four_islands") != std::string::npos);
        CHECK(e->message.find(std::to_string(players) + " players") != std::string::npos);
    }
    o.scenario = Scenario::NewShores;
    o.players = 2;
    REQUIRE(validate_options(o));
    for (int players : {3, 4, 5, 6}) {
        o.players = players;
        CHECK_FALSE(validate_options(o));
    }
    o.players = 4;
    CHECK_FALSE(validate_options(o));
    o.balanced_board = true;
    REQUIRE(validate_options(o));
    CHECK(validate_options(o)->rule == "R-O4");
    o.balanced_board = false;
    o.scenario = static_cast<Scenario>(kScenarioCount);
    REQUIRE(validate_options(o));
}

TEST_CASE("a scenario's board: its map's land and sea, islands, home islands, harbors on coasts or the frame's edge, the pirate at sea", "[R-SF1]") {
    for (int k = 1; k < kScenarioCount; ++k)
        for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
            const auto scenario = static_cast<Scenario>(k);
            if (!scenario_has_board(scenario, players)) continue;
            INFO(to_string(scenario) << " " << players);
            GameOptions o;
            o.players = players;
            o.scenario = scenario;
            o.victory_target = scenario_victory_target(scenario, players);
            o.seed = 12;
            const GameState s = new_game(o);
            CHECK(s.board_kind == (players >= 5 ? BoardKind::SeaLarge : BoardKind::Sea));
            CHECK(s.options.victory_target >= 12);
            CHECK(s.board.sea.test(s.pirate));
            CHECK((s.robber == kNone || !s.board.sea.test(s.robber)));
            CHECK(s.board.home.any());
            CHECK(s.players[0].ships_left == 15);
            const Topology& t = topology(s);
            for (int k = 0; k < s.board.harbor_count; ++k) {
                // A harbor's path is a coast: land on one side, and on the other the sea or the frame's
                // edge (the sea beyond the frame, docs/scenarios.md "Harbors"). A path on the frame's
                // edge borders one hex, no sea hex, so no ship goes there.
                const int e = s.board.harbor_edge[k];
                const auto& ends = t.edge_nodes[e];
                const bool frame_edge = (t.node_hex_mask[ends[0]] & t.node_hex_mask[ends[1]]).count() == 1;
                CHECK(s.land_paths.test(e));
                CHECK(s.sea_paths.test(e) != frame_edge);
            }
            // Setup builds on home islands only; every intersection listed is on one.
            const auto acts = legal_actions(s, s.current);
            REQUIRE_FALSE(acts.empty());
            for (const Command& c : acts) CHECK(s.setup_nodes.test(c.target));
            // The same seed deals the same board; another seed may deal another.
            CHECK(new_game(o).board == s.board);
        }
}

}  // namespace
}  // namespace catan::test
