// Chat: the limits (per room, and per address across every room), the write and the broadcast.
// Chat is not part of the diffed document: a line goes to everyone who hears it as its own message
// (one serialisation for the whole room) and is kept for snapshots; it does not move the sequence
// number. Players talk to everyone; spectators only to spectators, so watchers cannot coach or
// heckle the table (docs/protocol.md, "Chat").
// A line is broadcast only once it is durable, but the room does not wait for it: commands are
// decided and broadcast while chat is being written (a flood of lines cannot stall the game).
#include <spdlog/spdlog.h>

#include "catan/room/text.hpp"
#include "room.hpp"

namespace catan::room {

using nlohmann::json;

namespace {

std::string rate_text(double rate, double burst) {
    return fmt::format("{:g} lines a second (bursts of {:g})", rate, burst);
}

}  // namespace

void Room::on_chat(const Member& m, const ClientMessage& msg, const json& id) {
    std::string why;
    if (!valid_chat(msg.text, why)) {
        reply_error(m.conn, {std::string(err::kOutOfRange), why, "text", {}}, id);
        return;
    }
    // The address first: an address over its own budget must not use up the room's.
    const HubOptions& o = context_->options;
    if (context_->chat_by_address && !context_->chat_by_address->take(m.conn->address)) {
        reply_error(m.conn,
                    {std::string(err::kRateLimited),
                     "too many chat lines from your address: at most " + rate_text(o.chat_rate_address, o.chat_burst_address) +
                         " across all its connections; wait a moment and send it again",
                     {}, {}},
                    id);
        return;
    }
    if (!chat_bucket_.take()) {
        reply_error(m.conn,
                    {std::string(err::kRateLimited),
                     "too many chat lines in this room: at most " + rate_text(o.chat_rate_room, o.chat_burst_room) +
                         "; wait a moment and send it again",
                     {}, {}},
                    id);
        return;
    }
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    const bool spectator = m.seat < 0;
    const std::string name = !spectator ? seats_[m.seat].name
                             : m.name.empty() ? "Spectator " + std::to_string(m.spectator_number)
                                              : m.name;
    json entry = {{"seat", spectator ? json(nullptr) : json(m.seat)},
                  {"name", name},
                  {"text", msg.text},
                  {"at", std::chrono::duration_cast<std::chrono::milliseconds>(now).count()},
                  {"spectator", spectator}};
    if (!durable()) return broadcast_chat(entry);
    chat_unsaved_.push_back({std::move(entry), m.conn, id});
    if (!chat_writing_) write_chat();
}

// One write for every line waiting; the next write starts when this one is durable, so lines are
// saved and broadcast in the order they came, and a flood costs one store write per commit round.
void Room::write_chat() {
    chat_writing_ = true;
    auto lines = std::make_shared<std::vector<ChatLine>>(std::move(chat_unsaved_));
    chat_unsaved_.clear();
    std::vector<std::string> entries;
    entries.reserve(lines->size());
    for (const ChatLine& line : *lines) entries.push_back(line.entry.dump());
    // Weak: a room closed and dropped meanwhile has nobody left to tell. Posted straight to the
    // executor, not through run(): a line is broadcast even while a command awaits its own commit.
    store::Done done = [weak = weak_from_this(), lines](bool ok) {
        const auto self = weak.lock();
        if (!self) return;
        self->executor_->post([self, ok, lines] { self->guarded([&] { self->chat_committed(ok, *lines); }); });
    };
    if (context_->options.hold_commit_for_testing) done = context_->options.hold_commit_for_testing("chat", std::move(done));
    context_->options.store->append_chat(code_, std::move(entries), kChatHistory, std::move(done));
}

void Room::chat_committed(bool ok, std::vector<ChatLine>& lines) {
    chat_writing_ = false;
    if (closed_) return;
    if (ok) {
        for (const ChatLine& line : lines) broadcast_chat(line.entry);
    } else if (!context_->options.store->holds(code_)) {
        return drop_lost("its chat write was refused");
    } else {
        // Nothing of it was kept and nobody saw it: the senders are told, the room carries on.
        spdlog::error("[{}] the data file refused {} chat line(s); they were not sent", code_, lines.size());
        for (const ChatLine& line : lines) {
            const auto conn = line.from.lock();
            if (conn && member(conn.get()))
                reply_error(conn,
                            {std::string(err::kStoreFailed),
                             "the server could not save your chat line; try again later, and tell the server's operator if it keeps happening",
                             {}, {}},
                            line.id);
        }
    }
    if (!chat_unsaved_.empty()) write_chat();
}

void Room::broadcast_chat(const json& entry) {
    const Message message = envelope("chat", entry);
    chat_.push_back(entry);
    ++chat_version_;  // a snapshot shared between syncs (send_snapshot) shows the chat as it was
    if (chat_.size() > kChatHistory) chat_.pop_front();
    for (const auto& [conn, member] : members_)
        if (hears(member, entry)) member.send(message);
}

// A line kept by an earlier version has no "spectator": it was a spectator's when it has no seat.
bool Room::hears(const Member& m, const json& entry) {
    const auto it = entry.find("spectator");
    const bool from_spectator = it != entry.end() && it->is_boolean() ? it->get<bool>() : entry.value("seat", json()).is_null();
    return !from_spectator || m.seat < 0;
}

}  // namespace catan::room
