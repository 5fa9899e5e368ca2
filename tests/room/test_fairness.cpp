// Provably fair dice at the room level (docs/fairness.md): the commitment is in every viewer's room
// document from the start, the same for all, with seed and salt null until the game is over and
// revealed then; it is the SHA-256 of the documented byte string; the replay record holds the public
// log and passes `verify`, which catches a changed command, seed, commitment or event; a new game has
// a new commitment; a room restored from its data file keeps its commitment and whole log.
#include <fstream>
#include <random>
#include <sstream>

#include "catan/app/verify_command.hpp"
#include "catan/room/replay.hpp"
#include "durable_game.hpp"  // engine, proto, store, support.hpp
#include "sha256.hpp"
#include "temp_dir.hpp"

// Inside the test namespace: the engine's, the room layer's and the test doubles' names are all in scope.
namespace catan::room::test {

using nettest::sha256_hex;
using store::test::TempDir;

namespace {

// GET /api/rooms/{code}/replay with inline executors (answered before it returns); a record's JSON
// text, sent as it is, is parsed into `body` here.
Hub::HttpResult replay_of(Hub& hub, std::string_view code) {
    Hub::HttpResult out{0, nullptr};
    hub.room_replay(code, {}, [&](Hub::HttpResult r) { out = std::move(r); });
    if (out.text) out.body = json::parse(*out.text);
    return out;
}

// Two seats and a spectator in a seeded room, started; commands chosen from the engine's legal actions.
struct Fair {
    Fixture& f;
    Created room;
    std::vector<std::unique_ptr<Client>> seats;
    std::unique_ptr<Client> watcher;
    GameState mirror;
    std::mt19937_64 rng{3};
    std::uint64_t seed;

