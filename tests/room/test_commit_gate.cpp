// CommitGate on its own (commit_gate.hpp): the store's callbacks are kept by the test and come back
// onto a queue that stands for the room's executor, so the order of everything is the test's.
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "commit_gate.hpp"

using catan::room::CommitGate;

namespace {

struct Harness {
    std::vector<std::string> ran;              // what ran, in order
    std::deque<CommitGate::Done> writes;       // writes in flight: their store callbacks
    std::deque<std::function<void()>> executor;  // posted back, not yet run
    bool closed = false;
    int refused = 0, errors = 0;
    CommitGate gate{owner()};

    CommitGate::Owner owner() {
        CommitGate::Owner o;
        o.guarded = [this](const CommitGate::Task& t) { guarded(t); };
        o.come_back = [this](std::function<void(bool)> result) -> CommitGate::Done {
            return [this, result](bool ok) { executor.push_back([result, ok] { result(ok); }); };
        };
        o.closed = [this] { return closed; };
        o.refused = [this] {
            ++refused;
            closed = true;
        };
        return o;
    }
    void guarded(const CommitGate::Task& t) {
        try {
            t();
        } catch (const std::exception&) {
            ++errors;
        }
    }
    // What the room's run() does with a task.
    void submit(const std::string& name, std::function<void()> body = {}) {
        auto task = [this, name, body] {
            ran.push_back(name);
            if (body) body();
        };
        if (gate.pending())
            gate.hold(task);
        else
            guarded(task);
    }
    void write(const std::string& then) {
        gate.write([this](CommitGate::Done done) { writes.push_back(std::move(done)); }, [this, then] { ran.push_back(then); });
    }
    // The oldest write comes back from the store, and the executor runs what it was posted.
    void commit(bool ok) {
        auto done = std::move(writes.front());
        writes.pop_front();
        done(ok);
        while (!executor.empty()) {
            auto task = std::move(executor.front());
            executor.pop_front();
            task();
        }
    }
};

}  // namespace

TEST_CASE("commit gate: tasks that arrive while a write is pending run after its broadcast, in order", "[room]") {
    Harness h;
    h.submit("command", [&] { h.write("broadcast command"); });
    h.submit("second");
    h.submit("third");
    CHECK(h.ran == std::vector<std::string>{"command"});  // the others wait for the disk
    CHECK(h.gate.pending());
    h.commit(true);
    CHECK(h.ran == std::vector<std::string>{"command", "broadcast command", "second", "third"});
    CHECK_FALSE(h.gate.pending());
}

TEST_CASE("commit gate: a held task that writes holds the ones behind it again", "[room]") {
    Harness h;
    h.submit("a", [&] { h.write("broadcast a"); });
    h.submit("b", [&] { h.write("broadcast b"); });
    h.submit("c");
    h.commit(true);
    CHECK(h.ran == std::vector<std::string>{"a", "broadcast a", "b"});  // c waits for b's write
    CHECK(h.gate.pending());
    h.submit("d");
    h.commit(true);
    CHECK(h.ran == std::vector<std::string>{"a", "broadcast a", "b", "broadcast b", "c", "d"});
}

TEST_CASE("commit gate: a refused write broadcasts nothing and closes, the held tasks still run (a closed room refuses them)", "[room]") {
    Harness h;
    h.submit("command", [&] { h.write("broadcast command"); });
    h.submit("next");
    h.commit(false);
    CHECK(h.refused == 1);
    CHECK(h.closed);
    CHECK(h.ran == std::vector<std::string>{"command", "next"});
    CHECK_FALSE(h.gate.pending());
}

TEST_CASE("commit gate: a room closed while its write was pending runs no broadcast", "[room]") {
    Harness h;
    h.submit("command", [&] { h.write("broadcast command"); });
    h.closed = true;
    h.commit(true);
    CHECK(h.ran == std::vector<std::string>{"command"});
    CHECK(h.refused == 0);
}

TEST_CASE("commit gate: a broadcast that throws is caught by the room's boundary and the held tasks run", "[room]") {
    Harness h;
    h.gate.write([&](CommitGate::Done done) { h.writes.push_back(std::move(done)); }, [] { throw std::runtime_error("boom"); });
    h.submit("next");
    h.commit(true);
    CHECK(h.errors == 1);
    CHECK(h.ran == std::vector<std::string>{"next"});
}
