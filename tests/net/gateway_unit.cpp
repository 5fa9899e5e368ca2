// The gateway's pure decisions: request paths, content negotiation, Origin, rate limits, --listen.
#include <catch2/catch.hpp>

#include "catan/net/policy.hpp"
#include "catan/net/static_files.hpp"

std::span<const catan::net::EmbeddedFile> gateway_test_assets();  // tests/net/CMakeLists.txt

using namespace catan::net;

TEST_CASE("request paths normalise to a file under the root", "[net]") {
    CHECK(normalize_request_path("/") == "index.html");
    CHECK(normalize_request_path("/index.html") == "index.html");
    CHECK(normalize_request_path("/app.js?v=3") == "app.js");
    CHECK(normalize_request_path("/img/icon.svg#x") == "img/icon.svg");
    CHECK(normalize_request_path("//img///icon.svg") == "img/icon.svg");
    CHECK(normalize_request_path("/img/") == "img/index.html");
    CHECK(normalize_request_path("/a%20b.txt") == "a b.txt");
    CHECK(normalize_request_path("/%69ndex.html") == "index.html");
}

TEST_CASE("request paths that could leave the root are refused", "[net]") {
    for (const char* bad : {
             "/../secret.txt", "/..", "/a/../../secret.txt", "/a/..", "/./index.html", "/.",   // dot segments
             "/..%2fsecret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/.%2e/x",      // encoded
             "/a%2f..%2f..%2fsecret.txt", "/%2e%2e%5csecret.txt",                                // encoded slashes
             "/..\\secret.txt", "/a\\b", "/%5c..%5csecret.txt",                                  // backslashes
             "/index.html%00.js", "/a%00", "/a%0d%0aX: y", "/a%7f",                              // NUL, controls
             "/%252e%252e/secret.txt",                                                           // double encoding
             "/%zz", "/%2", "/abc%",                                                             // bad escapes
             "/.git/config", "/.env", "/img/.hidden",                                            // hidden
             "secret.txt", "http://evil/x", "*", "",                                             // not origin-form
             "/C:/windows",
         }) {
        INFO(bad);
        CHECK_FALSE(normalize_request_path(bad).has_value());
    }
    CHECK_FALSE(normalize_request_path(std::string("/a\0b", 4)).has_value());
}

TEST_CASE("MIME types and caching", "[net]") {
    CHECK(mime_type("index.html") == "text/html; charset=utf-8");
    CHECK(mime_type("a/b/app.JS") == "text/javascript; charset=utf-8");
    CHECK(mime_type("style.css") == "text/css; charset=utf-8");
    CHECK(mime_type("board.svg") == "image/svg+xml");
    CHECK(mime_type("x.png") == "image/png");
    CHECK(mime_type("x.woff2") == "font/woff2");
    CHECK(mime_type("x.json") == "application/json");
    CHECK(mime_type("x.wasm") == "application/wasm");
    CHECK(mime_type("noext") == "application/octet-stream");
    CHECK(mime_type("dir.d/noext") == "application/octet-stream");
    CHECK(compressible(mime_type("a.js")));
    CHECK(compressible(mime_type("a.svg")));
    CHECK_FALSE(compressible(mime_type("a.png")));
    CHECK(cache_control_for("index.html") == "no-cache");
    CHECK(cache_control_for("app.js") == "no-cache");
    CHECK(cache_control_for("css/app.css") == "no-cache");
    CHECK(cache_control_for("favicon.svg") == "public, max-age=300");
    CHECK(make_etag("a") != make_etag("b"));
    CHECK(make_etag("a").front() == '"');
}

TEST_CASE("Accept-Encoding and If-None-Match", "[net]") {
    CHECK(accepts_gzip("gzip"));
    CHECK(accepts_gzip("gzip, deflate, br"));
    CHECK(accepts_gzip("br;q=1.0, GZIP;q=0.5"));
    CHECK(accepts_gzip("*"));
    CHECK_FALSE(accepts_gzip(""));
    CHECK_FALSE(accepts_gzip("identity"));
    CHECK_FALSE(accepts_gzip("gzip;q=0"));
    CHECK_FALSE(accepts_gzip("gzip;q=0.000, *"));
    CHECK_FALSE(accepts_gzip("*;q=0"));
    CHECK(etag_matches("\"abc\"", "\"abc\""));
    CHECK(etag_matches("\"x\", W/\"abc\"", "\"abc\""));
    CHECK(etag_matches("*", "\"abc\""));
    CHECK_FALSE(etag_matches("\"abd\"", "\"abc\""));
    CHECK_FALSE(etag_matches("", "\"abc\""));
}

