#pragma once
// Web Push message encryption (RFC 8291: ECDH P-256 + HKDF-SHA-256, aes128gcm content coding of
// RFC 8188) and VAPID (RFC 8292: an ES256 JWT naming the push service's origin), with OpenSSL 3's EVP
// APIs. No OpenSSL types leave this header's implementation: keys are raw bytes (a 32-byte private
// scalar, a 65-byte uncompressed public point), texts are std::string of bytes.
#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace catan::notify {

// A key, a subscription or a signature that cannot be used (wrong length, not on the curve, ...).
class CryptoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Base64url without padding (RFC 4648 section 5), as Web Push and JWTs use it. decode also takes
// padded input and the standard alphabet's '+' '/'; nothing for anything else.
std::string base64url_encode(std::string_view bytes);
std::optional<std::string> base64url_decode(std::string_view text);
std::string base64_encode(std::string_view bytes);  // standard alphabet, padded (MIME bodies)

// A P-256 key pair: `private_key` 32 bytes (big-endian scalar), `public_key` 65 bytes (0x04 || X || Y).
struct KeyPair {
    std::string private_key;
    std::string public_key;
};
KeyPair generate_p256_key();
// Throws CryptoError when the two do not form a P-256 key pair.
void check_p256_key(const KeyPair& key);

// RFC 8291: the aes128gcm body for one push message to a subscription with public key `ua_public`
// (65 bytes, the subscription's p256dh) and `auth_secret` (16 bytes, its auth). A fresh sender key and
// salt are made unless given (tests: RFC 8291 Appendix A). One record of record size `rs` (4096):
// the plaintext must fit, with its delimiter and padding, in rs - 16 bytes. `pad`: zero bytes added
// after the delimiter (hides the length). Throws CryptoError for a bad key or a plaintext too long.
struct EncryptOptions {
    std::optional<KeyPair> sender{};   // the application server's ephemeral key (as_private, as_public)
    std::optional<std::string> salt{};  // 16 bytes
    std::uint32_t record_size = 4096;
    std::size_t pad = 0;
};
std::string encrypt_aes128gcm(std::string_view plaintext, std::string_view ua_public, std::string_view auth_secret,
                              const EncryptOptions& options = {});
// The largest plaintext encrypt_aes128gcm takes with record size 4096 and no padding.
inline constexpr std::size_t kMaxPushPlaintext = 4096 - 16 - 1;

// RFC 8292: the value of the Authorization header for a push to `endpoint` (its origin is the JWT's
// "aud"), signed with the server's VAPID key: "vapid t=<JWT>, k=<public key, base64url>". `subject`:
// a mailto: or https: URL the push service can reach the operator by. `expires`: the JWT's "exp"
// (at most 24 h ahead, RFC 8292 section 2).
std::string vapid_authorization(const KeyPair& vapid, std::string_view endpoint, std::string_view subject,
                                std::chrono::system_clock::time_point expires);
// "https://push.example.net" of "https://push.example.net/wpush/v2/abc"; nothing for a URL that is
// not http(s)://host[:port]/...
std::optional<std::string> url_origin(std::string_view url);

}  // namespace catan::notify
