// R-L1 (docs/rules-choices.md): domestic trading is bounded per turn, so one seat cannot grow a game's
// record without end by offering and cancelling, or by countering a stranger's offer, again and again;
// records written before the limit (which may go beyond it) still replay, to the same state
// (tests/game/test_catan_trade_limits.cpp: through restore, replay records and saved states).
#include "test_support.hpp"

using namespace catan;
using namespace catan::test;

namespace {

constexpr ResourceSet kOneBrick{1, 0, 0, 0, 0};
constexpr ResourceSet kOneOre{0, 0, 0, 0, 1};
constexpr ResourceSet kOneWool{0, 0, 1, 0, 0};

// Seat 0 on turn after its roll with a brick to offer; seat 1 holds ore and wool.
GameState trading_game() {
    GameState s = blank_game(4);
    give(s, 0, {1, 0, 0, 0, 0});
    give(s, 1, {0, 0, 1, 0, 1});
    return s;
}

bool lists(const GameState& s, int p, CommandType type) {
    for (const Command& c : legal_actions(s, p))
        if (c.type == type) return true;
    return false;
}

}  // namespace

TEST_CASE("R-L1 (choice) the turn's player makes at most 20 offers a turn, cancels included, and the next turn counts afresh",
          "[R-L1][trade][engine]") {
    GameState s = trading_game();
    for (int i = 0; i < kMaxOffersPerTurn; ++i) {
        ok(s, cmd::propose(0, kOneBrick, kOneOre));
        ok(s, cmd::cancel_trade(0));
    }
    CHECK(s.offers_made == kMaxOffersPerTurn);
    CHECK_FALSE(may_propose_trade(s, 0));
    const Error e = rejected(s, cmd::propose(0, kOneBrick, kOneOre), ErrorCode::TradeLimit);
    CHECK(e.rule == "R-L1");
    CHECK(std::string(to_string(e.code)) == "trade_limit");
    // A command wrong anyway says what is wrong with it, not the limit.
    CHECK(rejected(s, cmd::propose(0, kOneOre, kOneBrick), ErrorCode::CannotAfford).rule == "R-TR1");
    CHECK(rejected(s, cmd::propose(1, kOneOre, kOneBrick), ErrorCode::NotYourTurn).rule == "R-T7");
    // The rest of the turn plays on: a bank trade, the end of the turn.
    ok(s, cmd::end_turn(0));
    CHECK(s.offers_made == 0);
    CHECK(state_is_ok(s));
    // Seat 1's turn: its own offers count from zero.
    ok(s, cmd::roll(1));
    if (s.phase == Phase::Main && !s.players[1].hand.empty()) CHECK(may_propose_trade(s, 1));
}

TEST_CASE("R-L1 (choice) a seat accepts or counters at most 40 times a turn, and may always decline", "[R-L1][trade][engine]") {
    GameState s = trading_game();
    ok(s, cmd::propose(0, kOneBrick, kOneOre, 1));
    for (int i = 0; i < kMaxTradeAnswersPerTurn; ++i)
        ok(s, i % 2 ? cmd::counter(1, i % 4 == 1 ? kOneOre : kOneWool, kOneBrick) : cmd::accept(1));
    CHECK(s.answers_made[1] == kMaxTradeAnswersPerTurn);
    CHECK_FALSE(may_counter_trade(s, 1));
    CHECK_FALSE(lists(s, 1, CommandType::AcceptTrade));
    CHECK(rejected(s, cmd::counter(1, kOneWool, kOneBrick), ErrorCode::TradeLimit).rule == "R-L1");
    CHECK(rejected(s, cmd::accept(1), ErrorCode::TradeLimit).rule == "R-L1");
    CHECK(lists(s, 1, CommandType::DeclineTrade));
    ok(s, cmd::decline(1));  // the offer closes: nobody else was asked
    CHECK(s.phase == Phase::Main);
    CHECK(state_is_ok(s));
    // The offer closing does not reset the count: a new offer finds seat 1 out of answers this turn.
    ok(s, cmd::propose(0, kOneBrick, kOneOre, 1));
    rejected(s, cmd::accept(1), ErrorCode::TradeLimit);
    ok(s, cmd::decline(1));
}

TEST_CASE("R-L1 (choice) a record from before the limit replays beyond it, to the same state", "[R-L1][trade][engine][replay]") {
    // Limits::Recorded is how restore, replay records and verify apply a logged command.
    GameState live = trading_game(), recorded = live;
    for (int i = 0; i < 3 * kMaxOffersPerTurn; ++i)
        for (const Command& c : {cmd::propose(0, kOneBrick, kOneOre, 1), cmd::counter(1, kOneOre, kOneBrick), cmd::cancel_trade(0)})
            REQUIRE_FALSE(apply(recorded, c, nullptr, Limits::Recorded));
    CHECK(recorded.offers_made == 3 * kMaxOffersPerTurn);
    CHECK(recorded.answers_made[1] == 3 * kMaxOffersPerTurn);
    CHECK(state_is_ok(recorded));
    // The counts stop at 255 rather than wrap.
    for (int i = 0; i < 300; ++i) {
        REQUIRE_FALSE(apply(recorded, cmd::propose(0, kOneBrick, kOneOre), nullptr, Limits::Recorded));
        REQUIRE_FALSE(apply(recorded, cmd::cancel_trade(0), nullptr, Limits::Recorded));
    }
    CHECK(recorded.offers_made == 255);
    // Live, the same commands stop at the limit.
    int refused = 0;
    for (int i = 0; i < 3 * kMaxOffersPerTurn; ++i) refused += apply(live, cmd::propose(0, kOneBrick, kOneOre, 1)).has_value() ||
                                                               apply(live, cmd::cancel_trade(0)).has_value();
    CHECK(refused == 2 * kMaxOffersPerTurn);
}

