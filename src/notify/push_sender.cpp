// One HTTP(S) POST to a push service (Beast), on the calling worker thread with an io_context of its
// own: resolve, refuse addresses a client must not make us reach, connect, TLS with the system's
// trust store and the host name checked, write, read the status. Every step is under one deadline.
#include "senders.hpp"

#include <optional>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <openssl/ssl.h>

namespace catan::notify::detail {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

struct Url {
    bool https = false;
    std::string host;  // without brackets
    std::string port;
    std::string target;
};

std::optional<Url> parse(std::string_view url) {
    Url u;
    if (url.starts_with("https://")) {
        u.https = true;
        url.remove_prefix(8);
    } else if (url.starts_with("http://")) {
        url.remove_prefix(7);
    } else {
        return std::nullopt;
    }
    const auto slash = url.find_first_of("/?#");
    std::string_view authority = url.substr(0, slash);
    u.target = slash == std::string_view::npos ? "/" : std::string(url.substr(slash));
    if (const auto hash = u.target.find('#'); hash != std::string::npos) u.target.resize(hash);
    if (u.target.empty() || u.target.front() != '/') u.target.insert(0, "/");
    if (authority.empty() || authority.find('@') != std::string_view::npos) return std::nullopt;
    if (authority.front() == '[') {
        const auto close = authority.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        u.host = std::string(authority.substr(1, close - 1));
        authority.remove_prefix(close + 1);
        if (!authority.empty() && authority.front() != ':') return std::nullopt;
        if (!authority.empty()) u.port = std::string(authority.substr(1));
    } else {
        const auto colon = authority.rfind(':');
        u.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos) u.port = std::string(authority.substr(colon + 1));
    }
    if (u.host.empty()) return std::nullopt;
    if (u.port.empty()) u.port = u.https ? "443" : "80";
    if (u.port.size() > 5 || u.port.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    return u;
}

// Loopback, private, link-local, shared (CGNAT), multicast, unspecified and reserved addresses: what
// a client could point the server at inside its own network. IPv4-mapped IPv6 as its IPv4.
bool public_address(const asio::ip::address& a) {
    if (a.is_v6()) {
        const auto v6 = a.to_v6();
        if (v6.is_v4_mapped()) return public_address(asio::ip::make_address_v4(asio::ip::v4_mapped, v6));
        const auto b = v6.to_bytes();
        if (v6.is_loopback() || v6.is_unspecified() || v6.is_link_local() || v6.is_site_local() || v6.is_multicast()) return false;
        if ((b[0] & 0xfe) == 0xfc) return false;  // fc00::/7 unique local
        return true;
    }
    const auto v = a.to_v4().to_uint();
    const auto in = [v](std::uint32_t net, int bits) { return (v >> (32 - bits)) == (net >> (32 - bits)); };
    return !(in(0x00000000, 8) || in(0x0a000000, 8) || in(0x64400000, 10) || in(0x7f000000, 8) || in(0xa9fe0000, 16) ||
             in(0xac100000, 12) || in(0xc0000000, 24) || in(0xc0a80000, 16) || in(0xc6120000, 15) || in(0xe0000000, 3));
}

// Runs the io_context until `done` or the deadline; false when the deadline passed.
bool run_until(asio::io_context& ioc, const bool& done, std::chrono::steady_clock::time_point deadline) {
    ioc.restart();
    while (!done) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) return false;
        if (ioc.run_one_for(deadline - now) == 0 && ioc.stopped()) return done;
    }
    return true;
}

