#pragma once
// Test doubles for the room layer: an outbox that records what a connection is sent, executors that
// run tasks inline or on demand, and a client that keeps the document its updates describe.
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "catan/room/executor.hpp"
#include "catan/room/hub.hpp"
#include "catan/room/metrics.hpp"
#include "catan/room/outbox.hpp"

namespace catan::room::test {

using nlohmann::json;

// A room's doc.game less what the room adds to the engine's view (doc.game.stats), for comparing
// with proto::player_view.
inline json engine_view(json game) {
    if (game.is_object()) game.erase("stats");
    return game;
}

class FakeOutbox : public Outbox {
public:
    // `host`: the peer's address (per-address limits count by it); every connection has its own port.
    explicit FakeOutbox(std::uint64_t id, std::string_view host = "127.0.0.1")
        : id_(id), remote_(std::string(host) + ":" + std::to_string(40000 + id)) {}
    void send(Message message) override {
        const std::lock_guard lock(mutex_);
        sent_.push_back(std::move(message));
    }
    void close(std::string_view reason) override {
        const std::lock_guard lock(mutex_);
        closed_ = true;
        close_reason_ = reason;
    }
    std::uint64_t id() const override { return id_; }
    const std::string& remote() const override { return remote_; }

    std::vector<Message> sent() const {
        const std::lock_guard lock(mutex_);
        return sent_;
    }
    bool closed() const {
        const std::lock_guard lock(mutex_);
        return closed_;
    }
    std::string close_reason() const {
        const std::lock_guard lock(mutex_);
        return close_reason_;
    }

private:
    std::uint64_t id_;
    std::string remote_;
    mutable std::mutex mutex_;
    std::vector<Message> sent_;
    bool closed_ = false;
    std::string close_reason_;
};

// Runs the tasks `next` hands out (taken under `mutex`, run outside it, so a task may add more)
// until it hands out none; returns how many ran.
template <class Next>
std::size_t run_each(std::mutex& mutex, Next next) {
    for (std::size_t n = 0;; ++n) {
        std::function<void()> task;
        {
            const std::lock_guard lock(mutex);
            task = next();
        }
        if (!task) return n;
        task();
    }
}

// The test's clock for Executor::post_after: delayed tasks wait here until the test advances time.
class FakeTimers {
public:
    void add(std::chrono::milliseconds delay, std::function<void()> task) {
        const std::lock_guard lock(mutex_);
        waiting_.push_back({now_ + delay, next_++, std::move(task)});
    }
    // Moves the clock forward by `by`, running every task that falls due on the way, earliest first
    // (tasks they add run too if they fall due in time). Returns how many ran.
    std::size_t advance(std::chrono::milliseconds by) {
        std::chrono::milliseconds target;
        {
            const std::lock_guard lock(mutex_);
            target = now_ + by;
        }
        return run_each(mutex_, [&]() -> std::function<void()> {
            auto first = waiting_.end();
            for (auto it = waiting_.begin(); it != waiting_.end(); ++it)
                if (it->due <= target && (first == waiting_.end() || std::pair(it->due, it->order) < std::pair(first->due, first->order)))
                    first = it;
            if (first == waiting_.end()) {
                now_ = target;
                return {};
            }
            now_ = first->due;
            auto task = std::move(first->task);
            waiting_.erase(first);
            return task;
        });
    }
    std::size_t pending() const {
        const std::lock_guard lock(mutex_);
        return waiting_.size();
    }
    // The time the test has advanced to, as the rooms' clock (HubOptions::clock) reads it.
    std::chrono::steady_clock::time_point now() const {
        const std::lock_guard lock(mutex_);
        return std::chrono::steady_clock::time_point(now_);
    }

private:
    struct Waiting {
        std::chrono::milliseconds due;
        std::uint64_t order;
        std::function<void()> task;
    };
    mutable std::mutex mutex_;
    std::chrono::milliseconds now_{0};
    std::uint64_t next_ = 0;
    std::deque<Waiting> waiting_;
};

// Runs every task at once, on the caller's thread: room work happens inside Hub::on_text. Delayed
// tasks wait for the test to advance `timers`. A room's work is one task at a time, as on a strand:
// with a store, commits call back on its writer thread while the test's thread sends, so a task waits
// for the one another thread is running (a task posting to its own room runs at once, as before).
class InlineExecutor : public Executor {
public:
    explicit InlineExecutor(std::shared_ptr<FakeTimers> timers = std::make_shared<FakeTimers>()) : timers_(std::move(timers)) {}
    void post(std::function<void()> task) override {
        const std::lock_guard lock(running_);
        task();
    }
    void post_after(std::chrono::milliseconds delay, std::function<void()> task) override { timers_->add(delay, std::move(task)); }

private:
    std::shared_ptr<FakeTimers> timers_;
    std::recursive_mutex running_;
};

// Holds tasks until the test runs them, to check nothing happens before the room's turn.
class QueuedExecutor : public Executor {
public:
    // A delayed task is queued here once `timers` reach it.
    explicit QueuedExecutor(std::shared_ptr<FakeTimers> timers = std::make_shared<FakeTimers>()) : timers_(std::move(timers)) {}
    void post_after(std::chrono::milliseconds delay, std::function<void()> task) override {
        timers_->add(delay, [this, task = std::move(task)]() mutable { post(std::move(task)); });
    }
    void post(std::function<void()> task) override {
        const std::lock_guard lock(mutex_);
        tasks_.push_back(std::move(task));
    }
    std::size_t run_all() {
        return run_each(mutex_, [&]() -> std::function<void()> {
            if (tasks_.empty()) return {};
            auto task = std::move(tasks_.front());
            tasks_.pop_front();
            return task;
        });
    }
    std::size_t pending() const {
        const std::lock_guard lock(mutex_);
        return tasks_.size();
    }

private:
    std::shared_ptr<FakeTimers> timers_;
    mutable std::mutex mutex_;
    std::deque<std::function<void()>> tasks_;
};

inline ExecutorFactory inline_executors(std::shared_ptr<FakeTimers> timers = std::make_shared<FakeTimers>()) {
    return [timers = std::move(timers)] { return std::make_shared<InlineExecutor>(timers); };
}

// Room tests deal repeatable games from seeds they choose, as a test server run with
// --allow-client-seeds does. A test of the normal server's refusal passes HubOptions{} instead.
inline HubOptions seeded(HubOptions options = {}) {
    options.allow_client_seeds = true;
    return options;
}

// Bots that move at once (no pause between their moves) and think briefly at the strong level.
inline HubOptions quick_bots(HubOptions o = seeded()) {
    o.bot_delay = std::chrono::milliseconds(0);
    o.strong_bot_budget = std::chrono::milliseconds(20);
    return o;
}

// Limits high enough that a test sending chat lines in a tight loop is never refused.
inline HubOptions unlimited_chat(HubOptions o = {}) {
    o.chat_rate_room = o.chat_burst_room = o.chat_rate_address = o.chat_burst_address = 1e6;
    return o;
}

// The rooms read `timers` as their clock (turn timers), unless the test set another.
inline HubOptions clocked_by(HubOptions options, const std::shared_ptr<FakeTimers>& timers) {
    if (!options.clock) options.clock = [timers] { return timers->now(); };
    return options;
}

// Tests play whole games while the fake clock stands still: the per-seat command rate would refuse all
// but a seat's first burst, so it is off unless a test of it asks for it.
inline HubOptions command_rate(HubOptions options, bool keep) {
    if (!keep) options.command_rate_seat = 0;
    return options;
}

// A hub whose rooms run inline; `timers` is the clock of their delayed tasks (bots, takeovers) and
// of their turn timers (and of the per-seat command rate, when `keep_command_rate`).
struct Fixture {
    explicit Fixture(HubOptions options = seeded(), ExecutorFactory executors = {}, std::shared_ptr<Worker> workers = nullptr,
                     bool keep_command_rate = false)
        : timers(std::make_shared<FakeTimers>()),
          metrics(std::make_shared<Metrics>()),
          hub(clocked_by(command_rate(std::move(options), keep_command_rate), timers),
              executors ? std::move(executors) : inline_executors(timers), metrics, std::move(workers)) {}
    std::shared_ptr<FakeTimers> timers;
    std::shared_ptr<Metrics> metrics;
    Hub hub;
};

// One WebSocket connection as the hub sees it, plus the client-side state a real client keeps:
// the document (snapshot + patches in order), the last seq and legal actions.
class Client {
public:
    Client(Hub& hub, std::uint64_t id, std::atomic<int>* failures = nullptr, std::string_view host = "127.0.0.1")
        : hub_(hub), out_(std::make_shared<FakeOutbox>(id, host)), failures_(failures) {
        hub_.on_open(out_);
    }

