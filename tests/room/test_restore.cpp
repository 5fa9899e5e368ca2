// Durability at the room level, on a real SQLite file: a command's update goes out only once its log
// entry is committed, a command sent meanwhile waits (and is then stale), rooms come back from the
// file exactly as they were (board, hands, turn, seats, chat, host key), players rejoin with the
// tokens they hold and play on, and a room whose log no longer applies is set aside alone.
#include <thread>

#include <sqlite3.h>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "catan/store/store.hpp"
#include "durable_game.hpp"
#include "temp_dir.hpp"

using namespace catan;
using namespace catan::room;
using namespace catan::room::test;
using catan::store::Store;
using catan::store::test::TempDir;

namespace {

// Commands logged for a room (for one of its games when `game` > 0), read by a connection of our own.
std::int64_t logged_commands(const std::string& path, const std::string& code, int game = 0) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "SELECT count(*) FROM commands WHERE code = ?1 AND (?2 = 0 OR game = ?2)", -1, &s, nullptr) == SQLITE_OK);
    sqlite3_bind_text(s, 1, code.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(s, 2, game);
    REQUIRE(sqlite3_step(s) == SQLITE_ROW);
    const std::int64_t n = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return n;
}

// A hub on a fresh data file, with one seated 2-player game started.
struct DurableGame {
    explicit DurableGame(std::uint64_t seed) : g(f.hub, *store, 2, seed, 10) {}
    TempDir dir;
    std::string path = dir.file("catan.db").string();
    std::shared_ptr<Store> store = std::make_shared<Store>(path);
    Fixture f{durable(store)};
    Game g;
};

}  // namespace

TEST_CASE("durability: the update of a command goes out only after its log entry is committed", "[room][durability]") {
    DurableGame d(11);
    const std::string& path = d.path;
    auto& store = d.store;
    Game& g = d.g;
    for (int i = 1; i <= 15; ++i) {
        const auto [seat, command] = g.next();
        Client& c = *g.seats[seat];
        c.poll();
        c.send(msg("command", {{"seq", c.seq()}, {"command", proto::command_json(command)}}));
        json update;
        for (int spin = 0; spin < 5000 && update.is_null(); ++spin) {
            update = c.last("update");
            if (update.is_null()) std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        REQUIRE(!update.is_null());
        // Seen by another connection to the file the moment the update arrives: it was committed first.
        CHECK(logged_commands(path, g.room.code) == i);
        REQUIRE(!apply(g.mirror, command));
        settle(*store);
    }
}

TEST_CASE("durability: a command sent while another awaits its commit waits, then is stale", "[room][durability]") {
    DurableGame d(5);
    const std::string& path = d.path;
    auto& store = d.store;
    Game& g = d.g;
    const auto [seat, command] = g.next();
    Client& c = *g.seats[seat];
    c.poll();
    const auto seq = c.seq();
    c.send(msg("command", {{"seq", seq}, {"command", proto::command_json(command)}, {"id", 1}}));
    c.send(msg("command", {{"seq", seq}, {"command", proto::command_json(command)}, {"id", 2}}));
    settle(*store);
    const auto got = c.poll();
    int updates = 0;
    json error;
    for (const json& m : got) {
        updates += m["type"] == "update";
        if (m["type"] == "error") error = m;
    }
    CHECK(updates == 1);
    REQUIRE(!error.is_null());
    CHECK(error["code"] == "stale_sequence");
    CHECK(error["id"] == 2);
    CHECK(logged_commands(path, g.room.code) == 1);  // applied once, logged once
    // The data file's counters are exported with the others.
    const std::string metrics = d.f.metrics->prometheus();
    const auto stats = store->stats();
    CHECK(stats.failed == 0);
    CHECK(metrics.find("\ncatan_store_writes_total " + std::to_string(stats.writes) + "\n") != std::string::npos);
    CHECK(metrics.find("\ncatan_store_commits_total " + std::to_string(stats.commits) + "\n") != std::string::npos);
    CHECK(metrics.find("\ncatan_store_failed_writes_total 0\n") != std::string::npos);
}

TEST_CASE("restore: every room comes back from the file as it was and players rejoin with their tokens", "[room][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    std::vector<Game*> games;
    std::unique_ptr<Game> three, two;
    Created lobby;
    std::string lobby_token;
    json summary_three, summary_lobby;
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));
        three = std::make_unique<Game>(f.hub, *store, 3, 42, 10);
        two = std::make_unique<Game>(f.hub, *store, 2, 43, 20);
        three->play(*store, 60);  // snapshots at 7, 14, ... 56, then 4 commands to replay
        two->play(*store, 23);
        lobby = create(f.hub, json{{"players", 4}, {"vp_target", 8}});
        Client host(f.hub, 30);
        host.send(msg("join", {{"room", lobby.code}, {"name", "Hal"}, {"host_key", lobby.host_key}}));
        settle(*store);
        lobby_token = host.last("welcome")["token"];
        host.send(msg("chat", {{"text", "back soon"}}));
        settle(*store);
        summary_three = f.hub.room_summary(three->room.code).body;
        summary_lobby = f.hub.room_summary(lobby.code).body;
    }  // the hub and the store are gone: only the file remains

    auto store = std::make_shared<Store>(path);
    Fixture f(durable(store));
    REQUIRE(f.hub.room_count() == 3);
    // Nobody is connected after a restart; everything else is as it was.
    summary_three["seats"][0]["connected"] = summary_three["seats"][1]["connected"] = summary_three["seats"][2]["connected"] = false;
    CHECK(f.hub.room_summary(three->room.code).body == summary_three);
    summary_lobby["seats"][0]["connected"] = false;
    CHECK(f.hub.room_summary(lobby.code).body == summary_lobby);

    for (Game* g : {three.get(), two.get()}) {
        g->rejoin_all(f.hub, g == two.get() ? 110 : 100);
        g->play(*store, 30);  // and the game goes on from there, as the mirror says
        for (std::size_t seat = 0; seat < g->seats.size(); ++seat) g->check(*g->seats[seat], static_cast<int>(seat));
    }

    Client wrong(f.hub, 200);
    wrong.send(msg("rejoin", {{"room", three->room.code}, {"token", std::string(32, '0')}}));
    CHECK(wrong.last("error")["code"] == "bad_token");
    Client hal(f.hub, 201);
    hal.send(msg("rejoin", {{"room", lobby.code}, {"token", lobby_token}}));
    const json snapshot = hal.last("snapshot");
    REQUIRE(snapshot["chat"].size() == 1);
    CHECK(snapshot["chat"][0]["text"] == "back soon");
    Client cohost(f.hub, 202);  // the host key still works (only its hash was kept)
    cohost.send(msg("join", {{"room", lobby.code}, {"name", "Ida"}, {"host_key", lobby.host_key}}));
    settle(*store);
    CHECK(cohost.last("welcome")["host"] == true);
}

