// R-O4 balanced board: the ordinary board redrawn from the seeded generator until balanced
// (docs/rules-choices.md, "House rules": no 6 or 8 next to a 6 or 8, no equal numbers next to each
// other, no resource under 2.5 pips a hex, no harbor touching hexes worth under 2 pips).
//
// The generator test draws CATAN_BALANCED_BOARDS boards per board kind when that variable is set (the
// long mode: CATAN_BALANCED_BOARDS=100000), else 100,000 base boards and 10,000 5–6 boards, which
// keeps the run to a few seconds (a 5–6 board takes about 47 draws).
#include "test_support.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string_view>
#include <unordered_set>

#include "catan/sim/random_game.hpp"

using namespace catan;
using namespace catan::test;

namespace {

// The criteria written out again, independently of board_flaw(), from the topology alone.
constexpr std::array<int, 13> kPips{0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};  // 7 is no token

bool numbers_ok(const Topology& t, const Board& b) {
    for (int h = 0; h < t.hex_count; ++h)
        for (std::uint8_t nb : t.hex_neighbors[static_cast<std::size_t>(h)]) {
            if (nb == kNone) continue;
            const int x = b.number[static_cast<std::size_t>(h)], y = b.number[nb];
            if (x == 0 || y == 0) continue;
            if ((x == 6 || x == 8) && (y == 6 || y == 8)) return false;
            if (x == y) return false;
        }
    return true;
}

bool resources_ok(const Topology& t, const Board& b) {
    for (int r = 0; r < kResourceCount; ++r) {
        int pips = 0, hexes = 0;
        for (int h = 0; h < t.hex_count; ++h)
            if (static_cast<int>(b.terrain[static_cast<std::size_t>(h)]) == r) {
                pips += kPips[b.number[static_cast<std::size_t>(h)]];
                ++hexes;
            }
        if (pips * 2 < hexes * 5) return false;  // 2.5 pips a hex
    }
    return true;
}

int harbor_pips(const Topology& t, const Board& b, int k) {
    std::set<int> hexes;
    for (std::uint8_t n : t.edge_nodes[t.harbor_edges[static_cast<std::size_t>(k)]])
        for (std::uint8_t h : t.node_hexes[n])
            if (h != kNone) hexes.insert(h);
    int pips = 0;
    for (int h : hexes) pips += kPips[b.number[static_cast<std::size_t>(h)]];
    return pips;
}

bool harbors_ok(const Topology& t, const Board& b) {
    for (int k = 0; k < t.harbor_count; ++k)
        if (harbor_pips(t, b, k) < 2) return false;
    return true;
}

bool balanced_oracle(const Topology& t, const Board& b) { return numbers_ok(t, b) && resources_ok(t, b) && harbors_ok(t, b); }

int boards_to_draw(int by_default) {
    if (const char* v = std::getenv("CATAN_BALANCED_BOARDS")) return std::atoi(v);
    return by_default;
}

GameOptions options_for(int players, std::uint64_t seed = 0, bool balanced = true) {
    GameOptions o;
    o.players = players;
    o.seed = seed;
    o.balanced_board = balanced;
    return o;
}

void swap_numbers(Board& b, int x, int y) { std::swap(b.number[static_cast<std::size_t>(x)], b.number[static_cast<std::size_t>(y)]); }
void swap_terrain(Board& b, int x, int y) { std::swap(b.terrain[static_cast<std::size_t>(x)], b.terrain[static_cast<std::size_t>(y)]); }

int hex_numbered(const Topology& t, const Board& b, int number, int except = -1) {
    for (int h = 0; h < t.hex_count; ++h)
        if (b.number[static_cast<std::size_t>(h)] == number && h != except) return h;
    return -1;
}

// A neighbour of `h` whose number is not 0, 6 or 8, not `number` and not hex `except`.
int plain_neighbor(const Topology& t, const Board& b, int h, int number, int except) {
    for (std::uint8_t nb : t.hex_neighbors[static_cast<std::size_t>(h)]) {
        if (nb == kNone || nb == except) continue;
        const int x = b.number[nb];
        if (x != 0 && x != 6 && x != 8 && x != number) return nb;
    }
    return -1;
}

// The board with `b` as its layout still holds the box's recipe (find_state_problem).
bool recipe_kept(GameState s, const Board& b) {
    s.board = b;
    s.robber = static_cast<std::uint8_t>(desert_hex(topology(s), b));
    const auto problem = find_state_problem(s);
    if (problem) UNSCOPED_INFO("state problem: " << problem->field << ": " << problem->why);
    return !problem;
}

}  // namespace

