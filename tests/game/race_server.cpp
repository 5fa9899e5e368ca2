// catan-server-race: the real server with the test-only race game (race_module.hpp) registered beside
// Catan, built with the tests only. The same command line as catan-server (serve, verify, ...): the
// [race-room] test (tests/net/test_race_room.cpp) runs the race game through real rooms, sockets, the
// data file and `verify` with it, which is the proof that the room layer knows no game
// (docs/game-modules.md, "Proof: the race game in a real room").
#include "catan/app/cli.hpp"
#include "catan/game/module.hpp"
#include "race_module.hpp"

int main(int argc, char** argv) {
    catan::game::register_module(race::race_module());
    return catan::app::run(argc, argv);
}
