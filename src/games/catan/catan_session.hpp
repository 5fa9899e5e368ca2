#pragma once
// One Catan game behind the seam: the engine's state, the last command's events, and the game's history
// (recent events and stats) kept beside the state.
#include <deque>

#include "catan/bots/bot.hpp"
#include "catan/engine/engine.hpp"
#include "catan/proto/event_json.hpp"
#include "catan/game/module.hpp"
#include "catan/proto/game_stats.hpp"

namespace catan::games {

// A decoded Catan command.
class CatanMove final : public game::Move {
public:
    explicit CatanMove(const Command& command) : command_(command) {}
    int seat() const override { return command_.player; }
    game::Json json() const override;
    bool is_answer() const override;
    std::string name() const override;
    bool is_optional() const override {
        return command_.type == CommandType::ProposeTrade || command_.type == CommandType::CounterTrade;
    }
    const Command& command() const { return command_; }

private:
    Command command_;
};

// A bots:: player behind the seam: one per seat, kept by the room (BasicBot counts its offers per turn).
class CatanBot final : public game::Bot {
public:
    explicit CatanBot(std::unique_ptr<bots::Bot> brain) : brain_(std::move(brain)) {}
    std::string level() const override { return bots::to_string(brain_->level()); }
    bots::Bot& brain() { return *brain_; }

private:
    std::unique_ptr<bots::Bot> brain_;
};

// Events of the current game in a snapshot's "log" (the room's kLogEvents).
inline constexpr std::size_t kHistoryEvents = 200;

class CatanSession final : public game::Session {
public:
    // `events`: what the start showed (first-player rolls).
    CatanSession(const game::Module& module, GameState state, std::vector<Event> events);

    const game::Module& module() const override { return module_; }
    int players() const override { return state_.num_players; }
    game::Json options() const override;
    std::variant<game::MovePtr, game::Error> decode(const game::Json& command, int seat) const override;
    std::variant<game::Applied, game::Error> apply(const game::Move& move) override { return play(move, Limits::Live); }
    std::variant<game::Applied, game::Error> replay(const game::Move& move) override { return play(move, Limits::Recorded); }
    game::SeatMask to_act() const override { return players_to_act(state_); }
    int seat_for_bots(game::SeatMask bots, bool& waiting) const override;
    int on_turn() const override { return state_.current; }
    bool over() const override { return state_.phase == Phase::GameOver; }
    int winner() const override { return over() ? state_.winner : -1; }
    game::Json legal(int seat) const override;
    std::vector<game::MovePtr> legal_moves(int seat) const override;
    void update_public(game::ViewParts& parts, const game::PatchSink* sink) const override;
    void update_viewer(int viewer, game::ViewParts& parts, const game::PatchSink* sink) const override;
    game::Json assemble(const game::ViewParts& public_parts, const game::ViewParts& viewer_parts) const override;
    game::Json last_events(int viewer, const std::vector<std::string>& names) const override;
    game::Json history(int viewer, const std::vector<std::string>& names) const override;
    game::Json stats(std::optional<std::int64_t> started_at, std::optional<std::int64_t> ended_at) const override;
    game::Json revealed_events(const std::vector<std::string>& names) const override;
    std::string legal_text(int seat) const override;
    std::string last_events_text(int viewer, const std::vector<std::string>& names) const override;
    bool events_differ_by_viewer() const override { return proto::events_differ_by_viewer(events_); }
    void update_stats(game::ViewParts& parts, const game::PatchSink* sink, std::optional<std::int64_t> started_at,
                      std::optional<std::int64_t> ended_at) const override;
    game::Pending pending(int turn_seconds, bool turn_based) const override;
    game::MovePtr expiry_move(int seat) const override;
    game::BotJob bot_job(int seat, game::BotPtr bot, std::uint64_t seed) const override;
    game::Json options_record() const override;
    std::string snapshot() const override;
    std::uint64_t seed() const override { return state_.options.seed; }

    // Restore: the state after a snapshot, the history still made from the whole log.
    void replace_state(GameState state) { state_ = std::move(state); }
    void record(const std::vector<Event>& events);

private:
    std::variant<game::Applied, game::Error> play(const game::Move& move, Limits limits);

    const game::Module& module_;
    GameState state_;
    std::vector<Event> events_;  // the last command's, reused by every command
    std::deque<Event> recent_;
    proto::GameStats stats_;
    // The room sends the same names for every viewer of a command: they are converted once.
    const proto::SeatNames& names(const std::vector<std::string>& names) const;
    mutable std::vector<std::string> names_given_;
    mutable proto::SeatNames names_{};
};

}  // namespace catan::games
