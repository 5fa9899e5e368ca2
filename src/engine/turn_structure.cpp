// How a turn is handed on with 5 and 6 players: the 2025 paired turns (R-X6) or the earlier editions'
// special building phase (R-X7). With 2–4 players, and between the steps, the dice pass left (R-T6).
//
// A build step runs in Phase::Main with the turn's dice already rolled: `turn_player` keeps the turn,
// `current` is the builder. What a step allows is rules::step_allows (rules.hpp).
#include "handlers.hpp"

namespace catan {
namespace rules {
namespace {

std::uint8_t seat(const GameState& s, int offset) { return static_cast<std::uint8_t>((s.turn_player + offset) % s.num_players); }

// A build step is a fresh allowance for its builder: R-D1 counts cards bought and played in the step,
// as it does in a turn (in the special building phase no card may be played at all).
template <class G>
void begin_build_step(GameState& s, int builder, Step step, std::vector<Event>* ev) {
    s.current = static_cast<std::uint8_t>(builder);
    s.step = step;
    for (auto& pl : s.players) pl.dev_bought = {};
    s.dev_played = false;
    emit(ev, Event{.type = EventType::BuildPhaseStarted, .player = s.current,
                   .a = static_cast<std::uint8_t>(step == Step::PairedBuild ? 1 : 2)});
    // The paired player acts as an active player (kPairedPlayerMayWin): points they reached before
    // the step, on player 1's turn, win now, as they would at the start of a turn (R-V3).
    check_victory<G>(s, ev);
}

}  // namespace

template <class G>
void pass_on(GameState& s, std::vector<Event>* ev) {
    if constexpr (rules::uses_turn_structure(G::kind)) {
        const int n = s.num_players;
        switch (s.step) {
            case Step::Turn:
                if (s.options.turn_structure == TurnStructure::Paired)
                    return begin_build_step<G>(s, paired_player(s), Step::PairedBuild, ev);  // R-X6
                return begin_build_step<G>(s, seat(s, 1), Step::SpecialBuild, ev);       // R-X7: from the left
            case Step::SpecialBuild:
                if ((s.current + 1) % n != s.turn_player)
                    return begin_build_step<G>(s, (s.current + 1) % n, Step::SpecialBuild, ev);  // R-X7: in turn order
                break;
            case Step::PairedBuild: break;
        }
        // R-X6: both markers move one seat to the left; R-X7: the next player's turn.
        s.current = seat(s, 1);
    } else {
        s.current = static_cast<std::uint8_t>((s.current + 1) % s.num_players);  // R-T6
    }
    start_turn<G>(s, ev);
}

#define CATAN_TURN_STRUCTURE_FOR(G) template void pass_on<G>(GameState&, std::vector<Event>*);
CATAN_FOR_EACH_VARIANT(CATAN_TURN_STRUCTURE_FOR)

}  // namespace rules

namespace handlers {
namespace {

Error paired_refusal(rules::StepAct act) {
    using rules::StepAct;
    switch (act) {
        case StepAct::Roll:
            return fail(ErrorCode::WrongPhase, "R-X6",
                        "no dice in the paired build phase: you may trade with the bank or a harbor, build, buy and play "
                        "one development card, then end the phase");
        case StepAct::DomesticTrade:
            return fail(ErrorCode::WrongPhase, "R-X6",
                        "no trades with other players in the paired build phase: only with the bank or a harbor");
        default: break;
    }
    return fail(ErrorCode::WrongPhase, "R-X6", "not allowed in the paired build phase");
}

Error special_refusal(rules::StepAct act) {
    using rules::StepAct;
    switch (act) {
        case StepAct::Roll:
            return fail(ErrorCode::WrongPhase, "R-X7",
                        "no dice in the special building phase: you may only build and buy development cards, then pass");
        case StepAct::BankTrade:
        case StepAct::DomesticTrade:
            return fail(ErrorCode::WrongPhase, "R-X7",
                        "no trading in the special building phase: you may only build and buy development cards, then pass");
        case StepAct::PlayDevCard:
            return fail(ErrorCode::WrongPhase, "R-X7",
                        "no development card may be played in the special building phase: you may only build and buy "
                        "development cards, then pass");
        default: break;
    }
    return fail(ErrorCode::WrongPhase, "R-X7", "not allowed in the special building phase");
}

}  // namespace

Result require_step(const GameState& s, const Command& c, rules::StepAct act) {
    if (c.player != s.current || rules::step_allows(s.step, act)) return std::nullopt;
    return s.step == Step::PairedBuild ? paired_refusal(act) : special_refusal(act);
}

}  // namespace handlers
}  // namespace catan
