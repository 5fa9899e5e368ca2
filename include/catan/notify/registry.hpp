#pragma once
// What the gateway calls for the notification REST routes (docs/protocol.md, "Notifications"):
// the VAPID public key, and a seat holder registering or removing a push subscription or an e-mail
// address. Abstract, so catan_net needs no link to catan_notify; the app passes the implementation
// (catan::notify::Service) in ServerOptions::notify (null: the routes answer 404).
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

namespace catan::notify {

struct Answer {
    int status = 200;
    nlohmann::json body;
    int retry_after = 0;  // seconds; set on a refusal by a rate limit (the Retry-After header)
};

class Registry {
public:
    virtual ~Registry() = default;
    // GET /api/push/key: {"public_key": <the VAPID public key, base64url>}.
    virtual Answer public_key() const = 0;
    // POST /api/rooms/{code}/notify and DELETE of the same, with the parsed JSON body; `remote`: the
    // client's "ip:port" (per-address limits). `done` is called exactly once, from any thread (the
    // store is read and written off the caller's thread); it must not block.
    virtual void subscribe(std::string code, nlohmann::json body, std::string remote, std::function<void(Answer)> done) = 0;
    virtual void unsubscribe(std::string code, nlohmann::json body, std::string remote, std::function<void(Answer)> done) = 0;
};

}  // namespace catan::notify
