#pragma once
// Tournaments between bot levels: many seeded games, seats rotated so that every entry of the line-up
// plays every seat equally often, with win rates, confidence intervals, game lengths and decision times.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "catan/bots/bot.hpp"

namespace catan::sim {

struct TournamentOptions {
    std::vector<bots::Level> lineup;  // one entry per player, kMinPlayers..kMaxPlayers
    int games = 100;
    std::uint64_t seed = 1;           // game i uses seed + i
    int turn_cap = 1000;
    // House rules and turn structure of every game; `players` and `seed` are set per game.
    GameOptions game{};
    int threads = 1;
    bots::Budget budget{};            // for the `strong` entries
};

struct EntryResult {
    bots::Level level = bots::Level::Random;
    long wins = 0;
    long decisions = 0;
    double decision_seconds = 0;  // time spent in choose()
};

struct TournamentResult {
    std::vector<EntryResult> entries;  // in line-up order
    long games = 0, capped = 0, turns = 0, commands = 0, rejected = 0, stalled = 0;
    std::vector<int> game_turns;  // each game's length in turns, in the order the games finished
    double seconds = 0;
};

struct Interval {
    double low = 0, high = 0;
};
// 95% Wilson score interval of a proportion `successes` / `trials`.
Interval wilson_interval(long successes, long trials);

// "basic,random,random,random" -> levels; an empty result when a name is unknown or the count is not
// kMinPlayers..kMaxPlayers (2..6).
std::vector<bots::Level> parse_lineup(std::string_view text);
// Why `text` is not a line-up, naming what is allowed, or empty when parse_lineup accepts it.
std::string lineup_error(std::string_view text);
// The options game `game` of a tournament is played with (what play_one uses; the simulator validates it).
GameOptions game_options(const TournamentOptions& options, int game);

TournamentResult run_tournament(const TournamentOptions& options);
std::string format_tournament(const TournamentOptions& options, const TournamentResult& result);

}  // namespace catan::sim