    void send(const json& message) { hub_.on_text(out_, message.dump()); }
    void send_raw(std::string_view text) { hub_.on_text(out_, text); }
    void close() {
        hub_.on_close(out_);
        closed_ = true;
    }
    bool closed() const { return closed_; }

    // Messages received since the last call, parsed; snapshots and updates are applied on the way.
    std::vector<json> poll() {
        const auto all = out_->sent();
        std::vector<json> fresh;
        for (; read_ < all.size(); ++read_) {
            json m = json::parse(*all[read_]);
            absorb(m);
            fresh.push_back(std::move(m));
        }
        return fresh;
    }
    // The last message of `type` among those received since the previous poll (null if none).
    json last(std::string_view type) {
        json found;
        for (json& m : poll())
            if (m["type"] == type) found = std::move(m);
        return found;
    }

    const std::shared_ptr<FakeOutbox>& outbox() const { return out_; }
    const json& doc() const { return doc_; }
    const json& legal() const { return legal_; }
    std::uint64_t seq() const { return seq_; }
    bool has_doc() const { return !doc_.is_null(); }
    int snapshots() const { return snapshots_; }
    int topologies() const { return topologies_; }

private:
    // Catch2 assertions are not thread-safe: clients polled from other threads count failures instead.
    void expect(bool ok) {
        if (failures_)
            failures_->fetch_add(ok ? 0 : 1);
        else
            REQUIRE(ok);
    }

