#include "catan/app/simulate_command.hpp"

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>

#include "catan/engine/scenario.hpp"
#include "catan/sim/random_game.hpp"
#include "catan/sim/tournament.hpp"

namespace catan::app {

using sim::format_tournament;
using sim::lineup_error;
using sim::parse_lineup;
using sim::GameSummary;
using sim::play_random_game;
using sim::run_tournament;
using sim::TournamentOptions;
using sim::TournamentResult;

namespace {

// The options every game of the run shares; `players` and `seed` are set per game.
GameOptions shared_options(const SimulateOptions& o, int players) {
    GameOptions options;
    options.players = players;
    if (!o.scenario.empty()) options.scenario = scenario_from_name(o.scenario).value_or(Scenario::None);
    options.victory_target = o.victory_target ? o.victory_target
                             : options.scenario != Scenario::None && scenario_has_board(options.scenario, players)
                                 ? scenario_victory_target(options.scenario, players)
                                 : options.victory_target;
    options.discard_limit = o.discard_limit;
    options.friendly_robber = o.friendly_robber;
    options.balanced_board = o.balanced_board;
    options.first_by_dice = o.first_by_dice;
    options.turn_structure = o.turn_structure == "special_build" ? TurnStructure::SpecialBuild : TurnStructure::Paired;
    options.layout = o.layout == "beginner" ? Layout::Beginner : Layout::Random;
    return options;
}

int run_random_games(const SimulateOptions& o) {
    GameOptions options = shared_options(o, o.players);
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
    if (is_five_six(board_for_players(o.players))) std::printf("turn structure: %s\n", o.turn_structure.c_str());
    if (!o.scenario.empty()) std::printf("scenario: %s  target: %d\n", o.scenario.c_str(), options.victory_target);
    if (options.layout == Layout::Beginner) std::printf("layout: beginner (the rule book's first-game set-up)\n");
    std::printf("time: %.3f s  games/s: %.0f  commands/s: %.0f\n", seconds, o.games / seconds, commands / seconds);
    std::printf("average turns: %.1f  average commands: %.1f  hit turn cap: %ld\n", double(turns) / o.games,
                double(commands) / o.games, capped);
    for (int p = 0; p < o.players; ++p)
        std::printf("seat %d wins: %ld (%.1f%%)\n", p, wins[p], 100.0 * wins[p] / o.games);
    return 0;
}

int run_bot_tournament(const SimulateOptions& o) {
    TournamentOptions t;
    t.lineup = parse_lineup(o.lineup);
    t.games = o.games;
    t.seed = o.seed;
    t.turn_cap = o.turn_cap;
    t.game = shared_options(o, static_cast<int>(t.lineup.size()));
    t.threads = o.threads;
    t.budget.playouts = o.playouts;
    t.budget.time = std::chrono::milliseconds(o.budget_ms);
    const TournamentResult r = run_tournament(t);
    std::fputs(format_tournament(t, r).c_str(), stdout);
    return r.rejected || r.stalled ? 1 : 0;
}

}  // namespace

void add_simulate_flags(CLI::App& app, SimulateOptions& o) {
    app.add_option("--games", o.games, "Number of games to play")->check(CLI::Range(1, 100000000))->envname("CATAN_SIM_GAMES");
    app.add_option_function<std::string>(
           "--players",
           [&o](const std::string& text) {
               if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos) {
                   o.players = std::stoi(text);
                   o.lineup.clear();
               } else {
                   o.lineup = text;
               }
           },
           "A number (2-6) of random players, or bot levels, one per player: e.g. basic,random,random,random "
           "(levels: random, basic, strong)")
        ->check([](const std::string& text) -> std::string {
            if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos)
                return text.size() == 1 && text[0] >= '0' + kMinPlayers && text[0] <= '0' + kMaxPlayers
                           ? ""
                           : "the number of players must be 2, 3, 4, 5 or 6 (5 and 6 play the 5–6 extension)";
            return lineup_error(text);
        });
    app.add_option("--seed", o.seed, "Seed of the first game; game i uses seed + i");
    app.add_option("--turn-cap", o.turn_cap, "Stop a game without a winner after this many turns")->check(CLI::Range(1, 100000));
    app.add_option("--vp", o.victory_target, "Victory point target (default: 10, or the scenario's)")->check(CLI::Range(3, 20));
    app.add_option("--scenario", o.scenario, "A Seafarers scenario (R-SF1): " + std::string(scenario_choices()))
        ->check([](const std::string& name) -> std::string {
            return scenario_from_name(name) ? "" : "the scenario must be one of " + std::string(scenario_choices());
        });
    app.add_option("--discard-limit", o.discard_limit, "House rule R-O2: a 7 makes hands over this many cards discard half")
        ->check(CLI::Range(4, 20));
    app.add_flag("--friendly-robber", o.friendly_robber, "House rule R-O3: the robber may not touch a building of a player with 2 or fewer visible points");
    app.add_flag("--balanced-board", o.balanced_board, "House rule R-O4: a balanced board");
    app.add_flag("--first-by-dice", o.first_by_dice, "House rule R-O5: the first player is chosen by a dice roll");
    app.add_option("--turn-structure", o.turn_structure, "5-6 players: paired (R-X6) or special_build (R-X7)")
        ->check(CLI::IsMember({"paired", "special_build"}));
    app.add_option("--layout", o.layout,
                   "random (default), or beginner: the rule book's first-game set-up, 3 or 4 players, pieces and "
                   "starting resources placed (docs/rules-choices.md, \"Beginner layout\")")
        ->check(CLI::IsMember({"random", "beginner"}));
    app.add_option("--threads", o.threads, "Games played in parallel (bot line-ups only)")->check(CLI::Range(1, 256));
    app.add_option("--playouts", o.playouts, "strong: playouts per decision (0: no cap)")->check(CLI::Range(0, 10000000));
    app.add_option("--budget-ms", o.budget_ms, "strong: milliseconds per decision (0: no cap)")->check(CLI::Range(0, 600000));
}

int run_simulate(const SimulateOptions& o) {
    GameOptions check = shared_options(o, o.lineup.empty() ? o.players : static_cast<int>(parse_lineup(o.lineup).size()));
    if (const auto error = validate_options(check)) {
        std::fprintf(stderr, "simulate: %.*s\n", static_cast<int>(error->message.size()), error->message.data());
        return 1;
    }
    if (!o.lineup.empty()) return run_bot_tournament(o);
    return run_random_games(o);
}

}  // namespace catan::app