TEST_CASE("R-O4 pips: the ways two dice make each number", "[R-O4]") {
    for (int n = 0; n <= 12; ++n) CHECK(pips(n) == kPips[static_cast<std::size_t>(n)]);
}

TEST_CASE("R-O4 each criterion of balanced is detected on a board made to break it", "[R-O4]") {
    for (int players : {4, 6}) {
        const GameState g = new_game(options_for(players, 1));
        const Topology& t = topology(g);
        const Board good = g.board;
        INFO("players " << players);
        REQUIRE(board_flaw(t, good) == BoardFlaw::None);
        REQUIRE(balanced_oracle(t, good));
        REQUIRE(recipe_kept(g, good));

        // A 6 next to an 8, and a 6 next to the other 6 (both "red numbers touch").
        for (int other : {8, 6}) {
            Board b = good;
            const int six = hex_numbered(t, b, 6);
            const int moved = hex_numbered(t, b, other, six);
            const int nb = plain_neighbor(t, b, six, 0, moved);
            REQUIRE(nb >= 0);
            swap_numbers(b, nb, moved);
            INFO("6 next to " << other);
            CHECK(board_flaw(t, b) == BoardFlaw::RedNumbersTouch);
            CHECK_FALSE(numbers_ok(t, b));
            CHECK(recipe_kept(g, b));
        }

        // Two equal plain numbers side by side.
        bool tried = false;
        for (int x : {3, 4, 5, 9, 10, 11}) {
            Board b = good;
            const int h = hex_numbered(t, b, x), h2 = hex_numbered(t, b, x, h);
            if (h < 0 || h2 < 0) continue;
            const int nb = plain_neighbor(t, b, h, x, h2);
            if (nb < 0) continue;
            swap_numbers(b, nb, h2);
            INFO("two " << x << "s");
            CHECK(board_flaw(t, b) == BoardFlaw::EqualNumbersTouch);
            CHECK_FALSE(numbers_ok(t, b));
            CHECK(recipe_kept(g, b));
            tried = true;
        }
        CHECK(tried);

        // Ore on the poorest hexes: the ore 2:1 harbor's resource (and ore itself) is starved.
        {
            Board b = good;
            std::vector<int> by_pips;
            for (int h = 0; h < t.hex_count; ++h)
                if (b.terrain[static_cast<std::size_t>(h)] != Terrain::Desert) by_pips.push_back(h);
            std::sort(by_pips.begin(), by_pips.end(), [&](int x, int y) { return pips(b.number[static_cast<std::size_t>(x)]) < pips(b.number[static_cast<std::size_t>(y)]); });
            std::vector<int> ore;
            for (int h = 0; h < t.hex_count; ++h)
                if (b.terrain[static_cast<std::size_t>(h)] == Terrain::Mountains) ore.push_back(h);
            // Mountains onto the poorest hexes, swapping terrain only (the numbers stay put).
            const std::vector<int> poorest(by_pips.begin(), by_pips.begin() + static_cast<long>(ore.size()));
            std::vector<int> ore_out, to_ore;
            for (int h : ore)
                if (std::find(poorest.begin(), poorest.end(), h) == poorest.end()) ore_out.push_back(h);
            for (int h : poorest)
                if (b.terrain[static_cast<std::size_t>(h)] != Terrain::Mountains) to_ore.push_back(h);
            REQUIRE(ore_out.size() == to_ore.size());
            for (std::size_t i = 0; i < ore_out.size(); ++i) swap_terrain(b, ore_out[i], to_ore[i]);
            CHECK(board_flaw(t, b) == BoardFlaw::ResourceStarved);
            CHECK(numbers_ok(t, b));
            CHECK_FALSE(resources_ok(t, b));
            CHECK(recipe_kept(g, b));
        }
    }

    // A harbor beside the desert and a 2 or 12 (found among ordinary boards): harbor-starved.
    for (int players : {4, 6}) {
        const Topology& t = topology(board_for_players(players));
        int found = 0;
        for (std::uint64_t seed = 0; seed < 20000 && found < 5; ++seed) {
            Rng rng(seed);
            const Board b = generate_board(ruleset(board_for_players(players)), rng);
            if (board_flaw(t, b) != BoardFlaw::HarborStarved) continue;
            ++found;
            CHECK(numbers_ok(t, b));
            CHECK(resources_ok(t, b));
            CHECK_FALSE(harbors_ok(t, b));
        }
        INFO("players " << players);
        CHECK(found == 5);
    }
}

