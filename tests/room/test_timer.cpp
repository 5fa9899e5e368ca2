// The turn timer (docs/protocol.md, "Turn timer"), through Hub::on_text with inline executors and
// the fake clock the rooms read (HubOptions::clock): the option and its validation, room.timer in the
// document, the bot taking exactly the decision that ran out (setup, turn, discard, trade answer) and
// nobody else's, a decision made in time starting the next one afresh, no wake-up at all when off,
// and the option and a running timer across a restart and an export.
#include <fstream>

#include "catan/engine/engine.hpp"
#include "catan/room/room_file.hpp"
#include "catan/store/store.hpp"
#include "durable_game.hpp"
#include "temp_dir.hpp"

using namespace catan;
using namespace catan::room;
using namespace catan::room::test;
using namespace std::chrono_literals;
using catan::store::Store;
using catan::store::test::TempDir;

namespace {

// Two people, Ana (the host, seat 0) and Bob (seat 1), in a room with `turn_timer`; nobody's seat is
// ever taken over for being away, so every bot move below is the timer's.
struct TimedRoom : Fixture {
    explicit TimedRoom(json turn_timer = 60, std::string seed = "7") : Fixture(quick_bots()), ana(hub, 1), bob(hub, 2) {
        json options = {{"players", 2}, {"seed", seed}, {"takeover_after", "never"}};
        if (!turn_timer.is_null()) options["turn_timer"] = turn_timer;
        room = create(hub, options);
        ana.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
        bob.send(msg("join", {{"room", room.code}, {"name", "Bob"}}));
        poll();
    }
    void start() {
        ana.send(msg("start"));
        poll();
    }
    void poll() {
        ana.poll();
        bob.poll();
    }
    Client& seat(int s) { return s == 0 ? ana : bob; }
    const json& game() const { return ana.doc()["game"]; }
    const json& timer() const { return ana.doc()["room"]["timer"]; }
    int current() const { return game()["current"].get<int>(); }
    // Seat `s` plays its first legal action of `type` (any type when empty); false if it has none.
    bool act(int s, std::string_view type = {}) {
        Client& c = seat(s);
        c.poll();
        if (c.legal().is_null()) return false;
        for (const json& a : c.legal()["actions"])
            if (type.empty() || a["type"] == type) {
                c.send(msg("command", {{"seq", c.seq()}, {"command", a}}));
                poll();
                REQUIRE(c.last("error").is_null());
                return true;
            }
        return false;
    }
    void advance(std::chrono::milliseconds by) {
        timers->advance(by);
        poll();
    }
    std::size_t pieces(int s) const {
        const json& p = game()["players"][s];
        return p["settlements"].size() + p["roads"].size();
    }
    Created room;
    Client ana, bob;
};

json timer_of(std::string_view decision, int limit, std::int64_t remaining_ms, json seats) {
    return {{"decision", decision}, {"limit", limit}, {"remaining_ms", remaining_ms}, {"seats", std::move(seats)}};
}

// room.timer without its decision number (checked on its own where it matters).
json shown(json timer) {
    if (timer.is_object()) timer.erase("id");
    return timer;
}

}  // namespace

TEST_CASE("timer: turn_timer is off by default, 60/90/120 are accepted, any other value is refused naming the field",
          "[room][timer]") {
    TimedRoom r(nullptr);
    CHECK(r.ana.doc()["room"]["options"]["turn_timer"] == 0);
    CHECK(r.ana.doc()["room"]["timer"].is_null());
    CHECK(r.hub.room_summary(r.room.code).body["options"]["turn_timer"] == 0);

    for (const int seconds : {60, 90, 120, 0}) {
        r.ana.send(msg("set_options", {{"options", {{"turn_timer", seconds}}}}));
        r.poll();
        CHECK(r.bob.doc()["room"]["options"]["turn_timer"] == seconds);  // the others see it
    }
    r.ana.send(msg("set_options", {{"options", {{"turn_timer", 90}}}}));
    r.poll();
    const std::uint64_t seq = r.ana.seq();
    for (const json& bad : {json(30), json(61), json(-60), json(0.5), json("60"), json("off"), json(nullptr)}) {
        r.ana.send(msg("set_options", {{"options", {{"turn_timer", bad}, {"vp_target", 5}}}}));
        const json e = r.ana.last("error");
        INFO(bad.dump());
        CHECK(e["field"] == "options.turn_timer");
        CHECK(e["code"] == (bad.is_number_integer() ? "out_of_range" : "wrong_type"));
    }
    CHECK(r.ana.seq() == seq);  // nothing changed, not even vp_target sent beside it
    CHECK(r.ana.doc()["room"]["options"]["turn_timer"] == 90);
    CHECK(r.ana.doc()["room"]["options"]["vp_target"] == 10);
    const json out_of_range = [&] {
        r.ana.send(msg("set_options", {{"options", {{"turn_timer", 45}}}}));
        return r.ana.last("error");
    }();
    CHECK_THAT(out_of_range["message"].get<std::string>(), Catch::Contains("0 (off), 60, 90 or 120"));
    // Only the host may set it.
    r.bob.send(msg("set_options", {{"options", {{"turn_timer", 60}}}}));
    CHECK(r.bob.last("error")["code"] == "not_host");

    // POST /api/rooms and create_room take it too, and refuse a bad one the same way.
    const auto made = create_room(r.hub, {{"turn_timer", 120}});
    REQUIRE(made.status == 201);
    CHECK(r.hub.room_summary(made.body["code"].get<std::string>()).body["options"]["turn_timer"] == 120);
    const auto refused = create_room(r.hub, {{"turn_timer", 100}});
    CHECK(refused.status == 400);
    CHECK(refused.body["field"] == "turn_timer");
    Client creator(r.hub, 9);
    creator.send(msg("create_room", {{"options", {{"turn_timer", 10}}}}));
    CHECK(creator.last("error")["field"] == "options.turn_timer");
    creator.send(msg("create_room", {{"options", {{"turn_timer", 60}}}}));
    CHECK(creator.last("room_created").is_object());
}

