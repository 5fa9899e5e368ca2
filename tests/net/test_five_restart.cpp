// A 5-player game on the large board (R-X1) over real WebSockets against the real binary
// survives a player's reconnect and a SIGKILL of the server. Five people play; every command the
// server acknowledged is logged here. Mid-game one player's socket drops and comes back with its
// token: its snapshot must hold the view of a state the engine rebuilds from the logged commands,
// and it goes on playing. Later the server is SIGKILLed between two commands and restarted on its
// data file: every seat's view must again equal the rebuilt state's (nothing acknowledged lost,
// nothing applied twice); a second SIGKILL right after a command was sent leaves it either
// committed or not, never half or twice. The game then plays on to a winner; the final views, and
// the room's replay record (its steps are exactly the logged commands), match the engine's re-run
// of the same commands.
#include <catch2/catch.hpp>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "game_driver.hpp"
#include "restart_support.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;

namespace {

constexpr int kFivePlayers = 5;
constexpr std::uint64_t kFiveSeed = 20261205;
constexpr int kTarget = 8;  // R-O1: a shorter game than 10 points, the same rules

catan::GameOptions five_options() {
    catan::GameOptions o;
    o.players = kFivePlayers;
    o.seed = kFiveSeed;
    o.victory_target = kTarget;
    return o;
}

catan::GameState rebuild_five(const std::vector<Logged>& log) { return catan::nettest::rebuild(five_options(), log); }
void require_five_views_match(Table& t, const std::vector<Logged>& log) { catan::nettest::require_views_match(t, five_options(), log); }

}  // namespace

TEST_CASE("5–6: a 5-player game over sockets survives a reconnect and a SIGKILL restart, and plays on identically to a winner", "[five-six][durability]") {
    const catan::store::test::TempDir dir;
    const std::vector<std::string> args = {"--data", dir.file("catan.db").string(), "--snapshot-every", "16"};
    auto server = std::make_unique<ServerProcess>(args);
    Table t(server->port());
    t.create_room_rest({{"players", kFivePlayers}, {"seed", std::to_string(kFiveSeed)}, {"vp_target", kTarget}, {"takeover_after", "never"}});
    const char* names[] = {"Ana", "Bo", "Cy", "Dee", "Eve"};
    for (int i = 0; i < kFivePlayers; ++i) t.join(names[i], i == 0);
    t.start();
    REQUIRE(t.host().game()["options"]["board"] == "large");
    REQUIRE(t.host().game()["board"]["terrain"].size() == 30);
    REQUIRE(t.host().view.topology()["hexes"].size() == 30);

    PolicyOptions po;
    po.seed = 5005;
    po.random_trade_per_mille = 40;
    Policy policy(po);
    std::vector<Logged> acked;
    int sent = 0;
    const auto new_run = [&] {
        auto run = std::make_unique<GameRun>(t, policy, 20000, [&](Peer& actor, const json& command, const json&) { acked.push_back({actor.seat, command}); });
        run->on_send([&](Peer&, const json&) { ++sent; });
        return run;
    };

    // --- a reconnect mid-game: Cy's socket dies without a close frame and comes back with its token.
    auto run = new_run();
    while (!run->finished() && turn_of(t) < 6) run->step();
    REQUIRE_FALSE(run->finished());
    require_five_views_match(t, acked);
    Peer& cy = t.player(2);
    const json cy_before = cy.game();
    t.drop(cy);
    t.rejoin(cy);
    CHECK(cy.view.snapshots() == 1);  // the new connection's view is built from the server's snapshot
    CHECK(cy.game() == cy_before);  // nothing happened while it was away
    CHECK(cy.view.topology()["hexes"].size() == 30);
    require_five_views_match(t, acked);

    // Cy plays on from the snapshot: the game passes Cy's own turn.
    run = new_run();
    const std::size_t before_cy = acked.size();
    bool cy_acted = false;
    while (!run->finished() && (turn_of(t) < 14 || !cy_acted)) {
        run->step();
        for (std::size_t i = before_cy; i < acked.size(); ++i) cy_acted = cy_acted || acked[i].seat == 2;
    }
    REQUIRE_FALSE(run->finished());
    REQUIRE(cy_acted);
    require_five_views_match(t, acked);

    // --- SIGKILL between two commands, a restart on the same data file, everyone rejoins.
    REQUIRE(sent == static_cast<int>(acked.size()));  // nothing in flight: every command sent was answered
    const json host_game = t.host().game();
    server->kill_now();
    REQUIRE_FALSE(server->running());
    server = std::make_unique<ServerProcess>(args);
    t.move_to(server->port());
    for (auto& p : t.peers) p->ws.reset();  // those sockets died with the server
    for (auto& p : t.peers) t.rejoin(*p);
    CHECK(t.host().game() == host_game);
    require_five_views_match(t, acked);

    // --- a second SIGKILL, this time right after a command went out: it was committed or it was not,
    // but never half, never twice. Either way the seats' views say which, and the log follows them.
    run = new_run();
    while (!run->finished() && turn_of(t) < 22) run->step();
    REQUIRE_FALSE(run->finished());
    Peer& actor = t.player(policy.pick_actor(t.host().game()));
    const json in_flight = policy.choose(actor, t);
    actor.send_command(in_flight);
    server->kill_now();
    REQUIRE_FALSE(server->running());
    server = std::make_unique<ServerProcess>(args);
    t.move_to(server->port());
    for (auto& p : t.peers) p->ws.reset();
    for (auto& p : t.peers) t.rejoin(*p);
    std::vector<Logged> with = acked;
    with.push_back({actor.seat, in_flight});
    const catan::GameState committed = rebuild_five(with);
    const bool applied = engine_view(actor.game()) == catan::proto::player_view(committed, actor.seat);
    INFO("the command in flight, " << in_flight.dump() << ", was " << (applied ? "" : "not ") << "committed");
    if (applied) acked = with;
    require_five_views_match(t, acked);

    // --- on to a winner, identically to the engine's re-run of the same commands.
    run = new_run();
    while (!run->finished()) run->step();
    const GameStats stats = run->result();
    REQUIRE(stats.winner);
    INFO(acked.size() << " commands, " << turn_of(t) << " turns, winner seat " << *stats.winner);
    require_five_views_match(t, acked);
    const catan::GameState final_state = rebuild_five(acked);
    CHECK(static_cast<int>(final_state.winner) == *stats.winner);
    CHECK(t.host().game()["players"][*stats.winner]["vp_total"].get<int>() >= kTarget);

    // The replay record lists exactly the acknowledged commands, in order, each once.
    const HttpResponse r = http_request(server->port(), "GET", "/api/rooms/" + t.code + "/replay");
    REQUIRE(r.status == 200);
    const json record = r.json_body();
    CHECK(record["finished"] == true);
    CHECK(record["winner"] == *stats.winner);
    REQUIRE(record["steps"].size() == acked.size());
    std::vector<Logged> recorded;
    for (const json& step : record["steps"]) recorded.push_back({step["seat"].get<int>(), step["command"]});
    for (std::size_t i = 0; i < acked.size(); ++i) {
        INFO("step " << i);
        CHECK(recorded[i].seat == acked[i].seat);
    }
    require_five_views_match(t, recorded);
    t.close_all();
    CHECK(server->stop() == 0);
}
