// Game creation and the read-only questions asked of a state.
#include "rules.hpp"

namespace catan {

std::optional<Error> validate_options(const GameOptions& o) {
    if (o.players < kMinPlayers || o.players > kMaxPlayers)
        return Error{ErrorCode::BadArgument, "R-S4", "player count must be 2, 3 or 4"};
    if (o.victory_target < 3 || o.victory_target > 20)
        return Error{ErrorCode::BadArgument, "R-V4", "victory point target must be between 3 and 20"};
    return std::nullopt;
}

GameState new_game(const GameOptions& options) {
    GameState s;
    s.options = options;
    s.num_players = static_cast<std::uint8_t>(options.players);
    s.rng = Rng(options.seed);
    s.board = generate_board(s.rng);
    s.robber = static_cast<std::uint8_t>(desert_hex(s.board));  // R-B4

    std::array<DevCard, kDevDeckSize> deck{};  // R-S2: 14 / 5 / 2 / 2 / 2
    int i = 0;
    auto add = [&](DevCard c, int n) { while (n--) deck[i++] = c; };
    add(DevCard::Knight, 14);
    add(DevCard::VictoryPoint, 5);
    add(DevCard::RoadBuilding, 2);
    add(DevCard::Invention, 2);
    add(DevCard::Monopoly, 2);
    s.rng.shuffle(deck);
    s.deck = deck;

    s.first_player = static_cast<std::uint8_t>(s.rng.below(s.num_players));  // R-S3
    s.current = s.first_player;
    s.phase = Phase::SetupSettlement;
    refresh_derived(s);
    return s;
}

void refresh_derived(GameState& s) {
    const Topology& t = topology();
    s.occupied = 0;
    s.blocked = 0;
    s.roads_all = {};
    for (int p = 0; p < s.num_players; ++p) {
        const NodeMask own = rules::buildings_of(s, p);
        s.occupied |= own;
        s.roads_all |= s.players[p].roads;
    }
    s.blocked = s.occupied;
    for_each_node(s.occupied, [&](int n) { s.blocked |= t.node_neighbor_mask[n]; });
    s.harbor_nodes = harbor_node_masks(s.board);
    for (auto& slots : s.number_hexes) slots = {kNone, kNone};
    for (int h = 0; h < kHexCount; ++h) {
        auto& slots = s.number_hexes[s.board.number[h]];
        slots[slots[0] == kNone ? 0 : 1] = static_cast<std::uint8_t>(h);
    }
}

int setup_player(const GameState& s, int step) {
    const int n = s.num_players;
    const int offset = step < n ? step : 2 * n - 1 - step;  // snake order (R-S4)
    return (s.first_player + offset) % n;
}

int public_victory_points(const GameState& s, int p) {
    const PlayerState& pl = s.players[p];
    // R-V1. Pieces on the board are counted from the supply left, which avoids a popcount per call.
    int vp = (kSettlementsPerPlayer - pl.settlements_left) + 2 * (kCitiesPerPlayer - pl.cities_left);
    if (s.longest_road == p) vp += 2;
    if (s.largest_army == p) vp += 2;
    return vp;
}

int victory_points(const GameState& s, int p) {
    return public_victory_points(s, p) + s.players[p].dev[static_cast<int>(DevCard::VictoryPoint)];  // R-D6
}

int bank_trade_ratio(const GameState& s, int p, Resource give) {
    const NodeMask own = rules::buildings_of(s, p);
    if (own & s.harbor_nodes[static_cast<int>(give)]) return 2;
    if (own & s.harbor_nodes[kGenericHarbor]) return 3;
    return 4;
}

unsigned players_to_act(const GameState& s) {
    switch (s.phase) {
        case Phase::GameOver: return 0;
        case Phase::Discard: {
            unsigned m = 0;
            for (int p = 0; p < s.num_players; ++p)
                if (s.players[p].discard_owed) m |= 1u << p;
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
    return s.phase == Phase::Main && p == s.current && !s.players[p].hand.empty();
}

bool may_counter_trade(const GameState& s, int p) {
    return s.phase == Phase::TradeOffer && rules::is_responder(s, p) && (s.offer.to == kNoSeat || s.offer.to == p) &&
           !s.players[p].hand.empty();
}

}  // namespace catan
