// A Seafarers game (R-SF1: Heading for New Shores, 4 players) over real WebSockets against the real
// binary: the room's table is the scenario's, every seat's view is the engine's view of the state
// rebuilt from the acknowledged commands, the server is SIGKILLed mid-game and restarted on its data
// file (nothing acknowledged lost, nothing applied twice), and the game plays on to a winner whose
// replay record holds exactly the acknowledged commands.
#include <catch2/catch.hpp>

#include "catan/engine/engine.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/proto/proto.hpp"
#include "game_driver.hpp"
#include "restart_support.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;

namespace {

constexpr int kSeaPlayers = 4;
constexpr std::uint64_t kSeaSeed = 20261206;

int target() { return catan::scenario_victory_target(catan::Scenario::NewShores, kSeaPlayers); }

catan::GameOptions sea_options() {
    catan::GameOptions o;
    o.players = kSeaPlayers;
    o.seed = kSeaSeed;
    o.victory_target = target();
    o.scenario = catan::Scenario::NewShores;
    return o;
}

catan::GameState rebuild_sea(const std::vector<Logged>& log) { return catan::nettest::rebuild(sea_options(), log); }
void require_sea_views_match(Table& t, const std::vector<Logged>& log) { catan::nettest::require_views_match(t, sea_options(), log); }

}  // namespace

TEST_CASE("Seafarers: a New Shores game over sockets survives a SIGKILL restart and plays on identically to a winner", "[sea][durability][R-SF1]") {
    const catan::store::test::TempDir dir;
    const std::vector<std::string> args = {"--data", dir.file("catan.db").string(), "--snapshot-every", "16", "--command-rate-seat", "0"};
    auto server = std::make_unique<ServerProcess>(args);
    Table t(server->port());
    t.create_room_rest({{"players", kSeaPlayers}, {"seed", std::to_string(kSeaSeed)}, {"vp_target", target()}, {"scenario", "new_shores"},
                        {"takeover_after", "never"}});
    const char* names[] = {"Ana", "Bo", "Cy", "Dee"};
    for (int i = 0; i < kSeaPlayers; ++i) t.join(names[i], i == 0);
    t.start();
    REQUIRE(t.host().game()["options"]["board"] == "sea");
    REQUIRE(t.host().game()["options"]["scenario"] == "new_shores");
    REQUIRE(t.host().view.topology()["hexes"].size() == 72);
    REQUIRE(t.host().view.topology()["scenario"]["id"] == "new_shores");

    PolicyOptions po;
    po.seed = 6006;
    Policy policy(po);
    std::vector<Logged> acked;
    int sent = 0;
    const auto new_run = [&] {
        auto run = std::make_unique<GameRun>(t, policy, 40000, [&](Peer& actor, const json& command, const json&) { acked.push_back({actor.seat, command}); });
        run->on_send([&](Peer&, const json&) { ++sent; });
        return run;
    };

    auto run = new_run();
    while (!run->finished() && turn_of(t) < 30) run->step();
    REQUIRE_FALSE(run->finished());
    require_sea_views_match(t, acked);

    // --- SIGKILL between two commands, a restart on the same data file, everyone rejoins.
    REQUIRE(sent == static_cast<int>(acked.size()));
    const json host_game = t.host().game();
    server->kill_now();
    REQUIRE_FALSE(server->running());
    server = std::make_unique<ServerProcess>(args);
    t.move_to(server->port());
    for (auto& p : t.peers) p->ws.reset();
    for (auto& p : t.peers) t.rejoin(*p);
    CHECK(t.host().game() == host_game);
    CHECK(t.host().view.topology()["scenario"]["id"] == "new_shores");
    require_sea_views_match(t, acked);

    // --- on to a winner, identically to the engine's re-run of the same commands.
    run = new_run();
    while (!run->finished()) run->step();
    const GameStats stats = run->result();
    REQUIRE(stats.winner);
    require_sea_views_match(t, acked);
    const catan::GameState final_state = rebuild_sea(acked);
    CHECK(static_cast<int>(final_state.winner) == *stats.winner);
    int ships = 0;
    for (int p = 0; p < kSeaPlayers; ++p) ships += final_state.players[p].ships.count();
    CHECK(ships > 0);

    const HttpResponse r = http_request(server->port(), "GET", "/api/rooms/" + t.code + "/replay");
    REQUIRE(r.status == 200);
    const json record = r.json_body();
    CHECK(record["finished"] == true);
    REQUIRE(record["steps"].size() == acked.size());
    t.close_all();
    CHECK(server->stop() == 0);
}
