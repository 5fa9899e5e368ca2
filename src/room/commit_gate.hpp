#pragma once
// CommitGate: the room's "write, then broadcast" rule (docs/architecture.md, "Durability").
// Owns: whether a write is in flight, and the tasks that arrived meanwhile (held in order).
// Guarantees: `then` runs only once its write is durable; no task of the room runs between the write
// and its `then`; the held tasks then run in arrival order, until one of them starts a write of its own.
// Must not: know the store, the executor or the game. The room hands it how to write and how to come
// back onto its executor (Owner); chat is not gated (room_chat.cpp writes it on its own track).
#include <deque>
#include <functional>

namespace catan::room {

class CommitGate {
public:
    using Task = std::function<void()>;
    using Done = std::function<void(bool ok)>;  // store::Done
    struct Owner {
        // The room's exception boundary: runs a task, or closes the room when it throws.
        std::function<void(const Task&)> guarded;
        // Turns "run this with the result" into the store's callback, which must post it back onto the
        // room's executor (the store calls it on its own thread), and drop it if the room is gone.
        std::function<Done(std::function<void(bool)>)> come_back;
        std::function<bool()> closed;  // a closed room runs no `then`
        std::function<void()> refused;  // the write failed: memory is ahead of the disk (the room closes)
    };

    explicit CommitGate(Owner owner) : owner_(std::move(owner)) {}

    bool pending() const { return pending_; }
    // A task for the room while a write is pending: kept, to run after it.
    void hold(Task task) { held_.push_back(std::move(task)); }
    // Starts `write` (given the store's callback) and runs `then` once it is durable.
    void write(const std::function<void(Done)>& write, Task then);

private:
    void finish(bool ok, const Task& then);

    Owner owner_;
    bool pending_ = false;
    std::deque<Task> held_;
};

}  // namespace catan::room
