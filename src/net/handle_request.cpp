// The answer to an HTTP request on the gateway's port: static files, REST, health, metrics, and the
// refusals of requests that are too long or could be read two ways.
#include "handle_request.hpp"
#include "admin_routes.hpp"
#include "shared_text_body.hpp"

#include <algorithm>
#include <cctype>

#include <boost/beast/core/string.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/span_body.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "catan/net/lan_addresses.hpp"
#include "catan/notify/registry.hpp"
#include "catan/proto/error_json.hpp"
#include "catan/proto/parse.hpp"
#include "catan/store/store.hpp"

namespace catan::net {

namespace {

using StringResponse = http::response<http::string_body>;

constexpr std::string_view kServer = "catan-server";

bool is_head(const Request& req) { return req.method() == http::verb::head; }

// The headers every answer carries.
template <class Response>
void standard_headers(Response& res, std::string_view type, std::string_view cache = "no-store") {
    res.set(http::field::server, kServer);
    res.set(http::field::content_type, type);
    res.set(http::field::cache_control, cache);
    res.set("X-Content-Type-Options", "nosniff");
}

StringResponse make_response(const Request& req, http::status status, std::string body, std::string_view type,
                             std::string_view cache = "no-store") {
    StringResponse res{status, req.version()};
    standard_headers(res, type, cache);
    res.keep_alive(req.keep_alive());
    const auto size = body.size();
    if (!is_head(req)) res.body() = std::move(body);
    res.content_length(size);
    return res;
}

StringResponse text(const Request& req, http::status status, std::string body) {
    return make_response(req, status, std::move(body), "text/plain; charset=utf-8");
}

StringResponse json(const Request& req, int status, const nlohmann::json& body) {
    return make_response(req, static_cast<http::status>(status), body.dump(), "application/json");
}

// A REST answer of the hub as JSON; a refusal by a rate limit says when to try again.
StringResponse json_result(const Request& req, const room::Hub::HttpResult& result) {
    auto res = json(req, result.status, result.body);
    if (result.retry_after > 0) res.set(http::field::retry_after, std::to_string(result.retry_after));
    return res;
}

// A body the hub serialised already (a replay record), written from the shared string itself.
http::response<SharedTextBody> record_response(const Request& req, const room::Hub::HttpResult& result) {
    http::response<SharedTextBody> res{static_cast<http::status>(result.status), req.version()};
    standard_headers(res, "application/json");
    res.keep_alive(req.keep_alive());
    if (result.retry_after > 0) res.set(http::field::retry_after, std::to_string(result.retry_after));
    if (!is_head(req)) res.body() = result.text;
    res.content_length(result.text->size());
    return res;
}

// A body that is the same for the server's lifetime (GET /api/rules, /api/boards/{id}): cacheable,
// with an ETag of its bytes, and 304 for a client that holds it already.
constexpr std::string_view kConstantCache = "public, max-age=3600";

template <class Send>
auto constant_response(const Request& req, const room::Hub::HttpResult& result, Send&& send) {
    const std::string etag = make_etag(*result.text);
    if (etag_matches(req[http::field::if_none_match], etag)) {
        http::response<http::empty_body> res{http::status::not_modified, req.version()};
        standard_headers(res, "application/json", kConstantCache);
        res.set(http::field::etag, etag);
        res.keep_alive(req.keep_alive());
        return send(std::move(res));
    }
    auto res = record_response(req, result);
    res.set(http::field::cache_control, kConstantCache);
    res.set(http::field::etag, etag);
    return send(std::move(res));
}

nlohmann::json error_body(std::string_view code, std::string_view message) {
    return proto::error_json(proto::ErrorReply{std::string(code), std::string(message), {}, {}});
}

// A Host header fit to go into a URL: a name or address, an optional port, nothing else.
bool plausible_host(std::string_view host) {
    if (host.empty() || host.size() > 255) return false;
    for (const char c : host)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == ':' || c == '[' || c == ']'))
            return false;
    return true;
}

// An answer to a request that could not be read: HTTP/1.1, and the connection closes after it.
http::message_generator refusal(http::status status, std::string body, bool head = false) {
    return closing_text(11, status, std::move(body), head);
}

// RFC 9112 6.1: a request's only transfer coding we understand is a single "chunked". Beast reads
// any other value (xchunked, "chunked, identity", gzip) as "no body", which is how a request
// smuggled behind a proxy that reads it otherwise would get through.
bool plain_chunked(std::string_view value) {
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    return beast::iequals(value, "chunked");
}

