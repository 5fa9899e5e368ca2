// Hidden information over real sockets: across whole games (2 to 6 players, several
// seeds, a spectator from the lobby and one who arrives mid-game), no message a player or spectator
// receives holds another player's hand contents or development card kinds, the deck order, or the
// generator state or seed. Checked three ways on every message each connection receives:
//   1. structurally: no key that names a secret (deck, rng, seed, generator, the saved-state marker),
//      hand and development-card contents only under the recipient's own `me` (never for a spectator,
//      never in another seat's entry or a patch aimed at it), `stole` and `dev_card_bought` events
//      without the resource / card for anyone but the thief and victim / the buyer;
//   2. by accounting: each connection's own hand equals the sum of what its own events showed it
//      (production, steals, trades, builds...), every seat's card and development-card counts follow
//      from the public events, so the doc holds nothing the recipient could not account for;
//   3. by replay: the test replays the same seeded game with the engine and requires each
//      connection's rebuilt doc.game, legal actions and events to equal exactly player_view /
//      legal_actions_json / events_json for that recipient (which tests/proto prove leak nothing), and
//      no message text to contain the generator's current state words or the seed.
#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>

#include "hidden_info_fakes.hpp"
#include "hidden_info_game.hpp"
#include "server_process.hpp"

using namespace catan::nettest;
using namespace catan::nettest::hidden;
using Clock = std::chrono::steady_clock;

TEST_CASE("Hidden information: no message reveals other hands or development cards or the deck or the generator", "[hidden]") {
    const auto t0 = Clock::now();
    ServerProcess server;
    const std::vector<Config> configs = {
        {2, "7301154412093", 7}, {3, "5820937716551", 10}, {4, "1948820563217", 10}, {4, "3377001912846", 8},
        {5, "5512093773016", 8}, {6, "6120937716552", 8},  // the 5–6 board, every seat checked
        {6, "6120937716553", 9, "new_shores"}, {5, "5512093773017", 9, "new_world"}};  // the 5–6 sea frame
    std::vector<std::unique_ptr<Game>> games;
    std::vector<GameRun*> runs;
    for (const Config& cfg : configs) {
        games.push_back(std::make_unique<Game>(cfg, server.port()));
        games.back()->set_up();
        runs.push_back(games.back()->run.get());
    }
    play_interleaved(runs);  // the games run side by side, one command at a time

    Totals totals;
    for (auto& g : games) {
        const GameStats stats = g->finish(totals);
        std::cout << "[hidden] " << g->name() << ": winner seat " << *stats.winner << " after " << stats.turns
                  << " turns, " << stats.commands << " commands, " << stats.offers << " offers, " << stats.counters
                  << " counters, " << stats.trades_completed << " trades, " << stats.steals << " steals\n";
    }
    // The secrets were there to leak: steals and purchases seen by third parties and by their owners.
    CHECK(totals.third_party_steals > 0);
    CHECK(totals.others_bought > 0);
    CHECK(totals.own_steals > 0);
    CHECK(totals.own_bought > 0);
    for (auto& g : games) g->t.close_all();
    CHECK(server.stop() == 0);
    std::cout << "[hidden] " << totals.messages << " messages checked, " << totals.replayed << " states replayed, " << totals.commands
              << " commands, " << std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count()
              << " ms\n";
}

// ---- The checker has teeth: each of these feeds inspect() one leak and must fail ---------------------
TEST_CASE("Hidden information self-test: a clean snapshot passes", "[hidden][self-test]") {
    feed(1, fake_snapshot(1));
    feed(kNoSeat, fake_snapshot(kNoSeat));
}

TEST_CASE("Hidden information self-test: another seat's hand is caught", "[hidden][self-test][!shouldfail]") {
    json s = fake_snapshot(1);
    s["doc"]["game"]["players"][0]["hand"] = {{"ore", 1}};
    feed(1, s);
}

TEST_CASE("Hidden information self-test: a spectator's me is caught", "[hidden][self-test][!shouldfail]") {
    json s = fake_snapshot(kNoSeat);
    s["doc"]["game"]["me"] = fake_snapshot(0)["doc"]["game"]["me"];
    feed(kNoSeat, s);
}

TEST_CASE("Hidden information self-test: the seed in the room options is caught", "[hidden][self-test][!shouldfail]") {
    json s = fake_snapshot(1);
    s["doc"]["room"]["options"]["seed"] = "99";
    feed(1, s);
}

TEST_CASE("Hidden information self-test: the seed revealed before the game is over is caught", "[hidden][self-test][!shouldfail]") {
    json s = fake_snapshot(1);
    s["doc"]["room"]["fairness"]["seed"] = "99";
    feed(1, s);
}

TEST_CASE("Hidden information self-test: the salt revealed before the game is over is caught", "[hidden][self-test][!shouldfail]") {
    json s = fake_snapshot(kNoSeat);
    s["doc"]["room"]["fairness"]["salt"] = std::string(32, 'b');
    feed(kNoSeat, s);
}

TEST_CASE("Hidden information self-test: a patch into another seat's hand is caught", "[hidden][self-test][!shouldfail]") {
    feed(1, fake_snapshot(1),
         fake_update(json::array({{{"op", "add"}, {"path", "/game/players/0/hand"}, {"value", {{"ore", 1}}}}}), json::array()));
}

TEST_CASE("Hidden information self-test: a stolen resource shown to a third party is caught", "[hidden][self-test][!shouldfail]") {
    const json stole = {{"type", "stole"}, {"player", 0}, {"victim", 1}, {"resource", "ore"}, {"text", "Seat 0 stole a card from Seat 1."}};
    feed(2, fake_snapshot(2), fake_update(json::array(), json::array({stole})));
}

TEST_CASE("Hidden information self-test: another buyer's card kind is caught", "[hidden][self-test][!shouldfail]") {
    const json bought = {{"type", "dev_card_bought"}, {"player", 0}, {"card", "monopoly"}, {"text", "Seat 0 bought a card."}};
    feed(1, fake_snapshot(1), fake_update(json::array(), json::array({bought})));
}

TEST_CASE("Hidden information self-test: a hand change no event explains is caught", "[hidden][self-test][!shouldfail]") {
    feed(0, fake_snapshot(0),
         fake_update(json::array({{{"op", "replace"}, {"path", "/game/me/hand/ore"}, {"value", 1}}}), json::array()));
}
