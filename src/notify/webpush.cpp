// RFC 8291 (Web Push message encryption), RFC 8188 (aes128gcm) and RFC 8292 (VAPID) on OpenSSL 3's
// EVP APIs: keys through EVP_PKEY_fromdata, ECDH through EVP_PKEY_derive, HMAC-SHA-256 for HKDF's
// extract and expand (each expand here needs one block), AES-128-GCM through EVP_CIPHER, ES256
// through EVP_DigestSign (its DER signature turned into JWS's r || s).
#include "catan/notify/webpush.hpp"

#include <array>
#include <cctype>
#include <memory>

#include <nlohmann/json.hpp>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>

namespace catan::notify {

namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr std::string_view kStdAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string encode(std::string_view bytes, std::string_view alphabet, bool pad) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 2 < bytes.size(); i += 3) {
        const std::uint32_t v = (std::uint32_t(std::uint8_t(bytes[i])) << 16) | (std::uint32_t(std::uint8_t(bytes[i + 1])) << 8) |
                                std::uint8_t(bytes[i + 2]);
        out += alphabet[(v >> 18) & 63];
        out += alphabet[(v >> 12) & 63];
        out += alphabet[(v >> 6) & 63];
        out += alphabet[v & 63];
    }
    const std::size_t rest = bytes.size() - i;
    if (rest > 0) {
        std::uint32_t v = std::uint32_t(std::uint8_t(bytes[i])) << 16;
        if (rest == 2) v |= std::uint32_t(std::uint8_t(bytes[i + 1])) << 8;
        out += alphabet[(v >> 18) & 63];
        out += alphabet[(v >> 12) & 63];
        if (rest == 2) out += alphabet[(v >> 6) & 63];
        if (pad) out.append(rest == 1 ? 2 : 1, '=');
    }
    return out;
}

[[noreturn]] void fail(const std::string& what) {
    const unsigned long e = ERR_get_error();
    std::string detail;
    if (e != 0) {
        std::array<char, 256> buf{};
        ERR_error_string_n(e, buf.data(), buf.size());
        detail = std::string(" (") + buf.data() + ")";
    }
    ERR_clear_error();
    throw CryptoError(what + detail);
}

struct PkeyFree {
    void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
struct CtxFree {
    void operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); }
};
struct CipherFree {
    void operator()(EVP_CIPHER_CTX* p) const { EVP_CIPHER_CTX_free(p); }
};
struct MdFree {
    void operator()(EVP_MD_CTX* p) const { EVP_MD_CTX_free(p); }
};
struct BnFree {
    void operator()(BIGNUM* p) const { BN_clear_free(p); }
};
struct BldFree {
    void operator()(OSSL_PARAM_BLD* p) const { OSSL_PARAM_BLD_free(p); }
};
struct ParamFree {
    void operator()(OSSL_PARAM* p) const { OSSL_PARAM_free(p); }
};
struct SigFree {
    void operator()(ECDSA_SIG* p) const { ECDSA_SIG_free(p); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;
using PkeyCtx = std::unique_ptr<EVP_PKEY_CTX, CtxFree>;

const unsigned char* bytes_of(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

// A P-256 key from its raw parts: the public point alone, or with the private scalar.
Pkey p256_key(std::string_view public_key, const std::string* private_key) {
    if (public_key.size() != 65 || public_key[0] != '\x04') throw CryptoError("a P-256 public key is 65 bytes starting with 0x04");
    if (private_key && private_key->size() != 32) throw CryptoError("a P-256 private key is 32 bytes");
    std::unique_ptr<OSSL_PARAM_BLD, BldFree> bld(OSSL_PARAM_BLD_new());
    std::unique_ptr<BIGNUM, BnFree> scalar;
    if (!bld || !OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) ||
        !OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, public_key.data(), public_key.size()))
        fail("cannot build a P-256 key");
    if (private_key) {
        scalar.reset(BN_bin2bn(bytes_of(*private_key), 32, nullptr));
        if (!scalar || !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, scalar.get())) fail("cannot build a P-256 key");
    }
    std::unique_ptr<OSSL_PARAM, ParamFree> params(OSSL_PARAM_BLD_to_param(bld.get()));
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
    EVP_PKEY* raw = nullptr;
    if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
        EVP_PKEY_fromdata(ctx.get(), &raw, private_key ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params.get()) <= 0)
        fail("not a P-256 key (is the point on the curve?)");
    Pkey key(raw);
    PkeyCtx check(EVP_PKEY_CTX_new_from_pkey(nullptr, key.get(), nullptr));
    if (!check || EVP_PKEY_public_check(check.get()) <= 0) fail("not a valid P-256 public key");
    if (private_key && EVP_PKEY_pairwise_check(check.get()) <= 0) fail("the P-256 private and public keys do not match");
    return key;
}

