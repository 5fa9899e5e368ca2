#pragma once
// Basic vocabulary of the game: resources, development cards, piece limits, costs.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace catan {

enum class Resource : std::uint8_t { Brick = 0, Lumber = 1, Wool = 2, Grain = 3, Ore = 4 };
inline constexpr int kResourceCount = 5;
inline constexpr std::array<Resource, kResourceCount> kAllResources{
    Resource::Brick, Resource::Lumber, Resource::Wool, Resource::Grain, Resource::Ore};

// Terrain values 0..4 coincide with the resource they produce, so production needs no lookup table.
// Sea and gold fields are Seafarers' (R-SF1, R-SF7): a gold field pays a resource of the owner's choice.
enum class Terrain : std::uint8_t { Hills = 0, Forest = 1, Pasture = 2, Fields = 3, Mountains = 4, Desert = 5, Sea = 6, Gold = 7 };
inline constexpr int kTerrainKinds = 8;
constexpr bool produces_resource(Terrain t) { return static_cast<int>(t) < kResourceCount; }

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
    // The five counts as the low bytes of one word, count r in byte r.
    constexpr std::uint64_t word() const {
        if (!std::is_constant_evaluated() && std::endian::native == std::endian::little) {
            // Two loads: GCC does not merge the loop's five, and a five-byte copy goes through the stack.
            std::uint32_t low = 0;
            std::memcpy(&low, n.data(), 4);
            return low | std::uint64_t{n[4]} << 32;
        }
        std::uint64_t w = 0;
        for (int i = 0; i < kResourceCount; ++i) w |= std::uint64_t{n[i]} << (8 * i);
        return w;
    }
    // Without a branch per resource (hands in play are random, so such branches are guesses): every
    // count compared at once, exact for any byte values (commands come from strangers).
    constexpr bool contains(const ResourceSet& o) const { return at_least(word(), o.word()) == kHighBits; }
    // The resource kinds held `k` times or more, bit r for resource r (k from 0 to 255).
    constexpr unsigned kinds_with_at_least(int k) const { return gather(at_least(word(), static_cast<std::uint8_t>(k) * 0x01'0101'0101ULL)); }
    // The resource kinds r held at least `counts[r]` times, bit r for resource r.
    constexpr unsigned kinds_holding(const ResourceSet& counts) const { return gather(at_least(word(), counts.word())); }
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

private:
    static constexpr std::uint64_t kHighBits = 0x80'8080'8080ULL;  // the top bit of each of the five bytes
    // Top bit of byte r set when a's byte r >= b's byte r: the low seven bits compared by a subtraction
    // that cannot borrow across bytes, then the top bits decide where they differ.
    static constexpr std::uint64_t at_least(std::uint64_t a, std::uint64_t b) {
        const std::uint64_t low = (a | kHighBits) - (b & ~kHighBits);
        return ((a & ~b) | (~(a ^ b) & low)) & kHighBits;
    }
    // The top bit of byte r to bit r: one multiplication puts each on its own bit of the top byte.
    static constexpr unsigned gather(std::uint64_t top_bits) {
        return static_cast<unsigned>(((top_bits >> 7) * 0x0102040810204080ULL) >> 56);
    }
};
static_assert(ResourceSet(3, 0, 255, 128, 7).contains(ResourceSet(3, 0, 254, 127, 0)) &&
              !ResourceSet(3, 0, 127, 128, 7).contains(ResourceSet(0, 0, 128, 0, 0)) &&
              !ResourceSet(0, 0, 0, 0, 0).contains(ResourceSet(0, 0, 0, 0, 1)));
static_assert(ResourceSet(2, 1, 0, 200, 4).kinds_with_at_least(2) == 0b11001 &&
              ResourceSet(2, 1, 0, 200, 4).kinds_with_at_least(1) == 0b11011 &&
              ResourceSet(2, 1, 0, 200, 4).kinds_with_at_least(0) == 0b11111 &&
              ResourceSet(2, 1, 0, 200, 4).kinds_holding(ResourceSet(3, 1, 1, 4, 4)) == 0b11010);


const char* to_string(Resource r);
const char* to_string(DevCard d);
const char* to_string(Terrain t);

}  // namespace catan
