// A worker's own bookkeeping: how many rooms it sets up at once, and its periodic check of its rooms.
#include "connections.hpp"

namespace loadgen {

void Worker::request_setup(const std::shared_ptr<Room>& room) {
    if (setup_active < setup_limit) {
        ++setup_active;
        room->start_setup();
    } else {
        setup_queue.push_back(room);
    }
}

void Worker::release_setup() {
    --setup_active;
    while (!setup_queue.empty() && setup_active < setup_limit) {
        auto r = setup_queue.front();
        setup_queue.pop_front();
        if (r->stage() != Room::Stage::Queued) continue;
        ++setup_active;
        r->start_setup();
    }
}

void Worker::start_tick() {
    tick.expires_after(std::chrono::milliseconds(250));
    tick.async_wait([this](beast::error_code ec) {
        if (ec) return;
        const std::int64_t t = now_ns();
        for (std::size_t i = 0; i < rooms.size(); ++i) {
            auto keep = rooms[i];
            keep->check(t);
        }
        start_tick();
    });
}

}  // namespace loadgen