    void absorb(const json& m) {
        expect(m.at("v") == 1);
        if (m["type"] == "snapshot") {
            doc_ = m.at("doc");
            seq_ = m.at("seq").get<std::uint64_t>();
            legal_ = m.at("legal");
            ++snapshots_;
            topologies_ += m.contains("topology");
        } else if (m["type"] == "update" && has_doc()) {
            // Updates come in order with no gaps; each patch applies to exactly what was sent before.
            expect(m.at("seq").get<std::uint64_t>() == seq_ + 1);
            seq_ = m["seq"].get<std::uint64_t>();
            doc_ = doc_.patch(m.at("patch"));
            legal_ = m.at("legal");
            // Every value a patch carries is part of the new document: nothing outside the
            // recipient's view travels, not even transiently.
            for (const json& op : m["patch"])
                if (op.contains("value")) expect(doc_.at(json::json_pointer(op["path"].get<std::string>())) == op["value"]);
        }
    }

    Hub& hub_;
    std::shared_ptr<FakeOutbox> out_;
    std::size_t read_ = 0;
    json doc_;
    json legal_;
    std::uint64_t seq_ = 0;
    int snapshots_ = 0;
    int topologies_ = 0;
    bool closed_ = false;
    std::atomic<int>* failures_;
};

inline json msg(std::string_view type, json fields = json::object()) {
    fields["v"] = 1;
    fields["type"] = type;
    return fields;
}

// A room made over REST: its code and host key.
struct Created {
    std::string code;
    std::string host_key;
};
// POST /api/rooms from `remote`, its answer waited for (with a store it comes from the store's writer).
inline Hub::HttpResult create_room(Hub& hub, const json& options, std::string_view remote = "127.0.0.1:40000") {
    std::promise<Hub::HttpResult> answer;
    auto answered = answer.get_future();
    hub.create_room(options, remote, [&answer](Hub::HttpResult r) { answer.set_value(std::move(r)); });
    return answered.get();
}
inline Created create(Hub& hub, json options = json::object()) {
    const auto r = create_room(hub, options);
    REQUIRE(r.status == 201);
    return {r.body.at("code").get<std::string>(), r.body.at("host_key").get<std::string>()};
}

}  // namespace catan::room::test
