#pragma once
// Internal to catan_net: the server's TLS context, built from --tls-cert and --tls-key
// (tls_context.cpp). Only the files that speak TLS include this.
#include <memory>
#include <string>

#include <boost/asio/ssl/context.hpp>

#include "catan/net/tls.hpp"

namespace catan::net {

struct TlsContext {
    std::shared_ptr<boost::asio::ssl::context> context;
    std::string description;  // subject, SHA-256 fingerprint and expiry, for the log
};

// A server context with the certificate chain and key loaded: TLS 1.2 and 1.3 only, the server's
// cipher order, no compression, no renegotiation, ALPN http/1.1. Throws TlsError naming the file.
TlsContext load_tls_context(const std::string& cert_path, const std::string& key_path);

}  // namespace catan::net
