#pragma once
// A fixed-width bit set over 64-bit words: intersections and paths of every board fit four words
// (the Seafarers frame has 178 intersections and 249 paths), hexes two. Plain value, branch-free set
// operations; rules that know their board walk only the words it uses (for_each<Words>).
#include <array>
#include <bit>
#include <cstdint>
#include <tuple>

namespace catan {

template <int W>
struct Bits {
    std::array<std::uint64_t, W> w{};

    static constexpr Bits bit(int i) {
        Bits b;
        b.w[i >> 6] = std::uint64_t{1} << (i & 63);
        return b;
    }
    // The first n bits set.
    static constexpr Bits first(int n) {
        Bits b;
        for (int k = 0; k < W; ++k) {
            const int in_word = n - 64 * k;
            b.w[k] = in_word >= 64 ? ~std::uint64_t{0} : in_word <= 0 ? 0 : (std::uint64_t{1} << in_word) - 1;
        }
        return b;
    }
    constexpr void set(int i) { w[i >> 6] |= std::uint64_t{1} << (i & 63); }
    constexpr void reset(int i) { w[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
    constexpr bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1; }
    constexpr bool any() const {
        std::uint64_t o = 0;
        for (auto x : w) o |= x;
        return o != 0;
    }
    constexpr explicit operator bool() const { return any(); }
    constexpr int count() const {
        int n = 0;
        for (auto x : w) n += std::popcount(x);
        return n;
    }
    // Index of the lowest set bit; the set must not be empty.
    constexpr int lowest() const {
        for (int k = 0; k < W; ++k)
            if (w[k]) return 64 * k + std::countr_zero(w[k]);
        return -1;
    }
    constexpr Bits operator|(const Bits& o) const { Bits r; for (int k = 0; k < W; ++k) r.w[k] = w[k] | o.w[k]; return r; }
    constexpr Bits operator&(const Bits& o) const { Bits r; for (int k = 0; k < W; ++k) r.w[k] = w[k] & o.w[k]; return r; }
    constexpr Bits operator^(const Bits& o) const { Bits r; for (int k = 0; k < W; ++k) r.w[k] = w[k] ^ o.w[k]; return r; }
    // Complement over every bit of the words: mask with a board's `all` set where that matters.
    constexpr Bits operator~() const { Bits r; for (int k = 0; k < W; ++k) r.w[k] = ~w[k]; return r; }
    constexpr Bits& operator|=(const Bits& o) { for (int k = 0; k < W; ++k) w[k] |= o.w[k]; return *this; }
    constexpr Bits& operator&=(const Bits& o) { for (int k = 0; k < W; ++k) w[k] &= o.w[k]; return *this; }
    constexpr Bits& operator^=(const Bits& o) { for (int k = 0; k < W; ++k) w[k] ^= o.w[k]; return *this; }
    // Calls f(i) for every set bit, ascending. `Words` limits the walk to the words a board uses.
    template <int Words = W, class F>
    constexpr void for_each(F&& f) const {
        for (int k = 0; k < Words; ++k)
            for (std::uint64_t x = w[k]; x; x &= x - 1) f(64 * k + std::countr_zero(x));
    }
    friend constexpr bool operator==(const Bits&, const Bits&) = default;
    // A set equals a plain word when the other words are empty: `mask == 0` reads as "empty".
    friend constexpr bool operator==(const Bits& b, std::uint64_t word) {
        for (int k = 1; k < W; ++k)
            if (b.w[k]) return false;
        return b.w[0] == word;
    }
};

// The first N words of a set, for a board that uses no more (its rules then work on N words), and such
// a set widened back with empty words.
template <int N, int W>
constexpr Bits<N> first_words(const Bits<W>& b) {
    static_assert(N <= W);
    Bits<N> r;
    for (int k = 0; k < N; ++k) r.w[k] = b.w[k];
    return r;
}
template <class Wide, int N>
constexpr Wide widened(const Bits<N>& b) {
    static_assert(N <= static_cast<int>(std::tuple_size_v<decltype(Wide::w)>));
    Wide r;
    for (int k = 0; k < N; ++k) r.w[k] = b.w[k];
    return r;
}

template <int W>
constexpr int popcount(const Bits<W>& b) { return b.count(); }
template <int W>
constexpr int countr_zero(const Bits<W>& b) { return b.any() ? b.lowest() : 64 * W; }

}  // namespace catan
