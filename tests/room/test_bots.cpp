// Bots in rooms, through Hub::on_text with inline executors and the fake clock: the host's lobby
// controls, games played by bots next to people, the takeover of a disconnected player's seat and
// their return, and the rule that a bot's decision is applied only if the room has not moved since.
#include <deque>

#include "catan/bots/bot.hpp"
#include "catan/engine/engine.hpp"
#include "catan/games/catan.hpp"
#include "support.hpp"

using namespace catan;
using namespace catan::room;
using namespace catan::room::test;
using namespace std::chrono_literals;

namespace {

// Holds bot jobs until the test runs them, to put changes between a bot's observation and its answer.
class HeldWorker : public Worker {
public:
    void run(std::function<void()> job) override { jobs.push_back(std::move(job)); }
    bool run_one() {
        if (jobs.empty()) return false;
        auto job = std::move(jobs.front());
        jobs.pop_front();
        job();
        return true;
    }
    std::deque<std::function<void()>> jobs;
};

// A bot that checks what the room hands it: only an observation (bots::observe of it changes
// nothing, so nothing hidden from the seat is in it), for a seat with something to do.
class SpyBot : public bots::Bot {
public:
    SpyBot(std::unique_ptr<bots::Bot> inner, std::shared_ptr<int> calls, std::shared_ptr<int> bad)
        : inner_(std::move(inner)), calls_(std::move(calls)), bad_(std::move(bad)) {}
    Command choose(const bots::Observation& obs, Rng& rng) override {
        ++*calls_;
        const bool observed = bots::observe(obs.state, obs.seat).state == obs.state;
        const bool acting = (players_to_act(obs.state) >> obs.seat & 1u) != 0;
        if (!observed || !acting) ++*bad_;
        return inner_->choose(obs, rng);
    }
    bots::Level level() const override { return inner_->level(); }

private:
    std::unique_ptr<bots::Bot> inner_;
    std::shared_ptr<int> calls_, bad_;
};

struct BotRoom : Fixture {
    explicit BotRoom(json options = {{"players", 3}, {"vp_target", 5}, {"seed", "7"}}, HubOptions hub_options = quick_bots(),
                     std::shared_ptr<Worker> workers = nullptr)
        : Fixture(std::move(hub_options), {}, std::move(workers)), host(hub, 1) {
        room = create(hub, std::move(options));
        host.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
        host.poll();
    }
    json error_of(Client& c, const json& message) {
        c.send(message);
        return c.last("error");
    }
    // Plays the human seat's first legal action, if it has one. True when it played.
    bool human_moves(Client& c, Rng& rng) {
        c.poll();
        const json& actions = c.legal().is_null() ? json::array() : c.legal()["actions"];
        if (actions.empty()) return false;
        const json chosen = actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
        c.send(msg("command", {{"seq", c.seq()}, {"command", chosen}}));
        c.poll();
        return true;
    }
    Created room;
    Client host;
};

const json& seat_doc(const Client& c, int seat) { return c.doc()["room"]["seats"][seat]; }

}  // namespace

