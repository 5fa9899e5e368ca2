// The gateway's HTTP side over real sockets: static files, path traversal, health, metrics, REST.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>

#include "gateway_support.hpp"

using namespace gateway_test;

namespace {

// A temporary directory tree: <tmp>/web/{index.html,sub/page.txt,.env,escape -> ../secret.txt} and
// <tmp>/secret.txt outside the web root.
struct DiskWeb {
    std::filesystem::path root;
    DiskWeb() {
        std::random_device rd;
        root = std::filesystem::temp_directory_path() / ("gateway_web_" + std::to_string(rd()));
        std::filesystem::create_directories(root / "web" / "sub");
        std::ofstream(root / "web" / "index.html") << "<!doctype html><title>disk</title>";
        std::ofstream(root / "web" / "sub" / "page.txt") << "page on disk";
        std::ofstream(root / "web" / ".env") << "SECRET=1";
        std::ofstream(root / "secret.txt") << "TOP SECRET";
        std::filesystem::create_symlink(root / "secret.txt", root / "web" / "escape.txt");
    }
    ~DiskWeb() {
        std::error_code ec;
        std::filesystem::remove_all(root, ec);
    }
};

const std::vector<std::string> kTraversals{
    "/../secret.txt",           "/..%2fsecret.txt",       "/%2e%2e/secret.txt",    "/%2e%2e%2fsecret.txt",
    "/sub/../../secret.txt",    "/sub/..%2f..%2fsecret.txt", "/..\\secret.txt",    "/%5c..%5csecret.txt",
    "/index.html%00.txt",       "/%252e%252e/secret.txt", "/.env",                 "/./index.html",
    "/sub/%2e%2e/%2e%2e/secret.txt",
};

}  // namespace

TEST_CASE("embedded files: MIME type, caching headers, gzip, ETag", "[net]") {
    TestServer s;
    SECTION("index.html is revalidated every time") {
        const auto r = get(s.port, "/");
        CHECK(r.status == 200);
        CHECK(r.header("content-type") == "text/html; charset=utf-8");
        CHECK(r.header("cache-control") == "no-cache");
        CHECK(r.header("x-content-type-options") == "nosniff");
        CHECK(r.body.find("gateway test page") != std::string::npos);
        CHECK(get(s.port, "/index.html").body == r.body);
    }
    SECTION("a script is revalidated every time and sent gzipped when the client accepts it") {
        const auto plain = get(s.port, "/app.js");
        CHECK(plain.status == 200);
        CHECK(plain.header("content-type") == "text/javascript; charset=utf-8");
        CHECK(plain.header("cache-control") == "no-cache");
#ifdef CATAN_TEST_ZLIB
        CHECK(plain.header("vary") == "Accept-Encoding");
#endif
        CHECK(plain.header("content-encoding").empty());
        CHECK(plain.body.size() > 5000);

        const auto gz = get(s.port, "/app.js", {{"Accept-Encoding", "gzip, deflate, br"}});
        CHECK(gz.status == 200);
#ifdef CATAN_TEST_ZLIB
        CHECK(gz.header("content-encoding") == "gzip");
        CHECK(gz.header("vary") == "Accept-Encoding");
        CHECK(gz.body.size() < plain.body.size() / 4);
        CHECK(gunzip(gz.body) == plain.body);
        CHECK(gz.header("etag") != plain.header("etag"));
#else
        CHECK(gz.header("content-encoding").empty());  // built without zlib: nothing compressed
#endif
        CHECK(get(s.port, "/app.js", {{"Accept-Encoding", "gzip;q=0"}}).header("content-encoding").empty());
    }
    SECTION("conditional requests") {
        const auto first = get(s.port, "/app.js");
        const auto etag = first.header("etag");
        REQUIRE_FALSE(etag.empty());
        const auto again = get(s.port, "/app.js", {{"If-None-Match", etag}});
        CHECK(again.status == 304);
        CHECK(again.body.empty());
        CHECK(again.header("etag") == etag);
        CHECK(get(s.port, "/app.js", {{"If-None-Match", "\"other\""}}).status == 200);
    }
    SECTION("other types; small files are not compressed") {
        const auto css = get(s.port, "/css/style.css", {{"Accept-Encoding", "gzip"}});
        CHECK(css.status == 200);
        CHECK(css.header("content-type") == "text/css; charset=utf-8");
        CHECK(css.header("content-encoding").empty());
        CHECK(get(s.port, "/img/icon.svg").header("content-type") == "image/svg+xml");
    }
    SECTION("HEAD has the headers and no body") {
        const auto r = http_request(s.port, Method::head, "/app.js");
        CHECK(r.status == 200);
        CHECK(r.body.empty());
        CHECK(std::stoul(r.header("content-length")) > 5000);
    }
    SECTION("a room's join URL serves the client") {
        const auto r = get(s.port, "/r/K7QX3");
        CHECK(r.status == 200);
        CHECK(r.header("content-type") == "text/html; charset=utf-8");
        CHECK(r.body == get(s.port, "/").body);
    }
    SECTION("missing files, wrong methods") {
        CHECK(get(s.port, "/missing.js").status == 404);
        CHECK(get(s.port, "/.hidden").status == 400);
        CHECK(http_request(s.port, Method::delete_, "/app.js").status == 405);
        CHECK(get(s.port, "/ws").status == 426);
    }
}

