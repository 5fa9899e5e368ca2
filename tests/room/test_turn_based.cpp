// Turn-based rooms (docs/protocol.md, "Turn-based rooms"), through Hub::on_text with inline executors
// and the fake clocks the rooms read (HubOptions::clock, and wall_clock moving with it): the options
// and their validation; every decision's deadline of turn_hours, the other seats' too; the bot taking a
// decision that ran out, or the game waiting; no takeover for being away; and, with a data file, a room
// nobody is connected to going to sleep, woken by a rejoin or by its deadline, its clock kept across
// the sleep and a restart.
#include <mutex>
#include <utility>

#include "catan/notify/notifier.hpp"
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

constexpr std::int64_t kWallBase = 1'800'000'000'000;  // the fake wall clock's Unix ms at the fake steady zero

// A hub with quick bots whose wall clock moves with the fake steady one.
HubOptions turn_based_hub(HubOptions o, const std::shared_ptr<FakeTimers>& timers) {
    o.bot_delay = 0ms;
    o.clock = [timers] { return timers->now(); };
    o.wall_clock = [timers] {
        return kWallBase + std::chrono::duration_cast<std::chrono::milliseconds>(timers->now().time_since_epoch()).count();
    };
    o.sleep_after = 60s;
    return o;
}

struct TurnBasedFixture {
    explicit TurnBasedFixture(HubOptions options = seeded())
        : timers(std::make_shared<FakeTimers>()),
          hub(turn_based_hub(command_rate(std::move(options), false), timers), inline_executors(timers), std::make_shared<Metrics>()) {}
    std::shared_ptr<FakeTimers> timers;
    Hub hub;
};

json turn_based(int hours, std::string_view on_timeout = "bot") {
    return {{"players", 2}, {"seed", "7"}, {"pace", "turn_based"}, {"turn_hours", hours}, {"on_timeout", on_timeout}};
}

struct Seated {
    Created room;
    std::vector<std::string> tokens;
};

// Ana (host, seat 0) and Bob (seat 1) join a room of `options` and Ana starts the game.
Seated seat_two(Hub& hub, const json& options, Client& ana, Client& bob, Store* store = nullptr) {
    Seated s{create(hub, options), {}};
    if (store) settle(*store);
    ana.send(msg("join", {{"room", s.room.code}, {"name", "Ana"}, {"host_key", s.room.host_key}}));
    if (store) settle(*store);
    bob.send(msg("join", {{"room", s.room.code}, {"name", "Bob"}}));
    if (store) settle(*store);
    s.tokens = {ana.last("welcome")["token"].get<std::string>(), bob.last("welcome")["token"].get<std::string>()};
    ana.send(msg("start"));
    if (store) settle(*store);
    ana.poll();
    bob.poll();
    return s;
}

// A sweep `after` past now: how long a room has had no connection is counted on the steady clock.
void sweep_later(TurnBasedFixture& f, std::chrono::seconds after) { f.hub.sweep(std::chrono::steady_clock::now() + after); }

std::size_t pieces(const json& doc, int seat) {
    const json& p = doc["game"]["players"][seat];
    return p["settlements"].size() + p["roads"].size();
}

}  // namespace

