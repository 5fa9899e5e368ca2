// The commitment and the public replay record. The record's steps are made by re-running the game
// from its seed through its module and writing, after each command, what a spectator was sent: the
// events and the RFC 6902 patch of the spectator's view. A viewer can thus show the board at every
// step without an engine, and `verify` re-runs the same code to check a record step by step.
#include <stdexcept>

#include "catan/proto/version.hpp"
#include "catan/room/envelope.hpp"
#include "catan/room/replay.hpp"
#include "catan/room/secret.hpp"

namespace catan::room {

using nlohmann::json;

std::string commitment_text(std::uint64_t seed, std::string_view salt) {
    return "catan-v1:" + std::to_string(seed) + ":" + std::string(salt);
}

std::string commitment_of(std::uint64_t seed, std::string_view salt) { return secret_hash(commitment_text(seed, salt)); }

namespace {

// The ops a PatchSink collected ("op,op,...") as a JSON array.
json ops_array(const std::string& ops) { return ops.empty() ? json::array() : json::parse("[" + ops + "]"); }

}  // namespace

json replay_record(const ReplayInput& in) {
    json seats = json::array();
    for (const std::string& name : in.names) seats.push_back(name);
    const bool reveal = in.reveal;
    const std::unique_ptr<game::Session> game = in.module->start(in.options, in.seed);
    const json start_events = game->last_events(game::kSpectator, in.names);  // Catan: the first-player rolls (R-O5)
    game::ViewParts public_parts, spectator_parts;
    game->update_public(public_parts);
    game->update_viewer(game::kSpectator, spectator_parts);
    json start = game->assemble(public_parts, spectator_parts);

    json steps = json::array();
    std::string ops;
    const game::PatchSink sink{ops, ""};
    for (std::size_t i = 0; i < in.commands.size(); ++i) {
        const game::Move& move = *in.commands[i];
        const auto applied = game->apply(move);
        if (const auto* error = std::get_if<game::Error>(&applied))
            throw std::runtime_error("step " + std::to_string(i + 1) + " (seat " + std::to_string(move.seat()) + ", " + move.name() +
                                     "): the game refuses it: " + error->message);
        ops.clear();
        game->update_public(public_parts, &sink);
        game->update_viewer(game::kSpectator, spectator_parts, &sink);
        json step = {{"seat", move.seat()},
                     {"command", move.json()},
                     {"events", game->last_events(game::kSpectator, in.names)},
                     {"patch", ops_array(ops)}};
        if (reveal) step["revealed_events"] = game->revealed_events(in.names);  // the stolen resource, the bought card
        steps.push_back(std::move(step));
    }
    const bool over = game->over();
    json record = {{"v", proto::kProtocolVersion},
                   {"code", in.code},
                   {"game", in.game},
                   {"options", in.options},
                   {"seats", std::move(seats)},
                   {"finished", over},
                   {"winner", over ? json(game->winner()) : json(nullptr)},
                   {"fairness",
                    {{"commitment", commitment_of(in.seed, in.salt)},
                     {"seed", reveal ? json(std::to_string(in.seed)) : json(nullptr)},
                     {"salt", reveal ? json(in.salt) : json(nullptr)},
                     {"seed_chosen", in.seed_chosen}}},
                   {"start", std::move(start)},
                   {"start_events", start_events},
                   {"steps", std::move(steps)}};
    // Records of Catan games name no game, as before modules existed.
    if (in.module->id() != kDefaultGame) record["module"] = in.module->id();
    return record;
}

}  // namespace catan::room
