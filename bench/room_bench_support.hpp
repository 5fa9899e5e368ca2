#pragma once
// What the room benchmarks share (durability_bench.cpp, sleeping_rooms_bench.cpp): executors that run
// room work where it is posted, connections that note when each message left, data files in
// $CATAN_BENCH_DIR, and recorded random games to fill them with.
#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "catan/room/executor.hpp"
#include "catan/room/outbox.hpp"
#include "catan/room/secret.hpp"
#include "catan/sim/random_game.hpp"
#include "catan/store/store.hpp"

namespace catan::bench {

namespace fs = std::filesystem;
using nlohmann::json;

using Clock = std::chrono::steady_clock;

inline fs::path bench_file(const std::string& name) {
    const char* dir = std::getenv("CATAN_BENCH_DIR");
    return fs::path(dir && *dir ? dir : "/tmp") / name;
}

inline void remove_db(const fs::path& p) {
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

struct RecordedGame {
    GameOptions options;
    std::vector<Command> commands;  // the first 300 of a longer game
};

inline std::vector<RecordedGame> recorded_games(int count, int length) {
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


// The code of write_rooms' room `r` (r < 10,000): five characters of the room-code alphabet.
inline std::string bench_room_code(int r) {
    const std::string digits = std::to_string(10000 + r).substr(1);
    std::string code(1, 'B');
    for (const char c : digits) code.push_back(c == '0' ? 'Z' : c == '1' ? 'Y' : c);
    return code;
}

// The seat token of seat `seat` in every room write_rooms writes (a rejoin takes that seat).
inline std::string bench_token(int seat) { return std::string(31, 'c') + std::to_string(seat); }

// Writes `rooms` playing rooms of `length` commands through the store, as rooms would; `turn_based`
// rooms (pace "turn_based") sleep in the file, and are read when something asks for them.
inline void write_rooms(const fs::path& path, int rooms, int length, int snapshot_every, bool turn_based = false) {
    remove_db(path);
    store::Store s(path.string());
    const auto games = recorded_games(16, length);
    for (int r = 0; r < rooms; ++r) {
        const RecordedGame& g = games[static_cast<std::size_t>(r) % games.size()];
        store::RoomRecord rec;
        rec.code = bench_room_code(r);
        json options = {{"players", g.options.players}, {"vp_target", 10}};
        if (turn_based) options.update({{"pace", "turn_based"}, {"turn_hours", 24}, {"on_timeout", "bot"}});
        rec.options = options.dump();
        rec.sleeps = turn_based;
        rec.host_key_hash = std::string(64, 'a');
        rec.phase = "playing";
        rec.game = 1;
        rec.game_options = json{{"players", g.options.players}, {"victory_target", g.options.victory_target}, {"seed", std::to_string(g.options.seed)}}.dump();
        rec.created_ms = rec.updated_ms = store::now_ms();
        for (int seat = 0; seat < g.options.players; ++seat)
            rec.seats.push_back({seat, "player " + std::to_string(seat), room::secret_hash(bench_token(seat)), seat == 0, ""});
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

}  // namespace catan::bench
