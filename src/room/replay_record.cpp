// The commitment and the public replay record. The record's steps are made by re-running the game
// from its seed through its module and writing, after each command, what a spectator was sent: the
// events and the RFC 6902 patch of the spectator's view. A viewer can thus show the board at every
// step without an engine, and `verify` re-runs the same code to check a record step by step.
#include <optional>
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

namespace {

// The record re-run step by step: `head` gets the record without its steps as it stands at the start
// ("finished" false, "winner" null), `step_done` each step as it is made, so a caller can write each
// step and let it go. Returns the winner when the game is over (-1 while it goes on).
template <class Head, class Step>
std::optional<int> replay_steps(const ReplayInput& in, Head&& head, Step&& step_done) {
    const bool reveal = in.reveal;
    const std::unique_ptr<game::Session> game = in.module->start(in.options, in.seed);
    game::ViewParts public_parts, spectator_parts;
    game->update_public(public_parts);
    game->update_viewer(game::kSpectator, spectator_parts);
    {
        json seats = json::array();
        for (const std::string& name : in.names) seats.push_back(name);
        json record = {{"v", proto::kProtocolVersion},
                       {"code", in.code},
                       {"game", in.game},
                       {"options", in.options},
                       {"seats", std::move(seats)},
                       {"finished", false},
                       {"winner", nullptr},
                       {"fairness",
                        {{"commitment", commitment_of(in.seed, in.salt)},
                         {"seed", reveal ? json(std::to_string(in.seed)) : json(nullptr)},
                         {"salt", reveal ? json(in.salt) : json(nullptr)},
                         {"seed_chosen", in.seed_chosen}}},
                       {"start", game->assemble(public_parts, spectator_parts)},
                       {"start_events", game->last_events(game::kSpectator, in.names)}};  // Catan: the first-player rolls (R-O5)
        // Records of Catan games name no game, as before modules existed.
        if (in.module->id() != kDefaultGame) record["module"] = in.module->id();
        head(std::move(record));
    }
    std::string ops;
    const game::PatchSink sink{ops, ""};
    for (std::size_t i = 0; i < in.commands.size(); ++i) {
        const game::Move& move = *in.commands[i];
        const auto applied = game->replay(move);  // accepted by the room once: replayed as it was
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
        step_done(std::move(step), i);
    }
    if (!game->over()) return std::nullopt;
    return game->winner();
}

}  // namespace

json replay_record(const ReplayInput& in) {
    json record, steps = json::array();
    const auto winner = replay_steps(
        in, [&](json head) { record = std::move(head); }, [&](json step, std::size_t) { steps.push_back(std::move(step)); });
    record["steps"] = std::move(steps);
    record["finished"] = winner.has_value();
    if (winner) record["winner"] = *winner;
    return record;
}

// The same bytes as replay_record(in).dump(), without the record's tree: a json value takes some ten
// times the text it dumps to, and a long game's record is megabytes. Each step is written as it is
// made, into the one string that becomes the answer. dump() writes members in key order: every
// member but "steps" sorts before it but "v" and "winner" after.
std::string replay_record_text(const ReplayInput& in) {
    std::string text;
    std::size_t finished_at = std::string::npos;  // where the head's `false` of "finished" is
    json after;
    const std::size_t commands = in.commands.size();
    const auto winner = replay_steps(
        in,
        [&](json head) {
            after = {{"v", std::move(head["v"])}};
            head.erase("v");
            head.erase("winner");
            text = head.dump();
            // The first "finished" key in the text is the record's own: fairness (before it) has no
            // such member, and a quote inside a string is escaped.
            finished_at = text.find("\"finished\":false") + 11;
            text.back() = ',';
            text += "\"steps\":[";
        },
        [&](const json& step, std::size_t i) {
            if (i > 0) text += ',';
            text += step.dump();
            // Grown by a guess from the first steps rather than by doubling, which would hold up to
            // three times the text while it copies.
            if (i + 1 == 32 && commands > 64) text.reserve(text.size() + (text.size() / 32) * (commands - 32) * 5 / 4);
        });
    text += "],";
    if (winner) {
        text.replace(finished_at, 5, "true");  // shorter: in place
        after["winner"] = *winner;
    } else {
        after["winner"] = nullptr;
    }
    text.append(after.dump(), 1);  // without its "{": "v" and "winner", then "}"
    return text;
}

}  // namespace catan::room
