// The room's seat notes in the game's log (room_history.cpp, docs/protocol.md "Seat notes"): a bot
// taking an absent person's seat over and the person coming back are told to everyone as events, and
// every later snapshot's log has them where they happened, so a player back from away reads the bot's
// moves as the bot's. Once a game is over the room says how many of each seat's moves were its
// player's and how many a bot's.
#include "catan/engine/engine.hpp"
#include "support.hpp"

using namespace catan;
using namespace catan::room;
using namespace catan::room::test;
using namespace std::chrono_literals;

namespace {

// (type, player) of each event: what every viewer's copy of an event agrees on.
std::string shape(const json& e) {
    return e["type"].get<std::string>() + "/" + (e.contains("player") && e["player"].is_number() ? std::to_string(e["player"].get<int>()) : "-");
}

struct NotesRoom : Fixture {
    explicit NotesRoom(json options) : Fixture(quick_bots()), host(hub, 1) {
        room = create(hub, std::move(options));
        host.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
        host.send(msg("set_options", {{"options", {{"takeover_after", 0}}}}));  // a bot at once for whoever leaves
        take(host);
    }
    // Polls `c` and keeps the events of its updates (the live log as the client builds it).
    void take(Client& c) {
        for (const json& m : c.poll())
            if (m["type"] == "update")
                for (const json& e : m["events"]) live.push_back(e);
    }
    // Ana plays her first legal action, if she has one.
    bool ana_moves(Rng& rng) {
        take(host);
        const json& actions = host.legal().is_null() ? json::array() : host.legal()["actions"];
        if (actions.empty()) return false;
        host.send(msg("command", {{"seq", host.seq()}, {"command", actions[rng.below(static_cast<std::uint32_t>(actions.size()))]}}));
        take(host);
        return true;
    }
    Created room;
    Client host;
    std::vector<json> live;
};

int count(const std::vector<json>& events, const std::string& s) {
    int n = 0;
    for (const json& e : events) n += shape(e) == s;
    return n;
}

}  // namespace

TEST_CASE("seat notes: a takeover and the return are told live and kept in place in every snapshot's log", "[room][bots]") {
    NotesRoom r({{"players", 2}, {"vp_target", 10}, {"seed", "5"}});
    Client bob(r.hub, 2);
    bob.send(msg("join", {{"room", r.room.code}, {"name", "Bob"}}));
    const std::string token = bob.last("welcome")["token"];
    r.host.send(msg("start"));
    r.take(r.host);

    bob.close();
    r.timers->advance(0ms);  // the grace period (0 s): the bot takes the seat over
    r.take(r.host);
    REQUIRE(count(r.live, "bot_took_over/1") == 1);
    const json told = [&] {
        for (const json& e : r.live)
            if (e["type"] == "bot_took_over") return e;
        return json();
    }();
    CHECK(told == json{{"type", "bot_took_over"}, {"player", 1}, {"text", "Bob is away: a bot plays their seat until they are back."}});

    // The bot plays Bob's seat a while (Ana plays hers).
    Rng rng(4);
    const std::size_t before = r.live.size();
    for (int i = 0; i < 60 && r.host.doc()["room"]["phase"] == "playing"; ++i) {
        r.timers->advance(0ms);
        r.ana_moves(rng);
        r.take(r.host);
    }
    int bots_moves = 0;
    for (std::size_t i = before; i < r.live.size(); ++i) bots_moves += r.live[i].value("player", -1) == 1;
    REQUIRE(bots_moves > 0);

    // Bob comes back: everyone is told; his own snapshot's log has both notes where they happened.
    Client back(r.hub, 3);
    back.send(msg("rejoin", {{"room", r.room.code}, {"token", token}}));
    const json snap = back.last("snapshot");
    r.take(r.host);
    CHECK(count(r.live, "player_returned/1") == 1);

    // The log of any snapshot now is the tail of what Ana heard live, notes included and in order.
    Client watcher(r.hub, 4);
    watcher.send(msg("spectate", {{"room", r.room.code}}));
    for (const json& log : {snap["log"], watcher.last("snapshot")["log"]}) {
        REQUIRE(log.size() <= r.live.size());
        std::vector<std::string> tail, got;
        for (std::size_t i = r.live.size() - log.size(); i < r.live.size(); ++i) tail.push_back(shape(r.live[i]));
        for (const json& e : log) got.push_back(shape(e));
        // Bob left before the game's first event: once the log's window has moved past it, the takeover
        // is kept at the window's start (every move of his seat shown until his return was the bot's).
        if (!got.empty() && got[0] == "bot_took_over/1" && (tail.empty() || tail[0] != "bot_took_over/1")) {
            got.erase(got.begin());
            tail.erase(tail.begin());
        }
        INFO("live " << r.live.size() << " log " << log.size());
        CHECK(got == tail);
        CHECK(count(std::vector<json>(log.begin(), log.end()), "bot_took_over/1") + count(std::vector<json>(log.begin(), log.end()), "player_returned/1") >= 1);
    }
    // Nothing is told twice.
    r.timers->advance(0ms);
    r.ana_moves(rng);
    r.take(r.host);
    CHECK(count(r.live, "bot_took_over/1") == 1);
    CHECK(count(r.live, "player_returned/1") == 1);
}

