#pragma once
// The game's only source of randomness: xoshiro256** seeded through splitmix64, with Lemire's
// rejection-based range reduction written out by hand so every compiler and platform draws the
// same numbers (std::uniform_int_distribution is implementation-defined).
#include <array>
#include <cstdint>

namespace catan {

class Rng {
public:
    Rng() : Rng(0) {}
    explicit Rng(std::uint64_t seed) {
        for (auto& word : s_) word = splitmix64(seed);
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // Uniform integer in [0, bound), bound >= 1. Unbiased.
    std::uint32_t below(std::uint32_t bound) {
        std::uint64_t m = static_cast<std::uint64_t>(next32()) * bound;
        auto low = static_cast<std::uint32_t>(m);
        if (low < bound) {
            const std::uint32_t threshold = static_cast<std::uint32_t>(-bound) % bound;
            while (low < threshold) {
                m = static_cast<std::uint64_t>(next32()) * bound;
                low = static_cast<std::uint32_t>(m);
            }
        }
        return static_cast<std::uint32_t>(m >> 32);
    }

    int die() { return 1 + static_cast<int>(below(6)); }

    template <class T, std::size_t N>
    void shuffle(std::array<T, N>& a) {
        for (std::size_t i = N; i > 1; --i) {
            const std::size_t j = below(static_cast<std::uint32_t>(i));
            T tmp = a[i - 1];
            a[i - 1] = a[j];
            a[j] = tmp;
        }
    }

    // Shuffles the first n elements only (arrays sized for the largest board), drawing exactly what
    // shuffle() of an n-element array draws.
    template <class T, std::size_t N>
    void shuffle_prefix(std::array<T, N>& a, std::size_t n) {
        for (std::size_t i = n; i > 1; --i) {
            const std::size_t j = below(static_cast<std::uint32_t>(i));
            T tmp = a[i - 1];
            a[i - 1] = a[j];
            a[j] = tmp;
        }
    }

    const std::array<std::uint64_t, 4>& words() const { return s_; }
    // Restores a saved state. All-zero words are the one state xoshiro never leaves (every draw would
    // be 0 and below() would never return), so they are refused and the generator is left unchanged.
    bool set_words(const std::array<std::uint64_t, 4>& w) {
        if ((w[0] | w[1] | w[2] | w[3]) == 0) return false;
        s_ = w;
        return true;
    }
    friend bool operator==(const Rng&, const Rng&) = default;

private:
    std::uint32_t next32() { return static_cast<std::uint32_t>(next() >> 32); }
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static std::uint64_t splitmix64(std::uint64_t& x) {
        std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    std::array<std::uint64_t, 4> s_{};
};

}  // namespace catan
