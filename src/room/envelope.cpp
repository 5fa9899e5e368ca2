#include "catan/room/envelope.hpp"

#include <charconv>

#include "catan/engine/engine.hpp"
#include "catan/proto/guard.hpp"
#include "catan/proto/parse.hpp"
#include "catan/proto/proto.hpp"

namespace catan::room {

using nlohmann::json;
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

bots::Level read_level(ObjectReader& r, std::string_view key) {
    const std::string& name = read_string(r.required(key), r.path(key));
    const auto level = bots::parse_level(name);
    if (!level)
        fail(DecodeErrorKind::OutOfRange, r.path(key),
             "field '" + r.path(key).str() + "' must be one of \"random\", \"basic\" or \"strong\", not " + quote(name));
    return *level;
}

TurnStructure read_turn_structure(const json& v, const Path& where) {
    const std::string& name = read_string(v, where);
    for (TurnStructure t : {TurnStructure::Paired, TurnStructure::SpecialBuild})
        if (name == to_string(t)) return t;
    fail(DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "' must be \"paired\" (R-X6) or \"special_build\" (R-X7), not " + quote(name));
}

// Each option given is put to the engine alone (the others at their defaults): its range is the
// engine's to decide, and the error names the field the client sent.
void check_option(const GameOptions& o, const ObjectReader& r) {
    if (auto e = options_error(o, r.where().str())) throw DecodeFailure{*e};
}

template <class T>
void read_option(ObjectReader& r, const char* key, std::optional<T>& out, T GameOptions::* field, std::int64_t lo, std::int64_t hi) {
    const json* p = r.optional(key);
    if (!p) return;
    GameOptions o;
    if constexpr (std::is_same_v<T, bool>)
        o.*field = read_bool(*p, r.path(key));
    else
        o.*field = static_cast<T>(read_int(*p, r.path(key), lo, hi));  // any integer: the engine decides the range
    check_option(o, r);
    out = o.*field;
}

OptionsUpdate read_options(const json& v, const Path& where) {
    ObjectReader r(v, where);
    OptionsUpdate o;
    read_option(r, "players", o.players, &GameOptions::players, INT32_MIN, INT32_MAX);
    read_option(r, "vp_target", o.vp_target, &GameOptions::victory_target, INT32_MIN, INT32_MAX);
    read_option(r, "discard_limit", o.discard_limit, &GameOptions::discard_limit, INT32_MIN, INT32_MAX);
    read_option(r, "friendly_robber", o.friendly_robber, &GameOptions::friendly_robber, 0, 1);
    read_option(r, "balanced_board", o.balanced_board, &GameOptions::balanced_board, 0, 1);
    read_option(r, "first_by_dice", o.first_by_dice, &GameOptions::first_by_dice, 0, 1);
    if (const json* p = r.optional("turn_structure")) o.turn_structure = read_turn_structure(*p, r.path("turn_structure"));
    if (const json* p = r.optional("seed")) o.seed = read_seed(*p, r.path("seed"));
    if (const json* p = r.optional("takeover_after")) o.takeover_after = read_takeover(*p, r.path("takeover_after"));
    if (const json* p = r.optional("turn_timer")) o.turn_timer = read_turn_timer(*p, r.path("turn_timer"));
    r.finish();
    return o;
}

int read_seat(ObjectReader& r, std::string_view key) {
    return static_cast<int>(read_int(r.required(key), r.path(key), 0, kMaxPlayers - 1));
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
            if (const json* o = r.optional("options")) m.options = read_options(*o, r.path("options"));
            break;
        case ClientType::SetOptions: m.options = read_options(r.required("options"), r.path("options")); break;
        case ClientType::Join:
            m.room = read_text(r, "room");
            m.name = read_text(r, "name");
            if (const json* k = r.optional("host_key")) m.host_key = read_string(*k, r.path("host_key"));
            break;
        case ClientType::Rejoin:
            m.room = read_text(r, "room");
            m.token = read_text(r, "token");
            break;
        case ClientType::Spectate: m.room = read_text(r, "room"); break;
        case ClientType::MoveSeat:
            m.seat = read_seat(r, "seat");
            m.to = read_seat(r, "to");
            break;
        case ClientType::Kick:
        case ClientType::RemoveBot: m.seat = read_seat(r, "seat"); break;
        case ClientType::AddBot:
            m.seat = read_seat(r, "seat");
            m.level = read_level(r, "level");
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

void RoomOptions::apply(const OptionsUpdate& u) {
    if (u.players) players = *u.players;
    if (u.vp_target) vp_target = *u.vp_target;
    if (u.seed) seed = u.seed;
    if (u.takeover_after) takeover_after = *u.takeover_after;
    if (u.turn_timer) turn_timer = *u.turn_timer;
    if (u.discard_limit) discard_limit = *u.discard_limit;
    if (u.friendly_robber) friendly_robber = *u.friendly_robber;
    if (u.balanced_board) balanced_board = *u.balanced_board;
    if (u.first_by_dice) first_by_dice = *u.first_by_dice;
    if (u.turn_structure) turn_structure = *u.turn_structure;
}

GameOptions RoomOptions::game_options(int seated) const {
    GameOptions o;
    o.players = seated;
    o.victory_target = vp_target;
    o.discard_limit = discard_limit;
    o.friendly_robber = friendly_robber;
    o.balanced_board = balanced_board;
    o.first_by_dice = first_by_dice;
    o.turn_structure = turn_structure;
    return o;
}

std::optional<proto::DecodeError> options_error(const GameOptions& options, std::string_view prefix) {
    const auto error = validate_options(options);
    if (!error) return std::nullopt;
    // The engine writes "<option>: <allowed values>"; its option names become the wire's.
    const std::string_view text = error->message;
    const auto colon = text.find(':');
    std::string name(text.substr(0, colon));
    std::string allowed(colon == std::string_view::npos ? text : text.substr(colon + 1));
    while (!allowed.empty() && allowed.front() == ' ') allowed.erase(allowed.begin());
    if (name == "victory_target") name = "vp_target";
    const std::string field = std::string(prefix) + (prefix.empty() ? "" : ".") + name;
    return proto::DecodeError{DecodeErrorKind::OutOfRange, field,
                              "field '" + field + "' must be " + allowed + " (" + std::string(error->rule) + ")"};
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
    return guarded([&] { return read_options(body, Path{}); });
}

}  // namespace catan::room