// RFC 9112 3.2: an HTTP/1.1 request has exactly one Host, any request at most one, and its value is
// uri-host [":" port] (RFC 3986: a name, an IPv4 address or an [IP literal]); empty is allowed.
// Answers built from the Host (join URLs, redirects) must not pick one of two, or take a value that
// is not a host. What is wrong, or nothing.
std::optional<std::string> host_problem(const Request& req) {
    const auto [first, end] = req.equal_range(http::field::host);
    if (first == end) {
        if (req.version() >= 11)
            return std::string("an HTTP/1.1 request needs a Host header (RFC 9112, section 3.2): send Host: "
                               "<the server's name>[:port]");
        return std::nullopt;  // HTTP/1.0 had no Host
    }
    if (std::next(first) != end)
        return std::string("the request has more than one Host header (RFC 9112, section 3.2): send exactly one");
    const std::string_view value = first->value();
    const auto allowed = [](char c) {
        // unreserved, sub-delims, pct-encoded, and the port's ':' and an IP literal's brackets
        return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("-._~!$&'()*+,;=%:[]").find(c) != std::string_view::npos;
    };
    if (value.size() > 255 || !std::all_of(value.begin(), value.end(), allowed))
        return std::string("the Host header is not a host name or address with an optional port (RFC 9112, section 3.2)");
    return std::nullopt;
}

// The gateway's own counters, after the room layer's in /metrics.
std::string gateway_metrics(const Gateway& gw) {
    const auto count = [](const std::atomic<std::uint64_t>& n) { return std::to_string(n.load(std::memory_order_relaxed)); };
    return "# HELP catan_tls_handshake_failures_total TLS handshakes that failed or timed out (plain HTTP on the TLS "
           "port counts too)\n# TYPE catan_tls_handshake_failures_total counter\ncatan_tls_handshake_failures_total " +
           count(gw.tls_handshake_failures) +
           "\n# HELP catan_tls_reloads_total Certificate reloads on SIGHUP, by result\n"
           "# TYPE catan_tls_reloads_total counter\ncatan_tls_reloads_total{result=\"ok\"} " +
           count(gw.tls_reloads) + "\ncatan_tls_reloads_total{result=\"failed\"} " + count(gw.tls_reload_failures) +
           "\n# HELP catan_tls_handshakes_refused_total TLS connections closed at accept, before any handshake, over the "
           "handshake rate of their address or of the whole server\n# TYPE catan_tls_handshakes_refused_total counter\n"
           "catan_tls_handshakes_refused_total{limit=\"address\"} " +
           count(gw.tls_handshakes_refused_address) + "\ncatan_tls_handshakes_refused_total{limit=\"total\"} " +
           count(gw.tls_handshakes_refused_total) + "\n";
}

// GET /api/server: where friends can reach this server (docs/protocol.md, "Server addresses").
nlohmann::json server_addresses(const Gateway& gw) {
    return {{"public_url", gw.public_url.empty() ? nlohmann::json(nullptr) : nlohmann::json(gw.public_url)},
            {"lan_urls", lan_urls(gw.listen_host, gw.listen_port, interface_addresses())},
            {"loopback_only", loopback_listen(gw.listen_host)}};
}

std::string forwarded_metrics(const Gateway& gw) {
    return "# HELP catan_forwarded_requests_total Requests and WebSockets whose client a trusted proxy named (X-Forwarded-For).\n"
           "# TYPE catan_forwarded_requests_total counter\n"
           "catan_forwarded_requests_total " + std::to_string(gw.forwarded_requests.load()) + "\n"
           "# HELP catan_forwarded_malformed_total Requests from a trusted proxy whose X-Forwarded-For or -Proto could not be read (the proxy's address was used).\n"
           "# TYPE catan_forwarded_malformed_total counter\n"
           "catan_forwarded_malformed_total " + std::to_string(gw.forwarded_malformed.load()) + "\n";
}

}  // namespace

