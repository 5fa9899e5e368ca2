#pragma once
// What the fuzz targets share. A broken property prints what broke and aborts, so libFuzzer keeps the
// input as a crash artifact; sanitizer reports abort the same way (no recovery in these builds).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace catan::fuzz {

[[noreturn]] inline void fail(std::string_view what) {
    std::fprintf(stderr, "fuzz property broken: %.*s\n", static_cast<int>(what.size()), what.data());
    std::abort();
}

inline void check(bool holds, std::string_view what) {
    if (!holds) fail(what);
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Reads the fuzzer's bytes as choices; 0 once they run out (callers stop when done()).
class Bytes {
public:
    Bytes(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}
    bool done() const { return p_ == end_; }
    std::uint8_t u8() { return p_ == end_ ? 0 : *p_++; }
    std::uint16_t u16() { return static_cast<std::uint16_t>(u8() | u8() << 8); }
    std::uint64_t u64() {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v |= std::uint64_t{u8()} << (8 * i);
        return v;
    }

private:
    const std::uint8_t* p_;
    const std::uint8_t* end_;
};

}  // namespace catan::fuzz
