// Bots in a room: the host's bots (added to empty seats in the lobby), bots that play a disconnected
// player's seat after the room's grace period, and the loop that runs every bot decision.
//
// One decision at a time per room. After each change the room plans the next one (drive_bots): a
// timer of the thinking delay, re-planned by any later change, then an observation of the seat's own
// view (bots::observe) is handed to a worker thread, and the chosen command comes back to the room's
// executor. It is applied only if the room's seq has not moved since the observation (otherwise the
// room plans again), through play(): the very path a player's command takes.
#include <spdlog/spdlog.h>

#include "catan/room/text.hpp"
#include "room.hpp"

namespace catan::room {

using nlohmann::json;

namespace {

// How long a bot that offered a trade waits for the people it asked before it decides anyway.
constexpr std::chrono::milliseconds kOfferWait{15000};

}  // namespace

json Room::options_json() const {
    return {{"players", options_.players},
            {"vp_target", options_.vp_target},
            {"takeover_after", options_.takeover_after == kNeverTakeOver ? json("never") : json(options_.takeover_after)},
            {"turn_timer", options_.turn_timer},
            {"discard_limit", options_.discard_limit},
            {"friendly_robber", options_.friendly_robber},
            {"balanced_board", options_.balanced_board},
            {"first_by_dice", options_.first_by_dice},
            {"turn_structure", to_string(options_.turn_structure)}};
}

json Room::bot_json(int seat) const {
    const Seat& s = seats_[seat];
    return s.bot ? json(bots::to_string(*s.bot)) : json(nullptr);
}

json Room::controlled_by_json(int seat) const {
    const Seat& s = seats_[seat];
    if (!s.taken) return nullptr;
    return bot_controls(seat) ? "bot" : "player";
}

void Room::post_after(std::chrono::milliseconds delay, std::function<void(Room&)> task) {
    // Weak: a room closed meanwhile is not kept alive by its timers.
    executor_->post_after(delay, [weak = weak_from_this(), task = std::move(task)] {
        if (const auto self = weak.lock()) self->run(task);
    });
}

void Room::on_add_bot(const Member& m, const ClientMessage& msg, const json& id) {
    if (!require_host(m, id)) return;
    const int seat = msg.seat;
    if (seat >= options_.players)
        return reply_error(m.conn,
                           {std::string(err::kOutOfRange), "this room has " + std::to_string(options_.players) + " seats", "seat", {}},
                           id);
    if (seats_[seat].taken)
        return reply_error(m.conn, {std::string(err::kSeatTaken), "seat " + std::to_string(seat) + " is not free", "seat", {}}, id);
    // "Bot 1", "Bot 2" ...: the first such name nobody in the room has.
    std::string name;
    for (int n = 1; name.empty(); ++n) {
        std::string candidate = "Bot " + std::to_string(n);
        bool used = false;
        for (const Seat& s : seats_) used = used || (s.taken && same_name(s.name, candidate));
        if (!used) name = std::move(candidate);
    }
    Seat& s = seats_[seat];
    s = Seat{};
    s.taken = true;
    s.name = std::move(name);
    s.bot = msg.level;
    spdlog::info("{} {} added ({})", tag(seat), s.name, bots::to_string(msg.level));
    save_lobby([this] { publish(Changed::Room); });
}

void Room::on_remove_bot(const Member& m, const ClientMessage& msg, const json& id) {
    if (!require_host(m, id)) return;
    const int seat = msg.seat;
    if (seat >= options_.players || !seats_[seat].bot)
        return reply_error(m.conn, {std::string(err::kNotABot), "seat " + std::to_string(seat) + " has no bot", "seat", {}}, id);
    spdlog::info("{} {} removed", tag(seat), seats_[seat].name);
    seats_[seat] = Seat{};
    save_lobby([this] { publish(Changed::Room); });
}

void Room::seat_absent(int seat) {
    Seat& s = seats_[seat];
    ++s.absence;
    if (phase_ != RoomPhase::Playing || s.bot || s.taken_over || options_.takeover_after == kNeverTakeOver) return;
    post_after(std::chrono::seconds(options_.takeover_after), [seat, absence = s.absence](Room& r) { r.take_over(seat, absence); });
}

void Room::seat_present(int seat) {
    Seat& s = seats_[seat];
    ++s.absence;
    if (!s.taken_over) return;
    // The player has the seat back at once: a decision the bot is still making for it will find the
    // seq moved (this arrival is published) and be dropped.
    s.taken_over = false;
    spdlog::info("{} {} is back and plays their seat again", tag(seat), s.name);
}

void Room::take_over(int seat, std::uint64_t absence) {
    Seat& s = seats_[seat];
    if (closed_ || phase_ != RoomPhase::Playing || s.absence != absence || s.connections > 0 || s.taken_over) return;
    s.taken_over = true;
    context_->metrics->bot_takeover();
    spdlog::info("{} {} has been away for {} s: a bot plays their seat until they come back", tag(seat), s.name,
                 options_.takeover_after);
    publish(Changed::Room);
}

// A restored room has nobody connected yet: each player's grace period starts now, and a bot whose
// turn it is plays on.
void Room::resume_after_restore() {
    if (phase_ != RoomPhase::Playing || !game_) return;
    bot_rng_ = Rng(game_->options.seed ^ 0x5eedb075u ^ static_cast<std::uint64_t>(log_.size()));
    for (int seat = 0; seat < game_->num_players; ++seat)
        if (!seats_[seat].bot) seat_absent(seat);
    // The decision pending at the restart gets a fresh full limit (the time it had left is not kept).
    if (update_timer()) room_doc_ = room_doc();
    drive_bots();
}

void Room::drive_bots() {
    if (closed_ || bot_stage_ == BotStage::Computing) return;  // its result comes back and drives again
    if (bot_stage_ == BotStage::Waiting) {
        if (bot_plan_seq_ == seq_) return;  // planned for exactly this situation
        bot_stage_ = BotStage::Idle;        // something changed: plan afresh (the old timer is ignored)
    }
    if (phase_ != RoomPhase::Playing || !game_) return;
    const unsigned acting = players_to_act(*game_);
    int seat = -1;
    bool waiting_for_answers = false;
    for (int i = 0; i < game_->num_players && seat < 0; ++i) {
        if (!(acting >> i & 1u) || !bot_acts(i)) continue;
        // A bot's own trade offer: the others answer first (bots are asked before it).
        if (game_->phase == Phase::TradeOffer && i == game_->current && (acting & ~(1u << i)) != 0) {
            bool bot_responder = false;
            for (int j = 0; j < game_->num_players; ++j) bot_responder = bot_responder || (j != i && (acting >> j & 1u) && bot_acts(j));
            if (bot_responder) continue;
            waiting_for_answers = true;
        }
        seat = i;
    }
    if (seat < 0) return;
    bot_stage_ = BotStage::Waiting;
    bot_plan_seq_ = seq_;
    bot_plan_seat_ = seat;
    const std::uint64_t plan = ++bot_plan_;
    const auto delay = waiting_for_answers ? std::max(kOfferWait, context_->options.bot_delay) : context_->options.bot_delay;
    post_after(delay, [plan](Room& r) { r.bot_think(plan); });
}

void Room::bot_think(std::uint64_t plan) {
    if (closed_ || bot_stage_ != BotStage::Waiting || plan != bot_plan_) return;  // re-planned since
    const int seat = bot_plan_seat_;
    if (const auto answer = expiry_command(seat)) {  // out of time: an answer no bot needs to think about
        bot_stage_ = BotStage::Computing;
        return bot_decided(seat, seq_, answer);
    }
    Seat& s = seats_[seat];
    if (!s.brain || s.brain_failed) {
        bots::Budget budget;
        budget.time = context_->options.strong_bot_budget;
        const bots::Level level = s.brain_failed ? bots::Level::Random : s.bot.value_or(context_->options.takeover_level);
        const auto& make = context_->options.make_bot;
        s.brain = make ? make(level, budget) : bots::make_bot(level, budget);
        s.brain_failed = false;
    }
    bot_stage_ = BotStage::Computing;
    // Taken here, on the room's executor: the worker sees only this copy of the seat's own view.
    // Weak: a job waiting in the pool does not keep a closed room alive.
    auto job = [weak = weak_from_this(), brain = s.brain, observation = bots::observe(*game_, seat),
                rng = Rng(bot_rng_.next()), seat, seq = seq_, where = tag(seat)]() mutable {
        std::optional<Command> command;
        try {
            command = brain->choose(observation, rng);
        } catch (const std::exception& e) {
            spdlog::error("{} the bot failed to decide: {}", where, e.what());
        }
        if (const auto self = weak.lock()) self->post([seat, seq, command](Room& r) { r.bot_decided(seat, seq, command); });
    };
    if (context_->workers)
        context_->workers->run(std::move(job));
    else
        executor_->post(std::move(job));
}

void Room::bot_decided(int seat, std::uint64_t seq, std::optional<Command> command) {
    bot_stage_ = BotStage::Idle;
    if (closed_) return;
    if (seq != seq_ || !game_ || phase_ != RoomPhase::Playing || !bot_acts(seat)) {
        // The room moved on while the bot was thinking (a player acted, came back ...): its answer
        // may no longer fit, so it is dropped and the bot asked again if it still has to act.
        context_->metrics->bot_decision_dropped();
        if (spdlog::should_log(spdlog::level::debug))
            spdlog::debug("{} bot decision for seq {} dropped: the room is at seq {}", tag(seat), seq, seq_);
    } else if (!command) {
        seats_[seat].brain_failed = true;
    } else if (const auto error = play(seat, *command, /*by_bot=*/true)) {
        context_->metrics->command_rejected(error->code);
        spdlog::warn("{} the bot's {} was refused ({} {}): its next decision is random", tag(seat),
                     to_string(command->type), error->code, error->message);
        seats_[seat].brain_failed = true;
    } else {
        context_->metrics->bot_decision();
        return;  // play() published, which planned the next decision
    }
    drive_bots();
}

}  // namespace catan::room
