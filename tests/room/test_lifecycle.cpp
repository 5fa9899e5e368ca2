// Rooms over time: idle rooms are closed and freed, finished games stay readable for a while,
// shutdown tells everyone, one room's failure closes that room only, and room work runs only inside
// the room's executor (also with real threads).
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <future>
#include <thread>

#include "catan/engine/engine.hpp"
#include "support.hpp"

using namespace catan::room;
using namespace catan::room::test;
using namespace std::chrono_literals;

namespace {

HubOptions short_timeouts() {
    HubOptions o = seeded();
    o.idle_room_timeout = 60s;
    o.finished_room_keep = 120s;
    return o;
}

bool has_line(const std::string& text, const std::string& line) { return text.find(line + "\n") != std::string::npos; }

}  // namespace

TEST_CASE("lifecycle: rooms with no connection are closed after the idle timeout", "[room]") {
    Fixture f(short_timeouts());
    const auto start = std::chrono::steady_clock::now();
    const Created empty = create(f.hub);
    const Created busy = create(f.hub);
    Client a(f.hub, 1);
    a.send(msg("join", {{"room", busy.code}, {"name", "Ana"}}));
    CHECK(has_line(f.metrics->prometheus(), "catan_rooms 2"));

    f.hub.sweep(start + 30s);
    CHECK(f.hub.room_count() == 2);
    f.hub.sweep(start + 61s);
    CHECK(f.hub.room_count() == 1);
    CHECK(f.hub.room_summary(empty.code).status == 404);
    CHECK(f.hub.room_summary(busy.code).status == 200);  // someone is connected
    CHECK(has_line(f.metrics->prometheus(), "catan_rooms 1"));

    a.close();  // the seat is kept, but nobody is connected any more
    const auto left = std::chrono::steady_clock::now();
    f.hub.sweep(left + 30s);
    CHECK(f.hub.room_count() == 1);
    f.hub.sweep(left + 61s);
    CHECK(f.hub.room_count() == 0);
    CHECK(has_line(f.metrics->prometheus(), "catan_rooms 0"));
    CHECK(has_line(f.metrics->prometheus(), "catan_connections 0"));
    Client b(f.hub, 2);
    b.send(msg("join", {{"room", busy.code}, {"name", "Bob"}}));
    CHECK(b.last("error")["code"] == "no_such_room");
}

TEST_CASE("lifecycle: a finished game stays readable, then is archived", "[room]") {
    Fixture f(short_timeouts());
    const Created room = create(f.hub, json{{"players", 2}, {"vp_target", 3}, {"seed", "5"}});
    Client a(f.hub, 1), b(f.hub, 2);
    a.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
    b.send(msg("join", {{"room", room.code}, {"name", "Bob"}}));
    a.send(msg("start"));
    a.poll();
    b.poll();
    catan::Rng rng(5);
    Client* seat[] = {&a, &b};
    while (a.doc()["room"]["phase"] == "playing") {
        const auto& to_act = a.doc()["game"]["to_act"];
        const int actor = to_act.empty() ? a.doc()["game"]["current"].get<int>() : to_act[0].get<int>();
        const json actions = seat[actor]->legal()["actions"];
        REQUIRE(!actions.empty());
        seat[actor]->send(msg("command", {{"seq", seat[actor]->seq()}, {"command", actions[rng.below(static_cast<std::uint32_t>(actions.size()))]}}));
        a.poll();
        b.poll();
    }
    CHECK(a.doc()["room"]["phase"] == "finished");
    a.close();
    b.close();
    const auto done = std::chrono::steady_clock::now();
    f.hub.sweep(done + 90s);  // past the idle timeout: kept, it is a finished game
    REQUIRE(f.hub.room_count() == 1);
    Client reader(f.hub, 3);
    reader.send(msg("spectate", {{"room", room.code}}));
    CHECK(reader.last("snapshot")["doc"]["room"]["phase"] == "finished");
    f.hub.sweep(done + 121s);
    CHECK(f.hub.room_count() == 0);
    CHECK(reader.last("closing")["reason"].is_string());
    CHECK(reader.outbox()->closed());
}

