#include "commit_gate.hpp"

namespace catan::room {

void CommitGate::write(const std::function<void(Done)>& write, Task then) {
    pending_ = true;
    write(owner_.come_back([this, then = std::move(then)](bool ok) { finish(ok, then); }));
}

// On the room's executor, with the room kept alive by the callback that brought the result back.
void CommitGate::finish(bool ok, const Task& then) {
    pending_ = false;
    owner_.guarded([&] {
        if (owner_.closed()) return;
        if (!ok) return owner_.refused();
        then();
    });
    // What waited runs now, in order, until one of them awaits a commit of its own.
    while (!pending_ && !held_.empty()) {
        Task task = std::move(held_.front());
        held_.pop_front();
        owner_.guarded(task);
    }
}

}  // namespace catan::room
