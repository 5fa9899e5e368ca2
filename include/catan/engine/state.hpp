#pragma once
// The complete game state: a plain, copyable value. Everything random is drawn from `rng`.
#include <array>
#include <cstdint>

#include "catan/engine/board.hpp"
#include "catan/engine/command.hpp"
#include "catan/engine/rng.hpp"
#include "catan/engine/ruleset.hpp"
#include "catan/engine/topology.hpp"
#include "catan/engine/types.hpp"

namespace catan {

// How 5 and 6 players take turns (R-X6, R-X7); 2–4 players always play the base turn.
enum class TurnStructure : std::uint8_t { Paired = 0, SpecialBuild = 1 };

// The Seafarers scenarios (R-SF1, R-SF11); None plays the base game or the 5–6 extension. The numbers
// are stored in saved games.
enum class Scenario : std::uint8_t { None = 0, NewShores = 1, FourIslands = 2, FogIslands = 3, ThroughTheDesert = 4, NewWorld = 5 };
inline constexpr int kScenarioCount = 6;

// How the base game's board and first pieces are laid out: the random set-up (R-B1..R-B3, R-S3..R-S5),
// or the rule book's fixed first-game set-up with every colour's starting pieces and resources already
// placed (docs/rules-choices.md, "Beginner layout"). The numbers are stored in saved games.
enum class Layout : std::uint8_t { Random = 0, Beginner = 1 };
inline constexpr int kLayoutCount = 2;

struct GameOptions {
    int players = 4;             // 2..6; 5 and 6 play the 5–6 extension (R-X1..R-X8)
    int victory_target = 10;     // R-V4, R-O1: 3..20
    std::uint64_t seed = 0;
    int discard_limit = 7;       // R-O2: a 7 makes players with more than this many cards discard half
    bool friendly_robber = false;  // R-O3
    bool balanced_board = false;   // R-O4
    bool first_by_dice = false;    // R-O5
    TurnStructure turn_structure = TurnStructure::Paired;  // R-X6 / R-X7, 5–6 players only
    Scenario scenario = Scenario::None;  // R-SF1: a Seafarers scenario on the sea frame
    Layout layout = Layout::Random;      // the beginner set-up: 3 or 4 players, base board (beginner.hpp)
    friend bool operator==(const GameOptions&, const GameOptions&) = default;
};

// Where a turn stands: the player's own turn, or a build step of another player after it.
enum class Step : std::uint8_t {
    Turn,          // the turn of `turn_player` (== current)
    PairedBuild,   // R-X6: the paired player trades with the bank and builds (Phase::Main)
    SpecialBuild,  // R-X7: each other player in turn may build and buy (Phase::Main)
};

enum class Phase : std::uint8_t {
    SetupSettlement,  // R-S4: the setup player places a settlement
    SetupRoad,        // R-S4: ... then a road touching it
    PreRoll,          // R-T1: may play a development card, must roll
    Discard,          // R-7a: players owing cards discard
    MoveRobber,       // R-7b/R-7c or a Knight (R-D2)
    RoadBuilding,     // R-D3: free roads to place
    Main,             // R-T5: trade, build, buy, play, end turn
    TradeOffer,       // R-TR2: a domestic offer awaits answers
    GameOver,
    ChooseGold,       // R-SF7: owners of buildings on producing gold fields choose their resources
};
inline constexpr int kPhaseCount = 10;

enum class TradeResponse : std::uint8_t { Pending, Accepted, Declined, Countered };

struct TradeOffer {
    ResourceSet give{};  // what the active player gives
    ResourceSet want{};  // what the active player asks
    std::uint8_t to = kNoSeat;  // the one seat addressed, or kNoSeat for every other player
    std::array<TradeResponse, kMaxPlayers> response{};
    // A counter-offer from seat i, from the active player's side: counter_give = what the active
    // player would give, counter_want = what the active player would receive.
    std::array<ResourceSet, kMaxPlayers> counter_give{}, counter_want{};
    friend bool operator==(const TradeOffer&, const TradeOffer&) = default;
};

// R-L1 (docs/rules-choices.md): how much domestic trading one turn may hold, far above any real
// negotiation, so that a seat cannot grow a game's record without bound (each offer, counter-offer and
// cancel is a logged command). Cancels and declines need no cap of their own: each closes or answers
// something an offer or answer counted here opened.
inline constexpr int kMaxOffersPerTurn = 20;        // proposals by the turn's player
inline constexpr int kMaxTradeAnswersPerTurn = 40;  // accepts and counter-offers by each other seat

struct PlayerState {
    ResourceSet hand{};
    std::array<std::uint8_t, kDevCardKinds> dev{};         // held, not yet played (VP cards stay here)
    std::array<std::uint8_t, kDevCardKinds> dev_bought{};  // of `dev`, bought this turn (R-D1)
    std::uint8_t knights_played = 0;
    std::uint8_t settlements_left = kBaseRules.settlements;
    std::uint8_t cities_left = kBaseRules.cities;
    std::uint8_t roads_left = kBaseRules.roads;
    std::uint8_t road_length = 0;   // longest continuous road (R-A1, R-A2)
    std::uint8_t discard_owed = 0;  // cards still to discard this 7 (R-7a)
    NodeMask settlements{}, cities{};
    EdgeMask roads{};
    // Seafarers (R-SF2..R-SF8); zero in other games.
    EdgeMask ships{};
    std::uint8_t ships_left = 0;
    std::uint8_t gold_owed = 0;     // resources still to choose for gold fields (R-SF7)
    ResourceSet gold_chosen{};      // chosen, paid when every owner has chosen (R-SF7)
    std::uint8_t island_vp = 0;     // VP tokens won on islands (R-SF8)
    std::uint16_t islands = 0;      // bit i: has built on island i (from setup or later)
    friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

struct GameState {
    GameOptions options{};
    BoardKind board_kind = BoardKind::Base;  // from options.players (R-X1)
    Board board{};
    Rng rng{};

