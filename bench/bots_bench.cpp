// Bot benchmarks: decisions per second of each level on the decision points of seeded basic games,
// the cost of observe(), and whole games between bots.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "catan/bots/bot.hpp"
#include "catan/bots/play.hpp"

using namespace catan;
using namespace catan::bots;

namespace {

// Observations at every decision point of 8 seeded 4-player games played by `basic`, in a fixed random order.
const std::vector<Observation>& decision_points() {
    static const std::vector<Observation> points = [] {
        std::vector<Observation> out;
        for (std::uint64_t seed = 1; seed <= 8; ++seed) {
            GameOptions o;
            o.seed = 700'000 + seed;
            GameState s = new_game(o);
            std::array<std::unique_ptr<Bot>, kMaxPlayers> bots;
            for (auto& b : bots) b = make_bot(Level::Basic);
            Rng rng(seed);
            while (s.phase != Phase::GameOver && s.turn <= 1000) {
                const int seat = seat_to_ask(s);
                out.push_back(observe(s, seat));
                if (apply(s, bots[seat]->choose(out.back(), rng))) break;
            }
        }
        // A fixed shuffle, so that the first points of a short run (strong) are a fair sample of the game.
        Rng order(99);
        for (std::size_t i = out.size(); i > 1; --i) std::swap(out[i - 1], out[order.below(static_cast<std::uint32_t>(i))]);
        return out;
    }();
    return points;
}

// One choose() per iteration, cycling through `points`.
void decisions(benchmark::State& state, const std::vector<Observation>& points, Level level, Budget budget) {
    auto bot = make_bot(level, budget);
    Rng rng(42);
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(bot->choose(points[i], rng));
        if (++i == points.size()) i = 0;
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["points"] = static_cast<double>(points.size());
}

void BM_DecisionRandom(benchmark::State& state) { decisions(state, decision_points(), Level::Random, {}); }
void BM_DecisionBasic(benchmark::State& state) { decisions(state, decision_points(), Level::Basic, {}); }
// Strong with a playout cap and no time cap, so one iteration is the same work on every machine.
void BM_DecisionStrong(benchmark::State& state) {
    decisions(state, decision_points(), Level::Strong, Budget{static_cast<int>(state.range(0)), std::chrono::milliseconds(0)});
}
// Strong with its default budget (1 s), on Main-phase points with cards to spend, where it searches.
void BM_DecisionStrongDefaultBudget(benchmark::State& state) {
    std::vector<Observation> busy;
    for (const Observation& o : decision_points())
        if (o.state.phase == Phase::Main && o.state.players[o.seat].hand.total() >= 4) busy.push_back(o);
    decisions(state, busy, Level::Strong, Budget{});
}

void BM_Observe(benchmark::State& state) {
    const auto& points = decision_points();
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(observe(points[i].state, points[i].seat));
        if (++i == points.size()) i = 0;
    }
    state.SetItemsProcessed(state.iterations());
}

// A whole game between bots of one level (strong excluded: see BM_DecisionStrong): 4 players, or 6
// players on the 5–6 board with paired turns (R-X6) or the special building phase (R-X7).
void BM_BotGame(benchmark::State& state) {
    const auto level = static_cast<Level>(state.range(0));
    const int players = static_cast<int>(state.range(1));
    const auto structure = static_cast<TurnStructure>(state.range(2));
    std::uint64_t seed = 1;
    long turns = 0, commands = 0;
    for (auto _ : state) {
        GameOptions o;
        o.players = players;
        o.turn_structure = structure;
        o.seed = seed++;
        GameState s = new_game(o);
        std::array<std::unique_ptr<Bot>, kMaxPlayers> owned;
        std::array<Bot*, kMaxPlayers> bots{};
        std::array<Rng, kMaxPlayers> rngs;
        for (int p = 0; p < kMaxPlayers; ++p) {
            owned[p] = make_bot(level);
            bots[p] = owned[p].get();
            rngs[p] = Rng(o.seed + static_cast<std::uint64_t>(p));
        }
        const BotGameResult r = play_bot_game(s, bots, rngs, 1000);
        turns += r.turns;
        commands += r.commands;
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["turns_per_game"] = benchmark::Counter(static_cast<double>(turns) / state.iterations());
    state.counters["commands_per_second"] = benchmark::Counter(static_cast<double>(commands), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(BM_DecisionRandom);
BENCHMARK(BM_DecisionBasic);
BENCHMARK(BM_DecisionStrong)->Arg(40)->Arg(200)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecisionStrongDefaultBudget)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(BM_Observe);
BENCHMARK(BM_BotGame)
    ->ArgNames({"level", "players", "structure"})
    ->Args({static_cast<int>(Level::Random), 4, 0})
    ->Args({static_cast<int>(Level::Basic), 4, 0})
    ->Args({static_cast<int>(Level::Random), 6, static_cast<int>(TurnStructure::Paired)})
    ->Args({static_cast<int>(Level::Basic), 6, static_cast<int>(TurnStructure::Paired)})
    ->Args({static_cast<int>(Level::Basic), 6, static_cast<int>(TurnStructure::SpecialBuild)})
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
