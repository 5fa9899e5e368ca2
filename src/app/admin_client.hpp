#pragma once
// Internal to the app layer: the few HTTP/1.1 requests `catan-server rooms` makes to a server's
// /admin endpoint on this machine, over a plain blocking socket (no Beast in the app layer).
#include <optional>
#include <string>

namespace catan::app {

struct AdminUrl {
    std::string host;  // a loopback address or "localhost"
    std::string port;
};

// "http://127.0.0.1:8080", "http://[::1]:9000", "http://localhost:8080" (a trailing "/" allowed).
// Nothing, with the reason in `why`, for another scheme or a host that is not this machine's loopback.
std::optional<AdminUrl> parse_admin_url(const std::string& url, std::string& why);

// The URL of a server started with --listen `listen` ("0.0.0.0:8080" -> "http://127.0.0.1:8080").
std::string admin_url_for_listen(const std::string& listen);

struct AdminReply {
    bool connected = false;  // false: nothing listens there (connection refused); see `error`
    bool reached = false;    // an HTTP answer came back (`status`, `body`); else see `error`
    int status = 0;
    std::string body;
    int retry_after = 0;  // seconds, from a Retry-After header (0: none)
    std::string error;
};

// One request with "Authorization: Bearer <token>"; waits at most 10 s for the whole answer. A 429
// (over the server's admin budget: nothing was done) is asked again after its Retry-After (1 to 5 s),
// three attempts in all.
AdminReply admin_request(const AdminUrl& url, const std::string& method, const std::string& path, const std::string& token);

}  // namespace catan::app
