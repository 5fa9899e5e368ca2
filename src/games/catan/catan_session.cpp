#include "catan_session.hpp"

#include "catan/bots/bot.hpp"
#include "catan/proto/actions_json.hpp"
#include "catan/proto/command_json.hpp"
#include "catan/proto/error_json.hpp"
#include "catan/proto/event_json.hpp"
#include "catan/proto/state_json.hpp"
#include "catan/proto/view_parts.hpp"
#include "catan_decision.hpp"
#include "catan_options.hpp"

namespace catan::games {

using game::Json;

namespace {

int as_viewer(int viewer) { return viewer >= 0 ? viewer : proto::kSpectator; }

game::MovePtr move_of(const Command& command) { return std::make_shared<const CatanMove>(command); }

}  // namespace

Json CatanMove::json() const { return proto::command_json(command_); }
bool CatanMove::is_answer() const { return games::is_answer(command_.type); }
std::string CatanMove::name() const { return to_string(command_.type); }

CatanSession::CatanSession(const game::Module& module, GameState state, std::vector<Event> events)
    : module_(module), state_(std::move(state)), events_(std::move(events)) {
    record(events_);
}

void CatanSession::record(const std::vector<Event>& events) {
    for (const Event& e : events) {
        recent_.push_back(e);
        if (recent_.size() > kHistoryEvents) recent_.pop_front();
    }
    stats_.add(events);
}

std::variant<game::Applied, game::Error> CatanSession::play(const game::Move& move, Limits limits) {
    const auto* catan_move = dynamic_cast<const CatanMove*>(&move);
    if (!catan_move) return game::Error{"bad_command", "not a Catan command", "command", {}};
    const Phase decision = state_.phase;
    events_.clear();
    if (const auto error = catan::apply(state_, catan_move->command(), &events_, limits)) {
        events_.clear();
        const proto::ErrorReply reply = proto::error_reply(*error);
        return game::Error{reply.code, reply.message, reply.field, reply.rule};
    }
    record(events_);
    return game::Applied{state_.phase != decision, state_.phase == Phase::GameOver};
}

Json CatanSession::options() const { return games::module_options(state_.options); }

std::variant<game::MovePtr, game::Error> CatanSession::decode(const Json& command, int seat) const {
    auto decoded = proto::decode_command(command, seat, proto::command_bounds(state_));
    if (!decoded) {
        const proto::ErrorReply e = proto::error_reply(decoded.error());
        return game::Error{e.code, e.message, e.field, e.rule};
    }
    return move_of(decoded.value());
}

int CatanSession::seat_for_bots(game::SeatMask bots, bool& waiting) const { return games::seat_for_bots(state_, bots, waiting); }

std::string CatanSession::legal_text(int seat) const {
    return seat >= 0 ? proto::legal_actions_text(state_, seat) : std::string("null");
}

Json CatanSession::legal(int seat) const { return seat >= 0 ? proto::legal_actions_json(state_, seat) : Json(nullptr); }

std::vector<game::MovePtr> CatanSession::legal_moves(int seat) const {
    std::vector<game::MovePtr> moves;
    for (const Command& c : legal_actions(state_, seat)) moves.push_back(move_of(c));
    return moves;
}

void CatanSession::update_public(game::ViewParts& parts, const game::PatchSink* sink) const {
    proto::update_public_parts(state_, parts, sink);
}

void CatanSession::update_viewer(int viewer, game::ViewParts& parts, const game::PatchSink* sink) const {
    proto::update_viewer_parts(state_, as_viewer(viewer), parts, sink);
}

Json CatanSession::assemble(const game::ViewParts& public_parts, const game::ViewParts& viewer_parts) const {
    return proto::assemble_view(public_parts, viewer_parts);
}

// Seats without a name (empty or beyond the list) keep proto's default ("Player 3").
const proto::SeatNames& CatanSession::names(const std::vector<std::string>& given) const {
    if (given == names_given_ && !names_[0].empty()) return names_;
    names_given_ = given;
    names_ = proto::default_seat_names();
    for (std::size_t i = 0; i < given.size() && i < names_.size(); ++i)
        if (!given[i].empty()) names_[i] = given[i];
    return names_;
}

Json CatanSession::last_events(int viewer, const std::vector<std::string>& given) const {
    return proto::events_json(events_, as_viewer(viewer), names(given));
}

std::string CatanSession::last_events_text(int viewer, const std::vector<std::string>& given) const {
    return proto::events_json(events_, as_viewer(viewer), names(given)).dump();
}

// Each event as its own actor saw it: the stolen resource, the bought card.
Json CatanSession::revealed_events(const std::vector<std::string>& given) const {
    const proto::SeatNames& seat = names(given);
    Json all = Json::array();
    for (const Event& e : events_) all.push_back(proto::event_json(e, e.player < kMaxPlayers ? e.player : proto::kSpectator, seat));
    return all;
}

Json CatanSession::history(int viewer, const std::vector<std::string>& given) const {
    const proto::SeatNames& seat = names(given);
    Json log = Json::array();
    for (const Event& e : recent_) log.push_back(proto::event_json(e, as_viewer(viewer), seat));
    return log;
}

Json CatanSession::stats(std::optional<std::int64_t> started_at, std::optional<std::int64_t> ended_at) const {
    return stats_.to_json(state_, started_at, ended_at);
}

void CatanSession::update_stats(game::ViewParts& parts, const game::PatchSink* sink, std::optional<std::int64_t> started_at,
                                std::optional<std::int64_t> ended_at) const {
    stats_.update_parts(state_, started_at, ended_at, parts, sink);
}

game::Pending CatanSession::pending(int turn_seconds, bool turn_based) const { return pending_decision(state_, turn_seconds, turn_based); }

game::MovePtr CatanSession::expiry_move(int seat) const {
    const auto command = expiry_command(state_, seat);
    return command ? move_of(*command) : nullptr;
}

// Taken on the room's executor: the job holds only this copy of the seat's own view (bots::observe) and
// its own generator, so it may run on any thread while the game moves on.
game::BotJob CatanSession::bot_job(int seat, game::BotPtr bot, std::uint64_t seed) const {
    auto catan_bot = std::dynamic_pointer_cast<CatanBot>(std::move(bot));
    if (!catan_bot) return [] { return game::MovePtr(); };
    return [catan_bot, observation = bots::observe(state_, seat), rng = Rng(seed)]() mutable -> game::MovePtr {
        return move_of(catan_bot->brain().choose(observation, rng));
    };
}

Json CatanSession::options_record() const { return games::options_record(state_.options); }

std::string CatanSession::snapshot() const { return proto::state_json(state_).dump(); }

}  // namespace catan::games
