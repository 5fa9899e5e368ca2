// BotDriver on its own (bot_driver.hpp), with a room of the test's (BotHost): when a decision is
// planned, re-planned, started, dropped or played, and which mind makes it. No game, no thread.
#include <chrono>
#include <optional>
#include <vector>

#include <catch2/catch.hpp>

#include "bot_driver.hpp"

using namespace catan;
using namespace catan::room;
using std::chrono::milliseconds;

namespace {

class StubBot final : public bots::Bot {
public:
    explicit StubBot(bots::Level level) : level_(level) {}
    Command choose(const bots::Observation& obs, Rng&) override { return cmd::end_turn(obs.seat); }
    bots::Level level() const override { return level_; }

private:
    bots::Level level_;
};

struct FakeRoom final : BotHost {
    std::uint64_t at = 10;
    std::optional<BotTurn> turn;
    std::optional<Command> expiry;
    bool refuse = false;
    std::vector<std::pair<milliseconds, std::uint64_t>> planned;  // (delay, plan)
    struct Started {
        int seat;
        bots::Level level;
        std::uint64_t seq;
    };
    std::vector<Started> started;
    std::vector<Command> played;

    std::uint64_t seq() const override { return at; }
    bool closed() const override { return false; }
    std::optional<BotTurn> bot_turn() const override { return turn; }
    bool bot_must_act(int seat) const override { return turn && turn->seat == seat; }
    std::optional<Command> expiry_command(int) const override { return expiry; }
    bots::Level bot_level(int) const override { return bots::Level::Strong; }
    void think_later(milliseconds delay, std::uint64_t plan) override { planned.emplace_back(delay, plan); }
    void start_decision(int seat, std::shared_ptr<bots::Bot> brain, Rng, std::uint64_t s) override {
        started.push_back({seat, brain->level(), s});
    }
    std::optional<ErrorInfo> bot_play(int, const Command& command) override {
        if (refuse) return ErrorInfo{"not_your_turn", "refused", {}, {}};
        played.push_back(command);
        ++at;  // the room published
        return std::nullopt;
    }
    std::string tag(int seat) const override { return "[TEST seat " + std::to_string(seat) + "]"; }
};

struct Driven {
    FakeRoom room;
    HubOptions options;
    Metrics metrics;
    int minds_made = 0;
    BotDriver driver{room, options, metrics};
    Driven() {
        options.bot_delay = milliseconds(700);
        options.make_bot = [this](bots::Level level, bots::Budget) -> std::unique_ptr<bots::Bot> {
            ++minds_made;
            return std::make_unique<StubBot>(level);
        };
    }
};

}  // namespace

TEST_CASE("bot driver: a change re-plans, and only the latest plan's delay makes the bot think", "[room]") {
    Driven d;
    d.room.turn = BotTurn{1, false};
    d.driver.drive();
    d.driver.drive();  // the same seq: planned already
    REQUIRE(d.room.planned.size() == 1);
    CHECK(d.room.planned[0].first == milliseconds(700));
    d.room.at = 11;  // something changed
    d.driver.drive();
    REQUIRE(d.room.planned.size() == 2);
    d.driver.think(d.room.planned[0].second);  // the old timer fires: ignored
    CHECK(d.room.started.empty());
    d.driver.think(d.room.planned[1].second);
    REQUIRE(d.room.started.size() == 1);
    CHECK(d.room.started[0].seat == 1);
    CHECK(d.room.started[0].seq == 11);
    CHECK(d.room.started[0].level == bots::Level::Strong);
    d.room.at = 12;
    d.driver.drive();  // computing: its result drives again
    CHECK(d.room.planned.size() == 2);
}

TEST_CASE("bot driver: a decision for a seq the room has left is dropped and the bot asked again", "[room]") {
    Driven d;
    d.room.turn = BotTurn{0, false};
    d.driver.drive();
    d.driver.think(d.room.planned.back().second);
    d.room.at = 11;  // a player acted while the bot thought
    d.driver.decided(0, 10, cmd::end_turn(0));
    CHECK(d.room.played.empty());
    CHECK(d.room.planned.size() == 2);  // planned afresh for seq 11
    d.driver.think(d.room.planned.back().second);
    d.driver.decided(0, 11, cmd::end_turn(0));
    CHECK(d.room.played.size() == 1);
    CHECK(d.minds_made == 1);  // the seat's mind is kept between decisions
}

TEST_CASE("bot driver: a refused command makes the seat's next mind a random one", "[room]") {
    Driven d;
    d.room.turn = BotTurn{2, false};
    d.room.refuse = true;
    d.driver.drive();
    d.driver.think(d.room.planned.back().second);
    d.driver.decided(2, 10, cmd::end_turn(2));
    CHECK(d.room.played.empty());
    d.room.refuse = false;
    d.room.at = 11;
    d.driver.drive();
    d.driver.think(d.room.planned.back().second);
    REQUIRE(d.room.started.size() == 2);
    CHECK(d.room.started[1].level == bots::Level::Random);
    CHECK(d.minds_made == 2);
}

TEST_CASE("bot driver: its own offer waits for the people it asked, an expired decision is played without a mind", "[room]") {
    Driven d;
    d.room.turn = BotTurn{3, true};
    d.driver.drive();
    CHECK(d.room.planned.back().first == milliseconds(15000));
    d.room.expiry = cmd::end_turn(3);
    d.driver.think(d.room.planned.back().second);
    CHECK(d.room.started.empty());
    REQUIRE(d.room.played.size() == 1);
    CHECK(d.minds_made == 0);
}

TEST_CASE("bot driver: a new game gives every seat a fresh mind", "[room]") {
    Driven d;
    d.room.turn = BotTurn{0, false};
    d.driver.drive();
    d.driver.think(d.room.planned.back().second);
    d.driver.decided(0, 10, cmd::end_turn(0));
    d.driver.new_game(42);
    d.driver.drive();
    d.driver.think(d.room.planned.back().second);
    CHECK(d.minds_made == 2);
}