TEST_CASE("timer: off, a game waits for its players for ever and no wake-up is ever armed", "[room][timer]") {
    TimedRoom r(0);
    r.start();
    CHECK(r.timer().is_null());
    CHECK(r.timers->pending() == 0);
    const std::uint64_t seq = r.ana.seq();
    r.advance(24h);
    CHECK(r.ana.seq() == seq);
    CHECK(r.pieces(0) + r.pieces(1) == 0);
    CHECK(r.timers->pending() == 0);
}

TEST_CASE("timer: a setup placement runs out at half the turn limit, the bot places for that seat only", "[room][timer]") {
    TimedRoom r(60);
    r.start();
    const int first = r.current();
    const int other = 1 - first;
    CHECK(shown(r.timer()) == timer_of("setup", 30, 30000, {first}));
    CHECK(r.bob.doc()["room"]["timer"] == r.timer());  // every viewer sees the same deadline
    CHECK(r.timers->pending() == 1);                    // one wake-up for the room, not one a second

    const std::uint64_t seq = r.ana.seq();
    r.advance(29999ms);
    CHECK(r.ana.seq() == seq);  // nothing is sent while the clock runs
    CHECK(r.pieces(first) == 0);
    r.advance(1ms);
    CHECK(r.pieces(first) == 2);  // its settlement and its road
    CHECK(r.pieces(other) == 0);
    // The next placement is the other seat's, with a full limit of its own; a spectator's snapshot
    // says how much is left as of when it was built.
    CHECK(r.current() == other);
    CHECK(shown(r.timer()) == timer_of("setup", 30, 30000, {other}));
    r.advance(12s);
    Client late(r.hub, 7);
    late.send(msg("spectate", {{"room", r.room.code}}));
    CHECK(shown(late.last("snapshot")["doc"]["room"]["timer"]) == timer_of("setup", 30, 18000, {other}));

    // Placed in time: nothing is taken, and the next decision starts with the whole limit again.
    const json id = r.timer()["id"];
    REQUIRE(r.act(other, "build_settlement"));
    CHECK(r.timer()["id"] == id);  // the settlement and its road are one decision
    REQUIRE(r.act(other, "build_road"));
    CHECK(shown(r.timer()) == timer_of("setup", 30, 30000, {other}));  // 2 players: the same seat places again
    CHECK(r.timer()["id"] != id);  // told apart from the last one, which had the same limit and seat
    r.advance(18s);  // past the deadline the previous placement had
    CHECK(r.pieces(other) == 2);
    r.advance(12s);
    CHECK(r.pieces(other) == 4);
    CHECK(r.pieces(first) == 2);
    CHECK(shown(r.timer()) == timer_of("setup", 30, 30000, {first}));
}

