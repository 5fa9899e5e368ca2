// Game commands: decoded for the sender's seat by the room's game module, checked against the room's
// sequence number, applied by the game session, and broadcast as per-viewer diffs. A refused command
// changes nothing and is answered to its sender only.
#include <cmath>
#include <sstream>

#include <spdlog/spdlog.h>

#include "room.hpp"

namespace catan::room {

using nlohmann::json;

namespace {

ErrorInfo error_info(game::Error e) { return {std::move(e.code), std::move(e.message), std::move(e.field), std::move(e.rule)}; }

std::string number_text(double x) {
    const double whole = std::round(x);
    if (std::abs(x - whole) < 1e-9) return std::to_string(static_cast<long long>(whole));
    std::ostringstream out;
    out << x;
    return out.str();
}

}  // namespace

void Room::on_command(const Member& m, const ClientMessage& msg, const json& id) {
    const auto refuse = [&](const ErrorInfo& e) {
        context_->metrics->command_rejected(e.code);
        if (spdlog::should_log(spdlog::level::debug)) spdlog::debug("{} command refused: {} {}", tag(m.seat), e.code, e.message);
        reply_error(m.conn, e, id);
    };
    if (m.seat < 0) return refuse({std::string(err::kNotSeated), "spectators cannot play", {}, {}});
    // Per seat, not per connection: a seat on many connections must not grow the game's log faster.
    if (!take_command_token(m.seat)) {
        const HubOptions& o = context_->options;
        return refuse({std::string(err::kRateLimited),
                       "too many commands from your seat: at most " + number_text(o.command_rate_seat) + " a second (bursts of " +
                           number_text(o.command_burst_seat) + "), all its connections together; nothing was done",
                       {}, {}});
    }
    // Shape first: a malformed command is malformed whatever the room is doing. In the lobby, against
    // the bounds of a game of the room's options.
    auto decoded = game_ ? game_->decode(msg.command, m.seat) : module_->decode(msg.command, m.seat, options_.game_options(options_.players));
    if (auto* error = std::get_if<game::Error>(&decoded)) {
        ErrorInfo e = error_info(std::move(*error));
        e.field = e.field.empty() ? "command" : "command." + e.field;  // paths are relative to the envelope
        return refuse(e);
    }
    if (!game_) return refuse({std::string(err::kWrongPhase), "the game has not started", {}, {}});
    const game::MovePtr& move = std::get<game::MovePtr>(decoded);
    if (move->is_optional() && log_.size() >= context_->options.max_game_commands)
        return refuse({std::string(err::kGameTooLong),
                       "this game's log holds " + std::to_string(log_.size()) + " commands, the most a game may before offers stop: " +
                           move->name() + " is refused, every other move still plays",
                       {}, {}});
    // A command answers what its sender last saw; if anything changed since that may alter what it
    // means, it is refused rather than applied (and never applied twice).
    if (!answers_.still_meant(m.seat, move->is_answer(), msg.seq, seq()))
        return refuse({std::string(err::kStaleSequence),
                       "the room is at seq " + std::to_string(seq()) + ", this command was sent at seq " + std::to_string(msg.seq),
                       "seq", {}});

    if (const auto error = play(move, /*by_bot=*/false)) refuse(*error);
}

bool Room::take_command_token(int seat) {
    const HubOptions& o = context_->options;
    if (o.command_rate_seat <= 0) return true;
    const auto index = static_cast<std::size_t>(seat);
    if (command_buckets_.size() <= index) command_buckets_.resize(index + 1);
    auto& bucket = command_buckets_[index];
    if (!bucket) bucket.emplace(o.command_rate_seat, std::max(1.0, o.command_burst_seat), now());
    return bucket->take(now());
}

std::optional<ErrorInfo> Room::play(const game::MovePtr& move, bool by_bot) {
    const auto started = Clock::now();
    auto applied = game_->apply(*move);
    if (auto* error = std::get_if<game::Error>(&applied)) return error_info(std::move(*error));
    const game::Applied result = std::get<game::Applied>(applied);
    log_.push_back(move);
    const int seat = move->seat();
    if (seat >= 0) ++(by_bot ? seats_[seat].bot_moves : seats_[seat].own_moves);  // for "who won" (room_doc)
    if (!by_bot) person_active();

    if (spdlog::should_log(spdlog::level::debug)) spdlog::debug("{} {}{}", tag(seat), move->name(), by_bot ? " (bot)" : "");
    Changed changed = Changed::Game;
    if (result.game_over && phase_ == RoomPhase::Playing) {
        changed = Changed::Both;
        phase_ = RoomPhase::Finished;
        finished_at_ = Clock::now();
        note_game_end();
        const int winner = game_->winner();
        spdlog::info("{} {} won the game", tag(winner), winner >= 0 ? seats_[winner].name : std::string("nobody"));
    }
    // Broadcast (the acknowledgement) only once the command is in the log on disk.
    log_command(*move, [this, seat, answer = move->is_answer(), ended = result.ended_decision, started, changed] {
        if (context_->options.command_committed_hook) context_->options.command_committed_hook();
        answers_.decided(seat, answer, ended, seq() + 1);  // the seq publish gives this change (before a bot's next one)
        publish(changed, /*events=*/true);
        context_->metrics->command_accepted(Clock::now() - started);
    });
    return std::nullopt;
}

}  // namespace catan::room