TEST_CASE("bots: the host adds and removes bots in the lobby, others and bad requests are refused", "[room][bots]") {
    BotRoom r;
    Client bob(r.hub, 2);
    bob.send(msg("join", {{"room", r.room.code}, {"name", "Bob"}}));
    bob.poll();

    r.host.send(msg("add_bot", {{"seat", 2}, {"level", "strong"}}));
    r.host.poll();
    CHECK(seat_doc(r.host, 2) == (json{{"seat", 2}, {"name", "Bot 1"}, {"connected", false}, {"bot", "strong"}, {"controlled_by", "bot"}}));
    CHECK(r.hub.room_summary(r.room.code).body["seats"][2]["bot"] == "strong");

    CHECK(r.error_of(bob, msg("add_bot", {{"seat", 2}, {"level", "basic"}}))["code"] == "not_host");
    CHECK(r.error_of(bob, msg("remove_bot", {{"seat", 2}}))["code"] == "not_host");
    const json taken = r.error_of(r.host, msg("add_bot", {{"seat", 1}, {"level", "basic"}}));
    CHECK(taken["code"] == "seat_taken");
    CHECK(taken["field"] == "seat");
    const json level = r.error_of(r.host, msg("add_bot", {{"seat", 2}, {"level", "genius"}}));
    CHECK(level["code"] == "out_of_range");
    CHECK(level["field"] == "level");
    CHECK(r.error_of(r.host, msg("add_bot", {{"seat", 3}, {"level", "basic"}}))["code"] == "out_of_range");  // a 3-seat room
    CHECK(r.error_of(r.host, msg("remove_bot", {{"seat", 1}}))["code"] == "not_a_bot");
    // A bot seat has no token: no rejoin can take it, not even with an empty one.
    Client thief(r.hub, 3);
    CHECK(r.error_of(thief, msg("rejoin", {{"room", r.room.code}, {"token", ""}}))["code"] == "bad_token");
    // Nobody may take a bot's name.
    CHECK(r.error_of(thief, msg("join", {{"room", r.room.code}, {"name", "bot 1"}}))["code"] == "name_taken");

    r.host.send(msg("remove_bot", {{"seat", 2}}));
    r.host.poll();
    CHECK(seat_doc(r.host, 2)["name"].is_null());
    CHECK(seat_doc(r.host, 2)["controlled_by"].is_null());

    // Bots count as seated, move with move_seat, and stay for play_again.
    r.host.send(msg("add_bot", {{"seat", 2}, {"level", "random"}}));
    r.host.send(msg("move_seat", {{"seat", 2}, {"to", 1}}));
    r.host.poll();
    CHECK(seat_doc(r.host, 1)["bot"] == "random");
    CHECK(seat_doc(r.host, 2)["name"] == "Bob");
    r.host.send(msg("start"));
    r.host.poll();
    CHECK(r.host.doc()["room"]["phase"] == "playing");
    CHECK(r.error_of(r.host, msg("add_bot", {{"seat", 2}, {"level", "basic"}}))["code"] == "game_started");
    CHECK(r.error_of(r.host, msg("remove_bot", {{"seat", 1}}))["code"] == "game_started");
}

TEST_CASE("bots: one person and two bots play a game to its winner", "[room][bots]") {
    auto calls = std::make_shared<int>(0), bad = std::make_shared<int>(0);
    HubOptions o = quick_bots();
    o.make_bot = [calls, bad](const catan::game::Module&, const std::string& level, std::chrono::milliseconds time) {
        bots::Budget budget;
        budget.time = time;
        return catan::games::catan_bot(std::make_unique<SpyBot>(bots::make_bot(*bots::parse_level(level), budget), calls, bad));
    };
    BotRoom r({{"players", 3}, {"vp_target", 5}, {"seed", "11"}}, o);
    r.host.send(msg("add_bot", {{"seat", 1}, {"level", "basic"}}));
    r.host.send(msg("add_bot", {{"seat", 2}, {"level", "random"}}));
    r.host.send(msg("start"));
    r.host.poll();
    Rng rng(3);
    int rounds = 0;
    while (r.host.doc()["room"]["phase"] == "playing" && rounds++ < 20000) {
        r.timers->advance(0ms);  // every bot decision due now
        r.human_moves(r.host, rng);
    }
    r.host.poll();
    INFO(r.host.doc()["game"]["to_act"].dump() << r.host.doc()["game"]["phase"].dump() << r.host.doc()["game"]["offer"].dump() << " pending " << r.timers->pending() << " legal " << r.host.legal().dump());
    REQUIRE(r.host.doc()["room"]["phase"] == "finished");
    CHECK(r.host.doc()["game"]["winner"].is_number_integer());
    CHECK(*calls > 0);
    CHECK(*bad == 0);
    CHECK(r.metrics->prometheus().find("catan_bot_decisions_total 0\n") == std::string::npos);
    // The human's client saw every seq in order (Client checks it) and no bot ever had a connection.
    CHECK(seat_doc(r.host, 1)["connected"] == false);
}

