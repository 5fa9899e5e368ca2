#pragma once
// The rule book's first-game set-up (000: "une île toute prête … les tuiles, les jetons et les colonies
// de départ comme sur le schéma du livret"; 002: "공식 첫 게임 권장은 고정 배치"): the base game's fixed
// island, number tokens and harbors, and each colour's two settlements and two roads already placed,
// for 3 and 4 players (with 3 the white pieces stay in the box). Option `layout: beginner`. The data and
// its source: src/engine/beginner_layout.cpp; the choices: docs/rules-choices.md, "Beginner layout".
#include <cstdint>
#include <vector>

#include "catan/engine/board.hpp"
#include "catan/engine/event.hpp"
#include "catan/engine/state.hpp"

namespace catan {

// The piece colours of the rule book's picture.
enum class PieceColour : std::uint8_t { Red = 0, Blue = 1, White = 2, Orange = 3 };
inline constexpr int kPieceColours = 4;
const char* to_string(PieceColour c);  // "red", "blue", "white", "orange"

// Whether the set-up is laid for this many players: 3 and 4 (the base box's counts).
constexpr bool beginner_has_board(int players) { return players == 3 || players == 4; }

// The colour seat `seat` plays: with 4 players seats 0..3 are blue, orange, white and red; with 3 the
// white pieces stay in the box and seats 0..2 are blue, orange and red. (The web client draws seats 0..3
// as blue, orange, white and reddish purple, its red: web/js/icons.js, seatLook.)
// Preconditions: beginner_has_board(players), 0 <= seat < players.
PieceColour beginner_colour(int players, int seat);

// A colour's pieces on the base board (intersection and path ids, docs/coordinates.md): the first
// settlement with its road, and the second, the one whose producing hexes pay the starting resources
// (002: "검은색으로 강조된 두 번째 정착지", R-S5).
struct BeginnerPieces {
    std::uint8_t first_settlement, first_road, second_settlement, second_road;
};
BeginnerPieces beginner_pieces(PieceColour colour);

// The fixed island: terrains, number tokens (no spiral: spiral_start stays 0) and the harbor kinds at
// the base board's harbor positions.
const Board& beginner_board();

// Places every seat's pieces of a fresh beginner game (phase SetupSettlement, setup step 0, first player
// drawn) through apply(), in the setup's snake order (R-S4): first settlements in round one, second ones
// in round two, so the second settlement pays the starting resources from the bank (R-S5) and the first
// player's first turn starts (R-S7). `events` receives what the setup commands show.
void place_beginner_pieces(GameState& state, std::vector<Event>* events);

}  // namespace catan
