// Issue 11, the server side of the table, against the real binary over real sockets:
//   - simultaneous decisions: several players discarding on one 7, or answering one offer, at the
//     same seq are all applied and nobody gets an error; a stale command whose meaning may have
//     changed (a cancel, an answer to an offer that was withdrawn or made again, a repeat) is still
//     refused with stale_sequence;
//   - the snapshot's `log`: a spectator arriving mid-game gets the recent events, redacted for it;
//   - spectator chat: spectators talk among themselves, players never see it;
//   - hex_produced events and doc.game.stats, which survive a restart.
#include <catch2/catch.hpp>

#include <functional>
#include <set>

#include "game_driver.hpp"
#include "server_process.hpp"
#include "temp_dir.hpp"

using namespace catan::nettest;

namespace {

constexpr const char* kRes[] = {"brick", "lumber", "wool", "grain", "ore"};

std::vector<int> to_act(const json& game) {
    std::vector<int> out;
    for (const json& s : game["to_act"]) out.push_back(s.get<int>());
    return out;
}

json first_of(const json& actions, std::string_view type) {
    for (const json& a : actions)
        if (a["type"] == type) return a;
    return nullptr;
}

// One command of a game where nobody builds, buys or trades (hands grow, so a 7 makes several
// players discard): setup placements, rolls, the first discard and robber move offered, end turn.
void hoarding_step(Table& t) {
    const json& game = t.players().front()->game();
    const std::vector<int> acting = to_act(game);
    REQUIRE(!acting.empty());
    Peer& p = t.player(acting.front());
    const json actions = p.view.legal_actions();
    REQUIRE(!actions.empty());
    json command = first_of(actions, "roll_dice");
    if (command.is_null() && game["phase"] == "main") command = first_of(actions, "end_turn");
    if (command.is_null()) command = actions[0];  // setup, discard, robber
    t.play(p, command);
}

// Plays the hoarding game until `stop` holds for the public game doc; fails after `max` commands.
void hoard_until(Table& t, const std::function<bool(const json&)>& stop, int max = 3000) {
    for (int i = 0; !stop(t.players().front()->game()); ++i) {
        REQUIRE(i < max);
        REQUIRE(t.players().front()->game()["phase"] != "game_over");
        hoarding_step(t);
    }
}

// Reads each peer up to `target`; any error or other message fails (wait_seq throws on it).
void all_reach(Table& t, std::int64_t target) {
    for (Peer* p : t.connected()) p->wait_seq(target);
}

// A resource `hand` holds, other than `except`, or "".
std::string held(const json& hand, const std::string& except = "") {
    for (const char* r : kRes)
        if (r != except && hand.value(r, 0) > 0) return r;
    return "";
}

struct FourPlayers {
    ServerProcess server;
    Table t{server.port()};
    FourPlayers(std::uint64_t seed, std::vector<std::string> args = {}) : server(std::move(args)) {
        t.create_room_rest({{"players", 4}, {"vp_target", 10}, {"takeover_after", "never"}, {"seed", std::to_string(seed)}});
        t.join("Ana", true);
        t.join("Bob");
        t.join("Cleo");
        t.join("Dan");
        t.start();
    }
    ~FourPlayers() {
        try {
            t.close_all();
        } catch (...) {  // a connection a failed check left half-read
        }
        server.stop();
    }
};

}  // namespace

TEST_CASE("Table: three players discarding on one 7 at the same seq are all applied, nobody gets an error", "[table][concurrent]") {
    FourPlayers f(20261201);
    Table& t = f.t;
    hoard_until(t, [](const json& g) { return g["phase"] == "discard" && g["to_act"].size() >= 3; });
    const std::int64_t seq = t.seq();
    const std::vector<int> discarders = to_act(t.players().front()->game());
    INFO("seq " << seq << ", " << discarders.size() << " players discard");
    // Every discarder decides on the same document and sends before hearing of the others.
    for (int seat : discarders) {
        Peer& p = t.player(seat);
        p.send_command(first_of(p.view.legal_actions(), "discard"), seq);
    }
    all_reach(t, seq + static_cast<std::int64_t>(discarders.size()));
    const json& game = t.players().front()->game();
    CHECK(game["phase"] == "move_robber");
    for (int seat : discarders) CHECK(game["players"][seat]["discard_owed"] == 0);
    for (Peer* p : t.connected()) p->check_in_sync();  // and nothing else (an error) is waiting
}

