#pragma once
// A small synchronous WebSocket / HTTP client for the tests over real sockets, and the view tracker
// that rebuilds a connection's `doc` from its snapshot and updates (docs/protocol.md).
//
// Everything blocks the calling thread, and nothing blocks for ever: every call has a deadline and
// reports a timeout instead of hanging. Beast and Asio are confined to ws_client.cpp.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace catan::nettest {

using nlohmann::json;

inline constexpr std::chrono::milliseconds kDefaultTimeout{5000};

// ---- Recording: every message sent or received, as the schema test reads it ----------------------
// One line per message: {"schema":"server"|"client","message":{...}}. Only JSON objects are recorded
// (deliberately malformed input is not a client message). Thread-safe.
void start_recording(const std::string& path);  // truncates the file
void stop_recording();
bool recording();
// Records one message under any schema of proto/v1 ("server", "client", "rest#/$defs/room_summary", ...).
void record_message(const std::string& schema, const json& message);

// ---- HTTP -------------------------------------------------------------------------------------------
struct HttpResponse {
    int status = 0;
    std::string body;
    std::string peer_certificate_sha256;  // https_request: the server certificate's SHA-256, "AB:CD:..."

    std::vector<std::pair<std::string, std::string>> headers;
    std::string header(std::string_view name) const;  // "" when absent (case-insensitive name)
    json json_body() const;                            // throws when the body is not JSON
};

// One request on a fresh connection to 127.0.0.1:port; throws on a network failure or a timeout.
HttpResponse http_request(unsigned short port, std::string_view method, std::string_view target,
                          std::string_view body = {},
                          const std::vector<std::pair<std::string, std::string>>& headers = {},
                          std::chrono::milliseconds timeout = kDefaultTimeout);

// The same over TLS (https://), taking any server certificate (the tests make their own).
HttpResponse https_request(unsigned short port, std::string_view method, std::string_view target,
                           std::string_view body = {},
                           const std::vector<std::pair<std::string, std::string>>& headers = {},
                           std::chrono::milliseconds timeout = kDefaultTimeout);

// The Origin a browser would send for a page served by this server ("http://127.0.0.1:<port>").
std::string same_origin(unsigned short port);

// ---- WebSocket ---------------------------------------------------------------------------------------
class WsClient {
public:
    struct ConnectResult {
        std::unique_ptr<WsClient> client;  // null when the upgrade failed
        int http_status = 0;               // 101 on success; the refusal's status otherwise (0: no answer)
        std::string error;
    };
    // Connects to ws://127.0.0.1:port/ws. `origin`: the Origin header (nullopt: none is sent).
    static ConnectResult try_connect(unsigned short port, std::optional<std::string> origin,
                                     std::chrono::milliseconds timeout = kDefaultTimeout);
    // The same with the same-host Origin; throws when the upgrade fails.
    static std::unique_ptr<WsClient> connect(unsigned short port, std::chrono::milliseconds timeout = kDefaultTimeout);
    // The same at another target of the WebSocket endpoint ("/ws?room=K7QX3&node=node1", which a proxy
    // in front of several servers routes by).
    static ConnectResult try_connect_to(unsigned short port, std::string_view target, std::optional<std::string> origin,
                                        std::chrono::milliseconds timeout = kDefaultTimeout);
    static std::unique_ptr<WsClient> connect_to(unsigned short port, std::string_view target,
                                                std::chrono::milliseconds timeout = kDefaultTimeout);
    // A client that never reads (a slow reader): its socket's receive buffer is `receive_buffer`
    // bytes (SO_RCVBUF, set before connecting so the window stays small) and no read is ever started,
    // so what the server sends piles up in the kernel and then in the server's queue. Only send()
    // works on it; a send fails once the server has dropped the connection. Throws like connect().
    static std::unique_ptr<WsClient> connect_unread(unsigned short port, int receive_buffer,
                                                    std::chrono::milliseconds timeout = kDefaultTimeout);
    // wss://127.0.0.1:port/ws with the https same-host Origin, taking any server certificate;
    // throws when the TLS handshake or the upgrade fails.
    static std::unique_ptr<WsClient> connect_tls(unsigned short port, std::chrono::milliseconds timeout = kDefaultTimeout);

    ~WsClient();
    WsClient(const WsClient&) = delete;
    WsClient& operator=(const WsClient&) = delete;

    // Sends one text frame (recorded as a client message when it is a JSON object). Throws when the
    // connection is closed or the write does not finish in time.
    void send(const json& message);
    void send_text(std::string_view text, bool record = false);
    void send_binary(std::string_view bytes);

    // The next message, or nullopt when none arrived within `timeout` or the connection is closed.
    std::optional<std::string> receive_text(std::chrono::milliseconds timeout = kDefaultTimeout);
    // The same, parsed; throws when the server sent something that is not JSON.
    std::optional<json> receive(std::chrono::milliseconds timeout = kDefaultTimeout);
    // Waits until the server closes the connection (reading and discarding what arrives before).
    // Returns true when it did within `timeout`.
    bool wait_closed(std::chrono::milliseconds timeout = kDefaultTimeout);

    bool closed() const;
    int close_code() const;  // the code of the server's close frame; -1 when none (dropped, or open)
    std::string close_reason() const;
    std::string read_error() const;  // why the read loop stopped ("" while open)
    std::size_t pending() const;     // messages received and not yet taken

    void close();  // a clean close handshake (waits briefly for the server's answer)
    void drop();   // closes the TCP socket without a close frame (a network drop)

    void set_recording(bool on);  // per connection; on by default (recording only happens while started)
    // connect_tls: the server certificate's SHA-256 as "AB:CD:..." ("" for plain ws://).
    const std::string& peer_certificate_sha256() const;

    struct Impl;

private:
    explicit WsClient(std::unique_ptr<Impl> impl);
    // Connects (with SO_RCVBUF `receive_buffer` when > 0; over TLS when `tls`), upgrades, and starts
    // reading when `read`.
    static ConnectResult open(unsigned short port, const std::optional<std::string>& origin, int receive_buffer,
                              bool read, bool tls, std::chrono::milliseconds timeout, std::string_view target = "/ws");
    std::unique_ptr<Impl> impl_;
};

// ---- The view a connection holds ------------------------------------------------------------------------
// Keeps `doc` from the last snapshot and applies each update's RFC 6902 patch in order; an update whose
// seq is not the previous seq + 1, or a patch that does not apply, is an error (thrown as
// std::runtime_error: the protocol promises every connection every seq).
class ViewTracker {
public:
    // Applies a snapshot or an update and returns true; returns false for any other message.
    bool apply(const json& message);

    bool has_snapshot() const { return has_snapshot_; }
    std::int64_t seq() const { return seq_; }
    const json& doc() const { return doc_; }
    const json& game() const;    // doc["game"] (null in the lobby)
    const json& legal() const { return legal_; }
    const json& topology() const { return topology_; }
    const json& last_events() const { return last_events_; }  // events of the last update ([] for a snapshot)
    int snapshots() const { return snapshots_; }
    int updates() const { return updates_; }

    // legal["actions"] (or legal["commands"]), [] when there is nothing to do.
    json legal_actions() const;

private:
    bool has_snapshot_ = false;
    std::int64_t seq_ = -1;
    json doc_;
    json legal_;
    json topology_;
    json last_events_ = json::array();
    int snapshots_ = 0;
    int updates_ = 0;
};

}  // namespace catan::nettest
