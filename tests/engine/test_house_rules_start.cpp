// How a game starts and who sits at it: the first player by dice (R-O5) and two players (R-O6).
#include "test_support.hpp"

#include <map>
#include <set>

#include "catan/sim/random_game.hpp"

using namespace catan;
using namespace catan::test;

namespace {

GameOptions options_for(int players, std::uint64_t seed, bool by_dice) {
    GameOptions o;
    o.players = players;
    o.seed = seed;
    o.first_by_dice = by_dice;
    return o;
}

// The first-player rolls as rounds: round number -> (seat, total) in the order shown.
using Rounds = std::map<int, std::vector<std::pair<int, int>>>;

Rounds rounds_of(const std::vector<Event>& ev) {
    Rounds r;
    for (const Event& e : ev) {
        REQUIRE(e.type == EventType::FirstRoll);
        REQUIRE(e.a >= 1);
        REQUIRE(e.a <= 6);
        REQUIRE(e.b >= 1);
        REQUIRE(e.b <= 6);
        r[e.value].emplace_back(e.player, e.a + e.b);
    }
    return r;
}

// The seats holding the highest total of a round, in seat order.
std::vector<int> highest(const std::vector<std::pair<int, int>>& round) {
    int best = 0;
    for (const auto& [seat, total] : round) best = std::max(best, total);
    std::vector<int> seats;
    for (const auto& [seat, total] : round)
        if (total == best) seats.push_back(seat);
    return seats;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------
// R-O5 first player by dice

TEST_CASE("R-O5 every seat rolls, the highest starts, ties re-roll among the tied only, each roll shown", "[R-O5]") {
    int tie_games = 0, double_ties = 0;
    for (int players = 2; players <= 6; ++players) {
        std::set<int> firsts;
        for (std::uint64_t seed = 0; seed < 300; ++seed) {
            std::vector<Event> ev;
            const GameState s = new_game(options_for(players, seed, true), &ev);
            INFO("players " << players << " seed " << seed);
            const Rounds rounds = rounds_of(ev);
            REQUIRE_FALSE(rounds.empty());
            // Round 1: every seat once, in seat order.
            std::vector<int> seats;
            for (const auto& [seat, total] : rounds.at(1)) seats.push_back(seat);
            std::vector<int> all(static_cast<std::size_t>(players));
            for (int p = 0; p < players; ++p) all[static_cast<std::size_t>(p)] = p;
            CHECK(seats == all);
            // Each later round holds exactly the seats tied for the highest total of the round before.
            int round = 1;
            for (; rounds.count(round + 1); ++round) {
                const auto tied = highest(rounds.at(round));
                CHECK(tied.size() >= 2u);
                std::vector<int> next;
                for (const auto& [seat, total] : rounds.at(round + 1)) next.push_back(seat);
                CHECK(next == tied);
            }
            CHECK(static_cast<int>(rounds.size()) == round);  // rounds are numbered 1, 2, ... with no gap
            // The last round has one highest seat, who starts and places first.
            const auto winner = highest(rounds.at(round));
            REQUIRE(winner.size() == 1u);
            CHECK(s.first_player == winner[0]);
            CHECK(s.current == winner[0]);
            CHECK(setup_player(s, 0) == winner[0]);
            CHECK(s.phase == Phase::SetupSettlement);
            CHECK(state_is_ok(s));
            tie_games += round >= 2;
            double_ties += round >= 3;
            firsts.insert(s.first_player);
        }
        CHECK(firsts.size() == static_cast<std::size_t>(players));  // every seat starts some game
    }
    CHECK(tie_games > 100);
    CHECK(double_ties > 5);
}

TEST_CASE("R-O5 the rolls come from the seed: the same seed, the same rolls and the same game", "[R-O5]") {
    for (std::uint64_t seed : {3ULL, 77ULL, 1234ULL}) {
        std::vector<Event> a, b;
        const GameState x = new_game(options_for(4, seed, true), &a);
        const GameState y = new_game(options_for(4, seed, true), &b);
        const GameState z = new_game(options_for(4, seed, true));  // nobody listening: the same game
        CHECK(a == b);
        CHECK(x == y);
        CHECK(x == z);
    }
}

TEST_CASE("R-O5 off: the first player is drawn as before and nothing is shown", "[R-O5][R-S3]") {
    for (int players = 2; players <= 6; ++players)
        for (std::uint64_t seed = 0; seed < 40; ++seed) {
            std::vector<Event> ev;
            const GameState s = new_game(options_for(players, seed, false), &ev);
            CHECK(ev.empty());
            // The draw of saved games: board, deck shuffle, then one draw below the seat count.
            const Ruleset& rules = ruleset(board_for_players(players));
            Rng rng(seed);
            (void)generate_board(rules, rng);
            std::array<DevCard, kMaxDeck> deck{};
            int i = 0;
            for (const auto& [card, n] : rules.deck)
                for (int c = 0; c < n; ++c) deck[static_cast<std::size_t>(i++)] = card;
            rng.shuffle_prefix(deck, rules.deck_size);
            INFO("players " << players << " seed " << seed);
            CHECK(s.deck == deck);
            CHECK(s.first_player == rng.below(static_cast<std::uint32_t>(players)));
            CHECK(s.rng == rng);  // and nothing else was drawn
        }
}

TEST_CASE("R-O5 a game started by dice plays on from the seated first player", "[R-O5]") {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        GameState s = new_game(options_for(4, seed, true));
        const int first = s.first_player;
        Rng chooser(seed);
        std::vector<Command> actions;
        while (s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad) {
            legal_actions(s, s.current, actions);
            ok(s, actions[chooser.below(static_cast<std::uint32_t>(actions.size()))]);
        }
        CHECK(s.current == first);  // R-S7: the starting player takes the first turn
        const auto summary = sim::play_random_game(s, chooser);
        CHECK(summary.winner >= 0);
    }
}

// ---------------------------------------------------------------------------------------------------
// R-O6 two players (the site in 004 plays 2 to 4; its text gives no rule of its own for 2 seats)

TEST_CASE("R-O6 two players place A B B A, the second settlements pay, and A starts", "[R-O6][R-S4][R-S5]") {
    std::set<int> firsts;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        GameState s = new_game(options_for(2, seed, false));
        const int a = s.first_player, b = 1 - a;
        firsts.insert(a);
        std::vector<int> order, paid;
        while (s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad) {
            if (s.phase == Phase::SetupSettlement) order.push_back(s.current);
            for (int q = 0; q < 2; ++q)
                if (q != s.current) CHECK(legal_actions(s, q).empty());
            const auto ev = ok(s, legal_actions(s, s.current).front());
            for (const Event& e : ev)
                if (e.type == EventType::StartingResources) paid.push_back(e.player);
        }
        INFO("seed " << seed);
        CHECK(order == std::vector<int>{a, b, b, a});
        for (int p : paid) CHECK((p == a || p == b));
        CHECK(paid.size() <= 2u);  // only the second settlements, B's then A's
        if (paid.size() == 2u) CHECK(paid == std::vector<int>{b, a});
        CHECK(s.phase == Phase::PreRoll);
        CHECK(s.current == a);
        CHECK(s.turn == 1);
        for (int p = 0; p < 2; ++p) CHECK(victory_points(s, p) == 2);
    }
    CHECK(firsts.size() == 2u);
}

