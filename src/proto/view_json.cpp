#include "catan/proto/view_json.hpp"

#include <bit>

#include "catan/engine/engine.hpp"
#include "wire.hpp"

namespace catan::proto {

using namespace detail;

namespace {

// Views list every kind, zeros included, so a client can render a hand without defaults.
json all_resources(const ResourceSet& r) {
    json j = json::object();
    for (Resource k : kAllResources) j[to_string(k)] = r[k];
    return j;
}

json all_dev(const std::array<std::uint8_t, kDevCardKinds>& d) {
    json j = json::object();
    for (int k = 0; k < kDevCardKinds; ++k) j[to_string(static_cast<DevCard>(k))] = d[k];
    return j;
}

int dev_count(const PlayerState& p) {
    int n = 0;
    for (std::uint8_t c : p.dev) n += c;
    return n;
}

json board_view(const GameState& s) {
    const Topology& t = topology();
    json terrain = json::array(), numbers = json::array(), harbors = json::array();
    for (int h = 0; h < kHexCount; ++h) {
        terrain.push_back(to_string(s.board.terrain[h]));
        numbers.push_back(s.board.number[h] ? json(s.board.number[h]) : json(nullptr));
    }
    for (int k = 0; k < kHarborCount; ++k) {
        const std::uint8_t kind = s.board.harbor[k];
        harbors.push_back({{"path", t.harbor_edges[k]}, {"kind", harbor_name(kind)}, {"ratio", kind == kGenericHarbor ? 3 : 2}});
    }
    return {{"terrain", terrain}, {"numbers", numbers}, {"harbors", harbors}, {"robber", s.robber}};
}

json public_player(const GameState& s, int p) {
    const PlayerState& pl = s.players[p];
    json j = {{"seat", p},
              {"vp", public_victory_points(s, p)},
              {"cards", pl.hand.total()},
              {"dev_cards", dev_count(pl)},
              {"knights", pl.knights_played},
              {"road_length", pl.road_length},
              {"settlements_left", pl.settlements_left},
              {"cities_left", pl.cities_left},
              {"roads_left", pl.roads_left},
              {"discard_owed", pl.discard_owed},
              {"settlements", node_list(pl.settlements)},
              {"cities", node_list(pl.cities)},
              {"roads", edge_list(pl.roads)}};
    if (s.phase == Phase::GameOver) {  // R-D6: Victory Point cards are revealed when the game is won
        j["vp_cards"] = pl.dev[static_cast<int>(DevCard::VictoryPoint)];
        j["vp_total"] = victory_points(s, p);
    }
    return j;
}

json own_player(const GameState& s, int p) {
    const PlayerState& pl = s.players[p];
    std::array<std::uint8_t, kDevCardKinds> playable{};
    // R-D1: a card bought this turn waits; VP cards are never played. Turn and phase limits are left
    // to the legal actions message, which is authoritative.
    for (int k = 0; k < kDevCardKinds; ++k)
        if (k != static_cast<int>(DevCard::VictoryPoint)) playable[k] = static_cast<std::uint8_t>(pl.dev[k] - pl.dev_bought[k]);
    return {{"seat", p},
            {"hand", all_resources(pl.hand)},
            {"dev", all_dev(pl.dev)},
            {"dev_playable", all_dev(playable)},
            {"vp", victory_points(s, p)}};
}

json offer_view(const GameState& s) {
    if (s.phase != Phase::TradeOffer) return nullptr;
    const TradeOffer& o = s.offer;
    json responses = json::array();
    for (int q = 0; q < s.num_players; ++q) {
        if (q == s.current) continue;
        json r = {{"seat", q}, {"response", response_name(o.response[q])}};
        if (o.response[q] == TradeResponse::Countered) {  // terms seen from the offering player, like give/want
            r["give"] = resources_json(o.counter_give[q]);
            r["want"] = resources_json(o.counter_want[q]);
        }
        responses.push_back(std::move(r));
    }
    return {{"from", s.current},
            {"to", id_or_null(o.to)},
            {"give", resources_json(o.give)},
            {"want", resources_json(o.want)},
            {"responses", responses}};
}

}  // namespace

json player_view(const GameState& s, int viewer) {
    const bool seated = viewer >= 0 && viewer < s.num_players;
    json players = json::array(), to_act = json::array();
    for (int p = 0; p < s.num_players; ++p) players.push_back(public_player(s, p));
    const unsigned acting = players_to_act(s);
    for (int p = 0; p < s.num_players; ++p)
        if (acting >> p & 1u) to_act.push_back(p);

    json v = {{"viewer", seated ? json(viewer) : json(nullptr)},
              {"options", {{"players", s.num_players}, {"victory_target", s.options.victory_target}}},
              {"phase", to_string(s.phase)},
              {"current", s.current},
              {"first_player", s.first_player},
              {"turn", s.turn},
              {"setup_step", s.setup_step},
              {"setup_node", id_or_null(s.setup_node)},
              {"rolled", s.rolled},
              {"dev_played", s.dev_played},
              {"free_roads", s.free_roads},
              {"dice", s.dice[0] ? json{s.dice[0], s.dice[1]} : json(nullptr)},
              {"board", board_view(s)},
              {"bank", all_resources(s.bank)},
              {"dev_deck", s.deck_left()},
              {"longest_road", id_or_null(s.longest_road)},
              {"largest_army", id_or_null(s.largest_army)},
              {"winner", id_or_null(s.winner)},
              {"to_act", to_act},
              {"players", players},
              {"offer", offer_view(s)}};
    if (seated) v["me"] = own_player(s, viewer);
    return v;
}

}  // namespace catan::proto
