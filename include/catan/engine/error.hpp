#pragma once
// A rejected command is a value: a machine-readable code, the rule id it breaks, and a sentence for people.
#include <cstdint>
#include <string_view>

namespace catan {

enum class ErrorCode : std::uint8_t {
    GameOver,         // the game has ended
    NotYourTurn,      // someone else must act now
    WrongPhase,       // not possible at this point of the turn
    BadArgument,      // an id or value out of range
    CannotAfford,     // missing resource cards
    NoPiecesLeft,     // supply exhausted (R-S1)
    IllegalSpot,      // placement rules (R-BU1, R-BU2, distance rule)
    DevCardUnavailable,  // no such card, bought this turn, or one already played (R-D1)
    DeckEmpty,        // R-BU4
    BankEmpty,        // the bank cannot supply it
    InvalidTrade,     // R-TR1..R-TR3
    InvalidDiscard,   // R-7a
    InvalidRobber,    // R-7b, R-7c
    TradeLimit,       // R-L1: this turn's domestic offers or answers are used up
};

struct Error {
    ErrorCode code;
    std::string_view rule;     // e.g. "R-BU2"
    std::string_view message;  // plain words: what is wrong
};

const char* to_string(ErrorCode c);

}  // namespace catan