TEST_CASE("timer: a turn that runs out is rolled and ended by the bot, the next player's turn is theirs, with a full limit",
          "[room][timer]") {
    TimedRoom r(90);
    r.start();
    for (int placement = 0; placement < 4; ++placement) r.advance(45s);  // the whole setup by the bot
    REQUIRE(r.game()["phase"] == "pre_roll");
    const int first = r.current();
    CHECK(shown(r.timer()) == timer_of("turn", 90, 90000, {first}));
    const json hands = r.game()["players"];

    r.advance(89999ms);
    CHECK(r.game()["phase"] == "pre_roll");
    CHECK(r.current() == first);
    r.advance(1ms);
    CHECK(r.game()["dice"].is_array());
    const auto rolled = r.game()["dice"][0].get<int>() + r.game()["dice"][1].get<int>();
    REQUIRE(rolled != 7);  // this seed's first roll: the test of discards is below
    // Rolled, then ended: the bot does not build or trade with the player's cards.
    CHECK(r.current() == 1 - first);
    CHECK(r.game()["phase"] == "pre_roll");
    CHECK(r.game()["players"][first]["roads"] == hands[first]["roads"]);
    CHECK(r.game()["players"][first]["settlements"] == hands[first]["settlements"]);
    CHECK(shown(r.timer()) == timer_of("turn", 90, 90000, {1 - first}));
    // The next player's decision is not taken before its own limit.
    const std::uint64_t seq = r.ana.seq();
    r.advance(89999ms);
    CHECK(r.ana.seq() == seq);
    // Rolling in time keeps the turn's clock running (one limit for the whole turn): room.timer is
    // not sent again, and the turn ends at the deadline it had.
    REQUIRE(r.act(1 - first, "roll_dice"));
    REQUIRE(r.game()["phase"] == "main");
    CHECK(r.ana.last("update")["patch"].dump().find("/room/timer") == std::string::npos);
    r.advance(1ms);
    CHECK(r.current() == first);
    CHECK(shown(r.timer()) == timer_of("turn", 90, 90000, {first}));
}

TEST_CASE("timer: an offer nobody answers is declined for them after 30 s, the proposer's turn goes on", "[room][timer]") {
    TimedRoom r(60);
    r.start();
    for (int placement = 0; placement < 4; ++placement) r.advance(30s);
    const int proposer = r.current(), responder = 1 - proposer;
    REQUIRE(r.act(proposer, "roll_dice"));
    REQUIRE(r.game()["phase"] == "main");
    r.advance(5s);
    // One card the proposer holds for one of another kind.
    const json hand = r.seat(proposer).doc()["game"]["me"]["hand"];
    std::string give, want;
    for (const auto& [resource, n] : hand.items())
        if (n.get<int>() > 0 && give.empty()) give = resource;
    for (const auto& [resource, n] : hand.items())
        if (resource != give && want.empty()) want = resource;
    REQUIRE(!give.empty());
    Client& p = r.seat(proposer);
    const json offer = {{"type", "propose_trade"}, {"give", {{give, 1}}}, {"want", {{want, 1}}}};
    p.send(msg("command", {{"seq", p.seq()}, {"command", offer}}));
    r.poll();
    REQUIRE(p.last("error").is_null());
    CHECK(shown(r.timer()) == timer_of("trade", 30, 30000, {responder}));

    r.advance(29999ms);
    CHECK(r.game()["offer"]["responses"][0]["response"] == "pending");
    const std::uint64_t before = r.ana.seq();
    r.advance(1ms);
    CHECK(r.ana.seq() == before + 1);  // one command: the decline (which closes an offer to one player)
    CHECK(r.game()["offer"].is_null());
    // The proposer's turn is not taken: it goes on with what is left of its 60 s.
    CHECK(r.game()["phase"] == "main");
    CHECK(r.current() == proposer);
    CHECK(shown(r.timer()) == timer_of("turn", 60, 25000, {proposer}));
    r.advance(24999ms);
    CHECK(r.current() == proposer);
    r.advance(1ms);
    CHECK(r.current() == responder);
}

TEST_CASE("timer: each seat owing a discard has 30 s: one who discards in time keeps the choice and the other's is made for them",
          "[room][timer]") {
    // Nobody builds: hands grow until a 7 finds both players above seven cards.
    TimedRoom r(120, "3");
    r.start();
    for (int placement = 0; placement < 4; ++placement) r.advance(60s);
    bool found = false;
    for (int step = 0; step < 400 && !found; ++step) {
        const int s = r.current();
        if (r.game()["phase"] == "pre_roll") {
            REQUIRE(r.act(s, "roll_dice"));
        } else if (r.game()["phase"] == "discard") {
            found = r.game()["players"][0]["discard_owed"] > 0 && r.game()["players"][1]["discard_owed"] > 0;
            for (int d = 0; d < 2 && !found; ++d)
                if (r.game()["players"][d]["discard_owed"] > 0) REQUIRE(r.act(d, "discard"));
        } else if (r.game()["phase"] == "move_robber") {
            REQUIRE(r.act(s, "move_robber"));
        } else {
            REQUIRE(r.act(s, "end_turn"));
        }
    }
    REQUIRE(found);
    const int on_turn = r.current();
    CHECK(shown(r.timer()) == timer_of("discard", 30, 30000, {0, 1}));
    const json id = r.timer()["id"];
    r.advance(10s);
    REQUIRE(r.act(on_turn, "discard"));
    CHECK(shown(r.timer()) == timer_of("discard", 30, 20000, {1 - on_turn}));  // the other keeps their deadline
    CHECK(r.timer()["id"] == id);
    r.advance(19999ms);
    CHECK(r.game()["players"][1 - on_turn]["discard_owed"] > 0);
    r.advance(1ms);
    CHECK(r.game()["players"][1 - on_turn]["discard_owed"] == 0);
    // The robber is the player on turn's own decision, not taken: it has 30 s of its own.
    CHECK(r.game()["phase"] == "move_robber");
    CHECK(shown(r.timer()) == timer_of("robber", 30, 30000, {on_turn}));
    REQUIRE(r.act(on_turn, "move_robber"));
    // The turn's clock stood still while the others discarded: all that was left at the roll is left.
    CHECK(shown(r.timer()) == timer_of("turn", 120, 120000, {on_turn}));
}