std::string ecdh(EVP_PKEY* own, EVP_PKEY* peer) {
    PkeyCtx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, own, nullptr));
    std::size_t len = 0;
    if (!ctx || EVP_PKEY_derive_init(ctx.get()) <= 0 || EVP_PKEY_derive_set_peer(ctx.get(), peer) <= 0 ||
        EVP_PKEY_derive(ctx.get(), nullptr, &len) <= 0)
        fail("ECDH failed");
    std::string secret(len, '\0');
    if (EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(secret.data()), &len) <= 0) fail("ECDH failed");
    secret.resize(len);
    return secret;
}

std::string hmac_sha256(std::string_view key, std::string_view data) {
    std::array<unsigned char, 32> out{};
    unsigned int len = 0;
    if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), bytes_of(data), data.size(), out.data(), &len) || len != 32)
        fail("HMAC-SHA-256 failed");
    return {reinterpret_cast<const char*>(out.data()), 32};
}

// HKDF-Expand (RFC 5869) for at most one block of output.
std::string hkdf_expand(std::string_view prk, std::string_view info, std::size_t length) {
    std::string t(info);
    t += '\x01';
    return hmac_sha256(prk, t).substr(0, length);
}

std::string random_bytes(std::size_t n) {
    std::string out(n, '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(n)) != 1) fail("no random bytes");
    return out;
}

}  // namespace

std::string base64url_encode(std::string_view bytes) { return encode(bytes, kAlphabet, false); }
std::string base64_encode(std::string_view bytes) { return encode(bytes, kStdAlphabet, true); }

std::optional<std::string> base64url_decode(std::string_view text) {
    while (!text.empty() && text.back() == '=') text.remove_suffix(1);
    if (text.size() % 4 == 1) return std::nullopt;
    std::string out;
    out.reserve(text.size() * 3 / 4);
    std::uint32_t acc = 0;
    int bits = 0;
    for (const char c : text) {
        int v;
        if (c >= 'A' && c <= 'Z') v = c - 'A';
        else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
        else if (c >= '0' && c <= '9') v = c - '0' + 52;
        else if (c == '-' || c == '+') v = 62;
        else if (c == '_' || c == '/') v = 63;
        else return std::nullopt;
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((acc >> bits) & 0xff);
        }
    }
    return out;
}

KeyPair generate_p256_key() {
    EVP_PKEY* raw = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
    if (!raw) fail("cannot make a P-256 key");
    Pkey key(raw);
    KeyPair pair;
    pair.public_key.assign(65, '\0');
    std::size_t len = 0;
    if (EVP_PKEY_get_octet_string_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY, reinterpret_cast<unsigned char*>(pair.public_key.data()),
                                        pair.public_key.size(), &len) <= 0 ||
        len != 65)
        fail("cannot read a P-256 public key");
    BIGNUM* bn = nullptr;
    if (EVP_PKEY_get_bn_param(key.get(), OSSL_PKEY_PARAM_PRIV_KEY, &bn) <= 0) fail("cannot read a P-256 private key");
    std::unique_ptr<BIGNUM, BnFree> scalar(bn);
    pair.private_key.assign(32, '\0');
    if (BN_bn2binpad(scalar.get(), reinterpret_cast<unsigned char*>(pair.private_key.data()), 32) != 32)
        fail("cannot read a P-256 private key");
    return pair;
}

void check_p256_key(const KeyPair& key) { static_cast<void>(p256_key(key.public_key, &key.private_key)); }

