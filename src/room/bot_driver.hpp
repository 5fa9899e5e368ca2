#pragma once
// BotDriver: when a room's bots decide (docs/bots-external.md; docs/architecture.md, "Room internals").
// Owns: the one decision in progress per room (idle, waiting out its thinking delay, or computing on
// a worker), the plan that identifies the delay still meant to fire and the seq it was made at, each
// seat's bot mind (made on first use, fresh each game; a random one after a refused command), and
// the generator that seeds each decision.
// Must not: read the game, choose the seat, or apply a command. It asks its room (BotHost), which
// says who must act, makes the decision job from the seat's own view and plays the chosen command
// through the very path a player's command takes. The game reaches it only through the seam's
// opaque `Move` and `Bot` (game/module.hpp).
#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "catan/game/module.hpp"
#include "catan/room/envelope.hpp"  // kMaxSeats
#include "catan/room/hub.hpp"
#include "catan/room/metrics.hpp"
#include "messages.hpp"

namespace catan::room {

struct BotTurn {
    int seat = -1;
    bool waiting_for_answers = false;  // its own trade offer: it waits for the people it asked first
};

// What the driver asks of its room: the narrow callback through which its bots see and play.
class BotHost {
public:
    virtual std::uint64_t seq() const = 0;
    virtual bool closed() const = 0;
    virtual std::optional<BotTurn> bot_turn() const = 0;  // the seat a bot must act for now, if any
    virtual bool bot_must_act(int seat) const = 0;        // still the bot's decision (the game plays on, the seat is a bot's)
    virtual game::MovePtr expiry_move(int seat) const = 0;  // out of time: an answer that needs no thinking (null: none)
    virtual std::string bot_level(int seat) const = 0;
    // The seat's bot of `level` (the module's, or the test hook's); `fallback`: the random level after a refusal.
    virtual game::BotPtr make_bot(const std::string& level) const = 0;
    virtual std::string fallback_level() const = 0;
    virtual void think_later(std::chrono::milliseconds delay, std::uint64_t plan) = 0;  // BotDriver::think, on the room's executor
    // The decision job: the game's copy of the seat's own view, taken now (Session::bot_job), run on a
    // worker with `seed`; the result comes back to BotDriver::decided(seat, seq, move) on the room's executor.
    virtual void start_decision(int seat, game::BotPtr brain, std::uint64_t seed, std::uint64_t seq) = 0;
    virtual std::optional<ErrorInfo> bot_play(const game::MovePtr& move) = 0;  // refused: nothing changed
    virtual std::string tag(int seat) const = 0;  // "[K7QX3 seat 2]" for log lines

protected:
    ~BotHost() = default;
};

class BotDriver {
public:
    BotDriver(BotHost& host, const HubOptions& options, Metrics& metrics) : host_(host), options_(options), metrics_(metrics) {}

    void new_game(std::uint64_t seed);  // fresh minds, and the decisions' generator from `seed`
    void reseed(std::uint64_t seed) { seeds_ = seed; }  // a restored room
    // After every change: plans the next decision if a bot must act (re-planning one made for an
    // earlier seq), unless one is computing (its result drives again).
    void drive();
    bool idle() const { return stage_ == Stage::Idle; }  // no decision waiting or being computed
    void think(std::uint64_t plan);  // the thinking delay of `plan` is over
    // The decision made at `seq` came back: applied if the room is still at that seq and the seat
    // still the bot's, otherwise dropped (and the bot asked again if it still has to act).
    void decided(int seat, std::uint64_t seq, game::MovePtr move);

private:
    enum class Stage { Idle, Waiting, Computing };
    BotHost& host_;
    const HubOptions& options_;
    Metrics& metrics_;
    Stage stage_ = Stage::Idle;
    std::uint64_t plan_ = 0;      // identifies the Waiting timer still meant to fire
    std::uint64_t plan_seq_ = 0;  // the room's seq when that plan was made
    int plan_seat_ = -1;
    std::uint64_t seeds_ = 0;  // the seed of each decision follows from it (a splitmix sequence)
    // Each seat's mind, shared with a decision in progress. Seats move only in the lobby, and every
    // game starts with fresh minds (new_game), so a reseat need not move these.
    std::array<game::BotPtr, kMaxSeats> brains_{};
    std::array<bool, kMaxSeats> failed_{};  // its last command was refused: the next decision is random
};

}  // namespace catan::room