TEST_CASE("bots: a disconnected player's seat is played after the grace period and taken back at once", "[room][bots]") {
    BotRoom r({{"players", 3}, {"vp_target", 10}, {"seed", "5"}});
    Client bob(r.hub, 2);
    bob.send(msg("join", {{"room", r.room.code}, {"name", "Bob"}}));
    const std::string token = bob.last("welcome")["token"];
    r.host.send(msg("add_bot", {{"seat", 2}, {"level", "random"}}));
    r.host.send(msg("set_options", {{"options", {{"takeover_after", 30}}}}));
    r.host.send(msg("start"));
    r.host.poll();
    CHECK(r.host.doc()["room"]["options"]["takeover_after"] == 30);

    bob.close();
    Rng rng(9);
    // Before the grace period ends the seat waits for Bob.
    r.timers->advance(29999ms);
    r.host.poll();
    CHECK(seat_doc(r.host, 1)["controlled_by"] == "player");
    r.timers->advance(1ms);
    r.host.poll();
    CHECK(seat_doc(r.host, 1)["controlled_by"] == "bot");
    CHECK(r.metrics->prometheus().find("catan_bot_takeovers_total 1\n") != std::string::npos);

    // The game goes on with the bot in Bob's seat until it has played a while.
    for (int i = 0; i < 12 && r.host.doc()["room"]["phase"] == "playing"; ++i) {
        r.timers->advance(0ms);
        r.human_moves(r.host, rng);
    }
    REQUIRE(r.host.doc()["room"]["phase"] == "playing");
    const json seen_by_ana = r.host.doc()["game"]["players"][1];

    // Bob comes back: the seat is his at once, his snapshot shows his own hand as the others count it.
    Client back(r.hub, 4);
    back.send(msg("rejoin", {{"room", r.room.code}, {"token", token}}));
    back.poll();
    r.host.poll();
    CHECK(seat_doc(r.host, 1)["controlled_by"] == "player");
    CHECK(seat_doc(back, 1)["connected"] == true);
    int cards = 0;
    for (const auto& [resource, n] : back.doc()["game"]["me"]["hand"].items()) cards += n.get<int>();
    CHECK(cards == seen_by_ana["cards"]);
    CHECK(back.doc()["game"]["players"] == r.host.doc()["game"]["players"]);  // pieces, cards, knights: all still his
    // From now on the bot never moves for him: whatever the clock does, seat 1's turn waits.
    for (int i = 0; i < 200 && back.legal()["actions"].empty() && r.host.doc()["room"]["phase"] == "playing"; ++i) {
        r.timers->advance(0ms);
        r.human_moves(r.host, rng);
        back.poll();
    }
    REQUIRE(!back.legal()["actions"].empty());
    const std::uint64_t seq = back.seq();
    r.timers->advance(3600s);
    back.poll();
    CHECK(back.seq() == seq);
    CHECK(r.human_moves(back, rng));
    CHECK(back.seq() == seq + 1);
    CHECK(back.last("error").is_null());
}

TEST_CASE("bots: with takeover_after never a disconnected player's turn waits for them", "[room][bots]") {
    BotRoom r({{"players", 2}, {"vp_target", 5}, {"seed", "5"}});
    Client bob(r.hub, 2);
    bob.send(msg("join", {{"room", r.room.code}, {"name", "Bob"}}));
    r.host.send(msg("set_options", {{"options", {{"takeover_after", "never"}}}}));
    r.host.send(msg("start"));
    bob.close();
    Rng rng(1);
    // Ana plays whatever falls to her; then the game waits for Bob for good.
    for (int i = 0; i < 50 && r.human_moves(r.host, rng); ++i) r.timers->advance(0ms);
    const std::uint64_t seq = r.host.seq();
    r.timers->advance(24h);
    r.host.poll();
    CHECK(r.host.seq() == seq);
    CHECK(r.host.doc()["room"]["options"]["takeover_after"] == "never");
    CHECK(seat_doc(r.host, 1)["controlled_by"] == "player");
    CHECK(r.timers->pending() == 0);
}

TEST_CASE("bots: a decision made for a seq the room has left is dropped, and the bot asked again", "[room][bots]") {
    auto worker = std::make_shared<HeldWorker>();
    BotRoom r({{"players", 2}, {"vp_target", 5}, {"seed", "3"}}, quick_bots(), worker);
    r.host.send(msg("add_bot", {{"seat", 1}, {"level", "basic"}}));
    r.host.send(msg("start"));
    Rng rng(5);
    // Until it is the bot's turn.
    for (r.timers->advance(0ms); worker->jobs.empty(); r.timers->advance(0ms)) REQUIRE(r.human_moves(r.host, rng));
    r.host.poll();
    const std::uint64_t seq = r.host.seq();
    // The room moves on while the bot thinks (someone starts watching).
    Client watcher(r.hub, 9);
    watcher.send(msg("spectate", {{"room", r.room.code}}));
    REQUIRE(worker->run_one());
    r.host.poll();
    CHECK(r.host.seq() == seq + 1);  // the watcher only: the stale decision was not applied
    CHECK(r.metrics->prometheus().find("catan_bot_decisions_dropped_total 1\n") != std::string::npos);
    // Asked again after its thinking delay, for the room as it is now: this time it plays.
    r.timers->advance(0ms);
    REQUIRE(worker->run_one());
    r.host.poll();
    CHECK(r.host.seq() == seq + 2);
    CHECK(r.metrics->prometheus().find("catan_bot_decisions_total 1\n") != std::string::npos);
}

