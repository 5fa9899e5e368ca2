// The Seafarers scenarios' data (R-SF1): every layout with a map passes docs/scenarios.md "Checks" (the
// map's shape, pools that fit its cells, at most three tokens of a number, harbors on land with the sea or
// the frame's edge across, the pirate at sea, the robber on land, islands all home or all reached by sea,
// the fixed cells' numbers apart), holds the counts of the docs' table, and deals exactly what it lists.
// The maps are compiled in (src/engine/scenarios/*.cpp): a flaw here is the data's, not a game's.
#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "catan/engine/scenario.hpp"
#include "engine/scenario_data.hpp"
#include "test_support.hpp"

namespace catan::test {
namespace {

// A layout's frame: its rows and columns and their topology.
struct Frame {
    int rows, cols;
    const Topology& T;
};
Frame frame_of(const LayoutDef& def) {
    const SeaFrame f = sea_frame(def.board());
    return {f.rows, f.cols, topology(def.board())};
}

const ScenarioDef* const kDefs[] = {&kNewShores, &kFourIslands, &kFogIslands, &kThroughTheDesert, &kNewWorld};

const ScenarioDef& def_of(Scenario s) {
    for (const ScenarioDef* d : kDefs)
        if (to_string(s) == std::string_view(d->id)) return *d;
    FAIL("no data for scenario " << to_string(s));
    return kNewShores;
}

// A map's cells as written, row by row; empty if its text is not the frame's shape (each failed check
// is reported).
std::vector<std::string> cells_of(const Frame& F, const char* map) {
    std::vector<std::string> lines;
    std::string line;
    for (const char* c = map;; ++c) {
        if (*c == '\n' || !*c) {
            lines.push_back(line);
            line.clear();
            if (!*c) break;
        } else {
            line += *c;
        }
    }
    CHECK(lines.size() == static_cast<std::size_t>(F.rows));
    if (lines.size() != static_cast<std::size_t>(F.rows)) return {};
    std::vector<std::string> cells;
    for (int r = 0; r < F.rows; ++r) {
        INFO("line " << r << ": \"" << lines[r] << "\"");
        // Odd lines are indented by two spaces, even ones not at all; cells are 2 characters, one space apart.
        const std::string indent = r % 2 ? "  " : "";
        CHECK(lines[r].rfind(indent, 0) == 0);
        const std::string rest = lines[r].substr(std::min(indent.size(), lines[r].size()));
        CHECK(rest.size() == static_cast<std::size_t>(3 * F.cols - 1));
        if (rest.size() != static_cast<std::size_t>(3 * F.cols - 1)) return {};
        for (int c = 0; c < F.cols; ++c) {
            if (c + 1 < F.cols) CHECK(rest[3 * c + 2] == ' ');
            const std::string cell = rest.substr(3 * c, 2);
            CHECK(cell.find(' ') == std::string::npos);
            cells.push_back(cell);
        }
    }
    return cells;
}

int number_of(char c) {
    if (c >= '2' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'c') return 10 + (c - 'a');
    return 0;
}
bool token_char(char c) { return c != '7' && number_of(c) != 0; }
bool sea(const std::string& cell) { return cell[0] == '~'; }
bool fog(const std::string& cell) { return cell[0] == '*'; }
bool land(const std::string& cell) { return !sea(cell) && !fog(cell); }
bool desert(const std::string& cell) { return cell[0] == 'D' || cell[0] == 'd'; }
bool home(const std::string& cell) { return cell[0] == '?' || std::isupper(static_cast<unsigned char>(cell[0])); }
bool dealt(const std::string& cell) { return cell[0] == '?' || cell[0] == '!'; }
bool gold(const std::string& cell) { return cell[0] == 'G' || cell[0] == 'g'; }

// The cell across side `side` of (row, col) (docs/scenarios.md "Sides and neighbours"), or -1 past the
// frame's edge.
int across(const Frame& F, int row, int col, int side) {
    static constexpr int dr[6] = {-1, 0, 1, 1, 0, -1};
    static constexpr int dc_even[6] = {0, 1, 0, -1, -1, -1};
    static constexpr int dc_odd[6] = {1, 1, 1, 0, -1, 0};
    const int r = row + dr[side], c = col + (row % 2 ? dc_odd : dc_even)[side];
    return r < 0 || r >= F.rows || c < 0 || c >= F.cols ? -1 : r * F.cols + c;
}

// The frame's hexes a path borders: two, or one on the frame's edge.
std::vector<int> hexes_of_path(const Frame& F, int e) {
    std::vector<int> out;
    for (int h = 0; h < F.T.hex_count; ++h)
        for (std::uint8_t x : F.T.hex_edges[static_cast<std::size_t>(h)])
            if (x == e) out.push_back(h);
    return out;
}

// What docs/scenarios.md's counts table says of a layout.
struct Counts {
    int land, home, by_sea, sea, gold, desert, face_down, dealt_tokens, fixed_tokens, fog_tokens, harbors;
    bool operator==(const Counts&) const = default;
};
std::ostream& operator<<(std::ostream& os, const Counts& c) {
    return os << "land " << c.land << ", home " << c.home << " / by sea " << c.by_sea << ", sea " << c.sea << ", gold " << c.gold
              << ", desert " << c.desert << ", face down " << c.face_down << ", tokens " << c.dealt_tokens << " + " << c.fixed_tokens
              << " + " << c.fog_tokens << " face down, harbors " << c.harbors;
}

const std::map<std::pair<std::string, int>, Counts> kTable = {
    {{"new_shores", 3}, {22, 14, 8, 50, 2, 0, 0, 14, 8, 0, 8}},
    {{"new_shores", 4}, {28, 19, 9, 44, 2, 1, 0, 0, 27, 0, 9}},
    {{"four_islands", 3}, {20, 20, 0, 52, 0, 0, 0, 20, 0, 0, 9}},
    {{"four_islands", 4}, {23, 23, 0, 49, 0, 0, 0, 23, 0, 0, 9}},
    {{"fog_islands", 3}, {14, 14, 0, 46, 0, 0, 12, 14, 0, 10, 8}},
    {{"fog_islands", 4}, {17, 17, 0, 43, 0, 0, 12, 17, 0, 10, 9}},
    {{"through_the_desert", 3}, {25, 14, 8, 47, 2, 3, 0, 17, 5, 0, 8}},
    {{"through_the_desert", 4}, {30, 17, 10, 42, 2, 3, 0, 20, 7, 0, 9}},
    {{"new_shores", 5}, {40, 30, 10, 30, 3, 2, 0, 28, 10, 0, 11}},
    {{"new_shores", 6}, {40, 30, 10, 30, 3, 2, 0, 28, 10, 0, 11}},
};

// docs/scenarios.md "Checks" for one layout with a map; returns its counts.
Counts check_layout(const LayoutDef& def) {
    Counts n{};
    const Frame F = frame_of(def);
    const std::vector<std::string> cells = cells_of(F, def.map);
    REQUIRE(cells.size() == static_cast<std::size_t>(F.rows * F.cols));

    // Cells: a known terrain and number; sea "~.", face down "*.", a desert with no number, other land with one.
    std::array<int, 13> tokens{};
    int dealt_terrains = 0;
    for (int h = 0; h < F.rows * F.cols; ++h) {
        const std::string& cell = cells[h];
        INFO("cell (" << h / F.cols << ", " << h % F.cols << ") \"" << cell << "\"");
        CHECK(std::string_view("~HFPWMDGhfpwmdg?!*").find(cell[0]) != std::string_view::npos);
        CHECK((cell[1] == '.' || cell[1] == '?' || token_char(cell[1])));
        if (sea(cell) || fog(cell) || desert(cell)) CHECK(cell[1] == '.');
        else CHECK(cell[1] != '.');
        n.sea += sea(cell);
        n.face_down += fog(cell);
        n.land += land(cell);
        n.desert += desert(cell);
        n.gold += gold(cell);
        dealt_terrains += dealt(cell);
        n.dealt_tokens += cell[1] == '?';
        if (token_char(cell[1])) ++n.fixed_tokens, ++tokens[number_of(cell[1])];
    }

    // Pools: one terrain per dealt terrain cell (no desert), one token per dealt number cell, one face-down
    // terrain per "*." and one face-down token per face-down terrain that produces.
    CHECK(std::string_view(def.land_pool).size() == static_cast<std::size_t>(dealt_terrains));
    for (const char* c = def.land_pool; *c; ++c) {
        CHECK(std::string_view("HFPWMG").find(*c) != std::string_view::npos);
        n.gold += *c == 'G';
    }
    CHECK(std::string_view(def.token_pool).size() == static_cast<std::size_t>(n.dealt_tokens));
    for (const char* c = def.token_pool; *c; ++c) {
        CHECK(token_char(*c));
        ++tokens[number_of(*c)];
    }
    CHECK(std::string_view(def.fog_pool).size() == static_cast<std::size_t>(n.face_down));
    int producing_face_down = 0;
    for (const char* c = def.fog_pool; *c; ++c) {
        CHECK(std::string_view("HFPWMDG~").find(*c) != std::string_view::npos);
        producing_face_down += *c != '~' && *c != 'D';
    }
    n.fog_tokens = static_cast<int>(std::string_view(def.fog_token_pool).size());
    CHECK(n.fog_tokens == producing_face_down);
    CHECK(n.fog_tokens <= kMaxFogTokens);
    for (const char* c = def.fog_token_pool; *c; ++c) {
        CHECK(token_char(*c));
        ++tokens[number_of(*c)];
    }
    // At most three hexes with one number on the 3-4 frame, four on the 5-6 one (its box has a fourth 6
    // and 8), whatever the deal and whatever turns up (R-SF1; production indexes kMaxHexesPerNumber).
    const int most_per_number = def.board() == BoardKind::SeaLarge ? kMaxHexesPerNumber : 3;
    for (int v = 2; v <= 12; ++v) {
        INFO("number " << v);
        CHECK(tokens[v] <= most_per_number);
    }

    // Harbors: on a side of visible land, across it the sea or the frame's edge; no two share an intersection.
    n.harbors = def.harbor_count;
    CHECK(def.harbor_count <= kMaxScenarioHarbors);
    CHECK(def.harbor_count <= kMaxHarbors);
    NodeMask ends{};
    for (int k = 0; k < def.harbor_count; ++k) {
        const HarborDef& hb = def.harbors[k];
        INFO("harbor " << k << " at (" << int(hb.row) << ", " << int(hb.col) << ") side " << int(hb.side));
        REQUIRE(hb.row < F.rows);
        REQUIRE(hb.col < F.cols);
        REQUIRE(hb.side < 6);
        CHECK(hb.kind < kHarborKinds);
        const int h = hb.row * F.cols + hb.col;
        CHECK(land(cells[h]));
        const int other = across(F, hb.row, hb.col, hb.side);
        const int e = F.T.hex_edges[static_cast<std::size_t>(h)][hb.side];
        const std::vector<int> sides = hexes_of_path(F, e);
        if (other >= 0) {
            CHECK(cells[other] == "~.");
            CHECK(sides == (std::vector<int>{std::min(h, other), std::max(h, other)}));
        } else {
            CHECK(sides == std::vector<int>{h});  // the frame's edge: the sea beyond it
        }
        CHECK_FALSE((F.T.edge_node_mask[e] & ends).any());
        ends |= F.T.edge_node_mask[e];
    }

    // The pirate at sea; the robber on visible land (a desert if there is one) or off the board.
    CHECK(cells[def.pirate_row * F.cols + def.pirate_col] == "~.");
    if (def.robber_row == 0xff) {
        CHECK(def.robber_col == 0xff);
    } else {
        const std::string& at = cells[def.robber_row * F.cols + def.robber_col];
        CHECK(land(at));
        if (n.desert) CHECK(desert(at));
    }

    // Islands: land joined side to side (neither face-down cells nor, with deserts_divide, deserts), each
    // all home or all reached by sea; at least one home island.
    std::vector<int> island(F.rows * F.cols, 0);
    int islands = 0, home_islands = 0;
    const auto on_island = [&](int h) { return land(cells[h]) && !(def.deserts_divide && desert(cells[h])); };
    for (int start = 0; start < F.rows * F.cols; ++start) {
        if (!on_island(start) || island[start]) continue;
        ++islands;
        std::vector<int> stack{start};
        island[start] = islands;
        int homes = 0, size = 0;
        while (!stack.empty()) {
            const int h = stack.back();
            stack.pop_back();
            ++size;
            homes += home(cells[h]);
            for (int s = 0; s < 6; ++s) {
                const int nb = across(F, h / F.cols, h % F.cols, s);
                if (nb >= 0 && on_island(nb) && !island[nb]) {
                    island[nb] = islands;
                    stack.push_back(nb);
                }
            }
        }
        INFO("island from (" << start / F.cols << ", " << start % F.cols << ")");
        CHECK((homes == 0 || homes == size));
        home_islands += homes == size;
        (homes ? n.home : n.by_sea) += size;
    }
    CHECK(home_islands >= 1);

    // Fixed cells: no 6 or 8 beside a 6 or 8, no gold on a 6 or 8, no two golds side by side.
    const auto red = [&](int h) { return cells[h][1] == '6' || cells[h][1] == '8'; };
    for (int h = 0; h < F.rows * F.cols; ++h) {
        INFO("cell (" << h / F.cols << ", " << h % F.cols << ")");
        if (gold(cells[h])) CHECK_FALSE(red(h));
        for (int s = 0; s < 6; ++s) {
            const int nb = across(F, h / F.cols, h % F.cols, s);
            if (nb < 0) continue;
            CHECK_FALSE((red(h) && red(nb)));
            CHECK_FALSE((gold(cells[h]) && gold(cells[nb])));
        }
    }
    return n;
}

TEST_CASE("scenario data: every scenario has a board for 3 and for 4 players, New Shores and The New World for 5 and 6, and only one each", "[R-SF1]") {
    for (int k = 1; k < kScenarioCount; ++k) {
        const auto s = static_cast<Scenario>(k);
        INFO(to_string(s));
        const ScenarioDef& def = def_of(s);
        CHECK(def.layout_count >= 1);
        CHECK(static_cast<std::size_t>(def.layout_count) <= def.layouts.size());
        for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
            int boards = 0;
            for (int i = 0; i < def.layout_count; ++i)
                boards += players >= def.layouts[i].min_players && players <= def.layouts[i].max_players;
            CHECK(boards <= 1);
            CHECK(scenario_has_board(s, players) == (boards == 1));
        }
        CHECK(scenario_has_board(s, 3));
        CHECK(scenario_has_board(s, 4));
        // The 5-6 frame: New Shores and The New World (docs/scenarios.md).
        const bool five_six = s == Scenario::NewShores || s == Scenario::NewWorld;
        CHECK(scenario_has_board(s, 5) == five_six);
        CHECK(scenario_has_board(s, 6) == five_six);
    }
}

TEST_CASE("scenario data: every map has the frame's shape, pools that fit, harbors on land facing the sea or the frame's edge, and the docs' counts", "[R-SF1]") {
    int checked = 0;
    for (int k = 1; k < kScenarioCount; ++k) {
        const auto s = static_cast<Scenario>(k);
        const ScenarioDef& def = def_of(s);
        for (int i = 0; i < def.layout_count; ++i) {
            const LayoutDef& layout = def.layouts[i];
            if (!layout.map) continue;  // drawn per game (The New World): test_new_world.cpp
            INFO(def.id << ", " << int(layout.min_players) << "-" << int(layout.max_players) << " players");
            CHECK(layout.min_players <= layout.max_players);
            CHECK(layout.victory_target >= 3);
            CHECK(layout.victory_target <= 20);
            const Counts counts = check_layout(layout);
            for (int players = layout.min_players; players <= layout.max_players; ++players) {
                INFO(players << " players");
                const auto row = kTable.find({def.id, players});
                REQUIRE(row != kTable.end());
                CHECK(counts == row->second);
                ++checked;
            }
        }
    }
    CHECK(checked == static_cast<int>(kTable.size()));
}

TEST_CASE("scenario data: a deal holds exactly the map's fixed cells, its pools and its harbors", "[R-SF1][R-SF10]") {
    for (int k = 1; k < kScenarioCount; ++k) {
        const auto s = static_cast<Scenario>(k);
        const ScenarioDef& def = def_of(s);
        for (int i = 0; i < def.layout_count; ++i) {
            const LayoutDef& layout = def.layouts[i];
            if (!layout.map) continue;
            const Frame F = frame_of(layout);
            const std::vector<std::string> cells = cells_of(F, layout.map);
            REQUIRE(cells.size() == static_cast<std::size_t>(F.rows * F.cols));
            std::string land_pool = layout.land_pool, fog_pool = layout.fog_pool;
            std::vector<int> token_pool, fog_tokens;
            for (const char* c = layout.token_pool; *c; ++c) token_pool.push_back(number_of(*c));
            for (const char* c = layout.fog_token_pool; *c; ++c) fog_tokens.push_back(number_of(*c));
            std::sort(land_pool.begin(), land_pool.end());
            std::sort(fog_pool.begin(), fog_pool.end());
            std::sort(token_pool.begin(), token_pool.end());
            std::sort(fog_tokens.begin(), fog_tokens.end());
            for (std::uint64_t seed = 1; seed <= 20; ++seed) {
                INFO(def.id << ", " << int(layout.min_players) << " players, seed " << seed);
                Rng rng(seed);
                const ScenarioStart start = deal_scenario_board(s, layout.min_players, rng);
                const Board& b = start.board;
                const auto letter = [&](Terrain t) {
                    switch (t) {
                        case Terrain::Hills: return 'H';
                        case Terrain::Forest: return 'F';
                        case Terrain::Pasture: return 'P';
                        case Terrain::Fields: return 'W';
                        case Terrain::Mountains: return 'M';
                        case Terrain::Desert: return 'D';
                        case Terrain::Gold: return 'G';
                        default: return '~';
                    }
                };
                std::string dealt_land, dealt_fog;
                std::vector<int> dealt_tokens;
                for (int h = 0; h < F.rows * F.cols; ++h) {
                    const std::string& cell = cells[h];
                    INFO("cell (" << h / F.cols << ", " << h % F.cols << ")");
                    CHECK(b.fog.test(h) == fog(cell));
                    if (fog(cell)) {
                        dealt_fog += letter(b.terrain[h]);
                        CHECK(b.number[h] == 0);
                        continue;
                    }
                    CHECK(b.sea.test(h) == sea(cell));
                    CHECK(b.home.test(h) == (land(cell) && home(cell)));
                    if (dealt(cell)) dealt_land += letter(b.terrain[h]);
                    else CHECK(letter(b.terrain[h]) == std::toupper(static_cast<unsigned char>(cell[0])));
                    if (cell[1] == '?') dealt_tokens.push_back(b.number[h]);
                    else CHECK(b.number[h] == number_of(cell[1]));
                }
                std::sort(dealt_land.begin(), dealt_land.end());
                std::sort(dealt_fog.begin(), dealt_fog.end());
                std::sort(dealt_tokens.begin(), dealt_tokens.end());
                CHECK(dealt_land == land_pool);
                CHECK(dealt_fog == fog_pool);
                CHECK(dealt_tokens == token_pool);
                std::vector<int> reserve(b.fog_tokens.begin(), b.fog_tokens.begin() + b.fog_tokens_left);
                std::sort(reserve.begin(), reserve.end());
                CHECK(reserve == fog_tokens);
                // The harbors' places as listed; their kinds as listed, or dealt over them.
                REQUIRE(b.harbor_count == layout.harbor_count);
                std::vector<int> kinds, listed;
                for (int h = 0; h < layout.harbor_count; ++h) {
                    const HarborDef& hb = layout.harbors[h];
                    CHECK(b.harbor_edge[h] == F.T.hex_edges[static_cast<std::size_t>(hb.row * F.cols + hb.col)][hb.side]);
                    if (!layout.shuffle_harbors) CHECK(b.harbor[h] == hb.kind);
                    kinds.push_back(b.harbor[h]);
                    listed.push_back(hb.kind);
                }
                std::sort(kinds.begin(), kinds.end());
                std::sort(listed.begin(), listed.end());
                CHECK(kinds == listed);
                CHECK(start.pirate == layout.pirate_row * F.cols + layout.pirate_col);
                CHECK(start.robber == (layout.robber_row == 0xff ? kNone : layout.robber_row * F.cols + layout.robber_col));
            }
        }
    }
}

// The 4-player Fog Islands' harbor 0x020C faces JSettlers2's row 1, beyond our frame's top edge
// (docs/scenarios.md "The Fog Islands", 4 players): its path borders the land hex (0, 7) only.
TEST_CASE("scenario data: the 4-player Fog Islands' harbor on the frame's edge trades, takes a road, and takes no ship", "[R-SF1][R-TR3]") {
    GameOptions o;
    o.players = 4;
    o.scenario = Scenario::FogIslands;
    o.victory_target = scenario_victory_target(Scenario::FogIslands, 4);
    o.seed = 3;
    GameState s = new_game(o);
    skip_setup(s);
    const Frame F = frame_of(kFogIslands.layouts[1]);
    const int h = 0 * F.cols + 7;
    const int e = F.T.hex_edges[h][5];
    REQUIRE(hexes_of_path(F, e) == std::vector<int>{h});
    const int harbors = s.board.harbor_count;
    int k = 0;
    while (k < harbors && s.board.harbor_edge[k] != e) ++k;
    REQUIRE(k < harbors);
    CHECK(s.board.harbor[k] == kGenericHarbor);
    CHECK(s.land_paths.test(e));
    CHECK_FALSE(s.sea_paths.test(e));
    // Both its intersections are a 3:1 harbor's; a settlement on the top corner of (0, 7) trades 3:1.
    const int top = F.T.hex_nodes[h][0], top_left = F.T.hex_nodes[h][5];
    CHECK(s.harbor_nodes[kGenericHarbor].test(top));
    CHECK(s.harbor_nodes[kGenericHarbor].test(top_left));
    for (Resource r : kAllResources) CHECK(bank_trade_ratio(s, 0, r) == 4);
    put_settlement(s, 0, top);
    REQUIRE_FALSE(find_state_problem(s).has_value());
    for (Resource r : kAllResources) CHECK(bank_trade_ratio(s, 0, r) == 3);
    // From that settlement a road may take the path; a ship may not (no sea hex beside it, R-SF2).
    give(s, 0, ResourceSet{1, 1, 1, 0, 0});
    CHECK(is_legal(s, cmd::road(0, e)));
    CHECK(rejected(s, cmd::ship(0, e), ErrorCode::IllegalSpot).rule == "R-SF2");
    ok(s, cmd::road(0, e));
    CHECK(s.players[0].roads.test(e));
    CHECK_FALSE(find_state_problem(s).has_value());
}

}  // namespace
}  // namespace catan::test
