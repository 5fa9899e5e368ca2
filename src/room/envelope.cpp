#include "catan/room/envelope.hpp"

#include <charconv>

#include <algorithm>
#include <stdexcept>

#include "catan/proto/guard.hpp"
#include "catan/proto/parse.hpp"
#include "catan/proto/version.hpp"

namespace catan::room {

using nlohmann::json;
using proto::DecodeError;
using proto::DecodeErrorKind;
using namespace proto::strict;

namespace {

constexpr const char* kTypeNames[kClientTypeCount] = {"create_room", "join",  "rejoin",  "spectate", "leave",
                                                      "set_options", "move_seat", "kick", "add_bot", "remove_bot", "start", "play_again",
                                                      "command",     "chat",  "sync",    "ping"};

constexpr std::size_t kMaxIdChars = 64;
constexpr std::size_t kMaxStringBytes = 4096;  // any single string field; frames are capped at 16 KiB anyway

const std::string& read_text(ObjectReader& r, std::string_view key) {
    const std::string& s = read_string(r.required(key), r.path(key));
    if (s.size() > kMaxStringBytes) fail(DecodeErrorKind::OutOfRange, r.path(key), "field '" + r.path(key).str() + "' is too long");
    return s;
}

std::uint64_t read_seed(const json& v, const Path& where) {
    const std::string& s = read_string(v, where);
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), seed);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size())
        fail(DecodeErrorKind::OutOfRange, where,
             "field '" + where.str() + "' must be a decimal number below 2^64 written as a string");
    return seed;
}

// Seconds (0..86400) or "never".
int read_takeover(const json& v, const Path& where) {
    if (v.is_string()) {
        if (v.get_ref<const std::string&>() == "never") return kNeverTakeOver;
        fail(DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "' must be a number of seconds or \"never\"");
    }
    return static_cast<int>(read_int(v, where, 0, kMaxTakeoverSeconds));
}

int read_turn_timer(const json& v, const Path& where) {
    const std::int64_t seconds = read_int(v, where, INT32_MIN, INT32_MAX);  // any integer: refused below by name
    if (!valid_turn_timer(seconds))
        fail(DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "' must be 0 (off), 60, 90 or 120 seconds");
    return static_cast<int>(seconds);
}

Pace read_pace(const json& v, const Path& where) {
    const std::string& text = read_string(v, where);
    for (const Pace p : {Pace::Live, Pace::TurnBased})
        if (text == to_string(p)) return p;
    fail(DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "' must be \"live\" or \"turn_based\", not " + quote(text));
}

OnTimeout read_on_timeout(const json& v, const Path& where) {
    const std::string& text = read_string(v, where);
    for (const OnTimeout t : {OnTimeout::Bot, OnTimeout::Wait})
        if (text == to_string(t)) return t;
    fail(DecodeErrorKind::OutOfRange, where,
         "field '" + where.str() + "' must be \"bot\" (the bot takes the decision) or \"wait\" (the game waits), not " + quote(text));
}

// A registered module's id.
std::string read_game(const json& v, const Path& where) {
    const std::string& id = read_string(v, where);
    if (!game::find_module(id)) {
        std::string known;
        for (const std::string& m : game::module_ids()) known += (known.empty() ? "" : ", ") + quote(m);
        fail(DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "' must name a game this server hosts (" + known + "), not " + quote(id));
    }
    return id;
}

DecodeError decode_error(game::Error e) {
    DecodeErrorKind kind = DecodeErrorKind::OutOfRange;
    for (const DecodeErrorKind k : {DecodeErrorKind::Malformed, DecodeErrorKind::WrongType, DecodeErrorKind::MissingField,
                                    DecodeErrorKind::UnexpectedField, DecodeErrorKind::UnknownType, DecodeErrorKind::OutOfRange,
                                    DecodeErrorKind::Inconsistent})
        if (e.code == proto::to_string(k)) kind = k;
    return DecodeError{kind, std::move(e.field), std::move(e.message)};
}