TEST_CASE("bots: a player back in the middle of a bot's decision plays, the bot's answer is dropped", "[room][bots]") {
    auto worker = std::make_shared<HeldWorker>();
    BotRoom r({{"players", 2}, {"vp_target", 5}, {"seed", "3"}}, quick_bots(), worker);
    Client bob(r.hub, 2);
    bob.send(msg("join", {{"room", r.room.code}, {"name", "Bob"}}));
    const std::string token = bob.last("welcome")["token"];
    r.host.send(msg("set_options", {{"options", {{"takeover_after", 0}}}}));
    r.host.send(msg("start"));
    bob.close();
    Rng rng(2);
    // The takeover, then until the bot thinks for Bob.
    for (r.timers->advance(0ms); worker->jobs.empty(); r.timers->advance(0ms)) REQUIRE(r.human_moves(r.host, rng));
    Client back(r.hub, 3);
    back.send(msg("rejoin", {{"room", r.room.code}, {"token", token}}));
    back.poll();
    REQUIRE(!back.legal()["actions"].empty());
    const std::uint64_t before = back.seq();
    REQUIRE(r.human_moves(back, rng));  // Bob's own move
    CHECK(back.seq() == before + 1);
    REQUIRE(worker->run_one());         // the bot's answer arrives late
    back.poll();
    CHECK(back.seq() == before + 1);
    CHECK(r.metrics->prometheus().find("catan_bot_decisions_dropped_total 1\n") != std::string::npos);
    CHECK(seat_doc(back, 1)["controlled_by"] == "player");
}

TEST_CASE("bots: a bot answers a person's trade offer (accept, decline or counter)", "[room][bots]") {
    BotRoom r({{"players", 2}, {"vp_target", 10}, {"seed", "13"}});
    r.host.send(msg("add_bot", {{"seat", 1}, {"level", "basic"}}));
    r.host.send(msg("start"));
    r.host.poll();
    Rng rng(4);
    // Ana plays on (ending turns rather than spending) until she may offer with cards in hand.
    for (int i = 0; i < 500 && !(r.host.legal().value("may_propose_trade", false)); ++i) {
        r.timers->advance(0ms);
        r.host.poll();
        const json actions = r.host.legal().is_null() ? json::array() : r.host.legal()["actions"];
        if (actions.empty()) continue;
        json chosen = actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
        for (const json& a : actions)
            if (a["type"] == "end_turn" || a["type"] == "roll_dice") chosen = a;
        r.host.send(msg("command", {{"seq", r.host.seq()}, {"command", chosen}}));
        r.host.poll();
    }
    REQUIRE(r.host.legal()["may_propose_trade"] == true);
    const json hand = r.host.doc()["game"]["me"]["hand"];
    std::string give, want;
    for (const auto& [resource, n] : hand.items()) {
        if (n.get<int>() > 0 && give.empty()) give = resource;
        else if (want.empty()) want = resource;
    }
    REQUIRE(!give.empty());
    if (want.empty() || want == give) want = give == "ore" ? "grain" : "ore";
    r.host.send(msg("command", {{"seq", r.host.seq()}, {"command", {{"type", "propose_trade"}, {"give", {{give, 1}}}, {"want", {{want, 1}}}, {"to", 1}}}}));
    r.host.poll();
    REQUIRE(r.host.last("error").is_null());
    REQUIRE(r.host.doc()["game"]["offer"]["responses"][0]["response"] == "pending");
    r.timers->advance(0ms);  // the bot's turn to answer
    std::string answer;
    for (const json& m : r.host.poll())
        if (m["type"] == "update")
            for (const json& e : m["events"])
                if (e.value("by", -1) == 1 && e["type"].get<std::string>().rfind("trade_", 0) == 0 && answer.empty()) answer = e["type"];
    INFO(answer);
    CHECK((answer == "trade_accepted" || answer == "trade_declined" || answer == "trade_countered"));
}
