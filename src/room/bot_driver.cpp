// One decision at a time per room. After each change the room plans the next one (drive): a timer of
// the thinking delay, re-planned by any later change, then the room hands an observation of the
// seat's own view to a worker thread, and the chosen command comes back to the room's executor. It
// is applied only if the room's seq has not moved since the observation (otherwise the driver plans
// again), through the room's play(): the very path a player's command takes.
#include "bot_driver.hpp"

#include <spdlog/spdlog.h>

namespace catan::room {

namespace {

// How long a bot that offered a trade waits for the people it asked before it decides anyway.
constexpr std::chrono::milliseconds kOfferWait{15000};

// splitmix64: each decision's seed, from the game's (bots replay with the game when its seed is fixed).
std::uint64_t next_seed(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

}  // namespace

void BotDriver::new_game(std::uint64_t seed) {
    seeds_ = seed;
    for (auto& brain : brains_) brain.reset();
    failed_.fill(false);
}

void BotDriver::drive() {
    if (host_.closed() || stage_ == Stage::Computing) return;  // its result comes back and drives again
    if (stage_ == Stage::Waiting) {
        if (plan_seq_ == host_.seq()) return;  // planned for exactly this situation
        stage_ = Stage::Idle;                   // something changed: plan afresh (the old timer is ignored)
    }
    const std::optional<BotTurn> turn = host_.bot_turn();
    if (!turn) return;
    stage_ = Stage::Waiting;
    plan_seq_ = host_.seq();
    plan_seat_ = turn->seat;
    const std::uint64_t plan = ++plan_;
    host_.think_later(turn->waiting_for_answers ? std::max(kOfferWait, options_.bot_delay) : options_.bot_delay, plan);
}

void BotDriver::think(std::uint64_t plan) {
    if (host_.closed() || stage_ != Stage::Waiting || plan != plan_) return;  // re-planned since
    const int seat = plan_seat_;
    if (auto answer = host_.expiry_move(seat)) {  // out of time: an answer no bot needs to think about
        stage_ = Stage::Computing;
        return decided(seat, host_.seq(), std::move(answer));
    }
    game::BotPtr& brain = brains_[seat];
    if (!brain || failed_[seat]) {
        brain = host_.make_bot(failed_[seat] ? host_.fallback_level() : host_.bot_level(seat));
        failed_[seat] = false;
    }
    stage_ = Stage::Computing;
    host_.start_decision(seat, brain, next_seed(seeds_), host_.seq());
}

void BotDriver::decided(int seat, std::uint64_t seq, game::MovePtr command) {
    stage_ = Stage::Idle;
    if (host_.closed()) return;
    if (seq != host_.seq() || !host_.bot_must_act(seat)) {
        // The room moved on while the bot was thinking (a player acted, came back ...): its answer
        // may no longer fit, so it is dropped and the bot asked again if it still has to act.
        metrics_.bot_decision_dropped();
        if (spdlog::should_log(spdlog::level::debug))
            spdlog::debug("{} bot decision for seq {} dropped: the room is at seq {}", host_.tag(seat), seq, host_.seq());
    } else if (!command) {
        failed_[seat] = true;
    } else if (const auto error = host_.bot_play(command)) {
        metrics_.command_rejected(error->code);
        spdlog::warn("{} the bot's {} was refused ({} {}): its next decision is random", host_.tag(seat), command->name(),
                     error->code, error->message);
        failed_[seat] = true;
    } else {
        metrics_.bot_decision();
        return;  // the room published, which planned the next decision
    }
    drive();
}

}  // namespace catan::room