TEST_CASE("path traversal is refused, embedded and from disk", "[net]") {
    DiskWeb disk;
    auto options = test_options();
    SECTION("embedded") {
        TestServer s(options);
        for (const auto& target : kTraversals) {
            INFO(target);
            const auto r = get(s.port, target);
            CHECK((r.status == 400 || r.status == 404));
            CHECK(r.body.find("TOP SECRET") == std::string::npos);
        }
    }
    SECTION("from disk (--web-dir)") {
        options.web_dir = (disk.root / "web").string();
        TestServer s(options);
        const auto index = get(s.port, "/");
        CHECK(index.status == 200);
        CHECK(index.body.find("disk") != std::string::npos);
        CHECK(index.header("cache-control") == "no-cache");
        CHECK(get(s.port, "/sub/page.txt").body == "page on disk");
        for (const auto& target : kTraversals) {
            INFO(target);
            const auto r = get(s.port, target);
            CHECK((r.status == 400 || r.status == 404));
            CHECK(r.body.find("TOP SECRET") == std::string::npos);
            CHECK(r.body.find("SECRET=1") == std::string::npos);
        }
        // a symbolic link that leads out of the root
        const auto link = get(s.port, "/escape.txt");
        CHECK(link.status == 404);
        CHECK(link.body.find("TOP SECRET") == std::string::npos);
    }
    SECTION("absolute-form and other odd targets") {
        TestServer s(options);
        const auto r = raw_request(s.port, "GET http://127.0.0.1/../secret.txt HTTP/1.1\r\nHost: x\r\n\r\n");
        CHECK(r.rfind("HTTP/1.1 400", 0) == 0);
    }
}

TEST_CASE("health and metrics", "[net]") {
    TestServer s;
    const auto health = get(s.port, "/healthz");
    CHECK(health.status == 200);
    CHECK(health.body == "ok");

    const auto metrics = get(s.port, "/metrics");
    CHECK(metrics.status == 200);
    CHECK(metrics.header("content-type").rfind("text/plain; version=0.0.4", 0) == 0);
    // Prometheus text format: every sample line is `name{labels} value`, every family has TYPE.
    std::istringstream lines(metrics.body);
    std::string line;
    int samples = 0;
    while (std::getline(lines, line)) {
        if (line.empty() || line.rfind("# HELP ", 0) == 0 || line.rfind("# TYPE ", 0) == 0) continue;
        INFO(line);
        const auto space = line.rfind(' ');
        REQUIRE(space != std::string::npos);
        CHECK(line.rfind("catan_", 0) == 0);
        CHECK_NOTHROW(std::stod(line.substr(space + 1)));
        ++samples;
    }
    CHECK(samples > 5);
    for (const char* family : {"catan_rooms", "catan_connections", "catan_send_queue_drops_total",
                               "catan_frames_rejected_total", "catan_command_latency_seconds"})
        CHECK(metrics.body.find(std::string("# TYPE ") + family + " ") != std::string::npos);
}