http::message_generator redirect_to_https(const Gateway& gw, const Request& req) {
    // Where to: --public-url when it is an https URL, else the Host the client asked for, on the
    // HTTPS port. The path and query go along; anything else (an absolute-form target) becomes "/".
    const std::string_view target = req.target();
    const std::string path = !target.empty() && target.front() == '/' ? std::string(target) : "/";
    std::string base;
    if (gw.public_url.starts_with("https://")) {
        base = gw.public_url;
    } else {
        std::string_view host = req[http::field::host];
        if (!plausible_host(host))
            return closing_text(req.version(), http::status::bad_request,
                                "this address only redirects to https: send a Host header with the server's name\n",
                                is_head(req));
        // Drop the port the client used for plain HTTP ("[::1]:80" keeps its brackets).
        const auto colon = host.rfind(':');
        if (colon != std::string_view::npos && host.find(']', colon) == std::string_view::npos) host = host.substr(0, colon);
        const auto port = gw.https_port.load();
        base = "https://" + std::string(host) + (port == 443 ? "" : ":" + std::to_string(port));
    }
    const std::string location = base + path;
    StringResponse res{http::status::permanent_redirect, req.version()};
    standard_headers(res, "text/plain; charset=utf-8");
    res.set(http::field::location, location);
    res.keep_alive(false);
    const std::string body = "moved to " + location + "\n";
    if (!is_head(req)) res.body() = body;
    res.content_length(body.size());
    return res;
}

ForwardedClient Gateway::client_of(std::string_view peer, const http::request<http::string_body>& request) {
    if (trusted_proxies.empty()) return {std::string(peer)};
    std::vector<std::string_view> forwarded_for;
    for (auto [it, end] = request.equal_range("X-Forwarded-For"); it != end; ++it) forwarded_for.push_back(it->value());
    auto client = resolve_client(trusted_proxies, peer, forwarded_for, request["X-Forwarded-Proto"]);
    if (client.forwarded) forwarded_requests.fetch_add(1, std::memory_order_relaxed);
    if (client.malformed) {
        forwarded_malformed.fetch_add(1, std::memory_order_relaxed);
        spdlog::debug("[{}] unreadable X-Forwarded-For '{}' or X-Forwarded-Proto '{}' from a trusted proxy: the proxy's address is used",
                      peer, forwarded_for.empty() ? std::string_view() : forwarded_for.front().substr(0, 200),
                      request["X-Forwarded-Proto"].substr(0, 50));
    }
    return client;
}

std::string_view path_of(std::string_view target) { return target.substr(0, target.find_first_of("?#")); }

http::message_generator closing_text(unsigned version, http::status status, std::string body, bool head) {
    StringResponse res{status, version};
    standard_headers(res, "text/plain; charset=utf-8");
    res.keep_alive(false);
    const auto size = body.size();
    if (!head) res.body() = std::move(body);  // an answer to HEAD has the headers of the body, not the body
    res.content_length(size);
    return res;
}

