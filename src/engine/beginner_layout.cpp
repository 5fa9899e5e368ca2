// The rule book's first-game set-up as data (beginner.hpp; docs/rules-choices.md, "Beginner layout").
//
// Written the way the picture reads, so it can be checked against it: hexes by row and place (A1..A3 the
// top row, E1..E3 the bottom one, left to right), a settlement as the three hexes meeting at its
// corner, a road as the two hexes it runs between, a harbor as the hex and side of the frame it faces.
// The ids of the base board (docs/coordinates.md) are worked out from that once, at first use.
//
// Source: the 5th-edition "Starting Set-up for Beginners" (CATAN Game Rules & Almanac, Illustration A),
// as public transcriptions encode it. Island and tokens: every transcription found agrees. Harbors: the
// printed frame, clockwise from the top left. Pieces: a transcription with roads and the starred
// settlements (an Elixir Catan engine's `beginner_buildings`, `beginner_roads` and
// `producing_beginner_settlements`); a second one (JavaScript, settlements only) agrees on red, blue and
// orange and differs on one white settlement. The choices are recorded in docs/rules-choices.md.
#include <array>
#include <cassert>

#include "catan/engine/beginner.hpp"
#include "catan/engine/engine.hpp"

namespace catan {
namespace {

// Hex ids of the base board, by row (A top .. E bottom) and place from the left (docs/coordinates.md).
enum : std::uint8_t { A1, A2, A3, B1, B2, B3, B4, C1, C2, C3, C4, C5, D1, D2, D3, D4, E1, E2, E3 };

struct HexLayout {
    Terrain terrain;
    std::uint8_t number;  // 0: the desert
};
constexpr Terrain M = Terrain::Mountains, P = Terrain::Pasture, F = Terrain::Forest, G = Terrain::Fields,
                  H = Terrain::Hills, D = Terrain::Desert;
// Row by row: mountains 10, pasture 2, forest 9 / fields 12, hills 6, pasture 4, hills 10 / fields 9,
// forest 11, desert, forest 3, mountains 8 / forest 8, mountains 3, fields 4, pasture 5 / hills 5,
// fields 6, pasture 11.
constexpr std::array<HexLayout, 19> kIsland{{
    {M, 10}, {P, 2},  {F, 9},                                  // A1 A2 A3
    {G, 12}, {H, 6},  {P, 4}, {H, 10},                         // B1 B2 B3 B4
    {G, 9},  {F, 11}, {D, 0}, {F, 3}, {M, 8},                  // C1 C2 C3 C4 C5
    {F, 8},  {M, 3},  {G, 4}, {P, 5},                          // D1 D2 D3 D4
    {H, 5},  {G, 6},  {P, 11},                                 // E1 E2 E3
}};

// Sides of a hex, clockwise from the top right (docs/coordinates.md): the direction a side faces.
enum Side : std::uint8_t { NE = 0, E = 1, SE = 2, SW = 3, W = 4, NW = 5 };
constexpr std::uint8_t kBrick = 0, kLumber = 1, kWool = 2, kGrain = 3, kOre = 4, kAny = kGenericHarbor;  // 2:1, and 3:1
struct PrintedHarbor {
    std::uint8_t hex;
    Side side;
    std::uint8_t kind;
};
// The printed frame, clockwise from the top left: 3:1, grain, ore, 3:1, wool, 3:1, 3:1, brick, lumber.
constexpr std::array<PrintedHarbor, 9> kHarbors{{
    {A1, NW, kAny}, {A2, NE, kGrain}, {B4, NE, kOre}, {C5, E, kAny}, {D4, SE, kWool},
    {E2, SE, kAny}, {E1, SW, kAny},   {D1, W, kBrick}, {B1, W, kLumber},
}};

struct Corner {
    std::uint8_t a, b, c;  // the three hexes meeting there
};
struct Between {
    std::uint8_t a, b;  // the two hexes the road runs between
};
struct ColourLayout {
    Corner first;
    Between first_road;
    Corner second;  // the starred settlement (002: highlighted in black): it pays the starting resources
    Between second_road;
};
// By colour (PieceColour order: red, blue, white, orange).
constexpr std::array<ColourLayout, kPieceColours> kPieces{{
    // red: mountains 10 / pasture 2 / hills 6, its road down between pasture 2 and hills 6;
    //      starred: fields 9 / forest 11 / forest 8 (grain, lumber, lumber), road between forest 11 and forest 8
    {{A1, A2, B2}, {A2, B2}, {C1, C2, D1}, {C2, D1}},
    // blue: fields 4 / pasture 5 / pasture 11, road between fields 4 and pasture 5;
    //       starred: forest 8 / mountains 3 / hills 5 (lumber, ore, brick), road between mountains 3 and hills 5
    {{D3, D4, E3}, {D3, D4}, {D1, D2, E1}, {D2, E1}},
    // white: fields 12 / hills 6 / forest 11, road between fields 12 and forest 11;
    //        starred: forest 3 / mountains 8 / pasture 5 (lumber, ore, wool), road between forest 3 and mountains 8
    {{B1, B2, C2}, {B1, C2}, {C4, C5, D4}, {C4, C5}},
    // orange: forest 9 / pasture 4 / hills 10, road between forest 9 and pasture 4;
    //         starred: mountains 3 / fields 4 / fields 6 (ore, grain, grain), road between fields 4 and fields 6
    {{A3, B3, B4}, {A3, B3}, {D2, D3, E2}, {D3, E2}},
}};

// The seats' colours (beginner.hpp): white stays in the box with 3 players.
constexpr std::array<PieceColour, 4> kFourSeats{PieceColour::Blue, PieceColour::Orange, PieceColour::White, PieceColour::Red};
constexpr std::array<PieceColour, 3> kThreeSeats{PieceColour::Blue, PieceColour::Orange, PieceColour::Red};

// The intersection where exactly these three hexes meet.
std::uint8_t node_at(const Topology& t, const Corner& c) {
    HexMask want;
    want.set(c.a);
    want.set(c.b);
    want.set(c.c);
    for (int n = 0; n < t.node_count; ++n)
        if (t.node_hex_mask[n] == want) return static_cast<std::uint8_t>(n);
    return kNone;
}

// The path that is a side of both hexes.
std::uint8_t path_between(const Topology& t, const Between& r) {
    for (std::uint8_t e : t.hex_edges[r.a])
        for (std::uint8_t f : t.hex_edges[r.b])
            if (e == f) return e;
    return kNone;
}

int coast_index(const Topology& t, int path) {
    for (int i = 0; i < t.coast_count; ++i)
        if (t.coast_edges[i] == path) return i;
    return -1;
}

struct Laid {
    Board board;
    std::array<BeginnerPieces, kPieceColours> pieces{};
};

Laid lay() {
    const Topology& t = kBaseTopology;
    Laid l;
    for (int h = 0; h < t.hex_count; ++h) {
        l.board.terrain[h] = kIsland[h].terrain;
        l.board.number[h] = kIsland[h].number;
    }
    // The base board's harbor positions are fixed (docs/coordinates.md, "Harbors"); each printed harbor
    // lies on one of them or on the coastal path next to it, in the same order round the coast, and
    // gives that position its kind.
    std::array<bool, kMaxHarbors> given{};
    for (const PrintedHarbor& printed : kHarbors) {
        const int at = coast_index(t, t.hex_edges[printed.hex][printed.side]);
        for (int k = 0; k < t.harbor_count; ++k) {
            const int d = (coast_index(t, t.harbor_edges[k]) - at + t.coast_count) % t.coast_count;
            if (given[k] || (d != 0 && d != 1 && d != t.coast_count - 1)) continue;
            l.board.harbor[k] = printed.kind;
            given[k] = true;
            break;
        }
    }
    for (int c = 0; c < kPieceColours; ++c) {
        const ColourLayout& p = kPieces[c];
        l.pieces[c] = {node_at(t, p.first), path_between(t, p.first_road), node_at(t, p.second), path_between(t, p.second_road)};
    }
    return l;
}

const Laid& laid() {
    static const Laid l = lay();
    return l;
}

}  // namespace

const char* to_string(PieceColour c) {
    static constexpr const char* names[] = {"red", "blue", "white", "orange"};
    static_assert(std::size(names) == kPieceColours);
    return names[static_cast<int>(c)];
}

PieceColour beginner_colour(int players, int seat) {
    assert(beginner_has_board(players) && seat >= 0 && seat < players);
    return players == 3 ? kThreeSeats[static_cast<std::size_t>(seat)] : kFourSeats[static_cast<std::size_t>(seat)];
}

BeginnerPieces beginner_pieces(PieceColour colour) { return laid().pieces[static_cast<std::size_t>(colour)]; }

const Board& beginner_board() { return laid().board; }

void place_beginner_pieces(GameState& s, std::vector<Event>* events) {
    assert(s.options.layout == Layout::Beginner && s.phase == Phase::SetupSettlement && s.setup_step == 0);
    // The setup's own commands, in its own order (R-S4): nothing here decides a rule.
    for (int step = 0; step < 2 * s.num_players; ++step) {
        const int seat = s.current;
        const bool second = s.setup_step >= s.num_players;
        const BeginnerPieces p = beginner_pieces(beginner_colour(s.num_players, seat));
        Command settlement{};
        settlement.type = CommandType::BuildSettlement;
        settlement.player = static_cast<std::uint8_t>(seat);
        settlement.target = second ? p.second_settlement : p.first_settlement;
        Command road = settlement;
        road.type = CommandType::BuildRoad;
        road.target = second ? p.second_road : p.first_road;
        // The layout is legal (tests/engine/test_beginner.cpp): a refusal is a mistake in the data.
        [[maybe_unused]] const bool refused = apply(s, settlement, events) || apply(s, road, events);
        assert(!refused);
        if (refused) return;
    }
}

}  // namespace catan
