#include "admin_routes.hpp"

#include <mutex>

#include <boost/asio/ip/address.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "catan/proto/error_json.hpp"
#include "catan/room/token_bucket.hpp"

namespace catan::net {

namespace {

using StringResponse = http::response<http::string_body>;

StringResponse json_answer(const Request& req, int status, const nlohmann::json& body) {
    StringResponse res{static_cast<http::status>(status), req.version()};
    res.set(http::field::server, "catan-server");
    res.set(http::field::content_type, "application/json");
    res.set(http::field::cache_control, "no-store");
    res.set("X-Content-Type-Options", "nosniff");
    res.keep_alive(req.keep_alive());
    std::string bytes = body.dump();
    const auto size = bytes.size();
    // An answer to HEAD has the headers of the body, not the body: bytes after them would be read as
    // the start of the next response on a kept-alive connection.
    if (req.method() != http::verb::head) res.body() = std::move(bytes);
    res.content_length(size);
    return res;
}

nlohmann::json error(std::string_view code, std::string message) {
    return proto::error_json(proto::ErrorReply{std::string(code), std::move(message), {}, {}});
}

// Every admin request of the process, answered or refused, spends one token: guessing the token
// (it has 256 bits anyway) or hammering the data file reads stays bounded.
bool admin_budget() {
    static std::mutex mutex;
    static room::TokenBucket bucket(10, 20);
    const std::lock_guard lock(mutex);
    return bucket.take();
}

// Whether `given` equals `secret`, in time that depends only on the secret's length.
bool same_secret(std::string_view given, std::string_view secret) {
    unsigned char differ = given.size() != secret.size() ? 1 : 0;
    for (std::size_t i = 0; i < secret.size(); ++i)
        differ |= static_cast<unsigned char>((i < given.size() ? given[i] : 0) ^ secret[i]);
    return differ == 0;
}

std::string_view bearer(std::string_view authorization) {
    constexpr std::string_view kScheme = "Bearer ";
    if (authorization.size() <= kScheme.size() || !beast::iequals(authorization.substr(0, kScheme.size()), kScheme)) return {};
    return authorization.substr(kScheme.size());
}

}  // namespace

bool is_loopback_peer(std::string_view remote) {
    std::string_view host = remote;
    if (host.starts_with('[')) {
        const auto close = host.find(']');
        if (close == std::string_view::npos) return false;
        host = host.substr(1, close - 1);
    } else if (const auto colon = host.rfind(':'); colon != std::string_view::npos && host.find(':') == colon) {
        host = host.substr(0, colon);  // IPv4 with its port
    }
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(std::string(host), ec);
    if (ec) return false;
    if (address.is_v6() && address.to_v6().is_v4_mapped())
        return asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6()).is_loopback();
    return address.is_loopback();
}

std::optional<http::message_generator> handle_admin(Gateway& gw, Request&& req, const Peer& peer, Respond respond) {
    const std::string_view target = req.target();
    const std::string_view path = target.substr(0, target.find_first_of("?#"));
    auto answer = [&](int status, const nlohmann::json& body) -> std::optional<http::message_generator> {
        spdlog::debug("[conn {} {}] {} {} -> {}", peer.id, peer.remote, std::string_view(req.method_string()), path, status);
        auto res = json_answer(req, status, body);
        if (status == 401) res.set(http::field::www_authenticate, "Bearer realm=\"catan-server admin\"");
        if (status == 429) res.set(http::field::retry_after, "1");
        if (gw.stopping) res.keep_alive(false);
        return http::message_generator(std::move(res));
    };
    if (!admin_budget()) return answer(429, error("rate_limited", "too many admin requests; try again in a second"));
    // The TCP peer itself: a proxy's X-Forwarded-For is never read here, so a request relayed by a
    // proxy on this machine carries the proxy's loopback address, and it still needs the token.
    if (!is_loopback_peer(peer.remote)) {
        spdlog::warn("[conn {} {}] admin request refused: not from this machine", peer.id, peer.remote);
        return answer(403, error("forbidden", "the admin endpoint answers only connections from this machine (loopback)"));
    }
    if (gw.options.admin_token.empty())
        return answer(404, error("not_found", "the admin endpoint is off on this server (it has no admin token file)"));
    // A proxy on this machine connects from loopback on behalf of a client elsewhere: what it relays
    // carries a forwarding header, and is never the operator's own tool.
    for (const std::string_view header : {"Forwarded", "X-Forwarded-For", "X-Real-IP", "X-Forwarded-Host"})
        if (req.find(header) != req.end())
            return answer(403, error("forbidden", "the admin endpoint does not answer requests relayed by a proxy (the request has " +
                                                      std::string(header) + "); run `catan-server rooms` on the server's machine"));
    if (!req[http::field::origin].empty())
        return answer(403, error("forbidden", "the admin endpoint does not answer browsers (the request has an Origin)"));
    if (!same_secret(bearer(req[http::field::authorization]), gw.options.admin_token)) {
        spdlog::warn("[conn {} {}] admin request refused: missing or wrong admin token", peer.id, peer.remote);
        return answer(401, error("unauthorized",
                                 "send the server's admin token as \"Authorization: Bearer <token>\"; the server writes it to "
                                 "its admin token file at start (docs/operating.md, \"Admin\")"));
    }

    constexpr std::string_view kRooms = "/admin/rooms";
    const bool get = req.method() == http::verb::get;
    if (path == kRooms) {
        if (!get) return answer(405, error("method_not_allowed", "GET only"));
        const auto result = gw.hub.admin_rooms();
        return answer(result.status, result.body);
    }
    if (path.starts_with(std::string(kRooms) + "/")) {
        std::string_view rest = path.substr(kRooms.size() + 1);
        const bool close = rest.ends_with("/close");
        if (close) rest.remove_suffix(std::string_view("/close").size());
        if (rest.empty() || rest.size() > 32 || rest.find('/') != std::string_view::npos)
            return answer(404, error("not_found", "no such admin endpoint"));
        if (!close) {
            if (!get) return answer(405, error("method_not_allowed", "GET only"));
            const auto result = gw.hub.admin_room(rest);
            return answer(result.status, result.body);
        }
        if (req.method() != http::verb::post) return answer(405, error("method_not_allowed", "POST only"));
        const std::string code(rest);  // `rest` points into the request, which moves next
        spdlog::info("[conn {} {}] admin: close room {}", peer.id, peer.remote, code);
        auto request = std::make_shared<Request>(std::move(req));
        gw.hub.admin_close(code, [respond, request](room::Hub::HttpResult result) {
            respond([request, result = std::move(result)]() -> http::message_generator {
                return json_answer(*request, result.status, result.body);
            });
        });
        return std::nullopt;
    }
    return answer(404, error("not_found", "no such admin endpoint; see docs/operating.md, \"Admin\""));
}

}  // namespace catan::net
