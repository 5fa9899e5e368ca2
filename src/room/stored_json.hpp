#pragma once
// The JSON the store keeps for a room's options, and its game rebuilt from the store. Seeds are
// decimal strings: a 64-bit seed does not survive JSON numbers in every reader.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/game/module.hpp"
#include "catan/room/envelope.hpp"
#include "catan/room/replay.hpp"
#include "catan/store/store.hpp"

namespace catan::room {

// "game" is stored only when not "catan" (kDefaultGame); the game's own options as its module stores them.
nlohmann::json room_options_json(const RoomOptions& options);
RoomOptions room_options_from_json(const nlohmann::json& j);  // throws on a malformed record

// The current game of a stored room past its lobby, restored by its module from its snapshot (if any)
// and every later command; `stored.commands` must hold the whole log from command 1. Throws
// std::runtime_error naming the command that does not decode or apply, a gap in the log, or a phase
// the log contradicts.
struct RebuiltGame {
    std::unique_ptr<game::Session> session;
    std::int64_t applied = 0;        // commands of the game in the session
    std::vector<game::MovePtr> log;  // every command of the game, decoded (for the replay record)
    std::string salt;                // the game's fairness salt; empty for a game from before commitments
    // The game was dealt from a seed a client chose: marked so in its options ("seed_chosen"), or, as
    // earlier versions saved it, the room's options carry the very seed the game was dealt from.
    bool seed_chosen = false;
};
RebuiltGame rebuild_game(const game::Module& module, const store::StoredRoom& stored);

// What rebuild_game throws for one command of the log (its index: 1 for the game's first).
struct LogError : std::runtime_error {
    LogError(const std::string& what, std::int64_t i) : std::runtime_error(what), index(i) {}
    std::int64_t index;
};

}  // namespace catan::room
