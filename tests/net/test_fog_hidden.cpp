// What lies face down never leaves the server before it turns (R-SF10), over real sockets: whole games
// of The Fog Islands (3 players, the scenario's target of 12, two seeds, played side by side with a
// spectator from the lobby and one who arrives mid-game) get every check of test_hidden_info.cpp (keys,
// accounting, the engine's replay of the same seeded game; hidden_info_game.hpp), and on every message
// each connection receives, against the hexes still face down in the replay's state that message shows:
//   - the connection's rebuilt doc has terrain "fog" and number null at each of them;
//   - structurally, nothing in the message ties a terrain or a number to one of them: no board terrain
//     but "fog" and no number at its index (in a snapshot's doc or a patch's value, whatever the patch's
//     path), no terrain or number at its index of a table's hexes, no hex_revealed or other object that
//     names it with a terrain or a number, no sentence that names it;
//   - the face-down reserve of number tokens appears under no key.
// Hexes must turn during the games (hex_revealed events received), so that there was something to leak.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>

#include "catan/proto/topology_json.hpp"
#include "hidden_info_fakes.hpp"
#include "hidden_info_game.hpp"
#include "server_process.hpp"

using namespace catan::nettest;
using namespace catan::nettest::hidden;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kFogPlayers = 3;  // The Fog Islands is for 3 players only

int fog_target() { return catan::scenario_victory_target(catan::Scenario::FogIslands, kFogPlayers); }

}  // namespace

TEST_CASE("Hidden information: what lies face down never leaves the server before it turns (The Fog Islands)", "[hidden][fog][R-SF10]") {
    const auto t0 = Clock::now();
    REQUIRE(fog_target() == 12);
    ServerProcess server;
    const std::vector<Config> configs = {{kFogPlayers, "4817730912365", fog_target(), "fog_islands"},
                                         {kFogPlayers, "2093377165518", fog_target(), "fog_islands"}};
    std::vector<std::unique_ptr<Game>> games;
    std::vector<GameRun*> runs;
    for (const Config& cfg : configs) {
        games.push_back(std::make_unique<Game>(cfg, server.port()));
        games.back()->set_up();
        REQUIRE(games.back()->fog);
        REQUIRE(games.back()->t.host().game()["options"]["scenario"] == "fog_islands");
        runs.push_back(games.back()->run.get());
    }
    play_interleaved(runs);  // the games run side by side, one command at a time

    Totals totals;
    for (auto& g : games) {
        const int hidden_at_start = static_cast<int>(face_down(catan::new_game(g->options())).terrain.size());
        const int hidden_at_end = static_cast<int>(face_down(g->local).terrain.size());
        const GameStats stats = g->finish(totals);
        INFO(g->name());
        // Every hex that turned, turned with a hex_revealed to everybody there at the time: each seat
        // and the spectator from the lobby saw them all.
        CHECK(g->turned > 0);
        CHECK(hidden_at_start - hidden_at_end == g->turned);
        for (auto& [peer, L] : g->ledgers) {
            INFO(peer->label);
            CHECK(L.hexes_revealed <= g->turned);
            if (peer->label.find("Late") == std::string::npos) CHECK(L.hexes_revealed == g->turned);
        }
        std::cout << "[hidden] " << g->name() << ": winner seat " << *stats.winner << " after " << stats.turns << " turns, "
                  << stats.commands << " commands, " << g->turned << " of " << hidden_at_start << " face-down hexes turned, "
                  << stats.trades_completed << " trades, " << stats.steals << " steals\n";
    }
    CHECK(totals.hexes_revealed > 0);
    CHECK(totals.third_party_steals > 0);
    CHECK(totals.own_bought > 0);
    for (auto& g : games) g->t.close_all();
    CHECK(server.stop() == 0);
    std::cout << "[hidden] The Fog Islands: " << totals.messages << " messages checked, " << totals.replayed << " states replayed, "
              << totals.commands << " commands, " << totals.hexes_revealed << " hex_revealed received, "
              << std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count() << " ms\n";
}

// ---- The face-down check has teeth: each of these feeds it one early reveal and must fail ------------
namespace {

// The start of a Fog Islands game (seed 99) as `viewer` would get it, with the scenario's table.
json fog_snapshot(int viewer, catan::GameState& s) {
    catan::GameOptions o;
    o.players = kFogPlayers;
    o.seed = 99;
    o.scenario = catan::Scenario::FogIslands;
    o.victory_target = fog_target();
    s = catan::new_game(o);
    json snapshot = fake_snapshot_of(s, viewer, {{"players", kFogPlayers}, {"vp_target", fog_target()}, {"scenario", "fog_islands"}});
    snapshot["topology"] = catan::proto::scenario_table_json(catan::Scenario::FogIslands, kFogPlayers);
    return snapshot;
}

// A face-down hex of `s` that is land, and what it truly is.
std::pair<int, std::string> hidden_land(const catan::GameState& s) {
    for (const auto& [h, truth] : face_down(s).terrain)
        if (truth != "sea") return {h, truth};
    FAIL("no face-down land");
    return {};
}

void feed_fog(int viewer, const json& first, const catan::GameState& s, const std::optional<json>& second = std::nullopt) {
    const FaceDown fd = face_down(s);
    REQUIRE_FALSE(fd.terrain.empty());
    feed(viewer, first, second, &fd);
}

}  // namespace