TEST_CASE("turn-based: pace, turn_hours and on_timeout are room options, shown to all and refused naming the field",
          "[room][turn-based]") {
    TurnBasedFixture f;
    Client ana(f.hub, 1), bob(f.hub, 2);
    const Created room = create(f.hub, {{"players", 2}});
    ana.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
    bob.send(msg("join", {{"room", room.code}, {"name", "Bob"}}));
    ana.poll();
    bob.poll();
    const json& options = bob.doc()["room"]["options"];
    CHECK(options["pace"] == "live");
    CHECK(options["turn_hours"] == 24);
    CHECK(options["on_timeout"] == "bot");
    CHECK(bob.doc()["room"]["limits"]["turn_hours"] == json{{"min", 1}, {"max", 168}, {"default", 24}});

    ana.send(msg("set_options", {{"options", {{"pace", "turn_based"}, {"turn_hours", 168}, {"on_timeout", "wait"}}}}));
    bob.poll();
    CHECK(bob.doc()["room"]["options"]["pace"] == "turn_based");
    CHECK(bob.doc()["room"]["options"]["turn_hours"] == 168);
    CHECK(bob.doc()["room"]["options"]["on_timeout"] == "wait");
    CHECK(f.hub.room_summary(room.code).body["options"]["pace"] == "turn_based");

    ana.poll();
    const std::uint64_t seq = ana.seq();
    const std::vector<std::pair<json, std::string>> refused = {
        {{{"pace", "slow"}}, "options.pace"},       {{{"pace", 1}}, "options.pace"},
        {{{"turn_hours", 0}}, "options.turn_hours"}, {{{"turn_hours", 169}}, "options.turn_hours"},
        {{{"turn_hours", "24"}}, "options.turn_hours"}, {{{"on_timeout", "skip"}}, "options.on_timeout"},
    };
    for (const auto& [bad, field] : refused) {
        json options_sent = bad;
        options_sent["vp_target"] = 5;
        ana.send(msg("set_options", {{"options", options_sent}}));
        INFO(bad.dump());
        CHECK(ana.last("error")["field"] == field);
    }
    CHECK(ana.seq() == seq);  // nothing changed, not even vp_target beside them
    CHECK(ana.doc()["room"]["options"]["vp_target"] == 10);

    // POST /api/rooms takes them and names the field of a bad one.
    const auto made = create_room(f.hub, turn_based(48));
    INFO(made.body.dump());
    CHECK(made.status == 201);
    const auto bad = create_room(f.hub, {{"pace", "turn_based"}, {"turn_hours", 500}});
    CHECK(bad.status == 400);
    CHECK(bad.body["field"] == "turn_hours");
}

TEST_CASE("turn-based: every decision has a deadline of turn_hours, and the bot takes the one that ran out", "[room][turn-based]") {
    TurnBasedFixture f;
    Client ana(f.hub, 1), bob(f.hub, 2);
    seat_two(f.hub, turn_based(2), ana, bob);
    const int first = ana.doc()["game"]["current"].get<int>();
    const json timer = ana.doc()["room"]["timer"];
    CHECK(timer["decision"] == "setup");
    CHECK(timer["limit"] == 2 * 3600);  // live rooms give a setup placement half the turn
    CHECK(timer["remaining_ms"] == 2 * 3600 * 1000);
    // Being away is no reason for a bot in a game over days: nobody takes the seat after a minute.
    (first == 0 ? ana : bob).close();
    f.timers->advance(2h - 1ms);
    (first == 0 ? bob : ana).poll();
    Client& stays = first == 0 ? bob : ana;
    CHECK(pieces(stays.doc(), first) == 0);
    f.timers->advance(1ms);
    for (int i = 0; i < 4; ++i) f.timers->advance(0ms);
    stays.poll();
    CHECK(pieces(stays.doc(), first) == 2);  // the bot placed the settlement and its road
    CHECK(stays.doc()["room"]["timer"]["limit"] == 2 * 3600);
}

TEST_CASE("turn-based: with on_timeout wait the game waits past the deadline for the player", "[room][turn-based]") {
    TurnBasedFixture f;
    Client ana(f.hub, 1), bob(f.hub, 2);
    seat_two(f.hub, turn_based(1, "wait"), ana, bob);
    const int first = ana.doc()["game"]["current"].get<int>();
    f.timers->advance(5h);
    ana.poll();
    CHECK(pieces(ana.doc(), first) == 0);
    CHECK(ana.doc()["room"]["timer"]["decision"] == "setup");
    // The player comes back and plays: the game goes on.
    Client& player = first == 0 ? ana : bob;
    player.poll();
    const json action = player.legal()["actions"][0];
    player.send(msg("command", {{"seq", player.seq()}, {"command", action}}));
    player.poll();
    CHECK(player.last("error").is_null());
}

