// The room actor's frame: construction, the exception boundary, dispatch, membership, chat, closing.
#include "room.hpp"

#include <spdlog/spdlog.h>

#include "catan/room/text.hpp"
#include "registry.hpp"

namespace catan::room {

using nlohmann::json;

const char* to_string(RoomPhase phase) {
    switch (phase) {
        case RoomPhase::Lobby: return "lobby";
        case RoomPhase::Playing: return "playing";
        case RoomPhase::Finished: return "finished";
    }
    return "lobby";
}

Room::Room(std::string code, RoomOptions options, std::string host_key_hash, std::shared_ptr<Executor> executor,
           std::shared_ptr<const RoomContext> context)
    : code_(std::move(code)),
      host_key_hash_(std::move(host_key_hash)),
      executor_(std::move(executor)),
      context_(std::move(context)),
      options_(options),
      module_(module_of(options_)),
      chat_bucket_(context_->options.chat_rate_room, context_->options.chat_burst_room),
      idle_since_(Clock::now()),
      bots_(*this, context_->options, *context_->metrics),
      created_ms_(store::now_ms()),
      gate_(gate_owner()) {
    if (!module_) throw std::invalid_argument("room " + code_ + ": this server hosts no game \"" + options_.game + "\"");
    context_->metrics->room_opened();
    person_active_ms_ = wall_now();
    views_.set_room(room_doc());
    publish_summary();
}

Room::~Room() {
    if (!closed_) context_->metrics->room_closed();  // the hub went away with the room still open
}

std::string Room::tag(int seat) const {
    if (seat >= 0) return "[" + code_ + " seat " + std::to_string(seat) + "]";
    return "[" + code_ + " spectator]";
}

void Room::post(std::function<void(Room&)> task) {
    executor_->post([self = shared_from_this(), task = std::move(task)] { self->run(task); });
}

// While a change awaits its commit, later tasks wait their turn (room_store.cpp runs them after it),
// so nothing is decided against a state whose broadcast has not gone out.
void Room::run(const std::function<void(Room&)>& task) {
    if (gate_.pending()) {
        gate_.hold([this, task] { task(*this); });  // run by the gate, which holds the room alive
        return;
    }
    guarded([&] { task(*this); });
}

// The exception boundary: nothing thrown by one room's work may reach the executor (an Asio strand
// would take the whole io_context down with it), and a room in an unknown state must not carry on.
void Room::guarded(const std::function<void()>& task) {
    try {
        task();
        return;
    } catch (const std::exception& e) {
        spdlog::error("[{}] internal error, closing the room: {}", code_, e.what());
    } catch (...) {
        spdlog::error("[{}] internal error, closing the room", code_);
    }
    try {
        close("internal error", true);
    } catch (...) {
        closed_ = true;  // at least never serve again; sweep() drops the registry entry
    }
}

void Room::handle(const std::shared_ptr<Connection>& conn, const ClientMessage& msg, const json& id) {
    if (slept_) {  // room_sleep.cpp: it goes on to the room woken in this one's place
        if (const auto next = successor(/*wake=*/true)) return next->post([conn, msg, id](Room& r) { r.handle(conn, msg, id); });
    }
    if (closed_) {
        reply_error(conn, {std::string(err::kNoSuchRoom), "room " + code_ + " has been closed", {}, {}}, id);
        return;
    }
    switch (msg.type) {
        case ClientType::Join: on_join(conn, msg, id); return;
        case ClientType::Rejoin: on_rejoin(conn, msg, id); return;
        case ClientType::Spectate: on_spectate(conn, msg.display, id); return;
        default: break;
    }
    Member* m = member(conn.get());
    if (!m) {
        reply_error(conn, {std::string(err::kNotInRoom), "join the room first", {}, {}}, id);
        return;
    }
    switch (msg.type) {
        case ClientType::Leave: on_leave(*m); break;
        case ClientType::SetOptions: on_set_options(*m, msg, id); break;
        case ClientType::MoveSeat: on_move_seat(*m, msg, id); break;
        case ClientType::Kick: on_kick(*m, msg, id); break;
        case ClientType::AddBot: on_add_bot(*m, msg, id); break;
        case ClientType::RemoveBot: on_remove_bot(*m, msg, id); break;
        case ClientType::Start: on_start(*m, id); break;
        case ClientType::PlayAgain: on_play_again(*m, id); break;
        case ClientType::Command: on_command(*m, msg, id); break;
        case ClientType::Chat: on_chat(*m, msg, id); break;
        case ClientType::Sync: on_sync(*m); break;
        default: break;  // create_room and ping never reach a room
    }
}

Member* Room::member(const Connection* conn) {
    const auto it = members_.find(conn);
    return it == members_.end() ? nullptr : &it->second;
}

Member& Room::attach(const std::shared_ptr<Connection>& conn, int seat, std::string name) {
    person_active();
    if (seat >= 0) {
        if (seats_[seat].connections++ == 0) seat_present(seat);
    } else
        ++spectators_;
    ever_joined_ = true;
    Member& m = members_[conn.get()];
    m = Member{conn, seat, std::move(name)};
    if (seat < 0) m.spectator_number = ++spectators_numbered_;
    return m;
}

void Room::remove_member(const Connection* conn) {
    const auto it = members_.find(conn);
    if (it == members_.end()) return;
    const int seat = it->second.seat;
    if (it->second.display) --displays_;
    members_.erase(it);
    // A viewer nobody watches keeps no document (memory); its next connection gets a fresh snapshot.
    if (seat >= 0) {
        if (--seats_[seat].connections == 0) {
            views_.forget(seat);
            seat_absent(seat);
        }
    } else if (--spectators_ == 0) {
        views_.forget(kSpectatorSeat);
    }
    if (members_.empty()) idle_since_ = Clock::now();
    person_active();
}

void Room::detach(const Connection* conn) {
    if (slept_) {  // a connection that reached the woken room through this one leaves it there
        if (const auto next = successor(/*wake=*/false)) next->post([conn](Room& r) { r.detach(conn); });
        return;
    }
    const Member* m = member(conn);
    if (closed_ || !m) return;
    const int seat = m->seat;
    remove_member(conn);
    spdlog::info("{} disconnected", tag(seat));
    publish(Changed::Room);
}

void Room::reply_error(const std::shared_ptr<Connection>& conn, const ErrorInfo& e, const json& id) const {
    conn->outbox->send(error_message(e, id));
}

bool Room::require_host(const Member& m, const json& id) {
    if (m.seat < 0 || !seats_[m.seat].host) {
        reply_error(m.conn, {std::string(err::kNotHost), "only the host may do that", {}, {}}, id);
        return false;
    }
    if (phase_ != RoomPhase::Lobby) {
        reply_error(m.conn, {std::string(err::kGameStarted), "the game has already started", {}, {}}, id);
        return false;
    }
    return true;
}

// A snapshot is up to ~230 KB with a full chat. Repeated syncs share one built snapshot while the
// state is unchanged (send_snapshot), and a connection gets a burst of them, then one per sync
// interval: syncs beyond that are answered by a single snapshot when a token is back (never zero, so
// a client waiting for one gets it). So a client repeating sync can make the room neither build nor
// send hundreds a second.
void Room::on_sync(Member& m) {
    const HubOptions& o = context_->options;
    const auto now = Clock::now();
    const double burst = static_cast<double>(o.sync_burst);
    if (m.sync_tokens < 0) {
        m.sync_tokens = burst;
        m.sync_refill = now;
    }
    if (o.sync_interval.count() > 0) {
        m.sync_tokens = std::min(burst, m.sync_tokens + std::chrono::duration<double>(now - m.sync_refill) /
                                                            std::chrono::duration<double>(o.sync_interval));
        m.sync_refill = now;
    } else {
        m.sync_tokens = burst;  // no limit
    }
    if (m.snapshot_due) {
        context_->metrics->sync_coalesced();
        return;
    }
    if (m.sync_tokens >= 1) {
        m.sync_tokens -= 1;
        send_snapshot(m);
        return;
    }
    context_->metrics->sync_coalesced();
    m.snapshot_due = true;
    const auto wait =
        std::chrono::ceil<std::chrono::milliseconds>(std::chrono::duration<double>(o.sync_interval) * (1 - m.sync_tokens));
    post_after(wait, [weak = std::weak_ptr<Connection>(m.conn)](Room& room) {
        const auto conn = weak.lock();  // the same connection, not another one at its address
        Member* due = conn ? room.member(conn.get()) : nullptr;
        if (room.closed_ || !due || !due->snapshot_due) return;  // gone, or joined afresh meanwhile
        due->snapshot_due = false;
        due->sync_tokens = 0;  // the token that came back pays for this one
        due->sync_refill = Clock::now();
        room.send_snapshot(*due);
    });
}

void Room::sweep(Clock::time_point now) {
    if (closed_) {  // closed without reaching the registry (see run()): drop it now
        if (auto registry = context_->registry.lock()) registry->remove(code_, this);
        return;
    }
    // A replay record is up to a megabyte of text: kept for the requests of one sweep period only,
    // so thousands of finished rooms never hold theirs at once.
    replay_cache_.reset();
    const HubOptions& o = context_->options;
    if (phase_ == RoomPhase::Finished) {
        if (now - finished_at_ >= o.finished_room_keep) {
            forget();
            close("the game is over and has been archived", true);
        } else {
            try_sleep(now);  // turn-based: it waits for its archiving asleep
        }
    } else if (!ever_joined_ && now - idle_since_ >= o.unjoined_room_timeout) {
        // Made and never used (idle_since_ is its creation): rooms made by the thousand to fill the
        // cap go after minutes, not after the idle timeout.
        forget();
        close("nobody joined the room", false);
    } else if (abandoned()) {
        forget();
        close("nobody came or played for " + std::to_string(o.abandoned_after.count() / 24) + " days", true);
    } else if (options_.turn_based()) {
        try_sleep(now);  // a game over days is never closed for being idle; it sleeps (room_sleep.cpp)
    } else if (members_.empty() && now - idle_since_ >= o.idle_room_timeout) {
        forget();
        close("the room was idle", true);
    }
}

void Room::close(std::string_view reason, bool notify) {
    if (closed_) return;
    closed_ = true;
    if (notify) {
        const Message bye = closing_message(reason);
        for (const auto& [conn, m] : members_) {
            m.conn->outbox->send(bye);
            m.conn->outbox->close(reason);
        }
    }
    members_.clear();
    views_.clear();
    game_.reset();
    chat_.clear();
    chat_unsaved_.clear();
    if (auto registry = context_->registry.lock()) registry->remove(code_, this);
    context_->metrics->room_closed();
    spdlog::info("[{}] room closed: {}", code_, reason);
}

}  // namespace catan::room