TEST_CASE("timer: a restored room keeps its option and the decision pending at the restart gets a fresh full limit",
          "[room][timer][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    const auto options = [](const std::shared_ptr<Store>& store) { return quick_bots(durable(store)); };
    std::vector<std::string> tokens;
    std::string code;
    int first = -1;
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(options(store));
        const Created room = create(f.hub, {{"players", 2}, {"seed", "7"}, {"turn_timer", 90}, {"takeover_after", "never"}});
        settle(*store);
        Client ana(f.hub, 1), bob(f.hub, 2);
        ana.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
        settle(*store);
        tokens = {ana.last("welcome")["token"].get<std::string>()};
        bob.send(msg("join", {{"room", room.code}, {"name", "Bob"}}));
        settle(*store);
        tokens.push_back(bob.last("welcome")["token"].get<std::string>());
        ana.send(msg("start"));
        settle(*store);
        ana.poll();
        first = ana.doc()["game"]["current"].get<int>();
        f.timers->advance(40s);  // 5 s left of the first placement when the server stops
        Client watcher(f.hub, 3);
        watcher.send(msg("spectate", {{"room", room.code}}));
        CHECK(shown(watcher.last("snapshot")["doc"]["room"]["timer"]) == timer_of("setup", 45, 5000, {first}));
        settle(*store);
        code = room.code;
    }
    auto store = std::make_shared<Store>(path);
    Fixture f(options(store));
    CHECK(f.hub.room_summary(code).body["options"]["turn_timer"] == 90);
    Client back(f.hub, 5);
    back.send(msg("rejoin", {{"room", code}, {"token", tokens[0]}}));
    const json snapshot = back.last("snapshot");
    REQUIRE(snapshot.is_object());
    CHECK(shown(snapshot["doc"]["room"]["timer"]) == timer_of("setup", 45, 45000, {first}));
    f.timers->advance(44999ms);
    settle(*store);
    back.poll();
    CHECK(back.doc()["game"]["players"][first]["settlements"].empty());
    f.timers->advance(1ms);
    for (int i = 0; i < 10; ++i) {  // each bot move is a write, whose commit plans the next move
        settle(*store);
        f.timers->advance(0ms);
    }
    settle(*store);
    back.poll();
    CHECK(back.doc()["game"]["players"][first]["settlements"].size() == 1);
    CHECK(back.doc()["game"]["players"][first]["roads"].size() == 1);
}

TEST_CASE("timer: a room file written before the timer imports with it off, one with a timer exports and imports it",
          "[room][timer][room-file]") {
    std::ifstream in(CATAN_ROOM_FILE_SCHEMA);
    const json schema = json::parse(in);
    const json old = schema["examples"][0];  // a version 1 document: written before the timer existed
    REQUIRE(!old["options"].contains("turn_timer"));
    auto room = import_room(old);
    REQUIRE(room);
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    {
        Store target(path);
        REQUIRE(target.import_room(room.value(), false));
    }
    const std::string code = old["code"];
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(quick_bots(durable(store)));
        CHECK(f.hub.room_summary(code).body["options"]["turn_timer"] == 0);
        Client watcher(f.hub, 1);
        watcher.send(msg("spectate", {{"room", code}}));
        CHECK(watcher.last("snapshot")["doc"]["room"]["timer"].is_null());
        settle(*store);
    }
    // The same document with a timer: kept through export, and a value the server would not set refused.
    json timed = old;
    timed["options"]["turn_timer"] = 120;
    auto with_timer = import_room(timed);
    REQUIRE(with_timer);
    CHECK(json::parse(with_timer.value().room.options)["turn_timer"] == 120);
    CHECK(export_room(with_timer.value(), 1'700'000'000'000)["options"]["turn_timer"] == 120);
    CHECK(!export_room(room.value(), 1'700'000'000'000)["options"].contains("turn_timer"));  // as it was
    timed["options"]["turn_timer"] = 45;
    auto refused = import_room(timed);
    REQUIRE(!refused);
    CHECK(refused.error().field == "options.turn_timer");
}
