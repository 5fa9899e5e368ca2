#pragma once
// HTTPS from a source address the test chooses (any of 127.0.0.0/8): a second client on one machine,
// for the TLS limits that go by the TCP peer's address (defined in ws_client.cpp, which holds the
// tests' TLS client; kept apart from ws_client.hpp, which every socket test includes).
#include <chrono>
#include <string>
#include <string_view>

#include "ws_client.hpp"

namespace catan::nettest {

// One request on a fresh TLS connection from `source` to 127.0.0.1:port, taking any server
// certificate; throws on a network or TLS failure or a timeout.
HttpResponse https_request_from(const std::string& source, unsigned short port, std::string_view method,
                                std::string_view target, std::chrono::milliseconds timeout = kDefaultTimeout);

}  // namespace catan::nettest
