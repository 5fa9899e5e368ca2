#pragma once
// The small vocabulary of the property and replay tests: descriptions, canonical commands, and the
// development cards the test saw being played.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "catan/engine/engine.hpp"


namespace catan::prop {

// ---------------------------------------------------------------------------------------------
// Small vocabulary

// R-S2, R-X4: cards of each kind in the game's box, in DevCard order.
inline std::array<int, kDevCardKinds> deck_composition(const GameState& s) {
    std::array<int, kDevCardKinds> n{};
    for (const auto& [card, count] : ruleset(s).deck) n[static_cast<int>(card)] += count;
    return n;
}

template <class... Args>
std::string msg(const Args&... args) {
    std::ostringstream out;
    (out << ... << args);
    return out.str();
}

inline std::string describe(const ResourceSet& r) {
    return msg(int(r.n[0]), ',', int(r.n[1]), ',', int(r.n[2]), ',', int(r.n[3]), ',', int(r.n[4]));
}

inline std::string type_name(CommandType t) {
    return static_cast<int>(t) < kCommandTypeCount ? std::string(to_string(t)) : msg("type#", static_cast<int>(t));
}

inline std::string describe(const Command& c) {
    return msg(type_name(c.type), " player=", int(c.player), " target=", int(c.target), " resource=", int(c.resource),
               " victim=", int(c.victim), " give=", describe(c.give), " want=", describe(c.want));
}

// Which fields of a Command each type reads; the others stay at their defaults in a canonical command.
struct CommandFields {
    bool target = false, resource = false, victim = false, give = false, want = false;
};

inline CommandFields fields_of(CommandType t) {
    CommandFields f;
    switch (t) {
        case CommandType::BuildRoad:
        case CommandType::BuildSettlement:
        case CommandType::BuildCity:
        case CommandType::PlayMonopoly: f.target = true; break;
        case CommandType::MoveRobber: f.target = f.victim = true; break;
        case CommandType::BankTrade: f.target = f.resource = true; break;
        case CommandType::PlayInvention:
        case CommandType::Discard: f.give = true; break;
        case CommandType::ProposeTrade: f.give = f.want = f.victim = true; break;
        case CommandType::CounterTrade: f.give = f.want = true; break;
        case CommandType::ConfirmTrade: f.victim = true; break;
        default: break;
    }
    return f;
}

inline bool is_canonical(const Command& c) {
    const CommandFields f = fields_of(c.type);
    const Command d{};
    return (f.target || c.target == d.target) && (f.resource || c.resource == d.resource) &&
           (f.victim || c.victim == d.victim) && (f.give || c.give == d.give) && (f.want || c.want == d.want);
}

// Development cards played, counted by the test from the commands the engine accepted.
struct PlayedCards {
    std::array<std::array<int, kDevCardKinds>, kMaxPlayers> n{};

    void record(const Command& c) {
        switch (c.type) {
            case CommandType::PlayKnight: ++n[c.player][static_cast<int>(DevCard::Knight)]; break;
            case CommandType::PlayRoadBuilding: ++n[c.player][static_cast<int>(DevCard::RoadBuilding)]; break;
            case CommandType::PlayInvention: ++n[c.player][static_cast<int>(DevCard::Invention)]; break;
            case CommandType::PlayMonopoly: ++n[c.player][static_cast<int>(DevCard::Monopoly)]; break;
            default: break;
        }
    }
    int total() const {
        int t = 0;
        for (const auto& p : n)
            for (int k : p) t += k;
        return t;
    }
};

}  // namespace catan::prop
