// Reading a scenario's map (docs/scenarios.md) and dealing a game's board from it.
#include "catan/engine/scenario.hpp"

#include <algorithm>
#include <cctype>

#include "scenario_data.hpp"

namespace catan {
namespace {

const ScenarioDef* definition(Scenario s) {
    switch (s) {
        case Scenario::NewShores: return &kNewShores;
        case Scenario::FourIslands: return &kFourIslands;
        case Scenario::FogIslands: return &kFogIslands;
        case Scenario::ThroughTheDesert: return &kThroughTheDesert;
        case Scenario::NewWorld: return &kNewWorld;
        case Scenario::None: break;
    }
    return nullptr;
}

const LayoutDef* layout(Scenario s, int players) {
    const ScenarioDef* def = definition(s);
    if (!def) return nullptr;
    for (int i = 0; i < def->layout_count; ++i)
        if (players >= def->layouts[i].min_players && players <= def->layouts[i].max_players) return &def->layouts[i];
    return nullptr;
}

// One map cell: terrain letter and number character as written (docs/scenarios.md).
struct Cell {
    char terrain = '~', number = '.';
};
using Cells = std::array<Cell, kMaxHexes>;

// The cells in hex-id order (the frame numbers its hexes row by row, left to right). The maps are
// compiled in and checked by the tests (tests/engine/test_scenario_data.cpp), so a malformed map is a
// build's defect: cells past a short line stay sea.
Cells read_map(const char* map, SeaFrame frame) {
    Cells cells{};
    int row = 0, col = 0;
    for (const char* c = map; *c && row < frame.rows; ++c) {
        if (*c == '\n') { ++row; col = 0; continue; }
        if (*c == ' ' || !c[1] || c[1] == '\n' || col >= frame.cols) continue;
        cells[row * frame.cols + col] = {c[0], c[1]};
        ++col;
        ++c;
    }
    return cells;
}

Terrain terrain_of(char letter) {
    switch (std::toupper(static_cast<unsigned char>(letter))) {
        case 'H': return Terrain::Hills;
        case 'F': return Terrain::Forest;
        case 'P': return Terrain::Pasture;
        case 'W': return Terrain::Fields;
        case 'M': return Terrain::Mountains;
        case 'D': return Terrain::Desert;
        case 'G': return Terrain::Gold;
        default: return Terrain::Sea;
    }
}

int number_of(char c) {
    if (c >= '2' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'c') return 10 + (c - 'a');
    return 0;
}

bool dealt_terrain(char c) { return c == '?' || c == '!'; }
bool fog_cell(char c) { return c == '*'; }
bool home_cell(char c) { return c == '?' || std::isupper(static_cast<unsigned char>(c)); }

}  // namespace

void assign_islands(const Topology& t, Board& b, bool deserts_divide) {
    HexMask apart = b.sea | b.fog;  // hexes on no island
    if (deserts_divide)
        for (int h = 0; h < t.hex_count; ++h)
            if (b.terrain[h] == Terrain::Desert) apart.set(h);
    b.island = {};
    std::uint8_t next = 0;
    for (int h = 0; h < t.hex_count; ++h) {
        if (apart.test(h) || b.island[h]) continue;
        ++next;
        std::array<std::uint8_t, kMaxHexes> stack{};
        int top = 0;
        stack[top++] = static_cast<std::uint8_t>(h);
        b.island[h] = next;
        while (top) {
            const int at = stack[--top];
            for (std::uint8_t nb : t.hex_neighbors[at])
                if (nb != kNone && !apart.test(nb) && !b.island[nb]) {
                    b.island[nb] = next;
                    stack[top++] = nb;
                }
        }
    }
}

namespace {
int cell_hex(const LayoutDef& def, int row, int col) { return row * def.frame().cols + col; }

}  // namespace

std::optional<Scenario> scenario_from_name(std::string_view name) {
    for (int i = 1; i < kScenarioCount; ++i)
        if (name == to_string(static_cast<Scenario>(i))) return static_cast<Scenario>(i);
    return std::nullopt;
}

bool scenario_has_board(Scenario s, int players) { return layout(s, players) != nullptr; }

std::string_view scenario_choices() {
    static const std::string text = [] {
        std::string out;
        for (int i = 1; i < kScenarioCount; ++i) {
            const auto s = static_cast<Scenario>(i);
            const int least = scenario_min_players(s), most = scenario_max_players(s);
            if (!out.empty()) out += ", ";
            out += to_string(s);
            out += " (" + std::to_string(least) + (most > least ? "-" + std::to_string(most) : "") + " players)";
        }
        return out;
    }();
    return text;
}

int scenario_min_players(Scenario s) {
    const ScenarioDef* def = definition(s);
    int least = kMaxPlayers;
    for (int i = 0; def && i < def->layout_count; ++i) least = std::min<int>(least, def->layouts[i].min_players);
    return least;
}

int scenario_max_players(Scenario s) {
    const ScenarioDef* def = definition(s);
    int most = 0;
    for (int i = 0; def && i < def->layout_count; ++i) most = std::max<int>(most, def->layouts[i].max_players);
    return most;
}

int scenario_victory_target(Scenario s, int players) { return layout(s, players)->victory_target; }
int scenario_island_vp(Scenario s, int players) { return layout(s, players)->island_vp; }
bool scenario_is_generated(Scenario s) {
    const ScenarioDef* def = definition(s);
    return def && def->layout_count && def->layouts[0].map == nullptr;
}
bool scenario_has_fog(Scenario s, int players) { return *layout(s, players)->fog_pool != '\0'; }
bool scenario_deserts_divide(Scenario s, int players) { return layout(s, players)->deserts_divide; }

ScenarioPlan scenario_plan(Scenario s, int players) {
    const LayoutDef& def = *layout(s, players);
    const Topology& t = topology(def.board());
    ScenarioPlan plan;
    plan.victory_target = def.victory_target;
    plan.island_vp = def.island_vp;
    if (!def.map) {  // drawn per game: nothing is known before
        plan.generated = true;
        plan.harbor_count = def.harbor_count;
        for (int k = 0; k < def.harbor_count; ++k) plan.harbor_kind[k] = def.harbors[k].kind;
        return plan;
    }
    const Cells cells = read_map(def.map, def.frame());
    for (int h = 0; h < t.hex_count; ++h) {
        const Cell& cell = cells[h];
        ScenarioHexPlan& p = plan.hexes[h];
        p.dealt_terrain = dealt_terrain(cell.terrain);
        p.fog = fog_cell(cell.terrain);
        p.terrain = p.dealt_terrain || p.fog ? Terrain::Sea : terrain_of(cell.terrain);
        p.dealt_number = cell.number == '?';
        p.number = static_cast<std::uint8_t>(number_of(cell.number));
        p.home = home_cell(cell.terrain);
    }
    plan.harbor_count = def.harbor_count;
    plan.harbors_dealt = def.shuffle_harbors;
    for (int k = 0; k < def.harbor_count; ++k) {
        plan.harbor_edge[k] = t.hex_edges[cell_hex(def, def.harbors[k].row, def.harbors[k].col)][def.harbors[k].side];
        plan.harbor_kind[k] = def.harbors[k].kind;
    }
    plan.pirate = static_cast<std::uint8_t>(cell_hex(def, def.pirate_row, def.pirate_col));
    if (def.robber_row != 0xff) plan.robber = static_cast<std::uint8_t>(cell_hex(def, def.robber_row, def.robber_col));
    return plan;
}

ScenarioStart deal_scenario_board(Scenario s, int players, Rng& rng) {
    const LayoutDef& def = *layout(s, players);
    if (!def.map) return deal_new_world(def, rng);
    const Cells cells = read_map(def.map, def.frame());
    const Topology& t = topology(def.board());

    std::array<Terrain, kMaxHexes> land{};
    int land_count = 0;
    for (const char* c = def.land_pool; *c; ++c) land[land_count++] = terrain_of(*c);
    std::array<std::uint8_t, kMaxHexes> tokens{};
    int token_count = 0;
    for (const char* c = def.token_pool; *c; ++c) tokens[token_count++] = static_cast<std::uint8_t>(number_of(*c));
    rng.shuffle_prefix(land, land_count);
    rng.shuffle_prefix(tokens, token_count);
    // R-SF10, drawn after the rest so that boards without fog deal as they always have.
    std::array<Terrain, kMaxHexes> fog{};
    int fog_count = 0;
    for (const char* c = def.fog_pool; *c; ++c) fog[fog_count++] = terrain_of(*c);
    if (fog_count) rng.shuffle_prefix(fog, fog_count);

    ScenarioStart start;
    Board& b = start.board;
    int next_land = 0, next_token = 0, next_fog = 0;
    for (int h = 0; h < t.hex_count; ++h) {
        const Cell& cell = cells[h];
        if (fog_cell(cell.terrain)) {
            b.terrain[h] = fog[next_fog++];
            b.fog.set(h);
            continue;
        }
        b.terrain[h] = dealt_terrain(cell.terrain) ? land[next_land++] : terrain_of(cell.terrain);
        b.number[h] = static_cast<std::uint8_t>(cell.number == '?' ? tokens[next_token++] : number_of(cell.number));
        if (b.terrain[h] == Terrain::Sea) b.sea.set(h);
        else if (home_cell(cell.terrain)) b.home.set(h);
    }
    for (const char* c = def.fog_token_pool; *c; ++c) b.fog_tokens[b.fog_tokens_left++] = static_cast<std::uint8_t>(number_of(*c));
    if (b.fog_tokens_left) rng.shuffle_prefix(b.fog_tokens, b.fog_tokens_left);
    assign_islands(t, b, def.deserts_divide);

    std::array<std::uint8_t, kMaxHarbors> kinds{};
    b.harbor_count = def.harbor_count;
    for (int k = 0; k < def.harbor_count; ++k) {
        const HarborDef& h = def.harbors[k];
        b.harbor_edge[k] = t.hex_edges[cell_hex(def, h.row, h.col)][h.side];
        kinds[k] = h.kind;
    }
    if (def.shuffle_harbors) rng.shuffle_prefix(kinds, def.harbor_count);
    for (int k = 0; k < def.harbor_count; ++k) b.harbor[k] = kinds[k];

    start.pirate = static_cast<std::uint8_t>(cell_hex(def, def.pirate_row, def.pirate_col));
    if (def.robber_row != 0xff) start.robber = static_cast<std::uint8_t>(cell_hex(def, def.robber_row, def.robber_col));
    return start;
}

}  // namespace catan
