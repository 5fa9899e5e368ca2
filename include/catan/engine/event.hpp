#pragma once
// What happened as a result of a command, for the game log and for clients' animations.
// Events may carry hidden details (a stolen card, a bought card); proto redacts them per recipient.
#include <cstdint>

#include "catan/engine/types.hpp"

namespace catan {

enum class EventType : std::uint8_t {
    DiceRolled,        // value = sum, a = die 1, b = die 2
    Produced,          // player received resources (R-T2, R-T3)
    ProductionBlocked, // resource (a) not paid to anyone because of a bank shortage (R-T3)
    StartingResources, // player received setup resources (R-S5)
    Discarded,         // player discarded resources
    RobberMoved,       // a = hex
    Stole,             // player stole from other: resources = the card (secret to both but them)
    StealFailed,       // player chose other, who had no cards
    Built,             // player built a piece: a = 0 road / 1 settlement / 2 city, value = id
    DevCardBought,     // a = card kind (secret to others)
    DevCardPlayed,     // a = card kind
    InventionTaken,    // resources taken
    MonopolyTaken,     // player took value cards of resource a from other
    BankTraded,        // resources = given, other resources = received
    TradeProposed,     // resources = given by the active player, other_resources = asked, other = seat addressed or none
    TradeAccepted,     // other accepted
    TradeDeclined,     // other declined
    TradeCountered,    // other countered: resources = given by other, other_resources = asked by other
    TradeCompleted,    // player and other exchanged: resources = player gave, other_resources = other gave
    TradeCancelled,
    LongestRoadChanged,  // player = new holder or kNoSeat, other = previous, value = length
    LargestArmyChanged,  // player = new holder, other = previous, value = knights
    TurnEnded,
    TurnStarted,       // player, value = turn number
    GameWon,           // player, value = VP
    // Appended (the numbers above never change): beside each Produced, what each hex paid.
    HexProduced,       // hex a paid player `resources` (R-T2, R-T3); they add up to the player's Produced
    BuildPhaseStarted, // player may build now outside their turn: a = 1 paired (R-X6), 2 special (R-X7)
    FirstRoll,         // R-O5: player rolled a + b for first player; value = round (2+ re-roll the tied)
    // Seafarers. A ship is built as Built with a = 3.
    ShipMoved,         // R-SF4: player moved the ship on path a to path b
    PirateMoved,       // R-SF6: a = sea hex (a steal follows as Stole or StealFailed)
    GoldOwed,          // R-SF7: player chooses value resources for gold fields now
    GoldChosen,        // R-SF7: player received `resources` from the gold fields
    IslandSettled,     // R-SF8: player's first settlement on island a; value = its VP tokens (0: a setup island)
    HexRevealed,       // R-SF10: player's piece turned hex a face up: b = terrain, value = its number (0: none),
                       // resources = what it paid the player (gold: a GoldOwed follows)
};
inline constexpr int kEventTypeCount = static_cast<int>(EventType::HexRevealed) + 1;

struct Event {
    EventType type;
    std::uint8_t player = 0xff;
    std::uint8_t other = 0xff;
    std::uint8_t a = 0;
    std::uint8_t b = 0;
    std::uint16_t value = 0;  // a count, a sum, an id or a turn number
    ResourceSet resources{};
    ResourceSet other_resources{};
    friend bool operator==(const Event&, const Event&) = default;
};

const char* to_string(EventType t);

}  // namespace catan
