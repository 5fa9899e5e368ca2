#pragma once
// Where a room's work runs. The gateway provides one Asio strand per room; tests provide an inline
// or queued executor. Everything a room does happens through post(), one task at a time, so a room's
// state needs no locks and a room never blocks another.
#include <chrono>
#include <functional>
#include <memory>

namespace catan::room {

class Executor {
public:
    virtual ~Executor() = default;
    virtual void post(std::function<void()> task) = 0;
    // Runs `task` on this executor once `delay` has passed (bot thinking time, takeover grace
    // periods). Never runs it inline, even for a zero delay. A task still waiting when the server
    // shuts down may be dropped unrun, so tasks must not be needed for cleanup.
    virtual void post_after(std::chrono::milliseconds delay, std::function<void()> task) = 0;
};

using ExecutorFactory = std::function<std::shared_ptr<Executor>()>;

// Where work too slow for a room's executor runs (a bot's decision: up to its time budget). Jobs run
// on other threads, in any order; a job reports back by posting to its room. The gateway provides a
// small thread pool; without one, the hub runs jobs on the room's own executor.
class Worker {
public:
    virtual ~Worker() = default;
    virtual void run(std::function<void()> job) = 0;
};

}  // namespace catan::room