    Phase phase = Phase::SetupSettlement;
    std::uint8_t num_players = 4;
    std::uint8_t first_player = 0;  // R-S3
    std::uint8_t current = 0;       // who acts: whose turn, setup placement or build step
    std::uint8_t turn_player = 0;   // whose turn it is (R-X6/R-X7: differs from current in a build step)
    Step step = Step::Turn;
    std::uint8_t setup_step = 0;    // 0 .. 2n-1 during setup (R-S4, R-X5)
    std::uint8_t setup_node = kNone;  // settlement just placed in setup; its road must touch it
    std::uint16_t turn = 0;         // 1 on the first regular turn
    bool rolled = false;            // this turn's dice have been rolled (R-T4)
    bool dev_played = false;        // a development card was played this turn (R-D1)
    std::uint8_t free_roads = 0;    // Road Building placements left (R-D3)
    std::uint8_t dice[2] = {0, 0};  // last roll
    std::uint8_t robber = 0;        // hex (R-B4, R-7d)
    std::uint8_t longest_road = kNoSeat;  // holder (R-A1..R-A4)
    std::uint8_t largest_army = kNoSeat;  // holder (R-A5)
    std::uint8_t winner = kNoSeat;

    ResourceSet bank{19, 19, 19, 19, 19};
    std::array<DevCard, kMaxDeck> deck{};  // deck[deck_top..deck_size) still face down
    std::uint8_t deck_size = 25;
    std::uint8_t deck_top = 0;

    std::array<PlayerState, kMaxPlayers> players{};
    TradeOffer offer{};
    // R-L1: this turn's offers (by the turn's player) and accepts and counter-offers (per seat); zeroed
    // when a turn starts. They stop at 255: a record from before R-L1 may hold more, and replays.
    std::uint8_t offers_made = 0;
    std::array<std::uint8_t, kMaxPlayers> answers_made{};

    // Seafarers: the pirate's sea hex (R-SF6), this turn's ship move and new ships (R-SF4), and the
    // phase a gold choice returns to (R-SF7).
    std::uint8_t pirate = kNone;
    bool ship_moved = false;
    Phase after_gold = Phase::Main;
    EdgeMask new_ships{};

    // Derived from the above, kept for speed; rebuilt by refresh_derived().
    NodeMask occupied{};         // intersections holding any building
    NodeMask blocked{};          // occupied or next to an occupied intersection (distance rule)
    EdgeMask roads_all{};        // paths holding any road
    std::array<NodeMask, kHarborKinds> harbor_nodes{};
    // The hexes carrying each number token; kNone where unused.
    std::array<std::array<std::uint8_t, kMaxHexesPerNumber>, 13> number_hexes{};
    // Per hex, one byte per seat (byte p): the cards its number pays seat p there before the robber
    // and R-T3 (a settlement 1, a city 2). A roll adds the bytes of its hexes for every seat at once,
    // and a nonzero byte is an opponent the robber can rob there.
    std::array<std::uint64_t, kMaxHexes> hex_yield{};
    // Per seat, the intersections its roads touch: where its roads and settlements may extend from.
    std::array<NodeMask, kMaxPlayers> road_nodes{};
    // Per seat, bit k: it has a building on a harbor of kind k (R-TR3; kinds as in harbor_nodes).
    std::array<std::uint8_t, kMaxPlayers> harbors{};
    // Seafarers: paths holding any ship, paths along the sea (ships) and along land (roads),
    // intersections on land (buildings) and where setup may build, and per seat the intersections its
    // ships touch. On other boards every path and intersection is land and none is sea.
    EdgeMask ships_all{};
    EdgeMask sea_paths{}, land_paths{};
    NodeMask land_nodes{}, setup_nodes{};
    std::array<NodeMask, kMaxPlayers> ship_nodes{};
    // Per seat, the intersections where one of its shipping routes is open (R-SF4): the ships there
    // are the ones it may move.
    std::array<NodeMask, kMaxPlayers> open_route_ends{};

    int deck_left() const { return deck_size - deck_top; }
    friend bool operator==(const GameState&, const GameState&) = default;
};

const char* to_string(Phase p);
const char* to_string(Step s);           // "turn", "paired_build", "special_build"
const char* to_string(TurnStructure t);  // "paired", "special_build"
const char* to_string(Scenario s);       // "none", "new_shores", "four_islands", ...
const char* to_string(Layout l);         // "random", "beginner"
const char* to_string(BoardKind b);      // "base", "large", "sea", "sea_large"

}  // namespace catan
