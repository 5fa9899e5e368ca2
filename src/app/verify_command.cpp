// `catan-server verify FILE`: checks a saved replay record. The seed and salt must hash to the
// commitment published at the start; the game re-run from that seed must accept every command of the
// log; and what the record says each step caused (events, view patches, the winner) must be exactly
// what the re-run produces. Any difference is named by its step and field.
#include "catan/app/verify_command.hpp"

#include <charconv>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>

#include "catan/game/module.hpp"
#include "catan/room/envelope.hpp"
#include "catan/room/replay.hpp"

namespace catan::app {

using room::commitment_of;
using room::commitment_text;
using room::kSaltBytes;
using room::ReplayInput;
using room::replay_record;

using nlohmann::json;

namespace {

constexpr int kVerified = 0, kDiffers = 1, kCannotCheck = 2;

bool is_salt(const json& j) {
    if (!j.is_string() || j.get_ref<const std::string&>().size() != 2 * kSaltBytes) return false;
    for (char c : j.get_ref<const std::string&>())
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

std::optional<std::uint64_t> parse_seed(const json& j) {
    if (!j.is_string()) return std::nullopt;
    const auto& s = j.get_ref<const std::string&>();
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), seed);
    if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
    return seed;
}

// The first field where two values differ, as a JSON Pointer below `at` ("" when equal).
std::string first_difference(const json& a, const json& b, const std::string& at) {
    if (a == b) return {};
    if (a.type() != b.type() || a.is_primitive()) return at.empty() ? "/" : at;
    if (a.is_array()) {
        if (a.size() != b.size()) return (at.empty() ? "/" : at) + " (length " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + ")";
        for (std::size_t i = 0; i < a.size(); ++i)
            if (auto d = first_difference(a[i], b[i], at + "/" + std::to_string(i)); !d.empty()) return d;
    }
    for (const auto& [key, value] : a.items()) {
        if (!b.contains(key)) return at + "/" + key + " (only in the record)";
        if (auto d = first_difference(value, b[key], at + "/" + key); !d.empty()) return d;
    }
    for (const auto& [key, value] : b.items())
        if (!a.contains(key)) return at + "/" + key + " (missing from the record)";
    return at.empty() ? "/" : at;
}

bool holds_event(const json& steps, std::string_view type) {
    for (const json& step : steps)
        for (const char* field : {"events", "revealed_events"})
            if (step.is_object() && step.contains(field) && step[field].is_array())
                for (const json& e : step[field])
                    if (e.is_object() && e.value("type", "") == type) return true;
    return false;
}

void drop_events(json& events, std::string_view type) {
    json kept = json::array();
    for (json& e : events)
        if (e.value("type", "") != type) kept.push_back(std::move(e));
    events = std::move(kept);
}

// A record made before the turn structure and the house rules existed shows neither doc.game.step
// and turn_player nor the house rules in doc.game.options: the re-run's start and patches are
// compared without them, which say nothing for such a game (always "turn", turn_player equal to
// current, every option at its default).
bool holds_op(const json& steps, std::string_view path) {
    for (const json& step : steps)
        if (step.is_object() && step.contains("patch") && step["patch"].is_array())
            for (const json& op : step["patch"])
                if (op.is_object() && op.value("path", "") == path) return true;
    return false;
}

bool before_issue_12(const json& record) {
    if (record.contains("start") && record["start"].is_object()) return !record["start"].contains("step");
    return !holds_op(record["steps"], "/turn_player") && !holds_op(record["steps"], "/step");
}

void drop_issue_12_parts(json& rerun, const json& record) {
    if (rerun.contains("start") && record.contains("start") && record["start"].is_object()) {
        json& start = rerun["start"];
        start.erase("step");
        start.erase("turn_player");
        const json& old_options = record["start"].value("options", json::object());
        if (start.contains("options") && old_options.is_object())
            for (auto it = start["options"].begin(); it != start["options"].end();)
                it = old_options.contains(it.key()) ? std::next(it) : start["options"].erase(it);
    }
    for (json& step : rerun["steps"]) {
        json kept = json::array();
        for (json& op : step["patch"])
            if (op.value("path", "") != "/step" && op.value("path", "") != "/turn_player") kept.push_back(std::move(op));
        step["patch"] = std::move(kept);
    }
}

int verify(const json& record, std::ostream& out) {
    const auto fail = [&](const std::string& what) {
        out << "NOT VERIFIED: " << what << "\n";
        return kDiffers;
    };
    if (!record.is_object() || !record.contains("fairness") || !record["fairness"].is_object() || !record.contains("steps") ||
        !record["steps"].is_array() || !record.contains("options") || !record["options"].is_object() || !record.contains("seats") ||
        !record["seats"].is_array()) {
        out << "cannot verify: this is not a replay record (expected the body of GET /api/rooms/{code}/replay)\n";
        return kCannotCheck;
    }
    const json& fairness = record["fairness"];
    if (fairness.value("seed", json()).is_null()) {
        out << "cannot verify yet: the game is still running, so its seed is not revealed; save the record again "
               "once the game is over\n";
        return kCannotCheck;
    }
    const auto seed = parse_seed(fairness["seed"]);
    if (!seed) return fail("fairness.seed is not a decimal number");
    if (!is_salt(fairness.value("salt", json()))) return fail("fairness.salt is not 32 lowercase hex digits");
    const std::string salt = fairness["salt"].get<std::string>();
    const std::string commitment = commitment_of(*seed, salt);
    if (fairness.value("commitment", json()) != commitment)
        return fail("the commitment does not match the seed and salt: SHA-256 of \"" + commitment_text(*seed, salt) + "\" is " +
                    commitment + ", the record says " + fairness.value("commitment", json()).dump());
    out << "commitment ok: SHA-256(\"" << commitment_text(*seed, salt) << "\") = " << commitment << "\n";

    ReplayInput in;
    in.code = record.value("code", "");
    in.game = record.value("game", std::int64_t{0});
    in.salt = salt;
    in.reveal = true;
    in.seed = *seed;
    // Records of Catan games name no module (as before modules existed).
    const json module_id = record.value("module", json(std::string(room::kDefaultGame)));
    in.module = module_id.is_string() ? game::find_module(module_id.get<std::string>()) : nullptr;
    if (!in.module) return fail("module " + module_id.dump() + " is not a game this tool knows");
    // The options a record names (Catan: players and vp_target always; the house rules and the turn
    // structure where the record has them, their defaults where it has not), judged by the game.
    const json& options = record["options"];
    if (!options.value("players", json()).is_number_integer()) return fail("options.players must be an integer");
    auto loaded = in.module->load_options(options, options["players"].get<int>());
    if (const auto* error = std::get_if<game::Error>(&loaded)) return fail("the options are not valid: " + error->message);
    in.options = std::get<json>(std::move(loaded));
    for (const auto& [key, value] : options.items())
        if (!in.options.contains(key)) return fail("options." + key + " is not an option of this game");
    for (const json& name : record["seats"]) in.names.push_back(name.is_string() ? name.get<std::string>() : std::string());
    const auto game = in.module->start(in.options, *seed);
    const json& steps = record["steps"];
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const json& step = steps[i];
        const std::string where = "step " + std::to_string(i + 1);
        if (!step.is_object() || !step.value("seat", json()).is_number_integer() || !step.contains("command"))
            return fail(where + " has no seat or command");
        const int seat = step["seat"].get<int>();
        if (seat < 0 || seat >= game->players()) return fail(where + ": seat " + std::to_string(seat) + " is not in the game");
        auto command = game->decode(step["command"], seat);
        if (const auto* error = std::get_if<game::Error>(&command)) return fail(where + ": the command does not decode: " + error->message);
        in.commands.push_back(std::get<game::MovePtr>(std::move(command)));
    }
    json rerun;
    try {
        rerun = replay_record(in);
    } catch (const std::exception& e) {
        return fail(std::string("the command log does not fit the seed: ") + e.what());
    }
    if (!rerun["finished"].get<bool>()) return fail("the command log does not end the game, yet its seed was revealed");
    if (before_issue_12(record)) drop_issue_12_parts(rerun, record);
    if (record.contains("start_events"))
        if (auto d = first_difference(record["start_events"], rerun["start_events"], "/start_events"); !d.empty())
            return fail("the events of the start (first-player rolls) differ from what the seed produces, at " + d);
    if (record.contains("start")) {
        if (auto d = first_difference(record["start"], rerun["start"], "/start"); !d.empty())
            return fail("the starting board differs from the one the seed deals, at " + d);
    }
    // A record saved before hex_produced events existed has every other event: it is
    // compared with the re-run less those, which add nothing the produced events do not say.
    if (!holds_event(steps, "hex_produced"))
        for (json& step : rerun["steps"])
            for (const char* field : {"events", "revealed_events"})
                if (step.contains(field)) drop_events(step[field], "hex_produced");
    for (std::size_t i = 0; i < steps.size(); ++i)
        for (const char* field : {"events", "revealed_events", "patch"})
            if (steps[i].contains(field))
                if (auto d = first_difference(steps[i][field], rerun["steps"][i][field], "/steps/" + std::to_string(i) + "/" + field);
                    !d.empty())
                    return fail("step " + std::to_string(i + 1) + " (seat " + std::to_string(in.commands[i]->seat()) + ", " +
                                in.commands[i]->name() + "): the recorded " + field +
                                " differ from what the seed produces, at " + d);
    if (record.value("winner", json()) != rerun["winner"])
        return fail("the record names winner " + record.value("winner", json()).dump() + ", the re-run " + rerun["winner"].dump());
    const int winner = rerun["winner"].get<int>();
    int rolls = 0, steals = 0, draws = 0;
    for (const json& step : rerun["steps"])
        for (const json& e : step["revealed_events"]) {
            rolls += e["type"] == "dice_rolled";
            steals += e["type"] == "stole";
            draws += e["type"] == "dev_card_bought";
        }
    out << "replayed " << steps.size() << " commands from seed " << *seed << ": every command applies and the record matches the "
        << "re-run (" << rolls << " dice rolls, " << steals << " steals, " << draws << " development cards drawn)\n";
    // The record is consistent, but a seed a client chose was known to them from the start.
    const bool chosen = fairness.value("seed_chosen", json(false)) == json(true);
    if (chosen)
        out << "NOT FAIR: a client chose this game's seed (a test server run with --allow-client-seeds), so they could "
               "predict every roll, steal and card draw; the commitment only shows the seed was not changed during the game\n";
    out << (chosen ? "VERIFIED (but not fair): game " : "VERIFIED: game ") << in.game << " of room " << in.code << ", won by seat " << winner
        << (winner < static_cast<int>(in.names.size()) && !in.names[winner].empty() ? " (" + in.names[winner] + ")" : std::string()) << "\n";
    return kVerified;
}

}  // namespace

int run_verify(const std::string& path, std::ostream& out) {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        out << "cannot verify: cannot open " << path << "\n";
        return kCannotCheck;
    }
    std::stringstream text;
    text << file.rdbuf();
    const json record = json::parse(text.str(), nullptr, false);
    if (record.is_discarded()) {
        out << "cannot verify: " << path << " is not valid JSON (save the body of GET /api/rooms/{code}/replay)\n";
        return kCannotCheck;
    }
    return verify(record, out);
}

}  // namespace catan::app
