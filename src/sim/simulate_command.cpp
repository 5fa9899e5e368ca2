#include "catan/sim/simulate_command.hpp"

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>

#include "catan/sim/random_game.hpp"

namespace catan::sim {

void add_simulate_flags(CLI::App& app, SimulateOptions& o) {
    app.add_option("--games", o.games, "Number of games to play")->check(CLI::Range(1, 100000000))->envname("CATAN_SIM_GAMES");
    app.add_option("--players", o.players, "Players per game (2-4)")->check(CLI::Range(2, 4));
    app.add_option("--seed", o.seed, "Seed of the first game; game i uses seed + i");
    app.add_option("--turn-cap", o.turn_cap, "Stop a game without a winner after this many turns")->check(CLI::Range(1, 100000));
    app.add_option("--vp", o.victory_target, "Victory point target")->check(CLI::Range(3, 20));
}

int run_simulate(const SimulateOptions& o) {
    GameOptions options;
    options.players = o.players;
    options.victory_target = o.victory_target;
    std::array<long, kMaxPlayers> wins{};
    long capped = 0, turns = 0, commands = 0;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < o.games; ++i) {
        options.seed = o.seed + static_cast<std::uint64_t>(i);
        GameState state = new_game(options);
        Rng chooser(options.seed ^ 0x5eed5eed5eed5eedULL);
        const GameSummary g = play_random_game(state, chooser, o.turn_cap);
        if (g.winner < 0) ++capped; else ++wins[g.winner];
        turns += g.turns;
        commands += g.commands;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // The simulator's report is its user interface, so it goes to stdout rather than the log.
    std::printf("games: %d  players: %d  seed: %llu  turn cap: %d\n", o.games, o.players,
                static_cast<unsigned long long>(o.seed), o.turn_cap);
    std::printf("time: %.3f s  games/s: %.0f  commands/s: %.0f\n", seconds, o.games / seconds, commands / seconds);
    std::printf("average turns: %.1f  average commands: %.1f  hit turn cap: %ld\n", double(turns) / o.games,
                double(commands) / o.games, capped);
    for (int p = 0; p < o.players; ++p)
        std::printf("seat %d wins: %ld (%.1f%%)\n", p, wins[p], 100.0 * wins[p] / o.games);
    return 0;
}

}  // namespace catan::sim