TEST_CASE("Hidden information self-test: a clean Fog Islands snapshot and update pass", "[hidden][self-test][R-SF10]") {
    catan::GameState s;
    for (int viewer : {0, 2, kNoSeat}) {
        const json first = fog_snapshot(viewer, s);
        const auto [h, truth] = hidden_land(s);
        // A hex that is face up changes nothing here: the robber's hex, a produced event.
        const json produced = {{"type", "hex_produced"}, {"player", 0}, {"hex", s.robber}, {"resources", json::object()},
                               {"text", "Hex " + std::to_string(s.robber) + " paid Seat 0 nothing."}};
        feed_fog(viewer, first, s, fake_update(json::array({{{"op", "replace"}, {"path", "/game/turn"}, {"value", 0}}}), json::array({produced})));
        CHECK(first["doc"]["game"]["board"]["terrain"][h] == "fog");
        CHECK(first["doc"]["game"]["board"]["numbers"][h].is_null());
    }
}

TEST_CASE("Hidden information self-test: a face-down hex's terrain in a snapshot is caught", "[hidden][self-test][R-SF10][!shouldfail]") {
    catan::GameState s;
    json first = fog_snapshot(1, s);
    const auto [h, truth] = hidden_land(s);
    first["doc"]["game"]["board"]["terrain"][h] = truth;
    feed_fog(1, first, s);
}

TEST_CASE("Hidden information self-test: a face-down hex's number in a spectator's snapshot is caught", "[hidden][self-test][R-SF10][!shouldfail]") {
    catan::GameState s;
    json first = fog_snapshot(kNoSeat, s);
    first["doc"]["game"]["board"]["numbers"][hidden_land(s).first] = 6;
    feed_fog(kNoSeat, first, s);
}

TEST_CASE("Hidden information self-test: a patch that turns a hex early is caught", "[hidden][self-test][R-SF10][!shouldfail]") {
    catan::GameState s;
    const json first = fog_snapshot(0, s);
    const auto [h, truth] = hidden_land(s);
    feed_fog(0, first, s,
             fake_update(json::array({{{"op", "replace"}, {"path", "/game/board/terrain/" + std::to_string(h)}, {"value", truth}}}), json::array()));
}

TEST_CASE("Hidden information self-test: a patch of the whole board with a face-down terrain is caught", "[hidden][self-test][R-SF10][!shouldfail]") {
    catan::GameState s;
    const json first = fog_snapshot(2, s);
    const auto [h, truth] = hidden_land(s);
    json terrain = first["doc"]["game"]["board"]["terrain"];
    terrain[h] = truth;
    feed_fog(2, first, s, fake_update(json::array({{{"op", "replace"}, {"path", "/game/board/terrain"}, {"value", terrain}}}), json::array()));
}

TEST_CASE("Hidden information self-test: a hex_revealed before the hex turns is caught", "[hidden][self-test][R-SF10][!shouldfail]") {
    catan::GameState s;
    const json first = fog_snapshot(1, s);
    const auto [h, truth] = hidden_land(s);
    const json revealed = {{"type", "hex_revealed"}, {"player", 0}, {"hex", h}, {"terrain", truth}, {"number", nullptr},
                           {"resources", json::object()}, {"text", "Seat 0 turned up " + truth + " (hex " + std::to_string(h) + ")."}};
    feed_fog(1, first, s, fake_update(json::array(), json::array({revealed})));
}

TEST_CASE("Hidden information self-test: a table that shows a face-down hex is caught", "[hidden][self-test][R-SF10][!shouldfail]") {
    catan::GameState s;
    json first = fog_snapshot(kNoSeat, s);
    const auto [h, truth] = hidden_land(s);
    first["topology"]["scenario"]["hexes"][h]["terrain"] = truth;
    feed_fog(kNoSeat, first, s);
}

TEST_CASE("Hidden information self-test: the face-down reserve of tokens is caught", "[hidden][self-test][R-SF10][!shouldfail]") {
    catan::GameState s;
    json first = fog_snapshot(0, s);
    first["doc"]["game"]["board"]["fog_tokens"] = {5, 9, 11};
    feed(0, first);
}