TEST_CASE("Table: several answers to one offer at the same seq are all applied, stale ones that are not answers to it are refused",
          "[table][concurrent]") {
    FourPlayers f(777);
    Table& t = f.t;
    hoard_until(t, [](const json& g) { return g["phase"] == "main" && g["turn"].get<int>() >= 6; });
    const json& game = t.players().front()->game();
    const int active = game["current"];
    Peer& proposer = t.player(active);
    std::vector<Peer*> responders;
    for (Peer* p : t.players())
        if (p->seat != active) responders.push_back(p);
    REQUIRE(responders.size() == 3);
    // Offer one card the proposer holds for one the first responder holds (so that one can accept).
    const std::string give = held(proposer.hand());
    const std::string want = held(responders[0]->hand(), give);
    REQUIRE(!give.empty());
    REQUIRE(!want.empty());
    const json offer = {{"type", "propose_trade"}, {"give", {{give, 1}}}, {"want", {{want, 1}}}};
    t.play(proposer, offer);

    const std::int64_t seq = t.seq();
    const std::string counter_give = held(responders[1]->hand());
    REQUIRE(!counter_give.empty());
    const std::string counter_want = counter_give == "ore" ? "brick" : "ore";
    responders[0]->send_command({{"type", "accept_trade"}}, seq);
    responders[1]->send_command({{"type", "counter_trade"}, {"give", {{counter_give, 1}}}, {"want", {{counter_want, 2}}}}, seq);
    responders[2]->send_command({{"type", "decline_trade"}}, seq);
    all_reach(t, seq + 3);
    {
        const json& o = t.players().front()->game()["offer"];
        REQUIRE(o.is_object());
        std::map<int, std::string> response;
        for (const json& r : o["responses"]) response[r["seat"]] = r["response"];
        CHECK(response[responders[0]->seat] == "accepted");
        CHECK(response[responders[1]->seat] == "countered");
        CHECK(response[responders[2]->seat] == "declined");
    }

    SECTION("the same answer again at the seq it was first sent at is stale, not applied twice") {
        responders[2]->send_command({{"type", "decline_trade"}}, seq);
        responders[2]->expect_error("stale_sequence");
        responders[1]->send_command({{"type", "counter_trade"}, {"give", {{counter_give, 1}}}, {"want", {{counter_want, 2}}}}, seq);
        responders[1]->expect_error("stale_sequence");
        for (Peer* p : t.connected()) p->check_in_sync();  // nothing moved
    }
    SECTION("an answer sent before the offer was withdrawn is stale, so is one sent before it was made again") {
        const std::int64_t answered = t.seq();
        t.play(proposer, {{"type", "cancel_trade"}});
        responders[2]->send_command({{"type", "accept_trade"}}, answered);
        responders[2]->expect_error("stale_sequence");
        t.play(proposer, offer);  // the same terms, a new offer
        responders[0]->send_command({{"type", "decline_trade"}}, answered);
        responders[0]->expect_error("stale_sequence");
        for (Peer* p : t.connected()) p->check_in_sync();
        // Sent on the new offer, it applies.
        t.play(*responders[0], {{"type", "decline_trade"}});
    }
    SECTION("the proposer's own commands still need the current seq, a cancel sent before the answers is stale") {
        proposer.send_command({{"type", "cancel_trade"}}, seq);
        proposer.expect_error("stale_sequence");
        for (Peer* p : t.connected()) p->check_in_sync();
        // The proposer takes the accepted offer.
        t.play(proposer, {{"type", "confirm_trade"}, {"with", responders[0]->seat}});
        CHECK(t.players().front()->game()["phase"] == "main");
    }
}

TEST_CASE("Table: a discard sent before someone connected still applies", "[table][concurrent]") {
    FourPlayers f(20261201);
    Table& t = f.t;
    hoard_until(t, [](const json& g) { return g["phase"] == "discard" && g["to_act"].size() >= 2; });
    const std::int64_t seq = t.seq();
    const int seat = to_act(t.players().front()->game()).front();
    Peer& p = t.player(seat);
    t.spectate();  // moves seq: presence changes do not change what a discard means
    p.send_command(first_of(p.view.legal_actions(), "discard"), seq);
    all_reach(t, seq + 2);
    CHECK(t.players().front()->game()["players"][seat]["discard_owed"] == 0);
}
