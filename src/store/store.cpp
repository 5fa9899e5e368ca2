// The store: one backend connection (SQLite or PostgreSQL) shared, under a mutex, by the synchronous
// calls and the writer thread. The writer drains the queue into one transaction per round, so the
// cost of a commit (an fsync, a round trip) is shared by every room that wrote meanwhile; `done`
// callbacks run only after COMMIT returns. Each round first locks the rows of the rooms it writes and
// makes only the writes of rooms this Store still holds (fence.hpp).
#include "catan/store/store.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include <spdlog/spdlog.h>
#include <unistd.h>

#include "backend.hpp"
#include "fence.hpp"
#include "pg/libpq.hpp"

namespace catan::store {

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

namespace {

constexpr std::size_t kMaxGroup = 4096;  // writes per transaction at most (bounds a round's latency)

struct Op {
    enum class Kind { write, create, erase, release };
    Kind kind = Kind::write;
    std::string code;        // the room it writes
    std::int64_t epoch = 0;  // create: the new room's
    std::function<void(Writes&)> write;
    Done done;
};

enum class Result { durable, failed, fenced };

// The default name of a node, as serve's --node has it.
std::string host_name() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0') return "catan-server";
    return name;
}

std::string joined(const std::vector<std::string>& codes) {
    std::string out;
    for (const std::string& code : codes) out.append(out.empty() ? "" : ", ").append(code);
    return out;
}

}  // namespace

bool is_database_url(std::string_view data) { return data.starts_with("postgresql://") || data.starts_with("postgres://"); }

struct Store::Impl {
    std::string path;
    int version = 0;
    Lease lease;
    std::chrono::milliseconds renew_every{};
    bool renew = true;  // on the writer's schedule
    std::mutex db_mutex;  // the backend's connection: the writer's rounds and the synchronous calls
    std::unique_ptr<Backend> backend;

    // The rooms this Store holds, with the epoch it took each with. Changed only with db_mutex held (so
    // a round sees it steady) and held_mutex too; holds() reads it under held_mutex alone.
    mutable std::mutex held_mutex;
    std::map<std::string, std::int64_t> held;
    bool serving = false;  // begin_serving ran (db_mutex)

    std::mutex lost_mutex;
    std::function<void(std::string)> on_lost;

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

    bool failing_renewal = false;  // the failing spell began with a lease renewal, not a commit (health_mutex)

    void record_round(bool no_failure) {
        const std::lock_guard lock(health_mutex);
        failing_renewal = false;
        if (no_failure) {
            if (health.failing) spdlog::info("store: {} takes writes again", path);
            health = {};
            return;
        }
        if (!health.failing) health.since_ms = now_ms();
        health.failing = true;
        health.problem = last_error;
    }

    // A renewal that goes through ends only a failing spell a renewal began: a commit that failed (a
    // full disk, a refused row) is over only when a commit goes through.
    void record_renewal(bool ok) {
        const std::lock_guard lock(health_mutex);
        if (ok) {
            if (health.failing && failing_renewal) {
                spdlog::info("store: {} takes writes again", path);
                health = {};
                failing_renewal = false;
            }
            return;
        }
        if (!health.failing) {
            health.since_ms = now_ms();
            failing_renewal = true;
        }
        health.failing = true;
        health.problem = last_error;
    }

    void enqueue(Op op) {
        {
            const std::lock_guard lock(queue_mutex);
            queue.push_back(std::move(op));
            ++enqueued;
        }
        queued.notify_one();
    }

    // ---- held rooms (db_mutex held) ----
    void hold(const std::string& code, std::int64_t epoch) {
        const std::lock_guard lock(held_mutex);
        held[code] = epoch;
    }
    void forget(const std::vector<std::string>& codes) {
        const std::lock_guard lock(held_mutex);
        for (const std::string& code : codes) held.erase(code);
    }
    // (db_mutex held.) A renewal is a write like the writer's rounds, and its outcome is the store's
    // health as theirs is: a node holding rooms that cannot renew them has lost the database even when
    // nobody plays (its /healthz must say so, or a proxy keeps sending it players), and one that renews
    // them writes again.
    std::vector<std::string> renew_held() {
        if (held.empty()) return {};
        std::vector<Claim> claims;
        claims.reserve(held.size());
        for (const auto& [code, epoch] : held) claims.push_back({code, epoch});
        std::vector<std::string> lost;
        try {
            lost = backend->renew(lease, claims);
        } catch (const std::exception& e) {
            last_error = e.what();
            record_renewal(false);
            throw;
        }
        record_renewal(true);
        forget(lost);
        return lost;
    }

