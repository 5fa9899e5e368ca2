#pragma once
// Seat tokens of the notification tests' rooms and their hashes as the data file keeps them.
#include <string>
#include <string_view>

#include <catch2/catch.hpp>
#include <openssl/evp.h>

namespace notify_test {

inline std::string sha256_hex(std::string_view text) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    REQUIRE(EVP_Digest(text.data(), text.size(), digest, &size, EVP_sha256(), nullptr) == 1);
    std::string out;
    for (unsigned int i = 0; i < size; ++i) {
        static constexpr char kHex[] = "0123456789abcdef";
        out += kHex[digest[i] >> 4];
        out += kHex[digest[i] & 0xf];
    }
    return out;
}

inline const std::string kAna = "0123456789abcdef0123456789abcdef";
inline const std::string kBen = "fedcba9876543210fedcba9876543210";

}  // namespace notify_test