TEST_CASE("Origin check on the WebSocket upgrade", "[net]") {
    const std::vector<std::string> none;
    CHECK(origin_allowed("", "example.org", none));  // not a browser
    CHECK(origin_allowed("http://example.org:8080", "example.org:8080", none));
    CHECK(origin_allowed("https://Example.org", "example.org", none));
    CHECK(origin_allowed("http://example.org", "example.org:80", none));
    CHECK_FALSE(origin_allowed("http://evil.example", "example.org:8080", none));
    CHECK_FALSE(origin_allowed("http://example.org:9090", "example.org:8080", none));
    CHECK_FALSE(origin_allowed("http://example.org.evil.example", "example.org", none));
    CHECK_FALSE(origin_allowed("null", "example.org", none));
    CHECK_FALSE(origin_allowed("file://", "example.org", none));
    const std::vector<std::string> listed{"https://play.example.org/", "http://localhost:5173"};
    CHECK(origin_allowed("https://play.example.org", "internal:8080", listed));
    CHECK(origin_allowed("http://LOCALHOST:5173", "internal:8080", listed));
    CHECK_FALSE(origin_allowed("http://localhost:5174", "internal:8080", listed));
    CHECK(origin_allowed("http://anything", "internal:8080", {"*"}));
}

TEST_CASE("token bucket: 20 a second on average, bursts of 40", "[net]") {
    const auto t0 = std::chrono::steady_clock::time_point{} + std::chrono::hours(1);
    TokenBucket bucket(20, 40, t0);
    int taken = 0;
    for (int i = 0; i < 100; ++i) taken += bucket.take(t0);
    CHECK(taken == 40);
    CHECK_FALSE(bucket.take(t0 + std::chrono::milliseconds(10)));
    CHECK(bucket.take(t0 + std::chrono::milliseconds(60)));  // one token per 50 ms
    taken = 0;
    for (int i = 0; i < 100; ++i) taken += bucket.take(t0 + std::chrono::seconds(10));
    CHECK(taken == 40);  // never more than the burst saved up
}

TEST_CASE("listen addresses", "[net]") {
    auto a = parse_listen("0.0.0.0:8080");
    REQUIRE(a);
    CHECK(a->host == "0.0.0.0");
    CHECK(a->port == 8080);
    a = parse_listen("127.0.0.1:0");
    REQUIRE(a);
    CHECK(a->port == 0);
    a = parse_listen("[::1]:9000");
    REQUIRE(a);
    CHECK(a->host == "::1");
    CHECK(a->port == 9000);
    a = parse_listen(":80");
    REQUIRE(a);
    CHECK(a->host == "0.0.0.0");
    CHECK(parse_listen("localhost:8080")->host == "localhost");
    CHECK_FALSE(parse_listen("8080"));
    CHECK_FALSE(parse_listen("host:99999"));
    CHECK_FALSE(parse_listen("host:80x"));
    CHECK_FALSE(parse_listen("::1:80"));
    CHECK_FALSE(parse_listen("[::1]80"));
}

TEST_CASE("an error about a message carries the message's id", "[net]") {
    CHECK(message_id_json(R"({"v":1,"type":"chat","id":"a1"})") == "\"a1\"");
    CHECK(message_id_json(R"({"id":42})") == "42");
    CHECK(message_id_json(R"({"id":[1]})").empty());
    CHECK(message_id_json("not json").empty());
    CHECK(message_id_json(R"({"id":")" + std::string(65, 'x') + "\"}").empty());
}

TEST_CASE("embedded files are sorted, compressed where it helps, with ETags", "[net]") {
    StaticFiles files(gateway_test_assets());
    const auto index = files.find("index.html");
    REQUIRE(index);
    CHECK(index->mime == "text/html; charset=utf-8");
    CHECK(index->cache_control == "no-cache");
    const auto js = files.find("app.js");
    REQUIRE(js);
#ifdef CATAN_TEST_ZLIB
    CHECK_FALSE(js->gzip.empty());
    CHECK(js->gzip.size() < js->data.size() / 4);
#else
    CHECK(js->gzip.empty());
#endif
    const auto css = files.find("css/style.css");
    REQUIRE(css);
    CHECK(css->gzip.empty());  // too small to be worth it
    CHECK_FALSE(files.find(".hidden"));
    CHECK_FALSE(files.find("missing.js"));
}
