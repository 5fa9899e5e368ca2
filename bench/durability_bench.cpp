// Durability benchmarks (docs/performance.md, "Durability"):
//  - BM_Restore: a server start on a data file holding 1,000 rooms of 300 commands each: open and
//    check the file, read every room, rebuild each game from its latest snapshot plus the commands
//    after it (every one re-applied), register the rooms. snapshot_every:0 replays all 300.
//  - BM_CommandLatency: from a command's frame reaching the hub to its update leaving for the
//    actor's connection, with and without the store (persist:0/1), for `rooms` rooms played at
//    once (one command in flight per room, as each room's players wait for its update).
//    Reports p50_us and p99_us. The data file lives in $CATAN_BENCH_DIR (default /tmp).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <future>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

#include <spdlog/spdlog.h>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "catan/room/executor.hpp"
#include "catan/room/hub.hpp"
#include "catan/room/metrics.hpp"
#include "catan/room/outbox.hpp"
#include "catan/sim/random_game.hpp"
#include "catan/store/store.hpp"
#include "room_bench_support.hpp"

using namespace catan;
using namespace catan::bench;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// ---- restore ----------------------------------------------------------------------------------

void BM_Restore(benchmark::State& state) {
    spdlog::set_level(spdlog::level::warn);
    const int rooms = static_cast<int>(state.range(0));
    const int snapshot_every = static_cast<int>(state.range(1));
    const fs::path path = bench_file("catan_bench_restore_" + std::to_string(snapshot_every) + ".db");
    write_rooms(path, rooms, 300, snapshot_every);
    const auto file_bytes = fs::file_size(path) + (fs::exists(path.string() + "-wal") ? fs::file_size(path.string() + "-wal") : 0);
    std::size_t restored = 0;
    std::optional<room::Hub> hub;
    for (auto _ : state) {
        room::HubOptions o;
        o.store = std::make_shared<store::Store>(path.string());
        o.snapshot_every = snapshot_every;
        hub.emplace(o, [] { return std::make_shared<SerialExecutor>(); }, std::make_shared<room::Metrics>());
        restored = hub->room_count();
        state.PauseTiming();  // tearing down is not part of a start
        hub.reset();
        state.ResumeTiming();
    }
    state.counters["rooms"] = static_cast<double>(restored);
    state.counters["file_MB"] = static_cast<double>(file_bytes) / 1e6;
    if (restored != static_cast<std::size_t>(rooms)) state.SkipWithError("not every room was restored");
    remove_db(path);
}
BENCHMARK(BM_Restore)->ArgNames({"rooms", "snapshot_every"})->Args({1000, 64})->Args({1000, 0})
    ->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

// ---- command latency ----------------------------------------------------------------------------

struct BenchRoom {
    std::vector<std::shared_ptr<TimedOutbox>> seats;
    GameState mirror;
    std::uint64_t seq = 0;
};

std::uint64_t seq_of(const room::Message& m) {
    const json j = json::parse(*m);
    if (!j.contains("seq")) throw std::runtime_error("expected an update, got " + *m);
    return j["seq"].get<std::uint64_t>();
}