std::optional<http::message_generator> handle_request(Gateway& gateway, Request&& req, const Peer& peer,
                                                      Respond respond) {
    if (auto refused = refuse_malformed(gateway, req)) return refused;
    // The branches below were the session's member function; these keep their log lines as they were.
    const std::uint64_t id_ = peer.id;
    const std::string_view remote_ = peer.remote;
    const std::string_view target = req.target();
    const std::string_view path = path_of(target);
    const auto method = req.method();
    const bool get = method == http::verb::get || method == http::verb::head;
    auto& gw = gateway;
    // A response ready now; while the server stops, every connection closes after its answer.
    auto send = [&gw](auto&& response) -> std::optional<http::message_generator> {
        auto res = std::forward<decltype(response)>(response);
        if (gw.stopping) res.keep_alive(false);
        if (gw.tls() && gw.options.hsts_max_age.count() > 0)
            res.set(http::field::strict_transport_security, "max-age=" + std::to_string(gw.options.hsts_max_age.count()));
        return http::message_generator(std::move(res));
    };

    auto refuse_method = [&](std::string_view allow) {
        auto res = text(req, http::status::method_not_allowed, "method not allowed\n");
        res.set(http::field::allow, allow);
        return send(std::move(res));
    };
    auto log_request = [&](unsigned status) {
        spdlog::debug("[conn {} {}] {} {} -> {}", id_, remote_, std::string_view(req.method_string()), target, status);
    };

    if (path == "/healthz") {
        if (!get) return refuse_method("GET, HEAD");
        // A server whose data file refuses writes cannot keep a game: say so, for the load balancer and the operator.
        if (const auto& store = gw.options.hub.store)
            if (const auto health = store->health(); health.failing) {
                log_request(503);
                return send(text(req, http::status::service_unavailable,
                                 "store failing: " + store->path() + " refuses writes (" + health.problem +
                                     "); rooms that could not save were closed. Free disk space or fix the file, see the server log\n"));
            }
        log_request(200);
        return send(text(req, http::status::ok, "ok"));
    }
    if (path == "/metrics") {
        if (!get) return refuse_method("GET, HEAD");
        log_request(200);
        return send(make_response(req, http::status::ok, gw.metrics.prometheus() + gateway_metrics(gw) + forwarded_metrics(gw),
                                  "text/plain; version=0.0.4; charset=utf-8"));
    }
    if (path == "/admin" || path.starts_with("/admin/")) return handle_admin(gw, std::move(req), peer, std::move(respond));
    if (path == "/ws") {
        auto res = text(req, http::status::upgrade_required, "this is a WebSocket endpoint\n");
        res.set(http::field::upgrade, "websocket");
        return send(std::move(res));
    }
    if (path == "/api/rooms") {
        if (method != http::verb::post) return refuse_method("POST");
        if (!origin_allowed(req[http::field::origin], req[http::field::host], gw.options.allowed_origins)) {
            gw.metrics.frame_rejected();
            return send(text(req, http::status::forbidden, "origin not allowed\n"));
        }
        nlohmann::json options = nlohmann::json::object();
        const auto& body = req.body();
        if (body.find_first_not_of(" \t\r\n") != std::string::npos) {
            bool too_deep = false;
            options = proto::parse_untrusted(body, &too_deep);
            if (options.is_discarded())
                return send(json(req, 400, error_body("malformed", too_deep ? "the request body is nested deeper than 64 levels"
                                                                            : "the request body is not valid JSON")));
            if (!options.is_object())
                return send(json(req, 400, error_body("wrong_type", "the request body must be a JSON object")));
        }
        // The answer comes from the store's commit (this thread goes on meanwhile), back on this strand.
        auto request = std::make_shared<Request>(std::move(req));
        const auto created = [respond, request, id_, remote = std::string(remote_), public_url = gw.public_url,
                              scheme = std::string(gw.tls() || peer.https ? "https://" : "http://")](
                                 room::Hub::HttpResult result) {
            respond([request, id_, remote, public_url, scheme, result = std::move(result)]() mutable -> http::message_generator {
                const Request& req = *request;
                // Without --public-url the join URL uses the address the client reached us by (and the
                // scheme, which a trusted proxy's X-Forwarded-Proto tells).
                if (public_url.empty() && result.status == 201 && result.body.is_object() && result.body.contains("code") &&
                    result.body["code"].is_string() && plausible_host(req[http::field::host]))
                    result.body["url"] =
                        scheme + std::string(req[http::field::host]) + "/r/" + result.body["code"].get<std::string>();
                if (result.status == 201 && result.body.is_object() && result.body.contains("code"))
                    spdlog::info("[conn {} {}] room {} created over HTTP", id_, remote, result.body["code"].get<std::string>());
                spdlog::debug("[conn {} {}] POST {} -> {}", id_, remote, std::string_view(req.target()), result.status);
                return json_result(req, result);
            });
        };
        try {
            gw.hub.create_room(options, remote_, created);
        } catch (const std::exception& e) {
            spdlog::error("[conn {} {}] create_room failed: {}", id_, remote_, e.what());
            return send(text(*request, http::status::internal_server_error, "internal error\n"));
        }
        return std::nullopt;
    }
    if (path == "/api/server") {
        if (!get) return refuse_method("GET, HEAD");
        log_request(200);
        return send(json(req, 200, server_addresses(gw)));
    }
    if (path == "/api/rules" || path.starts_with("/api/boards/")) {
        if (!get) return refuse_method("GET, HEAD");
        // Constant bodies the hub made once: no budget to spend (a lookup costs nothing).
        const auto result = path == "/api/rules" ? gw.hub.rules() : gw.hub.board(path.substr(std::string_view("/api/boards/").size()));
        log_request(static_cast<unsigned>(result.status));
        if (!result.text) return send(json_result(req, result));
        return constant_response(req, result, send);
    }
    if (path == "/api/push/key") {
        if (!get) return refuse_method("GET, HEAD");
        if (!gw.options.notify) return send(text(req, http::status::not_found, "no such endpoint\n"));
        const auto answer = gw.options.notify->public_key();
        log_request(static_cast<unsigned>(answer.status));
        return send(json(req, answer.status, answer.body));
    }
    if (path.starts_with("/api/rooms/") && path.ends_with("/notify")) {
        // A seat holder registers or removes a push subscription or an e-mail address (docs/protocol.md,
        // "Notifications"); the notify service checks the token and keeps it, off this thread.
        const bool add = method == http::verb::post;
        if (!add && method != http::verb::delete_) return refuse_method("POST, DELETE");
        if (!gw.options.notify) return send(text(req, http::status::not_found, "no such endpoint\n"));
        if (!origin_allowed(req[http::field::origin], req[http::field::host], gw.options.allowed_origins)) {
            gw.metrics.frame_rejected();
            return send(text(req, http::status::forbidden, "origin not allowed\n"));
        }
        const auto code = path.substr(std::string_view("/api/rooms/").size(),
                                      path.size() - std::string_view("/api/rooms/").size() - std::string_view("/notify").size());
        if (code.empty() || code.size() > 32 || code.find('/') != std::string_view::npos)
            return send(json(req, 404, error_body("no_such_room", "no such room")));
        bool too_deep = false;
        nlohmann::json body = proto::parse_untrusted(req.body(), &too_deep);
        if (body.is_discarded())
            return send(json(req, 400, error_body("malformed", too_deep ? "the request body is nested deeper than 64 levels"
                                                                        : "the request body is not valid JSON")));
        const std::string room_code(code);  // `code` points into the request, which moves next
        auto request = std::make_shared<Request>(std::move(req));
        auto done = [respond, request, id_, remote = std::string(remote_)](notify::Answer answer) {
            respond([request, id_, remote, answer = std::move(answer)]() -> http::message_generator {
                spdlog::debug("[conn {} {}] {} {} -> {}", id_, remote, std::string_view(request->method_string()),
                              std::string_view(request->target()), answer.status);
                auto res = json(*request, answer.status, answer.body);
                if (answer.retry_after > 0) res.set(http::field::retry_after, std::to_string(answer.retry_after));
                return res;
            });
        };
        if (add) gw.options.notify->subscribe(room_code, std::move(body), std::string(remote_), std::move(done));
        else gw.options.notify->unsubscribe(room_code, std::move(body), std::string(remote_), std::move(done));
        return std::nullopt;
    }
    if (path.starts_with("/api/rooms/") && path.ends_with("/replay")) {
        if (!get) return refuse_method("GET, HEAD");
        const auto code = path.substr(std::string_view("/api/rooms/").size(),
                                      path.size() - std::string_view("/api/rooms/").size() - std::string_view("/replay").size());
        if (code.empty() || code.size() > 32 || code.find('/') != std::string_view::npos)
            return send(json(req, 404, error_body("no_such_room", "no such room")));
        // A worker builds the record; the answer comes back to this connection's strand.
        const std::string room_code(code);  // `code` points into the request, which moves next
        auto request = std::make_shared<Request>(std::move(req));
        gw.hub.room_replay(room_code, remote_, [respond, request, id_, remote = std::string(remote_)](room::Hub::HttpResult result) {
            respond([request, id_, remote, result = std::move(result)]() -> http::message_generator {
                spdlog::debug("[conn {} {}] GET {} -> {}", id_, remote, std::string_view(request->target()), result.status);
                if (result.status == 500) return text(*request, http::status::internal_server_error, "internal error\n");
                if (result.text) return record_response(*request, result);
                return json_result(*request, result);
            });
        });
        return std::nullopt;
    }
    if (path.starts_with("/api/rooms/")) {
        if (!get) return refuse_method("GET, HEAD");
        const auto code = path.substr(std::string_view("/api/rooms/").size());
        if (code.empty() || code.size() > 32 || code.find('/') != std::string_view::npos)
            return send(json(req, 404, error_body("no_such_room", "no such room")));
        room::Hub::HttpResult result;
        try {
            result = gw.hub.room_summary(code, remote_);
        } catch (const std::exception& e) {
            spdlog::error("[conn {} {}] room_summary failed: {}", id_, remote_, e.what());
            return send(text(req, http::status::internal_server_error, "internal error\n"));
        }
        log_request(static_cast<unsigned>(result.status));
        return send(json_result(req, result));
    }
    if (path.starts_with("/api/") || path == "/api") {
        return send(text(req, http::status::not_found, "no such endpoint\n"));
    }

    // Static files; a room's join URL /r/{code} is the client's entry page.
    if (!get) return refuse_method("GET, HEAD");
    std::optional<std::string> file;
    if (path.starts_with("/r/")) {
        auto code = path.substr(3);
        if (code.ends_with('/')) code.remove_suffix(1);
        if (!code.empty() && code.size() <= 32 && code.find('/') == std::string_view::npos) file = "index.html";
    } else {
        file = normalize_request_path(target);
        if (!file) {
            spdlog::info("[conn {} {}] refused path {}", id_, remote_, target.substr(0, 200));
            log_request(400);
            return send(text(req, http::status::bad_request, "bad path\n"));
        }
    }
    std::optional<Asset> asset;
    if (file) asset = gw.files.find(*file);
    if (!asset) {
        log_request(404);
        return send(text(req, http::status::not_found, "not found\n"));
    }

    const bool gzip = !asset->gzip.empty() && accepts_gzip(req[http::field::accept_encoding]);
    std::string etag = asset->etag;
    if (gzip && etag.size() >= 2) etag.insert(etag.size() - 1, "-gz");
    auto set_headers = [&](auto& res) {
        standard_headers(res, asset->mime, asset->cache_control);
        res.set(http::field::etag, etag);
        if (!asset->gzip.empty()) res.set(http::field::vary, "Accept-Encoding");
        res.keep_alive(req.keep_alive());
    };
    if (etag_matches(req[http::field::if_none_match], etag)) {
        http::response<http::empty_body> res{http::status::not_modified, req.version()};
        set_headers(res);
        log_request(304);
        return send(std::move(res));
    }
    const std::string_view bytes = gzip ? asset->gzip : asset->data;
    log_request(200);
    if (asset->owned) {  // a file read from disk (development): the response keeps its own copy
        StringResponse res{http::status::ok, req.version()};
        set_headers(res);
        if (!is_head(req)) res.body() = std::string(bytes);
        res.content_length(bytes.size());
        return send(std::move(res));
    }
    http::response<http::span_body<const char>> res{http::status::ok, req.version()};
    set_headers(res);
    if (gzip) res.set(http::field::content_encoding, "gzip");
    if (!is_head(req)) res.body() = http::span_body<const char>::value_type(bytes.data(), bytes.size());
    res.content_length(bytes.size());
    return send(std::move(res));
}


