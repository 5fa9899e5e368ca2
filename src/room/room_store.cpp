// Durability: what a room writes to the store and when. A change is made in memory, written, and
// broadcast only from the write's `done` (posted back to this room's executor), so a client never
// sees a change that a crash could take back. Meanwhile the room holds every other task (run()), so
// commands are still decided one at a time against the state everyone was told.
#include <spdlog/spdlog.h>

#include "room.hpp"
#include "stored_json.hpp"

namespace catan::room {

using nlohmann::json;

CommitGate::Owner Room::gate_owner() {
    CommitGate::Owner o;
    o.guarded = [this](const CommitGate::Task& task) { guarded(task); };
    // Weak: a room closed and dropped meanwhile has nobody left to tell.
    o.come_back = [this](std::function<void(bool)> result) -> store::Done {
        return [weak = weak_from_this(), result = std::move(result)](bool ok) {
            const auto self = weak.lock();
            if (!self) return;
            self->executor_->post([self, ok, result] { result(ok); });
        };
    };
    o.closed = [this] { return closed_; };
    // Memory is now ahead of the disk: this room cannot go on. What was durable comes back when the
    // server restarts; other rooms carry on.
    o.refused = [this] {
        // A write refused because another node took the room is no failure of the disk.
        if (!context_->options.store->holds(code_)) return drop_lost("one of its writes was refused");
        spdlog::error("[{}] the data file refused a write; closing the room (its saved state returns on restart)", code_);
        close("the server could not save the game; it will be back after a restart", true);
    };
    return o;
}

void Room::after_commit(const std::function<void(store::Store&, store::Done)>& write, std::function<void()> then) {
    if (!durable()) {
        then();
        return;
    }
    store::Store& store = *context_->options.store;
    gate_.write([&](store::Done done) { write(store, std::move(done)); }, std::move(then));
}

store::RoomRecord Room::record() const {
    store::RoomRecord r;
    r.code = code_;
    r.options = room_options_json(options_).dump();
    r.host_key_hash = host_key_hash_;
    r.phase = to_string(phase_);
    r.game = game_number_;
    r.game_options = game_options_;
    r.created_ms = created_ms_;
    r.updated_ms = store::now_ms();
    r.sleeps = options_.turn_based();
    for (int i = 0; i < kMaxSeats; ++i)
        if (seats_[i].taken) r.seats.push_back({i, seats_[i].name, seats_[i].token_hash, seats_[i].host, seats_[i].bot.value_or(std::string())});
    return r;
}

void Room::save_lobby(std::function<void()> then) {
    if (!durable()) return then();
    after_commit([r = record()](store::Store& s, store::Done done) { s.save_room(r, std::move(done)); }, std::move(then));
}

// `move` is the last one of log_ (play() appends it first): its index in the game is log_.size().
void Room::log_command(const game::Move& move, std::function<void()> then) {
    if (!durable()) return then();
    const auto index = static_cast<std::int64_t>(log_.size());
    store::LoggedCommand c{index, move.seat(), move.json().dump()};
    std::optional<store::Snapshot> snapshot;
    const int every = context_->options.snapshot_every;
    if (every > 0 && index % every == 0) snapshot = store::Snapshot{index, game_->snapshot()};
    // The command that ends the game also saves the room's row: its game options now hold the end time.
    std::optional<store::RoomRecord> row;
    if (phase_ == RoomPhase::Finished) row = record();
    after_commit(
        [this, c = std::move(c), snapshot = std::move(snapshot), row = std::move(row)](store::Store& s, store::Done done) mutable {
            if (!row) {
                s.append_command(code_, game_number_, std::move(c), to_string(phase_), std::move(snapshot), std::move(done));
                return;
            }
            // Both in order on the writer thread: durable once both are.
            auto logged = std::make_shared<bool>(false);
            s.append_command(code_, game_number_, std::move(c), to_string(phase_), std::move(snapshot),
                             [logged](bool ok) { *logged = ok; });
            s.save_room(std::move(*row), [logged, done = std::move(done)](bool ok) { done(ok && *logged); });
        },
        std::move(then));
}

void Room::forget() {
    if (durable()) context_->options.store->delete_room(code_, nullptr);
}

}  // namespace catan::room
