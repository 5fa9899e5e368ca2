// The engine's own consistency check of a state (find_state_problem): asserted after every command in
// debug builds and used to refuse inconsistent saved states when they are loaded.
#include <bit>

#include "catan/engine/beginner.hpp"
#include "catan/engine/scenario.hpp"
#include "rules.hpp"

namespace catan {
namespace {

using Problem = std::optional<StateProblem>;
constexpr Problem bad(const char* field, const char* why, int seat = -1) { return StateProblem{field, seat, why}; }

Problem check_options_and_flow(const GameState& s) {
    if (auto e = validate_options(s.options)) return bad("options", e->message.data());
    if (s.num_players != s.options.players) return bad("num_players", "does not match options.players");
    if (s.board_kind != board_for(s.options)) return bad("board_kind", "not the board of this player count and scenario");
    const int n = s.num_players;
    // R-SF7: a second setup settlement on gold has its choice made before its road; R-SF10: gold turned up
    // by a setup road is chosen before the next setup settlement.
    const bool gold_before_road = s.phase == Phase::ChooseGold && s.after_gold == Phase::SetupRoad;
    const bool setup_gold = gold_before_road || (s.phase == Phase::ChooseGold && s.after_gold == Phase::SetupSettlement);
    const bool setup = s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad || setup_gold;
    if (setup != (s.setup_step < 2 * n)) return bad("setup_step", "setup step does not match the phase");
    if (setup && s.current != setup_player(s, s.setup_step)) return bad("current", "not the seat placing at this setup step");
    if ((s.phase == Phase::SetupRoad || gold_before_road) != (s.setup_node != kNone))
        return bad("setup_node", "a setup settlement is pending exactly while its road is awaited");
    if (s.setup_node != kNone && !s.players[s.current].settlements.test(s.setup_node))
        return bad("setup_node", "the pending setup settlement is not the current player's");
    if ((s.phase == Phase::GameOver) != (s.winner != kNoSeat)) return bad("winner", "a winner exactly when the game is over");
    if (s.phase == Phase::RoadBuilding && s.free_roads == 0) return bad("free_roads", "road building with no free roads");
    // A 7 in progress needs someone to discard, or nobody could act and the game would stall.
    bool owing = false;
    for (int p = 0; p < kMaxPlayers; ++p) owing |= s.players[p].discard_owed > 0;
    if ((s.phase == Phase::Discard) != owing) return bad("phase", "discards are owed exactly in the discard phase");
    bool gold = false;
    for (int p = 0; p < kMaxPlayers; ++p) {
        gold |= s.players[p].gold_owed > 0;
        if (s.phase != Phase::ChooseGold && !s.players[p].gold_chosen.empty()) return bad("gold_chosen", "a gold choice outside the gold phase", p);
    }
    if ((s.phase == Phase::ChooseGold) != gold) return bad("phase", "gold is owed exactly in the gold phase (R-SF7)");
    if (s.after_gold != Phase::Main && s.after_gold != Phase::SetupRoad && s.after_gold != Phase::SetupSettlement &&
        s.after_gold != Phase::PreRoll && s.after_gold != Phase::RoadBuilding)
        return bad("after_gold", "gold is chosen after a roll, a setup settlement or a piece that turned a hex up");
    if (s.phase == Phase::ChooseGold && s.after_gold == Phase::RoadBuilding && s.free_roads == 0)
        return bad("free_roads", "gold chosen in the middle of Road Building with no free roads left");
    if (!is_sea(s.board_kind) && (s.pirate != kNone || s.ship_moved || s.new_ships.any()))
        return bad("pirate", "no pirate and no ships without the sea");
    if (s.offer.to != kNoSeat && (s.offer.to >= n || (s.phase == Phase::TradeOffer && s.offer.to == s.current)))
        return bad("offer.to", "an offer addressed to a seat that cannot answer it");
    if (s.current >= n || s.turn_player >= n) return bad("current", "no such seat");
    // R-L1: trading is counted within a turn, for the seats of the game; nobody answers their own offer.
    if (setup && s.offers_made != 0) return bad("offers_made", "no offers are made during the setup");
    for (int p = 0; p < kMaxPlayers; ++p)
        if (s.answers_made[p] != 0 && (setup || p >= n || p == s.turn_player))
            return bad("answers_made", "answers counted for a seat that cannot have answered an offer this turn", p);
    // R-X6/R-X7: build steps exist only with 5–6 players, after the roll, for someone other than the turn's player.
    if (s.step != Step::Turn) {
        if (!is_five_six(s.board_kind)) return bad("step", "build steps are played with 5 or 6 players only");
        if ((s.step == Step::PairedBuild) != (s.options.turn_structure == TurnStructure::Paired))
            return bad("step", "not the build step of this game's turn structure");
        if (s.current == s.turn_player) return bad("step", "a build step belongs to another player than the turn's");
        if (!s.rolled) return bad("rolled", "a build step comes after the roll");
        if (setup || s.phase == Phase::PreRoll || s.phase == Phase::Discard || s.phase == Phase::TradeOffer)
            return bad("phase", "not a phase of a build step");
        if (s.step == Step::PairedBuild && s.current != rules::paired_player(s))
            return bad("current", "the paired player sits three seats to the left of the turn's player");
        // R-X7: no card is played and nobody wins there, so neither the robber nor the game's end can come up.
        if (s.step == Step::SpecialBuild && s.phase != Phase::Main) return bad("phase", "the special building phase is all in the main phase");
    } else if (!setup && s.phase != Phase::GameOver && s.current != s.turn_player) {
        return bad("turn_player", "in a turn the player acting is the turn's player");
    }
    return std::nullopt;
}

// A scenario's board (R-SF1): its own terrains, numbers, islands and harbors, each consistent with
// the rest; the robber on land or off the board, the pirate on the sea.
Problem check_sea_board(const GameState& s) {
    const Topology& t = topology(s);
    const Board& b = s.board;
    std::array<int, 13> numbers{};
    int paying_face_down = 0;
    const bool deserts_divide = scenario_has_board(s.options.scenario, s.num_players) &&
                                scenario_deserts_divide(s.options.scenario, s.num_players);
    for (int h = 0; h < t.hex_count; ++h) {
        const Terrain k = b.terrain[h];
        if (static_cast<int>(k) >= kTerrainKinds) return bad("board.terrain", "no such terrain");
        if (b.fog.test(h)) {  // R-SF10: no number, island, sea or home until it turns
            if (b.number[h] || b.island[h] || b.sea.test(h) || b.home.test(h))
                return bad("board.fog", "a face-down hex has no number or island yet, and is neither the sea nor a home island");
            paying_face_down += k != Terrain::Sea && k != Terrain::Desert;
            continue;
        }
        if ((k == Terrain::Sea) != b.sea.test(h)) return bad("board.sea", "the sea hexes are those of sea terrain");
        if (b.home.test(h) && k == Terrain::Sea) return bad("board.home", "setup builds on land");
        const bool apart = k == Terrain::Sea || (k == Terrain::Desert && deserts_divide);
        if ((b.island[h] == 0) != apart)
            return bad("board.island", "every land hex is on an island, no sea hex is (nor a desert where deserts divide islands)");
        const bool paying = k != Terrain::Sea && k != Terrain::Desert;
        if (b.number[h] > 12 || b.number[h] == 7 || b.number[h] == 1 || (b.number[h] != 0) != paying)
            return bad("board.numbers", "a number token from 2 to 12 but 7 on each producing hex, none elsewhere");
        if (++numbers[b.number[h]] > kMaxHexesPerNumber && b.number[h] != 0)
            return bad("board.numbers", "more hexes with one number than any board has");
        for (std::uint8_t nb : t.hex_neighbors[h])
            if (nb != kNone && b.island[nb] && b.island[h] && b.island[nb] != b.island[h])
                return bad("board.island", "neighbouring land hexes on different islands");
    }
    for (int h = t.hex_count; h < kMaxHexes; ++h)
        if (b.number[h] != 0 || b.terrain[h] != Terrain{} || b.island[h] || b.sea.test(h) || b.home.test(h) || b.fog.test(h))
            return bad("board.terrain", "a hex past the board's hexes");
    // R-SF10: the face-down reserve holds a token for each producing hex still face down, and only those.
    if (b.fog_tokens_left > kMaxFogTokens || b.fog_tokens_left != paying_face_down)
        return bad("board.fog_tokens", "the face-down reserve holds one token for each producing hex still face down");
    for (int k = 0; k < kMaxFogTokens; ++k) {
        const int v = b.fog_tokens[k];
        if (k < b.fog_tokens_left ? (v < 2 || v > 12 || v == 7) : v != 0)
            return bad("board.fog_tokens", "the face-down reserve holds number tokens from 2 to 12 but 7");
        if (k < b.fog_tokens_left && ++numbers[v] > kMaxHexesPerNumber)
            return bad("board.fog_tokens", "once turned up, more hexes would have one number than any board has");
    }
    if (b.harbor_count > kMaxHarbors) return bad("board.harbors", "too many harbors");
    for (int k = 0; k < b.harbor_count; ++k) {
        if (b.harbor[k] >= kHarborKinds) return bad("board.harbors", "no such harbor kind");
        if (b.harbor_edge[k] >= t.edge_count) return bad("board.harbors", "a harbor off the board");
    }
    if (s.robber != kNone && (s.robber >= t.hex_count || b.sea.test(s.robber) || b.fog.test(s.robber)))
        return bad("robber", "the robber stays on face-up land (R-SF6, R-SF10)");
    if (s.pirate >= t.hex_count || !b.sea.test(s.pirate)) return bad("pirate", "the pirate sails the sea (R-SF6)");
    return std::nullopt;
}

// The board holds exactly its recipe (R-B1..R-B3, R-X1..R-X3). Production indexes by number and
// would silently skip a fourth hex with the same token.
Problem check_board(const GameState& s) {
    if (is_sea(s.board_kind)) return check_sea_board(s);
    const Ruleset& rules = ruleset(s);
    const Topology& t = topology(s);
    const Board& b = s.board;
    std::array<int, 6> terrain{}, expected_terrain{};
    std::array<int, 13> numbers{}, expected{};
    std::array<int, kHarborKinds> harbors{}, expected_harbors{};
    for (int h = 0; h < t.hex_count; ++h) {
        if (static_cast<int>(b.terrain[h]) > static_cast<int>(Terrain::Desert)) return bad("board.terrain", "no such terrain");
        if (b.number[h] > 12) return bad("board.numbers", "no such number token");
        ++terrain[static_cast<int>(b.terrain[h])];
        ++numbers[b.number[h]];
        if ((b.terrain[h] == Terrain::Desert) != (b.number[h] == 0)) return bad("board.numbers", "a number token on a desert, or none elsewhere");
    }
    for (int h = t.hex_count; h < kMaxHexes; ++h)
        if (b.number[h] != 0 || b.terrain[h] != Terrain{}) return bad("board.terrain", "a hex past the board's hexes");
    for (const auto& [kind, n] : rules.terrain) expected_terrain[static_cast<int>(kind)] += n;
    for (int k = 0; k < rules.token_count; ++k) ++expected[rules.tokens[k]];
    expected[0] = rules.deserts;
    for (int k = 0; k < t.harbor_count; ++k) {
        if (b.harbor[k] >= kHarborKinds) return bad("board.harbors", "no such harbor kind");
        ++harbors[b.harbor[k]];
    }
    for (const auto& [kind, n] : rules.harbors) expected_harbors[kind] += n;
    if (terrain != expected_terrain) return bad("board.terrain", "not the terrain hexes of this board");
    if (numbers != expected) return bad("board.numbers", "not the number tokens of this board");
    if (harbors != expected_harbors) return bad("board.harbors", "not the harbors of this board");
    if (b.spiral_start > 5) return bad("board.spiral_start", "a spiral starts at one of 6 corners");
    if (b.sea.any() || b.home.any() || b.harbor_count || b.island != decltype(b.island){} || b.harbor_edge != decltype(b.harbor_edge){})
        return bad("board.sea", "no sea, islands or scenario harbors without the sea");
    if (s.robber >= t.hex_count) return bad("robber", "no such hex");
    if (s.options.layout == Layout::Beginner && !(b == beginner_board())) return bad("board", "not the beginner set-up's island");
    return std::nullopt;
}

Problem check_cards(const GameState& s) {
    const Ruleset& rules = ruleset(s);
    // R-S2, R-X4: every resource card is in the bank or in a hand.
    ResourceSet total = s.bank;
    for (int p = 0; p < kMaxPlayers; ++p) {
        const ResourceSet& h = s.players[p].hand;
        for (int k = 0; k < kResourceCount; ++k)
            if (total.n[k] + h.n[k] > rules.bank_per_resource) return bad("bank", "more resource cards than the game has");
        total += h;
        if (s.players[p].discard_owed > h.total()) return bad("discard_owed", "owes more cards than held", p);
    }
    for (int k = 0; k < kResourceCount; ++k)
        if (total.n[k] != rules.bank_per_resource) return bad("bank", "resource cards are missing from bank and hands");

    // The deck array never changes, only deck_top moves: it is always the whole deck of the box, and
    // held or played cards come from the part already drawn.
    if (s.deck_size != rules.deck_size || s.deck_top > s.deck_size) return bad("deck", "not the development deck of this box");
    std::array<int, kDevCardKinds> in_deck{}, expected{}, drawn{}, out{};
    for (int i = 0; i < s.deck_size; ++i) {
        if (static_cast<int>(s.deck[i]) >= kDevCardKinds) return bad("deck", "no such development card");
        ++in_deck[static_cast<int>(s.deck[i])];
        if (i < s.deck_top) ++drawn[static_cast<int>(s.deck[i])];
    }
    for (const auto& [card, n] : rules.deck) expected[static_cast<int>(card)] += n;
    if (in_deck != expected) return bad("deck", "not the development deck of this box");
    for (int p = 0; p < kMaxPlayers; ++p) {
        const PlayerState& pl = s.players[p];
        for (int k = 0; k < kDevCardKinds; ++k) {
            out[k] += pl.dev[k];
            if (pl.dev_bought[k] > pl.dev[k]) return bad("dev_bought", "bought more cards than held", p);
        }
        out[static_cast<int>(DevCard::Knight)] += pl.knights_played;
    }
    for (int k = 0; k < kDevCardKinds; ++k)
        if (out[k] > drawn[k]) return bad("deck", "players hold more development cards than were drawn");
    return std::nullopt;
}

// Where ships, roads and buildings may stand (R-SF2), from the board itself: a loaded state is
// checked before its derived fields are built.
struct SeaReach {
    EdgeMask paths, land_paths;
    NodeMask land_nodes;
};
SeaReach sea_reach(const GameState& s, const Topology& t) {
    SeaReach r;
    for (int h = 0; h < t.hex_count; ++h) {
        if (s.board.fog.test(h)) continue;  // R-SF10: neither land nor sea until it turns
        const bool sea = s.board.sea.test(h);
        for (std::uint8_t e : t.hex_edges[h]) (sea ? r.paths : r.land_paths).set(e);
        if (!sea) r.land_nodes |= t.hex_node_mask[h];
    }
    return r;
}

Problem check_pieces(const GameState& s) {
    const Ruleset& rules = ruleset(s);
    const Topology& t = topology(s);
    const SeaReach sea = sea_reach(s, t);
    // R-SF10: a piece's intersections are corners of face-up hexes only (placing it turned them up).
    NodeMask fog_corners{};
    EdgeMask fog_paths{};
    s.board.fog.for_each([&](int h) { fog_corners |= t.hex_node_mask[h]; });
    for_each_node(fog_corners, [&](int n) { fog_paths |= t.node_edge_mask[n]; });
    NodeMask buildings{};
    EdgeMask roads{}, ships{};
    for (int p = 0; p < kMaxPlayers; ++p) {
        const PlayerState& pl = s.players[p];
        if (p >= s.num_players) {
            PlayerState empty;
            empty.settlements_left = pl.settlements_left;
            empty.cities_left = pl.cities_left;
            empty.roads_left = pl.roads_left;
            empty.ships_left = pl.ships_left;
            if (!(pl == empty)) return bad("hand", "an empty seat holds something", p);
            continue;
        }
        if (pl.settlements & pl.cities) return bad("cities", "a settlement and a city on one intersection", p);
        const NodeMask own = pl.settlements | pl.cities;
        if (own & ~t.all_nodes) return bad("settlements", "a building off the board", p);
        if (pl.roads & ~t.all_edges) return bad("roads", "a road off the board", p);
        if (pl.ships & ~t.all_edges) return bad("ships", "a ship off the board", p);
        if ((pl.ships & ~sea.paths).any()) return bad("ships", "a ship on a path away from the sea (R-SF2)", p);
        if ((pl.roads & ~sea.land_paths).any()) return bad("roads", "a road between two sea hexes (R-SF2)", p);
        if ((own & ~sea.land_nodes).any()) return bad("settlements", "a building on the sea", p);
        if (pl.ships_left + pl.ships.count() != rules.ships)
            return bad("ships_left", "ships on the board and in supply do not add up to the box's", p);
        if (pl.gold_owed > 6 || pl.gold_chosen.total() > 6) return bad("gold_owed", "more gold than a player's buildings can earn", p);
        if ((own & fog_corners).any() || ((pl.roads | pl.ships) & fog_paths).any())
            return bad("board.fog", "a piece at a corner of a face-down hex (placing it turns the hex up, R-SF10)", p);
        if (own & buildings) return bad("settlements", "two players on one intersection", p);
        if ((pl.roads & roads).any()) return bad("roads", "two roads on one path", p);
        if ((pl.ships & ships).any()) return bad("ships", "two ships on one path", p);
        buildings |= own;
        roads |= pl.roads;
        ships |= pl.ships;
        // R-S1: a piece is either on the board or in the supply (a city's settlement went back).
        if (pl.settlements_left + pl.settlements.count() != rules.settlements)
            return bad("settlements_left", "settlements on the board and in supply do not add up to 5", p);
        if (pl.cities_left + pl.cities.count() != rules.cities)
            return bad("cities_left", "cities on the board and in supply do not add up to 4", p);
        if (pl.roads_left + pl.roads.count() != rules.roads)
            return bad("roads_left", "roads on the board and in supply do not add up to 15", p);
    }
    if ((roads & ships).any()) return bad("ships", "a ship and a road on one path (R-SF2)");
    return std::nullopt;
}

}  // namespace

std::optional<StateProblem> find_derived_problem(const GameState& s) {
    GameState rebuilt = s;
    refresh_derived(rebuilt);
    if (rebuilt.board_kind != s.board_kind) return bad("board_kind", "not the board of this player count");
    if (rebuilt.occupied != s.occupied || rebuilt.blocked != s.blocked) return bad("occupied", "does not match the buildings");
    if (rebuilt.roads_all != s.roads_all) return bad("roads_all", "does not match the roads");
    if (rebuilt.ships_all != s.ships_all) return bad("ships_all", "does not match the ships");
    if (rebuilt.sea_paths != s.sea_paths || rebuilt.land_paths != s.land_paths || rebuilt.land_nodes != s.land_nodes ||
        rebuilt.setup_nodes != s.setup_nodes)
        return bad("sea_paths", "does not match the board's sea");
    if (rebuilt.harbor_nodes != s.harbor_nodes) return bad("harbor_nodes", "does not match the board's harbors");
    if (rebuilt.number_hexes != s.number_hexes) return bad("number_hexes", "does not match the board's tokens");
    if (rebuilt.hex_yield != s.hex_yield) return bad("hex_yield", "does not match the buildings");
    for (int p = 0; p < kMaxPlayers; ++p) {
        if (rebuilt.road_nodes[p] != s.road_nodes[p]) return bad("road_nodes", "does not match the roads", p);
        if (rebuilt.ship_nodes[p] != s.ship_nodes[p]) return bad("ship_nodes", "does not match the ships", p);
        if (rebuilt.open_route_ends[p] != s.open_route_ends[p]) return bad("open_route_ends", "does not match the ships and buildings", p);
        if (rebuilt.harbors[p] != s.harbors[p]) return bad("harbors", "does not match the buildings on harbors", p);
    }
    return std::nullopt;
}

std::optional<StateProblem> find_state_problem(const GameState& s) {
    if (auto p = check_options_and_flow(s)) return p;
    if (auto p = check_board(s)) return p;
    if (auto p = check_cards(s)) return p;
    return check_pieces(s);
}

}  // namespace catan
