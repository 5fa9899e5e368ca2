#pragma once
// Provably fair games (docs/fairness.md): the commitment a room publishes at the start of a game, the
// public replay record served at GET /api/rooms/{code}/replay (`catan-server verify`, in the app layer,
// re-runs a saved record and checks it against the commitment).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/game/module.hpp"

namespace catan::room {

// The bytes the commitment hashes: "catan-v1:" + decimal seed + ":" + salt (32 lowercase hex digits).
std::string commitment_text(std::uint64_t seed, std::string_view salt);
// Lowercase hex SHA-256 of commitment_text(seed, salt).
std::string commitment_of(std::uint64_t seed, std::string_view salt);
inline constexpr std::size_t kSaltBytes = 16;  // 128 bits, drawn like tokens

// Everything a record is made from. The seed is always needed (the record's steps come from re-running
// the game); `reveal` decides whether the record shows it and the salt (only once the game is over).
struct ReplayInput {
    std::string code;
    std::int64_t game = 0;
    const game::Module* module = nullptr;  // the game played (the record names it unless it is Catan)
    nlohmann::json options;                // as Module::start took them, players included
    std::uint64_t seed = 0;
    std::vector<std::string> names;  // one per seat of the game
    std::string salt;
    std::vector<game::MovePtr> commands;  // decoded by the game (Move::json is what the record shows)
    bool reveal = false;  // true only for a finished game: seed, salt and revealed_events go in
    bool seed_chosen = false;  // a client chose the seed (a test server): the game was not fair
};

// The public record: see docs/fairness.md and proto/v1/rest.schema.json#/$defs/replay. Throws
// std::runtime_error naming the step when a command does not apply (the log does not fit the seed).
// Any thread: it starts a session of its own.
nlohmann::json replay_record(const ReplayInput& input);
// The same record as JSON text, byte for byte replay_record(input).dump(), written step by step
// without the record's tree (what GET /api/rooms/{code}/replay answers: a tree is ~10x its text).
std::string replay_record_text(const ReplayInput& input);

}  // namespace catan::room