    // Off every lock of the store: the callback may call into it.
    void report_lost(const std::vector<std::string>& codes) {
        if (codes.empty()) return;
        spdlog::warn("store: node {} no longer holds room(s) {}: another node took them over, or they were freed", lease.node, joined(codes));
        std::function<void(std::string)> tell;
        {
            const std::lock_guard lock(lost_mutex);
            tell = on_lost;
        }
        if (!tell) return;
        for (const std::string& code : codes) {
            try {
                tell(code);
            } catch (const std::exception& e) {
                spdlog::error("store: the lost-room callback failed for {}: {}", code, e.what());
            }
        }
    }

    enum class Outcome { committed, write_failed, no_transaction };

    // One transaction for ops[first, last): the rows of their rooms locked, then each write made if the
    // fence admits it (else its result is `fenced`); anything but `committed` rolled back. Rooms found
    // lost are forgotten and added to `lost` whatever the outcome. `no_transaction`: none could begin
    // (the database is busy or out of reach), so no write of them could succeed on its own either.
    Outcome commit(std::vector<Op>& ops, std::size_t first, std::size_t last, std::vector<Result>& results,
                   std::vector<std::string>& lost) {
        try {
            backend->begin();
        } catch (const std::exception& e) {
            spdlog::error("store: cannot begin a transaction: {}", e.what());
            last_error = e.what();
            return Outcome::no_transaction;
        }
        try {
            // Only rows that can matter: a room held (to check and lock it) and a new room's code (in use or
            // not). A write of any other room is fenced without a look, never locking another node's row.
            std::vector<std::string> codes;
            for (std::size_t i = first; i < last; ++i)
                if (ops[i].kind == Op::Kind::create || held.count(ops[i].code)) codes.push_back(ops[i].code);
            std::sort(codes.begin(), codes.end());
            codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
            Fence fence(held, codes, backend->lock_rooms(codes), lease.node);
            if (!fence.lost().empty()) {
                lost.insert(lost.end(), fence.lost().begin(), fence.lost().end());
                forget(fence.lost());
            }
            for (std::size_t i = first; i < last; ++i) {
                Op& op = ops[i];
                bool admitted = false;
                switch (op.kind) {
                    case Op::Kind::write: admitted = fence.write(op.code); break;
                    case Op::Kind::create: admitted = fence.create(op.code, op.epoch); break;
                    case Op::Kind::erase: admitted = fence.erase(op.code); break;
                    case Op::Kind::release: admitted = fence.release(op.code); break;
                }
                if (admitted) op.write(backend->writes());
                results[i] = admitted ? Result::durable : Result::fenced;
            }
            backend->commit();
            const std::lock_guard lock(held_mutex);
            fence.settle(held);
            return Outcome::committed;
        } catch (const std::exception& e) {
            spdlog::error("store: a write failed: {}", e.what());
            last_error = e.what();
            backend->rollback();
            return Outcome::write_failed;
        }
    }

    void round(std::vector<Op>& batch) {
        std::vector<Result> results(batch.size(), Result::durable);
        std::vector<std::string> lost;
        std::uint64_t commits = 1;
        {
            const std::lock_guard lock(db_mutex);
            const Outcome outcome = commit(batch, 0, batch.size(), results, lost);
            if (outcome == Outcome::no_transaction) {
                results.assign(batch.size(), Result::failed);
            } else if (outcome == Outcome::write_failed) {
                // One bad write must not cost the others: each on its own, only the failing one is lost
                // (unless the database goes out of reach meanwhile: the rest then fail without waiting).
                bool reachable = true;
                for (std::size_t i = 0; i < batch.size(); ++i) {
                    const Outcome alone = reachable ? commit(batch, i, i + 1, results, lost) : Outcome::no_transaction;
                    reachable = alone != Outcome::no_transaction;
                    if (alone != Outcome::committed) results[i] = Result::failed;
                }
                commits += batch.size();
            }
        }
        // Before the `done`s: the server hears that a room is lost before the room hears its write was not made.
        report_lost(lost);
        const auto count = [&](Result r) { return static_cast<std::uint64_t>(std::count(results.begin(), results.end(), r)); };
        const std::uint64_t ok = count(Result::durable), failed = count(Result::failed);
        // Before the callbacks: whoever hears of a failed write (a room, a REST answer) finds it in health().
        record_round(failed == 0);
        for (std::size_t i = 0; i < batch.size(); ++i) {
            if (batch[i].done) {
                try {
                    batch[i].done(results[i] == Result::durable);
                } catch (const std::exception& e) {
                    spdlog::error("store: a commit callback failed: {}", e.what());
                }
            }
        }
        const std::size_t done_count = batch.size();
        // The callbacks' captures (rooms, and through them this store) go before flush() hears the
        // round is done: once it returns, nothing of the caller's is released on this thread.
        batch.clear();
        {
            const std::lock_guard lock(queue_mutex);
            finished += done_count;
            stats.writes += ok;
            stats.failed += failed;
            stats.fenced += done_count - ok - failed;
            stats.commits += commits;
        }
        committed.notify_all();
    }