    Fair(Fixture& fixture, std::uint64_t s, std::function<void()> settle = [] {}) : f(fixture), seed(s) {
        room = create(f.hub, json{{"players", 2}, {"seed", std::to_string(seed)}, {"vp_target", 3}});
        for (int i = 0; i < 2; ++i) {
            seats.push_back(std::make_unique<Client>(f.hub, 10 + i));
            json join = {{"room", room.code}, {"name", i == 0 ? "Ana" : "Bob"}};
            if (i == 0) join["host_key"] = room.host_key;
            seats[i]->send(msg("join", join));
            settle();
        }
        watcher = std::make_unique<Client>(f.hub, 20);
        watcher->send(msg("spectate", {{"room", room.code}}));
        seats[0]->send(msg("start"));
        settle();
        GameOptions o;
        o.players = 2;
        o.victory_target = 3;
        o.seed = seed;
        mirror = new_game(o);
        poll_all();
    }
    void poll_all() {
        for (auto& c : seats) c->poll();
        watcher->poll();
    }
    // Up to `n` commands (fewer if the game ends), each from a seat that may act.
    void play(int n, const std::function<void()>& settle = [] {}) {
        play_random(mirror, {seats[0].get(), seats[1].get()}, rng, n, settle);
        watcher->poll();
    }
    std::vector<Client*> viewers() { return {seats[0].get(), seats[1].get(), watcher.get()}; }
    json fairness() { return watcher->doc()["room"]["fairness"]; }
    Hub::HttpResult replay() { return replay_of(f.hub, room.code); }
};

std::pair<int, std::string> verify(const json& record, const TempDir& dir) {
    const std::string path = dir.file("record.json").string();
    std::ofstream(path) << record.dump();
    std::ostringstream out;
    const int code = app::run_verify(path, out);
    return {code, out.str()};
}

// Edits the first event of `type` in the steps' `field` ("events" or "revealed_events"); false if none.
bool edit_first_event(json& record, const char* field, const char* type, const std::function<void(json&)>& edit) {
    for (json& step : record["steps"]) {
        REQUIRE(step.contains(field));
        for (json& e : step[field])
            if (e["type"] == type) {
                edit(e);
                return true;
            }
    }
    return false;
}

}  // namespace

TEST_CASE("fairness: the commitment is public from the start, seed and salt only once the game is over", "[room][fairness]") {
    Fixture f;
    Fair g(f, 424242);
    const json start = g.fairness();
    REQUIRE(start.is_object());
    const std::string commitment = start["commitment"];
    CHECK(commitment.size() == 64);
    CHECK(start["seed"].is_null());
    CHECK(start["salt"].is_null());
    for (Client* c : g.viewers()) CHECK(c->doc()["room"]["fairness"] == start);  // players and spectators alike
    CHECK(f.hub.room_summary(g.room.code).body.dump().find("424242") == std::string::npos);

    g.play(5000);
    REQUIRE(g.mirror.phase == Phase::GameOver);
    const json end = g.fairness();
    for (Client* c : g.viewers()) CHECK(c->doc()["room"]["fairness"] == end);
    CHECK(end["commitment"] == commitment);
    CHECK(end["seed"] == "424242");
    const std::string salt = end["salt"];
    CHECK(salt.size() == 32);
    CHECK(commitment == sha256_hex("catan-v1:424242:" + salt));
    CHECK(commitment_text(424242, salt) == "catan-v1:424242:" + salt);
    // Nothing before the game-ending update carried the salt.
    for (Client* c : g.viewers()) {
        const auto sent = c->outbox()->sent();
        REQUIRE(sent.size() > 2);
        for (std::size_t i = 0; i + 1 < sent.size(); ++i) {
            if (sent[i]->find("fairness") != std::string::npos && sent[i]->find("\"phase\":\"finished\"") != std::string::npos) break;
            REQUIRE(sent[i]->find(salt) == std::string::npos);
        }
    }
}

TEST_CASE("fairness: the replay record of a running game has the log so far and no seed, finished, it verifies", "[room][fairness]") {
    Fixture f;
    TempDir dir;
    Fair g(f, 77);
    Hub::HttpResult r = g.replay();
    REQUIRE(r.status == 200);
    CHECK(r.body["steps"].empty());
    CHECK(r.body["start"] == proto::player_view(g.mirror, proto::kSpectator));
    CHECK(r.body["fairness"]["commitment"] == g.fairness()["commitment"]);

    g.play(40);
    r = g.replay();
    REQUIRE(r.status == 200);
    CHECK(r.body["steps"].size() == 40);
    CHECK(r.body["finished"] == false);
    CHECK(r.body["fairness"]["seed"].is_null());
    CHECK(r.body["fairness"]["salt"].is_null());
    CHECK(r.body.dump().find("revealed_events") == std::string::npos);  // hidden information stays hidden
    CHECK(r.body.dump().find(std::string(g.fairness()["commitment"])) != std::string::npos);
    const auto [running_code, running_text] = verify(r.body, dir);
    CHECK(running_code == 2);
    CHECK(running_text.find("still running") != std::string::npos);

    g.play(5000);
    REQUIRE(g.mirror.phase == Phase::GameOver);
    r = g.replay();
    REQUIRE(r.status == 200);
    const json record = r.body;
    CHECK(record["finished"] == true);
    CHECK(record["winner"] == g.mirror.winner);
    CHECK(record["seats"] == json::array({"Ana", "Bob"}));
    CHECK(record["fairness"]["seed"] == "77");
    CHECK(record["fairness"]["salt"] == g.fairness()["salt"]);
    // A viewer needs no engine: the start view patched step by step is the spectator's final view.
    json view = record["start"];
    for (const json& step : record["steps"]) view = view.patch(step["patch"]);
    CHECK(view == proto::player_view(g.mirror, proto::kSpectator));

    auto [code, text] = verify(record, dir);
    INFO(text);
    CHECK(code == 0);
    CHECK(text.find("VERIFIED") != std::string::npos);

    SECTION("a changed command") {
        json bad = record;
        // The first settlement moves to where seat 1 built: legal itself, but the road that follows
        // no longer touches it, and verify names that step.
        bad["steps"][0]["command"] = bad["steps"][2]["command"];
        std::tie(code, text) = verify(bad, dir);
        INFO(text);
        CHECK(code == 1);
        CHECK(text.find("step 2 (seat 0, build_road): the game refuses it") != std::string::npos);
    }
    SECTION("a changed seed") {
        json bad = record;
        bad["fairness"]["seed"] = "78";
        std::tie(code, text) = verify(bad, dir);
        CHECK(code == 1);
        CHECK(text.find("commitment does not match") != std::string::npos);
    }
    SECTION("a changed commitment") {
        json bad = record;
        std::string c = bad["fairness"]["commitment"];
        c[0] = c[0] == '0' ? '1' : '0';
        bad["fairness"]["commitment"] = c;
        std::tie(code, text) = verify(bad, dir);
        CHECK(code == 1);
        CHECK(text.find("commitment does not match") != std::string::npos);
    }
    SECTION("a changed dice roll in the recorded events") {
        json bad = record;
        REQUIRE(edit_first_event(bad, "events", "dice_rolled", [](json& e) { e["sum"] = e["sum"] == 7 ? 8 : 7; }));
        std::tie(code, text) = verify(bad, dir);
        CHECK(code == 1);
        CHECK(text.find("events differ") != std::string::npos);
    }
    SECTION("a changed stolen resource, revealed after the game") {
        json bad = record;
        REQUIRE(edit_first_event(bad, "revealed_events", "stole", [](json& e) {
            REQUIRE(e.contains("resource"));  // hidden from the spectator events, shown here
            e["resource"] = e["resource"] == "ore" ? "wool" : "ore";
        }));
        std::tie(code, text) = verify(bad, dir);
        CHECK(code == 1);
        CHECK(text.find("revealed_events differ") != std::string::npos);
    }
    SECTION("not a record") {
        std::tie(code, text) = verify(json{{"hello", 1}}, dir);
        CHECK(code == 2);
        CHECK(text.find("not a replay record") != std::string::npos);
    }
}

TEST_CASE("fairness: no replay before a game, none for an unknown room, a new game has a new commitment", "[room][fairness]") {
    Fixture f;
    const Hub::HttpResult none = replay_of(f.hub, "ZZZZZ");
    CHECK(none.status == 404);
    CHECK(none.body["code"] == "no_such_room");

    Fair g(f, 5);
    const std::string first = g.fairness()["commitment"];
    g.play(5000);
    const std::string first_salt = g.fairness()["salt"];
    g.seats[0]->send(msg("play_again"));
    g.poll_all();
    CHECK(g.fairness().is_null());
    const Hub::HttpResult lobby = g.replay();
    CHECK(lobby.status == 409);
    CHECK(lobby.body["code"] == "wrong_phase");
    CHECK(std::string(lobby.body["message"]).find("no game yet") != std::string::npos);

    g.seats[0]->send(msg("start"));
    g.poll_all();
    // The same seed (options.seed is fixed) under a fresh salt: a different commitment.
    const json second = g.fairness();
    CHECK(second["commitment"] != first);
    CHECK(second["seed"].is_null());
    const Hub::HttpResult r = g.replay();
    REQUIRE(r.status == 200);
    CHECK(r.body["game"] == 2);
    CHECK(r.body["steps"].empty());
    CHECK(r.body.dump().find(first_salt) == std::string::npos);
}

TEST_CASE("fairness: a room restored from its data file keeps its commitment and its whole log", "[room][fairness][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    json before_fairness, before_record;
    Created room;
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));  // a snapshot every 7: the log before it must come back too
        const auto wait = [&] { settle(*store); };
        Fair g(f, 31337, wait);
        g.play(23, wait);
        before_fairness = g.fairness();
        before_record = g.replay().body;
        room = g.room;
        REQUIRE(before_record["steps"].size() == 23);
    }
    auto store = std::make_shared<Store>(path);
    Fixture f(durable(store));
    Client back(f.hub, 50);
    back.send(msg("spectate", {{"room", room.code}}));
    back.poll();
    CHECK(back.doc()["room"]["fairness"] == before_fairness);
    const Hub::HttpResult after = replay_of(f.hub, room.code);
    REQUIRE(after.status == 200);
    CHECK(after.body == before_record);
}

TEST_CASE("fairness: a game saved by a server from before commitments plays on, without fairness or replay", "[room][fairness][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    Created room;
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));
        const auto wait = [&] { settle(*store); };
        Fair g(f, 99, wait);
        g.play(10, wait);
        room = g.room;
    }
    // What an older server wrote: the game's options without a salt.
    exec(path, "UPDATE rooms SET game_options = '{\"players\":2,\"victory_target\":3,\"seed\":\"99\"}' WHERE code = '" + room.code + "'");
    auto store = std::make_shared<Store>(path);
    Fixture f(durable(store));
    REQUIRE(f.hub.room_count() == 1);
    Client back(f.hub, 50);
    back.send(msg("spectate", {{"room", room.code}}));
    back.poll();
    CHECK(back.doc()["room"]["phase"] == "playing");
    CHECK(back.doc()["room"]["fairness"].is_null());  // nothing was committed: nothing is claimed
    const Hub::HttpResult r = replay_of(f.hub, room.code);
    CHECK(r.status == 409);
    CHECK(std::string(r.body["message"]).find("published no commitment") != std::string::npos);
}

}  // namespace catan::room::test
