#pragma once
// TLS certificate checks the app layer runs before anything else starts (src/net/tls_context.cpp):
// a bad --tls-cert or --tls-key is a start failure that names the file and what is wrong with it.
#include <stdexcept>
#include <string>

namespace catan::net {

// A certificate or key that cannot be used: missing, unreadable, not PEM, or a key that does not
// belong to the certificate. what() names the file.
class TlsError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Loads the certificate chain and the private key the way the server does; throws TlsError when
// they cannot serve. Returns a one-line description of the certificate (subject, SHA-256
// fingerprint, expiry) for the log.
std::string check_tls_files(const std::string& cert_path, const std::string& key_path);

}  // namespace catan::net
