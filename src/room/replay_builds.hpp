#pragma once
// Internal to the room layer: where replay records are built. Building one re-runs the game (8-14 ms
// of CPU for a long game, bench/replay_bench.cpp), too long for a room's executor, so the room hands
// an immutable copy of its log here and a worker builds and serialises the record. The number of
// builds waiting or running at once is bounded across the server.
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "catan/room/executor.hpp"
#include "catan/room/replay.hpp"

namespace catan::room {

class ReplayBuilds : public std::enable_shared_from_this<ReplayBuilds> {
public:
    using Record = std::shared_ptr<const std::string>;  // the record's JSON text, shared by every answer
    // `record`, or null and what went wrong (a log that does not re-run). Called on the worker's thread.
    using Done = std::function<void(Record record, std::string error)>;

    // `worker` null: builds run at once on the caller's thread (tests, tools).
    ReplayBuilds(std::shared_ptr<Worker> worker, std::size_t max_in_flight);

    // Starts building `input`'s record; false, with nothing started, when `max_in_flight` builds
    // are waiting or running already.
    bool start(std::shared_ptr<const ReplayInput> input, Done done);
    std::size_t in_flight() const { return in_flight_.load(); }

private:
    void build(const ReplayInput& input, const Done& done);

    const std::shared_ptr<Worker> worker_;
    const std::size_t max_;
    std::atomic<std::size_t> in_flight_{0};
};

}  // namespace catan::room