void BM_CommandLatency(benchmark::State& state) {
    spdlog::set_level(spdlog::level::warn);
    const bool persist = state.range(0) != 0;
    const int room_count = static_cast<int>(state.range(1));
    const fs::path path = bench_file("catan_bench_latency.db");
    remove_db(path);
    room::HubOptions o;
    o.allow_client_seeds = true;  // repeatable games: each room is dealt from its own seed
    o.create_burst_address = 1e6;  // every room comes from this one process
    if (persist) o.store = std::make_shared<store::Store>(path.string());
    room::Hub hub(o, [] { return std::make_shared<SerialExecutor>(); }, std::make_shared<room::Metrics>());
    std::uint64_t next_id = 1;
    std::vector<BenchRoom> rooms(static_cast<std::size_t>(room_count));
    std::mt19937_64 rng(99);
    const auto settle = [&](TimedOutbox& out, std::uint64_t seen) { out.wait_past(seen, nullptr); };
    for (std::size_t r = 0; r < rooms.size(); ++r) {
        BenchRoom& br = rooms[r];
        std::promise<room::Hub::HttpResult> answer;
        auto answered = answer.get_future();
        hub.create_room(json{{"players", 4}, {"seed", std::to_string(r + 1)}}, "127.0.0.1:1",
                        [&answer](room::Hub::HttpResult result) { answer.set_value(std::move(result)); });
        const auto created = answered.get();
        const std::string code = created.body.at("code");
        for (int seat = 0; seat < 4; ++seat) {
            auto out = std::make_shared<TimedOutbox>(next_id++);
            hub.on_open(out);
            json join = {{"v", 1}, {"type", "join"}, {"room", code}, {"name", "p" + std::to_string(seat)}};
            if (seat == 0) join["host_key"] = created.body.at("host_key");
            hub.on_text(out, join.dump());
            settle(*out, 1);  // welcome, then snapshot
            br.seats.push_back(std::move(out));
        }
        const auto before = br.seats[0]->count();
        hub.on_text(br.seats[0], R"({"v":1,"type":"start"})");
        room::Message m;
        br.seats[0]->wait_past(before, &m);
        br.seq = seq_of(m);
        for (auto& seat : br.seats) seat->wait_seq(br.seq, &m);
        GameOptions go;
        go.players = 4;
        go.seed = r + 1;
        br.mirror = new_game(go);
    }
    std::vector<double> micros;
    std::vector<Clock::time_point> sent(rooms.size());
    std::vector<std::uint64_t> seen(rooms.size());
    std::vector<int> actor(rooms.size());
    for (auto _ : state) {
        // One command in every room, all in flight together, then every update.
        for (std::size_t r = 0; r < rooms.size(); ++r) {
            BenchRoom& br = rooms[r];
            if (br.mirror.phase == Phase::GameOver) {  // a fresh game in the same seats
                GameOptions go;
                go.players = 4;
                go.seed = rng();
                br.mirror = new_game(go);
                state.SkipWithError("a game ended: the benchmark is too long for one game per room");
                return;
            }
            const int seat = sim::next_actor(br.mirror);
            const auto options = legal_actions(br.mirror, seat);
            const Command c = options[rng() % options.size()];
            apply(br.mirror, c);
            actor[r] = seat;
            seen[r] = br.seats[static_cast<std::size_t>(seat)]->count();
            const std::string text = json{{"v", 1}, {"type", "command"}, {"seq", br.seq}, {"command", proto::command_json(c)}}.dump();
            sent[r] = Clock::now();
            hub.on_text(br.seats[static_cast<std::size_t>(seat)], text);
        }
        for (std::size_t r = 0; r < rooms.size(); ++r) {
            room::Message m;
            const auto at = rooms[r].seats[static_cast<std::size_t>(actor[r])]->wait_seq(rooms[r].seq + 1, &m);
            micros.push_back(std::chrono::duration<double, std::micro>(at - sent[r]).count());
            state.PauseTiming();
            if (json::parse(*m).value("type", "") == "error") {
                std::fprintf(stderr, "room %zu seat %d after %zu commands: %s\n", r, actor[r], micros.size(), m->c_str());
                state.SkipWithError("a command was refused");
                return;
            }
            rooms[r].seq = seq_of(m);
            state.ResumeTiming();
        }
    }
    std::sort(micros.begin(), micros.end());
    const auto pct = [&](double p) { return micros.empty() ? 0.0 : micros[static_cast<std::size_t>(p * static_cast<double>(micros.size() - 1))]; };
    state.counters["p50_us"] = pct(0.50);
    state.counters["p99_us"] = pct(0.99);
    state.counters["commands"] = static_cast<double>(micros.size());
    if (o.store) {
        const auto s = o.store->stats();
        state.counters["writes_per_commit"] = s.commits ? static_cast<double>(s.writes) / static_cast<double>(s.commits) : 0;
    }
    remove_db(path);
}
BENCHMARK(BM_CommandLatency)->ArgNames({"persist", "rooms"})
    ->Args({0, 1})->Args({1, 1})->Args({0, 32})->Args({1, 32})
    ->Iterations(150)->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
