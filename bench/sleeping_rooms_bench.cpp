// Turn-based rooms asleep (docs/performance.md, "Sleeping rooms"): a data file of `rooms` turn-based
// games in the middle of play (300 commands each, a snapshot every 64), all asleep, as a server finds
// them after a restart or after their players went to bed.
//  - memory: the resident memory a hub started on that file holds, against one started on an empty
//    file, both measured in this process after returning freed memory to the system (malloc_trim);
//    reported as hub_MB, empty_hub_MB and over_empty_MB.
//  - the first command to a sleeping room: a player's rejoin (which wakes the room from the file) and
//    then one legal command, timed from the rejoin's frame reaching the hub to the command's update
//    leaving for the player; `wakes` rooms drawn at random, each woken once. Reports p50_ms and
//    p99_ms, and wake_p99_ms for the rejoin alone (its snapshot leaving).
// The data file lives in $CATAN_BENCH_DIR (default /tmp).
#include <benchmark/benchmark.h>

#include <malloc.h>
#include <unistd.h>

#include <fstream>
#include <random>

#include <spdlog/spdlog.h>

#include "catan/games/catan.hpp"
#include "catan/room/hub.hpp"
#include "catan/room/metrics.hpp"
#include "room_bench_support.hpp"

using namespace catan;
using namespace catan::bench;

namespace {

// Resident memory of this process, in bytes, once freed memory went back to the system.
double resident_bytes() {
    malloc_trim(0);
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE));
}

room::HubOptions hub_options(const fs::path& path) {
    room::HubOptions o;
    o.store = std::make_shared<store::Store>(path.string());
    o.lookup_burst = 1e9;  // every rejoin comes from this one process
    return o;
}

// The resident memory a hub on `path` holds once started.
double hub_memory(const fs::path& path, std::size_t* asleep = nullptr) {
    const double before = resident_bytes();
    std::optional<room::Hub> hub;
    hub.emplace(hub_options(path), [] { return std::make_shared<SerialExecutor>(); }, std::make_shared<room::Metrics>());
    const double after = resident_bytes();
    if (asleep) *asleep = hub->room_count();
    hub.reset();
    return after - before;
}

void BM_SleepingRooms(benchmark::State& state) {
    spdlog::set_level(spdlog::level::warn);
    const int rooms = static_cast<int>(state.range(0));
    const int wakes = static_cast<int>(state.range(1));
    constexpr int kLength = 300;
    const fs::path path = bench_file("catan_bench_sleeping.db");
    const fs::path empty = bench_file("catan_bench_sleeping_empty.db");
    write_rooms(path, rooms, kLength, 64, /*turn_based=*/true);
    remove_db(empty);
    store::Store(empty.string()).flush();

    // The games as written, to know whose turn it is in each room and what they may play.
    const auto games = recorded_games(16, kLength);
    std::vector<GameState> positions;
    for (const RecordedGame& g : games) {
        GameState s = new_game(g.options);
        for (const Command& c : g.commands) apply(s, c);
        positions.push_back(std::move(s));
    }

    std::vector<double> first_command_ms, wake_ms;
    double hub_bytes = 0, empty_bytes = 0;
    std::size_t in_memory_at_start = 0;
    for (auto _ : state) {
        empty_bytes = hub_memory(empty);
        hub_bytes = hub_memory(path, &in_memory_at_start);
        room::Hub hub(hub_options(path), [] { return std::make_shared<SerialExecutor>(); }, std::make_shared<room::Metrics>());
        std::mt19937_64 pick(7);
        std::vector<int> order(static_cast<std::size_t>(rooms));
        for (int r = 0; r < rooms; ++r) order[static_cast<std::size_t>(r)] = r;
        std::shuffle(order.begin(), order.end(), pick);
        for (int i = 0; i < wakes; ++i) {
            const int r = order[static_cast<std::size_t>(i)];
            const GameState& position = positions[static_cast<std::size_t>(r) % positions.size()];
            const int seat = sim::next_actor(position);
            const std::string code = bench_room_code(r);
            auto out = std::make_shared<TimedOutbox>(static_cast<std::uint64_t>(i) + 1);
            hub.on_open(out);
            const std::string rejoin = json{{"v", 1}, {"type", "rejoin"}, {"room", code}, {"token", bench_token(seat)}}.dump();
            const auto sent = Clock::now();
            hub.on_text(out, rejoin);
            // A rejoin is answered with the snapshot (a welcome, if any, comes before it).
            room::Message snapshot;
            auto woke = out->wait_past(0, &snapshot);
            if (json::parse(*snapshot).value("type", "") == "welcome") woke = out->wait_past(1, &snapshot);
            const json doc = json::parse(*snapshot);
            if (doc.value("type", "") != "snapshot") {
                state.SkipWithError(("room " + code + " did not wake: " + snapshot->substr(0, 200)).c_str());
                return;
            }
            const std::uint64_t seq = doc["seq"].get<std::uint64_t>();
            const Command c = legal_actions(position, seat).front();
            hub.on_text(out, json{{"v", 1}, {"type", "command"}, {"seq", seq}, {"command", proto::command_json(c)}}.dump());
            room::Message update;
            const auto answered = out->wait_seq(seq + 1, &update);
            if (json::parse(*update).value("type", "") == "error") {
                state.SkipWithError(("room " + code + " refused the command: " + update->substr(0, 200)).c_str());
                return;
            }
            wake_ms.push_back(std::chrono::duration<double, std::milli>(woke - sent).count());
            first_command_ms.push_back(std::chrono::duration<double, std::milli>(answered - sent).count());
            hub.on_close(out);
        }
    }
    const auto pct = [](std::vector<double> v, double p) {
        std::sort(v.begin(), v.end());
        return v.empty() ? 0.0 : v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
    };
    state.counters["rooms_in_memory_at_start"] = static_cast<double>(in_memory_at_start);
    state.counters["hub_MB"] = hub_bytes / 1e6;
    state.counters["empty_hub_MB"] = empty_bytes / 1e6;
    state.counters["over_empty_MB"] = (hub_bytes - empty_bytes) / 1e6;
    state.counters["p50_ms"] = pct(first_command_ms, 0.50);
    state.counters["p99_ms"] = pct(first_command_ms, 0.99);
    state.counters["wake_p99_ms"] = pct(wake_ms, 0.99);
    state.counters["file_MB"] = static_cast<double>(fs::file_size(path)) / 1e6;
    remove_db(path);
    remove_db(empty);
}
BENCHMARK(BM_SleepingRooms)->ArgNames({"rooms", "wakes"})->Args({200, 20})->Args({10000, 500})->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

}  // namespace

// The rooms play Catan: registered as the server's start registers it.
int main(int argc, char** argv) {
    game::register_module(games::catan_module());
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