TEST_CASE("R-O4 the generator: every board balanced, the recipe kept, deterministic and varied", "[R-O4]") {
    for (int players : {4, 6}) {
        const BoardKind kind = board_for_players(players);
        const Ruleset& rules = ruleset(kind);
        const Topology& t = topology(kind);
        const int boards = boards_to_draw(kind == BoardKind::Base ? 100000 : 10000);
        const GameState shell = new_game(options_for(players, 0, false));
        long attempts = 0;
        int most = 0, unbalanced = 0, broken_recipe = 0;
        std::unordered_set<std::size_t> layouts, number_layouts;
        std::set<int> deserts, starts;
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < boards; ++i) {
            Rng rng(static_cast<std::uint64_t>(i));
            int k = 0;
            const Board b = generate_balanced_board(rules, rng, &k);
            attempts += k;
            most = std::max(most, k);
            unbalanced += !balanced_oracle(t, b) || !board_is_balanced(t, b);
            broken_recipe += !recipe_kept(shell, b);
            const std::string_view bytes(reinterpret_cast<const char*>(&b), sizeof b);
            layouts.insert(std::hash<std::string_view>{}(bytes));
            number_layouts.insert(std::hash<std::string_view>{}(std::string_view(reinterpret_cast<const char*>(b.number.data()), b.number.size())));
            for (int h = 0; h < t.hex_count; ++h)
                if (b.terrain[static_cast<std::size_t>(h)] == Terrain::Desert) deserts.insert(h);
            starts.insert(b.spiral_start);
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("R-O4 %s board: %d boards, %.2f draws a board on average, %d at most, %zu distinct layouts, "
                    "%zu distinct number layouts, desert on %zu hexes, %.2f s\n",
                    kind == BoardKind::Base ? "base" : "5-6", boards, static_cast<double>(attempts) / boards, most,
                    layouts.size(), number_layouts.size(), deserts.size(), seconds);
        INFO("players " << players << ", " << boards << " boards");
        CHECK(unbalanced == 0);
        CHECK(broken_recipe == 0);
        // Variety: practically every board differs, and the numbers are not one fixed layout.
        CHECK(layouts.size() >= static_cast<std::size_t>(boards) * 999 / 1000);
        CHECK(number_layouts.size() >= 20u);
        CHECK(deserts.size() >= 7u);
        CHECK(starts.size() == 6u);
        CHECK(most < 1 << 20);  // never the generator's safety cap

        // Deterministic: the same generator state gives the same board and leaves the same state.
        for (std::uint64_t seed = 0; seed < 200; ++seed) {
            Rng a(seed), b(seed);
            CHECK(generate_balanced_board(rules, a) == generate_balanced_board(rules, b));
            CHECK(a == b);
        }
    }
}

TEST_CASE("R-O4 new_game draws the balanced board from the seed, and without the option the board is as before", "[R-O4]") {
    for (int players : {2, 4, 5, 6}) {
        const Ruleset& rules = ruleset(board_for_players(players));
        bool differs = false;
        for (std::uint64_t seed = 0; seed < 50; ++seed) {
            Rng plain(seed), balanced(seed);
            const GameState off = new_game(options_for(players, seed, false));
            const GameState on = new_game(options_for(players, seed, true));
            INFO("players " << players << " seed " << seed);
            CHECK(off.board == generate_board(rules, plain));  // the draw of saved games, unchanged
            CHECK(on.board == generate_balanced_board(rules, balanced));
            CHECK(board_is_balanced(topology(on), on.board));
            CHECK(on.robber == desert_hex(topology(on), on.board));
            CHECK(state_is_ok(on));
            differs |= !(off.board == on.board);
        }
        CHECK(differs);  // some ordinary boards are not balanced (on the base board: 62 % of them)
    }
}

TEST_CASE("R-O4 games on balanced boards play to a finish", "[R-O4]") {
    for (int players : {2, 4, 6}) {
        int finished = 0;
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            GameState s = new_game(options_for(players, seed, true));
            Rng chooser(seed);
            const auto summary = sim::play_random_game(s, chooser);
            INFO("players " << players << " seed " << seed);
            CHECK(state_is_ok(s));
            finished += summary.winner >= 0;
        }
        INFO("players " << players);
        CHECK(finished >= 8);  // random play may hit the 1,000-turn cap now and then
    }
}
