// Level `basic` decides sensibly in the situations the issue names.
#include <catch2/catch.hpp>

#include "bots/basic_bot.hpp"
#include "engine/test_support_setup.hpp"
#include "games_share.hpp"
#include "states.hpp"

using namespace catan;
using namespace catan::bots;
using namespace catan::test;

namespace {

Command ask(Bot& bot, const GameState& truth, int seat) {
    Rng rng(1);
    const Command c = bot.choose(observe(truth, seat), rng);
    GameState copy = truth;
    const auto error = apply(copy, c);
    INFO(to_string(c.type) << ": " << (error ? error->message : "accepted"));
    REQUIRE_FALSE(error);
    return c;
}

// Seat 0 with two settlements (so a city is its next build) and the given hand, nothing else on the board.
GameState city_builder(const ResourceSet& hand) {
    GameState s = blank_game(4, 3);
    put_settlement(s, 0, corner(hex_at(0, 0), 0));
    put_settlement(s, 0, corner(hex_at(2, -2), 3));
    give(s, 0, hand);
    return s;
}

}  // namespace

TEST_CASE("basic: discards keep what the next build needs", "[bots][basic][R-7a]") {
    GameState s = city_builder(ResourceSet(3, 0, 2, 2, 3));  // 10 cards: a city (2 grain, 3 ore) is ready
    s.phase = Phase::Discard;
    s.players[0].discard_owed = 5;
    BasicBot bot;
    const Command c = ask(bot, s, 0);
    REQUIRE(c.type == CommandType::Discard);
    CHECK(c.give.total() == 5);
    CHECK(c.give[Resource::Grain] == 0);
    CHECK(c.give[Resource::Ore] == 0);
}

TEST_CASE("basic: the robber goes on the leader's best hex, never on its own", "[bots][basic][R-7b]") {
    GameState s = blank_game(4, 3);
    const int own = hex_at(0, 0), lead = hex_at(2, -2), other = hex_at(-2, 2);
    NamedHexes named;
    named.set(s, own, Terrain::Fields, 6);    // the richest hex, but the bot lives there too
    named.set(s, lead, Terrain::Mountains, 8);
    named.set(s, other, Terrain::Pasture, 5);
    // The leader's other hexes at its city get the two 1-dot tokens (2 and 12): the lead hex is its best.
    const int low[] = {2, 12};
    int k = 0;
    for (std::uint8_t h : kBaseTopology.node_hexes[static_cast<std::size_t>(corner(lead, 0))])
        if (h != kNone && h != lead && s.board.terrain[h] != Terrain::Desert) named.set(s, h, s.board.terrain[h], low[k++]);
    put_settlement(s, 0, corner(own, 0));
    put_settlement(s, 1, corner(own, 3));
    put_city(s, 1, corner(lead, 0));        // seat 1 leads with 3 points
    put_settlement(s, 2, corner(other, 0));
    give(s, 1, ResourceSet(1, 1, 0, 0, 0));
    s.robber = static_cast<std::uint8_t>(hex_at(0, -2));
    s.phase = Phase::MoveRobber;
    BasicBot bot;
    const Command c = ask(bot, s, 0);
    REQUIRE(c.type == CommandType::MoveRobber);
    CHECK(c.target == lead);
    CHECK(c.victim == 1);
}

TEST_CASE("basic: the robber never blocks the bot's own hexes in real games", "[bots][basic][R-7b]") {
    BasicBot bot;
    int checked = 0;
    const int wanted = test::share_of_games(100, 20);
    for (std::uint64_t seed = 1; seed <= 3000 && checked < wanted; ++seed) {
        const GameState s = testing::random_state(seed, 4, 2000);
        if (s.phase != Phase::MoveRobber) continue;
        const int p = s.current;
        const Command c = ask(bot, s, p);
        REQUIRE(c.type == CommandType::MoveRobber);
        CHECK((kBaseTopology.hex_node_mask[c.target] & (s.players[p].settlements | s.players[p].cities)) == 0);
        ++checked;
    }
    CHECK(checked >= 20);
}

TEST_CASE("basic: accepts an offer that gives what it needs, not one that takes it", "[bots][basic][R-TR1]") {
    GameState s = city_builder(ResourceSet(3, 0, 0, 2, 2));  // one ore short of a city, bricks to spare
    set_turn(s, 1);
    give(s, 1, ResourceSet(0, 0, 1, 0, 1));
    BasicBot bot;
    GameState helpful = s;
    REQUIRE_FALSE(apply(helpful, cmd::propose(1, ResourceSet::of(Resource::Ore), ResourceSet::of(Resource::Brick))));
    CHECK(ask(bot, helpful, 0).type == CommandType::AcceptTrade);

    GameState harmful = s;
    REQUIRE_FALSE(apply(harmful, cmd::propose(1, ResourceSet::of(Resource::Wool), ResourceSet::of(Resource::Ore))));
    CHECK(ask(bot, harmful, 0).type != CommandType::AcceptTrade);
}

TEST_CASE("basic: proposes toward its next build, at most once a turn", "[bots][basic][R-TR1]") {
    GameState s = city_builder(ResourceSet(2, 0, 0, 2, 2));  // one ore short; two bricks are not enough for the bank
    BasicBot bot;
    const Command offer = ask(bot, s, 0);
    REQUIRE(offer.type == CommandType::ProposeTrade);
    CHECK(offer.want == ResourceSet::of(Resource::Ore));
    CHECK(offer.give[Resource::Ore] == 0);
    CHECK(offer.give[Resource::Grain] == 0);
    REQUIRE_FALSE(apply(s, offer));
    for (int q = 1; q < 4; ++q) REQUIRE_FALSE(apply(s, cmd::decline(q)));
    REQUIRE(s.phase == Phase::Main);
    CHECK(ask(bot, s, 0).type != CommandType::ProposeTrade);
}

TEST_CASE("basic: confirms an accepted offer that helps it", "[bots][basic][R-TR2]") {
    GameState s = city_builder(ResourceSet(2, 0, 0, 2, 2));
    give(s, 2, ResourceSet::of(Resource::Ore));
    REQUIRE_FALSE(apply(s, cmd::propose(0, ResourceSet::of(Resource::Brick), ResourceSet::of(Resource::Ore))));
    REQUIRE_FALSE(apply(s, cmd::accept(2)));
    REQUIRE_FALSE(apply(s, cmd::decline(1)));
    REQUIRE_FALSE(apply(s, cmd::decline(3)));
    BasicBot bot;
    const Command c = ask(bot, s, 0);
    CHECK(c.type == CommandType::ConfirmTrade);
    CHECK(c.victim == 2);
}
