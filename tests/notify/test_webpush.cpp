// RFC 8291 Appendix A byte for byte, and the pieces around it (base64url, keys, VAPID's form).
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "catan/notify/webpush.hpp"

using namespace catan::notify;

namespace {

std::string b64(std::string_view text) {
    const auto bytes = base64url_decode(text);
    REQUIRE(bytes);
    return *bytes;
}

}  // namespace

TEST_CASE("RFC 8291 Appendix A: the example message is reproduced byte for byte", "[notify][webpush]") {
    // Every value as the RFC prints it (base64url, no padding).
    EncryptOptions options;
    options.sender = KeyPair{b64("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"),
                             b64("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")};
    options.salt = b64("DGv6ra1nlYgDCS1FRnbzlw");
    const std::string ua_public = b64("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4");
    const std::string auth = b64("BTBZMqHH6r4Tts7J_aSIgg");
    const std::string body = encrypt_aes128gcm("When I grow up, I want to be a watermelon", ua_public, auth, options);
    CHECK(base64url_encode(body) ==
          "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_"
          "yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN");
    // The user agent's key pair of the example is a valid pair too (its private key is in the RFC).
    CHECK_NOTHROW(check_p256_key({b64("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"), ua_public}));
}

TEST_CASE("a fresh sender key and salt make a different message each time, of the RFC's layout", "[notify][webpush]") {
    const KeyPair ua = generate_p256_key();
    CHECK_NOTHROW(check_p256_key(ua));
    const std::string auth(16, 'a');
    const std::string a = encrypt_aes128gcm("hello", ua.public_key, auth);
    const std::string b = encrypt_aes128gcm("hello", ua.public_key, auth, {.pad = 10});
    CHECK(a.size() == 16 + 4 + 1 + 65 + 5 + 1 + 16);
    CHECK(b.size() == a.size() + 10);
    CHECK(a.substr(16, 5) == std::string("\x00\x00\x10\x00\x41", 5));  // rs 4096, idlen 65
    CHECK(a.substr(0, 16) != b.substr(0, 16));
    CHECK_THROWS_AS(encrypt_aes128gcm(std::string(kMaxPushPlaintext + 1, 'x'), ua.public_key, auth), CryptoError);
    CHECK_NOTHROW(encrypt_aes128gcm(std::string(kMaxPushPlaintext, 'x'), ua.public_key, auth));
}

TEST_CASE("keys and secrets of the wrong size or off the curve are refused", "[notify][webpush]") {
    const KeyPair ua = generate_p256_key();
    CHECK_THROWS_AS(encrypt_aes128gcm("x", ua.public_key, std::string(15, 'a')), CryptoError);
    CHECK_THROWS_AS(encrypt_aes128gcm("x", ua.public_key.substr(1), std::string(16, 'a')), CryptoError);
    std::string off_curve = ua.public_key;
    off_curve[40] = static_cast<char>(off_curve[40] ^ 1);
    CHECK_THROWS_AS(encrypt_aes128gcm("x", off_curve, std::string(16, 'a')), CryptoError);
    const KeyPair other = generate_p256_key();
    CHECK_THROWS_AS(check_p256_key({ua.private_key, other.public_key}), CryptoError);
}

TEST_CASE("base64url both ways, padded or not", "[notify][webpush]") {
    CHECK(base64url_encode("") == "");
    CHECK(base64url_encode("\xfb\xff") == "-_8");
    CHECK(base64_encode("\xfb\xff") == "+/8=");
    CHECK(base64url_decode("-_8") == std::string("\xfb\xff"));
    CHECK(base64url_decode("+/8=") == std::string("\xfb\xff"));
    CHECK_FALSE(base64url_decode("a"));
    CHECK_FALSE(base64url_decode("ab*d"));
    for (std::size_t n = 0; n < 40; ++n) {
        std::string s;
        for (std::size_t i = 0; i < n; ++i) s += static_cast<char>(i * 37 + n);
        CHECK(base64url_decode(base64url_encode(s)) == s);
    }
}

TEST_CASE("VAPID: the header names the endpoint's origin and carries the server's key", "[notify][webpush]") {
    CHECK(url_origin("https://fcm.googleapis.com/fcm/send/abc") == "https://fcm.googleapis.com");
    CHECK(url_origin("https://Push.Example.net:443/x") == "https://push.example.net");
    CHECK(url_origin("http://127.0.0.1:9000/p?x") == "http://127.0.0.1:9000");
    CHECK_FALSE(url_origin("ftp://x/y"));
    CHECK_FALSE(url_origin("https://user@host/y"));
    const KeyPair vapid = generate_p256_key();
    const std::string header = vapid_authorization(vapid, "https://push.example.net/wpush/1", "mailto:ops@example.org",
                                                   std::chrono::system_clock::now() + std::chrono::hours(12));
    REQUIRE(header.starts_with("vapid t="));
    const auto comma = header.find(", k=");
    REQUIRE(comma != std::string::npos);
    CHECK(header.substr(comma + 4) == base64url_encode(vapid.public_key));
    const std::string jwt = header.substr(8, comma - 8);
    const auto first = jwt.find('.');
    const auto second = jwt.find('.', first + 1);
    CHECK(b64(jwt.substr(0, first)) == R"({"typ":"JWT","alg":"ES256"})");
    const std::string claims = b64(jwt.substr(first + 1, second - first - 1));
    CHECK(claims.find(R"("aud":"https://push.example.net")") != std::string::npos);
    CHECK(claims.find(R"("sub":"mailto:ops@example.org")") != std::string::npos);
    CHECK(b64(jwt.substr(second + 1)).size() == 64);  // r || s (the signature is checked by push_endpoint.mjs)
}