std::optional<http::message_generator> refuse_malformed(const Gateway& gateway, const Request& request) {
    if (request.target().size() > gateway.options.max_target_bytes)
        return refusal(http::status::uri_too_long, "the request target is longer than " +
                                                        std::to_string(gateway.options.max_target_bytes) +
                                                        " bytes: shorten it\n",
                       is_head(request));
    if (const auto host = host_problem(request))
        return refusal(http::status::bad_request, "bad request: " + *host + "\n", is_head(request));
    const auto codings = request.equal_range(http::field::transfer_encoding);
    if (codings.first != codings.second &&
        (std::next(codings.first) != codings.second || !plain_chunked(codings.first->value())))
        return refusal(http::status::bad_request, "bad request: the only Transfer-Encoding accepted is chunked\n",
                       is_head(request));
    return std::nullopt;
}

std::optional<http::message_generator> parse_error_response(const Gateway& gateway, beast::error_code ec,
                                                            bool request_line_complete) {
    if (ec.category() != make_error_code(http::error::bad_target).category()) return std::nullopt;
    switch (static_cast<http::error>(ec.value())) {
    case http::error::end_of_stream:
    case http::error::partial_message:  // the client went away in the middle: nobody to answer
    case http::error::need_more:
    case http::error::need_buffer:
    case http::error::stale_parser:
        return std::nullopt;
    case http::error::header_limit:
        if (!request_line_complete)
            return refusal(http::status::uri_too_long, "the request target is longer than " +
                                                            std::to_string(gateway.options.max_target_bytes) +
                                                            " bytes: shorten it\n");
        return refusal(http::status::request_header_fields_too_large,
                       "the request headers are larger than " + std::to_string(gateway.options.max_header_bytes) +
                           " bytes: send fewer or shorter ones\n");
    case http::error::body_limit: {
        StringResponse res{http::status::payload_too_large, 11};
        standard_headers(res, "application/json");
        res.keep_alive(false);
        res.body() = error_body("out_of_range", "the request body is too large").dump();
        res.prepare_payload();
        return res;
    }
    case http::error::bad_content_length:
    case http::error::multiple_content_length:
        return refusal(http::status::bad_request, "bad request: Content-Length must be one decimal number\n");
    case http::error::bad_transfer_encoding:
        return refusal(http::status::bad_request,
                       "bad request: one Transfer-Encoding: chunked, and not with Content-Length\n");
    default:
        return refusal(http::status::bad_request, "bad request: " + ec.message() + "\n");
    }
}

}  // namespace catan::net
