// Building the server's TLS context from PEM files, with errors that name the file and the problem.
#include "tls_context.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

namespace catan::net {

namespace ssl = boost::asio::ssl;

namespace {

// The TLS 1.2 suites of Mozilla's "intermediate" profile (forward secrecy, AEAD only); TLS 1.3
// suites are all fine and keep OpenSSL's defaults.
constexpr const char* kTls12Ciphers =
    "ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:"
    "ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305";

std::string openssl_error() {
    std::string out;
    while (const unsigned long e = ERR_get_error()) {
        std::array<char, 256> text{};
        ERR_error_string_n(e, text.data(), text.size());
        if (!out.empty()) out += "; ";
        out += text.data();
    }
    return out.empty() ? "no detail from OpenSSL" : out;
}

void check_readable(const std::string& path, const char* what, const char* flag) {
    if (path.empty()) throw TlsError(std::string(flag) + " is empty: give the " + what + " file");
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw TlsError(std::string("the TLS ") + what + " " + path + " is a directory (" + flag + "): give the PEM file");
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        const int err = errno;
        throw TlsError(std::string("the TLS ") + what + " " + path + " cannot be read (" + flag + "): " +
                       (err == ENOENT ? "no such file" : std::strerror(err)));
    }
}

// Never asks for a passphrase (OpenSSL would prompt on the terminal): encrypted keys are refused.
int no_passphrase(char*, int, int, void*) { return 0; }

struct BioCloser {
    void operator()(BIO* b) const { BIO_free(b); }
};
struct X509Freer {
    void operator()(X509* x) const { X509_free(x); }
};
struct KeyFreer {
    void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};

std::unique_ptr<X509, X509Freer> read_certificate(const std::string& path) {
    std::unique_ptr<BIO, BioCloser> bio(BIO_new_file(path.c_str(), "r"));
    if (!bio) throw TlsError("the TLS certificate " + path + " cannot be opened: " + openssl_error());
    std::unique_ptr<X509, X509Freer> cert(PEM_read_bio_X509(bio.get(), nullptr, no_passphrase, nullptr));
    if (!cert)
        throw TlsError("the TLS certificate " + path +
                       " is not a PEM certificate (want a file starting with -----BEGIN CERTIFICATE-----): " +
                       openssl_error());
    return cert;
}

void check_private_key(const std::string& path) {
    std::unique_ptr<BIO, BioCloser> bio(BIO_new_file(path.c_str(), "r"));
    if (!bio) throw TlsError("the TLS private key " + path + " cannot be opened: " + openssl_error());
    std::unique_ptr<EVP_PKEY, KeyFreer> key(PEM_read_bio_PrivateKey(bio.get(), nullptr, no_passphrase, nullptr));
    if (!key)
        throw TlsError("the TLS private key " + path +
                       " is not an unencrypted PEM private key (want -----BEGIN PRIVATE KEY----- or "
                       "-----BEGIN EC/RSA PRIVATE KEY-----): " +
                       openssl_error());
}

std::string describe(X509* cert) {
    std::string out;
    std::array<char, 256> subject{};
    X509_NAME_oneline(X509_get_subject_name(cert), subject.data(), static_cast<int>(subject.size()));
    out += subject.data();
    std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
    unsigned int n = 0;
    if (X509_digest(cert, EVP_sha256(), md.data(), &n) == 1) {
        static constexpr char hex[] = "0123456789ABCDEF";
        out += ", SHA-256 ";
        for (unsigned i = 0; i < n; ++i) {
            if (i) out += ':';
            out += hex[md[i] >> 4];
            out += hex[md[i] & 15];
        }
    }
    std::unique_ptr<BIO, BioCloser> mem(BIO_new(BIO_s_mem()));
    if (mem && ASN1_TIME_print(mem.get(), X509_get0_notAfter(cert)) == 1) {
        char* data = nullptr;
        const long len = BIO_get_mem_data(mem.get(), &data);
        out += ", valid until " + std::string(data, static_cast<std::size_t>(len));
    }
    if (X509_cmp_current_time(X509_get0_notAfter(cert)) < 0) out += " (EXPIRED: browsers will refuse it)";
    return out;
}

// ALPN: http/1.1 when the client offers it; a client offering only other protocols (h2) goes on
// without ALPN rather than failing.
int select_alpn(SSL*, const unsigned char** out, unsigned char* outlen, const unsigned char* in, unsigned int inlen,
                void*) {
    static constexpr unsigned char kHttp11[] = {'h', 't', 't', 'p', '/', '1', '.', '1'};
    for (unsigned i = 0; i < inlen;) {
        const unsigned len = in[i];
        if (i + 1 + len > inlen) break;
        if (len == sizeof kHttp11 && std::memcmp(in + i + 1, kHttp11, len) == 0) {
            *out = in + i + 1;
            *outlen = static_cast<unsigned char>(len);
            return SSL_TLSEXT_ERR_OK;
        }
        i += 1 + len;
    }
    return SSL_TLSEXT_ERR_NOACK;
}

}  // namespace

TlsContext load_tls_context(const std::string& cert_path, const std::string& key_path) {
    check_readable(cert_path, "certificate", "--tls-cert");
    check_readable(key_path, "private key", "--tls-key");
    ERR_clear_error();
    const auto leaf = read_certificate(cert_path);
    check_private_key(key_path);

    auto context = std::make_shared<ssl::context>(ssl::context::tls_server);
    SSL_CTX* native = context->native_handle();
    context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                         ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 | ssl::context::no_compression |
                         ssl::context::single_dh_use);
    SSL_CTX_set_min_proto_version(native, TLS1_2_VERSION);
    SSL_CTX_set_options(native, SSL_OP_CIPHER_SERVER_PREFERENCE | SSL_OP_NO_RENEGOTIATION);
    // An idle connection (most WebSockets, most of the time) gives its read and write buffers back.
    SSL_CTX_set_mode(native, SSL_MODE_RELEASE_BUFFERS);
    if (SSL_CTX_set_cipher_list(native, kTls12Ciphers) != 1)
        throw TlsError("OpenSSL accepts none of the TLS 1.2 cipher suites: " + openssl_error());
    SSL_CTX_set_default_passwd_cb(native, no_passphrase);
    SSL_CTX_set_alpn_select_cb(native, select_alpn, nullptr);

    if (SSL_CTX_use_certificate_chain_file(native, cert_path.c_str()) != 1)
        throw TlsError("the TLS certificate " + cert_path + " cannot be used: " + openssl_error());
    if (SSL_CTX_use_PrivateKey_file(native, key_path.c_str(), SSL_FILETYPE_PEM) != 1 ||
        SSL_CTX_check_private_key(native) != 1) {
        ERR_clear_error();
        throw TlsError("the TLS private key " + key_path + " does not match the certificate " + cert_path +
                       " (give the key the certificate was made for)");
    }
    return {std::move(context), describe(leaf.get())};
}

std::string check_tls_files(const std::string& cert_path, const std::string& key_path) {
    return load_tls_context(cert_path, key_path).description;
}

}  // namespace catan::net
