#pragma once
// Catan's room options through the seam: the wire names (players, vp_target, discard_limit, the house
// rules, turn_structure) to and from the engine's GameOptions, the schema the client builds its controls
// from, and the stored options record (the format src/room/restore.cpp writes, so stored and exported
// games keep loading).
#include <optional>
#include <string_view>

#include "catan/engine/state.hpp"
#include "catan/game/module.hpp"

namespace catan::games {

// The schema for `players` seats: the engine's ranges (proto::rules_json(board)["options"]) with a type
// per option.
game::Json option_schema(int players);
// Every option at its default, as the wire names them.
game::Json default_options(int players);
// Shape (known names, types) and then the engine's verdict (validate_options), naming the option.
std::optional<game::Error> options_error(const game::Json& options, std::string_view prefix);
// Precondition: options_error(options) is empty. Absent options take their defaults.
GameOptions game_options(const game::Json& options, std::uint64_t seed);

// The options as Module::start takes them (wire names, players included).
game::Json module_options(const GameOptions& options);
// The room's stored form (room options: "vp_target" always, the house rules when not the default, as
// the room wrote them before modules) and back, for `players` seats.
game::Json stored_options(const game::Json& options);
std::variant<game::Json, game::Error> options_from_stored(const game::Json& stored, int players);

// The options record: {"players", "victory_target", "seed" (decimal text), house rules when not the
// default}. Unknown members (the room's salt, times) are ignored when read.
game::Json options_record(const GameOptions& options);
// Throws std::runtime_error naming what does not fit.
GameOptions options_from_record(const game::Json& record);
// What is wrong with a record, judged as the room's options are, naming the member at fault.
std::optional<game::Error> record_error(const game::Json& record);

}  // namespace catan::games
