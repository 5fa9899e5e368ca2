#pragma once
// Gateway tests: an in-process catan::net::Server on 127.0.0.1:0 and small Beast clients whose every
// operation has a deadline (async operations run with io_context::run_for), so a failing test fails
// instead of hanging. Beast stays in gateway_support.cpp; the tests include only this header.
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "catan/net/server.hpp"
#include "catan/net/static_files.hpp"

// The files of the test web directory, embedded like web/ is (see tests/net/CMakeLists.txt).
std::span<const catan::net::EmbeddedFile> gateway_test_assets();

namespace gateway_test {

using namespace std::chrono_literals;

enum class Method { get, head, post, delete_ };

catan::net::ServerOptions test_options();

// A running server, stopped and joined on destruction.
struct TestServer {
    explicit TestServer(catan::net::ServerOptions options = test_options());
    ~TestServer();
    catan::net::Server server;
    std::uint16_t port;
};

struct Response {
    unsigned status = 0;
    std::map<std::string, std::string> headers;  // names in lower case
    std::string body;
    std::string header(const std::string& name) const {
        const auto it = headers.find(name);
        return it == headers.end() ? std::string() : it->second;
    }
};

// One HTTP/1.1 request on a fresh connection. `target` goes on the wire exactly as given. `source`:
// the local address to connect from (another loopback address, e.g. "127.0.0.2", is another client
// address for the server's per-address limits); empty: the system's choice.
Response http_request(std::uint16_t port, Method method, std::string_view target,
                      const std::map<std::string, std::string>& headers = {}, std::string body = {},
                      const std::string& source = {});
inline Response get(std::uint16_t port, std::string_view target, const std::map<std::string, std::string>& headers = {}) {
    return http_request(port, Method::get, target, headers);
}
// The same from the local address `source` (e.g. "127.0.0.2": every 127.x address is loopback), so a
// test can be two clients on two addresses.
Response http_request_from(const std::string& source, std::uint16_t port, Method method, std::string_view target,
                           std::string body = {});
// Whatever comes back on a raw TCP connection after writing `raw` (for targets no client would send).
std::string raw_request(std::uint16_t port, const std::string& raw);

// A raw TCP connection from a loopback address of our choosing (`source`, e.g. "127.0.0.2", so that
// the server sees another client address), for bytes no HTTP client would send and for sockets held idle.
class RawConnection {
public:
    explicit RawConnection(std::uint16_t port, const std::string& source = "127.0.0.1");
    ~RawConnection();
    RawConnection(RawConnection&&) noexcept;
    // Writes everything; false when the server has already closed the connection.
    bool send(std::string_view bytes);
    // What the server sends until it closes the connection or `timeout` passes (closed() tells which).
    std::string read_until_close(std::chrono::milliseconds timeout = 3s);
    bool closed() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Writes `raw` on a fresh connection and returns everything the server sends before it closes.
std::string raw_exchange(std::uint16_t port, std::string_view raw, const std::string& source = "127.0.0.1");

std::string gunzip(std::string_view data);

class WsClient {
public:
    WsClient();
    ~WsClient();
    // Opens /ws; returns the HTTP status of the handshake (101 on success).
    unsigned connect(std::uint16_t port, std::string origin = {}, int receive_buffer = 0);
    // The local address the next connect() binds to (see http_request's `source`).
    void bind_to(std::string address);
    void send(std::string_view text);
    void send_json(const nlohmann::json& message) { send(message.dump()); }
    void send_binary(std::string_view bytes);
    // The next message, or nothing when the connection closed, failed or `timeout` passed.
    std::optional<std::string> read(std::chrono::milliseconds timeout = 3s);
    // Reads until a message of this type arrives (others are skipped).
    std::optional<nlohmann::json> read_type(std::string_view type, std::chrono::milliseconds timeout = 3s);
    bool ok() const;         // the last operation succeeded
    bool closed() const;     // the last operation ended with the closing handshake
    bool timed_out() const;  // the last operation ran out of time
    int close_code() const;  // the code of the peer's close frame
    bool is_open() const;
    void close();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Creates a room over the socket and sits in it (join as `name`, with the host key), returning its code.
std::string create_and_join(WsClient& client, const std::string& name);

}  // namespace gateway_test
