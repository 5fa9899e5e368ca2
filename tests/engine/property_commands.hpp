#pragma once
// Random and near-miss commands for the property test, and fast membership tests against a listing.
#include <cstdint>
#include <vector>

#include "catan/engine/engine.hpp"

namespace catan::prop {

// ---------------------------------------------------------------------------------------------
// Random commands

inline ResourceSet random_set(Rng& r, int max_each = 3) {
    ResourceSet s;
    for (int k = 0; k < kResourceCount; ++k)
        if (r.below(3) == 0) s.n[k] = static_cast<std::uint8_t>(1 + r.below(static_cast<std::uint32_t>(max_each)));
    if (r.below(32) == 0) s.n[r.below(kResourceCount)] = static_cast<std::uint8_t>(200 + r.below(56));  // absurd counts
    return s;
}

// A random non-empty part of `hand` (which must not be empty).
inline ResourceSet random_part(Rng& r, const ResourceSet& hand, int most) {
    ResourceSet part;
    const int total = hand.total();
    const int size = 1 + static_cast<int>(r.below(static_cast<std::uint32_t>(std::min(total, most))));
    for (int i = 0; i < size; ++i) {
        ResourceSet left = hand;
        left -= part;
        int pick = static_cast<int>(r.below(static_cast<std::uint32_t>(left.total())));
        for (int k = 0; k < kResourceCount; ++k) {
            if (pick < left.n[k]) { ++part.n[k]; break; }
            pick -= left.n[k];
        }
    }
    return part;
}

// A random non-empty set of kinds absent from `avoid` (which must leave at least one kind free).
inline ResourceSet random_other_kinds(Rng& r, const ResourceSet& avoid, int most) {
    ResourceSet want;
    const int size = 1 + static_cast<int>(r.below(static_cast<std::uint32_t>(most)));
    for (int i = 0; i < size; ++i) {
        int k;
        do k = static_cast<int>(r.below(kResourceCount));
        while (avoid.n[k]);
        ++want.n[k];
    }
    return want;
}

// Canonical: the fields `type` does not read keep their defaults. Seats and ids go slightly out of range.
inline Command random_command(Rng& r, const GameState& s) {
    Command c;
    if (r.below(64) == 0) {  // bytes off the wire: a type or a seat out of range must be refused, not crash
        c.type = static_cast<CommandType>(kCommandTypeCount + r.below(256 - kCommandTypeCount));
        c.player = static_cast<std::uint8_t>(r.below(2) ? r.below(s.num_players) : r.below(256));
        return c;
    }
    const Topology& t = topology(s);
    c.type = static_cast<CommandType>(r.below(kCommandTypeCount));
    c.player = static_cast<std::uint8_t>(r.below(8) == 0 ? (r.below(4) ? s.num_players + r.below(2) : 255u) : r.below(s.num_players));
    auto victim = [&] { return static_cast<std::uint8_t>(r.below(4) == 0 ? kNoSeat : r.below(s.num_players + 1u)); };
    switch (c.type) {
        case CommandType::BuildRoad: c.target = static_cast<std::uint8_t>(r.below(static_cast<std::uint32_t>(t.edge_count + 3))); break;
        case CommandType::BuildSettlement:
        case CommandType::BuildCity: c.target = static_cast<std::uint8_t>(r.below(static_cast<std::uint32_t>(t.node_count + 3))); break;
        case CommandType::PlayMonopoly: c.target = static_cast<std::uint8_t>(r.below(kResourceCount + 2)); break;
        case CommandType::MoveRobber:
            c.target = static_cast<std::uint8_t>(r.below(static_cast<std::uint32_t>(t.hex_count + 2)));
            c.victim = victim();
            break;
        case CommandType::BankTrade:
            c.target = static_cast<std::uint8_t>(r.below(kResourceCount + 1));
            c.resource = static_cast<std::uint8_t>(r.below(kResourceCount + 1));
            break;
        case CommandType::PlayInvention: c.give = random_set(r, 2); break;
        case CommandType::Discard: {
            const ResourceSet& hand = s.players[c.player < s.num_players ? c.player : 0].hand;
            c.give = (r.below(2) && !hand.empty()) ? random_part(r, hand, 12) : random_set(r, 4);
            break;
        }
        case CommandType::ProposeTrade:
        case CommandType::CounterTrade: {
            const ResourceSet& hand = s.players[c.player < s.num_players ? c.player : 0].hand;
            c.give = (r.below(2) && !hand.empty()) ? random_part(r, hand, 4) : random_set(r);
            c.want = r.below(4) == 0 ? random_set(r) : random_other_kinds(r, ResourceSet{}, 3);
            if (c.type == CommandType::ProposeTrade && r.below(3) == 0) c.victim = victim();
            break;
        }
        case CommandType::ConfirmTrade: c.victim = victim(); break;
        default: break;
    }
    return c;
}

// A near miss: a listed command with one field changed, still canonical.
inline Command mutate(Rng& r, Command c, const GameState& s) {
    const prop::CommandFields f = prop::fields_of(c.type);
    auto nudge = [&](std::uint8_t v, int range) {
        const int d = r.below(3) == 0 ? static_cast<int>(r.below(static_cast<std::uint32_t>(range))) - v
                                      : (r.below(2) ? 1 : -1);
        return static_cast<std::uint8_t>(std::clamp(v + d, 0, 250));
    };
    auto shift_card = [&](ResourceSet set) {
        const int from = static_cast<int>(r.below(kResourceCount)), to = static_cast<int>(r.below(kResourceCount));
        if (set.n[from] && r.below(2)) --set.n[from];
        if (r.below(4)) ++set.n[to];
        return set;
    };
    switch (r.below(6)) {
        case 0: c.player = static_cast<std::uint8_t>(r.below(s.num_players + 1u)); break;
        case 1:
            if (f.target) c.target = nudge(c.target, topology(s).edge_count);
            else c.player = static_cast<std::uint8_t>((c.player + 1) % s.num_players);
            break;
        case 2:
            if (f.victim) c.victim = r.below(3) == 0 ? kNoSeat : static_cast<std::uint8_t>(r.below(s.num_players + 1u));
            else if (f.resource) c.resource = nudge(c.resource, kResourceCount + 1);
            break;
        case 3:
            if (f.give) c.give = shift_card(c.give);
            break;
        case 4:
            if (f.want) c.want = shift_card(c.want);
            else if (f.give) c.give = ResourceSet{};
            break;
        default: {  // same seat, another command type, keeping only the fields it reads
            Command d;
            d.type = static_cast<CommandType>(r.below(kCommandTypeCount));
            d.player = c.player;
            const prop::CommandFields g = prop::fields_of(d.type);
            if (g.target) d.target = c.target;
            if (g.resource) d.resource = c.resource;
            if (g.victim) d.victim = c.victim;
            if (g.give) d.give = c.give;
            if (g.want) d.want = c.want;
            c = d;
        }
    }
    return c;
}

// Commands packed into two words, so membership tests are plain integer compares.
struct CommandKey {
    std::uint64_t a = 0, b = 0;
    explicit CommandKey(const Command& c) {
        a = static_cast<std::uint64_t>(c.type) | std::uint64_t{c.player} << 8 | std::uint64_t{c.target} << 16 |
            std::uint64_t{c.resource} << 24 | std::uint64_t{c.victim} << 32;
        for (int k = 0; k < kResourceCount; ++k) b |= std::uint64_t{c.give.n[k]} << (6 * k) | std::uint64_t{c.want.n[k]} << (30 + 6 * k);
    }
    friend bool operator==(const CommandKey&, const CommandKey&) = default;
};

inline bool listed(const std::vector<CommandKey>& keys, const Command& c) {
    const CommandKey key(c);
    for (const CommandKey& k : keys)
        if (k == key) return true;
    return false;
}

}  // namespace catan::prop