TEST_CASE("seat notes: after the game the room doc says whose moves were a bot's", "[room][bots]") {
    NotesRoom r({{"players", 2}, {"vp_target", 3}, {"seed", "7"}});
    r.host.send(msg("add_bot", {{"seat", 1}, {"level", "basic"}}));
    r.host.send(msg("start"));
    r.take(r.host);
    CHECK(!r.host.doc()["room"]["seats"][0].contains("moves"));  // only once the game is over
    // Ana places her first settlement herself (she may wait for the bot first), then leaves.
    Rng rng(2);
    int own = 0;
    for (int i = 0; i < 20 && own == 0; ++i) {
        r.timers->advance(0ms);
        own += r.ana_moves(rng);
    }
    REQUIRE(own == 1);
    r.host.close();
    for (int i = 0; i < 20000 && r.hub.room_summary(r.room.code).body["phase"] != "finished"; ++i) r.timers->advance(0ms);
    REQUIRE(r.hub.room_summary(r.room.code).body["phase"] == "finished");
    Client watcher(r.hub, 5);
    watcher.send(msg("spectate", {{"room", r.room.code}}));
    const json seats = watcher.last("snapshot")["doc"]["room"]["seats"];
    REQUIRE(seats[0].contains("moves"));
    CHECK(seats[0]["moves"]["own"] == 1);
    CHECK(seats[0]["moves"]["bot"].get<int>() > 10);
    CHECK(seats[1]["moves"]["own"] == 0);  // a bot's seat: every move a bot's
    CHECK(seats[1]["moves"]["bot"].get<int>() > 10);
}

TEST_CASE("seat notes: a takeover in the middle of the log is put back exactly where it happened", "[room][bots]") {
    NotesRoom r({{"players", 2}, {"vp_target", 10}, {"seed", "9"}});
    Client bob(r.hub, 2);
    bob.send(msg("join", {{"room", r.room.code}, {"name", "Bob"}}));
    const std::string token = bob.last("welcome")["token"];
    r.host.send(msg("start"));
    r.take(r.host);
    // Both place pieces until the log holds a few events; then Bob goes.
    Rng rng(6), bob_rng(8);
    for (int i = 0; i < 40 && r.live.size() < 6; ++i) {
        r.ana_moves(rng);
        bob.poll();
        const json& actions = bob.legal().is_null() ? json::array() : bob.legal()["actions"];
        if (!actions.empty()) bob.send(msg("command", {{"seq", bob.seq()}, {"command", actions[bob_rng.below(static_cast<std::uint32_t>(actions.size()))]}}));
        r.take(r.host);
    }
    REQUIRE(r.live.size() >= 6);
    bob.close();
    r.timers->advance(0ms);
    for (int i = 0; i < 10; ++i) {
        r.timers->advance(0ms);
        r.ana_moves(rng);
        r.take(r.host);
    }
    Client back(r.hub, 3);
    back.send(msg("rejoin", {{"room", r.room.code}, {"token", token}}));
    const json log = back.last("snapshot")["log"];
    r.take(r.host);
    REQUIRE(r.live.size() < 200);  // the whole game is in the log's window
    std::vector<std::string> got, all;
    for (const json& e : log) got.push_back(shape(e));
    for (const json& e : r.live) all.push_back(shape(e));
    CHECK(got == all);
    CHECK(count(r.live, "bot_took_over/1") == 1);
    CHECK(count(r.live, "player_returned/1") == 1);
}