    // Leases are renewed here, between rounds, rather than by the server: they must go on being renewed
    // however busy or stuck the server's threads are, and only for as long as this Store can write at
    // all (a writer stuck on an unreachable database stops renewing, and other nodes may then take its
    // rooms once the leases run out, which fencing makes safe). It also needs no connection or thread
    // of its own.
    void renew_on_schedule() {
        std::vector<std::string> lost;
        try {
            const std::lock_guard lock(db_mutex);
            lost = renew_held();
        } catch (const std::exception& e) {
            spdlog::warn("store: cannot renew node {}'s leases ({}); trying again in {} ms", lease.node, e.what(), renew_every.count());
        }
        report_lost(lost);
    }

    void run() {
        auto next_renewal = std::chrono::steady_clock::now() + renew_every;
        for (;;) {
            std::vector<Op> batch;
            {
                std::unique_lock lock(queue_mutex);
                const auto ready = [&] { return stopping || !queue.empty(); };
                if (renew)
                    queued.wait_until(lock, next_renewal, ready);
                else
                    queued.wait(lock, ready);
                if (stopping && queue.empty()) return;  // everything is written
                const std::size_t n = std::min(queue.size(), kMaxGroup);
                batch.insert(batch.end(), std::make_move_iterator(queue.begin()), std::make_move_iterator(queue.begin() + n));
                queue.erase(queue.begin(), queue.begin() + n);
            }
            if (renew && std::chrono::steady_clock::now() >= next_renewal) {
                renew_on_schedule();
                next_renewal = std::chrono::steady_clock::now() + renew_every;
            }
            if (!batch.empty()) round(batch);
        }
    }
};

Store::Store(const std::string& path, StoreOptions options) : impl_(std::make_unique<Impl>()) {
    if (options.lease.count() < 3) throw StoreError("a lease must last at least 3 ms (it is renewed every third of it)");
    const bool postgres = is_database_url(path);
    impl_->path = postgres ? pg::redact(path) : path;  // for messages: never a password
    impl_->lease = {options.node.empty() ? host_name() : std::move(options.node), options.lease.count()};
    impl_->renew_every = options.lease / 3;
    impl_->renew = options.renew;
    impl_->backend = postgres ? open_postgres(path) : open_sqlite(path);
    impl_->version = impl_->backend->schema_version();
    impl_->writer = std::thread([impl = impl_.get()] { impl->run(); });
}

Store::~Store() {
    if (std::this_thread::get_id() == impl_->writer.get_id()) {
        // The last owner let go inside a `done` callback: the writer cannot join itself. Everything
        // was written; the thread ends when the callback returns, so its state is left to it. Its
        // leases run out on their own.
        spdlog::warn("store: released from its own writer thread; {} stays open until the process exits", impl_->path);
        impl_->writer.detach();
        static_cast<void>(impl_.release());
        return;
    }
    // Queued after every write: what is queued for a room is written before another node may take it.
    std::vector<std::string> held;
    {
        const std::lock_guard lock(impl_->held_mutex);
        for (const auto& entry : impl_->held) held.push_back(entry.first);
    }
    for (const std::string& code : held) release_room(code);
    {
        const std::lock_guard lock(impl_->queue_mutex);
        impl_->stopping = true;
    }
    impl_->queued.notify_one();
    impl_->writer.join();
}

const std::string& Store::path() const { return impl_->path; }
int Store::schema_version() const { return impl_->version; }
const std::string& Store::node() const { return impl_->lease.node; }
std::chrono::milliseconds Store::lease() const { return std::chrono::milliseconds(impl_->lease.length_ms); }

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

// ---- writes ----

void Store::create_room(RoomRecord room, Done done) {
    Op op{Op::Kind::create, room.code, room.epoch, nullptr, std::move(done)};
    // A plain insert, never a delete first: on PostgreSQL a room another node creates meanwhile is visible
    // to the later statements of this transaction, and must make this insert fail, not be deleted.
    op.write = [room = std::move(room), lease = impl_->lease](Writes& w) { w.insert(room, lease); };
    impl_->enqueue(std::move(op));
}

void Store::save_room(RoomRecord room, Done done) {
    std::string code = room.code;
    impl_->enqueue({Op::Kind::write, std::move(code), 0, [room = std::move(room)](Writes& w) { w.save(room); }, std::move(done)});
}

