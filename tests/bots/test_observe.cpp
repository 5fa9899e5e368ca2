// observe(): a seat's observation depends on nothing hidden from it, and keeps everything public.
#include <catch2/catch.hpp>

#include "proto/scramble.hpp"
#include "states.hpp"

using namespace catan;
using namespace catan::bots;

namespace {

// Another true state that differs from `s` only in what `seat` cannot see.
GameState scramble_hidden(const GameState& s, int seat, Rng& rng) {
    GameState t = s;
    t.options.seed = rng.next();
    t.rng = Rng(rng.next());
    // Move cards between two other players, kind for kind swaps keep every total right.
    for (int i = 0; i < 20; ++i) {
        const int a = static_cast<int>(rng.below(t.num_players)), b = static_cast<int>(rng.below(t.num_players));
        if (a == seat || b == seat || a == b) continue;
        const int ra = static_cast<int>(rng.below(kResourceCount)), rb = static_cast<int>(rng.below(kResourceCount));
        if (t.players[a].hand.n[ra] == 0 || t.players[b].hand.n[rb] == 0) continue;
        --t.players[a].hand.n[ra], ++t.players[a].hand.n[rb];
        --t.players[b].hand.n[rb], ++t.players[b].hand.n[ra];
    }
    // Exchange unplayed development cards of others with face-down deck cards, then shuffle the deck.
    for (int q = 0; q < t.num_players; ++q) {
        if (q == seat || t.deck_top == t.deck_size) continue;
        for (int k = 0; k < kDevCardKinds; ++k) {
            const int spare = t.players[q].dev[k] - t.players[q].dev_bought[k];
            if (spare == 0) continue;
            const int i = t.deck_top + static_cast<int>(rng.below(static_cast<std::uint32_t>(t.deck_left())));
            const auto other = static_cast<int>(t.deck[i]);
            t.deck[i] = static_cast<DevCard>(k);
            --t.players[q].dev[k];
            ++t.players[q].dev[other];
            break;
        }
    }
    for (int i = t.deck_size; i > t.deck_top + 1; --i) std::swap(t.deck[i - 1], t.deck[t.deck_top + rng.below(static_cast<std::uint32_t>(i - t.deck_top))]);
    return t;
}

int dev_total(const PlayerState& p) {
    int n = 0;
    for (auto c : p.dev) n += c;
    return n;
}

}  // namespace

TEST_CASE("observe: hidden information never reaches the observation", "[bots][observe]") {
    Rng rng(99);
    int trade_states = 0, differing = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const GameState truth = testing::random_state(seed, 2 + static_cast<int>(seed % 5), 1500);  // 2..6 seats
        trade_states += truth.phase == Phase::TradeOffer;
        for (int seat = 0; seat < truth.num_players; ++seat) {
            const Observation obs = observe(truth, seat);
            const GameState other = scramble_hidden(truth, seat, rng);
            differing += !(other == truth);
            const Observation obs2 = observe(other, seat);
            INFO("seed " << seed << " seat " << seat << " phase " << to_string(truth.phase));
            REQUIRE(obs.state == obs2.state);
            REQUIRE(legal_actions(obs.state, seat) == legal_actions(truth, seat));
            REQUIRE(may_propose_trade(obs.state, seat) == may_propose_trade(truth, seat));
            REQUIRE(may_counter_trade(obs.state, seat) == may_counter_trade(truth, seat));
            REQUIRE(players_to_act(obs.state) == players_to_act(truth));
        }
    }
    CHECK(trade_states > 0);
    CHECK(differing > 500);  // the scrambling really changed hidden things
}

TEST_CASE("observe: nothing public and nothing of the seat's own is lost", "[bots][observe]") {
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
        const GameState truth = testing::random_state(seed, seed % 2 ? 4 : 6, 1500);
        for (int seat = 0; seat < truth.num_players; ++seat) {
            const GameState& s = observe(truth, seat).state;
            REQUIRE(s.board == truth.board);
            REQUIRE(s.phase == truth.phase);
            REQUIRE(s.current == truth.current);
            REQUIRE(s.turn == truth.turn);
            REQUIRE(s.robber == truth.robber);
            REQUIRE(s.bank == truth.bank);
            REQUIRE(s.offer == truth.offer);
            REQUIRE(s.deck_top == truth.deck_top);
            REQUIRE(s.longest_road == truth.longest_road);
            REQUIRE(s.largest_army == truth.largest_army);
            REQUIRE(s.occupied == truth.occupied);
            REQUIRE(s.players[seat] == truth.players[seat]);
            for (int q = 0; q < truth.num_players; ++q) {
                const PlayerState &a = s.players[q], &b = truth.players[q];
                REQUIRE(a.hand.total() == b.hand.total());
                REQUIRE(dev_total(a) == dev_total(b));
                REQUIRE(a.knights_played == b.knights_played);
                REQUIRE(a.settlements == b.settlements);
                REQUIRE(a.cities == b.cities);
                REQUIRE(a.roads == b.roads);
                REQUIRE(a.discard_owed == b.discard_owed);
                REQUIRE(public_victory_points(s, q) == public_victory_points(truth, q));
            }
            // Resource cards are conserved, so the filling is itself a possible state.
            for (Resource r : kAllResources) {
                int held = s.bank[r];
                for (int q = 0; q < s.num_players; ++q) held += s.players[q].hand[r];
                REQUIRE(held == ruleset(truth).bank_per_resource);
            }
        }
    }
}

TEST_CASE("observe: the hidden parts are replaced, not copied", "[bots][observe][R-X4]") {
    for (const int players : {4, 6}) {
        const GameState truth = testing::random_state(5, players, 2);  // setup: the deck is whole and secret
        const GameState& s = observe(truth, 0).state;
        INFO(players << " players");
        CHECK(s.options.seed == 0);
        CHECK_FALSE(s.rng == truth.rng);
        CHECK_FALSE(s.deck == truth.deck);
        // The filling keeps the box's deck composition (R-S2; R-X4: 34 cards with 5–6 players).
        REQUIRE(s.deck_size == ruleset(truth).deck_size);
        std::array<int, kDevCardKinds> filled{}, dealt{};
        for (int i = 0; i < s.deck_size; ++i) ++filled[static_cast<int>(s.deck[i])], ++dealt[static_cast<int>(truth.deck[i])];
        CHECK(filled == dealt);
    }
}

TEST_CASE("observe: what lies face down, and the face-down tokens' order, never reach the observation", "[bots][observe][R-SF10]") {
    Rng rng(7);
    int hidden_states = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        GameOptions o;
        o.players = 3;
        o.scenario = Scenario::FogIslands;
        o.victory_target = 12;
        o.seed = seed;
        GameState truth = new_game(o);
        std::vector<Command> actions;
        for (int step = 0; step < static_cast<int>(seed * 20) && truth.phase != Phase::GameOver; ++step)
            testing::random_step(truth, rng, actions);
        if (!truth.board.fog.any()) continue;
        ++hidden_states;
        // The same game with the face-down terrains and tokens in another order.
        GameState other = truth;
        test::shuffle_face_down(other, rng);
        for (int seat = 0; seat < truth.num_players; ++seat) {
            INFO("seed " << seed << " seat " << seat);
            REQUIRE(observe(truth, seat).state == observe(other, seat).state);
            REQUIRE(legal_actions(observe(truth, seat).state, seat) == legal_actions(truth, seat));
        }
    }
    CHECK(hidden_states > 20);
}
