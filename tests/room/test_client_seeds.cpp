// Nobody chooses the seed (docs/security.md, "Fairness: nobody chooses the seed"). Whoever knows a
// game's seed predicts every roll and sees every hidden card, so a normal server refuses options.seed
// from POST /api/rooms, create_room and set_options and changes nothing. A test server
// (allow_client_seeds) deals from it and tells every viewer: the room document, its fairness and the
// replay record say the seed was chosen. Rooms the previous version saved with a chosen seed (a data
// file record, an exported room file) play their game on exactly as before, marked as chosen, and
// their next game is dealt from a seed the server draws.
#include <fstream>
#include <limits>
#include <random>
#include <sstream>

#include "catan/app/verify_command.hpp"
#include "catan/room/replay.hpp"
#include "catan/room/room_file.hpp"
#include "durable_game.hpp"  // engine, proto, store, support.hpp
#include "temp_dir.hpp"

namespace catan::room::test {

using store::test::TempDir;

namespace {

// A server as it runs by default: the seeds are its own.
HubOptions normal(HubOptions options = {}) {
    options.allow_client_seeds = false;
    return options;
}

json error_of(Client& c) {
    json error;
    for (json& m : c.poll()) {
        CHECK(m["type"] == "error");  // an error and nothing else: no update, no room
        error = std::move(m);
    }
    return error;
}

// A 2-seat room with Ana (host) and Bob seated and a spectator watching, over the hub's sockets.
struct SeedTable {
    Hub& hub;
    Created room;
    Client ana, bob, watcher;
    // Connection ids from `first_id` on: each table of a hub needs its own.
    SeedTable(Hub& h, const json& options, std::uint64_t first_id = 1)
        : hub(h), room(create(h, options)), ana(h, first_id), bob(h, first_id + 1), watcher(h, first_id + 2) {
        ana.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
        bob.send(msg("join", {{"room", room.code}, {"name", "Bob"}}));
        watcher.send(msg("spectate", {{"room", room.code}}));
        poll();
    }
    void poll() {
        for (Client* c : viewers()) c->poll();
    }
    std::vector<Client*> viewers() { return {&ana, &bob, &watcher}; }
    Hub::HttpResult replay() {
        Hub::HttpResult out{0, nullptr};
        hub.room_replay(room.code, {}, [&](Hub::HttpResult r) { out = std::move(r); });  // inline executors
        if (out.text) out.body = json::parse(*out.text);  // a record comes as its JSON text
        return out;
    }
};

// Plays `mirror`'s game to its end through the seats' clients, each command chosen from the legal ones.
void play_to_end(GameState& mirror, const std::vector<Client*>& seats, const std::function<void()>& settle = [] {}) {
    std::mt19937_64 rng(5);
    play_random(mirror, seats, rng, std::numeric_limits<int>::max(), settle);
}

GameState deal(int players, int vp_target, std::uint64_t seed) {
    GameOptions o;
    o.players = players;
    o.victory_target = vp_target;
    o.seed = seed;
    return new_game(o);
}

store::StoredRoom stored(const std::string& path, const std::string& code) {
    Store reader(path);  // a connection of our own beside the hub's
    auto room = reader.read_room(code);
    REQUIRE(room);
    return *room;
}

}  // namespace

TEST_CASE("seeds: a normal server refuses a seed in POST /api/rooms and in create_room, and makes no room", "[room][seeds]") {
    Fixture f(normal());
    const auto rest = create_room(f.hub, json{{"players", 2}, {"seed", "424242"}});
    CHECK(rest.status == 400);
    CHECK(rest.body["code"] == "out_of_range");
    CHECK(rest.body["field"] == "seed");  // REST fields are named inside the body, as "players" is
    CHECK_THAT(rest.body["message"].get<std::string>(), Catch::Contains("nobody can predict the dice"));

    Client c(f.hub, 1);
    c.send(msg("create_room", {{"id", 5}, {"options", {{"players", 2}, {"seed", "7"}}}}));
    const json ws = error_of(c);
    CHECK(ws["code"] == "out_of_range");
    CHECK(ws["field"] == "options.seed");
    CHECK(ws["id"] == 5);
    CHECK_THAT(ws["message"].get<std::string>(), Catch::Contains("leave 'options.seed' out"));
    CHECK(f.hub.room_count() == 0);

    // The same options without the seed make a room; its game is dealt from a seed the server draws.
    c.send(msg("create_room", {{"options", {{"players", 2}}}}));
    CHECK(c.last("room_created").is_object());
    SeedTable t(f.hub, json{{"players", 2}}, 10);
    for (Client* v : t.viewers()) CHECK(v->doc()["room"]["seed_chosen"] == false);
    t.ana.send(msg("start"));
    t.poll();
    for (Client* v : t.viewers()) {
        CHECK(v->doc()["room"]["seed_chosen"] == false);
        CHECK(v->doc()["room"]["fairness"]["seed_chosen"] == false);
    }
    CHECK(t.replay().body["fairness"]["seed_chosen"] == false);
}

TEST_CASE("seeds: a normal server refuses set_options with a seed and changes nothing", "[room][seeds]") {
    Fixture f(normal());
    SeedTable t(f.hub, json{{"players", 3}, {"vp_target", 5}});
    const json before = t.ana.doc();
    const std::uint64_t seq = t.ana.seq();
    t.ana.send(msg("set_options", {{"id", "o"}, {"options", {{"players", 2}, {"seed", "7"}}}}));
    const json e = error_of(t.ana);
    CHECK(e["code"] == "out_of_range");
    CHECK(e["field"] == "options.seed");
    CHECK(e["id"] == "o");
    CHECK(t.ana.seq() == seq);
    CHECK(t.ana.doc() == before);  // still 3 seats: the players change that came with it was not applied
    CHECK(t.bob.poll().empty());
    CHECK(f.hub.room_summary(t.room.code).body["options"]["players"] == 3);

    t.ana.send(msg("set_options", {{"options", {{"players", 2}}}}));  // without the seed it goes through
    t.poll();
    CHECK(t.ana.doc()["room"]["options"]["players"] == 2);
}

TEST_CASE("seeds: on a test server every viewer is told the seed was chosen, in the lobby, the game and the replay record",
          "[room][seeds][fairness]") {
    Fixture f(seeded());
    SeedTable t(f.hub, json{{"players", 2}, {"seed", "77"}, {"vp_target", 3}});
    for (Client* v : t.viewers()) {  // players and spectators alike, before the start
        CHECK(v->doc()["room"]["seed_chosen"] == true);
        CHECK(v->doc()["room"]["fairness"].is_null());
    }
    t.ana.send(msg("start"));
    t.poll();
    for (Client* v : t.viewers()) {
        CHECK(v->doc()["room"]["seed_chosen"] == true);
        CHECK(v->doc()["room"]["fairness"]["seed_chosen"] == true);
        CHECK(v->doc()["room"]["fairness"]["seed"].is_null());  // the seed itself stays hidden while the game runs
    }
    CHECK(t.replay().body["fairness"]["seed_chosen"] == true);
    GameState mirror = deal(2, 3, 77);  // dealt from the chosen seed
    play_to_end(mirror, {&t.ana, &t.bob});
    t.poll();
    CHECK(t.watcher.doc()["room"]["fairness"]["seed"] == "77");
    CHECK(t.watcher.doc()["room"]["fairness"]["seed_chosen"] == true);

    // `verify` checks the record and says the game was not fair.
    TempDir dir;
    const std::string path = dir.file("record.json").string();
    std::ofstream(path) << t.replay().body.dump();
    std::ostringstream out;
    CHECK(app::run_verify(path, out) == 0);
    CHECK_THAT(out.str(), Catch::Contains("NOT FAIR: a client chose this game's seed"));
    CHECK_THAT(out.str(), Catch::Contains("VERIFIED (but not fair)"));

    // A room on the same server without a seed is not marked.
    SeedTable plain(f.hub, json{{"players", 2}}, 10);
    plain.ana.send(msg("start"));
    plain.poll();
    CHECK(plain.watcher.doc()["room"]["seed_chosen"] == false);
    CHECK(plain.watcher.doc()["room"]["fairness"]["seed_chosen"] == false);
}

TEST_CASE("seeds: a game the previous version saved with a chosen seed plays on identically on a normal server, marked, "
          "the next game gets the server's seed",
          "[room][seeds][durability]") {
    constexpr std::uint64_t kSeed = 99;
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    std::unique_ptr<Game> g;
    json fairness_before;
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));  // a test server made the room, as any server of the previous version did
        g = std::make_unique<Game>(f.hub, *store, 2, kSeed, 10, /*vp_target=*/3);
        g->play(*store, 20);
        Client watcher(f.hub, 30);
        watcher.send(msg("spectate", {{"room", g->room.code}}));
        watcher.poll();
        fairness_before = watcher.doc()["room"]["fairness"];
    }
    // The previous version's record: the room's options with the seed, the game's without a mark.
    const store::StoredRoom saved = stored(path, g->room.code);
    CHECK(json::parse(saved.room.options)["seed"] == "99");
    json previous = json::parse(saved.room.game_options);
    CHECK(previous["seed_chosen"] == true);
    previous.erase("seed_chosen");
    exec(path, "UPDATE rooms SET game_options = '" + previous.dump() + "' WHERE code = '" + g->room.code + "'");

    auto store = std::make_shared<Store>(path);
    Fixture f(normal(durable(store)));
    REQUIRE(f.hub.room_count() == 1);
    g->rejoin_all(f.hub, 40);  // the same board, hands, turn and legal actions
    Client watcher(f.hub, 50);
    watcher.send(msg("spectate", {{"room", g->room.code}}));
    watcher.poll();
    const json room = watcher.doc()["room"];
    CHECK(room["seed_chosen"] == true);
    CHECK(room["fairness"]["seed_chosen"] == true);
    CHECK(room["fairness"]["commitment"] == fairness_before["commitment"]);  // the commitment it published still holds
    Hub::HttpResult record{0, nullptr};
    f.hub.room_replay(g->room.code, {}, [&](Hub::HttpResult r) { record = std::move(r); });
    if (record.text) record.body = json::parse(*record.text);
    CHECK(record.body["fairness"]["seed_chosen"] == true);

    // The game goes on to its end exactly as the seed and the log say.
    play_to_end(g->mirror, {g->seats[0].get(), g->seats[1].get()}, [&] { settle(*store); });
    for (std::size_t seat = 0; seat < g->seats.size(); ++seat) g->check(*g->seats[seat], static_cast<int>(seat));
    watcher.poll();
    CHECK(watcher.doc()["room"]["fairness"]["seed"] == "99");

    // The next game is the server's: the stored seed is gone from the room, the new game unmarked.
    g->seats[0]->send(msg("play_again"));
    settle(*store);
    watcher.poll();
    CHECK(watcher.doc()["room"]["seed_chosen"] == false);
    g->seats[0]->send(msg("start"));
    settle(*store);
    watcher.poll();
    CHECK(watcher.doc()["room"]["seed_chosen"] == false);
    CHECK(watcher.doc()["room"]["fairness"]["seed_chosen"] == false);
    CHECK(engine_view(watcher.doc()["game"]) != proto::player_view(deal(2, 3, kSeed), proto::kSpectator));  // not the chosen deal
    const store::StoredRoom next = stored(path, g->room.code);
    CHECK(!json::parse(next.room.options).contains("seed"));
    const json next_game = json::parse(next.room.game_options);
    CHECK(next_game["seed"] != "99");
    CHECK(!next_game.contains("seed_chosen"));
}