TEST_CASE("turn-based: a room nobody is connected to sleeps out of memory and a rejoin wakes it as it was",
          "[room][turn-based][sleep][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    auto store = std::make_shared<Store>(path);
    TurnBasedFixture f(durable(store));
    Client ana(f.hub, 1), bob(f.hub, 2);
    const Seated s = seat_two(f.hub, turn_based(24), ana, bob, store.get());
    const json before = ana.doc()["game"];
    const std::uint64_t seq_before = ana.seq();
    f.timers->advance(3h);
    ana.close();
    bob.close();
    settle(*store);
    REQUIRE(f.hub.room_count() == 1);
    sweep_later(f, 59s);
    settle(*store);
    CHECK(f.hub.room_count() == 1);  // not for long enough
    f.timers->advance(60s);
    sweep_later(f, 61s);
    settle(*store);
    CHECK(f.hub.room_count() == 0);  // asleep: only its code and deadline are held
    const auto asleep = store->sleeping_rooms();
    REQUIRE(asleep.size() == 1);
    CHECK(asleep[0].code == s.room.code);
    // The deadline is the setup's: 24 h from the start, 21 h 1 min from now.
    CHECK(asleep[0].wake_ms == kWallBase + std::chrono::duration_cast<std::chrono::milliseconds>(f.timers->now().time_since_epoch() + 21h - 1min).count());

    f.timers->advance(5h);  // asleep for hours: its clock runs on
    Client back(f.hub, 3);
    back.send(msg("rejoin", {{"room", s.room.code}, {"token", s.tokens[0]}}));
    settle(*store);
    const json snapshot = back.last("snapshot");
    REQUIRE(snapshot.is_object());
    CHECK(f.hub.room_count() == 1);
    CHECK(snapshot["doc"]["game"] == before);
    CHECK(snapshot["seq"].get<std::uint64_t>() > seq_before);  // a new epoch: nothing sent before is current
    CHECK(snapshot["doc"]["room"]["timer"]["remaining_ms"] == std::chrono::duration_cast<std::chrono::milliseconds>(16h - 1min).count());
    CHECK(f.hub.room_summary(s.room.code).status == 200);
}

TEST_CASE("turn-based: a sleeping room wakes at its deadline, the bot acts, and it sleeps again until the next",
          "[room][turn-based][sleep][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    std::string code;
    std::vector<std::string> tokens;
    int first = -1;
    {
        auto store = std::make_shared<Store>(path);
        TurnBasedFixture f(durable(store));
        Client ana(f.hub, 1), bob(f.hub, 2);
        const Seated s = seat_two(f.hub, turn_based(1), ana, bob, store.get());
        code = s.room.code;
        tokens = s.tokens;
        first = ana.doc()["game"]["current"].get<int>();
        ana.close();
        bob.close();
        settle(*store);
        f.timers->advance(2min);
        sweep_later(f, 2min);
        settle(*store);
        REQUIRE(f.hub.room_count() == 0);
        // At the deadline the sweep wakes it; the bot places the first settlement and road.
        f.timers->advance(58min);
        f.hub.sweep(f.timers->now());
        for (int i = 0; i < 6; ++i) {
            settle(*store);
            f.timers->advance(0ms);
        }
        settle(*store);
        REQUIRE(f.hub.room_count() == 1);
        Client watcher(f.hub, 4);
        watcher.send(msg("spectate", {{"room", code}}));
        const json woke = watcher.last("snapshot");
        REQUIRE(woke.is_object());
        CHECK(pieces(woke["doc"], first) == 2);
        CHECK(woke["doc"]["room"]["timer"]["remaining_ms"] == 3600 * 1000);  // the next seat's hour
        watcher.close();
        settle(*store);
        f.timers->advance(1min);
        sweep_later(f, 2min);
        settle(*store);
        CHECK(f.hub.room_count() == 0);  // asleep again, with the next deadline
        REQUIRE(store->sleeping_rooms().size() == 1);
        CHECK(store->sleeping_rooms()[0].wake_ms.has_value());
    }
    // A restart: the room stays asleep (nothing loaded), and its clock kept the time used before.
    auto store = std::make_shared<Store>(path);
    TurnBasedFixture f(durable(store));
    CHECK(f.hub.room_count() == 0);
    f.timers->advance(62min);  // the server was down for a minute after the 61 above
    Client back(f.hub, 5);
    back.send(msg("rejoin", {{"room", code}, {"token", tokens[0]}}));
    settle(*store);
    const json snapshot = back.last("snapshot");
    REQUIRE(snapshot.is_object());
    CHECK(pieces(snapshot["doc"], first) == 2);
    // Not a fresh limit: the next seat's hour began at 60 min, so 58 min are left at 62.
    CHECK(snapshot["doc"]["room"]["timer"]["remaining_ms"] == std::chrono::duration_cast<std::chrono::milliseconds>(58min).count());
}

