// The server side of the table, against the real binary over real sockets:
//   - simultaneous decisions: several players discarding on one 7, or answering one offer, at the
//     same seq are all applied and nobody gets an error; a stale command whose meaning may have
//     changed (a cancel, an answer to an offer that was withdrawn or made again, a repeat) is still
//     refused with stale_sequence;
//   - the snapshot's `log`: a spectator arriving mid-game gets the recent events, redacted for it;
//   - spectator chat: spectators talk among themselves, players never see it;
//   - hex_produced events and doc.game.stats, which survive a restart.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
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

    // Once the robber has moved, a discard sent during that 7 is stale (not "nothing to discard").
    Peer& roller = t.player(t.players().front()->game()["current"].get<int>());  // a fresh doc: sync replaced it
    t.play(roller, first_of(roller.view.legal_actions(), "move_robber"));
    Peer& again = t.player(discarders.back());
    again.send_command({{"type", "discard"}, {"cards", {{"brick", 1}}}}, seq);
    again.expect_error("stale_sequence");
}

TEST_CASE("Table: several answers to one offer at the same seq are all applied, stale ones that are not answers to it are refused",
          "[table][concurrent][R-TR2]") {
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
    SECTION("an answer sent before the last decline closed the offer is stale, not \"no open trade offer\"") {
        const std::int64_t answered = t.seq();
        t.play(*responders[0], {{"type", "decline_trade"}});
        const std::int64_t before_close = t.seq();
        // responders[1]'s decline is the last one: everyone has said no, the offer closes.
        t.play(*responders[1], {{"type", "decline_trade"}});
        REQUIRE(t.players().front()->game()["phase"] == "main");
        // Sent after the first decline and before the closing one, by seats whose own last change is
        // older: each racing the close, each told the room moved on.
        responders[2]->send_command({{"type", "accept_trade"}}, before_close);
        responders[2]->expect_error("stale_sequence");
        responders[0]->send_command({{"type", "accept_trade"}}, before_close);
        responders[0]->expect_error("stale_sequence");
        responders[2]->send_command({{"type", "accept_trade"}}, answered);
        responders[2]->expect_error("stale_sequence");
        for (Peer* p : t.connected()) p->check_in_sync();
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

// ---- the snapshot's log ------------------------------------------------------------------------------

namespace {

// Collects the events of every update `p` receives, in order.
void collect_events(Peer& p, std::vector<json>& into) {
    p.observer = [&into](Peer&, const json& m, const json&) {
        if (m.value("type", "") == "update")
            for (const json& e : m["events"]) into.push_back(e);
    };
}

json tail(const std::vector<json>& events, std::size_t n) {
    json out = json::array();
    for (std::size_t i = events.size() > n ? events.size() - n : 0; i < events.size(); ++i) out.push_back(events[i]);
    return out;
}

// A new connection's snapshot after `hello` (spectate, rejoin); the connection then closes, and the
// table's peers read the updates its coming and going caused.
json fresh_snapshot(Table& t, const json& hello) {
    json snap = first_snapshot(t.port(), hello);
    t.catch_up(snap["seq"].get<std::int64_t>() + 1);
    return snap;
}

json spectate_snapshot(Table& t) { return fresh_snapshot(t, msg("spectate", {{"room", t.code}})); }

}  // namespace

TEST_CASE("Table: a spectator who arrives mid-game gets the recent events in the snapshot's log, redacted, also after a restart",
          "[table][log]") {
    const catan::store::test::TempDir dir;
    const std::vector<std::string> args = {"--data", dir.file("catan.db").string()};
    auto server = std::make_unique<ServerProcess>(args);
    Table t(server->port());
    t.create_room_rest({{"players", 4}, {"vp_target", 10}, {"takeover_after", "never"}, {"seed", "20261201"}});
    t.join("Ana", true);
    t.join("Bob");
    t.join("Cleo");
    t.join("Dan");
    std::vector<json> watched, anas;  // what a spectator there from the start, and Ana, were told
    collect_events(t.spectate(), watched);
    collect_events(t.player(0), anas);
    t.start();
    // On past a steal, so the log holds a secret a spectator must not see.
    bool stolen = false;
    for (int i = 0; i < 3000 && !(stolen && watched.size() > 250); ++i) {
        hoarding_step(t);
        for (const json& e : watched) stolen = stolen || e["type"] == "stole";
    }
    REQUIRE(stolen);
    REQUIRE(watched.size() > 200);

    const json snap = spectate_snapshot(t);
    REQUIRE(snap.contains("log"));
    CHECK(snap["log"].size() == 200);  // the last 200, in the update's format
    CHECK(snap["log"] == tail(watched, 200));
    for (const json& e : snap["log"]) {
        CHECK_FALSE((e["type"] == "stole" && e.contains("resource")));
        CHECK_FALSE((e["type"] == "dev_card_bought" && e.contains("card")));
    }
    // A player's second device gets the log as that player saw it.
    const json mine = fresh_snapshot(t, msg("rejoin", {{"room", t.code}, {"token", t.player(0).token}}));
    CHECK(mine["log"] == tail(anas, 200));

    // The restarted server rebuilds the log from the saved commands.
    t.close_all();
    REQUIRE(server->stop() == 0);
    server = std::make_unique<ServerProcess>(args);
    t.move_to(server->port());
    const json again = first_snapshot(t.port(), msg("spectate", {{"room", t.code}}));
    CHECK(again["log"] == tail(watched, 200));
}

TEST_CASE("Table: the snapshot's log is empty before the first command", "[table][log]") {
    FourPlayers f(5);
    const json snap = spectate_snapshot(f.t);
    CHECK(snap["log"] == json::array());
}

// ---- spectator chat ----------------------------------------------------------------------------------

TEST_CASE("Table: spectators' chat goes to spectators only, players' chat to everyone, each line says which", "[table][chat]") {
    FourPlayers f(5);
    Table& t = f.t;
    Peer& s1 = t.spectate();
    Peer& s2 = t.spectate();
    Peer& late = t.join("Eve");  // after the start: a spectator with a name
    REQUIRE(late.seat == kNoSeat);

    s1.send(msg("chat", {{"text", "who is winning?"}}));
    const json a = s1.expect("chat");
    CHECK(a["spectator"] == true);
    CHECK(a["seat"].is_null());
    CHECK(a["text"] == "who is winning?");
    const std::string name1 = a["name"];
    CHECK(name1.starts_with("Spectator "));
    CHECK(s2.expect("chat") == a);
    CHECK(late.expect("chat") == a);
    s1.send(msg("chat", {{"text", "again"}}));
    CHECK(s1.expect("chat")["name"] == name1);  // stable per connection
    s2.expect("chat");
    late.expect("chat");
    s2.send(msg("chat", {{"text", "no idea"}}));
    const json b = s2.expect("chat");
    CHECK(b["name"] != name1);  // numbered per room
    CHECK(b["name"].get<std::string>().starts_with("Spectator "));
    s1.expect("chat");
    late.expect("chat");
    late.send(msg("chat", {{"text", "hi all"}}));
    const json c = late.expect("chat");
    CHECK(c["name"] == "Eve");
    CHECK(c["spectator"] == true);
    s1.expect("chat");
    s2.expect("chat");
    for (Peer* p : t.players()) p->ping_pong();  // nothing came before the pong: no spectator line

    t.player(1).send(msg("chat", {{"text", "I am"}}));
    const json d = t.player(1).expect("chat");
    CHECK(d["spectator"] == false);
    CHECK(d["seat"] == 1);
    CHECK(d["name"] == "Bob");
    for (Peer* p : t.connected())
        if (p != &t.player(1)) CHECK(p->expect("chat") == d);

    // Snapshots: a player's history holds the players' lines only, a spectator's holds all.
    auto history = [&](Peer& p) {
        p.send(msg("sync"));
        return p.expect("snapshot")["chat"];
    };
    const auto entry = [](json line) {  // a chat message less its envelope, as snapshots keep it
        line.erase("v");
        line.erase("type");
        return line;
    };
    CHECK(history(t.player(2)) == json::array({entry(d)}));
    const json all = history(s2);
    REQUIRE(all.size() == 5);
    CHECK(all[0] == entry(a));
    CHECK(all[4] == entry(d));
}

// ---- doc.game.stats ----------------------------------------------------------------------------------

namespace {

int cards_in(const json& set) {
    int n = 0;
    for (const auto& [k, v] : set.items()) n += v.get<int>();
    return n;
}

// The statistics the public events of a whole game add up to (what the server must show).
json expected_stats(const std::vector<json>& events, const json& game) {
    const int n = game["options"]["players"];
    json dice = json::array();
    for (int i = 0; i < 11; ++i) dice.push_back(0);
    json players = json::array();
    for (int p = 0; p < n; ++p)
        players.push_back({{"seat", p}, {"gained", {{"brick", 0}, {"lumber", 0}, {"wool", 0}, {"grain", 0}, {"ore", 0}}},
                           {"stolen", 0}, {"lost", 0}, {"discarded", 0}, {"traded_given", 0}, {"traded_received", 0},
                           {"dev_cards_bought", 0}, {"knights", 0}, {"longest_road", game["players"][p]["road_length"]}});
    const auto add = [](json& v, int by) { v = v.get<int>() + by; };
    for (const json& e : events) {
        const std::string type = e["type"];
        if (type == "dice_rolled") add(dice[e["sum"].get<int>() - 2], 1);
        if (type == "produced" || type == "starting_resources")
            for (const auto& [r, c] : e["resources"].items()) add(players[e["player"].get<int>()]["gained"][r], c.get<int>());
        if (type == "stole") {
            add(players[e["player"].get<int>()]["stolen"], 1);
            add(players[e["victim"].get<int>()]["lost"], 1);
        }
        if (type == "discarded") add(players[e["player"].get<int>()]["discarded"], cards_in(e["resources"]));
        if (type == "bank_traded" || type == "trade_completed") {
            json& p = players[e["player"].get<int>()];
            add(p["traded_given"], cards_in(e["gave"]));
            add(p["traded_received"], cards_in(e["got"]));
        }
        if (type == "trade_completed") {
            json& q = players[e["with"].get<int>()];
            add(q["traded_given"], cards_in(e["got"]));
            add(q["traded_received"], cards_in(e["gave"]));
        }
        if (type == "dev_card_bought") add(players[e["player"].get<int>()]["dev_cards_bought"], 1);
        if (type == "dev_card_played" && e["card"] == "knight") add(players[e["player"].get<int>()]["knights"], 1);
    }
    return {{"turns", game["turn"]}, {"dice", dice}, {"players", players}};
}

void check_stats(const json& stats, const std::vector<json>& events, const json& game) {
    const json want = expected_stats(events, game);
    CHECK(stats["turns"] == want["turns"]);
    CHECK(stats["dice"] == want["dice"]);
    CHECK(stats["players"] == want["players"]);
    int rolls = 0, sum = 0;
    for (const json& e : events) rolls += e["type"] == "dice_rolled";
    for (const json& d : stats["dice"]) sum += d.get<int>();
    CHECK(sum == rolls);
}

}  // namespace

TEST_CASE("Table: doc.game.stats adds up the game's public events, ends with the game and survives a restart", "[table][stats]") {
    const catan::store::test::TempDir dir;
    const std::vector<std::string> args = {"--data", dir.file("catan.db").string()};
    auto server = std::make_unique<ServerProcess>(args);
    Table t(server->port());
    t.create_room_rest({{"players", 3}, {"vp_target", 5}, {"takeover_after", "never"}, {"seed", "31337"}});
    t.join("Ana", true);
    t.join("Bob");
    t.join("Cleo");
    std::vector<json> watched;
    Peer& watcher = t.spectate();
    collect_events(watcher, watched);
    const auto before_start = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  std::chrono::system_clock::now().time_since_epoch()).count();
    t.start();
    {
        const json& stats = watcher.game()["stats"];
        CHECK(stats["turns"] == 0);
        CHECK(stats["dice"] == json::array({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
        CHECK(stats["started_at"].get<std::int64_t>() >= before_start - 1000);  // the server's clock, ms
        CHECK(stats["ended_at"].is_null());
        CHECK(stats["players"].size() == 3);
    }
    PolicyOptions po;
    po.seed = 31337;
    po.hoard_seat = 1;
    po.want_trade = true;
    po.want_knight = true;
    Policy policy(po);
    int checked = 0;
    const GameStats played = play_to_end(t, policy, 20000, [&](Peer&, const json&, const json&) {
        if (++checked % 25 == 0) check_stats(watcher.game()["stats"], watched, watcher.game());  // during the game too
    });
    const json end = watcher.game()["stats"];
    check_stats(end, watched, watcher.game());
    CHECK(end["ended_at"].is_number_integer());
    CHECK(end["ended_at"].get<std::int64_t>() >= end["started_at"].get<std::int64_t>());
    CHECK(played.trades_completed >= 1);
    for (Peer* p : t.connected()) CHECK(p->game()["stats"] == end);  // public: the same for everyone

    t.close_all();
    REQUIRE(server->stop() == 0);
    server = std::make_unique<ServerProcess>(args);
    t.move_to(server->port());
    const json again = first_snapshot(t.port(), msg("spectate", {{"room", t.code}}));
    CHECK(again["doc"]["game"]["stats"] == end);
}

// ---- files written before these changes (tests/net/data/make-before-issue-11.mjs) ----------------------

TEST_CASE("Table: a replay record saved before hex_produced existed still verifies, and a changed event in it does not",
          "[table][compat]") {
    std::ifstream in(test_data_file("replay-before-issue-11.json"));
    REQUIRE(in);
    const json old = json::parse(in);
    REQUIRE(old.dump().find("hex_produced") == std::string::npos);
    const catan::store::test::TempDir dir;
    const auto run = [&](const json& record) {
        const std::string path = dir.file("record.json").string();
        std::ofstream(path) << record.dump();
        std::string output;
        FILE* pipe = ::popen((std::string(server_binary()) + " verify '" + path + "' 2>&1").c_str(), "r");
        REQUIRE(pipe);
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
        const int status = ::pclose(pipe);
        INFO(output);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    };
    CHECK(run(old) == 0);
    json bad = old;
    bool changed = false;
    for (json& step : bad["steps"])
        for (json& e : step["events"])
            if (!changed && e["type"] == "produced") {
                e["player"] = e["player"] == 0 ? 1 : 0;
                changed = true;
            }
    REQUIRE(changed);
    CHECK(run(bad) == 1);
}

TEST_CASE("Table: an older server's game comes back with its log, its stats (start time unknown) and its chat marked",
          "[table][compat]") {
    const catan::store::test::TempDir dir;
    std::filesystem::copy_file(test_data_file("before-issue-11.db"), dir.file("catan.db"));
    std::ifstream notes(test_data_file("before-issue-11.txt"));
    std::string word, code, token;
    notes >> word >> code;  // "room H4JPD: ..."
    code = code.substr(0, 5);
    for (std::string w; notes >> w;)
        if (w == "token") {
            notes >> token;
            token = token.substr(0, 32);  // "…;"
        }
    REQUIRE(code.size() == 5);
    REQUIRE(token.size() == 32);
    // --bot-delay: the seat's takeover bot must not move before we look.
    ServerProcess server({"--data", dir.file("catan.db").string(), "--bot-delay", "60000"});
    const json spectator = first_snapshot(server.port(), msg("spectate", {{"room", code}}));
    const json& game = spectator["doc"]["game"];
    REQUIRE(game.is_object());
    REQUIRE(spectator["log"].is_array());
    CHECK(!spectator["log"].empty());
    const json& stats = game["stats"];
    CHECK(stats["started_at"].is_null());  // that server did not keep it
    CHECK(stats["ended_at"].is_null());
    CHECK(stats["turns"] == game["turn"]);
    int rolls = 0, logged_rolls = 0;
    for (const json& d : stats["dice"]) rolls += d.get<int>();
    for (const json& e : spectator["log"]) logged_rolls += e["type"] == "dice_rolled";
    CHECK(rolls >= logged_rolls);
    CHECK(rolls >= 1);
    // The spectator's old line is a spectator's; the player's is not.
    REQUIRE(spectator["chat"].size() == 2);
    CHECK(spectator["chat"][0]["spectator"] == true);
    CHECK(spectator["chat"][1]["spectator"] == false);
    const json ana = first_snapshot(server.port(), msg("rejoin", {{"room", code}, {"token", token}}));
    REQUIRE(ana["chat"].size() == 1);
    CHECK(ana["chat"][0]["text"] == "back again");
    // The same game log; Ana's coming back is a line of its own (a seat note, docs/protocol.md) that
    // the spectator's earlier snapshot could not hold.
    const auto game_lines = [](const json& log) {
        return std::count_if(log.begin(), log.end(), [](const json& e) { return e["type"] != "player_returned" && e["type"] != "bot_took_over"; });
    };
    CHECK(game_lines(ana["log"]) == game_lines(spectator["log"]));
}