TEST_CASE("lifecycle: shutdown tells every connection, then closes it", "[room]") {
    Fixture f;
    const Created r1 = create(f.hub), r2 = create(f.hub);
    Client a(f.hub, 1), b(f.hub, 2), idle(f.hub, 3);
    a.send(msg("join", {{"room", r1.code}, {"name", "Ana"}}));
    b.send(msg("spectate", {{"room", r2.code}}));
    for (Client* c : {&a, &b, &idle}) c->poll();
    f.hub.shutdown("server restarting");
    for (Client* c : {&a, &b, &idle}) {
        const auto got = c->poll();
        REQUIRE(got.size() == 1);
        CHECK(got[0] == json{{"v", 1}, {"type", "closing"}, {"reason", "server restarting"}});
        CHECK(c->outbox()->closed());
    }
    CHECK(f.hub.room_count() == 0);
    a.send(msg("ping"));
    CHECK(a.poll().empty());
    // A room made now would be closed before anyone could join it.
    const auto late = create_room(f.hub, json::object());
    CHECK(late.status == 503);
    CHECK(late.body["code"] == "shutting_down");
    CHECK(f.hub.room_count() == 0);
}

TEST_CASE("lifecycle: an exception inside one room closes that room only", "[room]") {
    Fixture f;
    const Created bad = create(f.hub), good = create(f.hub);
    Client a(f.hub, 1), b(f.hub, 2), c(f.hub, 3), d(f.hub, 4);
    a.send(msg("join", {{"room", bad.code}, {"name", "Ana"}}));
    b.send(msg("spectate", {{"room", bad.code}}));
    c.send(msg("join", {{"room", good.code}, {"name", "Cy"}, {"host_key", good.host_key}}));
    d.send(msg("join", {{"room", good.code}, {"name", "Dee"}}));
    for (Client* x : {&a, &b, &c, &d}) x->poll();

    CHECK(f.hub.post_for_testing(bad.code, [] { throw std::runtime_error("injected failure"); }));
    for (Client* x : {&a, &b}) {
        CHECK(x->last("closing")["reason"] == "internal error");
        CHECK(x->outbox()->closed());
    }
    CHECK(f.hub.room_count() == 1);
    CHECK(f.hub.room_summary(bad.code).status == 404);
    CHECK(!f.hub.post_for_testing(bad.code, [] {}));
    // A message still routed to the dead room is answered, not lost.
    a.send(msg("chat", {{"text", "hello?"}}));
    CHECK(a.last("error")["code"] == "no_such_room");

    // The other room carries on.
    c.send(msg("chat", {{"text", "still here"}}));
    CHECK(d.last("chat")["text"] == "still here");
    c.send(msg("start"));
    d.poll();
    CHECK(d.doc()["room"]["phase"] == "playing");
    CHECK(c.outbox()->closed() == false);
}

TEST_CASE("lifecycle: room work happens only inside the room's executor", "[room]") {
    auto executors = std::make_shared<std::vector<std::shared_ptr<QueuedExecutor>>>();
    Fixture f(seeded(), [executors] {
        executors->push_back(std::make_shared<QueuedExecutor>());
        return executors->back();
    });
    const Created room = create(f.hub);
    REQUIRE(executors->size() == 1);
    QueuedExecutor& strand = *executors->front();
    Client a(f.hub, 1);
    a.send(msg("join", {{"room", room.code}, {"name", "Ana"}}));
    a.send(msg("chat", {{"text", "queued"}}));
    CHECK(a.poll().empty());  // nothing yet: the room has not run
    CHECK(strand.pending() == 2);
    CHECK(strand.run_all() == 2);
    const auto got = a.poll();
    REQUIRE(got.size() == 3);
    CHECK(got[0]["type"] == "welcome");
    CHECK(got[1]["type"] == "snapshot");
    CHECK(got[2]["type"] == "chat");
    // Ping and errors about the envelope need no room.
    a.send(msg("ping"));
    a.send_raw("{");
    CHECK(a.poll().size() == 2);
    CHECK(strand.pending() == 0);
    // Closing is posted too.
    a.close();
    CHECK(strand.pending() == 1);
    strand.run_all();
    CHECK(f.hub.room_summary(room.code).body["seats"][0]["connected"] == false);
}

