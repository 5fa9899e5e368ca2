// --log-format json on the real binary: a server logging at debug level runs a room whose
// players chose names with quotes, backslashes, angle brackets and non-ASCII letters, and answers
// requests for odd paths; then every line it wrote must parse as one JSON object with the documented
// fields, and the lines about the room carry its code and the seat.
#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <sstream>

#include "game_driver.hpp"
#include "server_process.hpp"

using namespace catan::nettest;

TEST_CASE("Log format json: every line of a real server's log is one JSON object", "[log-format]") {
    // CATAN_LOG_FORMAT, as an operator's unit file would set it; the level comes after the fixture's own.
    auto server = std::make_unique<ServerProcess>(std::vector<std::string>{"--log-level", "debug"}, std::chrono::seconds(10),
                                                  std::vector<std::string>{"CATAN_LOG_FORMAT=json"});
    const std::string awkward = R"(Bo"b\ </x> {"a":1})";
    Table table(server->port());
    table.create_room_rest({{"players", 2}, {"seed", "7"}});
    table.join("Zoë 夏", true);
    table.join(awkward);
    table.start();
    PolicyOptions po;
    po.seed = 3;
    Policy policy(po);
    {
        GameRun run(table, policy);
        for (int i = 0; i < 6; ++i) run.step();
    }
    CHECK(http_request(server->port(), "GET", "/a%22b%5C%0Ac/../x\"y").status >= 400);
    CHECK(http_request(server->port(), "GET", "/api/rooms/" + table.code).status == 200);
    table.close_all();
    REQUIRE(server->stop() == 0);

    const std::string log = server->log();
    std::istringstream lines(log);
    std::string line;
    int count = 0;
    bool joined = false, request = false, bye = false;
    const std::regex iso(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)");
    while (std::getline(lines, line)) {
        INFO("line " << count + 1 << ": " << line);
        const json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
        REQUIRE(j.is_object());
        ++count;
        REQUIRE(j["time"].is_string());
        CHECK(std::regex_match(j["time"].get<std::string>(), iso));
        CHECK(j["logger"] == "catan");
        const std::set<std::string> levels{"trace", "debug", "info", "warning", "error", "critical"};
        CHECK(levels.count(j["level"].get<std::string>()) == 1);
        REQUIRE(j["message"].is_string());
        const std::string message = j["message"];
        if (message.find(awkward + " joined") != std::string::npos) {
            joined = true;
            CHECK(j["room"] == table.code);
            CHECK(j["seat"] == 1);
        }
        if (j.contains("conn")) {
            request = true;
            CHECK(j["conn"].is_number_integer());
            CHECK(j["remote"].get<std::string>().starts_with("127.0.0.1:"));
        }
        bye = bye || message == "bye";
    }
    CHECK(count >= 10);
    CHECK(joined);   // the awkward name came through whole, in its own field
    CHECK(request);  // debug lines of requests carry the connection
    CHECK(bye);
}
