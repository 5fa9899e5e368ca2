#pragma once
// The rules engine's whole interface: pure functions over GameState. No I/O, no clocks, no threads.
#include <optional>
#include <vector>

#include "catan/engine/command.hpp"
#include "catan/engine/error.hpp"
#include "catan/engine/event.hpp"
#include "catan/engine/state.hpp"

namespace catan {

// Options outside their ranges are reported, not clamped.
std::optional<Error> validate_options(const GameOptions& options);

// A fresh game: board, deck and first player drawn from options.seed; phase SetupSettlement.
// Precondition: validate_options(options) is empty. `events` receives what players are shown of the
// start (R-O5: the first-player rolls).
GameState new_game(const GameOptions& options, std::vector<Event>* events = nullptr);

// The board a game's options play on: a scenario's sea frame (R-SF1), else the box of its player count.
constexpr BoardKind board_for(const GameOptions& o) {
    return o.scenario != Scenario::None ? sea_board_for_players(o.players) : board_for_players(o.players);
}

inline const Topology& topology(const GameState& s) { return topology(s.board_kind); }
inline const Ruleset& ruleset(const GameState& s) { return ruleset(s.board_kind); }

// What is inconsistent in a state: the field (with the seat for players[seat].field, else -1) and why.
struct StateProblem {
    const char* field;
    int seat;
    const char* why;
};
// The first inconsistency of a state, if any: options, flow (phase, step, setup), the board against
// its recipe, every card and piece accounted for. Derived fields and road lengths are not checked.
std::optional<StateProblem> find_state_problem(const GameState& state);
// The first derived field (GameState's "derived" part) that differs from what refresh_derived() builds.
std::optional<StateProblem> find_derived_problem(const GameState& state);
// A checking build (CATAN_ASSERT_STATE, without NDEBUG) asserts this after every accepted command.
inline bool state_is_ok(const GameState& state) { return !find_state_problem(state) && !find_derived_problem(state); }

// Whether apply() holds a command to R-L1, the per-turn limit on domestic trading. A command played
// now is (Live); a command from a record a server accepted earlier (restore, replay records, verify)
// is not (Recorded): records written before the limit existed may go beyond it, and must still
// replay to the same state. A record written since never does, so both give the same state for it.
enum class Limits : std::uint8_t { Live, Recorded };

// Applies a command in place. On success returns nothing and appends what happened to `events`
// (when given); on failure returns the rule broken and leaves the state exactly as it was.
std::optional<Error> apply(GameState& state, const Command& command, std::vector<Event>* events = nullptr,
                           Limits limits = Limits::Live);

// Every concrete command `player` may issue now, each of which apply() accepts. Domestic trade
// proposals and counter-offers have unbounded terms and are not enumerated: see may_propose_trade.
void legal_actions(const GameState& state, int player, std::vector<Command>& out);
std::vector<Command> legal_actions(const GameState& state, int player);

// Whether `player` may send a ProposeTrade (active player) or CounterTrade (responder) now, terms aside.
bool may_propose_trade(const GameState& state, int player);
bool may_counter_trade(const GameState& state, int player);

// Bit i set when seat i has something to do now (several during discards and trade offers).
unsigned players_to_act(const GameState& state);

int victory_points(const GameState& state, int player);         // including hidden VP cards
int public_victory_points(const GameState& state, int player);  // what others see (R-D6)
int bank_trade_ratio(const GameState& state, int player, Resource give);  // 4, 3 or 2 (R-TR3)
int longest_road_of(const GameState& state, int player);        // recomputed from the board (R-A1, R-A2)
int setup_player(const GameState& state, int step);             // seat placing at setup step (R-S4)

// Where `player` may build a road / a settlement after setup, cost and pieces left aside (R-BU1,
// R-BU2): the predicates apply() uses, for players that plan ahead (bots).
EdgeMask road_spots(const GameState& state, int player);
NodeMask settlement_spots(const GameState& state, int player);

// Recomputes the derived fields of GameState (after loading a state from outside).
void refresh_derived(GameState& state);

}  // namespace catan
