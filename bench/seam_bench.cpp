// What the game-module seam costs per command (docs/performance.md, "The game-module seam"): the work a
// room does for one command — decode its JSON, apply it, rewrite the public view parts and each
// viewer's with their patch ops, write each viewer's events — called directly on engine and proto as
// the room does today, and through catan::game::Session. Random games of 4 and 6 players to the end.
#include <benchmark/benchmark.h>

#include "catan/engine/engine.hpp"
#include "catan/games/catan.hpp"
#include "catan/proto/proto.hpp"
#include "catan/proto/view_parts.hpp"
#include "catan/sim/random_game.hpp"

namespace {

using namespace catan;
using nlohmann::json;

struct Recorded {
    GameOptions options;
    std::vector<std::pair<int, json>> log;  // seat, command JSON as a client sends it
};

Recorded random_game(int players, std::uint64_t seed) {
    Recorded r;
    r.options.players = players;
    r.options.seed = seed;
    GameState state = new_game(r.options);
    Rng chooser(seed * 7 + 1);
    std::vector<Command> log;
    sim::play_random_game(state, chooser, sim::kDefaultTurnCap, &log);
    for (const Command& c : log) r.log.emplace_back(c.player, proto::command_json(c));
    return r;
}

const std::vector<std::string> kNames = {"Ana", "Bob", "Cy", "Dee", "Eve", "Flo"};

// Today's room: room_game.cpp (decode, apply), room_views.cpp (parts and ops, events per viewer).
void BM_CommandDirect(benchmark::State& state) {
    const Recorded game = random_game(static_cast<int>(state.range(0)), 11);
    proto::SeatNames names = proto::default_seat_names();
    for (std::size_t i = 0; i < kNames.size(); ++i) names[i] = kNames[i];
    std::size_t commands = 0;
    for (auto _ : state) {
        state.PauseTiming();
        GameState s = new_game(game.options);
        proto::ViewParts pub;
        std::vector<proto::ViewParts> viewer(static_cast<std::size_t>(s.num_players) + 1);
        proto::update_public_parts(s, pub);
        for (int v = -1; v < s.num_players; ++v) proto::update_viewer_parts(s, v, viewer[static_cast<std::size_t>(v + 1)]);
        std::vector<Event> events;
        state.ResumeTiming();
        for (const auto& [seat, command] : game.log) {
            auto decoded = proto::decode_command(command, seat, proto::command_bounds(s));
            events.clear();
            if (apply(s, decoded.value(), &events)) state.SkipWithError("refused");
            std::string ops;
            const proto::PatchSink sink{ops, "/game"};
            proto::update_public_parts(s, pub, &sink);
            for (int v = -1; v < s.num_players; ++v) {
                std::string mine;
                const proto::PatchSink own{mine, "/game"};
                proto::update_viewer_parts(s, v, viewer[static_cast<std::size_t>(v + 1)], &own);
                benchmark::DoNotOptimize(proto::events_json(events, v, names));
            }
            benchmark::DoNotOptimize(ops);
        }
        commands += game.log.size();
    }
    state.counters["commands"] = benchmark::Counter(static_cast<double>(commands), benchmark::Counter::kIsRate);
}

// The same through the seam: Module::decode, Session::apply, update_public / update_viewer, last_events.
void BM_CommandThroughSeam(benchmark::State& state) {
    const Recorded game = random_game(static_cast<int>(state.range(0)), 11);
    const game::Module& module = *games::catan_module();
    const json options = module.default_options(game.options.players);
    std::size_t commands = 0;
    for (auto _ : state) {
        state.PauseTiming();
        const auto s = module.start(options, game.options.seed);
        game::ViewParts pub;
        std::vector<game::ViewParts> viewer(static_cast<std::size_t>(s->players()) + 1);
        s->update_public(pub);
        for (int v = -1; v < s->players(); ++v) s->update_viewer(v, viewer[static_cast<std::size_t>(v + 1)]);
        state.ResumeTiming();
        for (const auto& [seat, command] : game.log) {
            auto decoded = module.decode(command, seat, options);
            if (s->apply(*std::get<game::MovePtr>(decoded)).index() != 0) state.SkipWithError("refused");
            std::string ops;
            const game::PatchSink sink{ops, "/game"};
            s->update_public(pub, &sink);
            for (int v = -1; v < s->players(); ++v) {
                std::string mine;
                const game::PatchSink own{mine, "/game"};
                s->update_viewer(v, viewer[static_cast<std::size_t>(v + 1)], &own);
                benchmark::DoNotOptimize(s->last_events(v, kNames));
            }
            benchmark::DoNotOptimize(ops);
        }
        commands += game.log.size();
    }
    state.counters["commands"] = benchmark::Counter(static_cast<double>(commands), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_CommandDirect)->Arg(4)->Arg(6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CommandThroughSeam)->Arg(4)->Arg(6)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