namespace {

// What the room asks the notifier, in order (the notifier itself is tested against real endpoints in
// tests/notify).
struct Told {
    int seat;
    notify::Kind kind;
};
class RecordingNotifier : public notify::Notifier {
public:
    void notify(std::string_view, int seat, notify::Kind kind, std::string_view, std::string_view url) override {
        const std::lock_guard lock(mutex);
        told.push_back({seat, kind});
        last_url = std::string(url);
    }
    std::vector<Told> take() {
        const std::lock_guard lock(mutex);
        return std::exchange(told, {});
    }
    std::mutex mutex;
    std::vector<Told> told;
    std::string last_url;
};

}  // namespace

TEST_CASE("turn-based: an absent player hears that the move is theirs, once more when a quarter of the time is left",
          "[room][turn-based][notify]") {
    auto notifier = std::make_shared<RecordingNotifier>();
    HubOptions o = seeded();
    o.notifier = notifier;
    o.public_url = "https://catan.example";
    TurnBasedFixture f(o);
    Client ana(f.hub, 1), bob(f.hub, 2);
    seat_two(f.hub, turn_based(8), ana, bob);
    CHECK(notifier->take().empty());  // both are connected: they see it
    const int first = ana.doc()["game"]["current"].get<int>();
    Client& player = first == 0 ? ana : bob;
    Client& other = first == 0 ? bob : ana;
    other.close();
    // The first player places; the second placement is the absent player's.
    player.poll();
    for (int i = 0; i < 2; ++i) {
        player.send(msg("command", {{"seq", player.seq()}, {"command", player.legal()["actions"][0]}}));
        player.poll();
    }
    const std::vector<Told> told = notifier->take();
    REQUIRE(told.size() == 1);
    CHECK(told[0].seat == 1 - first);
    CHECK(told[0].kind == notify::Kind::your_turn);
    CHECK(notifier->last_url.rfind("https://catan.example/r/", 0) == 0);
    f.timers->advance(6h - 1ms);  // the reminder goes when 2 of the 8 hours are left
    CHECK(notifier->take().empty());
    f.timers->advance(1ms);
    const std::vector<Told> reminded = notifier->take();
    REQUIRE(reminded.size() == 1);
    CHECK(reminded[0].kind == notify::Kind::time_running_out);
    f.timers->advance(1h);
    CHECK(notifier->take().empty());  // once
}

TEST_CASE("turn-based: a room nobody came to or played in for abandoned_after is archived, asleep or not",
          "[room][turn-based][sleep][durability]") {
    TempDir dir;
    auto store = std::make_shared<Store>(dir.file("catan.db").string());
    HubOptions o = durable(store);
    o.abandoned_after = std::chrono::hours(3 * 24);
    TurnBasedFixture f(o);
    Client ana(f.hub, 1), bob(f.hub, 2);
    const Seated s = seat_two(f.hub, turn_based(168, "wait"), ana, bob, store.get());
    ana.close();
    bob.close();
    settle(*store);
    sweep_later(f, 3min);
    settle(*store);
    REQUIRE(f.hub.room_count() == 0);
    REQUIRE(store->sleeping_rooms().size() == 1);
    f.timers->advance(std::chrono::hours(3 * 24) - 1min);
    f.hub.sweep(std::chrono::steady_clock::now());
    settle(*store);
    CHECK(store->sleeping_rooms().size() == 1);  // not yet
    f.timers->advance(1min);
    f.hub.sweep(std::chrono::steady_clock::now());  // its time to wake: it wakes, and is abandoned
    settle(*store);
    f.hub.sweep(std::chrono::steady_clock::now());
    settle(*store);
    CHECK(f.hub.room_count() == 0);
    CHECK(store->sleeping_rooms().empty());
    CHECK_FALSE(store->read_room(s.room.code));
}
