#pragma once
// Helpers for the game-module tests: the modules under test, and games played through the seam only.
#include <string>
#include <vector>

#include "catan/game/module.hpp"

namespace gametest {

using catan::game::Json;

// A module with the options a test plays it with.
struct Case {
    const catan::game::Module* module;
    Json options;
    std::string label;
};
// Catan with 4 players, Catan with 6 (the large board, special building), the race game with 3.
std::vector<Case> cases();

// Every part's text, public parts first and then each viewer's (spectator first), written afresh.
std::vector<std::string> all_views(const catan::game::Session& s);

struct Played {
    std::unique_ptr<catan::game::Session> session;
    std::vector<catan::game::LoggedMove> log;
};
// Plays a game by the module's default bots, each job taken on the caller's thread, until the game ends
// or `cap` moves. `step(session, log)` or `step(session, log, applied)` runs after every move. A refused bot move fails the test.
template <class Step>
Played play_bots(const Case& c, std::uint64_t seed, int cap, Step&& step);
Played play_bots(const Case& c, std::uint64_t seed, int cap);

// A copy of a session by restoring it from its options record and log.
std::unique_ptr<catan::game::Session> copy_of(const catan::game::Session& s, const std::vector<catan::game::LoggedMove>& log);
inline std::unique_ptr<catan::game::Session> copy_of(const Played& p) { return copy_of(*p.session, p.log); }

}  // namespace gametest

#include "modules_impl.hpp"
