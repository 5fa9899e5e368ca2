// Replay records off the room's executor: a request hands the room's log to a
// worker and the room goes on playing while the record is built; concurrent requests for the same
// record share one build, and every answer is the same serialised string (no copy per request).
#include <deque>

#include "support.hpp"

using namespace catan::room;
using namespace catan::room::test;

namespace {

// A worker that runs its jobs only when the test says so.
class ManualWorker : public Worker {
public:
    void run(std::function<void()> job) override {
        const std::lock_guard lock(mutex_);
        jobs_.push_back(std::move(job));
    }
    std::size_t run_all() {
        return run_each(mutex_, [&]() -> std::function<void()> {
            if (jobs_.empty()) return {};
            auto job = std::move(jobs_.front());
            jobs_.pop_front();
            return job;
        });
    }
    std::size_t pending() const {
        const std::lock_guard lock(mutex_);
        return jobs_.size();
    }

private:
    mutable std::mutex mutex_;
    std::deque<std::function<void()>> jobs_;
};

// Every room gets a queued executor the test runs by hand; the last one made is the test's room.
struct QueuedRooms {
    std::shared_ptr<FakeTimers> timers = std::make_shared<FakeTimers>();
    std::shared_ptr<std::vector<std::shared_ptr<QueuedExecutor>>> made =
        std::make_shared<std::vector<std::shared_ptr<QueuedExecutor>>>();
    ExecutorFactory factory() {
        return [timers = timers, made = made] {
            made->push_back(std::make_shared<QueuedExecutor>(timers));
            return made->back();
        };
    }
    QueuedExecutor& room() { return *made->back(); }
};

// A started two-player game in a room whose executor and replay worker the test drives.
struct Paused {
    QueuedRooms rooms;
    std::shared_ptr<ManualWorker> worker = std::make_shared<ManualWorker>();
    Fixture f;
    Created room;
    Client ana{f.hub, 1}, bob{f.hub, 2};

    static HubOptions options(const std::shared_ptr<ManualWorker>& worker) {
        HubOptions o;
        o.replay_workers = worker;
        return o;
    }
    Paused() : f(options(worker), rooms.factory()) {
        room = create(f.hub, {{"players", 2}});
        ana.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
        bob.send(msg("join", {{"room", room.code}, {"name", "Bob"}}));
        rooms.room().run_all();
        ana.send(msg("start"));
        rooms.room().run_all();
        ana.poll();
        bob.poll();
        REQUIRE(ana.doc()["room"]["phase"] == "playing");
    }
    // One legal command of whichever seat may act, sent and run on the room's executor.
    void play_one() {
        for (Client* c : {&ana, &bob}) {
            c->poll();
            const json& legal = c->legal();
            if (legal.is_null() || legal["actions"].empty()) continue;
            c->send(msg("command", {{"seq", c->seq()}, {"command", legal["actions"][0]}}));
            rooms.room().run_all();
            REQUIRE(!c->last("update").is_null());
            return;
        }
        FAIL("nobody may act");
    }
    // A replay request, each from an address of its own (within every limit); the answer lands in
    // `out` whenever it comes.
    void request(std::optional<Hub::HttpResult>& out) {
        const std::string remote = "203.0.113." + std::to_string(++requests) + ":5000";
        f.hub.room_replay(room.code, remote, [&out](Hub::HttpResult r) { out = std::move(r); });
    }
    int requests = 0;
};

json parsed(const Hub::HttpResult& r) {
    REQUIRE(r.text);
    return json::parse(*r.text);
}

}  // namespace

