// Placing pieces in setup and afterwards, and buying development cards: R-S4..R-S7, R-BU1..R-BU4.
#include "handlers.hpp"

namespace catan::handlers {

void emit_built(Events ev, int p, Piece piece, int id) {
    emit(ev, Event{.type = EventType::Built, .player = static_cast<std::uint8_t>(p), .a = static_cast<std::uint8_t>(piece),
                   .value = static_cast<std::uint8_t>(id)});
}

namespace {

void pay(GameState& s, int p, const ResourceSet& price) {
    s.players[p].hand -= price;
    s.bank += price;
}

// R-S5: one card per producing hex around the second settlement; R-SF7: one of the player's choice
// per gold field, chosen before the setup road.
template <class G>
void grant_starting_resources(GameState& s, int p, int node, Events ev) {
    ResourceSet gift;
    int gold = 0;
    for (std::uint8_t h : G::topo().node_hexes[node]) {
        if (h == kNone) continue;
        const Terrain t = s.board.terrain[h];
        if (produces_resource(t)) gift[static_cast<Resource>(t)]++;
        gold += t == Terrain::Gold;
    }
    s.players[p].hand += gift;
    s.bank -= gift;
    emit(ev, Event{.type = EventType::StartingResources, .player = static_cast<std::uint8_t>(p), .resources = gift});
    s.players[p].gold_owed = static_cast<std::uint8_t>(s.players[p].gold_owed + gold);
}

}  // namespace

template <class G>
void finish_setup_step(GameState& s, Events ev) {
    s.setup_node = kNone;
    ++s.setup_step;
    if (s.setup_step == 2 * s.num_players) {
        s.current = s.first_player;  // R-S7
        rules::start_turn<G>(s, ev);
    } else {
        s.current = static_cast<std::uint8_t>(setup_player(s, s.setup_step));
        s.phase = Phase::SetupSettlement;
    }
}

template <class G>
Result build_road(GameState& s, const Command& c, Events ev) {
    if (auto e = require_turn(s, c, {Phase::SetupRoad, Phase::RoadBuilding, Phase::Main})) return e;
    if (c.target >= G::edges) return fail(ErrorCode::BadArgument, "R-B5", "no such path");
    PlayerState& pl = s.players[c.player];
    if (s.phase == Phase::SetupRoad) {
        if (!rules::setup_road_spots<G>(s).test(c.target))
            return fail(ErrorCode::IllegalSpot, "R-S4", G::sea ? "the setup road must be on land and touch the settlement you just placed"
                                                               : "the setup road must touch the settlement you just placed");
        rules::place_road<G>(s, c.player, c.target);
        rules::update_longest_road_after_road<G>(s, c.player, c.target, ev);
        emit_built(ev, c.player, Piece::Road, c.target);
        rules::reveal_path_ends<G>(s, c.player, c.target, ev);
        finish_setup_step<G>(s, ev);
        if constexpr (G::sea) rules::call_for_gold(s, ev);  // gold is owed on the sea only
        return std::nullopt;
    }
    if (pl.roads_left == 0) return fail(ErrorCode::NoPiecesLeft, "R-S1", "you have no roads left");
    const bool free = s.phase == Phase::RoadBuilding;
    if (!free && !rules::can_afford_road<G>(s, c.player)) return fail(ErrorCode::CannotAfford, "R-BU1", "a road costs 1 brick and 1 lumber");
    if (s.roads_all.test(c.target)) return fail(ErrorCode::IllegalSpot, "R-BU1", "that path already has a road");
    if constexpr (G::sea) {
        if (s.ships_all.test(c.target)) return fail(ErrorCode::IllegalSpot, "R-SF2", "that path already has a ship");
        if (!s.land_paths.test(c.target)) return fail(ErrorCode::IllegalSpot, "R-SF2", "roads are built on land: between two sea hexes, build a ship");
    }
    if (!rules::road_spots<G>(s, c.player).test(c.target))
        return fail(ErrorCode::IllegalSpot, "R-BU1", "a road must connect to your own road, settlement or city, not through an opponent's building");
    if (!free) pay(s, c.player, G::rules.road_cost);
    rules::place_road<G>(s, c.player, c.target);
    emit_built(ev, c.player, Piece::Road, c.target);
    rules::reveal_path_ends<G>(s, c.player, c.target, ev);
    rules::update_longest_road_after_road<G>(s, c.player, c.target, ev);
    if (free) rules::free_piece_placed<G>(s, c.player);
    rules::check_victory<G>(s, ev);
    if constexpr (G::sea) rules::call_for_gold(s, ev);  // gold is owed on the sea only
    return std::nullopt;
}

template <class G>
Result build_settlement(GameState& s, const Command& c, Events ev) {
    if (auto e = require_turn(s, c, {Phase::SetupSettlement, Phase::Main})) return e;
    if (c.target >= G::nodes) return fail(ErrorCode::BadArgument, "R-B5", "no such intersection");
    if (s.phase == Phase::SetupSettlement) {
        if constexpr (G::sea)
            if (!s.setup_nodes.test(c.target))
                return fail(ErrorCode::IllegalSpot, "R-SF1", "setup settlements go on the scenario's home islands");
        if (!rules::setup_settlement_spots<G>(s).test(c.target))
            return fail(ErrorCode::IllegalSpot, "R-S6", "too close to another building (distance rule)");
        rules::place_settlement<G>(s, c.player, c.target);
        emit_built(ev, c.player, Piece::Settlement, c.target);
        rules::reveal_around<G>(s, c.player, c.target, ev);
        rules::settle_island<G>(s, c.player, c.target, ev);
        s.setup_node = c.target;
        s.phase = Phase::SetupRoad;
        if (s.setup_step >= s.num_players) grant_starting_resources<G>(s, c.player, c.target, ev);
        if constexpr (G::sea) rules::call_for_gold(s, ev);  // gold is owed on the sea only
        return std::nullopt;
    }
    PlayerState& pl = s.players[c.player];
    if (pl.settlements_left == 0) return fail(ErrorCode::NoPiecesLeft, "R-S1", "you have no settlements left");
    if (!rules::can_afford_settlement<G>(s, c.player))
        return fail(ErrorCode::CannotAfford, "R-BU2", "a settlement costs 1 brick, 1 lumber, 1 wool and 1 grain");
    if (s.blocked.test(c.target))
        return fail(ErrorCode::IllegalSpot, "R-BU2", "too close to another building (distance rule)");
    if (!rules::settlement_spots<G>(s, c.player).test(c.target))
        return fail(ErrorCode::IllegalSpot, "R-BU2", G::sea ? "a settlement must be on land and touch one of your roads or ships"
                                                            : "a settlement must touch one of your roads");
    pay(s, c.player, G::rules.settlement_cost);
    rules::place_settlement<G>(s, c.player, c.target);
    emit_built(ev, c.player, Piece::Settlement, c.target);
    rules::settle_island<G>(s, c.player, c.target, ev);
    rules::update_longest_road_after_settlement<G>(s, c.player, c.target, ev);
    rules::check_victory<G>(s, ev);
    return std::nullopt;
}

template <class G>
Result build_city(GameState& s, const Command& c, Events ev) {
    if (auto e = require_turn(s, c, {Phase::Main})) return e;
    if (c.target >= G::nodes) return fail(ErrorCode::BadArgument, "R-B5", "no such intersection");
    PlayerState& pl = s.players[c.player];
    if (pl.cities_left == 0) return fail(ErrorCode::NoPiecesLeft, "R-S1", "you have no cities left");
    if (!pl.settlements.test(c.target))
        return fail(ErrorCode::IllegalSpot, "R-BU3", "a city must replace one of your settlements");
    if (!rules::can_afford_city<G>(s, c.player)) return fail(ErrorCode::CannotAfford, "R-BU3", "a city costs 3 ore and 2 grain");
    pay(s, c.player, G::rules.city_cost);
    pl.settlements.reset(c.target);
    pl.cities.set(c.target);
    rules::add_yield(s, G::topo(), c.player, c.target);  // a city earns one card more than the settlement
    ++pl.settlements_left;  // R-BU3: the settlement returns to supply
    --pl.cities_left;
    emit_built(ev, c.player, Piece::City, c.target);
    rules::check_victory<G>(s, ev);
    return std::nullopt;
}

template <class G>
Result buy_dev_card(GameState& s, const Command& c, Events ev) {
    if (auto e = require_turn(s, c, {Phase::Main})) return e;
    if (s.deck_left() == 0) return fail(ErrorCode::DeckEmpty, "R-BU4", "the development deck is empty");
    PlayerState& pl = s.players[c.player];
    if (!rules::can_afford_dev_card<G>(s, c.player))
        return fail(ErrorCode::CannotAfford, "R-BU4", "a development card costs 1 ore, 1 wool and 1 grain");
    pay(s, c.player, G::rules.dev_card_cost);
    const DevCard card = s.deck[s.deck_top++];
    const auto k = static_cast<int>(card);
    ++pl.dev[k];
    ++pl.dev_bought[k];
    emit(ev, Event{.type = EventType::DevCardBought, .player = c.player, .a = static_cast<std::uint8_t>(k)});
    rules::check_victory<G>(s, ev);  // R-D6: a VP card bought now counts at once
    return std::nullopt;
}

#define CATAN_HANDLERS_FOR(G) template void finish_setup_step<G>(GameState&, Events); template Result build_road<G>(GameState&, const Command&, Events); template Result build_settlement<G>(GameState&, const Command&, Events); template Result build_city<G>(GameState&, const Command&, Events); template Result buy_dev_card<G>(GameState&, const Command&, Events);
CATAN_FOR_EACH_VARIANT(CATAN_HANDLERS_FOR)

}  // namespace catan::handlers
