// libFuzzer target: bytes from a client's TCP connection, read the way HttpSession reads them (Beast's
// request_parser with the server's header and body limits, requests one after another on one
// connection), answered by handle_request on a Gateway over a memory-only Hub, or by
// parse_error_response when the parser refuses them. Every answer must serialise into a well-formed
// HTTP/1.1 response with a status that exists and a Content-Length that matches its body; a pending
// answer must arrive; a request without exactly the one Host HTTP/1.1 asks for gets 400 (or 414, for
// its target, which is checked first). "@ROOM@" in the input becomes the code of a room that exists,
// so the summary and replay endpoints are reached too.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <spdlog/spdlog.h>

#include "catan/games/catan.hpp"
#include "catan/room/metrics.hpp"
#include "fuzz_support.hpp"
#include "handle_request.hpp"
#include "room_executors.hpp"

using namespace catan;
using namespace catan::net;

namespace {

// The server's pieces, built once: rooms live on strands of an io_context that the target runs itself.
struct World {
    ServerOptions options;
    asio::io_context ioc;
    std::shared_ptr<room::Metrics> metrics = std::make_shared<room::Metrics>();
    std::unique_ptr<room::Hub> hub;
    std::shared_ptr<Gateway> gateway;
    std::string room_code;

    World() {
        spdlog::set_level(spdlog::level::off);
        game::register_module(games::catan_module());  // the hub's rooms host Catan, as catan-server's do
        options.hub.max_rooms = 256;  // rooms created by inputs accumulate: keep memory bounded
        hub = std::make_unique<room::Hub>(options.hub, strand_executors(ioc, std::make_shared<RoomTimers>()), metrics);
        gateway = std::make_shared<Gateway>(options, *hub, *metrics, StaticFiles(web_assets()), "");
        // Without a store the answer comes at once, before create_room returns.
        hub->create_room(nlohmann::json::object(), {},
                         [this](room::Hub::HttpResult r) { room_code = r.body.at("code").get<std::string>(); });
        ioc.poll();
    }
};

World& world() {
    static World w;
    return w;
}

// Serialises an answer as the session would write it, parses it back as a client would, and checks
// it; returns its status.
unsigned check_response(http::message_generator answer, bool head) {
    std::string wire;
    beast::error_code ec;
    while (!answer.is_done()) {
        const auto buffers = answer.prepare(ec);
        fuzz::check(!ec, "serialising a response failed");
        std::size_t n = 0;
        for (const auto& b : buffers) {
            wire.append(static_cast<const char*>(b.data()), b.size());
            n += b.size();
        }
        answer.consume(n);
    }
    http::response_parser<http::string_body> parser;
    parser.eager(true);
    parser.body_limit(64 * 1024 * 1024);
    if (head) parser.skip(true);
    const auto used = parser.put(asio::buffer(wire), ec);
    if (ec == http::error::need_more) parser.put_eof(ec);
    fuzz::check(!ec, "the response does not parse");
    fuzz::check(parser.is_done(), "the response is incomplete");
    fuzz::check(used == wire.size(), "bytes follow the response");
    const auto& res = parser.get();
    const unsigned status = res.result_int();
    fuzz::check(status >= 200 && status <= 599 && http::int_to_status(status) != http::status::unknown,
                "the response has an unknown status");
    fuzz::check(res.count(http::field::content_length) == 1 || status == 304, "the response has no Content-Length");
    if (!head && status != 304)
        fuzz::check(std::to_string(res.body().size()) == res[http::field::content_length],
                    "the Content-Length is not the body's size");
    fuzz::check(res[http::field::server] == "catan-server", "the response has no Server header");
    return status;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    World& w = world();
    std::string input(fuzz::as_text(data, size));
    for (auto at = input.find("@ROOM@"); at != std::string::npos; at = input.find("@ROOM@", at))
        input.replace(at, 6, w.room_code);

    std::string_view rest = input;
    for (int requests = 0; requests < 8; ++requests) {  // one connection: requests one after another
        http::request_parser<http::string_body> parser;
        parser.eager(true);
        parser.header_limit(static_cast<std::uint32_t>(w.options.max_header_bytes));
        parser.body_limit(w.options.max_body_bytes);
        beast::error_code ec;
        while (!ec && !parser.is_done() && !rest.empty()) {
            const auto used = parser.put(asio::buffer(rest.data(), rest.size()), ec);
            rest.remove_prefix(used);
            // It wants more than there is: the client stops sending. (Beast's parser must then be given
            // more bytes than it has seen, as a socket read does; handing it the same ones again trips
            // its assertions, e.g. in a chunk header: regressions/fuzz_http/chunk-header-need-more.)
            if (ec == http::error::need_more) break;
        }
        if (!parser.is_done()) {
            if (ec != http::error::need_more && ec) {
                auto answer = parse_error_response(*w.gateway, ec, !parser.get().target().empty());
                fuzz::check(answer.has_value() || ec == http::error::partial_message, "a parse error is not answered");
                if (answer) {
                    fuzz::check(!answer->keep_alive(), "the connection stays open after a parse error");
                    check_response(std::move(*answer), false);
                }
            }
            break;
        }
        auto request = parser.release();
        const bool head = request.method() == http::verb::head;
        // RFC 9112 3.2: an HTTP/1.1 request has exactly one Host, any request at most one.
        const auto hosts = request.count(http::field::host);
        const bool host_wrong = hosts > 1 || (hosts == 0 && request.version() >= 11);
        std::optional<http::message_generator> later;
        auto answer = handle_request(*w.gateway, std::move(request), Peer{1, "192.0.2.1:4000"},
                                     [&later](MakeResponse make) { later.emplace(make()); });
        if (!answer) {
            w.ioc.restart();
            while (!later && w.ioc.poll_one() > 0) {
            }
            fuzz::check(later.has_value(), "a pending answer never came");
            answer = std::move(later);
        }
        const bool keep_alive = answer->keep_alive();
        const unsigned status = check_response(std::move(*answer), head);
        fuzz::check(!host_wrong || status == 400 || status == 414, "a request without its one Host is answered");
        if (!keep_alive) break;
    }
    w.ioc.restart();
    w.ioc.poll();
    return 0;
}
