// Bots in a room: the host's bots (added to empty seats in the lobby), bots that play a disconnected
// player's seat after the room's grace period, and what the bot driver (bot_driver.hpp, which decides
// when) asks of the room: who must act, and the decision job made from that seat's own view
// (Session::bot_job), the one place bots see the game.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "catan/proto/reader.hpp"
#include "room.hpp"

namespace catan::room {

using nlohmann::json;

// The room's own options and every option of its game, flat, as a client writes them.
json Room::options_json() const {
    json options = options_.rules;
    options["game"] = options_.game;
    options["players"] = options_.players;
    options["takeover_after"] = options_.takeover_after == kNeverTakeOver ? json("never") : json(options_.takeover_after);
    options["turn_timer"] = options_.turn_timer;
    options["pace"] = to_string(options_.pace);
    options["turn_hours"] = options_.turn_hours;
    options["on_timeout"] = to_string(options_.on_timeout);
    return options;
}

json Room::bot_json(int seat) const {
    const Seat& s = seats_[seat];
    return s.bot ? json(*s.bot) : json(nullptr);
}

json Room::controlled_by_json(int seat) const {
    const Seat& s = seats_[seat];
    if (!s.taken) return nullptr;
    return s.bot_controls() ? "bot" : "player";
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
    const std::vector<std::string> levels = module_->bot_levels();
    if (std::find(levels.begin(), levels.end(), msg.level) == levels.end()) {
        std::string known;
        for (std::size_t i = 0; i < levels.size(); ++i)
            known += (i == 0 ? "" : i + 1 == levels.size() ? " or " : ", ") + ("\"" + levels[i] + "\"");
        return reply_error(m.conn, {"out_of_range", "field 'level' must be one of " + known + ", not " + proto::strict::quote(msg.level), "level", {}},
                           id);
    }
    if (seats_[seat].taken)
        return reply_error(m.conn, {std::string(err::kSeatTaken), "seat " + std::to_string(seat) + " is not free", "seat", {}}, id);
    Seat& s = seats_.take(seat, seats_.free_bot_name(), /*host=*/false);
    s.bot = msg.level;
    spdlog::info("{} {} added ({})", tag(seat), s.name, msg.level);
    save_lobby([this] { publish(Changed::Room); });
}

void Room::on_remove_bot(const Member& m, const ClientMessage& msg, const json& id) {
    if (!require_host(m, id)) return;
    const int seat = msg.seat;
    if (seat >= options_.players || !seats_[seat].bot)
        return reply_error(m.conn, {std::string(err::kNotABot), "seat " + std::to_string(seat) + " has no bot", "seat", {}}, id);
    spdlog::info("{} {} removed", tag(seat), seats_[seat].name);
    seats_.free(seat);
    save_lobby([this] { publish(Changed::Room); });
}

void Room::seat_absent(int seat) {
    Seat& s = seats_[seat];
    ++s.absence;
    // Turn-based: nobody is expected to stay connected; the deadlines decide (room_timer.cpp).
    if (phase_ != RoomPhase::Playing || s.bot || s.taken_over || options_.takeover_after == kNeverTakeOver || options_.turn_based()) return;
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
    note_seat("player_returned", seat);  // the arrival's publish carries it
}

void Room::take_over(int seat, std::uint64_t absence) {
    Seat& s = seats_[seat];
    if (closed_ || phase_ != RoomPhase::Playing || s.absence != absence || s.connections > 0 || s.taken_over) return;
    s.taken_over = true;
    context_->metrics->bot_takeover();
    spdlog::info("{} {} has been away for {} s: a bot plays their seat until they come back", tag(seat), s.name,
                 options_.takeover_after);
    note_seat("bot_took_over", seat);
    publish(Changed::Room);
}

// A restored room has nobody connected yet: each player's grace period starts now, and a bot whose
// turn it is plays on.
void Room::resume_after_restore() {
    if (phase_ != RoomPhase::Playing || !game_) return;
    bots_.reseed(game_->seed() ^ 0x5eedb075u ^ static_cast<std::uint64_t>(log_.size()));
    for (int seat = 0; seat < game_->players(); ++seat)
        if (!seats_[seat].bot) seat_absent(seat);
    // Live, the decision pending at the restart gets a fresh full limit; a turn-based room's restored
    // clock (restore_turn_clock) keeps the time it had left, and its deadline is armed again here.
    if (update_timer()) views_.set_room(room_doc());
    if (!timer_.decision.kind.empty() && !timer_.wake) arm_timer(timer_.deadline);
    arm_reminder();
    bots_.drive();
}

// Who a bot must act for now: the seat the game asks first among those whose decision is a bot's
// (its own, a takeover, or a timed-out player's). A bot's own trade offer waits for the other bots'
// answers first, then (waiting_for_answers) for the people it asked (Session::seat_for_bots).
std::optional<BotTurn> Room::bot_turn() const {
    if (phase_ != RoomPhase::Playing || !game_) return std::nullopt;
    game::SeatMask bots = 0;
    for (int i = 0; i < game_->players(); ++i)
        if (bot_acts(i)) bots |= game::SeatMask{1} << i;
    bool waiting_for_answers = false;
    const int seat = game_->seat_for_bots(bots, waiting_for_answers);
    if (seat < 0) return std::nullopt;
    return BotTurn{seat, waiting_for_answers};
}

bool Room::bot_must_act(int seat) const { return game_ && phase_ == RoomPhase::Playing && bot_acts(seat); }

std::string Room::bot_level(int seat) const {
    if (seats_[seat].bot) return *seats_[seat].bot;
    const std::vector<std::string> levels = module_->bot_levels();
    const std::string& wanted = context_->options.takeover_level;
    return wanted.empty() || std::find(levels.begin(), levels.end(), wanted) == levels.end() ? levels.front() : wanted;
}

game::BotPtr Room::make_bot(const std::string& level) const {
    const auto budget = context_->options.strong_bot_budget;
    return context_->options.make_bot ? context_->options.make_bot(*module_, level, budget) : module_->make_bot(level, budget);
}

void Room::think_later(std::chrono::milliseconds delay, std::uint64_t plan) {
    post_after(delay, [plan](Room& r) { r.bots_.think(plan); });
}

void Room::start_decision(int seat, game::BotPtr brain, std::uint64_t seed, std::uint64_t seq) {
    // Taken here, on the room's executor: the job holds only its copy of the seat's own view.
    // Weak: a job waiting in the pool does not keep a closed room alive.
    auto job = [weak = weak_from_this(), decide = game_->bot_job(seat, std::move(brain), seed), seat, seq, where = tag(seat)]() {
        game::MovePtr move;
        try {
            move = decide();
        } catch (const std::exception& e) {
            spdlog::error("{} the bot failed to decide: {}", where, e.what());
        }
        if (const auto self = weak.lock()) self->post([seat, seq, move](Room& r) { r.bots_.decided(seat, seq, move); });
    };
    if (context_->workers)
        context_->workers->run(std::move(job));
    else
        executor_->post(std::move(job));
}

}  // namespace catan::room
