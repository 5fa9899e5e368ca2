#include "catan/room/secret.hpp"

#include <random>
#include <stdexcept>

#include <openssl/evp.h>

namespace catan::room {

namespace {

// One device per thread: std::random_device is not safe to share between threads, and opening
// /dev/urandom once per thread keeps token generation cheap.
std::random_device& device() {
    thread_local std::random_device rd("/dev/urandom");
    return rd;
}

}  // namespace

std::uint64_t random_u64() {
    auto& rd = device();
    static_assert(sizeof(std::random_device::result_type) == 4);
    const std::uint64_t hi = rd();
    return hi << 32 | rd();
}

std::string random_hex(std::size_t bytes) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes * 2);
    auto& rd = device();
    for (std::size_t i = 0; i < bytes; i += 4) {
        std::uint32_t word = rd();
        for (std::size_t k = 0; k < 4 && i + k < bytes; ++k, word >>= 8) {
            out += kHex[(word >> 4) & 0xf];
            out += kHex[word & 0xf];
        }
    }
    return out;
}

std::string random_room_code() {
    // 32 symbols: 5 bits each from one 32-bit draw, no modulo bias.
    static_assert(kRoomCodeAlphabet.size() == 32);
    std::uint32_t word = device()();
    std::string code;
    for (std::size_t i = 0; i < kRoomCodeLength; ++i, word >>= 5) code += kRoomCodeAlphabet[word & 31];
    return code;
}

std::optional<std::string> normalize_room_code(std::string_view input) {
    if (input.size() != kRoomCodeLength) return std::nullopt;
    std::string code(input);
    for (char& c : code) {
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
        if (kRoomCodeAlphabet.find(c) == std::string_view::npos) return std::nullopt;
    }
    return code;
}

std::string secret_hash(std::string_view secret) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_Digest(secret.data(), secret.size(), digest, &size, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 failed (libcrypto)");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(size * 2);
    for (unsigned int i = 0; i < size; ++i) {
        out += kHex[digest[i] >> 4];
        out += kHex[digest[i] & 0xf];
    }
    return out;
}

bool secret_equal(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    // volatile keeps the compiler from turning the loop into an early-exit comparison.
    volatile unsigned char result = diff;
    return result == 0;
}

}  // namespace catan::room
