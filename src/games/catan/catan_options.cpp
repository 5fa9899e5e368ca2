#include "catan_options.hpp"

#include <charconv>
#include <stdexcept>

#include <algorithm>

#include "catan/engine/engine.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/proto/decode_error.hpp"
#include "catan/proto/rules_json.hpp"

namespace catan::games {

using game::Json;
using Kind = proto::DecodeErrorKind;

namespace {

// The engine's names where the wire's differ (the room's options_error in envelope.cpp does the same).
std::string_view wire_name(std::string_view engine_name) { return engine_name == "victory_target" ? "vp_target" : engine_name; }

// As the room's options_error (envelope.cpp) words it today, so the switch changes no reply.
game::Error option_error(proto::DecodeErrorKind kind, std::string_view prefix, std::string_view name, const std::string& allowed,
                         std::string_view rule) {
    const std::string field = std::string(prefix) + (prefix.empty() ? "" : ".") + std::string(name);
    return {proto::to_string(kind), "field '" + field + "' must be " + allowed + (rule.empty() ? "" : " (" + std::string(rule) + ")"),
            field, {}};
}

std::optional<TurnStructure> parse_turn_structure(std::string_view name) {
    for (const TurnStructure t : {TurnStructure::Paired, TurnStructure::SpecialBuild})
        if (name == to_string(t)) return t;
    return std::nullopt;
}

std::optional<Layout> parse_layout(std::string_view name) {
    for (const Layout l : {Layout::Random, Layout::Beginner})
        if (name == to_string(l)) return l;
    return std::nullopt;
}

}  // namespace

Json option_schema(int players) {
    Json schema = proto::rules_json(board_for_players(players))["options"];
    for (auto& [name, entry] : schema.items()) {
        if (entry.contains("values"))
            entry["type"] = "enum";
        else if (entry["default"].is_boolean())
            entry["type"] = "bool";
        else
            entry["type"] = "int";
    }
    return schema;
}

Json default_options(int players) {
    Json options = Json::object();
    const Json schema = option_schema(players);
    for (const auto& [name, entry] : schema.items()) options[name] = entry["default"];
    options["players"] = players;
    return options;
}

std::optional<game::Error> options_error(const Json& options, std::string_view prefix) {
    if (!options.is_object()) return game::Error{proto::to_string(Kind::WrongType), "the options must be an object", std::string(prefix), {}};
    if (!options.contains("players") || !options["players"].is_number_integer())
        return option_error(Kind::WrongType, prefix, "players", "a whole number of players", {});
    const Json schema = option_schema(options["players"].get<int>());
    for (const auto& [name, value] : options.items()) {
        if (!schema.contains(name)) return option_error(Kind::UnexpectedField, prefix, name, "one of the game's options (no such option)", {});
        const std::string& type = schema[name]["type"].get_ref<const std::string&>();
        if (type == "bool" && !value.is_boolean()) return option_error(Kind::WrongType, prefix, name, "true or false", {});
        if (type == "int" && !value.is_number_integer()) return option_error(Kind::WrongType, prefix, name, "a whole number", {});
        if (type == "enum" && !(value.is_string() && std::find(schema[name]["values"].begin(), schema[name]["values"].end(), value) !=
                                                         schema[name]["values"].end()))
            return option_error(Kind::OutOfRange, prefix, name, "one of " + schema[name]["values"].dump(), {});
    }
    const auto error = validate_options(game_options(options, 0));
    if (!error) return std::nullopt;
    // The engine writes "<option>: <allowed values>".
    const std::string_view text = error->message;
    const auto colon = text.find(':');
    std::string allowed(colon == std::string_view::npos ? text : text.substr(colon + 1));
    while (!allowed.empty() && allowed.front() == ' ') allowed.erase(allowed.begin());
    return option_error(Kind::OutOfRange, prefix, wire_name(text.substr(0, colon)), allowed, error->rule);
}

GameOptions game_options(const Json& options, std::uint64_t seed) {
    GameOptions o;
    o.players = options.value("players", o.players);
    o.victory_target = options.value("vp_target", o.victory_target);
    o.discard_limit = options.value("discard_limit", o.discard_limit);
    o.friendly_robber = options.value("friendly_robber", o.friendly_robber);
    o.balanced_board = options.value("balanced_board", o.balanced_board);
    o.first_by_dice = options.value("first_by_dice", o.first_by_dice);
    if (options.contains("turn_structure"))
        o.turn_structure = parse_turn_structure(options["turn_structure"].get_ref<const std::string&>()).value_or(o.turn_structure);
    if (options.contains("scenario") && options["scenario"].is_string())
        o.scenario = scenario_from_name(options["scenario"].get_ref<const std::string&>()).value_or(Scenario::None);
    if (options.contains("layout") && options["layout"].is_string())
        o.layout = parse_layout(options["layout"].get_ref<const std::string&>()).value_or(Layout::Random);
    o.seed = seed;
    return o;
}

Json module_options(const GameOptions& o) {
    Json j = {{"players", o.players},
              {"vp_target", o.victory_target},
              {"discard_limit", o.discard_limit},
              {"friendly_robber", o.friendly_robber},
              {"balanced_board", o.balanced_board},
              {"first_by_dice", o.first_by_dice},
              {"turn_structure", to_string(o.turn_structure)}};
    // Only with a scenario, so that a base game's replay record reads as it always did.
    if (o.scenario != Scenario::None) j["scenario"] = to_string(o.scenario);
    // Only with the beginner set-up, likewise.
    if (o.layout != Layout::Random) j["layout"] = to_string(o.layout);
    return j;
}

namespace {

// House rules only when not the default: records of games without them read as before they existed.
void put_house_rules(Json& j, const GameOptions& o) {
    const GameOptions defaults;
    if (o.discard_limit != defaults.discard_limit) j["discard_limit"] = o.discard_limit;
    if (o.friendly_robber) j["friendly_robber"] = true;
    if (o.balanced_board) j["balanced_board"] = true;
    if (o.first_by_dice) j["first_by_dice"] = true;
    if (o.turn_structure != defaults.turn_structure) j["turn_structure"] = to_string(o.turn_structure);
    if (o.scenario != Scenario::None) j["scenario"] = to_string(o.scenario);
    if (o.layout != Layout::Random) j["layout"] = to_string(o.layout);
}

}  // namespace

Json stored_options(const Json& options) {
    const GameOptions o = game_options(options, 0);
    Json j = {{"vp_target", o.victory_target}};
    put_house_rules(j, o);
    return j;
}

std::variant<Json, game::Error> options_from_stored(const Json& stored, int players) {
    if (!stored.is_object() || !stored.contains("vp_target"))
        return game::Error{proto::to_string(Kind::MissingField), "field 'options.vp_target' is missing", "options.vp_target", {}};
    Json options = default_options(players);
    for (const auto& [name, value] : options.items())
        if (name != "players" && stored.contains(name)) options[name] = stored[name];
    if (auto error = options_error(options, "options")) return *std::move(error);
    return options;
}

Json options_record(const GameOptions& o) {
    Json j = {{"players", o.players}, {"victory_target", o.victory_target}, {"seed", std::to_string(o.seed)}};
    put_house_rules(j, o);
    return j;
}

std::optional<game::Error> record_error(const Json& record) {
    if (!record.is_object()) return game::Error{proto::to_string(Kind::WrongType), "the options record must be an object", {}, {}};
    for (const char* key : {"players", "victory_target"}) {
        if (!record.contains(key)) return game::Error{proto::to_string(Kind::MissingField), "field '" + std::string(key) + "' is missing", key, {}};
        if (!record[key].is_number_integer())
            return game::Error{proto::to_string(Kind::WrongType), "field '" + std::string(key) + "' must be a whole number", key, {}};
    }
    if (!record.contains("seed") || !record["seed"].is_string())
        return game::Error{proto::to_string(Kind::WrongType), "field 'seed' must be a decimal number written as a string", "seed", {}};
    Json options = {{"players", record["players"]}, {"vp_target", record["victory_target"]}};
    for (const char* key : {"discard_limit", "friendly_robber", "balanced_board", "first_by_dice", "turn_structure", "scenario", "layout"})
        if (record.contains(key)) options[key] = record[key];
    auto error = options_error(options, "");
    if (error && error->field == "vp_target") {
        error->field = "victory_target";
        error->message = "field 'victory_target'" + error->message.substr(error->message.find('\'', 7) + 1);
    }
    return error;
}

GameOptions options_from_record(const Json& j) {
    try {
        GameOptions o;
        o.players = j.at("players").get<int>();
        o.victory_target = j.at("victory_target").get<int>();
        const auto& seed = j.at("seed").get_ref<const std::string&>();
        const auto [end, ec] = std::from_chars(seed.data(), seed.data() + seed.size(), o.seed);
        if (ec != std::errc() || end != seed.data() + seed.size()) throw std::runtime_error("bad seed \"" + seed + "\"");
        o.discard_limit = j.value("discard_limit", o.discard_limit);
        o.friendly_robber = j.value("friendly_robber", o.friendly_robber);
        o.balanced_board = j.value("balanced_board", o.balanced_board);
        o.first_by_dice = j.value("first_by_dice", o.first_by_dice);
        if (j.contains("turn_structure")) {
            const std::string& name = j["turn_structure"].get_ref<const std::string&>();
            const auto t = parse_turn_structure(name);
            if (!t) throw std::runtime_error("options with the turn structure \"" + name + "\"");
            o.turn_structure = *t;
        }
        if (j.contains("scenario")) {
            const std::string& name = j["scenario"].get_ref<const std::string&>();
            const auto s = scenario_from_name(name);
            if (!s) throw std::runtime_error("options with the scenario \"" + name + "\"");
            o.scenario = *s;
        }
        if (j.contains("layout")) {
            const std::string& name = j["layout"].get_ref<const std::string&>();
            const auto l = parse_layout(name);
            if (!l) throw std::runtime_error("options with the layout \"" + name + "\"");
            o.layout = *l;
        }
        if (const auto error = validate_options(o)) throw std::runtime_error("game options: " + std::string(error->message));
        return o;
    } catch (const Json::exception& e) {
        throw std::runtime_error(std::string("game options: ") + e.what());
    }
}

}  // namespace catan::games
