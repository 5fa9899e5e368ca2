// Turn-based rooms asleep (docs/operating.md, "Turn-based rooms"): a game that waits days for its
// players must cost next to nothing meanwhile. A turn-based room with no connection for
// HubOptions::sleep_after, nothing unwritten and no bot at work leaves memory: its turn clock and next
// deadline go to the data file, and the registry then holds only its code and when to wake it. Whoever
// asks for the code (a join, a lookup, a replay) or its deadline wakes it: the registry restores it
// from the file as a server's start does (hub.cpp).
//
// The Room object left behind is closed and holds nothing; a message that was already on its way to
// it (posted just before it slept, or from a connection whose hub entry still names it) goes on to
// the room woken in its place.
#include <spdlog/spdlog.h>

#include "catan/store/store.hpp"
#include "registry.hpp"
#include "room.hpp"

namespace catan::room {

void Room::try_sleep(Clock::time_point now) {
    if (!options_.turn_based() || !durable() || closed_ || falling_asleep_ || !members_.empty()) return;
    if (now - idle_since_ < context_->options.sleep_after) return;
    // Nothing may be lost or cut short: no write awaited, no chat unsaved, no bot deciding, no replay
    // being built. A later sweep tries again.
    if (gate_.pending() || chat_writing_ || !chat_unsaved_.empty() || !bots_.idle() || replay_building_) return;
    falling_asleep_ = true;
    const std::optional<std::int64_t> wake = next_wake_ms();
    // The clock's write is queued after every write of this room, so once it is durable the file holds
    // all of the room; the room leaves memory only then (fall_asleep).
    context_->options.store->save_timer(code_, turn_clock_json().dump(), wake,
                                        [self = shared_from_this(), seq = seq(), wake](bool ok) {
                                            self->post([seq, wake, ok](Room& r) { r.fall_asleep(seq, wake, ok); });
                                        });
}

void Room::fall_asleep(std::uint64_t seq_then, std::optional<std::int64_t> wake, bool durable_now) {
    falling_asleep_ = false;
    // Anything that happened meanwhile (someone came, a deadline passed) keeps it awake: a later sweep
    // tries again with the clock as it is then.
    if (!durable_now || closed_ || !members_.empty() || seq() != seq_then || gate_.pending() || !bots_.idle()) return;
    const auto registry = context_->registry.lock();
    if (!registry || !registry->put_to_sleep(code_, this, wake)) return;
    slept_ = true;
    close(wake ? "asleep until its next deadline" : "asleep until someone comes", /*notify=*/false);
    // Queued after the clock's write: another node may take the room at once when asked for it.
    context_->options.store->release_room(code_);
}

std::shared_ptr<Room> Room::successor(bool wake) const {
    const auto registry = context_->registry.lock();
    if (!registry) return nullptr;
    if (!wake) return registry->find(code_);
    bool woken = false;
    auto next = registry->find_or_wake(code_, &woken);
    if (next && woken) next->post([](Room& r) { r.resume_after_restore(); });
    return next;
}

}  // namespace catan::room
