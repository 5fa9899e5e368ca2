// Engine benchmarks: legal_actions on realistic mid-game states, apply stepping through recorded
// games, and whole random games (Catanatron's random player, 1000-turn cap) for 2, 3 and 4 players.
// The fixtures are built once from seeded random games, so every run measures the same work.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <vector>

#include "catan/engine/engine.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/sim/random_game.hpp"

using namespace catan;

namespace {

constexpr std::uint64_t kChooserSalt = 0x5eed5eed5eed5eedULL;

struct RecordedGame {
    GameState start;
    std::vector<Command> commands;
};

// Random games of `players` seats from fixed seeds, with their command logs (built once per count).
const std::vector<RecordedGame>& recorded_games_of(int players) {
    static std::array<std::vector<RecordedGame>, kMaxPlayers + 1> by_players;
    std::vector<RecordedGame>& games = by_players[static_cast<std::size_t>(players)];
    if (games.empty()) {
        for (std::uint64_t seed = 1; seed <= 64; ++seed) {
            GameOptions o;
            o.players = players;
            o.seed = 900'000 + seed;
            RecordedGame g{new_game(o), {}};
            GameState s = g.start;
            Rng chooser(o.seed ^ kChooserSalt);
            sim::play_random_game(s, chooser, sim::kDefaultTurnCap, &g.commands);
            games.push_back(std::move(g));
        }
    }
    return games;
}

// The 4-player games of the cases below that take no player count.
const std::vector<RecordedGame>& recorded_games() { return recorded_games_of(4); }

struct Position {
    GameState state;
    int actor;
};

// States met along a player count's games after setup (every phase, in the proportions random play
// meets them), one in every 7 commands so that consecutive samples differ.
std::vector<Position> sample_positions(const std::vector<RecordedGame>& games) {
    std::vector<Position> out;
    for (const RecordedGame& g : games) {
        GameState s = g.start;
        for (std::size_t i = 0; i < g.commands.size(); ++i) {
            if (s.turn >= 10 && i % 7 == 0) out.push_back({s, sim::next_actor(s)});
            apply(s, g.commands[i], nullptr);
        }
    }
    return out;
}

const std::vector<Position>& midgame_positions() {
    static const std::vector<Position> positions = sample_positions(recorded_games());
    return positions;
}

// Only the states in the Main phase: the widest lists (builds, bank trades, development cards).
const std::vector<Position>& main_phase_positions() {
    static const std::vector<Position> positions = [] {
        std::vector<Position> out;
        for (const Position& p : midgame_positions())
            if (p.state.phase == Phase::Main) out.push_back(p);
        return out;
    }();
    return positions;
}

void run_legal_actions(benchmark::State& state, const std::vector<Position>& positions) {
    std::vector<Command> out;
    out.reserve(256);
    std::size_t i = 0, listed = 0;
    for (auto _ : state) {
        const Position& p = positions[i];
        legal_actions(p.state, p.actor, out);
        listed += out.size();
        benchmark::DoNotOptimize(out.data());
        if (++i == positions.size()) i = 0;
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["positions"] = static_cast<double>(positions.size());
    state.counters["commands_per_call"] = static_cast<double>(listed) / static_cast<double>(state.iterations());
}

void BM_LegalActions(benchmark::State& state) { run_legal_actions(state, midgame_positions()); }
BENCHMARK(BM_LegalActions);

void BM_LegalActionsMainPhase(benchmark::State& state) { run_legal_actions(state, main_phase_positions()); }
BENCHMARK(BM_LegalActionsMainPhase);

// One iteration replays one whole recorded game from a copy of its start: items = commands applied.
// Replays the games one after another, from their start, without events; returns the commands applied.
std::int64_t apply_games(benchmark::State& state, const std::vector<RecordedGame>& games) {
    std::size_t g = 0;
    std::int64_t commands = 0;
    for (auto _ : state) {
        GameState s = games[g].start;
        for (const Command& c : games[g].commands) benchmark::DoNotOptimize(apply(s, c, nullptr));
        benchmark::DoNotOptimize(s);
        commands += static_cast<std::int64_t>(games[g].commands.size());
        if (++g == games.size()) g = 0;
    }
    state.SetItemsProcessed(commands);
    return commands;
}

void BM_ApplyRecordedGame(benchmark::State& state) { apply_games(state, recorded_games()); }
BENCHMARK(BM_ApplyRecordedGame);

// The same with events collected, as a room does.
void BM_ApplyRecordedGameWithEvents(benchmark::State& state) {
    const auto& games = recorded_games();
    std::vector<Event> events;
    events.reserve(64);
    std::size_t g = 0;
    std::int64_t commands = 0;
    for (auto _ : state) {
        GameState s = games[g].start;
        for (const Command& c : games[g].commands) {
            events.clear();
            benchmark::DoNotOptimize(apply(s, c, &events));
        }
        benchmark::DoNotOptimize(s);
        commands += static_cast<std::int64_t>(games[g].commands.size());
        if (++g == games.size()) g = 0;
    }
    state.SetItemsProcessed(commands);
}
BENCHMARK(BM_ApplyRecordedGameWithEvents);

// Per variant: the same two measures for each player count, 2-4 on the base board and,
// where the engine plays them, 5-6 on the large board. Positions and games as above, from games of
// that many seats.
void BM_LegalActionsVariant(benchmark::State& state) {
    const int players = static_cast<int>(state.range(0));
    static std::array<std::vector<Position>, kMaxPlayers + 1> by_players;
    auto& positions = by_players[static_cast<std::size_t>(players)];
    if (positions.empty()) positions = sample_positions(recorded_games_of(players));
    run_legal_actions(state, positions);
}
BENCHMARK(BM_LegalActionsVariant)->DenseRange(kMinPlayers, kMaxPlayers)->ArgName("players");

void BM_ApplyVariant(benchmark::State& state) {
    const std::int64_t commands = apply_games(state, recorded_games_of(static_cast<int>(state.range(0))));
    state.counters["commands_per_game"] =
        benchmark::Counter(static_cast<double>(commands), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_ApplyVariant)->DenseRange(kMinPlayers, kMaxPlayers)->ArgName("players")->Unit(benchmark::kMicrosecond);

// Whole random games, as `catan-server simulate` plays them: items = games (games/s).
void BM_RandomGame(benchmark::State& state) {
    GameOptions o;
    o.players = static_cast<int>(state.range(0));
    std::uint64_t seed = 1;
    std::int64_t commands = 0, turns = 0, capped = 0;
    for (auto _ : state) {
        o.seed = seed++;
        GameState s = new_game(o);
        Rng chooser(o.seed ^ kChooserSalt);
        const sim::GameSummary g = sim::play_random_game(s, chooser, sim::kDefaultTurnCap);
        commands += g.commands;
        turns += g.turns;
        capped += g.winner < 0;
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["commands_per_second"] = benchmark::Counter(static_cast<double>(commands), benchmark::Counter::kIsRate);
    state.counters["turns_per_game"] = static_cast<double>(turns) / static_cast<double>(state.iterations());
    state.counters["capped"] = static_cast<double>(capped);
}
BENCHMARK(BM_RandomGame)->Arg(2)->Arg(3)->Arg(4)->ArgName("players")->Unit(benchmark::kMicrosecond);
// 5 and 6 players on the large board (the target: at least 0.6x the 4-player games/s): the same function,
// registered on its own line so that the base game's registration above stays the baseline's text.
BENCHMARK(BM_RandomGame)->Arg(5)->Arg(6)->ArgName("players")->Unit(benchmark::kMicrosecond);

// Seafarers (R-SF1): whole random games of each scenario board, as `simulate --scenario` plays them;
// args: scenario (the Scenario enum: 1 New Shores, 2 The Four Islands, 3 The Fog Islands, 4 Through the
// Desert, 5 The New World) and players. Items = games (games/s).
void BM_ScenarioGame(benchmark::State& state) {
    GameOptions o;
    o.scenario = static_cast<Scenario>(state.range(0));
    o.players = static_cast<int>(state.range(1));
    o.victory_target = scenario_victory_target(o.scenario, o.players);
    std::uint64_t seed = 1;
    std::int64_t commands = 0, turns = 0, capped = 0;
    for (auto _ : state) {
        o.seed = seed++;
        GameState s = new_game(o);
        Rng chooser(o.seed ^ kChooserSalt);
        const sim::GameSummary g = sim::play_random_game(s, chooser, sim::kDefaultTurnCap);
        commands += g.commands;
        turns += g.turns;
        capped += g.winner < 0;
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["commands_per_second"] = benchmark::Counter(static_cast<double>(commands), benchmark::Counter::kIsRate);
    state.counters["turns_per_game"] = static_cast<double>(turns) / static_cast<double>(state.iterations());
    state.counters["capped"] = static_cast<double>(capped);
}
BENCHMARK(BM_ScenarioGame)->ArgsProduct({{1, 2, 3, 4, 5}, {3, 4}})->ArgNames({"scenario", "players"})->Unit(benchmark::kMicrosecond);
// The 5-6 sea frame: New Shores and The New World, 5 and 6 players.
BENCHMARK(BM_ScenarioGame)->ArgsProduct({{1, 5}, {5, 6}})->ArgNames({"scenario", "players"})->Unit(benchmark::kMicrosecond);

// Smaller pieces that whole games are made of.
void BM_NewGame(benchmark::State& state) {
    GameOptions o;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        o.seed = seed++;
        benchmark::DoNotOptimize(new_game(o));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NewGame);

void BM_CopyState(benchmark::State& state) {
    const auto& positions = midgame_positions();
    std::size_t i = 0;
    for (auto _ : state) {
        GameState copy = positions[i].state;
        benchmark::DoNotOptimize(copy);
        if (++i == positions.size()) i = 0;
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["bytes"] = static_cast<double>(sizeof(GameState));
}
BENCHMARK(BM_CopyState);

void BM_LongestRoadOf(benchmark::State& state) {
    const auto& positions = midgame_positions();
    std::size_t i = 0;
    for (auto _ : state) {
        const GameState& s = positions[i].state;
        for (int p = 0; p < s.num_players; ++p) benchmark::DoNotOptimize(longest_road_of(s, p));
        if (++i == positions.size()) i = 0;
    }
    state.SetItemsProcessed(state.iterations() * 4);
}
BENCHMARK(BM_LongestRoadOf);

}  // namespace

BENCHMARK_MAIN();