TEST_CASE("restore: a room whose log no longer applies is set aside and reported, the others come back", "[room][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    std::string good, bad;
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));
        Game a(f.hub, *store, 2, 1, 10), b(f.hub, *store, 2, 2, 20);
        a.play(*store, 5);
        b.play(*store, 5);
        good = a.room.code;
        bad = b.room.code;
    }
    // The second placement is now the same settlement again: the engine refuses it on replay.
    std::string sql = "UPDATE commands SET command = (SELECT command FROM commands WHERE code = '";
    sql += bad;
    sql += "' AND idx = 1) WHERE code = '";
    sql += bad;
    sql += "' AND idx = 3";
    exec(path, sql);
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));
        CHECK(f.hub.room_count() == 1);
        CHECK(f.hub.room_summary(good).status == 200);
        CHECK(f.hub.room_summary(bad).status == 404);
    }
    auto store = std::make_shared<Store>(path);  // set aside for good: kept in the file, not retried
    Fixture f(durable(store));
    CHECK(f.hub.room_count() == 1);
    CHECK(logged_commands(path, bad) == 5);
}

TEST_CASE("restore: a finished game comes back finished, after play again the new game comes back, the old log stays", "[room][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    std::unique_ptr<Game> g;
    std::int64_t first_game_commands = 0;
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));
        g = std::make_unique<Game>(f.hub, *store, 2, 9, 10, /*vp_target=*/3);
        for (int round = 0; round < 40 && g->mirror.phase != Phase::GameOver; ++round) g->play(*store, 50);
        REQUIRE(g->mirror.phase == Phase::GameOver);
        first_game_commands = logged_commands(path, g->room.code, 1);
    }
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));
        CHECK(f.hub.room_summary(g->room.code).body["phase"] == "finished");
        g->rejoin_all(f.hub, 50);  // the final board, the winner
        g->seats[0]->send(msg("play_again"));
        settle(*store);
        g->seats[0]->send(msg("start"));
        settle(*store);
        GameOptions o;
        o.players = 2;
        o.victory_target = 3;
        o.seed = 9;  // the room's options fix the seed: the same deal again
        g->mirror = new_game(o);
        g->play(*store, 12);
    }
    auto store = std::make_shared<Store>(path);
    Fixture f(durable(store));
    CHECK(f.hub.room_summary(g->room.code).body["phase"] == "playing");
    g->rejoin_all(f.hub, 60);  // the second game, 12 commands in
    CHECK(logged_commands(path, g->room.code, 1) == first_game_commands);
    CHECK(logged_commands(path, g->room.code, 2) == 12);
}