TEST_CASE("HEAD to any endpoint has no body: the next answer on the connection starts clean", "[net][http]") {
    TestServer s;
    // The admin endpoint answers this test's server with 404 (no token file); its JSON body once
    // followed the headers of a HEAD answer, and a client read it as the start of the next response.
    for (const std::string target : {"/admin/rooms", "/admin/rooms/ABCDE", "/healthz", "/api/rules", "/metrics", "/app.js"}) {
        INFO(target);
        const auto wire = raw_exchange(s.port, "HEAD " + target + " HTTP/1.1\r\nHost: x\r\n\r\n" +
                                                   "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        const auto second = wire.find("\r\n\r\n");
        REQUIRE(second != std::string::npos);
        // Right after the first answer's headers comes the second answer's status line.
        CHECK(wire.substr(second + 4, 9) == "HTTP/1.1 ");
        CHECK(wire.ends_with("\r\n\r\nok"));
    }
}

TEST_CASE("REST: create a room, read its summary", "[net]") {
    TestServer s;
    const auto created = http_request(s.port, Method::post, "/api/rooms",
                                      {{"Content-Type", "application/json"}}, R"({"players":3,"vp_target":8})");
    REQUIRE(created.status == 201);
    CHECK(created.header("content-type") == "application/json");
    const auto body = nlohmann::json::parse(created.body);
    const std::string code = body.at("code");
    CHECK(code.size() == 5);
    CHECK(code.find_first_of("01IO") == std::string::npos);
    CHECK(body.at("url") == "http://127.0.0.1:" + std::to_string(s.port) + "/r/" + code);
    CHECK(body.at("host_key").is_string());

    const auto summary = get(s.port, "/api/rooms/" + code);
    CHECK(summary.status == 200);
    CHECK(summary.header("content-type") == "application/json");
    const auto j = nlohmann::json::parse(summary.body);
    CHECK(j.at("code") == code);
    CHECK(j.at("phase") == "lobby");

    const auto missing = get(s.port, "/api/rooms/ZZZZZ");
    CHECK(missing.status == 404);
    CHECK(nlohmann::json::parse(missing.body).at("code") == "no_such_room");

    SECTION("an empty body takes the defaults") {
        CHECK(http_request(s.port, Method::post, "/api/rooms").status == 201);
    }
    SECTION("bad bodies") {
        const auto bad = http_request(s.port, Method::post, "/api/rooms", {}, "{not json");
        CHECK(bad.status == 400);
        CHECK(nlohmann::json::parse(bad.body).at("code") == "malformed");
        CHECK(http_request(s.port, Method::post, "/api/rooms", {}, "[1,2]").status == 400);
        CHECK(http_request(s.port, Method::post, "/api/rooms", {}, R"({"players":9})").status == 400);
        CHECK(http_request(s.port, Method::post, "/api/rooms", {}, std::string(64 * 1024, ' ')).status == 413);
        // Deeper than any room options: refused while parsing, before anything walks it (docs/security.md).
        std::string deep = std::string(100, '[') + std::string(100, ']');
        const auto nested = http_request(s.port, Method::post, "/api/rooms", {}, R"({"players":)" + deep + "}");
        CHECK(nested.status == 400);
        CHECK(nlohmann::json::parse(nested.body).at("message") == "the request body is nested deeper than 64 levels");
    }
    SECTION("wrong method, unknown endpoint, foreign origin") {
        CHECK(get(s.port, "/api/rooms").status == 405);
        CHECK(get(s.port, "/api/nothing").status == 404);
        CHECK(http_request(s.port, Method::post, "/api/rooms", {{"Origin", "http://evil.example"}}, "{}").status == 403);
    }
}

TEST_CASE("the public URL, when given, makes the join URLs", "[net]") {
    auto options = test_options();
    options.hub.public_url = "https://catan.example.org";
    TestServer s(options);
    const auto created = http_request(s.port, Method::post, "/api/rooms", {}, "{}");
    REQUIRE(created.status == 201);
    const auto body = nlohmann::json::parse(created.body);
    CHECK(body.at("url") == "https://catan.example.org/r/" + body.at("code").get<std::string>());
}

namespace {

unsigned status_of(const std::string& response) {
    if (response.rfind("HTTP/1.1 ", 0) != 0 || response.size() < 12) return 0;
    return static_cast<unsigned>(std::stoul(response.substr(9, 3)));
}

std::string body_of(const std::string& response) {
    const auto end = response.find("\r\n\r\n");
    return end == std::string::npos ? std::string() : response.substr(end + 4);
}

}  // namespace

TEST_CASE("REST error bodies carry no url (rest.schema.json)", "[net][http]") {
    TestServer s;
    for (const auto& body : {std::string(R"({"players":9})"), std::string(R"({"nonsense":1})"), std::string("[1]")}) {
        INFO(body);
        const auto r = http_request(s.port, Method::post, "/api/rooms", {}, body);
        CHECK(r.status == 400);
        const auto j = nlohmann::json::parse(r.body);
        CHECK(j.contains("code"));
        CHECK(j.contains("message"));
        for (const auto& [key, value] : j.items()) {
            INFO(key);
            CHECK((key == "code" || key == "message" || key == "field"));
        }
    }
}

TEST_CASE("over-long request targets get 414 and over-long headers 431, with a short body", "[net][http]") {
    TestServer s;
    const std::string host = "Host: 127.0.0.1\r\n";
    SECTION("a target past the header limit") {
        const auto r = raw_exchange(s.port, "GET /" + std::string(20000, 'a') + " HTTP/1.1\r\n" + host + "\r\n");
        CHECK(status_of(r) == 414);
        CHECK_FALSE(body_of(r).empty());
        CHECK(body_of(r).size() < 200);
    }
    SECTION("a target within the header limit but over the target limit") {
        const auto r = raw_exchange(s.port, "GET /api/rooms/" + std::string(9000, 'A') + " HTTP/1.1\r\n" + host + "\r\n");
        CHECK(status_of(r) == 414);
    }
    SECTION("one long header") {
        const auto r = raw_exchange(s.port, "GET / HTTP/1.1\r\n" + host + "X-Long: " + std::string(20000, 'x') + "\r\n\r\n");
        CHECK(status_of(r) == 431);
        CHECK_FALSE(body_of(r).empty());
        CHECK(body_of(r).size() < 200);
    }
    SECTION("many headers") {
        std::string headers;
        for (int i = 0; i < 400; ++i) headers += "X-Header-" + std::to_string(i) + ": " + std::string(40, 'v') + "\r\n";
        const auto r = raw_exchange(s.port, "GET / HTTP/1.1\r\n" + host + headers + "\r\n");
        CHECK(status_of(r) == 431);
    }
    SECTION("within the limits") {
        const auto r = raw_exchange(s.port, "GET /healthz?" + std::string(4000, 'q') + " HTTP/1.1\r\n" + host +
                                                "Connection: close\r\n\r\n");
        CHECK(status_of(r) == 200);
    }
}

TEST_CASE("ambiguous request framing gets 400 and the connection closes", "[net][http]") {
    TestServer s;
    const std::string post = "POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n";
    const auto check_refused = [&](const std::string& framing, const std::string& body) {
        INFO(framing);
        const auto r = raw_exchange(s.port, post + framing + "\r\n" + body);
        CHECK(status_of(r) == 400);
        CHECK_FALSE(body_of(r).empty());
        CHECK(body_of(r).size() < 200);
        CHECK(r.find("Connection: close") != std::string::npos);
    };
    SECTION("Transfer-Encoding: xchunked") { check_refused("Transfer-Encoding: xchunked\r\n", "2\r\n{}\r\n0\r\n\r\n"); }
    SECTION("Transfer-Encoding: chunked, identity") {
        check_refused("Transfer-Encoding: chunked, identity\r\n", "2\r\n{}\r\n0\r\n\r\n");
    }
    SECTION("Transfer-Encoding: identity") { check_refused("Transfer-Encoding: identity\r\n", "{}"); }
    SECTION("Transfer-Encoding: gzip, chunked") { check_refused("Transfer-Encoding: gzip, chunked\r\n", "2\r\n{}\r\n0\r\n\r\n"); }
    SECTION("Content-Length: -1") { check_refused("Content-Length: -1\r\n", "{}"); }
    SECTION("Content-Length: 2^64") { check_refused("Content-Length: 18446744073709551616\r\n", "{}"); }
    SECTION("Content-Length and Transfer-Encoding together") {
        check_refused("Content-Length: 2\r\nTransfer-Encoding: chunked\r\n", "2\r\n{}\r\n0\r\n\r\n");
    }
    SECTION("two different Content-Lengths") { check_refused("Content-Length: 2\r\nContent-Length: 3\r\n", "{} "); }
    SECTION("a bad request line") {
        const auto r = raw_exchange(s.port, "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n");
        CHECK(status_of(r) == 400);
    }
    SECTION("chunked, as it should be, still works") {
        const auto r = raw_exchange(s.port, post + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
        CHECK(status_of(r) == 201);
    }
}
