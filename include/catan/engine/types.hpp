#pragma once
// Basic vocabulary of the game: resources, development cards, piece limits, costs.
#include <array>
#include <cstdint>

namespace catan {

enum class Resource : std::uint8_t { Brick = 0, Lumber = 1, Wool = 2, Grain = 3, Ore = 4 };
inline constexpr int kResourceCount = 5;
inline constexpr std::array<Resource, kResourceCount> kAllResources{
    Resource::Brick, Resource::Lumber, Resource::Wool, Resource::Grain, Resource::Ore};

// Terrain values 0..4 coincide with the resource they produce, so production needs no lookup table.
enum class Terrain : std::uint8_t { Hills = 0, Forest = 1, Pasture = 2, Fields = 3, Mountains = 4, Desert = 5 };

enum class DevCard : std::uint8_t { Knight = 0, RoadBuilding = 1, Invention = 2, Monopoly = 3, VictoryPoint = 4 };
inline constexpr int kDevCardKinds = 5;

// Seats and boards of every box: the 5–6 extension has the most (R-X1..R-X5). What a box holds
// (pieces, bank, deck, costs, the board recipe) is data: see ruleset.hpp.
inline constexpr int kMaxPlayers = 6;
inline constexpr int kMinPlayers = 2;

// A multiset of resource cards. Counts never exceed the supply of a kind (24 at most), so bytes suffice.
struct ResourceSet {
    std::array<std::uint8_t, kResourceCount> n{};

    constexpr ResourceSet() = default;
    constexpr ResourceSet(int brick, int lumber, int wool, int grain, int ore)
        : n{static_cast<std::uint8_t>(brick), static_cast<std::uint8_t>(lumber), static_cast<std::uint8_t>(wool),
            static_cast<std::uint8_t>(grain), static_cast<std::uint8_t>(ore)} {}
    static constexpr ResourceSet of(Resource r, int count = 1) {
        ResourceSet s;
        s.n[static_cast<int>(r)] = static_cast<std::uint8_t>(count);
        return s;
    }

    constexpr std::uint8_t& operator[](Resource r) { return n[static_cast<int>(r)]; }
    constexpr std::uint8_t operator[](Resource r) const { return n[static_cast<int>(r)]; }
    constexpr int total() const { return n[0] + n[1] + n[2] + n[3] + n[4]; }
    constexpr bool empty() const { return total() == 0; }
    constexpr bool contains(const ResourceSet& o) const {
        for (int i = 0; i < kResourceCount; ++i)
            if (n[i] < o.n[i]) return false;
        return true;
    }
    // True when some resource kind appears in both sets (R-TR1 forbids it in a trade).
    constexpr bool overlaps(const ResourceSet& o) const {
        for (int i = 0; i < kResourceCount; ++i)
            if (n[i] && o.n[i]) return true;
        return false;
    }
    constexpr ResourceSet& operator+=(const ResourceSet& o) {
        for (int i = 0; i < kResourceCount; ++i) n[i] = static_cast<std::uint8_t>(n[i] + o.n[i]);
        return *this;
    }
    constexpr ResourceSet& operator-=(const ResourceSet& o) {
        for (int i = 0; i < kResourceCount; ++i) n[i] = static_cast<std::uint8_t>(n[i] - o.n[i]);
        return *this;
    }
    friend constexpr bool operator==(const ResourceSet&, const ResourceSet&) = default;
};


const char* to_string(Resource r);
const char* to_string(DevCard d);
const char* to_string(Terrain t);

}  // namespace catan
