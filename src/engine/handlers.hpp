#pragma once
// One handler per command family. Each validates completely before it changes anything.
#include "rules.hpp"

namespace catan::handlers {

using Result = std::optional<Error>;
using Events = std::vector<Event>*;
using rules::emit;

inline Error fail(ErrorCode code, std::string_view rule, std::string_view message) { return Error{code, rule, message}; }

// Why a command of a seat not to act, or in another phase than those allowed, is refused.
[[gnu::cold]] Error turn_refusal(const GameState& s, const Command& c);
// The active player acting in one of the given phases; otherwise a message that says what is awaited.
// Inline, so the phases fold into one mask test.
inline Result require_turn(const GameState& s, const Command& c, std::initializer_list<Phase> phases) {
    unsigned allowed = 0;
    for (Phase p : phases) allowed |= 1u << static_cast<int>(p);
    if (c.player == s.current && (allowed >> static_cast<int>(s.phase) & 1u)) return std::nullopt;
    return turn_refusal(s, c);
}
// The acting seat's step allows `act` (R-X6, R-X7); otherwise an error naming the rule and what the
// step allows. Seats not acting now are left to require_turn.
Result require_step(const GameState& s, const Command& c, rules::StepAct act);

// What Built's `a` says was built.
enum class Piece : std::uint8_t { Road = 0, Settlement = 1, City = 2, Ship = 3 };
void emit_built(Events ev, int p, Piece piece, int id);
// After the setup road (or ship, R-SF3): the next setup placement, or the first turn (R-S4, R-S7).
template <class G> void finish_setup_step(GameState& s, Events ev);

// R-7c, R-SF6: one card drawn at random from the victim's hand (or a failed steal if it holds none).
void steal_random_card(GameState& s, int thief, int victim, Events ev);

template <class G> Result roll_dice(GameState& s, const Command& c, Events ev);
template <class G> Result discard(GameState& s, const Command& c, Events ev);
template <class G> Result move_robber(GameState& s, const Command& c, Events ev);
template <class G> Result end_turn(GameState& s, const Command& c, Events ev);

template <class G> Result build_road(GameState& s, const Command& c, Events ev);
template <class G> Result build_settlement(GameState& s, const Command& c, Events ev);
template <class G> Result build_city(GameState& s, const Command& c, Events ev);
template <class G> Result buy_dev_card(GameState& s, const Command& c, Events ev);

template <class G> Result play_knight(GameState& s, const Command& c, Events ev);
template <class G> Result play_road_building(GameState& s, const Command& c, Events ev);
template <class G> Result play_invention(GameState& s, const Command& c, Events ev);
template <class G> Result play_monopoly(GameState& s, const Command& c, Events ev);

template <class G> Result bank_trade(GameState& s, const Command& c, Events ev);
template <class G> Result propose_trade(GameState& s, const Command& c, Events ev);
template <class G> Result accept_trade(GameState& s, const Command& c, Events ev);
template <class G> Result decline_trade(GameState& s, const Command& c, Events ev);
template <class G> Result counter_trade(GameState& s, const Command& c, Events ev);
template <class G> Result confirm_trade(GameState& s, const Command& c, Events ev);
template <class G> Result cancel_trade(GameState& s, const Command& c, Events ev);

template <class G> Result build_ship(GameState& s, const Command& c, Events ev);
template <class G> Result move_ship(GameState& s, const Command& c, Events ev);
template <class G> Result move_pirate(GameState& s, const Command& c, Events ev);
template <class G> Result choose_gold(GameState& s, const Command& c, Events ev);

}  // namespace catan::handlers
