#pragma once
// Computer players. A bot decides from one seat's observation only: observe() strips everything the seat
// cannot see, so no level can cheat. Bots are single-threaded and, given their Rng and a playout budget,
// deterministic (the time cap is the only thing that depends on the clock).
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "catan/engine/engine.hpp"

namespace catan::bots {

enum class Level : std::uint8_t { Random, Basic, Strong };
inline constexpr int kLevelCount = 3;
const char* to_string(Level level);                    // "random", "basic", "strong"
std::optional<Level> parse_level(std::string_view name);

// What one seat may know, and nothing more. observe() keeps everything public plus the seat's own hand
// and development cards, and replaces all that is hidden from the seat (other players' hand contents —
// their totals stay right —, their unplayed development cards — their counts stay right —, the deck order,
// the generator state) by a canonical filling computed from public information only. So two true states
// that differ only in what the seat cannot see give byte-identical observations, and
// legal_actions(obs.state, seat) == legal_actions(truth, seat).
// The game seed (options.seed) is hidden too: it determines the deck order.
struct Observation {
    GameState state;
    int seat = 0;
};
Observation observe(const GameState& truth, int seat);

struct Budget {
    int playouts = 0;                                  // 0: no playout cap
    std::chrono::milliseconds time{1000};              // 0: no time cap (tests use playouts only)
};

class Bot {
public:
    virtual ~Bot() = default;
    // The command for obs.seat, which has something to do (players_to_act bit set). Always one that
    // apply() accepts on the true state: a legal action, or a ProposeTrade/CounterTrade/… that
    // may_propose_trade/may_counter_trade allow with terms the seat can pay.
    // During a trade offer the active player is asked too; with answers still pending it confirms an
    // answer it likes, or else withdraws the offer, so ask the responders first (see seat_to_ask).
    virtual Command choose(const Observation& obs, Rng& rng) = 0;
    virtual Level level() const = 0;
};
std::unique_ptr<Bot> make_bot(Level level, Budget budget = {});

// The seat a loop of bots should ask next: a responder still owing an answer to a trade offer before the
// active player, otherwise the active player, during discards the lowest seat still owing cards; -1 when
// nobody is to act (game over).
int seat_to_ask(const GameState& truth);

}  // namespace catan::bots