TEST_CASE("replay: the record is built on a worker while the room plays on", "[room][replay]") {
    Paused p;
    p.play_one();
    std::optional<Hub::HttpResult> answer;
    p.request(answer);
    p.rooms.room().run_all();  // the room's part: a copy of its log handed to the worker, nothing built
    CHECK(!answer);
    REQUIRE(p.worker->pending() == 1);

    // The room is not held up: a command is applied and broadcast while the build waits.
    p.play_one();
    CHECK(!answer);

    p.worker->run_all();
    CHECK(!answer);  // the result goes back through the room's executor
    p.rooms.room().run_all();
    REQUIRE(answer);
    CHECK(answer->status == 200);
    // The record is of the log at the time of the request: one step, not two.
    CHECK(parsed(*answer)["steps"].size() == 1);

    // A request now sees the second command: a new build, of two steps.
    std::optional<Hub::HttpResult> later;
    p.request(later);
    p.rooms.room().run_all();
    p.worker->run_all();
    p.rooms.room().run_all();
    REQUIRE(later);
    CHECK(parsed(*later)["steps"].size() == 2);
}

TEST_CASE("replay: concurrent requests share one build and one string", "[room][replay]") {
    Paused p;
    p.play_one();
    std::vector<std::optional<Hub::HttpResult>> answers(8);
    for (auto& a : answers) p.request(a);
    p.rooms.room().run_all();
    CHECK(p.worker->pending() == 1);  // eight requests, one build
    p.worker->run_all();
    p.rooms.room().run_all();
    for (const auto& a : answers) {
        REQUIRE(a);
        CHECK(a->status == 200);
        REQUIRE(a->text);
        CHECK(a->text == answers[0]->text);  // the same string, shared, not a copy
    }
    // Later requests for the unchanged game are answered from that string, with no build at all.
    std::optional<Hub::HttpResult> again;
    p.request(again);
    p.rooms.room().run_all();
    CHECK(p.worker->pending() == 0);
    REQUIRE(again);
    CHECK(again->text == answers[0]->text);

    // A request made while a build for an older log runs waits for a build of its own log.
    p.play_one();
    std::optional<Hub::HttpResult> old_log, new_log;
    p.request(old_log);
    p.rooms.room().run_all();
    p.play_one();
    p.request(new_log);
    p.rooms.room().run_all();
    CHECK(p.worker->pending() == 1);  // one build per room at a time
    p.worker->run_all();
    p.rooms.room().run_all();
    REQUIRE(old_log);
    CHECK(parsed(*old_log)["steps"].size() == 2);
    CHECK(!new_log);
    CHECK(p.worker->pending() == 1);  // the next build, of three steps, has started
    p.worker->run_all();
    p.rooms.room().run_all();
    REQUIRE(new_log);
    CHECK(parsed(*new_log)["steps"].size() == 3);
}

TEST_CASE("replay: builds in flight are bounded across the server", "[room][replay]") {
    QueuedRooms rooms;
    auto worker = std::make_shared<ManualWorker>();
    HubOptions o;
    o.replay_workers = worker;
    o.max_replay_builds = 1;
    Fixture f(o, rooms.factory());
    std::vector<Created> made;
    std::vector<std::unique_ptr<Client>> hosts;
    for (int i = 0; i < 2; ++i) {
        made.push_back(create(f.hub, {{"players", 2}}));
        for (int s = 0; s < 2; ++s) {
            hosts.push_back(std::make_unique<Client>(f.hub, 10 * i + s + 1));
            json join = {{"room", made.back().code}, {"name", s == 0 ? "Ana" : "Bob"}};
            if (s == 0) join["host_key"] = made.back().host_key;
            hosts.back()->send(msg("join", join));
        }
        hosts[hosts.size() - 2]->send(msg("start"));
    }
    for (const auto& e : *rooms.made) e->run_all();

    std::optional<Hub::HttpResult> first, second;
    f.hub.room_replay(made[0].code, "203.0.113.7:1", [&](Hub::HttpResult r) { first = std::move(r); });
    f.hub.room_replay(made[1].code, "203.0.113.8:1", [&](Hub::HttpResult r) { second = std::move(r); });
    for (const auto& e : *rooms.made) e->run_all();
    CHECK(worker->pending() == 1);
    CHECK(!first);
    REQUIRE(second);  // the server is building as many records as it may: try again shortly
    CHECK(second->status == 503);
    CHECK(second->body["code"] == "rate_limited");
    CHECK(second->retry_after >= 1);
    worker->run_all();
    for (const auto& e : *rooms.made) e->run_all();
    REQUIRE(first);
    CHECK(first->status == 200);
}
