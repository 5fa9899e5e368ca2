// Every level, seat by seat from its own observation, only ever sends commands apply() accepts.
#include <catch2/catch.hpp>

#include "catan/bots/play.hpp"

using namespace catan;
using namespace catan::bots;

namespace {

struct Tally {
    int finished = 0, capped = 0, offers = 0;
};

// Seat p of game g is played by levels[(p + g) % levels.size()], in games of players[g % players.size()]
// seats with the house rules and turn structure of `base`.
Tally play_games(const std::vector<Level>& levels, int games, Budget budget, const std::vector<int>& players = {2, 3, 4},
                 GameOptions base = {}) {
    Tally tally;
    for (int g = 0; g < games; ++g) {
        GameOptions options = base;
        options.players = players[static_cast<std::size_t>(g) % players.size()];
        options.seed = 1000 + static_cast<std::uint64_t>(g);
        REQUIRE_FALSE(validate_options(options));
        GameState s = new_game(options);
        std::array<std::unique_ptr<Bot>, kMaxPlayers> owned;
        std::array<Bot*, kMaxPlayers> bots{};
        std::array<Rng, kMaxPlayers> rngs;
        for (int p = 0; p < kMaxPlayers; ++p) {
            owned[p] = make_bot(levels[(static_cast<std::size_t>(p + g)) % levels.size()], budget);
            bots[p] = owned[p].get();
            rngs[p] = Rng(options.seed * 31 + static_cast<std::uint64_t>(p));
        }
        const BotGameResult r = play_bot_game(s, bots, rngs, 500);
        INFO("game " << g);
        if (r.first_rejected) INFO("rejected " << to_string(r.first_rejected->type) << ": " << r.first_error->message);
        REQUIRE(r.rejected == 0);
        REQUIRE_FALSE(r.stalled);
        if (r.winner >= 0) ++tally.finished; else ++tally.capped;
        tally.offers += r.offers;
    }
    return tally;
}

}  // namespace

TEST_CASE("legal play: random", "[bots][legal]") {
    const Tally t = play_games({Level::Random}, 60, {});
    CHECK(t.finished + t.capped == 60);
    CHECK(t.finished > 50);
}

TEST_CASE("legal play: basic", "[bots][legal]") {
    const Tally t = play_games({Level::Basic}, 60, {});
    CHECK(t.finished + t.capped == 60);
    CHECK(t.finished > 55);
}

TEST_CASE("legal play: strong (playout budget)", "[bots][legal]") {
    const Tally t = play_games({Level::Strong}, 9, Budget{6, std::chrono::milliseconds(0)});
    CHECK(t.finished + t.capped == 9);
    CHECK(t.finished == 9);
}

TEST_CASE("legal play: mixed levels answer each other's offers", "[bots][legal]") {
    // basic proposes; random, basic and strong answer it and each other.
    const Tally t = play_games({Level::Basic, Level::Random, Level::Strong, Level::Basic}, 12, Budget{4, std::chrono::milliseconds(0)});
    CHECK(t.finished == 12);
    CHECK(t.offers > 12);
}

// 5 and 6 players (R-X5): the 30-hex board, the 5–6 box, both turn structures (R-X6, R-X7).
namespace {
GameOptions with_turns(TurnStructure t) {
    GameOptions o;
    o.turn_structure = t;
    return o;
}
// The house rules a room may set, all at once (R-O1, R-O2, R-O3).
GameOptions house_rules() {
    GameOptions o;
    o.victory_target = 7;
    o.discard_limit = 9;
    o.friendly_robber = true;
    return o;
}
}  // namespace

TEST_CASE("legal play: every level with 5 and 6 players, paired turns", "[bots][legal][R-X5][R-X6]") {
    const GameOptions o = with_turns(TurnStructure::Paired);
    CHECK(play_games({Level::Random}, 10, {}, {5, 6}, o).finished >= 8);
    CHECK(play_games({Level::Basic}, 16, {}, {5, 6}, o).finished == 16);
    CHECK(play_games({Level::Basic, Level::Random, Level::Strong}, 2, Budget{3, std::chrono::milliseconds(0)}, {5, 6}, o).finished == 2);
}

TEST_CASE("legal play: every level with 5 and 6 players, special building phase", "[bots][legal][R-X5][R-X7]") {
    const GameOptions o = with_turns(TurnStructure::SpecialBuild);
    CHECK(play_games({Level::Random}, 10, {}, {5, 6}, o).finished >= 8);
    CHECK(play_games({Level::Basic}, 16, {}, {5, 6}, o).finished == 16);
    CHECK(play_games({Level::Basic, Level::Random, Level::Strong}, 2, Budget{3, std::chrono::milliseconds(0)}, {5, 6}, o).finished == 2);
}

TEST_CASE("legal play: every level with house rules, 2 to 6 players", "[bots][legal][R-O1][R-O2][R-O3]") {
    const GameOptions o = house_rules();
    CHECK(play_games({Level::Random}, 15, {}, {2, 3, 4, 5, 6}, o).finished >= 12);
    CHECK(play_games({Level::Basic}, 15, {}, {2, 3, 4, 5, 6}, o).finished == 15);
    CHECK(play_games({Level::Strong, Level::Basic, Level::Random}, 3, Budget{3, std::chrono::milliseconds(0)}, {3, 5, 6}, o).finished == 3);
}
