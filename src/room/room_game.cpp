// Game commands: decoded for the sender's seat, checked against the room's sequence number, applied
// by the engine, and broadcast as per-viewer diffs. A refused command changes nothing and is answered
// to its sender only.
#include <spdlog/spdlog.h>

#include "catan/proto/proto.hpp"
#include "room.hpp"

namespace catan::room {

using nlohmann::json;

namespace {

// Answers to a decision several seats take at once (answer_marks.hpp): one seat's answer cannot change what another's
// means. A discard owes the same cards whoever else discards on that 7; an answer to an offer
// answers the same terms whoever else accepts, declines or counters (only the proposer's cancel or
// confirm, or a new offer, change the offer, and those are not answers).
bool answer(CommandType t) {
    return t == CommandType::Discard || t == CommandType::AcceptTrade || t == CommandType::DeclineTrade ||
           t == CommandType::CounterTrade;
}

}  // namespace

void Room::on_command(const Member& m, const ClientMessage& msg, const json& id) {
    const auto refuse = [&](const ErrorInfo& e) {
        context_->metrics->command_rejected(e.code);
        if (spdlog::should_log(spdlog::level::debug)) spdlog::debug("{} command refused: {} {}", tag(m.seat), e.code, e.message);
        reply_error(m.conn, e, id);
    };
    if (m.seat < 0) return refuse({std::string(err::kNotSeated), "spectators cannot play", {}, {}});
    // Shape first: a malformed command is malformed whatever the room is doing.
    const proto::CommandBounds bounds =
        game_ ? proto::command_bounds(*game_) : proto::command_bounds(board_for_players(options_.players), options_.players);
    auto decoded = proto::decode_command(msg.command, m.seat, bounds);
    if (!decoded) {
        ErrorInfo e = proto::error_reply(decoded.error());
        e.field = e.field.empty() ? "command" : "command." + e.field;  // paths are relative to the envelope
        return refuse(e);
    }
    if (!game_) return refuse({std::string(err::kWrongPhase), "the game has not started", {}, {}});
    // A command answers what its sender last saw; if anything changed since that may alter what it
    // means, it is refused rather than applied (and never applied twice).
    if (!answers_.still_meant(m.seat, answer(decoded.value().type), msg.seq, seq()))
        return refuse({std::string(err::kStaleSequence),
                       "the room is at seq " + std::to_string(seq()) + ", this command was sent at seq " + std::to_string(msg.seq),
                       "seq", {}});

    if (const auto error = play(m.seat, decoded.value(), /*by_bot=*/false)) refuse(*error);
}

std::optional<ErrorInfo> Room::play(int seat, const Command& command, bool by_bot) {
    const auto started = Clock::now();
    events_.clear();
    const Phase decision = game_->phase;
    if (const auto error = apply(*game_, command, &events_)) return proto::error_reply(*error);
    const bool ended_decision = game_->phase != decision;
    log_.push_back({seat, command});
    record_history(events_);

    if (spdlog::should_log(spdlog::level::debug))
        spdlog::debug("{} {}{}", tag(seat), to_string(command.type), by_bot ? " (bot)" : "");
    Changed changed = Changed::Game;
    if (game_->phase == Phase::GameOver && phase_ == RoomPhase::Playing) {
        changed = Changed::Both;
        phase_ = RoomPhase::Finished;
        finished_at_ = Clock::now();
        note_game_end();
        spdlog::info("{} {} won the game", tag(game_->winner), seats_[game_->winner].name);
    }
    // Broadcast (the acknowledgement) only once the command is in the log on disk.
    log_command(seat, command, [this, seat, command, ended_decision, started, changed] {
        if (context_->options.command_committed_hook) context_->options.command_committed_hook();
        answers_.decided(seat, answer(command.type), ended_decision, seq() + 1);  // the seq publish gives this change (before a bot's next one)
        publish(changed, &events_);
        context_->metrics->command_accepted(Clock::now() - started);
    });
    return std::nullopt;
}

}  // namespace catan::room
