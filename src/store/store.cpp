// The store: one backend connection (SQLite or PostgreSQL) shared, under a mutex, by the synchronous
// calls and the writer thread. The writer drains the queue into one transaction per round, so the
// cost of a commit (an fsync, a round trip) is shared by every room that wrote meanwhile; `done`
// callbacks run only after COMMIT returns.
#include "catan/store/store.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include <spdlog/spdlog.h>

#include "backend.hpp"
#include "pg/libpq.hpp"

namespace catan::store {

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

namespace {

constexpr std::size_t kMaxGroup = 4096;  // writes per transaction at most (bounds a round's latency)

struct Op {
    std::function<void(Writes&)> write;
    Done done;
};

}  // namespace

bool is_database_url(std::string_view data) { return data.starts_with("postgresql://") || data.starts_with("postgres://"); }

struct Store::Impl {
    std::string path;
    int version = 0;
    std::mutex db_mutex;  // the backend's connection: the writer's rounds and the synchronous calls
    std::unique_ptr<Backend> backend;

    std::mutex queue_mutex;
    std::condition_variable queued;     // the writer waits for work
    std::condition_variable committed;  // flush() waits for the writer
    std::deque<Op> queue;
    std::uint64_t enqueued = 0;  // writes ever queued
    std::uint64_t finished = 0;  // writes whose `done` has run
    bool stopping = false;
    Stats stats;
    std::thread writer;

    mutable std::mutex health_mutex;
    Health health;
    std::string last_error;  // the writer's, of its latest failed commit (db_mutex)

    void record_round(bool all_durable) {
        const std::lock_guard lock(health_mutex);
        if (all_durable) {
            if (health.failing) spdlog::info("store: {} takes writes again", path);
            health = {};
            return;
        }
        if (!health.failing) health.since_ms = now_ms();
        health.failing = true;
        health.problem = last_error;
    }

    void enqueue(std::function<void(Writes&)> write, Done done) {
        {
            const std::lock_guard lock(queue_mutex);
            queue.push_back({std::move(write), std::move(done)});
            ++enqueued;
        }
        queued.notify_one();
    }

    enum class Outcome { committed, write_failed, no_transaction };

    // One transaction for `ops`; anything but `committed` rolled back. `no_transaction`: none could
    // begin (the database is busy or out of reach), so no write of them could succeed on its own either.
    Outcome commit(std::deque<Op>::iterator first, std::deque<Op>::iterator last) {
        try {
            backend->begin();
        } catch (const std::exception& e) {
            spdlog::error("store: cannot begin a transaction: {}", e.what());
            last_error = e.what();
            return Outcome::no_transaction;
        }
        try {
            for (auto it = first; it != last; ++it) it->write(backend->writes());
            backend->commit();
            return Outcome::committed;
        } catch (const std::exception& e) {
            spdlog::error("store: a write failed: {}", e.what());
            last_error = e.what();
            backend->rollback();
            return Outcome::write_failed;
        }
    }