TEST_CASE("seeds: a room file exported by the previous version with a chosen seed imports and plays on, marked, on a normal server",
          "[room][seeds][room-file]") {
    std::ifstream in(CATAN_ROOM_FILE_SCHEMA);
    REQUIRE(in);
    const json example = json::parse(in)["examples"][0];  // a 2-player game 12 commands in, options.seed 20261129
    REQUIRE(example["options"]["seed"] == "20261129");
    REQUIRE(example["game_options"]["seed"] == "20261129");
    auto imported = import_room(example);
    REQUIRE(imported);
    json marked_badly = example;
    marked_badly["game_options"]["seed_chosen"] = "yes";
    const auto refused = import_room(marked_badly);
    REQUIRE(!refused);
    CHECK(refused.error().field == "game_options.seed_chosen");

    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    GameState mirror = deal(2, 3, 20261129);
    for (const json& c : example["commands"]) {
        auto command = proto::decode_command(c["command"], c["seat"].get<int>());
        REQUIRE(command);
        REQUIRE(!apply(mirror, command.value()));
    }
    {
        Store target(path);
        REQUIRE(target.import_room(imported.value(), /*replace=*/false));
    }
    auto store = std::make_shared<Store>(path);
    Fixture f(normal(durable(store)));
    REQUIRE(f.hub.room_count() == 1);
    const std::string code = example["code"];
    Client watcher(f.hub, 50);
    watcher.send(msg("spectate", {{"room", code}}));
    watcher.poll();
    CHECK(watcher.doc()["room"]["seed_chosen"] == true);
    CHECK(watcher.doc()["room"]["fairness"].is_null());  // saved before commitments: nothing was committed
    CHECK(engine_view(watcher.doc()["game"]) == proto::player_view(mirror, proto::kSpectator));
    CHECK(f.hub.room_summary(code).body["options"] == (json{{"game", "catan"}, {"players", 2}, {"vp_target", 3}, {"takeover_after", 60}, {"turn_timer", 0}, {"pace", "live"}, {"turn_hours", 24}, {"on_timeout", "bot"}, {"discard_limit", 7}, {"friendly_robber", false},
                   {"balanced_board", false}, {"first_by_dice", false}, {"turn_structure", "paired"}, {"scenario", "none"}, {"layout", "random"}}));
}

}  // namespace catan::room::test
