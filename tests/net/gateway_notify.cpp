// The notification routes over real HTTP: GET /api/push/key, POST and DELETE
// /api/rooms/{code}/notify with a real seat's token, bad input of every kind, and a push that reaches
// a real endpoint (tests/notify/push_endpoint.mjs decrypts it and checks the VAPID signature).
#include <catch2/catch.hpp>

#include "../notify/endpoints.hpp"
#include "../store/temp_dir.hpp"
#include "catan/notify/service.hpp"
#include "catan/store/notify_store.hpp"
#include "catan/store/store.hpp"
#include "gateway_support.hpp"

using namespace gateway_test;
using nlohmann::json;

namespace {

struct NotifyServer {
    catan::store::test::TempDir dir;
    std::filesystem::path pushes = dir.file("pushes.jsonl");
    notify_test::Child push{{"node", notify_test::script("push_endpoint.mjs"), pushes.string()}};
    std::string base = "http://127.0.0.1:" + std::to_string(push.ready()["port"].get<int>());
    std::shared_ptr<catan::notify::Service> service;
    std::shared_ptr<catan::store::Store> store;
    std::unique_ptr<TestServer> server;

    explicit NotifyServer(std::size_t per_seat = 5) {
        auto options = test_options();
        options.data_path = dir.file("catan.db").string();
        store = std::make_shared<catan::store::Store>(options.data_path);
        options.hub.store = store;
        catan::notify::ServiceOptions n;
        n.store = std::make_shared<catan::store::NotifyStore>(options.data_path);
        n.allow_insecure = true;
        n.max_push_per_seat = per_seat;
        service = std::make_shared<catan::notify::Service>(n);
        options.notify = service;
        options.hub.notifier = service;
        server = std::make_unique<TestServer>(options);
    }
    ~NotifyServer() { server.reset(); }  // before the service and the store

    json subscription(const std::string& path) const {
        return {{"endpoint", base + path}, {"keys", {{"p256dh", push.ready()["p256dh"]}, {"auth", push.ready()["auth"]}}}};
    }
    Response post(const std::string& code, const json& body, Method method = Method::post) {
        return http_request(server->port, method, "/api/rooms/" + code + "/notify", {{"Content-Type", "application/json"}}, body.dump());
    }
};

// A seat in a new room: its code and token.
std::pair<std::string, std::string> seat(std::uint16_t port, WsClient& ws) {
    REQUIRE(ws.connect(port) == 101);
    ws.send_json({{"v", 1}, {"type", "create_room"}, {"options", {{"players", 4}}}});
    const auto created = ws.read_type("room_created");
    REQUIRE(created);
    const std::string code = (*created)["code"];
    ws.send_json({{"v", 1}, {"type", "join"}, {"room", code}, {"name", "Ana"}, {"host_key", (*created)["host_key"]}});
    const auto welcome = ws.read_type("welcome");
    REQUIRE(welcome);
    return {code, (*welcome)["token"].get<std::string>()};
}

}  // namespace

TEST_CASE("notify routes: a seat holder subscribes with its token, gets its push, and unsubscribes", "[net][notify]") {
    NotifyServer s;
    WsClient ws;
    const auto [code, token] = seat(s.server->port, ws);
    s.store->flush();  // the seat is in the data file

    const auto key = get(s.server->port, "/api/push/key");
    REQUIRE(key.status == 200);
    const std::string public_key = json::parse(key.body)["public_key"];

    const auto added = s.post(code, {{"token", token}, {"push", s.subscription("/ok/ana")}, {"lang", "ko"}});
    REQUIRE(added.status == 200);
    CHECK(json::parse(added.body)["push"] == 1);
    CHECK(json::parse(added.body)["email_available"] == false);

    s.service->notify(code, 0, catan::notify::Kind::your_turn, "Ben played", "http://127.0.0.1/r/" + code);
    s.service->wait_idle();
    const auto got = notify_test::wait_records(s.pushes, 1);
    REQUIRE(got.size() == 1);
    CHECK(got[0]["vapid_ok"] == true);
    CHECK(got[0]["k"] == public_key);
    CHECK(json::parse(got[0]["plaintext"].get<std::string>())["title"] == "카탄: 당신의 차례입니다");

    const auto removed = s.post(code, {{"token", token}, {"endpoint", s.base + "/ok/ana"}}, Method::delete_);
    REQUIRE(removed.status == 200);
    CHECK(json::parse(removed.body)["push"] == 0);
}

TEST_CASE("notify routes: bad tokens, bad URLs, oversized and too many are refused, the server carries on", "[net][notify][bad-input]") {
    NotifyServer s(2);
    WsClient ws;
    const auto [code, token] = seat(s.server->port, ws);
    s.store->flush();
    const json sub = s.subscription("/ok/1");

    CHECK(s.post(code, {{"token", std::string(32, '0')}, {"push", sub}}).status == 403);  // bad token
    CHECK(s.post("ZZZZZ", {{"token", token}, {"push", sub}}).status == 403);               // not this room's
    CHECK(s.post(code, {{"push", sub}}).status == 400);                                    // no token
    json bad_url = sub;
    bad_url["endpoint"] = "javascript:alert(1)";
    CHECK(s.post(code, {{"token", token}, {"push", bad_url}}).status == 400);
    bad_url["endpoint"] = s.base + "/" + std::string(2000, 'x');
    const auto long_url = s.post(code, {{"token", token}, {"push", bad_url}});
    CHECK(long_url.status == 400);
    CHECK(json::parse(long_url.body)["code"] == "out_of_range");
    CHECK(s.post(code, {{"token", token}, {"email", "not an address"}}).status != 200);
    // Oversized: over the server's request body limit (16 KiB).
    const auto big = s.post(code, {{"token", token}, {"push", sub}, {"pad", std::string(20000, 'x')}});
    CHECK(big.status == 413);
    const auto malformed = http_request(s.server->port, Method::post, "/api/rooms/" + code + "/notify", {}, "{\"token\":");
    CHECK(malformed.status == 400);
    CHECK(json::parse(malformed.body)["code"] == "malformed");
    CHECK(get(s.server->port, "/api/rooms/" + code + "/notify").status == 405);
    CHECK(http_request(s.server->port, Method::post, "/api/rooms/" + code + "/notify", {{"Origin", "https://evil.example"}},
                       json{{"token", token}, {"push", sub}}.dump())
              .status == 403);

    // Too many: two browsers per seat here.
    CHECK(s.post(code, {{"token", token}, {"push", s.subscription("/ok/1")}}).status == 200);
    CHECK(s.post(code, {{"token", token}, {"push", s.subscription("/ok/2")}}).status == 200);
    const auto third = s.post(code, {{"token", token}, {"push", s.subscription("/ok/3")}});
    CHECK(third.status == 409);
    CHECK(json::parse(third.body)["code"] == "too_many");

    // The server carries on.
    CHECK(get(s.server->port, "/healthz").status == 200);
    ws.send_json({{"v", 1}, {"type", "ping"}});
    CHECK(ws.read_type("pong"));
}

TEST_CASE("notify routes: a server without notifications answers 404", "[net][notify]") {
    TestServer s;
    CHECK(get(s.port, "/api/push/key").status == 404);
    CHECK(http_request(s.port, Method::post, "/api/rooms/K7QX3/notify", {}, "{}").status == 404);
}
