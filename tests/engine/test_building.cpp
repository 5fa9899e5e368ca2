// Building: roads (R-BU1), settlements (R-BU2), cities (R-BU3) and buying development cards (R-BU4).
#include <algorithm>

#include "test_support_positions.hpp"

using namespace catan;
using namespace catan::test;
using namespace catan::test::pos;

namespace {

std::vector<int> legal_road_paths(const GameState& s, int p) {
    std::vector<int> out;
    for (const Command& c : legal_actions(s, p))
        if (c.type == CommandType::BuildRoad) out.push_back(c.target);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<int> legal_settlement_nodes(const GameState& s, int p) {
    std::vector<int> out;
    for (const Command& c : legal_actions(s, p))
        if (c.type == CommandType::BuildSettlement) out.push_back(c.target);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<int> paths(std::initializer_list<std::pair<int, int>> ends) {
    std::vector<int> out;
    for (auto [a, b] : ends) out.push_back(edge(a, b));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<int> sorted(std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return v;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// R-BU1

TEST_CASE("a road costs 1 brick and 1 lumber, paid to the bank", "[R-BU1]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 18);
    give(s, 0, {1, 1, 0, 0, 0});
    const int e = edge(18, 24);

    CHECK(is_legal(s, cmd::road(0, e)));
    const auto ev = ok(s, cmd::road(0, e));
    CHECK(s.players[0].roads.test(e));
    CHECK(s.players[0].roads_left == kBaseRules.roads - 1);
    CHECK(hand(s, 0) == counts(0, 0, 0, 0, 0));
    CHECK(bank(s) == counts(19, 19, 19, 19, 19));
    const auto built = find_event(ev, EventType::Built);
    REQUIRE(built);
    CHECK(built->a == 0);
    CHECK(built->value == e);

    // Nothing left to pay with.
    CHECK(legal_road_paths(s, 0).empty());
    rejected(s, cmd::road(0, edge(18, 13)), ErrorCode::CannotAfford);
    give(s, 0, {1, 0, 0, 0, 0});
    rejected(s, cmd::road(0, edge(18, 13)), ErrorCode::CannotAfford);  // brick alone is not enough
}

TEST_CASE("a road must touch the player's own road, settlement or city", "[R-BU1]") {
    GameState s = blank_game(4);
    give(s, 0, {5, 5, 0, 0, 0});
    put_road(s, 1, edge(30, 35));  // an opponent's road does not help

    SECTION("from a settlement, then from the new road's end") {
        put_settlement(s, 0, 18);
        CHECK(legal_road_paths(s, 0) == paths({{18, 13}, {18, 23}, {18, 24}}));
        ok(s, cmd::road(0, edge(18, 24)));
        CHECK(legal_road_paths(s, 0) == paths({{18, 13}, {18, 23}, {24, 19}, {24, 30}}));
    }
    SECTION("from a city") {
        put_city(s, 0, 18);
        CHECK(legal_road_paths(s, 0) == paths({{18, 13}, {18, 23}, {18, 24}}));
    }
    // Not touching anything of the player's: rejected, even next to an opponent's road.
    for (int e : {edge(35, 40), edge(29, 35), edge(0, 4)}) {
        CHECK_FALSE(is_legal(s, cmd::road(0, e)));
        rejected(s, cmd::road(0, e), ErrorCode::IllegalSpot);
    }
}

TEST_CASE("a road cannot continue through an opponent's building, but can through one's own", "[R-BU1]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 8);
    put_road_chain(s, 0, {8, 13, 18});
    give(s, 0, {3, 3, 0, 0, 0});

    SECTION("an opponent's settlement") {
        put_settlement(s, 1, 18);
        CHECK(legal_road_paths(s, 0) == paths({{8, 4}, {8, 12}, {13, 9}}));
        rejected(s, cmd::road(0, edge(18, 24)), ErrorCode::IllegalSpot);
        rejected(s, cmd::road(0, edge(18, 23)), ErrorCode::IllegalSpot);
    }
    SECTION("an opponent's city") {
        put_city(s, 2, 18);
        CHECK(legal_road_paths(s, 0) == paths({{8, 4}, {8, 12}, {13, 9}}));
        rejected(s, cmd::road(0, edge(18, 24)), ErrorCode::IllegalSpot);
    }
    SECTION("the player's own settlement") {
        put_settlement(s, 0, 18);
        CHECK(legal_road_paths(s, 0) == paths({{8, 4}, {8, 12}, {13, 9}, {18, 23}, {18, 24}}));
        ok(s, cmd::road(0, edge(18, 24)));
        CHECK(s.players[0].roads.test(edge(18, 24)));
    }
    SECTION("a road may still be built up to an opponent's building") {
        put_settlement(s, 1, 24);
        CHECK(is_legal(s, cmd::road(0, edge(18, 24))));
        ok(s, cmd::road(0, edge(18, 24)));
        rejected(s, cmd::road(0, edge(24, 30)), ErrorCode::IllegalSpot);
        rejected(s, cmd::road(0, edge(24, 19)), ErrorCode::IllegalSpot);
    }
}

TEST_CASE("only one road per path", "[R-BU1]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 18);
    put_road(s, 0, edge(18, 24));
    put_road(s, 1, edge(18, 23));
    give(s, 0, {2, 2, 0, 0, 0});

    CHECK(legal_road_paths(s, 0) == paths({{18, 13}, {24, 19}, {24, 30}}));
    rejected(s, cmd::road(0, edge(18, 24)), ErrorCode::IllegalSpot);  // own road already there
    rejected(s, cmd::road(0, edge(18, 23)), ErrorCode::IllegalSpot);  // opponent's road there
}

// ---------------------------------------------------------------------------------------------------
// R-BU2

TEST_CASE("a settlement costs brick, lumber, wool and grain, paid to the bank", "[R-BU2]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 8);
    put_road_chain(s, 0, {8, 13, 18, 24, 30});
    give(s, 0, {1, 1, 1, 1, 0});
    REQUIRE(victory_points(s, 0) == 1);

    CHECK(is_legal(s, cmd::settlement(0, 18)));
    const auto ev = ok(s, cmd::settlement(0, 18));
    CHECK((s.players[0].settlements & node_bit(18)) != 0);
    CHECK(s.players[0].settlements_left == kBaseRules.settlements - 2);
    CHECK(hand(s, 0) == counts(0, 0, 0, 0, 0));
    CHECK(bank(s) == counts(19, 19, 19, 19, 19));
    CHECK(victory_points(s, 0) == 2);
    const auto built = find_event(ev, EventType::Built);
    REQUIRE(built);
    CHECK(built->a == 1);
    CHECK(built->value == 18);

    // One card short of each kind in turn: cannot afford.
    for (Resource missing : kAllResources) {
        if (missing == Resource::Ore) continue;
        GameState t = s;
        ResourceSet cards = kBaseRules.settlement_cost;
        cards[missing] = 0;
        give(t, 0, cards);
        CHECK(legal_settlement_nodes(t, 0).empty());
        rejected(t, cmd::settlement(0, 30), ErrorCode::CannotAfford);
    }
}

TEST_CASE("the distance rule: no building on any adjacent intersection", "[R-BU2]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 8);
    put_road_chain(s, 0, {8, 13, 18, 24, 30});
    give(s, 0, {2, 2, 2, 2, 0});
    // The road touches 8 (occupied), 13 (next to 8), 18, 24 and 30.
    rejected(s, cmd::settlement(0, 8), ErrorCode::IllegalSpot);
    rejected(s, cmd::settlement(0, 13), ErrorCode::IllegalSpot);  // next to the player's own settlement

    std::vector<int> expected;
    int blocked = -1;
    SECTION("nothing else nearby") { expected = {18, 24, 30}; }
    SECTION("an opponent's settlement next to 30") {
        put_settlement(s, 1, 35);
        expected = {18, 24};
        blocked = 30;
    }
    SECTION("an opponent's city next to 24") {
        put_city(s, 2, 19);
        expected = {18, 30};
        blocked = 24;
    }
    SECTION("the player's own settlement next to 18 and 24 (via 23 and 19)") {
        put_settlement(s, 0, 23);
        expected = {24, 30};
        blocked = 18;
    }
    CHECK(legal_settlement_nodes(s, 0) == expected);
    if (blocked >= 0) rejected(s, cmd::settlement(0, blocked), ErrorCode::IllegalSpot);
    for (int n : expected) {
        GameState t = s;
        ok(t, cmd::settlement(0, n));
    }
}

TEST_CASE("a settlement must touch one of the player's own roads", "[R-BU2]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 8);
    put_road_chain(s, 0, {8, 13, 18});
    put_road(s, 1, edge(24, 30));  // an opponent's road
    give(s, 0, {1, 1, 1, 1, 0});

    CHECK(legal_settlement_nodes(s, 0) == std::vector<int>{18});
    rejected(s, cmd::settlement(0, 30), ErrorCode::IllegalSpot);  // touches only the opponent's road
    rejected(s, cmd::settlement(0, 40), ErrorCode::IllegalSpot);  // touches no road at all
    ok(s, cmd::settlement(0, 18));
}

// ---------------------------------------------------------------------------------------------------
// R-BU3

TEST_CASE("a city replaces the player's settlement for 3 ore and 2 grain", "[R-BU3]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 18);
    give(s, 0, {0, 0, 0, 2, 2});
    rejected(s, cmd::city(0, 18), ErrorCode::CannotAfford);  // 2 ore only
    CHECK_FALSE(is_legal(s, cmd::city(0, 18)));
    give(s, 0, {0, 0, 0, 0, 1});

    CHECK(is_legal(s, cmd::city(0, 18)));
    const auto ev = ok(s, cmd::city(0, 18));
    CHECK((s.players[0].settlements & node_bit(18)) == 0);
    CHECK((s.players[0].cities & node_bit(18)) != 0);
    CHECK(s.players[0].settlements_left == kBaseRules.settlements);  // the settlement went back to supply
    CHECK(s.players[0].cities_left == kBaseRules.cities - 1);
    CHECK(hand(s, 0) == counts(0, 0, 0, 0, 0));
    CHECK(bank(s) == counts(19, 19, 19, 19, 19));
    CHECK(victory_points(s, 0) == 2);
    const auto built = find_event(ev, EventType::Built);
    REQUIRE(built);
    CHECK(built->a == 2);
    CHECK(built->value == 18);
}

TEST_CASE("the settlement a city replaces can be built again", "[R-BU3]") {
    GameState s = blank_game(4);
    for (int n : {0, 2, 11, 15, 18}) put_settlement(s, 0, n);
    put_road(s, 0, edge(24, 30));
    REQUIRE(s.players[0].settlements_left == 0);
    give(s, 0, kBaseRules.settlement_cost);
    give(s, 0, kBaseRules.city_cost);

    rejected(s, cmd::settlement(0, 30), ErrorCode::NoPiecesLeft);
    CHECK(legal_settlement_nodes(s, 0).empty());
    ok(s, cmd::city(0, 18));
    CHECK(s.players[0].settlements_left == 1);
    CHECK(legal_settlement_nodes(s, 0) == std::vector<int>{30});
    ok(s, cmd::settlement(0, 30));
    CHECK(s.players[0].settlements_left == 0);
    CHECK(victory_points(s, 0) == 4 + 2 + 1);
}

TEST_CASE("a city can only replace one of the player's own settlements", "[R-BU3]") {
    GameState s = blank_game(4);
    put_settlement(s, 0, 18);
    put_settlement(s, 0, 0);
    put_city(s, 0, 2);
    put_settlement(s, 1, 30);
    give(s, 0, {0, 0, 0, 2, 3});

    std::vector<int> listed;
    for (const Command& c : legal_actions(s, 0))
        if (c.type == CommandType::BuildCity) listed.push_back(c.target);
    CHECK(sorted(listed) == std::vector<int>{0, 18});
    rejected(s, cmd::city(0, 24), ErrorCode::IllegalSpot);  // empty intersection
    rejected(s, cmd::city(0, 30), ErrorCode::IllegalSpot);  // an opponent's settlement
    rejected(s, cmd::city(0, 2), ErrorCode::IllegalSpot);   // already a city
}

TEST_CASE("a player has only 4 cities", "[R-BU3]") {
    GameState s = blank_game(4);
    for (int n : {0, 2, 11, 15}) put_city(s, 0, n);
    put_settlement(s, 0, 18);
    give(s, 0, kBaseRules.city_cost);
    REQUIRE(s.players[0].cities_left == 0);

    CHECK_FALSE(is_legal(s, cmd::city(0, 18)));
    rejected(s, cmd::city(0, 18), ErrorCode::NoPiecesLeft);
}

// ---------------------------------------------------------------------------------------------------
// R-BU4

TEST_CASE("a development card costs ore, wool and grain and is the top card of the deck", "[R-BU4]") {
    GameState s = blank_game(4);
    rejected(s, cmd::buy_dev(0), ErrorCode::CannotAfford);
    give(s, 0, {0, 0, 1, 1, 0});
    rejected(s, cmd::buy_dev(0), ErrorCode::CannotAfford);  // no ore
    give(s, 0, {0, 0, 0, 0, 1});

    const int top = s.deck_top;
    const DevCard card = s.deck[static_cast<std::size_t>(top)];
    const auto k = static_cast<std::size_t>(card);
    CHECK(is_legal(s, cmd::buy_dev(0)));
    const auto ev = ok(s, cmd::buy_dev(0));
    CHECK(s.deck_top == top + 1);
    CHECK(s.deck_left() == kBaseRules.deck_size - top - 1);
    CHECK(s.players[0].dev[k] == 1);
    CHECK(s.players[0].dev_bought[k] == 1);
    CHECK(hand(s, 0) == counts(0, 0, 0, 0, 0));
    CHECK(bank(s) == counts(19, 19, 19, 19, 19));
    const auto bought = find_event(ev, EventType::DevCardBought);
    REQUIRE(bought);
    CHECK(bought->player == 0);
    CHECK(bought->a == static_cast<int>(card));
}

TEST_CASE("no development card can be bought once the deck is empty", "[R-BU4]") {
    GameState s = blank_game(4);
    s.deck_top = kBaseRules.deck_size;
    give(s, 0, kBaseRules.dev_card_cost);
    CHECK_FALSE(is_legal(s, cmd::buy_dev(0)));
    rejected(s, cmd::buy_dev(0), ErrorCode::DeckEmpty);

    // The last card can still be bought.
    s.deck_top = kBaseRules.deck_size - 1;
    CHECK(is_legal(s, cmd::buy_dev(0)));
    ok(s, cmd::buy_dev(0));
    CHECK(s.deck_left() == 0);
}
