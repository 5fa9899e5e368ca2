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

using namespace catan;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

fs::path bench_file(const std::string& name) {
    const char* dir = std::getenv("CATAN_BENCH_DIR");
    return fs::path(dir && *dir ? dir : "/tmp") / name;
}

void remove_db(const fs::path& p) {
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(p.string() + suffix);
}

// Room work runs where it is posted (the caller, or the store's writer after a commit), one task at
// a time per room like the server's strands: a task posted while another runs is run by that thread next.
class SerialExecutor : public room::Executor, public std::enable_shared_from_this<SerialExecutor> {
public:
    // Nothing measured here waits on a timer (no bots, no takeovers); a sleeping thread keeps the
    // contract (later, never inline) without a timer queue.
    void post_after(std::chrono::milliseconds delay, std::function<void()> task) override {
        std::thread([self = shared_from_this(), delay, task = std::move(task)]() mutable {
            std::this_thread::sleep_for(delay);
            self->post(std::move(task));
        }).detach();
    }

    void post(std::function<void()> task) override {
        {
            const std::lock_guard lock(mutex_);
            tasks_.push_back(std::move(task));
            if (running_) return;
            running_ = true;
        }
        for (;;) {
            std::function<void()> next;
            {
                const std::lock_guard lock(mutex_);
                if (tasks_.empty()) {
                    running_ = false;
                    return;
                }
                next = std::move(tasks_.front());
                tasks_.pop_front();
            }
            next();
        }
    }

private:
    std::mutex mutex_;
    std::deque<std::function<void()>> tasks_;
    bool running_ = false;
};

// ---- restore ----------------------------------------------------------------------------------

struct RecordedGame {
    GameOptions options;
    std::vector<Command> commands;  // the first 300 of a longer game
};

std::vector<RecordedGame> recorded_games(int count, int length) {
    std::vector<RecordedGame> out;
    for (std::uint64_t seed = 1; static_cast<int>(out.size()) < count; ++seed) {
        RecordedGame g;
        g.options.players = 2 + static_cast<int>(seed % 3);
        g.options.seed = seed;
        GameState state = new_game(g.options);
        Rng chooser(seed * 7919);
        sim::play_random_game(state, chooser, sim::kDefaultTurnCap, &g.commands);
        if (static_cast<int>(g.commands.size()) <= length) continue;  // must still be running at `length`
        g.commands.resize(static_cast<std::size_t>(length));
        out.push_back(std::move(g));
    }
    return out;
}

// Writes `rooms` playing rooms of `length` commands through the store, as rooms would.
void write_rooms(const fs::path& path, int rooms, int length, int snapshot_every) {
    remove_db(path);
    store::Store s(path.string());
    const auto games = recorded_games(16, length);
    for (int r = 0; r < rooms; ++r) {
        const RecordedGame& g = games[static_cast<std::size_t>(r) % games.size()];
        store::RoomRecord rec;
        rec.code = std::to_string(10000 + r);
        rec.code = "B" + rec.code.substr(1);  // five characters from the room-code alphabet
        for (char& c : rec.code) c = c == '0' ? 'Z' : c == '1' ? 'Y' : c;
        rec.options = json{{"players", g.options.players}, {"vp_target", 10}}.dump();
        rec.host_key_hash = std::string(64, 'a');
        rec.phase = "playing";
        rec.game = 1;
        rec.game_options = json{{"players", g.options.players}, {"victory_target", g.options.victory_target}, {"seed", std::to_string(g.options.seed)}}.dump();
        rec.created_ms = rec.updated_ms = store::now_ms();
        for (int seat = 0; seat < g.options.players; ++seat)
            rec.seats.push_back({seat, "player " + std::to_string(seat), std::string(64, 'b'), seat == 0, ""});
        s.create_room(rec, nullptr);
        GameState state = new_game(g.options);
        for (std::size_t i = 0; i < g.commands.size(); ++i) {
            const Command& c = g.commands[i];
            if (apply(state, c)) throw std::runtime_error("recorded command refused");
            const auto index = static_cast<std::int64_t>(i + 1);
            std::optional<store::Snapshot> snap;
            if (snapshot_every > 0 && index % snapshot_every == 0) snap = store::Snapshot{index, proto::state_json(state).dump()};
            s.append_command(rec.code, 1, {index, c.player, proto::command_json(c).dump()}, "playing", std::move(snap), nullptr);
        }
    }
    s.flush();
}

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

// A connection that notes when each message left for it.
class TimedOutbox : public room::Outbox {
public:
    explicit TimedOutbox(std::uint64_t id) : id_(id) {}
    void send(room::Message m) override {
        // The seq of an update (a scan, not a parse: this runs inside the room's work).
        std::uint64_t seq = 0;
        const bool error = m->find("\"type\":\"error\"") != std::string::npos;
        if (const auto at = m->rfind("\"seq\":"); at != std::string::npos) seq = std::strtoull(m->c_str() + at + 6, nullptr, 10);
        const std::lock_guard lock(mutex_);
        if (seq > 0) last_seq_ = seq;
        error_ = error_ || error;
        last_ = std::move(m);
        ++count_;
        at_ = Clock::now();
        arrived_.notify_all();
    }
    void close(std::string_view) override {}
    std::uint64_t id() const override { return id_; }
    const std::string& remote() const override { return remote_; }
    // Waits for the message after the first `seen`; returns when it left.
    Clock::time_point wait_past(std::uint64_t seen, room::Message* message) {
        std::unique_lock lock(mutex_);
        arrived_.wait(lock, [&] { return count_ > seen; });
        if (message) *message = last_;
        return at_;
    }
    // Waits for an update with this seq, or an error; returns when it left. A connection gets the
    // updates of a room in order, but the benchmark may look while an earlier one is still on its way.
    Clock::time_point wait_seq(std::uint64_t seq, room::Message* message) {
        std::unique_lock lock(mutex_);
        arrived_.wait(lock, [&] { return last_seq_ >= seq || error_; });
        *message = last_;
        return at_;
    }
    std::uint64_t count() const {
        const std::lock_guard lock(mutex_);
        return count_;
    }

private:
    std::uint64_t id_;
    std::string remote_ = "bench";
    mutable std::mutex mutex_;
    std::condition_variable arrived_;
    room::Message last_;
    std::uint64_t count_ = 0;
    std::uint64_t last_seq_ = 0;
    bool error_ = false;
    Clock::time_point at_;
};

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
