// Stable lower_snake_case names of the engine's enums: used in logs, JSON and error messages.
#include "catan/engine/command.hpp"
#include "catan/engine/error.hpp"
#include "catan/engine/event.hpp"
#include "catan/engine/state.hpp"

namespace catan {

const char* to_string(Resource r) {
    static constexpr const char* names[] = {"brick", "lumber", "wool", "grain", "ore"};
    return names[static_cast<int>(r)];
}

const char* to_string(DevCard d) {
    static constexpr const char* names[] = {"knight", "road_building", "invention", "monopoly", "victory_point"};
    return names[static_cast<int>(d)];
}

const char* to_string(Terrain t) {
    static constexpr const char* names[] = {"hills", "forest", "pasture", "fields", "mountains", "desert", "sea", "gold"};
    static_assert(std::size(names) == kTerrainKinds);
    return names[static_cast<int>(t)];
}

const char* to_string(Phase p) {
    static constexpr const char* names[] = {"setup_settlement", "setup_road", "pre_roll",   "discard",  "move_robber",
                                            "road_building",    "main",       "trade_offer", "game_over",
                                            "choose_gold"};
    static_assert(std::size(names) == kPhaseCount);
    return names[static_cast<int>(p)];
}

const char* to_string(Step s) {
    static constexpr const char* names[] = {"turn", "paired_build", "special_build"};
    return names[static_cast<int>(s)];
}

const char* to_string(TurnStructure t) {
    static constexpr const char* names[] = {"paired", "special_build"};
    return names[static_cast<int>(t)];
}

const char* to_string(Scenario s) {
    static constexpr const char* names[] = {"none", "new_shores", "four_islands", "fog_islands", "through_the_desert", "new_world"};
    static_assert(std::size(names) == kScenarioCount);
    return names[static_cast<int>(s)];
}

const char* to_string(BoardKind b) {
    switch (b) {
        case BoardKind::Base: return "base";
        case BoardKind::Large: return "large";
        case BoardKind::Sea: return "sea";
        case BoardKind::SeaLarge: return "sea_large";
    }
    return "base";
}

const char* to_string(Layout l) {
    static constexpr const char* names[] = {"random", "beginner"};
    static_assert(std::size(names) == kLayoutCount);
    return names[static_cast<int>(l)];
}

const char* to_string(CommandType t) {
    static constexpr const char* names[] = {
        "roll_dice",     "build_road",    "build_settlement", "build_city",    "buy_dev_card",
        "play_knight",   "play_road_building", "play_invention", "play_monopoly", "discard",
        "move_robber",   "bank_trade",    "propose_trade",    "accept_trade",  "decline_trade",
        "counter_trade", "confirm_trade", "cancel_trade",     "end_turn",
        "build_ship",    "move_ship",     "move_pirate",      "choose_gold"};
    static_assert(std::size(names) == kCommandTypeCount);
    return names[static_cast<int>(t)];
}

const char* to_string(ErrorCode c) {
    static constexpr const char* names[] = {
        "game_over",     "not_your_turn", "wrong_phase",          "bad_argument", "cannot_afford",
        "no_pieces_left", "illegal_spot", "dev_card_unavailable", "deck_empty",   "bank_empty",
        "invalid_trade", "invalid_discard", "invalid_robber", "trade_limit"};
    return names[static_cast<int>(c)];
}

const char* to_string(EventType t) {
    static constexpr const char* names[] = {
        "dice_rolled",      "produced",         "production_blocked", "starting_resources", "discarded",
        "robber_moved",     "stole",            "steal_failed",       "built",              "dev_card_bought",
        "dev_card_played",  "invention_taken",  "monopoly_taken",     "bank_traded",        "trade_proposed",
        "trade_accepted",   "trade_declined",   "trade_countered",    "trade_completed",    "trade_cancelled",
        "longest_road_changed", "largest_army_changed", "turn_ended", "turn_started",
        "game_won",         "hex_produced",     "build_phase_started", "first_roll",
        "ship_moved",       "pirate_moved",     "gold_owed",          "gold_chosen",        "island_settled",
        "hex_revealed"};
    static_assert(std::size(names) == kEventTypeCount);
    return names[static_cast<int>(t)];
}

}  // namespace catan