// Each game option given, alone (the others at the defaults of a 4-seat game, as the lobby starts):
// its type from the module's schema, its value the module's to judge. Throws DecodeFailure for a type.
std::optional<DecodeError> check_rules(const game::Module& module, const OptionsUpdate& update, const Path& root) {
    const std::string prefix = root.str();
    const json defaults = module.default_options(std::clamp(4, module.min_players(), module.max_players()));
    const auto judge = [&](const std::string& key, const json& value) -> std::optional<DecodeError> {
        json options = defaults;
        options[key] = value;
        if (auto e = module.validate(options, prefix)) return decode_error(*std::move(e));
        return std::nullopt;
    };
    if (update.players && (*update.players < module.min_players() || *update.players > std::min(module.max_players(), kMaxSeats))) {
        if (auto e = judge("players", *update.players)) return e;
        const Path where = root.child("players");
        fail(DecodeErrorKind::OutOfRange, where,
             "field '" + where.str() + "' must be between " + std::to_string(module.min_players()) + " and " +
                 std::to_string(std::min(module.max_players(), kMaxSeats)) + " players");
    }
    const json schema = module.option_schema(std::clamp(4, module.min_players(), module.max_players()));
    for (const auto& [key, value] : update.rules.items()) {
        const Path where = root.child(key);
        if (key == "players" || !schema.contains(key)) fail(DecodeErrorKind::UnexpectedField, where, "unexpected field " + quote(where.str()));
        const std::string type = schema[key].value("type", "");
        if (type == "bool")
            read_bool(value, where);
        else if (type == "int")
            read_int(value, where, INT32_MIN, INT32_MAX);  // any integer: the module decides the range
        else if (type == "enum")
            read_string(value, where);
        if (auto e = judge(key, value)) return e;
    }
    return std::nullopt;
}

// The room's own options are read here; every other member is the game's, kept as given and, for a
// new room (`creating`), checked at once against its game (rules_error). set_options' are checked by
// the room, which knows its game.
OptionsUpdate read_options(const json& v, const Path& where, bool creating) {
    read_object(v, where);
    ObjectReader r(v, where);
    OptionsUpdate o;
    if (const json* p = r.optional("game")) o.game = read_game(*p, r.path("game"));
    if (const json* p = r.optional("players")) o.players = static_cast<int>(read_int(*p, r.path("players"), INT32_MIN, INT32_MAX));
    if (const json* p = r.optional("seed")) o.seed = read_seed(*p, r.path("seed"));
    if (const json* p = r.optional("takeover_after")) o.takeover_after = read_takeover(*p, r.path("takeover_after"));
    if (const json* p = r.optional("turn_timer")) o.turn_timer = read_turn_timer(*p, r.path("turn_timer"));
    if (const json* p = r.optional("pace")) o.pace = read_pace(*p, r.path("pace"));
    if (const json* p = r.optional("turn_hours")) o.turn_hours = static_cast<int>(read_int(*p, r.path("turn_hours"), kMinTurnHours, kMaxTurnHours));
    if (const json* p = r.optional("on_timeout")) o.on_timeout = read_on_timeout(*p, r.path("on_timeout"));
    for (const auto& [key, value] : v.items())
        if (!is_room_option(key)) o.rules[key] = value;
    if (creating)
        if (const game::Module* module = game::find_module(o.game.value_or(std::string(kDefaultGame))))
            if (auto error = check_rules(*module, o, where)) throw DecodeFailure{*std::move(error)};
    return o;
}

int read_seat(ObjectReader& r, std::string_view key) {
    return static_cast<int>(read_int(r.required(key), r.path(key), 0, kMaxSeats - 1));
}

// The id is read before anything else so that every later error can carry it.
json read_id(const json& v, const Path& where) {
    if (v.is_number_integer()) return v;
    if (!v.is_string())
        fail(DecodeErrorKind::WrongType, where, "field 'id' must be a string or an integer");
    if (v.get_ref<const std::string&>().size() > kMaxIdChars)
        fail(DecodeErrorKind::OutOfRange, where, "field 'id' must be at most 64 characters long");
    return v;
}

ClientMessage decode(const json& j, const Path& root) {
    ObjectReader r(j, root);
    if (const json* id = r.optional("id")) (void)read_id(*id, r.path("id"));
    const std::int64_t v = read_int(r.required("v"), r.path("v"), 0, INT32_MAX);
    if (v != proto::kProtocolVersion)
        fail(DecodeErrorKind::OutOfRange, r.path("v"),
             "protocol version " + std::to_string(v) + " is not supported (this server speaks version 1)");
    const std::string& name = read_string(r.required("type"), r.path("type"));
    int type = 0;
    while (type < kClientTypeCount && name != kTypeNames[type]) ++type;
    if (type == kClientTypeCount) fail(DecodeErrorKind::UnknownType, r.path("type"), "unknown message type " + quote(name));

    ClientMessage m;
    m.type = static_cast<ClientType>(type);
    switch (m.type) {
        case ClientType::CreateRoom:
            if (const json* o = r.optional("options")) m.options = read_options(*o, r.path("options"), /*creating=*/true);
            break;
        case ClientType::SetOptions: m.options = read_options(r.required("options"), r.path("options"), /*creating=*/false); break;
        case ClientType::Join:
            m.room = read_text(r, "room");
            m.name = read_text(r, "name");
            if (const json* k = r.optional("host_key")) m.host_key = read_string(*k, r.path("host_key"));
            break;
        case ClientType::Rejoin:
            m.room = read_text(r, "room");
            m.token = read_text(r, "token");
            break;
        case ClientType::Spectate:
            m.room = read_text(r, "room");
            if (const json* d = r.optional("display")) m.display = read_bool(*d, r.path("display"));
            break;
        case ClientType::MoveSeat:
            m.seat = read_seat(r, "seat");
            m.to = read_seat(r, "to");
            break;
        case ClientType::Kick:
        case ClientType::RemoveBot: m.seat = read_seat(r, "seat"); break;
        case ClientType::AddBot:
            m.seat = read_seat(r, "seat");
            m.level = read_text(r, "level");
            break;
        case ClientType::Command: {
            const json& seq = r.required("seq");
            if (!seq.is_number_unsigned() && !(seq.is_number_integer() && seq.get<std::int64_t>() >= 0))
                (void)read_int(seq, r.path("seq"), 0, INT64_MAX);  // reports the wrong type or the negative value
            m.seq = seq.get<std::uint64_t>();
            m.command = read_object(r.required("command"), r.path("command"));
            break;
        }
        case ClientType::Chat: m.text = read_text(r, "text"); break;
        case ClientType::Leave:
        case ClientType::Start:
        case ClientType::PlayAgain:
        case ClientType::Sync:
        case ClientType::Ping: break;
    }
    r.finish();
    return m;
}

}  // namespace

