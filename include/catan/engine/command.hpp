#pragma once
// What a player can ask the engine to do. One flat value type: cheap to copy, list and compare.
#include <cstdint>

#include "catan/engine/types.hpp"

namespace catan {

enum class CommandType : std::uint8_t {
    RollDice,          // R-T2
    BuildRoad,         // target = path (setup, normal, or free during Road Building)
    BuildSettlement,   // target = intersection (setup or normal)
    BuildCity,         // target = intersection holding own settlement
    BuyDevCard,        // R-BU4
    PlayKnight,        // R-D2, followed by MoveRobber
    PlayRoadBuilding,  // R-D3, followed by up to two free BuildRoad
    PlayInvention,     // R-D4, give = the resources taken
    PlayMonopoly,      // R-D5, target = resource
    Discard,           // R-7a, give = the cards discarded
    MoveRobber,        // R-7b/R-7c, target = hex, victim = seat or kNoSeat
    BankTrade,         // R-TR3, target = resource given, resource = resource received
    ProposeTrade,      // R-TR1, give = offered by the active player, want = asked in return, victim = the one
                       // seat addressed or kNoSeat for all
    AcceptTrade,       // a responder accepts the active player's offer as it stands
    DeclineTrade,      // a responder declines
    CounterTrade,      // a responder proposes other terms: give = what the responder gives, want = what they ask
    ConfirmTrade,      // the active player completes the trade with victim = the accepting/countering seat
    CancelTrade,       // the active player withdraws the offer
    EndTurn,           // R-T6
    // Seafarers (appended: the numbers above never change).
    BuildShip,         // R-SF2, R-SF3, R-SF9: target = path (setup, normal, or free during Road Building)
    MoveShip,          // R-SF4: target = the ship's path, to = the path it moves to
    MovePirate,        // R-SF6: target = sea hex, victim = seat or kNoSeat
    ChooseGold,        // R-SF7: give = the resources chosen for gold fields
};
inline constexpr int kCommandTypeCount = 23;

inline constexpr std::uint8_t kNoSeat = 0xff;

struct Command {
    CommandType type = CommandType::EndTurn;
    std::uint8_t player = 0;       // seat issuing the command
    std::uint8_t target = 0;       // hex / intersection / path / resource, by type
    std::uint8_t resource = 0;     // BankTrade: resource received
    std::uint8_t victim = kNoSeat; // MoveRobber victim, ConfirmTrade partner
    std::uint8_t to = 0;           // MoveShip: destination path
    ResourceSet give{};
    ResourceSet want{};
    friend bool operator==(const Command&, const Command&) = default;
};

const char* to_string(CommandType t);

// Convenience constructors, used by tests, bots and the simulator.
namespace cmd {
inline Command make(CommandType t, int player) { Command c; c.type = t; c.player = static_cast<std::uint8_t>(player); return c; }
inline Command roll(int p) { return make(CommandType::RollDice, p); }
inline Command end_turn(int p) { return make(CommandType::EndTurn, p); }
inline Command road(int p, int edge) { auto c = make(CommandType::BuildRoad, p); c.target = static_cast<std::uint8_t>(edge); return c; }
inline Command settlement(int p, int node) { auto c = make(CommandType::BuildSettlement, p); c.target = static_cast<std::uint8_t>(node); return c; }
inline Command city(int p, int node) { auto c = make(CommandType::BuildCity, p); c.target = static_cast<std::uint8_t>(node); return c; }
inline Command buy_dev(int p) { return make(CommandType::BuyDevCard, p); }
inline Command knight(int p) { return make(CommandType::PlayKnight, p); }
inline Command road_building(int p) { return make(CommandType::PlayRoadBuilding, p); }
inline Command invention(int p, ResourceSet take) { auto c = make(CommandType::PlayInvention, p); c.give = take; return c; }
inline Command monopoly(int p, Resource r) { auto c = make(CommandType::PlayMonopoly, p); c.target = static_cast<std::uint8_t>(r); return c; }
inline Command discard(int p, ResourceSet cards) { auto c = make(CommandType::Discard, p); c.give = cards; return c; }
inline Command move_robber(int p, int hex, int victim = kNoSeat) {
    auto c = make(CommandType::MoveRobber, p); c.target = static_cast<std::uint8_t>(hex); c.victim = static_cast<std::uint8_t>(victim); return c;
}
inline Command bank_trade(int p, Resource give, Resource get) {
    auto c = make(CommandType::BankTrade, p); c.target = static_cast<std::uint8_t>(give); c.resource = static_cast<std::uint8_t>(get); return c;
}
inline Command propose(int p, ResourceSet give, ResourceSet want, int to = kNoSeat) {
    auto c = make(CommandType::ProposeTrade, p); c.give = give; c.want = want; c.victim = static_cast<std::uint8_t>(to); return c;
}
inline Command accept(int p) { return make(CommandType::AcceptTrade, p); }
inline Command decline(int p) { return make(CommandType::DeclineTrade, p); }
inline Command counter(int p, ResourceSet give, ResourceSet want) { auto c = make(CommandType::CounterTrade, p); c.give = give; c.want = want; return c; }
inline Command confirm(int p, int partner) { auto c = make(CommandType::ConfirmTrade, p); c.victim = static_cast<std::uint8_t>(partner); return c; }
inline Command cancel_trade(int p) { return make(CommandType::CancelTrade, p); }
inline Command ship(int p, int edge) { auto c = make(CommandType::BuildShip, p); c.target = static_cast<std::uint8_t>(edge); return c; }
inline Command move_ship(int p, int from, int to) {
    auto c = make(CommandType::MoveShip, p); c.target = static_cast<std::uint8_t>(from); c.to = static_cast<std::uint8_t>(to); return c;
}
inline Command move_pirate(int p, int hex, int victim = kNoSeat) {
    auto c = make(CommandType::MovePirate, p); c.target = static_cast<std::uint8_t>(hex); c.victim = static_cast<std::uint8_t>(victim); return c;
}
inline Command choose_gold(int p, ResourceSet chosen) { auto c = make(CommandType::ChooseGold, p); c.give = chosen; return c; }
}  // namespace cmd

}  // namespace catan
