// Every level, seat by seat from its own observation, only ever sends commands apply() accepts.
#include <catch2/catch.hpp>

#include "catan/bots/play.hpp"

using namespace catan;
using namespace catan::bots;

namespace {

struct Tally {
    int finished = 0, capped = 0, offers = 0;
};

// Seat p of game g is played by levels[(p + g) % levels.size()].
Tally play_games(const std::vector<Level>& levels, int games, Budget budget) {
    Tally tally;
    for (int g = 0; g < games; ++g) {
        GameOptions options;
        options.players = 2 + g % 3;
        options.seed = 1000 + static_cast<std::uint64_t>(g);
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