    void run() {
        for (;;) {
            std::deque<Op> batch;
            {
                std::unique_lock lock(queue_mutex);
                queued.wait(lock, [&] { return stopping || !queue.empty(); });
                if (queue.empty()) return;  // stopping, and everything is written
                const std::size_t n = std::min(queue.size(), kMaxGroup);
                batch.insert(batch.end(), std::make_move_iterator(queue.begin()), std::make_move_iterator(queue.begin() + n));
                queue.erase(queue.begin(), queue.begin() + n);
            }
            std::vector<bool> durable(batch.size(), true);
            {
                const std::lock_guard lock(db_mutex);
                const Outcome round = commit(batch.begin(), batch.end());
                if (round == Outcome::no_transaction) {
                    durable.assign(batch.size(), false);
                } else if (round == Outcome::write_failed) {
                    // One bad write must not cost the others: each on its own, only the failing one is lost
                    // (unless the database goes out of reach meanwhile: the rest then fail without waiting).
                    bool reachable = true;
                    for (std::size_t i = 0; i < batch.size(); ++i) {
                        const Outcome alone = reachable ? commit(batch.begin() + i, batch.begin() + i + 1) : Outcome::no_transaction;
                        reachable = alone != Outcome::no_transaction;
                        durable[i] = alone == Outcome::committed;
                    }
                }
            }
            const auto ok = static_cast<std::uint64_t>(std::count(durable.begin(), durable.end(), true));
            std::uint64_t commits = 1;
            // Before the callbacks: whoever hears of a failed write (a room, a REST answer) finds it in health().
            record_round(ok == batch.size());
            for (std::size_t i = 0; i < batch.size(); ++i) {
                if (batch[i].done) {
                    try {
                        batch[i].done(durable[i]);
                    } catch (const std::exception& e) {
                        spdlog::error("store: a commit callback failed: {}", e.what());
                    }
                }
            }
            const std::size_t done_count = batch.size();
            if (ok != done_count) commits += done_count;
            // The callbacks' captures (rooms, and through them this store) go before flush() hears the
            // round is done: once it returns, nothing of the caller's is released on this thread.
            batch.clear();
            {
                const std::lock_guard lock(queue_mutex);
                finished += done_count;
                stats.writes += ok;
                stats.failed += done_count - ok;
                stats.commits += commits;
            }
            committed.notify_all();
        }
    }
};

Store::Store(const std::string& path) : impl_(std::make_unique<Impl>()) {
    const bool postgres = is_database_url(path);
    impl_->path = postgres ? pg::redact(path) : path;  // for messages: never a password
    impl_->backend = postgres ? open_postgres(path) : open_sqlite(path);
    impl_->version = impl_->backend->schema_version();
    impl_->writer = std::thread([impl = impl_.get()] { impl->run(); });
}

Store::~Store() {
    if (std::this_thread::get_id() == impl_->writer.get_id()) {
        // The last owner let go inside a `done` callback: the writer cannot join itself. Everything
        // was written; the thread ends when the callback returns, so its state is left to it.
        spdlog::warn("store: released from its own writer thread; {} stays open until the process exits", impl_->path);
        impl_->writer.detach();
        static_cast<void>(impl_.release());
        return;
    }
    {
        const std::lock_guard lock(impl_->queue_mutex);
        impl_->stopping = true;
    }
    impl_->queued.notify_one();
    impl_->writer.join();
}

const std::string& Store::path() const { return impl_->path; }
int Store::schema_version() const { return impl_->version; }

void Store::flush() {
    std::unique_lock lock(impl_->queue_mutex);
    const std::uint64_t target = impl_->enqueued;
    impl_->committed.wait(lock, [&] { return impl_->finished >= target; });
}

Store::Health Store::health() const {
    const std::lock_guard lock(impl_->health_mutex);
    return impl_->health;
}

Store::Stats Store::stats() const {
    const std::lock_guard lock(impl_->queue_mutex);
    Stats s = impl_->stats;
    s.queued = impl_->enqueued;
    return s;
}

void Store::create_room(RoomRecord room, Done done) {
    impl_->enqueue(
        [room = std::move(room)](Writes& w) {
            w.erase(room.code);
            w.save(room);
        },
        std::move(done));
}

void Store::save_room(RoomRecord room, Done done) {
    impl_->enqueue([room = std::move(room)](Writes& w) { w.save(room); }, std::move(done));
}

void Store::append_command(const std::string& code, std::int64_t game, LoggedCommand c, std::string phase,
                           std::optional<Snapshot> snapshot, Done done) {
    impl_->enqueue(
        [code, game, c = std::move(c), phase = std::move(phase), snapshot = std::move(snapshot)](Writes& w) {
            w.insert_command(code, game, c);
            w.set_phase(code, phase, now_ms());
            if (snapshot) w.put_snapshot(code, game, *snapshot, /*prune=*/true);
        },
        std::move(done));
}

void Store::append_chat(const std::string& code, std::string entry, std::size_t keep, Done done) {
    std::vector<std::string> entries;
    entries.push_back(std::move(entry));
    append_chat(code, std::move(entries), keep, std::move(done));
}

void Store::append_chat(const std::string& code, std::vector<std::string> entries, std::size_t keep, Done done) {
    impl_->enqueue(
        [code, entries = std::move(entries), keep](Writes& w) {
            for (const std::string& entry : entries) w.insert_chat(code, entry);
            w.trim_chat(code, keep);
        },
        std::move(done));
}

void Store::delete_room(const std::string& code, Done done) {
    impl_->enqueue([code](Writes& w) { w.erase(code); }, std::move(done));
}

void Store::save_timer(const std::string& code, std::string timer, std::optional<std::int64_t> wake_ms, Done done) {
    impl_->enqueue([code, timer = std::move(timer), wake_ms](Writes& w) { w.set_timer(code, timer, wake_ms); }, std::move(done));
}

// The synchronous calls wait for the writer's round in progress, then use the same connection.

std::vector<StoredRoom> Store::load_rooms() {
    const std::lock_guard lock(impl_->db_mutex);
    return impl_->backend->load_rooms();
}

std::vector<SleepingRoom> Store::sleeping_rooms() {
    const std::lock_guard lock(impl_->db_mutex);
    return impl_->backend->sleeping_rooms();
}

std::optional<StoredRoom> Store::wake_room(const std::string& code) {
    const std::lock_guard lock(impl_->db_mutex);
    return impl_->backend->wake_room(code);
}

std::optional<StoredRoom> Store::read_room(const std::string& code) {
    const std::lock_guard lock(impl_->db_mutex);
    return impl_->backend->read_room(code);
}

bool Store::import_room(const StoredRoom& room, bool replace) {
    const std::lock_guard lock(impl_->db_mutex);
    return impl_->backend->import_room(room, replace);
}

void Store::begin_serving() {
    const std::lock_guard lock(impl_->db_mutex);
    impl_->backend->begin_serving();
}

void Store::set_aside(const std::string& code, const std::string& problem) {
    const std::lock_guard lock(impl_->db_mutex);
    impl_->backend->set_aside(code, problem);
}

}  // namespace catan::store