std::string encrypt_aes128gcm(std::string_view plaintext, std::string_view ua_public, std::string_view auth_secret,
                              const EncryptOptions& options) {
    if (auth_secret.size() != 16) throw CryptoError("a subscription's auth secret is 16 bytes");
    if (options.record_size < 18) throw CryptoError("the record size is at least 18");
    if (plaintext.size() + 1 + options.pad + 16 > options.record_size)
        throw CryptoError("the push message is longer than one record (" + std::to_string(options.record_size - 17) + " bytes)");
    const KeyPair sender = options.sender ? *options.sender : generate_p256_key();
    const std::string salt = options.salt ? *options.salt : random_bytes(16);
    if (salt.size() != 16) throw CryptoError("the salt is 16 bytes");

    const Pkey as_key = p256_key(sender.public_key, &sender.private_key);
    const Pkey ua_key = p256_key(ua_public, nullptr);
    const std::string ecdh_secret = ecdh(as_key.get(), ua_key.get());

    // RFC 8291 section 3.4: the auth secret and both public keys go into the input keying material.
    const std::string prk_key = hmac_sha256(auth_secret, ecdh_secret);
    std::string key_info = "WebPush: info";
    key_info += '\0';
    key_info.append(ua_public);
    key_info += sender.public_key;
    const std::string ikm = hkdf_expand(prk_key, key_info, 32);
    // RFC 8188 section 2.2 and 2.3: the content encryption key and the nonce (one record: SEQ 0).
    const std::string prk = hmac_sha256(salt, ikm);
    const std::string cek = hkdf_expand(prk, std::string("Content-Encoding: aes128gcm") + '\0', 16);
    const std::string nonce = hkdf_expand(prk, std::string("Content-Encoding: nonce") + '\0', 12);

    std::string record(plaintext);
    record += '\x02';  // the last record's delimiter, then the padding
    record.append(options.pad, '\0');

    std::unique_ptr<EVP_CIPHER_CTX, CipherFree> ctx(EVP_CIPHER_CTX_new());
    std::string out;
    out.reserve(16 + 4 + 1 + 65 + record.size() + 16);
    out += salt;
    for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((options.record_size >> shift) & 0xff);
    out += static_cast<char>(sender.public_key.size());
    out += sender.public_key;
    const std::size_t header = out.size();
    out.resize(header + record.size() + 16);
    auto* dst = reinterpret_cast<unsigned char*>(out.data() + header);
    int len = 0, final_len = 0;
    if (!ctx || EVP_EncryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, nullptr, nullptr) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, 12, nullptr) != 1 ||
        EVP_EncryptInit_ex(ctx.get(), nullptr, nullptr, bytes_of(cek), bytes_of(nonce)) != 1 ||
        EVP_EncryptUpdate(ctx.get(), dst, &len, bytes_of(record), static_cast<int>(record.size())) != 1 ||
        EVP_EncryptFinal_ex(ctx.get(), dst + len, &final_len) != 1 ||
        EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, 16, dst + len + final_len) != 1)
        fail("AES-128-GCM failed");
    return out;
}

std::optional<std::string> url_origin(std::string_view url) {
    std::string_view scheme;
    if (url.starts_with("https://")) scheme = "https";
    else if (url.starts_with("http://")) scheme = "http";
    else return std::nullopt;
    std::string_view rest = url.substr(scheme.size() + 3);
    std::string_view authority = rest.substr(0, rest.find_first_of("/?#"));
    if (authority.empty() || authority.find('@') != std::string_view::npos) return std::nullopt;
    for (const char c : authority)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']'))
            return std::nullopt;
    std::string host(authority);
    for (char& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const std::string_view default_port = scheme == "https" ? ":443" : ":80";
    if (std::string_view(host).ends_with(default_port)) host.resize(host.size() - default_port.size());
    return std::string(scheme) + "://" + host;
}

std::string vapid_authorization(const KeyPair& vapid, std::string_view endpoint, std::string_view subject,
                                std::chrono::system_clock::time_point expires) {
    const auto aud = url_origin(endpoint);
    if (!aud) throw CryptoError("the push endpoint is not an http(s) URL");
    const auto exp = std::chrono::duration_cast<std::chrono::seconds>(expires.time_since_epoch()).count();
    const nlohmann::json claims = {{"aud", *aud}, {"exp", exp}, {"sub", std::string(subject)}};
    const std::string signing_input = base64url_encode(R"({"typ":"JWT","alg":"ES256"})") + "." + base64url_encode(claims.dump());

    const Pkey key = p256_key(vapid.public_key, &vapid.private_key);
    std::unique_ptr<EVP_MD_CTX, MdFree> md(EVP_MD_CTX_new());
    std::size_t der_len = 0;
    if (!md || EVP_DigestSignInit(md.get(), nullptr, EVP_sha256(), nullptr, key.get()) != 1 ||
        EVP_DigestSign(md.get(), nullptr, &der_len, bytes_of(signing_input), signing_input.size()) != 1)
        fail("ES256 signing failed");
    std::string der(der_len, '\0');
    if (EVP_DigestSign(md.get(), reinterpret_cast<unsigned char*>(der.data()), &der_len, bytes_of(signing_input),
                       signing_input.size()) != 1)
        fail("ES256 signing failed");
    const unsigned char* p = bytes_of(der);
    std::unique_ptr<ECDSA_SIG, SigFree> sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(der_len)));
    if (!sig) fail("ES256 signing failed");
    const BIGNUM* r = nullptr;
    const BIGNUM* s = nullptr;
    ECDSA_SIG_get0(sig.get(), &r, &s);
    std::string raw(64, '\0');  // JWS (RFC 7518 section 3.4): r and s, 32 bytes each
    if (BN_bn2binpad(r, reinterpret_cast<unsigned char*>(raw.data()), 32) != 32 ||
        BN_bn2binpad(s, reinterpret_cast<unsigned char*>(raw.data() + 32), 32) != 32)
        fail("ES256 signing failed");
    return "vapid t=" + signing_input + "." + base64url_encode(raw) + ", k=" + base64url_encode(vapid.public_key);
}

}  // namespace catan::notify
