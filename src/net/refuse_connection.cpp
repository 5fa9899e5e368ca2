// Refusing a connection over a cap at once: the short answer goes out in one non-blocking write on
// the fresh socket (its send buffer is empty, so it fits), what the client already sent is read away
// so that closing does not reset the connection before the answer arrives, and the socket closes.
// Nothing waits: the descriptor is free again within the accept handler.
#include <array>

#include <nlohmann/json.hpp>

#include "gateway.hpp"

namespace catan::net {

namespace {

std::string refusal_text(Gateway::Refusal why) {
    const bool address = why == Gateway::Refusal::address_full;
    const nlohmann::json body = {
        {"code", address ? "too_many_connections" : "server_busy"},
        {"message", address ? "too many connections from this address: close some, then retry"
                            : "the server has as many connections as it can take: retry in a few seconds"}};
    const std::string text = body.dump();
    return std::string(address ? "HTTP/1.1 429 Too Many Requests\r\n" : "HTTP/1.1 503 Service Unavailable\r\n") +
           "Server: catan-server\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
           "Retry-After: 5\r\nConnection: close\r\nContent-Length: " +
           std::to_string(text.size()) + "\r\n\r\n" + text;
}

}  // namespace

void refuse_connection(tcp::socket& socket, Gateway::Refusal why, bool tls) {
    if (tls) {  // a plain answer would be garbage to a TLS client, and a handshake costs what we refuse
        beast::error_code ignored;
        socket.close(ignored);
        return;
    }
    static const std::string address_full = refusal_text(Gateway::Refusal::address_full);
    static const std::string server_full = refusal_text(Gateway::Refusal::server_full);
    answer_and_close(socket, why == Gateway::Refusal::address_full ? address_full : server_full);
}

void answer_and_close(tcp::socket& socket, std::string_view answer) {
    beast::error_code ignored;
    socket.non_blocking(true, ignored);
    socket.write_some(asio::buffer(answer), ignored);
    socket.shutdown(tcp::socket::shutdown_send, ignored);
    std::array<char, 4096> discard;
    for (int i = 0; i < 16; ++i) {  // at most 64 KiB: whatever has arrived so far
        const auto n = socket.read_some(asio::buffer(discard), ignored);
        if (ignored || n == 0) break;
    }
    socket.close(ignored);
}

}  // namespace catan::net
