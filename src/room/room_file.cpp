// The "catan-room" document: written from the store's records, read back with proto's strict reader
// (every member checked, unknown ones refused) and then proven by replaying the whole log through the
// room's game module, so an import writes only a room the server will restore exactly as it was.
#include "catan/room/room_file.hpp"

#include <algorithm>

#include "catan/proto/reader.hpp"
#include "catan/room/secret.hpp"
#include "catan/room/text.hpp"
#include "room.hpp"
#include "stored_json.hpp"

namespace catan::room {

using nlohmann::json;
using namespace proto::strict;

namespace {

constexpr std::size_t kMaxCommands = 1'000'000;  // far above any real game (a few hundred to a few thousand)
constexpr std::int64_t kMaxMs = std::int64_t{1} << 50;  // Unix milliseconds until year 37,000: any real time

json parse_record(const std::string& text, const std::string& what) {
    json parsed = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) throw std::runtime_error("the stored " + what + " is not JSON");
    return parsed;
}

// A hex SHA-256 as secret_hash writes it. A 32-digit value is what a raw token or host key looks
// like: refused with its own message, since a document must never carry one.
const std::string& read_hash(const json& v, const Path& where) {
    const std::string& s = read_string(v, where);
    const bool hex = s.find_first_not_of("0123456789abcdef") == std::string::npos;
    if (hex && s.size() == 2 * kSecretBytes)
        fail(proto::DecodeErrorKind::OutOfRange, where,
             "field '" + where.str() + "' looks like a raw token or key, not its hash; export the room again with catan-server export");
    if (!hex || s.size() != 64)
        fail(proto::DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "' must be a SHA-256 hash: 64 lower-case hex digits");
    return s;
}

// The room's own members are read here; the others are its game's, as its module stores them
// (Module::load_options judges them: Catan's vp_target, house rules and turn structure).
RoomOptions read_room_options(const json& v, const Path& where) {
    ObjectReader r(v, where);
    std::string game{kDefaultGame};
    if (const json* p = r.optional("game")) game = read_string(*p, r.path("game"));
    const game::Module* module = game::find_module(game);
    if (!module) fail(proto::DecodeErrorKind::OutOfRange, r.path("game"), "field '" + r.path("game").str() + "' names a game this server does not host: " + quote(game));
    read_int(r.required("players"), r.path("players"), module->min_players(), std::min(module->max_players(), kMaxSeats));
    if (const json* p = r.optional("takeover_after")) read_int(*p, r.path("takeover_after"), kNeverTakeOver, kMaxTakeoverSeconds);
    if (const json* p = r.optional("seed")) read_string(*p, r.path("seed"));
    if (const json* p = r.optional("turn_timer"))
        if (!valid_turn_timer(read_int(*p, r.path("turn_timer"), 0, 120)))
            fail(proto::DecodeErrorKind::OutOfRange, r.path("turn_timer"), "field '" + r.path("turn_timer").str() + "' must be 0, 60, 90 or 120");
    if (const json* p = r.optional("pace"))
        if (const std::string& pace = read_string(*p, r.path("pace")); pace != "live" && pace != "turn_based")
            fail(proto::DecodeErrorKind::OutOfRange, r.path("pace"), "field '" + r.path("pace").str() + "' must be \"live\" or \"turn_based\"");
    if (const json* p = r.optional("turn_hours")) read_int(*p, r.path("turn_hours"), kMinTurnHours, kMaxTurnHours);
    if (const json* p = r.optional("on_timeout"))
        if (const std::string& t = read_string(*p, r.path("on_timeout")); t != "bot" && t != "wait")
            fail(proto::DecodeErrorKind::OutOfRange, r.path("on_timeout"), "field '" + r.path("on_timeout").str() + "' must be \"bot\" or \"wait\"");
    const int players = v["players"].get<int>();
    const json schema = module->option_schema(players);
    json stored = json::object();
    for (const auto& [key, entry] : schema.items())
        if (const json* p = key != "players" ? r.optional(key) : nullptr) stored[key] = *p;
    r.finish();
    // The game's options, judged by its module: the error names the option ("options.discard_limit").
    if (const auto loaded = module->load_options(stored, players); const auto* error = std::get_if<game::Error>(&loaded)) {
        const proto::DecodeErrorKind kind =
            error->code == proto::to_string(proto::DecodeErrorKind::WrongType) ? proto::DecodeErrorKind::WrongType : proto::DecodeErrorKind::OutOfRange;
        throw DecodeFailure{proto::DecodeError{kind, error->field.empty() ? where.str() : error->field, error->message}};
    }
    try {
        return room_options_from_json(v);
    } catch (const std::exception& e) {
        fail(proto::DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "' is not valid: " + e.what());
    }
}

// The game's options record (Session::options_record, with the room's salt and times beside it): its
// module must start a game from it. Every member is kept as it is (a newer server's additions too).
void check_game_options(const game::Module& module, const json& v, const Path& where) {
    read_object(v, where);
    if (v.contains("seed_chosen")) read_bool(v["seed_chosen"], where.child("seed_chosen"));
    const auto started = module.restore(v, nullptr, 0, {});
    if (const auto* error = std::get_if<game::RestoreError>(&started)) {
        if (error->field.empty()) fail(proto::DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "' is not valid: " + error->message);
        fail(proto::DecodeErrorKind::OutOfRange, where.child(error->field), "field '" + where.str() + "': " + error->message);
    }
}

// A display name as this server or an earlier version kept it (trimmed, 1-24 characters of plain
// text): a room exported before names were folded still imports, with its names as they were.
const std::string& read_name(const json& v, const Path& where) {
    const std::string& name = read_string(v, where);
    std::string why;
    if (!kept_name(name, why)) fail(proto::DecodeErrorKind::OutOfRange, where, "field '" + where.str() + "' is not a name the server keeps: " + why);
    return name;
}

// A chat entry as the room keeps and sends it: {"seat", "name", "text", "at", "spectator"}.
std::string read_chat_entry(const json& v, const Path& where) {
    ObjectReader r(v, where);
    if (const json& seat = r.required("seat"); !seat.is_null()) read_int(seat, r.path("seat"), 0, kMaxSeats - 1);
    if (const json& name = r.required("name"); !name.is_null()) read_name(name, r.path("name"));
    const std::string& text = read_string(r.required("text"), r.path("text"));
    std::string why;
    if (!kept_chat(text, why)) fail(proto::DecodeErrorKind::OutOfRange, r.path("text"), "field '" + r.path("text").str() + "': " + why);
    read_int(r.required("at"), r.path("at"), 0, kMaxMs);
    // Older files have no "spectator".
    if (const json* spectator = r.optional("spectator")) read_bool(*spectator, r.path("spectator"));
    r.finish();
    return v.dump();
}

store::SeatRecord read_seat(const json& v, const Path& where, const game::Module& module, int players, std::vector<bool>& taken) {
    ObjectReader r(v, where);
    store::SeatRecord s;
    s.seat = static_cast<int>(read_int(r.required("seat"), r.path("seat"), 0, players - 1));
    if (taken[s.seat]) fail(proto::DecodeErrorKind::Inconsistent, r.path("seat"), "seat " + std::to_string(s.seat) + " appears twice");
    taken[s.seat] = true;
    s.name = read_name(r.required("name"), r.path("name"));
    s.host = read_bool(r.required("host"), r.path("host"));
    const json& bot = r.required("bot");
    if (!bot.is_null()) {
        s.bot = read_string(bot, r.path("bot"));
        const std::vector<std::string> levels = module.bot_levels();
        if (std::find(levels.begin(), levels.end(), s.bot) == levels.end()) {
            std::string known;
            for (const std::string& level : levels) known += ", \"" + level + "\"";
            fail(proto::DecodeErrorKind::OutOfRange, r.path("bot"), "field '" + r.path("bot").str() + "' must be null (a person) or one of the game's bot levels" + known.substr(1));
        }
    }
    const json& token = r.required("token_hash");
    if (s.bot.empty() || !token.is_string() || !token.get_ref<const std::string&>().empty()) s.token_hash = read_hash(token, r.path("token_hash"));
    r.finish();
    return s;
}

store::StoredRoom read_document(const json& doc) {
    const Path top;
    ObjectReader r(doc, top);
    const std::string& format = read_string(r.required("format"), r.path("format"));
    if (format != kRoomFileFormat)
        fail(proto::DecodeErrorKind::OutOfRange, r.path("format"), "field 'format' must be \"catan-room\", not " + quote(format));
    const std::int64_t version = read_int(r.required("version"), r.path("version"), 0, 1'000'000);
    if (version < kOldestRoomFileVersion || version > kRoomFileVersion)
        fail(proto::DecodeErrorKind::OutOfRange, r.path("version"),
             "field 'version' is " + std::to_string(version) + "; this server reads versions " + std::to_string(kOldestRoomFileVersion) +
                 " to " + std::to_string(kRoomFileVersion) +
                 " (export the room again with this server's version, or import it with a newer server)");
    read_int(r.required("exported_ms"), r.path("exported_ms"), 0, kMaxMs);

    store::StoredRoom s;
    store::RoomRecord& room = s.room;
    const std::string& code = read_string(r.required("code"), r.path("code"));
    if (normalize_room_code(code) != code)
        fail(proto::DecodeErrorKind::OutOfRange, r.path("code"), "field 'code' must be a room code: 5 of " + std::string(kRoomCodeAlphabet));
    room.code = code;
    const RoomOptions options = read_room_options(r.required("options"), r.path("options"));
    room.options = room_options_json(options).dump();
    room.sleeps = options.turn_based();  // its turn clock starts afresh where it is imported
    const game::Module& module = *module_of(options);
    room.host_key_hash = read_hash(r.required("host_key_hash"), r.path("host_key_hash"));
    room.phase = read_string(r.required("phase"), r.path("phase"));
    if (room.phase != "lobby" && room.phase != "playing" && room.phase != "finished")
        fail(proto::DecodeErrorKind::OutOfRange, r.path("phase"), "field 'phase' must be \"lobby\", \"playing\" or \"finished\"");
    const bool lobby = room.phase == "lobby";
    room.game = read_int(r.required("game"), r.path("game"), lobby ? 0 : 1, kMaxMs);
    room.created_ms = read_int(r.required("created_ms"), r.path("created_ms"), 0, kMaxMs);
    room.updated_ms = read_int(r.required("updated_ms"), r.path("updated_ms"), 0, kMaxMs);
    // Version 1 predates epochs: its server restarted every room at seq 0, so epoch 0 (the next start
    // makes it 1) is above every seq it handed out.
    if (version >= 2) room.epoch = read_int(r.required("epoch"), r.path("epoch"), 0, kMaxEpoch - 2);

    const auto& seats = read_array(r.required("seats"), r.path("seats"), -1, kMaxSeats);
    std::vector<bool> taken(kMaxSeats, false);
    for (std::size_t i = 0; i < seats.size(); ++i) room.seats.push_back(read_seat(seats[i], r.path("seats").at(i), module, options.players, taken));

    const auto& chat = read_array(r.required("chat"), r.path("chat"), -1, kChatHistory);
    for (std::size_t i = 0; i < chat.size(); ++i) s.chat.push_back(read_chat_entry(chat[i], r.path("chat").at(i)));

    const json& game_options = r.required("game_options");
    if (game_options.is_null()) {
        if (!lobby) fail(proto::DecodeErrorKind::MissingField, r.path("game_options"), "field 'game_options' is needed once a game has started");
    } else {
        check_game_options(module, game_options, r.path("game_options"));
        room.game_options = game_options.dump();
    }

    const auto& commands = read_array(r.required("commands"), r.path("commands"), -1, kMaxCommands);
    if (lobby && !commands.empty())
        fail(proto::DecodeErrorKind::Inconsistent, r.path("commands"), "field 'commands' must be empty in the lobby (no game is being played)");
    for (std::size_t i = 0; i < commands.size(); ++i) {
        const Path where = r.path("commands").at(i);
        ObjectReader c(commands[i], where);
        const int seat = static_cast<int>(read_int(c.required("seat"), c.path("seat"), 0, kMaxSeats - 1));
        const std::string text = read_object(c.required("command"), c.path("command")).dump();
        c.finish();
        s.commands.push_back({static_cast<std::int64_t>(i) + 1, seat, text});
    }
    r.finish();

    if (!lobby) {
        try {
            const RebuiltGame game = rebuild_game(module, s);
            if (game.applied > 0) s.snapshot = store::Snapshot{game.applied, game.session->snapshot()};
        } catch (const LogError& e) {
            fail(proto::DecodeErrorKind::Inconsistent, r.path("commands").at(static_cast<std::size_t>(e.index - 1)),
                 std::string(e.what()) + "; the log is not a game this server can replay");
        } catch (const std::exception& e) {
            fail(proto::DecodeErrorKind::Inconsistent, top, std::string("the room does not replay: ") + e.what());
        }
    }
    return s;
}

}  // namespace

