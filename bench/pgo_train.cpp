// The training run of the profile-guided build (CATAN_PGO=generate, scripts/pgo_build.sh): random
// games of every variant the engine plays, so the profile weighs each variant's paths as play meets
// them. Seeds are not the benchmark's (BM_RandomGame plays seeds 1, 2, 3 ...), so the optimised build
// is measured on games it was not trained on. A part of the games is replayed with events collected,
// as a room applies commands, so that path is in the profile too.
//
//   engine_pgo_train [--games N]   N games per variant (default 4000)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "catan/engine/engine.hpp"
#include "catan/sim/random_game.hpp"

using namespace catan;

namespace {

constexpr std::uint64_t kFirstSeed = 7'000'000;
constexpr std::uint64_t kChooserSalt = 0x5eed5eed5eed5eedULL;  // the benchmark's salt: same kind of game

struct Training {
    std::string name;
    GameOptions options;
};

// Every player count the engine takes with its default options, and 5-6 players with the other turn
// structure (R-X7) too.
std::vector<Training> trainings() {
    std::vector<Training> out;
    for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
        GameOptions o;
        o.players = players;
        out.push_back({std::to_string(players) + " players", o});
        if (players >= 5) {
            o.turn_structure = TurnStructure::SpecialBuild;
            out.push_back({std::to_string(players) + " players, special building phase", o});
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    long games = 4000;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--games") == 0 && i + 1 < argc) {
            games = std::strtol(argv[++i], nullptr, 10);
        } else {
            std::fprintf(stderr, "usage: engine_pgo_train [--games N]\n");
            return 2;
        }
    }
    if (games <= 0) {
        std::fprintf(stderr, "engine_pgo_train: --games must be positive\n");
        return 2;
    }
    std::vector<Command> log;
    std::vector<Event> events;
    for (const Training& v : trainings()) {
        if (validate_options(v.options)) {
            std::fprintf(stderr, "engine_pgo_train: %s refused by validate_options\n", v.name.c_str());
            return 1;
        }
        long commands = 0, finished = 0;
        for (long g = 0; g < games; ++g) {
            GameOptions o = v.options;
            o.seed = kFirstSeed + static_cast<std::uint64_t>(g);
            GameState s = new_game(o);
            const GameState start = s;
            Rng chooser(o.seed ^ kChooserSalt);
            const bool replay = g % 16 == 0;
            log.clear();
            const sim::GameSummary r = sim::play_random_game(s, chooser, sim::kDefaultTurnCap, replay ? &log : nullptr);
            commands += r.commands;
            finished += r.winner >= 0;
            if (!replay) continue;
            GameState again = start;
            for (const Command& c : log) {
                events.clear();
                if (apply(again, c, &events)) {
                    std::fprintf(stderr, "engine_pgo_train: %s seed %llu: a logged command was refused on replay\n",
                                 v.name.c_str(), static_cast<unsigned long long>(o.seed));
                    return 1;
                }
            }
            if (!(again == s)) {
                std::fprintf(stderr, "engine_pgo_train: %s seed %llu: the replay differs\n", v.name.c_str(),
                             static_cast<unsigned long long>(o.seed));
                return 1;
            }
        }
        std::printf("%s: %ld games, %ld commands, %ld won before the turn cap\n", v.name.c_str(), games, commands, finished);
    }
    return 0;
}
