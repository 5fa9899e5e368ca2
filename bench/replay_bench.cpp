// Replay records (docs/fairness.md): what one GET /api/rooms/{code}/replay costs the room's executor
// (re-running the game with the spectator's views, patches and events), and what `catan-server
// verify` costs (the same re-run plus the comparison), on random 4-player games played to the end.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "catan/app/cli.hpp"
#include "catan/app/verify_command.hpp"
#include "catan/engine/engine.hpp"
#include "catan/games/catan.hpp"
#include "catan/proto/proto.hpp"
#include "catan/room/replay.hpp"
#include "catan/sim/random_game.hpp"

namespace {

using namespace catan;

// A finished random 4-player game as a room would hold it.
room::ReplayInput finished_game(std::uint64_t seed) {
    room::ReplayInput in;
    in.code = "K7QX3";
    in.game = 1;
    in.module = games::catan_module().get();
    in.options = in.module->default_options(4);
    in.seed = seed;
    in.names = {"Ana", "Bob", "Cy", "Dee"};
    in.salt = std::string(32, 'a');
    in.reveal = true;
    GameOptions options;
    options.players = 4;
    options.seed = seed;
    GameState state = new_game(options);
    Rng chooser(seed * 7 + 1);
    std::vector<Command> log;
    sim::play_random_game(state, chooser, sim::kDefaultTurnCap, &log);
    const auto session = in.module->start(in.options, seed);
    for (const Command& c : log) in.commands.push_back(std::get<game::MovePtr>(session->decode(proto::command_json(c), c.player)));
    return in;
}

void BM_ReplayRecord(benchmark::State& state) {
    const room::ReplayInput in = finished_game(static_cast<std::uint64_t>(state.range(0)));
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::string record = room::replay_record_text(in);  // as ReplayBuilds builds it
        bytes = record.size();
        benchmark::DoNotOptimize(bytes);
    }
    state.counters["commands"] = static_cast<double>(in.commands.size());
    state.counters["record_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_ReplayRecord)->ArgName("seed")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

void BM_Verify(benchmark::State& state) {
    const room::ReplayInput in = finished_game(static_cast<std::uint64_t>(state.range(0)));
    const std::string path = "/tmp/catan-replay-bench-" + std::to_string(state.range(0)) + ".json";
    {
        std::ofstream(path) << room::replay_record(in).dump();
    }
    for (auto _ : state) {
        std::ostringstream out;
        app::register_games();  // verify finds the record's game by its module id
        if (app::run_verify(path, out) != 0) state.SkipWithError("the record did not verify");
    }
    std::remove(path.c_str());
    state.counters["commands"] = static_cast<double>(in.commands.size());
}
BENCHMARK(BM_Verify)->ArgName("seed")->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