json export_room(const store::StoredRoom& s, std::int64_t exported_ms) {
    const store::RoomRecord& r = s.room;
    json seats = json::array();
    for (const store::SeatRecord& seat : r.seats)
        seats.push_back({{"seat", seat.seat}, {"name", seat.name}, {"token_hash", seat.token_hash}, {"host", seat.host},
                         {"bot", seat.bot.empty() ? json(nullptr) : json(seat.bot)}});
    json chat = json::array();
    for (const std::string& entry : s.chat) chat.push_back(parse_record(entry, "chat entry"));
    const bool lobby = r.phase == "lobby";
    json commands = json::array();
    if (!lobby)
        for (const store::LoggedCommand& c : s.commands) commands.push_back({{"seat", c.seat}, {"command", parse_record(c.command, "command")}});
    return {{"format", kRoomFileFormat},
            {"version", kRoomFileVersion},
            {"exported_ms", exported_ms},
            {"code", r.code},
            {"options", parse_record(r.options, "room options")},
            {"host_key_hash", r.host_key_hash},
            {"phase", r.phase},
            {"game", r.game},
            {"created_ms", r.created_ms},
            {"updated_ms", r.updated_ms},
            {"epoch", r.epoch},
            {"seats", std::move(seats)},
            {"chat", std::move(chat)},
            {"game_options", r.game_options.empty() ? json(nullptr) : parse_record(r.game_options, "game options")},
            {"commands", std::move(commands)}};
}

proto::Decoded<store::StoredRoom> import_room(const json& document) {
    try {
        return read_document(document);
    } catch (const DecodeFailure& f) {
        return f.error;
    }
}

}  // namespace catan::room