void Store::append_command(const std::string& code, std::int64_t game, LoggedCommand c, std::string phase,
                           std::optional<Snapshot> snapshot, Done done) {
    impl_->enqueue({Op::Kind::write, code, 0,
                    [code, game, c = std::move(c), phase = std::move(phase), snapshot = std::move(snapshot)](Writes& w) {
                        w.insert_command(code, game, c);
                        w.set_phase(code, phase, now_ms());
                        if (snapshot) w.put_snapshot(code, game, *snapshot, /*prune=*/true);
                    },
                    std::move(done)});
}

void Store::append_chat(const std::string& code, std::string entry, std::size_t keep, Done done) {
    std::vector<std::string> entries;
    entries.push_back(std::move(entry));
    append_chat(code, std::move(entries), keep, std::move(done));
}

void Store::append_chat(const std::string& code, std::vector<std::string> entries, std::size_t keep, Done done) {
    impl_->enqueue({Op::Kind::write, code, 0,
                    [code, entries = std::move(entries), keep](Writes& w) {
                        for (const std::string& entry : entries) w.insert_chat(code, entry);
                        w.trim_chat(code, keep);
                    },
                    std::move(done)});
}

void Store::delete_room(const std::string& code, Done done) {
    impl_->enqueue({Op::Kind::erase, code, 0, [code](Writes& w) { w.erase(code); }, std::move(done)});
}

void Store::save_timer(const std::string& code, std::string timer, std::optional<std::int64_t> wake_ms, Done done) {
    impl_->enqueue({Op::Kind::write, code, 0,
                    [code, timer = std::move(timer), wake_ms](Writes& w) { w.set_timer(code, timer, wake_ms); }, std::move(done)});
}

void Store::release_room(const std::string& code, Done done) {
    impl_->enqueue({Op::Kind::release, code, 0, [code](Writes& w) { w.release(code); }, std::move(done)});
}

// ---- synchronous calls: they wait for the writer's round in progress, then use the same connection ----

void Store::begin_serving() {
    const std::lock_guard lock(impl_->db_mutex);
    const std::vector<Claim> taken = impl_->backend->begin_serving(impl_->lease);
    // Exactly what it took: every other room moved to a new epoch (an SQLite file) or is another node's.
    const std::lock_guard held_lock(impl_->held_mutex);
    impl_->held.clear();
    for (const Claim& c : taken) impl_->held[c.code] = c.epoch;
    impl_->serving = true;
}

std::vector<StoredRoom> Store::load_rooms() {
    const std::lock_guard lock(impl_->db_mutex);
    if (!impl_->serving) return impl_->backend->load_rooms(std::nullopt);
    std::vector<StoredRoom> rooms = impl_->backend->load_rooms(impl_->lease.node);
    std::erase_if(rooms, [&](const StoredRoom& r) {
        const auto h = impl_->held.find(r.room.code);
        return h == impl_->held.end() || h->second != r.room.epoch;
    });
    return rooms;
}

std::vector<SleepingRoom> Store::sleeping_rooms() {
    const std::lock_guard lock(impl_->db_mutex);
    return impl_->backend->sleeping_rooms();
}

Take Store::take_room(const std::string& code) {
    Take take;
    bool lost = false;
    {
        const std::lock_guard lock(impl_->db_mutex);
        take = impl_->backend->take_room(code, impl_->lease);
        if (take.room) {
            impl_->hold(code, take.room->room.epoch);
        } else if (impl_->held.count(code)) {  // another node's now, or gone
            impl_->forget({code});
            lost = true;
        }
    }
    if (lost) impl_->report_lost({code});
    return take;
}

std::optional<StoredRoom> Store::wake_room(const std::string& code) { return take_room(code).room; }

std::vector<std::string> Store::renew_leases() {
    std::vector<std::string> lost;
    {
        const std::lock_guard lock(impl_->db_mutex);
        lost = impl_->renew_held();
    }
    impl_->report_lost(lost);
    return lost;
}

bool Store::holds(const std::string& code) const {
    const std::lock_guard lock(impl_->held_mutex);
    return impl_->held.count(code) > 0;
}

void Store::on_lost(std::function<void(std::string code)> lost) {
    const std::lock_guard lock(impl_->lost_mutex);
    impl_->on_lost = std::move(lost);
}

std::optional<StoredRoom> Store::read_room(const std::string& code) {
    const std::lock_guard lock(impl_->db_mutex);
    return impl_->backend->read_room(code);
}

bool Store::import_room(const StoredRoom& room, bool replace) {
    const std::lock_guard lock(impl_->db_mutex);
    return impl_->backend->import_room(room, replace);
}

void Store::set_aside(const std::string& code, const std::string& problem) {
    const std::lock_guard lock(impl_->db_mutex);
    impl_->backend->set_aside(code, problem);
    impl_->forget({code});  // never served again
}

}  // namespace catan::store
