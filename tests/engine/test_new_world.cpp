// The New World (R-SF11): boards drawn from the game's seed, each one fair by new_world_flaw(), and
// different from one seed to the next (docs/scenarios.md, "The New World").
#include <map>
#include <set>

#include "catan/engine/scenario.hpp"
#include "engine/scenario_data.hpp"
#include "test_support.hpp"

namespace catan::test {
namespace {

const Topology& T = kSeaTopology;  // the 3-4 frame's

GameState new_world(int players, std::uint64_t seed) {
    GameOptions o;
    o.players = players;
    o.scenario = Scenario::NewWorld;
    o.victory_target = scenario_victory_target(Scenario::NewWorld, players);
    o.seed = seed;
    return new_game(o);
}

const LayoutDef& layout_of(int players) {
    for (int i = 0; i < kNewWorld.layout_count; ++i)
        if (players >= kNewWorld.layouts[i].min_players && players <= kNewWorld.layouts[i].max_players) return kNewWorld.layouts[i];
    FAIL("The New World has no board for " << players << " players");
    return kNewWorld.layouts[0];
}

// 5 and 6 players share a board; these are the player counts of each of the layouts.
constexpr int kOnePerLayout[] = {3, 4, 5};

std::map<Terrain, int> terrain_counts(const Topology& T, const Board& b) {
    std::map<Terrain, int> n;
    for (int h = 0; h < T.hex_count; ++h)
        if (!b.sea.test(h)) ++n[b.terrain[h]];
    return n;
}

TEST_CASE("New World: every drawn board is fair and holds exactly the layout's pools", "[R-SF11][new_world]") {
    for (int players : {3, 4, 5, 6}) {
        const LayoutDef& def = layout_of(players);
        const Topology& T = topology(def.board());
        const std::map<char, Terrain> letters = {{'H', Terrain::Hills},     {'F', Terrain::Forest}, {'P', Terrain::Pasture},
                                                 {'W', Terrain::Fields},    {'M', Terrain::Mountains}, {'G', Terrain::Gold},
                                                 {'D', Terrain::Desert}};
        std::map<Terrain, int> pool;
        int land = 0;
        for (const char* c = def.land_pool; *c; ++c) ++land, ++pool[letters.at(*c)];
        std::multiset<int> tokens;
        for (const char* c = def.token_pool; *c; ++c) tokens.insert(*c >= 'a' ? 10 + (*c - 'a') : *c - '0');
        for (std::uint64_t seed = 1; seed <= 400; ++seed) {
            INFO(players << " players, seed " << seed);
            const GameState s = new_world(players, seed);
            const Board& b = s.board;
            REQUIRE_FALSE(find_state_problem(s).has_value());
            CHECK(new_world_flaw(T, b) == NewWorldFlaw::None);
            // The land: the pool's count, off the 3-4 frame's bottom row, one home island of the layout's size,
            // gold on small islands only.
            int land_here = 0, home = 0;
            std::multiset<int> numbers;
            for (int h = 0; h < T.hex_count; ++h) {
                if (b.sea.test(h)) continue;
                ++land_here;
                if (def.board() == BoardKind::Sea) CHECK(h / kSeaFrame.cols < kSeaFrame.rows - 1);
                if (b.terrain[h] == Terrain::Gold) CHECK_FALSE(b.home.test(h));
                if (b.number[h]) numbers.insert(b.number[h]);
                if (b.home.test(h)) {
                    ++home;
                    CHECK(b.island[h] == b.island[b.home.lowest()]);
                } else {
                    CHECK(b.island[h] != b.island[b.home.lowest()]);
                }
            }
            CHECK(land_here == land);
            CHECK(terrain_counts(T, b) == pool);
            CHECK(home == def.generated_home);
            CHECK(numbers == tokens);
            // Harbors: the layout's kinds, on the home island's coast, no two sharing an intersection.
            REQUIRE(b.harbor_count == def.harbor_count);
            NodeMask ends{};
            std::multiset<int> kinds, wanted;
            for (int k = 0; k < def.harbor_count; ++k) {
                const int e = b.harbor_edge[k];
                CHECK(s.sea_paths.test(e));
                CHECK(s.land_paths.test(e));
                CHECK_FALSE((T.edge_node_mask[e] & ends).any());
                ends |= T.edge_node_mask[e];
                kinds.insert(b.harbor[k]);
                wanted.insert(def.harbors[k].kind);
            }
            CHECK(kinds == wanted);
            CHECK(b.terrain[s.robber] == Terrain::Desert);
            CHECK(b.sea.test(s.pirate));
            // The pirate on open sea where there is some, else on the frame's first hex.
            int land_beside_pirate = 0;
            for (std::uint8_t nb : T.hex_neighbors[s.pirate]) land_beside_pirate += nb != kNone && !b.sea.test(nb);
            CHECK((land_beside_pirate == 0 || s.pirate == 0 || !b.sea.test(0)));
        }
    }
}

TEST_CASE("New World: the seed decides the board, and seeds give different boards", "[R-SF11][new_world]") {
    for (int players : kOnePerLayout) {
        const Topology& T = topology(layout_of(players).board());
        std::set<std::vector<int>> seen;
        for (std::uint64_t seed = 1; seed <= 200; ++seed) {
            const GameState a = new_world(players, seed), b = new_world(players, seed);
            REQUIRE(a.board == b.board);
            std::vector<int> key;
            for (int h = 0; h < T.hex_count; ++h) key.push_back(static_cast<int>(a.board.terrain[h]) * 16 + a.board.number[h]);
            seen.insert(key);
        }
        CHECK(seen.size() == 200);
    }
}

// A game's board is drawn again from its seed whenever the game is restored or replayed, so the boards
// of the 3-4 frame are pinned: a change to the generator must leave every seed's board as it was.
TEST_CASE("New World: every seed draws the board earlier versions drew for it, 3 and 4 players", "[R-SF11][new_world][compat]") {
    for (int players : {3, 4}) {
        std::uint64_t digest = 0xcbf29ce484222325ULL;  // FNV-1a over each board's cells, harbors and starts
        const auto mix = [&](int v) { digest = (digest ^ static_cast<std::uint64_t>(v & 0xff)) * 0x100000001b3ULL; };
        for (std::uint64_t seed = 1; seed <= 300; ++seed) {
            const GameState s = new_world(players, seed);
            const Board& b = s.board;
            for (int h = 0; h < T.hex_count; ++h) {
                mix(b.sea.test(h));
                mix(b.home.test(h));
                mix(static_cast<int>(b.terrain[h]));
                mix(b.number[h]);
            }
            for (int k = 0; k < b.harbor_count; ++k) mix(b.harbor_edge[k]), mix(b.harbor[k]);
            mix(s.robber);
            mix(s.pirate);
        }
        INFO(players << " players: digest 0x" << std::hex << digest);
        CHECK(digest == (players == 3 ? 0xe272f1f95168d7bdULL : 0x1933a035d9a4958cULL));
    }
}

// Boards with no open sea are rare on the 3-4 frame (2 of the 10,000 4-player seeds 90,400,000 on):
// their pirate starts on hex 0, at sea, with no draw from the game's generator, as it always has.
TEST_CASE("New World: a board with no open sea starts the pirate on the frame's first hex, as earlier versions did", "[R-SF11][new_world][compat]") {
    for (std::uint64_t seed : {90'403'091ULL, 90'404'547ULL}) {
        const GameState s = new_world(4, seed);
        INFO("seed " << seed);
        int open = 0;
        s.board.sea.for_each([&](int h) {
            bool land = false;
            for (std::uint8_t nb : T.hex_neighbors[h]) land = land || (nb != kNone && !s.board.sea.test(nb));
            open += !land;
        });
        CHECK(open == 0);
        CHECK(s.pirate == 0);
        CHECK(s.board.sea.test(0));
        CHECK_FALSE(find_state_problem(s).has_value());
    }
}

TEST_CASE("New World: a fair board is found in a few draws", "[R-SF11][new_world]") {
    for (int players : kOnePerLayout) {
        int most = 0;
        long total = 0;
        for (std::uint64_t seed = 1; seed <= 300; ++seed) {
            Rng rng(seed);
            int attempts = 0;
            deal_new_world(layout_of(players), rng, &attempts);
            most = std::max(most, attempts);
            total += attempts;
        }
        WARN(players << " players: " << total / 300.0 << " islands drawn per board on average, at most " << most);
        CHECK(most < 200);
    }
}

TEST_CASE("New World: no resource is scarce on the home island, over many boards", "[R-SF11][new_world]") {
    for (int players : kOnePerLayout) {
        std::array<long, kResourceCount> pips_of{};
        long all = 0;
        for (std::uint64_t seed = 1; seed <= 500; ++seed) {
            const Board b = new_world(players, seed).board;
            for (Resource r : kAllResources) {
                const int p = new_world_pips(b, r);
                CHECK(p >= kNewWorldHomePips);
                pips_of[static_cast<int>(r)] += p;
                all += p;
            }
        }
        for (Resource r : kAllResources) {
            const double share = static_cast<double>(pips_of[static_cast<int>(r)]) / static_cast<double>(all);
            INFO(players << " players, " << to_string(r) << ": " << share);
            CHECK(share > 0.13);
            CHECK(share < 0.27);
        }
    }
}

// Each criterion, broken on a fair board, is reported.
TEST_CASE("New World: each unfair board is named by its flaw", "[R-SF11][new_world]") {
    const Board fair = new_world(4, 5).board;
    REQUIRE(new_world_flaw(T, fair) == NewWorldFlaw::None);
    // Two neighbouring producing hexes of the home island.
    int a = -1, b = -1;
    fair.home.for_each([&](int h) {
        for (std::uint8_t nb : T.hex_neighbors[h])
            if (a < 0 && nb != kNone && fair.home.test(nb) && fair.number[h] && fair.number[nb]) a = h, b = nb;
    });
    REQUIRE(a >= 0);
    Board red = fair;
    red.number[a] = 6;
    red.number[b] = 8;
    CHECK(new_world_flaw(T, red) == NewWorldFlaw::RedNumbersTouch);
    Board equal = fair;
    equal.number[a] = 4;
    equal.number[b] = 4;
    CHECK(new_world_flaw(T, equal) == NewWorldFlaw::EqualNumbersTouch);
    Board gold_home = fair;
    gold_home.terrain[a] = Terrain::Gold;
    gold_home.number[a] = 3;
    for (std::uint8_t nb : T.hex_neighbors[a])
        if (nb != kNone) gold_home.number[nb] = gold_home.number[nb] == 3 ? 11 : gold_home.number[nb];
    CHECK(new_world_flaw(T, gold_home) == NewWorldFlaw::GoldAtHome);
    // A gold hex away from home with a 6.
    int gold = -1;
    for (int h = 0; h < T.hex_count; ++h)
        if (fair.terrain[h] == Terrain::Gold && !fair.sea.test(h)) gold = h;
    REQUIRE(gold >= 0);
    Board red_gold = fair;
    red_gold.number[gold] = 6;
    for (std::uint8_t nb : T.hex_neighbors[gold])
        if (nb != kNone) red_gold.number[nb] = 0;
    CHECK(new_world_flaw(T, red_gold) == NewWorldFlaw::RedGold);
    // A small island of deserts only.
    Board barren = fair;
    const std::uint8_t island = fair.island[gold];
    for (int h = 0; h < T.hex_count; ++h)
        if (fair.island[h] == island) barren.terrain[h] = Terrain::Desert, barren.number[h] = 0;
    CHECK(new_world_flaw(T, barren) == NewWorldFlaw::BarrenIsland);
    // A home island with no ore.
    Board short_home = fair;
    fair.home.for_each([&](int h) {
        if (short_home.terrain[h] == Terrain::Mountains) short_home.terrain[h] = Terrain::Desert, short_home.number[h] = 0;
    });
    CHECK(new_world_flaw(T, short_home) == NewWorldFlaw::HomeShort);
}

}  // namespace
}  // namespace catan::test
