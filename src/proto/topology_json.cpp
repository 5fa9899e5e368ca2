#include "catan/proto/topology_json.hpp"

#include "catan/engine/topology.hpp"
#include "catan/proto/rules_json.hpp"

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

}  // namespace

const json& topology_json(BoardKind kind) {
    static const json base = build(BoardKind::Base), large = build(BoardKind::Large);
    return kind == BoardKind::Large ? large : base;
}

}  // namespace catan::proto
