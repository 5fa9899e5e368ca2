// The New World (R-SF11): a sea board drawn at random from the game's generator, then kept only if it is
// fair by the criteria of new_world_flaw() (docs/scenarios.md, "The New World").
#include <algorithm>

#include "catan/engine/scenario.hpp"
#include "scenario_data.hpp"

namespace catan {
namespace {

// Land stays off the 3-4 frame's bottom row, as on every map of that frame (docs/scenarios.md); the
// 5-6 frame is one row shorter for its 32 land hexes, so all of it is used.
bool in_land_zone(SeaFrame frame, int h) { return frame.rows < kSeaFrame.rows || h / frame.cols < frame.rows - 1; }

// The hex across path `e` from hex `h`, or kNone at the frame's edge.
int across(const Topology& T, int h, int e) {
    for (std::uint8_t nb : T.hex_neighbors[h])
        if (nb != kNone)
            for (std::uint8_t x : T.hex_edges[nb])
                if (x == e) return nb;
    return kNone;
}

int land_neighbors(const Topology& T, const HexMask& land, int h) {
    int n = 0;
    for (std::uint8_t nb : T.hex_neighbors[h]) n += nb != kNone && land.test(nb);
    return n;
}

// Grows an island of `size` hexes from a random free cell: each step adds a random cell next to it,
// drawn twice as often where it touches two of the island's hexes (compact islands). Cells next to
// `keep_off` (the other islands) are never used, so islands stay apart. False if it cannot grow.
bool grow_island(const LayoutDef& def, HexMask& island, const HexMask& keep_off, int size, Rng& rng) {
    const Topology& T = topology(def.board());
    std::array<std::uint8_t, kMaxHexes> cells{};
    int count = 0;
    const auto allowed = [&](int h) {
        if (!in_land_zone(def.frame(), h) || keep_off.test(h) || island.test(h)) return false;
        for (std::uint8_t nb : T.hex_neighbors[h])
            if (nb != kNone && keep_off.test(nb)) return false;
        return true;
    };
    for (int h = 0; h < T.hex_count; ++h)
        if (allowed(h)) cells[count++] = static_cast<std::uint8_t>(h);
    if (count == 0) return false;
    island.set(cells[rng.below(static_cast<std::uint32_t>(count))]);
    for (int grown = 1; grown < size; ++grown) {
        count = 0;
        for (int h = 0; h < T.hex_count; ++h) {
            if (!allowed(h)) continue;
            const int touching = land_neighbors(T, island, h);
            for (int k = 0; k < std::min(touching, 2); ++k) cells[count++] = static_cast<std::uint8_t>(h);
        }
        if (count == 0) return false;
        island.set(cells[rng.below(static_cast<std::uint32_t>(count))]);
    }
    return true;
}

// The sides of the home island's hexes that face the sea inside the frame: where harbors may go.
int coast_sides(const Topology& T, const Board& b, std::array<std::uint8_t, 6 * kMaxHexes>& out) {
    int n = 0;
    b.home.for_each([&](int h) {
        for (std::uint8_t e : T.hex_edges[h]) {
            const int other = across(T, h, e);
            if (other != kNone && b.sea.test(other)) out[n++] = e;
        }
    });
    return n;
}

// Harbor places on the home island's coast, no two sharing an intersection.
bool place_harbors(Board& b, const LayoutDef& def, Rng& rng) {
    const Topology& T = topology(def.board());
    std::array<std::uint8_t, 6 * kMaxHexes> sides{};
    const int n = coast_sides(T, b, sides);
    rng.shuffle_prefix(sides, static_cast<std::size_t>(n));
    NodeMask taken{};
    b.harbor_count = 0;
    for (int i = 0; i < n && b.harbor_count < def.harbor_count; ++i) {
        const NodeMask ends = T.edge_node_mask[sides[i]];
        if ((ends & taken).any()) continue;
        taken |= ends;
        b.harbor_edge[b.harbor_count++] = sides[i];
    }
    if (b.harbor_count < def.harbor_count) return false;
    std::array<std::uint8_t, kMaxHarbors> kinds{};
    for (int k = 0; k < def.harbor_count; ++k) kinds[k] = def.harbors[k].kind;
    rng.shuffle_prefix(kinds, def.harbor_count);
    for (int k = 0; k < def.harbor_count; ++k) b.harbor[k] = kinds[k];
    return true;
}

Terrain terrain_letter(char c) {
    switch (c) {
        case 'H': return Terrain::Hills;
        case 'F': return Terrain::Forest;
        case 'P': return Terrain::Pasture;
        case 'W': return Terrain::Fields;
        case 'M': return Terrain::Mountains;
        case 'G': return Terrain::Gold;
        default: return Terrain::Desert;
    }
}

int token_value(char c) { return c >= 'a' ? 10 + (c - 'a') : c - '0'; }

// Terrains and tokens dealt over the land in hex order.
void deal_land(Board& b, const HexMask& land, const LayoutDef& def, Rng& rng) {
    const Topology& T = topology(def.board());
    std::array<Terrain, kMaxHexes> terrains{};
    std::array<std::uint8_t, kMaxHexes> tokens{};
    int nt = 0, nk = 0;
    for (const char* c = def.land_pool; *c; ++c) terrains[nt++] = terrain_letter(*c);
    for (const char* c = def.token_pool; *c; ++c) tokens[nk++] = static_cast<std::uint8_t>(token_value(*c));
    rng.shuffle_prefix(terrains, static_cast<std::size_t>(nt));
    rng.shuffle_prefix(tokens, static_cast<std::size_t>(nk));
    if (def.gold_off_home) {
        // Gold fields go to the small islands only (GoldAtHome is a flaw): the terrains are dealt in hex
        // order, so each gold that would land on the home island trades places with a small island's
        // terrain that is not gold, drawn at random.
        int at = 0;
        std::array<std::uint8_t, kMaxHexes> home_slot{};
        for (int h = 0; h < T.hex_count; ++h)
            if (land.test(h)) home_slot[at++] = b.home.test(h);
        for (int i = 0; i < nt; ++i) {
            if (!home_slot[i] || terrains[i] != Terrain::Gold) continue;
            std::array<std::uint8_t, kMaxHexes> away{};
            int n = 0;
            for (int j = 0; j < nt; ++j)
                if (!home_slot[j] && terrains[j] != Terrain::Gold) away[n++] = static_cast<std::uint8_t>(j);
            if (n == 0) break;
            std::swap(terrains[i], terrains[away[rng.below(static_cast<std::uint32_t>(n))]]);
        }
    }
    int next_terrain = 0, next_token = 0;
    for (int h = 0; h < T.hex_count; ++h) {
        b.number[h] = 0;
        if (!land.test(h)) {
            b.terrain[h] = Terrain::Sea;
            continue;
        }
        b.terrain[h] = terrains[next_terrain++];
        if (b.terrain[h] != Terrain::Desert) b.number[h] = tokens[next_token++];
    }
}

}  // namespace

int new_world_pips(const Board& b, Resource r) {
    int pips_total = 0;
    b.home.for_each([&](int h) {
        if (b.terrain[h] == static_cast<Terrain>(r)) pips_total += pips(b.number[h]);
    });
    return pips_total;
}

NewWorldFlaw new_world_flaw(const Topology& T, const Board& b) {
    for (int h = 0; h < T.hex_count; ++h) {
        if (b.sea.test(h)) continue;
        const int n = b.number[h];
        for (std::uint8_t nb : T.hex_neighbors[h]) {
            if (nb == kNone || b.sea.test(nb)) continue;
            const int m = b.number[nb];
            if ((n == 6 || n == 8) && (m == 6 || m == 8)) return NewWorldFlaw::RedNumbersTouch;
            if (n != 0 && n == m) return NewWorldFlaw::EqualNumbersTouch;
        }
        if (b.terrain[h] == Terrain::Gold && (n == 6 || n == 8)) return NewWorldFlaw::RedGold;
        if (b.terrain[h] == Terrain::Gold && b.home.test(h)) return NewWorldFlaw::GoldAtHome;
    }
    // Every island pays something: no island of deserts only.
    std::array<bool, kMaxHexes> pays{}, exists{};
    for (int h = 0; h < T.hex_count; ++h) {
        if (!b.island[h]) continue;
        exists[b.island[h]] = true;
        pays[b.island[h]] = pays[b.island[h]] || b.terrain[h] != Terrain::Desert;
    }
    for (int i = 1; i < kMaxHexes; ++i)
        if (exists[i] && !pays[i]) return NewWorldFlaw::BarrenIsland;
    // The home island alone can build everything: every resource, worth at least kNewWorldHomePips pips.
    for (Resource r : kAllResources)
        if (new_world_pips(b, r) < kNewWorldHomePips) return NewWorldFlaw::HomeShort;
    return NewWorldFlaw::None;
}

ScenarioStart deal_new_world(const LayoutDef& def, Rng& rng, int* attempts) {
    const Topology& T = topology(def.board());
    int land_count = 0;
    for (const char* c = def.land_pool; *c; ++c) ++land_count;
    for (int attempt = 1;; ++attempt) {
        ScenarioStart start;
        Board& b = start.board;
        // The islands: the home island, then small ones of 2 or 3 hexes with the land left.
        HexMask home{}, land{};
        if (!grow_island(def, home, HexMask{}, def.generated_home, rng)) continue;
        land = home;
        bool placed = true;
        for (int left = land_count - def.generated_home; left > 0 && placed;) {
            const int size = left <= 3 ? left : 2 + static_cast<int>(rng.below(2));
            HexMask island{};
            placed = grow_island(def, island, land, size, rng);
            land |= island;
            left -= size;
        }
        if (!placed) continue;
        b.home = home;
        for (int h = 0; h < T.hex_count; ++h)
            if (!land.test(h)) b.sea.set(h);
        assign_islands(T, b);
        // Terrains and numbers: a few deals on the same islands before drawing new ones.
        bool fair = false;
        for (int deal = 0; deal < 40 && !fair; ++deal) {
            deal_land(b, land, def, rng);
            fair = new_world_flaw(T, b) == NewWorldFlaw::None;
        }
        if (!fair || !place_harbors(b, def, rng)) continue;
        // The robber on the desert, the pirate on open sea (no land beside it) where there is some.
        // Where there is none, the frame's first hex if it is sea, drawing nothing, as boards of earlier
        // versions have it (a game's board is drawn again from its seed); else the sea with the least
        // land beside it.
        for (int h = 0; h < T.hex_count; ++h)
            if (b.terrain[h] == Terrain::Desert && !b.sea.test(h)) start.robber = static_cast<std::uint8_t>(h);
        std::array<std::uint8_t, kMaxHexes> open{};
        int n = 0;
        for (int beside = 0; n == 0 && beside <= 6; ++beside) {
            if (beside == 1 && b.sea.test(0)) break;
            b.sea.for_each([&](int h) {
                if (land_neighbors(T, land, h) == beside) open[n++] = static_cast<std::uint8_t>(h);
            });
        }
        start.pirate = n ? open[rng.below(static_cast<std::uint32_t>(n))] : static_cast<std::uint8_t>(0);
        if (attempts) *attempts = attempt;
        return start;
    }
}

}  // namespace catan
