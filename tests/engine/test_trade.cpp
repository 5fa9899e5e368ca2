// Trade: domestic offers between the active player and one other (R-TR1, R-TR2), bank and harbor
// trades (R-TR3).
#include "test_support_positions.hpp"

using namespace catan;
using namespace catan::test;
using namespace catan::test::pos;

namespace {

constexpr ResourceSet kOneBrick{1, 0, 0, 0, 0};
constexpr ResourceSet kOneLumber{0, 1, 0, 0, 0};
constexpr ResourceSet kTwoLumber{0, 2, 0, 0, 0};
constexpr ResourceSet kOneWool{0, 0, 1, 0, 0};
constexpr ResourceSet kTwoWool{0, 0, 2, 0, 0};
constexpr ResourceSet kOneOre{0, 0, 0, 0, 1};

// Four players, seat 0 active after its roll. Seat 0: 1 brick, 2 wool. Seat 1: 2 lumber, 1 grain.
// Seat 2: 1 lumber, 1 ore. Seat 3: 3 ore.
GameState trading_game() {
    GameState s = blank_game(4);
    give(s, 0, {1, 0, 2, 0, 0});
    give(s, 1, {0, 2, 0, 1, 0});
    give(s, 2, {0, 1, 0, 0, 1});
    give(s, 3, {0, 0, 0, 0, 3});
    return s;
}

// Every seat's hand and the bank, to check that something moved nothing.
struct Snapshot {
    std::array<Counts, kMaxPlayers> hands{};
    Counts bank{};
    explicit Snapshot(const GameState& s) : bank(pos::bank(s)) {
        for (int p = 0; p < kMaxPlayers; ++p) hands[static_cast<std::size_t>(p)] = hand(s, p);
    }
    friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

bool lists_type(const GameState& s, int p, CommandType type) { return count_legal(s, p, type) > 0; }

}  // namespace

// ---------------------------------------------------------------------------------------------------
// R-TR1

TEST_CASE("a domestic trade needs cards on both sides: no gifts", "[R-TR1]") {
    GameState s = trading_game();
    const Snapshot before(s);

    const Error e1 = rejected(s, cmd::propose(0, ResourceSet{}, kOneLumber), ErrorCode::InvalidTrade);
    CHECK(e1.rule == "R-TR1");
    rejected(s, cmd::propose(0, kOneWool, ResourceSet{}), ErrorCode::InvalidTrade);
    rejected(s, cmd::propose(0, ResourceSet{}, ResourceSet{}), ErrorCode::InvalidTrade);

    // A counter-offer is held to the same terms: the responder neither gives nor takes for nothing.
    ok(s, cmd::propose(0, kOneWool, kOneLumber));
    rejected(s, cmd::counter(1, ResourceSet{}, kOneWool), ErrorCode::InvalidTrade);
    rejected(s, cmd::counter(1, kOneLumber, ResourceSet{}), ErrorCode::InvalidTrade);
    CHECK(s.offer.response[1] == TradeResponse::Pending);
    CHECK(Snapshot(s) == before);
}

TEST_CASE("the same resource can never be on both sides of a trade", "[R-TR1]") {
    GameState s = trading_game();
    give(s, 0, {0, 0, 0, 0, 3});
    // 3 ore for 1 ore would be a gift of 2 ore in disguise.
    rejected(s, cmd::propose(0, ResourceSet{0, 0, 0, 0, 3}, kOneOre), ErrorCode::InvalidTrade);
    rejected(s, cmd::propose(0, ResourceSet{0, 0, 1, 0, 1}, ResourceSet{0, 1, 0, 0, 1}), ErrorCode::InvalidTrade);

    ok(s, cmd::propose(0, kOneWool, kOneLumber));
    rejected(s, cmd::counter(1, kTwoLumber, ResourceSet{0, 1, 1, 0, 0}), ErrorCode::InvalidTrade);
    CHECK(s.offer.response[1] == TradeResponse::Pending);
}

TEST_CASE("any quantities may be traded, but only from cards held now", "[R-TR1]") {
    GameState s = trading_game();
    // Seat 0 holds 2 wool: offering 3 would be credit.
    rejected(s, cmd::propose(0, ResourceSet{0, 0, 3, 0, 0}, kTwoLumber), ErrorCode::CannotAfford);

    // 1 wool for 2 lumber is a fine uneven trade.
    ok(s, cmd::propose(0, kOneWool, kTwoLumber));

    // Seat 2 holds only 1 lumber: it can neither accept nor counter with cards it lacks.
    CHECK_FALSE(is_legal(s, cmd::accept(2)));
    CHECK(is_legal(s, cmd::decline(2)));
    rejected(s, cmd::accept(2), ErrorCode::CannotAfford);
    rejected(s, cmd::counter(2, kTwoLumber, kOneWool), ErrorCode::CannotAfford);

    CHECK(is_legal(s, cmd::accept(1)));
    ok(s, cmd::accept(1));
    ok(s, cmd::confirm(0, 1));
    CHECK(hand(s, 0) == counts(1, 2, 1, 0, 0));
    CHECK(hand(s, 1) == counts(0, 0, 1, 1, 0));
    CHECK(hand(s, 2) == counts(0, 1, 0, 0, 1));
    CHECK(bank(s) == counts(18, 16, 17, 18, 15));  // domestic trades never touch the bank
}

TEST_CASE("only the active player trades, always with exactly one other player", "[R-TR1]") {
    GameState s = trading_game();

    // A seat that is not active cannot open an offer.
    CHECK(may_propose_trade(s, 0));
    CHECK_FALSE(may_propose_trade(s, 1));
    rejected(s, cmd::propose(1, kOneLumber, kOneBrick), ErrorCode::NotYourTurn);
    rejected(s, cmd::propose(3, kOneOre, kOneLumber), ErrorCode::NotYourTurn);

    ok(s, cmd::propose(0, kOneWool, kOneLumber));
    ok(s, cmd::accept(1));
    ok(s, cmd::accept(2));

    // Responders answer; they never confirm, neither with the active player nor with each other.
    CHECK(may_counter_trade(s, 1));
    CHECK_FALSE(may_counter_trade(s, 0));
    rejected(s, cmd::confirm(1, 0), ErrorCode::NotYourTurn);
    rejected(s, cmd::confirm(1, 2), ErrorCode::NotYourTurn);
    rejected(s, cmd::confirm(2, 1), ErrorCode::NotYourTurn);
    rejected(s, cmd::propose(2, kOneOre, kOneLumber), ErrorCode::NotYourTurn);
    for (int p = 1; p < 4; ++p) {
        CHECK_FALSE(lists_type(s, p, CommandType::ConfirmTrade));
        CHECK_FALSE(lists_type(s, p, CommandType::ProposeTrade));
        CHECK_FALSE(lists_type(s, p, CommandType::CancelTrade));
    }
    // The active player cannot trade with itself or with nobody.
    rejected(s, cmd::confirm(0, 0), ErrorCode::BadArgument);
    rejected(s, cmd::confirm(0, kNoSeat), ErrorCode::BadArgument);

    // Both accepted: the active player picks one, and only those two hands change.
    CHECK(is_legal(s, cmd::confirm(0, 1)));
    CHECK(is_legal(s, cmd::confirm(0, 2)));
    ok(s, cmd::confirm(0, 2));
    CHECK(hand(s, 0) == counts(1, 1, 1, 0, 0));
    CHECK(hand(s, 1) == counts(0, 2, 0, 1, 0));
    CHECK(hand(s, 2) == counts(0, 0, 1, 0, 1));
    CHECK(hand(s, 3) == counts(0, 0, 0, 0, 3));
    // The offer is closed: the other acceptance cannot be used any more.
    CHECK(phase(s) == name(Phase::Main));
    rejected(s, cmd::confirm(0, 1), ErrorCode::WrongPhase);
    rejected(s, cmd::accept(1), ErrorCode::WrongPhase);
}

TEST_CASE("an offer addressed to one player can be answered by that player only", "[R-TR1]") {
    GameState s = trading_game();
    const Snapshot before(s);
    rejected(s, cmd::propose(0, kOneWool, kOneLumber, 0), ErrorCode::BadArgument);  // not to oneself
    rejected(s, cmd::propose(0, kOneWool, kOneLumber, 4), ErrorCode::BadArgument);  // no such seat

    const auto proposed = ok(s, cmd::propose(0, kOneWool, kOneLumber, 2));
    const auto ev = find_event(proposed, EventType::TradeProposed);
    REQUIRE(ev);
    CHECK(ev->other == 2);
    for (int p : {1, 3}) {
        INFO("seat " << p);
        CHECK(legal_actions(s, p).empty());
        CHECK_FALSE(may_counter_trade(s, p));
        rejected(s, cmd::accept(p), ErrorCode::InvalidTrade);
        rejected(s, cmd::decline(p), ErrorCode::InvalidTrade);
        rejected(s, cmd::counter(p, kOneLumber, kOneWool), ErrorCode::InvalidTrade);
    }
    rejected(s, cmd::confirm(0, 1), ErrorCode::InvalidTrade);
    CHECK(may_counter_trade(s, 2));

    SECTION("the addressed player accepts") {
        CHECK(is_legal(s, cmd::accept(2)));
        ok(s, cmd::accept(2));
        ok(s, cmd::confirm(0, 2));
        CHECK(hand(s, 0) == counts(1, 1, 1, 0, 0));
        CHECK(hand(s, 2) == counts(0, 0, 1, 0, 1));
        CHECK(hand(s, 1) == counts(0, 2, 0, 1, 0));
    }
    SECTION("the addressed player declines: the offer closes") {
        ok(s, cmd::decline(2));
        CHECK(phase(s) == name(Phase::Main));
        CHECK(Snapshot(s) == before);
    }
}

// ---------------------------------------------------------------------------------------------------
// R-TR2

TEST_CASE("an offer moves no card until the active player confirms it", "[R-TR2]") {
    GameState s = trading_game();
    const Snapshot before(s);

    const auto proposed = ok(s, cmd::propose(0, kOneWool, kOneLumber));
    CHECK(phase(s) == name(Phase::TradeOffer));
    CHECK(Snapshot(s) == before);
    const auto ev = find_event(proposed, EventType::TradeProposed);
    REQUIRE(ev);
    CHECK(counts(ev->resources) == counts(kOneWool));
    CHECK(counts(ev->other_resources) == counts(kOneLumber));
    // While the offer is open the active player does nothing else.
    give(s, 0, kBaseRules.road_cost);
    const Snapshot with_road_cards(s);
    rejected(s, cmd::end_turn(0), ErrorCode::WrongPhase);
    rejected(s, cmd::bank_trade(0, Resource::Wool, Resource::Ore), ErrorCode::WrongPhase);

    // Accepting moves nothing either; it only allows the active player to confirm.
    ok(s, cmd::accept(1));
    CHECK(s.offer.response[1] == TradeResponse::Accepted);
    CHECK(Snapshot(s) == with_road_cards);
    CHECK(is_legal(s, cmd::confirm(0, 1)));
    CHECK_FALSE(is_legal(s, cmd::confirm(0, 2)));  // still pending
    rejected(s, cmd::confirm(0, 2), ErrorCode::InvalidTrade);

    const auto done = ok(s, cmd::confirm(0, 1));
    CHECK(hand(s, 0) == counts(2, 2, 1, 0, 0));
    CHECK(hand(s, 1) == counts(0, 1, 1, 1, 0));
    CHECK(phase(s) == name(Phase::Main));
    CHECK(s.offer == TradeOffer{});
    const auto completed = find_event(done, EventType::TradeCompleted);
    REQUIRE(completed);
    CHECK(completed->player == 0);
    CHECK(completed->other == 1);
    CHECK(counts(completed->resources) == counts(kOneWool));
    CHECK(counts(completed->other_resources) == counts(kOneLumber));
}

TEST_CASE("a declined offer cannot be confirmed, and when everyone declines it closes", "[R-TR2]") {
    GameState s = trading_game();
    const Snapshot before(s);
    ok(s, cmd::propose(0, kOneWool, kOneLumber));

    ok(s, cmd::decline(1));
    CHECK(s.offer.response[1] == TradeResponse::Declined);
    CHECK(phase(s) == name(Phase::TradeOffer));  // others may still answer
    CHECK_FALSE(is_legal(s, cmd::confirm(0, 1)));
    rejected(s, cmd::confirm(0, 1), ErrorCode::InvalidTrade);

    ok(s, cmd::decline(2));
    CHECK(phase(s) == name(Phase::TradeOffer));
    const auto last = ok(s, cmd::decline(3));
    CHECK(phase(s) == name(Phase::Main));
    CHECK(count_events(last, EventType::TradeCancelled) == 1);
    CHECK(Snapshot(s) == before);
    rejected(s, cmd::accept(1), ErrorCode::WrongPhase);
    // The active player may make a new offer.
    CHECK(may_propose_trade(s, 0));
    ok(s, cmd::propose(0, kOneBrick, kOneOre));
}

TEST_CASE("a counter-offer is confirmed on its own terms", "[R-TR2]") {
    GameState s = trading_game();
    const Snapshot before(s);
    ok(s, cmd::propose(0, kOneWool, kOneLumber));

    // Seat 1 answers: it gives 1 lumber but wants 2 wool.
    const auto countered = ok(s, cmd::counter(1, kOneLumber, kTwoWool));
    CHECK(s.offer.response[1] == TradeResponse::Countered);
    CHECK(Snapshot(s) == before);
    const auto ev = find_event(countered, EventType::TradeCountered);
    REQUIRE(ev);
    CHECK(ev->other == 1);
    CHECK(counts(ev->resources) == counts(kOneLumber));
    CHECK(counts(ev->other_resources) == counts(kTwoWool));

    SECTION("confirming executes the counter terms, not the original offer") {
        CHECK(is_legal(s, cmd::confirm(0, 1)));
        const auto done = ok(s, cmd::confirm(0, 1));
        CHECK(hand(s, 0) == counts(1, 1, 0, 0, 0));
        CHECK(hand(s, 1) == counts(0, 1, 2, 1, 0));
        const auto completed = find_event(done, EventType::TradeCompleted);
        REQUIRE(completed);
        CHECK(counts(completed->resources) == counts(kTwoWool));
        CHECK(counts(completed->other_resources) == counts(kOneLumber));
        CHECK(phase(s) == name(Phase::Main));
    }
    SECTION("another seat's plain acceptance keeps the original terms") {
        ok(s, cmd::accept(2));
        ok(s, cmd::confirm(0, 2));
        CHECK(hand(s, 0) == counts(1, 1, 1, 0, 0));
        CHECK(hand(s, 1) == counts(0, 2, 0, 1, 0));
        CHECK(hand(s, 2) == counts(0, 0, 1, 0, 1));
    }
    SECTION("a counter the active player cannot pay cannot be confirmed") {
        ok(s, cmd::counter(1, kOneLumber, ResourceSet{0, 0, 3, 0, 0}));  // seat 0 holds only 2 wool
        CHECK_FALSE(is_legal(s, cmd::confirm(0, 1)));
        rejected(s, cmd::confirm(0, 1), ErrorCode::CannotAfford);
        CHECK(Snapshot(s) == before);
    }
}

TEST_CASE("the active player can withdraw an open offer", "[R-TR2]") {
    GameState s = trading_game();
    const Snapshot before(s);
    ok(s, cmd::propose(0, kOneWool, kOneLumber));
    ok(s, cmd::accept(1));

    CHECK(is_legal(s, cmd::cancel_trade(0)));
    CHECK_FALSE(is_legal(s, cmd::cancel_trade(1)));
    rejected(s, cmd::cancel_trade(1), ErrorCode::NotYourTurn);

    const auto ev = ok(s, cmd::cancel_trade(0));
    CHECK(count_events(ev, EventType::TradeCancelled) == 1);
    CHECK(phase(s) == name(Phase::Main));
    CHECK(Snapshot(s) == before);
    rejected(s, cmd::confirm(0, 1), ErrorCode::WrongPhase);
}

// ---------------------------------------------------------------------------------------------------
// R-TR3

TEST_CASE("without a harbor the bank takes 4 identical cards for 1", "[R-TR3]") {
    GameState s = blank_game(4);
    const int node = kBaseTopology.hex_nodes[9][0];  // an inland corner of the centre hex
    REQUIRE_FALSE(is_harbor_node(s, node));
    put_settlement(s, 0, node);
    give(s, 0, {4, 3, 0, 0, 0});
    for (Resource r : kAllResources) CHECK(bank_trade_ratio(s, 0, r) == 4);

    // 3 lumber is not enough; 4 brick is, for any other resource.
    CHECK(count_legal(s, 0, CommandType::BankTrade) == 4);
    CHECK_FALSE(is_legal(s, cmd::bank_trade(0, Resource::Lumber, Resource::Ore)));
    rejected(s, cmd::bank_trade(0, Resource::Lumber, Resource::Ore), ErrorCode::CannotAfford);
    rejected(s, cmd::bank_trade(0, Resource::Brick, Resource::Brick), ErrorCode::InvalidTrade);

    CHECK(is_legal(s, cmd::bank_trade(0, Resource::Brick, Resource::Ore)));
    const auto ev = ok(s, cmd::bank_trade(0, Resource::Brick, Resource::Ore));
    CHECK(hand(s, 0) == counts(0, 3, 0, 0, 1));
    CHECK(bank(s) == counts(19, 16, 19, 19, 18));
    const auto traded = find_event(ev, EventType::BankTraded);
    REQUIRE(traded);
    CHECK(counts(traded->resources) == counts(4, 0, 0, 0, 0));
    CHECK(counts(traded->other_resources) == counts(0, 0, 0, 0, 1));
    CHECK(count_legal(s, 0, CommandType::BankTrade) == 0);
}

TEST_CASE("a settlement or a city on a 3:1 harbor trades 3 identical cards for 1", "[R-TR3]") {
    GameState s = blank_game(4);
    const int node = harbor_nodes(s, kGenericHarbor).front();
    SECTION("settlement") { put_settlement(s, 0, node); }
    SECTION("city") { put_city(s, 0, node); }
    for (Resource r : kAllResources) CHECK(bank_trade_ratio(s, 0, r) == 3);

    give(s, 0, {0, 0, 0, 3, 2});
    CHECK_FALSE(is_legal(s, cmd::bank_trade(0, Resource::Ore, Resource::Brick)));
    rejected(s, cmd::bank_trade(0, Resource::Ore, Resource::Brick), ErrorCode::CannotAfford);
    CHECK(is_legal(s, cmd::bank_trade(0, Resource::Grain, Resource::Brick)));
    ok(s, cmd::bank_trade(0, Resource::Grain, Resource::Brick));
    CHECK(hand(s, 0) == counts(1, 0, 0, 0, 2));
    CHECK(bank(s) == counts(18, 19, 19, 19, 17));
    // Another player without a harbor still pays 4.
    CHECK(bank_trade_ratio(s, 1, Resource::Grain) == 4);
}

TEST_CASE("a 2:1 harbor gives its rate only for its own resource", "[R-TR3]") {
    for (Resource r : kAllResources) {
        const int kind = static_cast<int>(r);
        const Resource other = static_cast<Resource>((kind + 1) % kResourceCount);
        INFO("2:1 harbor for " << to_string(r));
        GameState s = blank_game(4);
        put_settlement(s, 0, harbor_nodes(s, kind).front());
        for (Resource g : kAllResources) CHECK(bank_trade_ratio(s, 0, g) == (g == r ? 2 : 4));

        give(s, 0, ResourceSet::of(r, 2));
        give(s, 0, ResourceSet::of(other, 3));
        // 3 of another resource is not enough (4:1 for it); 2 of the harbor's resource is.
        CHECK_FALSE(is_legal(s, cmd::bank_trade(0, other, r)));
        rejected(s, cmd::bank_trade(0, other, r), ErrorCode::CannotAfford);
        CHECK(is_legal(s, cmd::bank_trade(0, r, other)));
        ok(s, cmd::bank_trade(0, r, other));
        CHECK(s.players[0].hand[r] == 0);
        CHECK(s.players[0].hand[other] == 4);
        CHECK(s.bank[r] == 19);
        CHECK(s.bank[other] == 15);
    }
}

TEST_CASE("a road at a harbor gives no better rate", "[R-TR3]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, kBaseTopology.hex_nodes[9][0]);
    put_road(s, 0, harbor_path(s, kGenericHarbor));
    put_road(s, 0, harbor_path(s, static_cast<int>(Resource::Wool)));
    for (Resource r : kAllResources) CHECK(bank_trade_ratio(s, 0, r) == 4);
    give(s, 0, {0, 0, 3, 0, 0});
    CHECK(count_legal(s, 0, CommandType::BankTrade) == 0);
    rejected(s, cmd::bank_trade(0, Resource::Wool, Resource::Ore), ErrorCode::CannotAfford);
}

TEST_CASE("a harbor can be used on the turn its settlement is built", "[R-TR3]") {
    GameState s = blank_game(4);
    const int path = harbor_path(s, kGenericHarbor);
    const int node = kBaseTopology.edge_nodes[static_cast<std::size_t>(path)][0];
    put_road(s, 0, path);
    give(s, 0, {1, 1, 4, 1, 0});
    CHECK(bank_trade_ratio(s, 0, Resource::Wool) == 4);  // the road alone gives nothing

    ok(s, cmd::settlement(0, node));
    CHECK(hand(s, 0) == counts(0, 0, 3, 0, 0));
    CHECK(bank_trade_ratio(s, 0, Resource::Wool) == 3);
    CHECK(is_legal(s, cmd::bank_trade(0, Resource::Wool, Resource::Ore)));
    ok(s, cmd::bank_trade(0, Resource::Wool, Resource::Ore));
    CHECK(hand(s, 0) == counts(0, 0, 0, 0, 1));
    CHECK(bank(s) == counts(19, 19, 19, 19, 18));
}

TEST_CASE("the bank cannot give a resource it has run out of", "[R-TR3]") {
    GameState s = blank_game(4);
    give(s, 1, ResourceSet::of(Resource::Ore, kBaseRules.bank_per_resource));  // the bank's last ore
    give(s, 0, {4, 0, 0, 0, 0});
    REQUIRE(s.bank[Resource::Ore] == 0);

    CHECK_FALSE(is_legal(s, cmd::bank_trade(0, Resource::Brick, Resource::Ore)));
    rejected(s, cmd::bank_trade(0, Resource::Brick, Resource::Ore), ErrorCode::BankEmpty);
    CHECK(count_legal(s, 0, CommandType::BankTrade) == 3);  // lumber, wool and grain are still there
    ok(s, cmd::bank_trade(0, Resource::Brick, Resource::Grain));
    CHECK(hand(s, 0) == counts(0, 0, 0, 1, 0));
}
