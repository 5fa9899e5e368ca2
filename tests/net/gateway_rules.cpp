// GET /api/rules and GET /api/boards/{id} over real sockets: the bodies are what rooms say (a snapshot's
// topology and its rules block, doc.room.limits) for each board, cacheable with an ETag that a client
// revalidates (304), HEAD without a body, other methods refused, and an unknown board a JSON 404.
#include <catch2/catch.hpp>

#include "gateway_support.hpp"

using namespace gateway_test;
using nlohmann::json;

namespace {

// The snapshot a host's connection gets after the room's `players` option is set to `players`.
json snapshot_with(WsClient& ws, int players) {
    ws.send_json({{"v", 1}, {"type", "set_options"}, {"options", {{"players", players}}}});
    for (int i = 0; i < 10; ++i) {
        const auto m = ws.read_type("snapshot");
        if (!m) break;
        if (m->contains("topology") && (*m)["doc"]["room"]["options"]["players"] == players) return *m;
    }
    return {};
}

}  // namespace

TEST_CASE("rules: GET /api/rules and /api/boards/{id} are what the rooms say, for every board", "[net][rules]") {
    TestServer s;
    WsClient ws;
    REQUIRE(ws.connect(s.port) == 101);
    create_and_join(ws, "Ana");
    const auto first = ws.read_type("snapshot");
    REQUIRE(first);
    REQUIRE(first->contains("topology"));

    const auto rules = get(s.port, "/api/rules");
    REQUIRE(rules.status == 200);
    CHECK(rules.header("content-type") == "application/json");
    CHECK(rules.header("cache-control").find("max-age=") != std::string::npos);
    const json body = json::parse(rules.body);
    CHECK(body["v"] == 1);
    CHECK(body["limits"] == (*first)["doc"]["room"]["limits"]);
    // The base and 5–6 boards, and each Seafarers scenario's board for 3 and 4 players, New Shores' and The
    // New World's for 5 and 6 too (R-SF1).
    CHECK(body["boards"].size() == 16);
    for (const char* id : {"base", "large", "new_shores-3", "new_shores-4", "new_shores-5", "new_shores-6", "four_islands-3", "four_islands-4",
                           "fog_islands-3", "fog_islands-4", "through_the_desert-3", "through_the_desert-4", "new_world-3", "new_world-4",
                           "new_world-5", "new_world-6"})
        CHECK(body["boards"].contains(id));
    CHECK(body["boards"]["new_shores-4"]["board"] == "sea");
    CHECK(body["boards"]["new_shores-5"]["board"] == "sea_large");
    CHECK(body["boards"]["new_world-6"]["board"] == "sea_large");

    // The base board of a 4-seat lobby, the large one once the host sets 5 players (R-X1).
    const json large = snapshot_with(ws, 5);
    REQUIRE(large.contains("topology"));
    for (const json* snap : {&*first, &large}) {
        const json& topology = (*snap)["topology"];
        const std::string id = topology["rules"]["board"];
        INFO("board " << id);
        CHECK(body["boards"][id] == topology["rules"]);
        const auto board = get(s.port, "/api/boards/" + id);
        REQUIRE(board.status == 200);
        CHECK(json::parse(board.body) == topology);
        CHECK(board.header("cache-control").find("max-age=") != std::string::npos);
        const std::string etag = board.header("etag");
        REQUIRE(etag.size() > 2);
        // A client holding it revalidates for nothing, and HEAD has the headers without the body.
        const auto again = get(s.port, "/api/boards/" + id, {{"If-None-Match", etag}});
        CHECK(again.status == 304);
        CHECK(again.body.empty());
        const auto head = http_request(s.port, Method::head, "/api/boards/" + id);
        CHECK(head.status == 200);
        CHECK(head.body.empty());
        CHECK(head.header("content-length") == std::to_string(board.body.size()));
    }
    CHECK(first->at("topology")["hexes"].size() == 19);
    CHECK(large["topology"]["hexes"].size() == 30);
    CHECK(get(s.port, "/api/rules", {{"If-None-Match", rules.header("etag")}}).status == 304);
}

TEST_CASE("rules: an unknown board is a JSON 404 naming the boards, and writes are refused", "[net][rules]") {
    TestServer s;
    for (const char* target : {"/api/boards/nope", "/api/boards/", "/api/boards/base/x"}) {
        INFO(target);
        const auto r = get(s.port, target);
        CHECK(r.status == 404);
        CHECK(r.header("content-type") == "application/json");
        const json body = json::parse(r.body);
        CHECK(body["code"] == "out_of_range");
        CHECK(body["message"].get<std::string>().find("base, large") != std::string::npos);
    }
    for (const char* target : {"/api/rules", "/api/boards/base"}) {
        const auto r = http_request(s.port, Method::post, target);
        CHECK(r.status == 405);
        CHECK(r.header("allow") == "GET, HEAD");
    }
}
