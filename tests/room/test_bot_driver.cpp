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

class StubBot final : public game::Bot {
public:
    explicit StubBot(std::string level) : level_(std::move(level)) {}
    std::string level() const override { return level_; }

private:
    std::string level_;
};

// A game's move as the driver sees it: opaque, with a seat and a name.
class StubMove final : public game::Move {
public:
    explicit StubMove(int seat) : seat_(seat) {}
    int seat() const override { return seat_; }
    game::Json json() const override { return {{"type", "end_turn"}}; }
    bool is_answer() const override { return false; }
    std::string name() const override { return "end_turn"; }

private:
    int seat_;
};

game::MovePtr end_turn(int seat) { return std::make_shared<const StubMove>(seat); }

struct FakeRoom final : BotHost {
    std::uint64_t at = 10;
    std::optional<BotTurn> turn;
    game::MovePtr expiry;
    bool refuse = false;
    int minds_made = 0;
    std::vector<std::pair<milliseconds, std::uint64_t>> planned;  // (delay, plan)
    struct Started {
        int seat;
        std::string level;
        std::uint64_t seq;
    };
    std::vector<Started> started;
    std::vector<game::MovePtr> played;

    std::uint64_t seq() const override { return at; }
    bool closed() const override { return false; }
    std::optional<BotTurn> bot_turn() const override { return turn; }
    bool bot_must_act(int seat) const override { return turn && turn->seat == seat; }
    game::MovePtr expiry_move(int) const override { return expiry; }
    std::string bot_level(int) const override { return "strong"; }
    game::BotPtr make_bot(const std::string& level) const override {
        ++const_cast<FakeRoom*>(this)->minds_made;
        return std::make_shared<StubBot>(level);
    }
    std::string fallback_level() const override { return "random"; }
    void think_later(milliseconds delay, std::uint64_t plan) override { planned.emplace_back(delay, plan); }
    void start_decision(int seat, game::BotPtr brain, std::uint64_t, std::uint64_t s) override {
        started.push_back({seat, brain->level(), s});
    }
    std::optional<ErrorInfo> bot_play(const game::MovePtr& move) override {
        if (refuse) return ErrorInfo{"not_your_turn", "refused", {}, {}};
        played.push_back(move);
        ++at;  // the room published
        return std::nullopt;
    }
    std::string tag(int seat) const override { return "[TEST seat " + std::to_string(seat) + "]"; }
};

struct Driven {
    FakeRoom room;
    HubOptions options;
    Metrics metrics;
    int& minds_made = room.minds_made;
    BotDriver driver{room, options, metrics};
    Driven() { options.bot_delay = milliseconds(700); }
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
    CHECK(d.room.started[0].level == "strong");
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
    d.driver.decided(0, 10, end_turn(0));
    CHECK(d.room.played.empty());
    CHECK(d.room.planned.size() == 2);  // planned afresh for seq 11
    d.driver.think(d.room.planned.back().second);
    d.driver.decided(0, 11, end_turn(0));
    CHECK(d.room.played.size() == 1);
    CHECK(d.minds_made == 1);  // the seat's mind is kept between decisions
}

TEST_CASE("bot driver: a refused command makes the seat's next mind a random one", "[room]") {
    Driven d;
    d.room.turn = BotTurn{2, false};
    d.room.refuse = true;
    d.driver.drive();
    d.driver.think(d.room.planned.back().second);
    d.driver.decided(2, 10, end_turn(2));
    CHECK(d.room.played.empty());
    d.room.refuse = false;
    d.room.at = 11;
    d.driver.drive();
    d.driver.think(d.room.planned.back().second);
    REQUIRE(d.room.started.size() == 2);
    CHECK(d.room.started[1].level == "random");
    CHECK(d.minds_made == 2);
}

TEST_CASE("bot driver: its own offer waits for the people it asked, an expired decision is played without a mind", "[room]") {
    Driven d;
    d.room.turn = BotTurn{3, true};
    d.driver.drive();
    CHECK(d.room.planned.back().first == milliseconds(15000));
    d.room.expiry = end_turn(3);
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
    d.driver.decided(0, 10, end_turn(0));
    d.driver.new_game(42);
    d.driver.drive();
    d.driver.think(d.room.planned.back().second);
    CHECK(d.minds_made == 2);
}
