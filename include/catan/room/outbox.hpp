#pragma once
// A connection as the room layer sees it. The gateway's WebSocket session implements it; rooms never
// include Beast. Thread-safe: send() and close() may be called from any strand and never block.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace catan::room {

// One serialised message, shared by every recipient of the same bytes.
using Message = std::shared_ptr<const std::string>;

class Outbox {
public:
    virtual ~Outbox() = default;
    // Queues a text frame. A connection whose queue is over its cap is closed by the gateway (the
    // client reconnects and gets a snapshot); memory never grows without bound.
    virtual void send(Message message) = 0;
    // Closes after what is queued has been written; `reason` goes in the close frame.
    virtual void close(std::string_view reason) = 0;
    // The same with the close code that asks the client to reconnect at once (WebSocket 1012, service
    // restart): this server is stopping, or another server sharing its database serves the room now.
    virtual void close_to_reconnect(std::string_view reason) { close(reason); }
    virtual std::uint64_t id() const = 0;             // unique per process, for logs
    virtual const std::string& remote() const = 0;    // peer address, for logs and per-IP limits
};

inline Message make_message(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

}  // namespace catan::room
