// Seafarers' commands: building and moving ships (R-SF2..R-SF4, R-SF9), the pirate (R-SF6) and gold
// choices (R-SF7).
#include "handlers.hpp"

namespace catan::handlers {
namespace {

Error not_on_this_board() { return fail(ErrorCode::WrongPhase, "R-SF1", "there is no sea in this game: ships and the pirate belong to Seafarers"); }

}  // namespace

template <class G>
Result build_ship(GameState& s, const Command& c, Events ev) {
    if constexpr (!G::sea) {
        return not_on_this_board();
    } else {
        if (auto e = require_turn(s, c, {Phase::SetupRoad, Phase::RoadBuilding, Phase::Main})) return e;
        if (c.target >= G::edges) return fail(ErrorCode::BadArgument, "R-B5", "no such path");
        PlayerState& pl = s.players[c.player];
        if (s.phase == Phase::SetupRoad) {
            if (!rules::setup_ship_spots<G>(s).test(c.target))
                return fail(ErrorCode::IllegalSpot, "R-SF3", "the setup ship must be on a sea path touching the settlement you just placed");
            rules::place_ship<G>(s, c.player, c.target);
            emit_built(ev, c.player, Piece::Ship, c.target);
            rules::reveal_path_ends<G>(s, c.player, c.target, ev);
            rules::update_longest_road_after_road<G>(s, c.player, c.target, ev);
            finish_setup_step<G>(s, ev);
            rules::call_for_gold(s, ev);
            return std::nullopt;
        }
        if (pl.ships_left == 0) return fail(ErrorCode::NoPiecesLeft, "R-SF2", "you have no ships left");
        const bool free = s.phase == Phase::RoadBuilding;
        if (!free && !pl.hand.contains(G::rules.ship_cost)) return fail(ErrorCode::CannotAfford, "R-SF2", "a ship costs 1 lumber and 1 wool");
        if (!s.sea_paths.test(c.target)) return fail(ErrorCode::IllegalSpot, "R-SF2", "a ship goes on a path along a sea hex");
        if (s.roads_all.test(c.target) || s.ships_all.test(c.target))
            return fail(ErrorCode::IllegalSpot, "R-SF2", "that path already has a road or a ship");
        if (rules::pirate_paths<G>(s).test(c.target)) return fail(ErrorCode::IllegalSpot, "R-SF6", "no ship can be built next to the pirate");
        if (!rules::ship_spots<G>(s, c.player).test(c.target))
            return fail(ErrorCode::IllegalSpot, "R-SF2",
                        "a ship must touch your own settlement, city or ship (a ship line meets your roads only at your buildings)");
        if (!free) {
            pl.hand -= G::rules.ship_cost;
            s.bank += G::rules.ship_cost;
        }
        rules::place_ship<G>(s, c.player, c.target);
        s.new_ships.set(c.target);
        emit_built(ev, c.player, Piece::Ship, c.target);
        rules::reveal_path_ends<G>(s, c.player, c.target, ev);
        rules::update_longest_road_after_road<G>(s, c.player, c.target, ev);
        if (free) rules::free_piece_placed<G>(s, c.player);
        rules::check_victory<G>(s, ev);
        rules::call_for_gold(s, ev);
        return std::nullopt;
    }
}

template <class G>
Result move_ship(GameState& s, const Command& c, Events ev) {
    if constexpr (!G::sea) {
        return not_on_this_board();
    } else {
        if (auto e = require_turn(s, c, {Phase::Main})) return e;
        if (c.target >= G::edges || c.to >= G::edges) return fail(ErrorCode::BadArgument, "R-B5", "no such path");
        if (!s.players[c.player].ships.test(c.target)) return fail(ErrorCode::IllegalSpot, "R-SF4", "you have no ship on that path");
        if (s.ship_moved) return fail(ErrorCode::IllegalSpot, "R-SF4", "only one ship may be moved per turn");
        if (s.new_ships.test(c.target)) return fail(ErrorCode::IllegalSpot, "R-SF4", "a ship built this turn cannot move");
        if (rules::pirate_paths<G>(s).test(c.target)) return fail(ErrorCode::IllegalSpot, "R-SF6", "a ship next to the pirate cannot move");
        if (!rules::movable_ships<G>(s, c.player).test(c.target))
            return fail(ErrorCode::IllegalSpot, "R-SF4", "only a ship at the open end of a shipping route can move");
        if (!rules::ship_move_spots<G>(s, c.player, c.target).test(c.to))
            return fail(ErrorCode::IllegalSpot, "R-SF4",
                        "the ship must move to a free sea path touching your own building or another of your ships, away from the pirate");
        rules::lift_ship<G>(s, c.player, c.target);
        rules::place_ship<G>(s, c.player, c.to);
        s.ship_moved = true;
        emit(ev, Event{.type = EventType::ShipMoved, .player = c.player, .a = c.target, .b = c.to});
        rules::reveal_path_ends<G>(s, c.player, c.to, ev);
        s.players[c.player].road_length = static_cast<std::uint8_t>(rules::longest_route_after_ship_move<G>(s, c.player, c.target, c.to));
        rules::recount_longest_road<G>(s, ev);
        rules::check_victory<G>(s, ev);
        rules::call_for_gold(s, ev);
        return std::nullopt;
    }
}

template <class G>
Result move_pirate(GameState& s, const Command& c, Events ev) {
    if constexpr (!G::sea) {
        return not_on_this_board();
    } else {
        if (auto e = require_turn(s, c, {Phase::MoveRobber})) return e;
        if (c.target >= G::hexes) return fail(ErrorCode::BadArgument, "R-SF6", "no such hex");
        if (!s.board.sea.test(c.target)) return fail(ErrorCode::InvalidRobber, "R-SF6", "the pirate sails the sea: choose a sea hex (the robber goes on land)");
        if (c.target == s.pirate) return fail(ErrorCode::InvalidRobber, "R-SF6", "the pirate must move to a different hex");
        const unsigned victims = rules::pirate_victims<G>(s, c.target, c.player);
        if (victims == 0 && c.victim != kNoSeat)
            return fail(ErrorCode::InvalidRobber, "R-SF6", "no opponent has a ship next to that hex: choose no victim");
        if (victims != 0 && (c.victim >= s.num_players || !(victims >> c.victim & 1u)))
            return fail(ErrorCode::InvalidRobber, "R-SF6", "choose a victim among the opponents with a ship next to that hex");
        s.pirate = c.target;
        emit(ev, Event{.type = EventType::PirateMoved, .player = c.player, .a = c.target});
        if (c.victim != kNoSeat) steal_random_card(s, c.player, c.victim, ev);
        rules::after_robber(s);
        return std::nullopt;
    }
}

template <class G>
Result choose_gold(GameState& s, const Command& c, Events ev) {
    if constexpr (!G::sea) {
        return not_on_this_board();
    } else {
        if (s.phase != Phase::ChooseGold) return fail(ErrorCode::WrongPhase, "R-SF7", "there is no gold to choose now");
        PlayerState& pl = s.players[c.player];
        if (pl.gold_owed == 0) return fail(ErrorCode::BadArgument, "R-SF7", "you have no gold to choose: others are choosing");
        if (c.give.total() != pl.gold_owed)
            return fail(ErrorCode::BadArgument, "R-SF7", "choose exactly as many resources as your gold fields pay (1 a settlement, 2 a city)");
        // Kept until every owner has chosen: the choices are made at once, and R-T3 settles them together.
        pl.gold_chosen = c.give;
        pl.gold_owed = 0;
        rules::settle_gold<G>(s, ev);
        return std::nullopt;
    }
}

#define CATAN_SEA_HANDLERS_FOR(G) template Result build_ship<G>(GameState&, const Command&, Events); template Result move_ship<G>(GameState&, const Command&, Events); template Result move_pirate<G>(GameState&, const Command&, Events); template Result choose_gold<G>(GameState&, const Command&, Events);
CATAN_FOR_EACH_VARIANT(CATAN_SEA_HANDLERS_FOR)

}  // namespace catan::handlers
