#include "catan/proto/topology_json.hpp"

#include "catan/engine/scenario.hpp"
#include "catan/engine/topology.hpp"
#include "catan/proto/rules_json.hpp"
#include "wire.hpp"

namespace catan::proto {

namespace {

using json = nlohmann::json;

// Fixed-size slots padded with kNone become plain lists of what is there.
template <std::size_t N>
json present(const std::array<std::uint8_t, N>& slots) {
    json a = json::array();
    for (std::uint8_t v : slots)
        if (v != kNone) a.push_back(v);
    return a;
}

json build(BoardKind kind) {
    const Topology& t = topology(kind);
    json hexes = json::array(), nodes = json::array(), paths = json::array(), harbors = json::array(), coast = json::array();
    for (int h = 0; h < t.hex_count; ++h) {
        json neighbors = json::array();  // direction order E, NE, NW, W, SW, SE: null off the board
        for (std::uint8_t n : t.hex_neighbors[h]) neighbors.push_back(n == kNone ? json(nullptr) : json(n));
        hexes.push_back({{"id", h}, {"q", t.hex_q[h]}, {"r", t.hex_r[h]}, {"nodes", t.hex_nodes[h]},
                         {"edges", t.hex_edges[h]}, {"neighbors", neighbors}});
    }
    for (int n = 0; n < t.node_count; ++n)
        nodes.push_back({{"id", n}, {"x", t.node_x[n]}, {"y", t.node_y[n]}, {"hexes", present(t.node_hexes[n])},
                         {"neighbors", present(t.node_neighbors[n])}, {"paths", present(t.node_edges[n])}});
    for (int e = 0; e < t.edge_count; ++e) paths.push_back({{"id", e}, {"intersections", t.edge_nodes[e]}});
    for (int k = 0; k < t.harbor_count; ++k) harbors.push_back(t.harbor_edges[k]);
    for (int k = 0; k < t.coast_count; ++k) coast.push_back(t.coast_edges[k]);
    // The box's rules travel with its board: a connection gets both whenever the room's board changes.
    return {{"hexes", hexes},        {"intersections", nodes}, {"paths", paths},
            {"harbor_paths", harbors}, {"coast", coast},       {"rules", rules_json(kind)}};
}

// A scenario's table (R-SF1): the sea frame, and the layout as its map states it, before a game deals
// its "random" terrains, numbers and harbor kinds.
json build_scenario(Scenario scenario, int players) {
    using detail::harbor_name;
    const BoardKind board = sea_board_for_players(players);
    json table = build(board);
    const ScenarioPlan plan = scenario_plan(scenario, players);
    json hexes = json::array(), harbors = json::array();
    for (int h = 0; h < topology(board).hex_count; ++h) {
        const ScenarioHexPlan& p = plan.hexes[h];
        json number = p.dealt_number ? json("random") : p.number ? json(p.number) : json(nullptr);
        if (p.fog) {  // R-SF10: what it is, the game deals face down
            hexes.push_back({{"terrain", nullptr}, {"number", nullptr}, {"home", false}, {"fog", true}});
            continue;
        }
        if (plan.generated) {  // the game draws every hex
            hexes.push_back({{"terrain", nullptr}, {"number", nullptr}, {"home", false}});
            continue;
        }
        hexes.push_back({{"terrain", p.dealt_terrain ? json(nullptr) : json(to_string(p.terrain))}, {"number", number}, {"home", p.home}});
    }
    // A board drawn per game (The New World) has no places before the game: only the harbors' kinds.
    for (int k = 0; k < plan.harbor_count && !plan.generated; ++k)
        harbors.push_back({{"path", plan.harbor_edge[k]}, {"kind", plan.harbors_dealt ? json(nullptr) : json(harbor_name(plan.harbor_kind[k]))}});
    table["scenario"] = {{"id", to_string(scenario)},
                         {"players", players},
                         {"victory_target", plan.victory_target},
                         {"island_vp", plan.island_vp},
                         {"hexes", hexes},
                         {"harbors", harbors},
                         {"harbor_kinds", [&] {
                              json kinds = json::array();
                              for (int k = 0; k < plan.harbor_count; ++k) kinds.push_back(harbor_name(plan.harbor_kind[k]));
                              return kinds;
                          }()},
                         {"pirate", plan.pirate == kNone ? json(nullptr) : json(plan.pirate)},
                         {"robber", plan.robber == kNone ? json(nullptr) : json(plan.robber)}};
    if (plan.generated) table["scenario"]["generated"] = true;
    return table;
}

}  // namespace

const json& topology_json(BoardKind kind) {
    static const std::array<json, kBoardKinds> tables = [] {
        std::array<json, kBoardKinds> all;
        for (int k = 0; k < kBoardKinds; ++k) all[k] = build(static_cast<BoardKind>(k));
        return all;
    }();
    return tables[static_cast<std::size_t>(kind)];
}

const json& scenario_table_json(Scenario scenario, int players) {
    static const auto tables = [] {
        std::vector<std::pair<std::pair<Scenario, int>, json>> all;
        for (int s = 1; s < kScenarioCount; ++s)
            for (int p = kMinPlayers; p <= kMaxPlayers; ++p)
                if (scenario_has_board(static_cast<Scenario>(s), p))
                    all.emplace_back(std::pair{static_cast<Scenario>(s), p}, build_scenario(static_cast<Scenario>(s), p));
        return all;
    }();
    for (const auto& [key, table] : tables)
        if (key == std::pair{scenario, players}) return table;
    return topology_json(sea_board_for_players(players));
}

}  // namespace catan::proto
