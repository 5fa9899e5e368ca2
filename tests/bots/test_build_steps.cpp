// The build steps of 5 and 6 players (R-X6 paired build, R-X7 special building phase): the builder is the
// `current` seat, it plays only what the step allows (never a domestic offer) and ends the step with EndTurn.
#include <catch2/catch.hpp>

#include <algorithm>

#include "catan/bots/bot.hpp"

using namespace catan;
using namespace catan::bots;

namespace {

struct StepTally {
    int step_commands = 0;  // commands sent during a build step
    int steps_ended = 0;    // build steps ended by their builder's EndTurn
    int built = 0;          // roads, settlements, cities and cards bought in build steps
    int games_finished = 0;
};

bool is_build(CommandType t) {
    return t == CommandType::BuildRoad || t == CommandType::BuildSettlement || t == CommandType::BuildCity ||
           t == CommandType::BuyDevCard;
}

StepTally play_steps(Level level, TurnStructure structure, int games) {
    StepTally tally;
    std::vector<Command> legal;
    for (int g = 0; g < games; ++g) {
        GameOptions options;
        options.players = 5 + g % 2;
        options.turn_structure = structure;
        options.seed = 700 + static_cast<std::uint64_t>(g);
        GameState s = new_game(options);
        std::array<std::unique_ptr<Bot>, kMaxPlayers> bots;
        std::array<Rng, kMaxPlayers> rngs;
        for (int p = 0; p < kMaxPlayers; ++p) {
            bots[p] = make_bot(level, Budget{3, std::chrono::milliseconds(0)});
            rngs[p] = Rng(options.seed * 17 + static_cast<std::uint64_t>(p));
        }
        for (int commands = 0; s.phase != Phase::GameOver && s.turn <= 400 && commands < 100000; ++commands) {
            const int seat = seat_to_ask(s);
            REQUIRE(seat >= 0);
            const Command c = bots[seat]->choose(observe(s, seat), rngs[seat]);
            const Step step = s.step;
            if (step != Step::Turn) {
                INFO("game " << g << " step " << to_string(step) << " seat " << seat << " sends " << to_string(c.type));
                REQUIRE(s.phase != Phase::TradeOffer);
                REQUIRE(seat == s.current);
                REQUIRE(c.type != CommandType::ProposeTrade);
                legal_actions(s, seat, legal);
                REQUIRE(std::find(legal.begin(), legal.end(), c) != legal.end());
                ++tally.step_commands;
                tally.built += is_build(c.type);
            }
            const auto error = apply(s, c, nullptr);
            INFO("refused: " << (error ? error->message : ""));
            REQUIRE_FALSE(error);
            if (step != Step::Turn && c.type == CommandType::EndTurn) {
                CHECK((s.current != seat || s.phase == Phase::GameOver));
                ++tally.steps_ended;
            }
        }
        tally.games_finished += s.phase == Phase::GameOver;
    }
    return tally;
}

}  // namespace

TEST_CASE("build steps: paired build, every level", "[bots][steps][R-X6]") {
    for (Level level : {Level::Random, Level::Basic, Level::Strong}) {
        INFO(to_string(level));
        const StepTally t = play_steps(level, TurnStructure::Paired, level == Level::Strong ? 1 : 6);
        CHECK(t.steps_ended > 10);
        CHECK(t.step_commands >= t.steps_ended);
        if (level == Level::Basic) CHECK(t.built > 10);
        if (level == Level::Basic) CHECK(t.games_finished == 6);
    }
}

TEST_CASE("build steps: special building phase, every level", "[bots][steps][R-X7]") {
    for (Level level : {Level::Random, Level::Basic, Level::Strong}) {
        INFO(to_string(level));
        const StepTally t = play_steps(level, TurnStructure::SpecialBuild, level == Level::Strong ? 1 : 6);
        CHECK(t.steps_ended > 40);
        CHECK(t.step_commands >= t.steps_ended);
        if (level == Level::Basic) CHECK(t.built > 10);
        if (level == Level::Basic) CHECK(t.games_finished == 6);
    }
}
