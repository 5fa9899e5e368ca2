#include "admin_routes.hpp"

#include <mutex>
#include <optional>

#include <boost/asio/ip/address.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "catan/proto/error_json.hpp"
#include "catan/room/address_limiter.hpp"
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

// Why a request is refused, found with comparisons only: no budget is spent and nothing is read
// before the request is known to be the operator's.
struct Refusal {
    int status;
    nlohmann::json body;
    const char* log;  // the warning's reason, or nullptr for none
};

std::optional<Refusal> refusal_of(const Gateway& gw, const Request& req, const Peer& peer) {
    // The TCP peer itself: a proxy's X-Forwarded-For is never read here, so a request relayed by a
    // proxy on this machine carries the proxy's loopback address, and it still needs the token.
    if (!is_loopback_peer(peer.remote))
        return Refusal{403, error("forbidden", "the admin endpoint answers only connections from this machine (loopback)"),
                       "not from this machine"};
    if (gw.options.admin_token.empty())
        return Refusal{404, error("not_found", "the admin endpoint is off on this server (it has no admin token file)"), nullptr};
    // A proxy on this machine connects from loopback on behalf of a client elsewhere: what it relays
    // carries a forwarding header, and is never the operator's own tool.
    for (const std::string_view header : {"Forwarded", "X-Forwarded-For", "X-Real-IP", "X-Forwarded-Host"})
        if (req.find(header) != req.end())
            return Refusal{403,
                           error("forbidden", "the admin endpoint does not answer requests relayed by a proxy (the request has " +
                                                  std::string(header) + "); run `catan-server rooms` on the server's machine"),
                           nullptr};
    if (!req[http::field::origin].empty())
        return Refusal{403, error("forbidden", "the admin endpoint does not answer browsers (the request has an Origin)"), nullptr};
    if (!same_secret(bearer(req[http::field::authorization]), gw.options.admin_token))
        return Refusal{401,
                       error("unauthorized", "send the server's admin token as \"Authorization: Bearer <token>\"; the server writes it to "
                                             "its admin token file at start (docs/operating.md, \"Admin\")"),
                       "missing or wrong admin token"};
    return std::nullopt;
}

// A refused request spends its address's budget and the budget of all refused requests; the
// operator's own is left alone.
bool refused_budget(Gateway& gw, std::string_view remote) {
    auto& b = gw.admin_budgets;
    if (!b.refused_per_address.take(room::address_key(remote))) return false;
    const std::lock_guard lock(b.mutex);
    return b.refused_total.take();
}

bool operator_budget(Gateway& gw) {
    auto& b = gw.admin_budgets;
    const std::lock_guard lock(b.mutex);
    return b.operator_requests.take();
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
    // Authenticate first, then charge: refused requests spend budgets of their own, so a flood of
    // them (a proxy on this machine relays every stranger's) never spends the operator's.
    if (auto refused = refusal_of(gw, req, peer)) {
        if (!refused_budget(gw, peer.remote))
            return answer(429, error("rate_limited", "too many refused admin requests from this address; try again in a second"));
        if (refused->log) spdlog::warn("[conn {} {}] admin request refused: {}", peer.id, peer.remote, refused->log);
        return answer(refused->status, refused->body);
    }
    if (!operator_budget(gw))
        return answer(429, error("rate_limited", "too many admin requests with the admin token; try again in a second"));

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