TEST_CASE("R-O6 two players use the base board and box and the base rules' defaults", "[R-O6]") {
    const GameState s = new_game(options_for(2, 9, false));
    CHECK(s.board_kind == BoardKind::Base);
    CHECK(topology(s).hex_count == 19);
    CHECK(s.num_players == 2);
    for (Resource r : kAllResources) CHECK(s.bank[r] == 19);
    CHECK(s.deck_size == 25);
    CHECK(s.options.victory_target == 10);
    CHECK(s.options.discard_limit == 7);
    for (int p = 2; p < kMaxPlayers; ++p) CHECK(s.players[static_cast<std::size_t>(p)].hand.empty());
    CHECK(state_is_ok(s));
    CHECK(legal_actions(s, 2).empty());
}

TEST_CASE("R-O6 two-player games play to a finish, turns alternate, and only the two seats ever act", "[R-O6]") {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        GameOptions o = options_for(2, seed, seed % 2 == 0);
        o.friendly_robber = seed % 3 == 0;
        GameState s = new_game(o);
        Rng chooser(seed * 7);
        std::vector<Command> actions;
        std::vector<Event> ev;
        int last_turn_player = -1, turns = 0;
        INFO("seed " << seed);
        while (s.phase != Phase::GameOver && s.turn <= 1000) {
            const unsigned who = players_to_act(s);
            REQUIRE(who != 0u);
            REQUIRE((who & ~0b11u) == 0u);
            const int actor = sim::next_actor(s);
            legal_actions(s, actor, actions);
            REQUIRE_FALSE(actions.empty());
            for (const Command& c : actions) REQUIRE((c.victim == kNoSeat || c.victim == 1 - actor));
            ev.clear();
            REQUIRE_FALSE(apply(s, actions[chooser.below(static_cast<std::uint32_t>(actions.size()))], &ev).has_value());
            for (const Event& e : ev)
                if (e.type == EventType::TurnStarted) {
                    if (last_turn_player >= 0) REQUIRE(e.player == 1 - last_turn_player);
                    last_turn_player = e.player;
                    ++turns;
                }
            REQUIRE(state_is_ok(s));
        }
        REQUIRE(s.phase == Phase::GameOver);
        CHECK((s.winner == 0 || s.winner == 1));
        CHECK(victory_points(s, s.winner) >= 10);
        CHECK(turns > 10);
    }
}

TEST_CASE("R-O6 with two players an offer goes to the one other player", "[R-O6][R-TR1]") {
    GameState s = new_game(options_for(2, 4, false));
    s.first_player = 0;
    s.current = 0;
    s.turn_player = 0;
    s.setup_step = 4;
    s.turn = 1;
    s.phase = Phase::Main;
    s.rolled = true;
    give(s, 0, ResourceSet{2, 0, 0, 0, 0});
    give(s, 1, ResourceSet{0, 0, 0, 0, 1});
    ok(s, cmd::propose(0, ResourceSet{1, 0, 0, 0, 0}, ResourceSet{0, 0, 0, 0, 1}));
    CHECK(players_to_act(s) == 0b11u);
    ok(s, cmd::accept(1));
    ok(s, cmd::confirm(0, 1));
    CHECK(s.players[0].hand == (ResourceSet{1, 0, 0, 0, 1}));
    CHECK(s.players[1].hand == (ResourceSet{1, 0, 0, 0, 0}));
}
