// The commitment and the public replay record. The record's steps are made by re-running the game
// from its seed with the engine and writing, after each command, what a spectator was sent: the
// events and the RFC 6902 patch of the spectator's view. A viewer can thus show the board at every
// step without an engine, and `verify` re-runs the same code to check a record step by step.
#include <stdexcept>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "catan/proto/view_parts.hpp"
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
    proto::SeatNames names = proto::default_seat_names();
    json seats = json::array();
    for (std::size_t i = 0; i < in.names.size() && i < names.size(); ++i) {
        names[i] = in.names[i];
        seats.push_back(in.names[i]);
    }
    const bool reveal = in.reveal;
    std::vector<Event> events;
    GameState game = new_game(in.options, &events);
    const json start_events = proto::events_json(events, proto::kSpectator, names);  // R-O5: the first-player rolls
    proto::ViewParts public_parts, spectator_parts;
    proto::update_public_parts(game, public_parts);
    proto::update_viewer_parts(game, proto::kSpectator, spectator_parts);
    json start = proto::assemble_view(public_parts, spectator_parts);

    json steps = json::array();
    std::string ops;
    const proto::PatchSink sink{ops, ""};
    for (std::size_t i = 0; i < in.commands.size(); ++i) {
        const ReplayCommand& c = in.commands[i];
        events.clear();
        if (const auto error = apply(game, c.command, &events))
            throw std::runtime_error("step " + std::to_string(i + 1) + " (seat " + std::to_string(c.seat) + ", " +
                                     to_string(c.command.type) + "): the engine refuses it: " + std::string(error->message));
        ops.clear();
        proto::update_public_parts(game, public_parts, &sink);
        proto::update_viewer_parts(game, proto::kSpectator, spectator_parts, &sink);
        json step = {{"seat", c.seat},
                     {"command", proto::command_json(c.command)},
                     {"events", proto::events_json(events, proto::kSpectator, names)},
                     {"patch", ops_array(ops)}};
        if (reveal) {  // each event as its own actor saw it: the stolen resource, the bought card
            json all = json::array();
            for (const Event& e : events) all.push_back(proto::event_json(e, e.player < kMaxPlayers ? e.player : proto::kSpectator, names));
            step["revealed_events"] = std::move(all);
        }
        steps.push_back(std::move(step));
    }
    const bool over = game.phase == Phase::GameOver;
    return {{"v", proto::kProtocolVersion},
            {"code", in.code},
            {"game", in.game},
            {"options",
             {{"players", in.options.players},
              {"vp_target", in.options.victory_target},
              {"discard_limit", in.options.discard_limit},
              {"friendly_robber", in.options.friendly_robber},
              {"balanced_board", in.options.balanced_board},
              {"first_by_dice", in.options.first_by_dice},
              {"turn_structure", to_string(in.options.turn_structure)}}},
            {"seats", std::move(seats)},
            {"finished", over},
            {"winner", over ? json(game.winner) : json(nullptr)},
            {"fairness",
             {{"commitment", commitment_of(in.options.seed, in.salt)},
              {"seed", reveal ? json(std::to_string(in.options.seed)) : json(nullptr)},
              {"salt", reveal ? json(in.salt) : json(nullptr)},
              {"seed_chosen", in.seed_chosen}}},
            {"start", std::move(start)},
            {"start_events", start_events},
            {"steps", std::move(steps)}};
}

}  // namespace catan::room