const char* to_string(ClientType type) { return kTypeNames[static_cast<int>(type)]; }

RoomOptions RoomOptions::defaults_for(const game::Module& module) {
    RoomOptions o;
    o.game = module.id();
    o.players = std::clamp(o.players, module.min_players(), std::min(module.max_players(), kMaxSeats));
    o.rules = module.default_options(o.players);
    o.rules.erase("players");
    return o;
}

void RoomOptions::apply(const OptionsUpdate& u) {
    if (u.game) game = *u.game;
    if (u.players) players = *u.players;
    if (u.seed) seed = u.seed;
    if (u.takeover_after) takeover_after = *u.takeover_after;
    if (u.turn_timer) turn_timer = *u.turn_timer;
    if (u.pace) pace = *u.pace;
    if (u.turn_hours) turn_hours = *u.turn_hours;
    if (u.on_timeout) on_timeout = *u.on_timeout;
    for (const auto& [key, value] : u.rules.items()) rules[key] = value;
}

json RoomOptions::game_options(int seated) const {
    json o = rules;
    o["players"] = seated;
    return o;
}

const game::Module* module_of(const RoomOptions& options) {
    const game::Module* module = game::find_module(options.game);
    if (module && module->max_players() > kMaxSeats)
        throw std::logic_error("the game \"" + options.game + "\" has more seats than a room holds");
    return module;
}

std::optional<DecodeError> rules_error(const game::Module& module, const OptionsUpdate& update, std::string_view prefix) {
    const Path top;
    auto checked = guarded([&] { return check_rules(module, update, prefix.empty() ? top : top.child(prefix)); });
    if (!checked) return checked.error();
    return checked.value();
}

std::optional<DecodeError> options_error(const game::Module& module, const RoomOptions& options, int players, std::string_view prefix) {
    if (auto e = module.validate(options.game_options(players), prefix)) return decode_error(*std::move(e));
    return std::nullopt;
}

const char* to_string(Pace pace) { return pace == Pace::TurnBased ? "turn_based" : "live"; }
const char* to_string(OnTimeout on_timeout) { return on_timeout == OnTimeout::Wait ? "wait" : "bot"; }

bool is_room_option(std::string_view key) {
    for (const std::string_view own : {"game", "players", "seed", "takeover_after", "turn_timer", "pace", "turn_hours", "on_timeout"})
        if (key == own) return true;
    return false;
}

bool valid_turn_timer(std::int64_t seconds) {
    for (const int choice : kTurnTimerChoices)
        if (seconds == choice) return true;
    return false;
}

ParsedMessage parse_client_message(std::string_view text) {
    ParsedMessage out;
    bool too_deep = false;
    json j = proto::parse_untrusted(text, &too_deep);
    if (j.is_discarded()) {
        out.error = {DecodeErrorKind::Malformed, "", too_deep ? proto::kTooDeepMessage : "the message is not valid JSON"};
        return out;
    }
    if (!j.is_object()) {
        out.error = {DecodeErrorKind::Malformed, "", "a message must be a JSON object"};
        return out;
    }
    if (const auto it = j.find("id"); it != j.end()) {
        const bool usable = it->is_number_integer() || (it->is_string() && it->get_ref<const std::string&>().size() <= kMaxIdChars);
        if (usable) out.id = *it;
    }
    auto decoded = guarded([&] { return decode(j, Path{}); });
    if (decoded)
        out.message = std::move(decoded).value();
    else
        out.error = decoded.error();
    return out;
}

proto::Decoded<OptionsUpdate> parse_room_options(const json& body) {
    return guarded([&] { return read_options(body, Path{}, /*creating=*/true); });
}

}  // namespace catan::room