namespace {

// A strand made of one thread: tasks run in order, one at a time, off the callers' threads.
class ThreadExecutor : public Executor {
public:
    ThreadExecutor() : worker_([this] { loop(); }) {}
    ~ThreadExecutor() override {
        {
            const std::lock_guard lock(mutex_);
            stop_ = true;
        }
        wake_.notify_one();
        worker_.join();
    }
    void post(std::function<void()> task) override {
        {
            const std::lock_guard lock(mutex_);
            tasks_.push_back(std::move(task));
        }
        wake_.notify_one();
    }
    // Delays are not this test's subject (its rooms have no bots): the clock never reaches them.
    void post_after(std::chrono::milliseconds, std::function<void()>) override {}
    // Waits until every task posted so far has run and been destroyed. Tasks own their room and a
    // room owns its executor, so without this the last reference could be dropped on the worker
    // thread itself, which cannot join itself.
    void drain() {
        std::promise<void> done;
        post([&done] { done.set_value(); });
        done.get_future().wait();
    }

private:
    void loop() {
        for (;;) {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stop_ || !tasks_.empty(); });
            if (tasks_.empty()) return;
            auto task = std::move(tasks_.front());
            tasks_.pop_front();
            lock.unlock();
            task();
        }
    }
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> tasks_;
    bool stop_ = false;
    std::thread worker_;
};

// Polls until `pred` holds for what the client has received (the room runs on another thread).
template <class Pred>
bool wait_for(Client& c, Pred pred) {
    for (int i = 0; i < 20000; ++i) {
        c.poll();
        if (pred()) return true;
        std::this_thread::sleep_for(100us);
    }
    return false;
}

}  // namespace

TEST_CASE("lifecycle: rooms on their own threads, driven from several threads at once", "[room][threads]") {
    std::vector<std::shared_ptr<ThreadExecutor>> keep;
    std::mutex keep_mutex;
    {
        Fixture f(unlimited_chat(seeded()), [&] {
            auto e = std::make_shared<ThreadExecutor>();
            const std::lock_guard lock(keep_mutex);
            keep.push_back(e);
            return e;
        });
        constexpr int kRooms = 4;
        std::atomic<int> finished{0}, failures{0};
        std::vector<Created> rooms;  // made here: Catch2 assertions (inside create) are not thread-safe
        for (int r = 0; r < kRooms; ++r)
            rooms.push_back(create(f.hub, json{{"players", 2}, {"vp_target", 4}, {"seed", std::to_string(r + 1)}}));
        std::vector<std::thread> drivers;
        for (int r = 0; r < kRooms; ++r)
            drivers.emplace_back([&, r] {
                const Created& room = rooms[r];
                Client a(f.hub, 10 * r + 1, &failures), b(f.hub, 10 * r + 2, &failures), w(f.hub, 10 * r + 3, &failures);
                const auto fail = [&](const char* what) {
                    std::fprintf(stderr, "room %d: %s\n", r, what);
                    ++failures;
                };
                a.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
                b.send(msg("join", {{"room", room.code}, {"name", "Bob"}}));
                w.send(msg("spectate", {{"room", room.code}}));
                for (Client* c : {&a, &b, &w})
                    if (!wait_for(*c, [&] { return c->has_doc(); })) fail("no snapshot");
                a.send(msg("start"));
                const auto in_step = [&] {
                    return wait_for(w, [&] {
                        a.poll();
                        b.poll();
                        return a.seq() == w.seq() && b.seq() == w.seq();
                    });
                };
                if (!wait_for(w, [&] { return w.doc()["room"]["phase"] == "playing"; }) || !in_step()) fail("no start");
                catan::Rng rng(static_cast<std::uint64_t>(r));
                Client* seat[] = {&a, &b};
                for (int step = 0; step < 3000 && failures == 0; ++step) {
                    if (a.doc()["room"]["phase"] == "finished") {
                        ++finished;
                        break;
                    }
                    const auto& to_act = a.doc()["game"]["to_act"];
                    const int who = to_act.empty() ? a.doc()["game"]["current"].get<int>() : to_act[0].get<int>();
                    const json actions = seat[who]->legal()["actions"];
                    const std::uint64_t seq = seat[who]->seq();
                    seat[who]->send(msg("command", {{"seq", seq}, {"command", actions[rng.below(static_cast<std::uint32_t>(actions.size()))]}}));
                    w.send(msg("chat", {{"text", "go"}}));  // chat from another thread meanwhile
                    if (!wait_for(w, [&] { return w.seq() > seq; }) || !in_step()) fail("no update");
                }
                a.close();
                b.close();
                w.close();
            });
        for (auto& t : drivers) t.join();
        CHECK(failures == 0);
        CHECK(finished == kRooms);
    }  // the hub goes first; the rooms live on in their executors' queues until those drain
    for (auto& e : keep) e->drain();
}
