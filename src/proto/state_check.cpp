#include "state_check.hpp"

#include <bit>
#include <string>

#include "catan/engine/engine.hpp"
#include "reader.hpp"

namespace catan::proto::detail {
namespace {

[[noreturn]] void broken(const std::string& field, const std::string& why) {
    const Path root;
    fail(DecodeErrorKind::Inconsistent, root.child(field), why);
}

std::string player_field(int p, const char* key) { return "players[" + std::to_string(p) + "]." + key; }

void check_options_and_flow(const GameState& s) {
    if (auto e = validate_options(s.options)) broken("options", std::string(e->message));
    const int n = s.num_players;
    const bool setup = s.phase == Phase::SetupSettlement || s.phase == Phase::SetupRoad;
    if (setup != (s.setup_step < 2 * n)) broken("setup_step", "setup step does not match the phase");
    if (setup && s.current != setup_player(s, s.setup_step)) broken("current", "not the seat placing at this setup step");
    if ((s.phase == Phase::SetupRoad) != (s.setup_node != kNone))
        broken("setup_node", "a setup settlement is pending exactly while its road is awaited");
    if (s.setup_node != kNone && !(s.players[s.current].settlements & node_bit(s.setup_node)))
        broken("setup_node", "the pending setup settlement is not the current player's");
    if ((s.phase == Phase::GameOver) != (s.winner != kNoSeat)) broken("winner", "a winner exactly when the game is over");
    if (s.phase == Phase::RoadBuilding && s.free_roads == 0) broken("free_roads", "road building with no free roads");
    // A 7 in progress needs someone to discard, or nobody could act and the game would stall.
    bool owing = false;
    for (int p = 0; p < kMaxPlayers; ++p) owing |= s.players[p].discard_owed > 0;
    if ((s.phase == Phase::Discard) != owing) broken("phase", "discards are owed exactly in the discard phase");
    if (s.offer.to != kNoSeat && (s.offer.to >= n || (s.phase == Phase::TradeOffer && s.offer.to == s.current)))
        broken("offer.to", "an offer addressed to a seat that cannot answer it");
}

// R-B1..R-B3: the standard components, whatever the shuffle. Production indexes by number and would
// silently skip a third hex with the same token.
void check_board(const Board& b) {
    std::array<int, 6> terrain{};
    std::array<int, 13> numbers{}, expected{};
    std::array<int, kHarborKinds> harbors{};
    for (int h = 0; h < kHexCount; ++h) {
        ++terrain[static_cast<int>(b.terrain[h])];
        ++numbers[b.number[h]];
        if ((b.terrain[h] == Terrain::Desert) != (b.number[h] == 0)) broken("board.numbers", "a number token on the desert, or none elsewhere");
    }
    for (std::uint8_t n : kTokenNumbers) ++expected[n];
    expected[0] = 1;
    for (int k = 0; k < kHarborCount; ++k) ++harbors[b.harbor[k]];
    if (terrain != std::array<int, 6>{3, 4, 4, 4, 3, 1}) broken("board.terrain", "not the standard 19 terrain hexes");
    if (numbers != expected) broken("board.numbers", "not the standard 18 number tokens");
    if (harbors != std::array<int, kHarborKinds>{1, 1, 1, 1, 1, 4}) broken("board.harbors", "not the standard 9 harbors");
}

void check_cards(const GameState& s) {
    // R-S2: every resource card is in the bank or in a hand.
    ResourceSet total = s.bank;
    for (int p = 0; p < kMaxPlayers; ++p) {
        const ResourceSet& h = s.players[p].hand;
        for (int k = 0; k < kResourceCount; ++k)
            if (total.n[k] + h.n[k] > kBankPerResource) broken("bank", "more resource cards than the game has");
        total += h;
        if (s.players[p].discard_owed > h.total()) broken(player_field(p, "discard_owed"), "owes more cards than held");
    }
    for (int k = 0; k < kResourceCount; ++k)
        if (total.n[k] != kBankPerResource) broken("bank", "resource cards are missing from bank and hands");

    // The deck array never changes, only deck_top moves: it is always the full R-S2 deck, and held or
    // played cards come from the part already drawn.
    std::array<int, kDevCardKinds> in_deck{}, drawn{}, out{};
    for (int i = 0; i < kDevDeckSize; ++i) {
        ++in_deck[static_cast<int>(s.deck[i])];
        if (i < s.deck_top) ++drawn[static_cast<int>(s.deck[i])];
    }
    if (in_deck != std::array<int, kDevCardKinds>{14, 2, 2, 2, 5}) broken("deck", "not the standard development deck");
    for (int p = 0; p < kMaxPlayers; ++p) {
        const PlayerState& pl = s.players[p];
        for (int k = 0; k < kDevCardKinds; ++k) {
            out[k] += pl.dev[k];
            if (pl.dev_bought[k] > pl.dev[k]) broken(player_field(p, "dev_bought"), "bought more cards than held");
        }
        out[static_cast<int>(DevCard::Knight)] += pl.knights_played;
    }
    for (int k = 0; k < kDevCardKinds; ++k)
        if (out[k] > drawn[k]) broken("deck", "players hold more development cards than were drawn");
}

void check_pieces(const GameState& s) {
    NodeMask buildings = 0;
    EdgeMask roads;
    for (int p = 0; p < kMaxPlayers; ++p) {
        const PlayerState& pl = s.players[p];
        if (p >= s.num_players && !(pl == PlayerState{})) broken(player_field(p, "hand"), "an empty seat holds something");
        if (pl.settlements & pl.cities) broken(player_field(p, "cities"), "a settlement and a city on one intersection");
        const NodeMask own = pl.settlements | pl.cities;
        if (own & buildings) broken(player_field(p, "settlements"), "two players on one intersection");
        if ((pl.roads & roads).any()) broken(player_field(p, "roads"), "two roads on one path");
        buildings |= own;
        roads |= pl.roads;
        // R-S1: a piece is either on the board or in the supply (a city's settlement went back).
        if (pl.settlements_left + std::popcount(pl.settlements) != kSettlementsPerPlayer)
            broken(player_field(p, "settlements_left"), "settlements on the board and in supply do not add up to 5");
        if (pl.cities_left + std::popcount(pl.cities) != kCitiesPerPlayer)
            broken(player_field(p, "cities_left"), "cities on the board and in supply do not add up to 4");
        if (pl.roads_left + pl.roads.count() != kRoadsPerPlayer)
            broken(player_field(p, "roads_left"), "roads on the board and in supply do not add up to 15");
    }
}

}  // namespace

void check_state(const GameState& s) {
    check_options_and_flow(s);
    check_board(s.board);
    check_cards(s);
    check_pieces(s);
}

void check_road_lengths(const GameState& s) {
    for (int p = 0; p < s.num_players; ++p)
        if (s.players[p].road_length != longest_road_of(s, p))
            broken(player_field(p, "road_length"), "does not match the roads on the board");
}

}  // namespace catan::proto::detail