TEST_CASE("restore: the host's bots come back as bots and play on, an absent player's grace period starts again", "[room][durability][bots]") {
    using namespace std::chrono_literals;
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    const auto options = [](const std::shared_ptr<Store>& store) {
        HubOptions o = durable(store);
        o.bot_delay = 0ms;
        return o;
    };
    // Bots act on timers; each decision is a write whose commit publishes and plans the next one.
    const auto run_bots = [](Fixture& f, Store& store) {
        for (int i = 0; i < 50; ++i) {
            settle(store);
            if (f.timers->advance(0ms) == 0) break;
        }
        settle(store);
    };
    Created room;
    json before;
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(options(store));
        room = create(f.hub, json{{"players", 3}, {"seed", "5"}, {"takeover_after", 30}});
        Client host(f.hub, 1);
        host.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
        settle(*store);
        host.send(msg("add_bot", {{"seat", 1}, {"level", "basic"}}));
        settle(*store);
        host.send(msg("add_bot", {{"seat", 2}, {"level", "random"}}));
        settle(*store);
        host.send(msg("start"));
        settle(*store);
        // Ana plays her turns until the bots have had a few of theirs.
        Rng rng(9);
        for (int round = 0; round < 40; ++round) {
            run_bots(f, *store);
            host.poll();
            const json actions = host.legal().is_null() ? json::array() : host.legal()["actions"];
            if (actions.empty()) continue;
            host.send(msg("command", {{"seq", host.seq()}, {"command", actions[rng.below(static_cast<std::uint32_t>(actions.size()))]}}));
            settle(*store);
        }
        REQUIRE(logged_commands(path, room.code) > 10);
        before = f.hub.room_summary(room.code).body;
    }

    auto store = std::make_shared<Store>(path);
    Fixture f(options(store));
    const json after = f.hub.room_summary(room.code).body;
    CHECK(after["seats"][1]["bot"] == "basic");
    CHECK(after["seats"][2]["bot"] == "random");
    CHECK(after["seats"][0]["bot"].is_null());
    CHECK(after["options"] == before["options"]);  // takeover_after 30 included
    CHECK(after["options"]["takeover_after"] == 30);

    // Nobody rejoins: Ana's seat waits for her through the grace period, then a bot plays it and the
    // game runs to its end with bots only.
    f.timers->advance(29999ms);
    settle(*store);
    CHECK(f.hub.room_summary(room.code).body["seats"][0]["controlled_by"] == "player");
    f.timers->advance(1ms);
    settle(*store);
    CHECK(f.hub.room_summary(room.code).body["seats"][0]["controlled_by"] == "bot");
    for (int i = 0; i < 400 && f.hub.room_summary(room.code).body["phase"] != "finished"; ++i) run_bots(f, *store);
    CHECK(f.hub.room_summary(room.code).body["phase"] == "finished");
}

TEST_CASE("restore: every seq after a restart is above every seq before it, so a command resent from before is stale",
          "[room][durability][epoch]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    std::unique_ptr<Game> g;
    std::uint64_t highest = 0;
    int actor = 0;
    json command;
    std::uint64_t sent_at = 0;
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));
        g = std::make_unique<Game>(f.hub, *store, 2, 44, 10);
        g->play(*store, 20);
        const auto [seat, next] = g->next();
        Client& c = *g->seats[seat];
        c.poll();
        actor = seat;
        sent_at = c.seq();
        command = proto::command_json(next);
        c.send(msg("command", {{"seq", sent_at}, {"command", command}}));
        settle(*store);
        REQUIRE(!apply(g->mirror, next));
        for (auto& s : g->seats) {
            s->poll();
            highest = std::max(highest, s->seq());
        }
    }
    for (int restart = 1; restart <= 3; ++restart) {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));
        g->rejoin_all(f.hub, 100 * static_cast<std::uint64_t>(restart));  // the command is in the state, once
        std::uint64_t lowest = ~std::uint64_t{0};
        for (auto& s : g->seats) {
            s->poll();
            lowest = std::min(lowest, s->seq());
        }
        CHECK(lowest > highest);
        CHECK(lowest >> 32 == static_cast<std::uint64_t>(restart));
        // Its sender, never having heard back (say), sends it again with the seq it had.
        g->seats[actor]->send(msg("command", {{"seq", sent_at}, {"command", command}}));
        settle(*store);
        const json error = g->seats[actor]->last("error");
        CHECK(error["code"] == "stale_sequence");
        for (std::size_t seat = 0; seat < g->seats.size(); ++seat) g->check(*g->seats[seat], static_cast<int>(seat));
        for (auto& s : g->seats) highest = std::max(highest, s->seq());
        sent_at = g->seats[actor]->seq();  // the next restart must outrun this one too
    }
}
