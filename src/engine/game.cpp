// Game creation and the read-only questions asked of a state.
#include "catan/engine/beginner.hpp"
#include "catan/engine/queries.hpp"
#include "catan/engine/scenario.hpp"
#include "rules.hpp"
#include "sea_rules.hpp"

namespace catan {

namespace {

// R-O5: every seat in `rolling` rolls two dice, in seat order; the highest total starts, and a tie is
// rolled again by the tied seats only. Each roll is shown (FirstRoll, value = the round).
int first_player_by_dice(GameState& s, std::vector<Event>* events) {
    unsigned rolling = (1u << s.num_players) - 1;
    for (std::uint16_t round = 1;; ++round) {
        int best = 0;
        unsigned tied = 0;
        for (int p = 0; p < s.num_players; ++p) {
            if (!(rolling >> p & 1u)) continue;
            const int a = s.rng.die(), b = s.rng.die();
            if (events)
                events->push_back(Event{.type = EventType::FirstRoll, .player = static_cast<std::uint8_t>(p),
                                        .a = static_cast<std::uint8_t>(a), .b = static_cast<std::uint8_t>(b), .value = round});
            if (a + b > best) { best = a + b; tied = 0; }
            if (a + b == best) tied |= 1u << p;
        }
        if ((tied & (tied - 1)) == 0) return __builtin_ctz(tied);
        rolling = tied;
    }
}

}  // namespace

std::optional<Error> validate_options(const GameOptions& o) {
    if (o.players < kMinPlayers || o.players > kMaxPlayers)
        return Error{ErrorCode::BadArgument, "R-X5", "players: 2, 3, 4, 5 or 6 (5 and 6 play the 5–6 extension)"};
    const Ruleset& rules = ruleset(board_for_players(o.players));
    static_assert(kBaseRules.min_victory_target == 3 && kBaseRules.max_victory_target == 20 &&
                  kLargeRules.min_victory_target == 3 && kLargeRules.max_victory_target == 20,
                  "the victory_target message states the range");
    if (o.victory_target < rules.min_victory_target || o.victory_target > rules.max_victory_target)
        return Error{ErrorCode::BadArgument, "R-O1", "victory_target: between 3 and 20 victory points (default 10)"};
    if (o.discard_limit < kMinDiscardLimit || o.discard_limit > kMaxDiscardLimit)
        return Error{ErrorCode::BadArgument, "R-O2", "discard_limit: between 4 and 20 cards (default 7)"};
    // Only 5 and 6 players play a turn structure; fewer ignore it (it is still one of the two).
    if (o.turn_structure != TurnStructure::Paired && o.turn_structure != TurnStructure::SpecialBuild)
        return Error{ErrorCode::BadArgument, "R-X6", "turn_structure: paired or special_build"};
    // The scenario refusals name the scenarios and their player counts, and the count refused (built once,
    // from the scenarios' data).
    static const std::string names = "scenario: none, or one of " + std::string(scenario_choices());
    static const auto boards = [] {
        std::array<std::array<std::string, kMaxPlayers + 1>, kScenarioCount> text;
        for (int k = 1; k < kScenarioCount; ++k)
            for (int n = kMinPlayers; n <= kMaxPlayers; ++n)
                text[k][n] = "scenario: one with a board for " + std::to_string(n) + " players, or none (" +
                             to_string(static_cast<Scenario>(k)) + " has boards for " +
                             std::to_string(scenario_min_players(static_cast<Scenario>(k))) +
                             (scenario_max_players(static_cast<Scenario>(k)) > scenario_min_players(static_cast<Scenario>(k))
                                  ? "-" + std::to_string(scenario_max_players(static_cast<Scenario>(k)))
                                  : "") +
                             " players; the scenarios: " + std::string(scenario_choices()) + ")";
        return text;
    }();
    if (static_cast<int>(o.scenario) >= kScenarioCount) return Error{ErrorCode::BadArgument, "R-SF11", names};
    if (o.scenario != Scenario::None && !scenario_has_board(o.scenario, o.players)) {
        if (o.players < kMinPlayers || o.players > kMaxPlayers) return Error{ErrorCode::BadArgument, "R-SF1", names};
        return Error{ErrorCode::BadArgument, "R-SF1", boards[static_cast<int>(o.scenario)][o.players]};
    }
    // R-O4 balances the base game's random board; a scenario's board is the scenario's.
    if (o.scenario != Scenario::None && o.balanced_board)
        return Error{ErrorCode::BadArgument, "R-O4", "balanced_board: false with a scenario (it balances the base game's random board)"};
    // The beginner set-up (beginner.hpp) is the base box's fixed island for 3 and 4 players.
    if (static_cast<int>(o.layout) >= kLayoutCount) return Error{ErrorCode::BadArgument, "R-S4", "layout: random or beginner"};
    if (o.layout == Layout::Beginner) {
        if (!beginner_has_board(o.players)) {
            static constexpr std::string_view by_count[] = {
                "layout: random with 2 players (the beginner set-up is laid for 3 and 4 players)",
                "layout: random with 5 players (the beginner set-up is laid for 3 and 4 players)",
                "layout: random with 6 players (the beginner set-up is laid for 3 and 4 players)"};
            return Error{ErrorCode::BadArgument, "R-S4", by_count[o.players == 2 ? 0 : o.players - 4]};
        }
        if (o.scenario != Scenario::None)
            return Error{ErrorCode::BadArgument, "R-SF1", "layout: random with a scenario (a scenario lays its own board)"};
        if (o.balanced_board)
            return Error{ErrorCode::BadArgument, "R-O4", "balanced_board: false with the beginner layout (its board is fixed)"};
    }
    // friendly_robber, balanced_board and first_by_dice are booleans: any value is allowed.
    return std::nullopt;
}

GameState new_game(const GameOptions& options, std::vector<Event>* events) {
    GameState s;
    s.options = options;
    s.board_kind = board_for(options);
    const Ruleset& rules = ruleset(s.board_kind);
    const Topology& t = topology(s.board_kind);
    s.num_players = static_cast<std::uint8_t>(options.players);
    s.rng = Rng(options.seed);
    if (options.layout == Layout::Beginner) {
        s.board = beginner_board();  // the rule book's island: nothing drawn
        s.robber = static_cast<std::uint8_t>(desert_hex(t, s.board));  // R-B4
    } else if (options.scenario != Scenario::None) {
        const ScenarioStart start = deal_scenario_board(options.scenario, options.players, s.rng);  // R-SF1
        s.board = start.board;
        s.robber = start.robber;
        s.pirate = start.pirate;
    } else {
        // Without R-O4 the board is drawn exactly as before the option existed (saved games replay).
        s.board = options.balanced_board ? generate_balanced_board(rules, s.rng) : generate_board(rules, s.rng);
        s.robber = static_cast<std::uint8_t>(desert_hex(t, s.board));  // R-B4, R-X1
    }
    for (Resource r : kAllResources) s.bank[r] = rules.bank_per_resource;  // R-S2, R-X4
    for (auto& pl : s.players) {
        pl.settlements_left = rules.settlements;  // R-S1
        pl.cities_left = rules.cities;
        pl.roads_left = rules.roads;
        pl.ships_left = rules.ships;  // R-SF2
    }

    std::array<DevCard, kMaxDeck> deck{};  // R-S2, R-X4
    int i = 0;
    for (const auto& [card, n] : rules.deck)
        for (int c = 0; c < n; ++c) deck[i++] = card;
    s.deck_size = rules.deck_size;
    s.rng.shuffle_prefix(deck, s.deck_size);
    s.deck = deck;

    // R-S3 lets the server draw the first player; R-O5 rolls for it instead, and so does the beginner
    // set-up (002: "각자 주사위 두 개를 굴려 합이 가장 높은 사람이 첫 차례를 시작합니다").
    const bool by_dice = options.first_by_dice || options.layout == Layout::Beginner;
    s.first_player = static_cast<std::uint8_t>(by_dice ? first_player_by_dice(s, events) : s.rng.below(s.num_players));
    s.current = s.first_player;
    s.phase = Phase::SetupSettlement;
    refresh_derived(s);
    // The beginner set-up's pieces stand where the picture shows them, placed by the setup's own commands
    // (R-S4..R-S7): the game starts at the first player's first turn.
    if (options.layout == Layout::Beginner) place_beginner_pieces(s, events);
    return s;
}

namespace {
// The board's sizes and word counts are the variant's constants, so the loops below know their bounds.
template <class G>
void refresh_derived_as(GameState& s) {
    const Topology& t = G::topo();
    s.occupied = {};
    s.blocked = {};
    s.roads_all = {};
    s.ships_all = {};
    s.hex_yield = {};
    s.road_nodes = {};
    s.ship_nodes = {};
    s.harbors = {};
    s.harbor_nodes = harbor_node_masks(t, s.board);
    // R-SF1, R-SF2: roads and buildings need land, ships the sea; setup builds on the home islands.
    // Off the sea every path and intersection is land and setup may build anywhere.
    s.sea_paths = {};
    s.land_paths = {};
    s.land_nodes = {};
    s.setup_nodes = {};
    for (int h = 0; h < G::hexes; ++h) {
        if (s.board.fog.test(h)) continue;  // R-SF10: neither land nor sea until it turns
        const bool sea = s.board.sea.test(h);
        for (std::uint8_t e : t.hex_edges[h]) (sea ? s.sea_paths : s.land_paths).set(e);
        if (!sea) s.land_nodes |= t.hex_node_mask[h];
        if (s.board.home.test(h) || !G::sea) s.setup_nodes |= t.hex_node_mask[h];
    }
    for (int p = 0; p < s.num_players; ++p) {
        const PlayerState& pl = s.players[p];
        s.occupied |= rules::buildings_of(s, p);
        s.roads_all |= pl.roads;
        s.ships_all |= pl.ships;
        pl.ships.template for_each<G::edge_words>([&](int e) { s.ship_nodes[p] |= t.edge_node_mask[e]; });
        pl.settlements.template for_each<G::node_words>([&](int n) { rules::add_yield(s, t, p, n); });
        pl.cities.template for_each<G::node_words>([&](int n) { rules::add_yield(s, t, p, n, 2); });
        pl.roads.template for_each<G::edge_words>([&](int e) { s.road_nodes[p] |= t.edge_node_mask[e]; });
        rules::buildings_of(s, p).template for_each<G::node_words>([&](int n) { rules::add_harbor(s, p, n); });
    }
    s.open_route_ends = {};
    for (int p = 0; p < s.num_players; ++p)
        s.ship_nodes[p].template for_each<G::node_words>([&](int n) { rules::refresh_route_end<G>(s, p, n); });
    s.blocked = s.occupied;
    s.occupied.template for_each<G::node_words>([&](int n) { s.blocked |= t.node_neighbor_mask[n]; });
    for (auto& slots : s.number_hexes) slots.fill(kNone);
    for (int h = 0; h < G::hexes; ++h) {
        if (s.board.number[h] == 0) continue;  // deserts and the sea pay nothing
        auto& slots = s.number_hexes[s.board.number[h]];
        int k = 0;
        while (k < kMaxHexesPerNumber - 1 && slots[k] != kNone) ++k;
        slots[k] = static_cast<std::uint8_t>(h);
    }
}
}  // namespace

void refresh_derived(GameState& s) {
    s.board_kind = board_for(s.options);
    with_variant(s.board_kind, [&](auto g) { refresh_derived_as<decltype(g)>(s); });
}

int setup_player(const GameState& s, int step) {
    const int n = s.num_players;
    const int offset = step < n ? step : 2 * n - 1 - step;  // snake order (R-S4)
    return (s.first_player + offset) % n;
}

int public_victory_points(const GameState& s, int p) {
    const PlayerState& pl = s.players[p];
    // R-V1. Pieces on the board are counted from the supply left, which avoids a popcount per call.
    const Ruleset& rules = ruleset(s);
    constexpr VictoryPointValues points = kVictoryPoints;
    int vp = points.settlement * (rules.settlements - pl.settlements_left) + points.city * (rules.cities - pl.cities_left);
    if (s.longest_road == p) vp += points.longest_road;
    if (s.largest_army == p) vp += points.largest_army;
    return vp + pl.island_vp;  // R-SF8: VP tokens are public
}

int victory_points(const GameState& s, int p) {
    return public_victory_points(s, p) + kVictoryPoints.victory_point_card * s.players[p].dev[static_cast<int>(DevCard::VictoryPoint)];  // R-D6
}

int bank_trade_ratio(const GameState& s, int p, Resource give) { return rules::trade_ratio(s, p, give); }

unsigned players_to_act(const GameState& s) {
    switch (s.phase) {
        case Phase::GameOver: return 0;
        case Phase::Discard: {
            unsigned m = 0;
            for (int p = 0; p < s.num_players; ++p)
                if (s.players[p].discard_owed) m |= 1u << p;
            return m;
        }
        case Phase::ChooseGold: {
            unsigned m = 0;
            for (int p = 0; p < s.num_players; ++p)
                if (s.players[p].gold_owed) m |= 1u << p;
            return m;
        }
        case Phase::TradeOffer: {
            unsigned m = 1u << s.current;
            for (int p = 0; p < s.num_players; ++p)
                if (p != s.current && s.offer.response[p] == TradeResponse::Pending) m |= 1u << p;
            return m;
        }
        default: return 1u << s.current;
    }
}

bool may_propose_trade(const GameState& s, int p) {
    return s.phase == Phase::Main && p == s.current && !s.players[p].hand.empty() &&
           rules::step_allows(s.step, rules::StepAct::DomesticTrade) &&  // R-X6, R-X7
           s.offers_made < kMaxOffersPerTurn;                             // R-L1
}

bool may_counter_trade(const GameState& s, int p) {
    return s.phase == Phase::TradeOffer && rules::is_responder(s, p) && (s.offer.to == kNoSeat || s.offer.to == p) &&
           !s.players[p].hand.empty() && s.answers_made[p] < kMaxTradeAnswersPerTurn;  // R-L1
}

}  // namespace catan
