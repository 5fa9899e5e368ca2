#pragma once
// SHA-256 as the fairness docs describe it (lowercase hex), computed here with OpenSSL directly so
// the tests check the server's commitments against the documented byte string, not its own code.
#include <array>
#include <string>
#include <string_view>

#include <openssl/evp.h>

namespace catan::nettest {

inline std::string sha256_hex(std::string_view text) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    EVP_Digest(text.data(), text.size(), digest.data(), &length, EVP_sha256(), nullptr);
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned int i = 0; i < length; ++i) {
        out += kHex[digest[i] >> 4];
        out += kHex[digest[i] & 0xf];
    }
    return out;
}

}  // namespace catan::nettest
