#pragma once
// Where a room's work runs. The gateway provides one Asio strand per room; tests provide an inline
// or queued executor. Everything a room does happens through post(), one task at a time, so a room's
// state needs no locks and a room never blocks another.
#include <functional>
#include <memory>

namespace catan::room {

class Executor {
public:
    virtual ~Executor() = default;
    virtual void post(std::function<void()> task) = 0;
};

using ExecutorFactory = std::function<std::shared_ptr<Executor>()>;

}  // namespace catan::room