template <class Stream>
HttpReply exchange(asio::io_context& ioc, Stream& stream, beast::tcp_stream& tcp, const Url& url, const HttpPost& request,
                   std::chrono::steady_clock::time_point deadline) {
    HttpReply reply;
    http::request<http::string_body> req{http::verb::post, url.target, 11};
    const bool default_port = url.port == (url.https ? "443" : "80");
    const bool v6 = url.host.find(':') != std::string::npos;
    req.set(http::field::host, (v6 ? "[" + url.host + "]" : url.host) + (default_port ? "" : ":" + url.port));
    req.set(http::field::user_agent, "catan-server");
    for (const auto& [name, value] : request.headers) req.set(name, value);
    req.body() = request.body;
    req.prepare_payload();
    req.keep_alive(false);

    bool done = false;
    beast::error_code result;
    tcp.expires_at(deadline);
    http::async_write(stream, req, [&](beast::error_code ec, std::size_t) {
        result = ec;
        done = true;
    });
    if (!run_until(ioc, done, deadline + std::chrono::seconds(1)) || result) {
        reply.error = "sending the request: " + (result ? result.message() : std::string("timed out"));
        return reply;
    }
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 * 1024);
    done = false;
    http::async_read(stream, buffer, parser, [&](beast::error_code ec, std::size_t) {
        result = ec;
        done = true;
    });
    if (!run_until(ioc, done, deadline + std::chrono::seconds(1)) || result) {
        reply.error = "reading the answer: " + (result ? result.message() : std::string("timed out"));
        return reply;
    }
    reply.status = static_cast<int>(parser.get().result_int());
    if (reply.status >= 400) reply.error = parser.get().body().substr(0, 200);
    return reply;
}

}  // namespace

HttpReply post(const HttpPost& request, std::chrono::seconds timeout, bool allow_insecure) {
    HttpReply reply;
    const auto url = parse(request.url);
    if (!url) {
        reply.refused = true;
        reply.error = "not an http(s) URL";
        return reply;
    }
    if (!allow_insecure && (!url->https || url->port != "443")) {
        reply.refused = true;
        reply.error = "push endpoints must be https on port 443";
        return reply;
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    asio::io_context ioc;
    tcp::resolver resolver(ioc);
    bool done = false;
    beast::error_code result;
    tcp::resolver::results_type found;
    resolver.async_resolve(url->host, url->port, [&](beast::error_code ec, tcp::resolver::results_type r) {
        result = ec;
        found = std::move(r);
        done = true;
    });
    if (!run_until(ioc, done, deadline)) {
        resolver.cancel();
        reply.error = "resolving " + url->host + ": timed out";
        return reply;
    }
    if (result) {
        reply.error = "resolving " + url->host + ": " + result.message();
        return reply;
    }
    std::vector<tcp::endpoint> endpoints;
    for (const auto& entry : found)
        if (allow_insecure || public_address(entry.endpoint().address())) endpoints.push_back(entry.endpoint());
    if (endpoints.empty()) {
        reply.refused = true;
        reply.error = url->host + " has no public address (loopback, private and link-local ones are refused)";
        return reply;
    }

    beast::tcp_stream tcp(ioc);
    tcp.expires_at(deadline);
    done = false;
    tcp.async_connect(endpoints, [&](beast::error_code ec, const tcp::endpoint&) {
        result = ec;
        done = true;
    });
    if (!run_until(ioc, done, deadline + std::chrono::seconds(1)) || result) {
        reply.error = "connecting to " + url->host + ": " + (result ? result.message() : std::string("timed out"));
        return reply;
    }
    if (!url->https) return exchange(ioc, tcp, tcp, *url, request, deadline);

    asio::ssl::context ctx(asio::ssl::context::tls_client);
    ctx.set_options(asio::ssl::context::no_sslv2 | asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                    asio::ssl::context::no_tlsv1_1);
    ctx.set_default_verify_paths();
    ctx.set_verify_mode(asio::ssl::verify_peer);
    beast::ssl_stream<beast::tcp_stream&> tls(tcp, ctx);
    tls.set_verify_callback(asio::ssl::host_name_verification(url->host));
    if (!SSL_set_tlsext_host_name(tls.native_handle(), url->host.c_str())) {
        reply.error = "TLS: cannot set the server name";
        return reply;
    }
    done = false;
    tls.async_handshake(asio::ssl::stream_base::client, [&](beast::error_code ec) {
        result = ec;
        done = true;
    });
    if (!run_until(ioc, done, deadline + std::chrono::seconds(1)) || result) {
        reply.error = "TLS with " + url->host + ": " + (result ? result.message() : std::string("timed out")) +
                      " (is the system's CA bundle installed: ca-certificates?)";
        return reply;
    }
    return exchange(ioc, tls, tcp, *url, request, deadline);
}

}  // namespace catan::notify::detail
