// Rebuilding a room from the store: seats and tokens as they were, chat, and the game from its latest
// snapshot plus every later command, each re-applied by the engine. A record that does not rebuild
// (an unknown phase, a gap in the log, a command the engine refuses) is corrupt: restore throws and
// the hub sets that room aside, the others carry on.
#include <charconv>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "catan/proto/proto.hpp"
#include "room.hpp"
#include "stored_json.hpp"

namespace catan::room {

using nlohmann::json;

namespace {

std::string seed_text(std::uint64_t seed) { return std::to_string(seed); }

std::uint64_t parse_seed(const json& j) {
    const auto& s = j.get_ref<const std::string&>();
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), seed);
    if (ec != std::errc() || end != s.data() + s.size()) throw std::runtime_error("bad seed \"" + s + "\"");
    return seed;
}

RoomPhase parse_phase(const std::string& text) {
    for (RoomPhase p : {RoomPhase::Lobby, RoomPhase::Playing, RoomPhase::Finished})
        if (text == to_string(p)) return p;
    throw std::runtime_error("unknown phase \"" + text + "\"");
}

[[noreturn]] void corrupt(const std::string& what) { throw std::runtime_error(what); }

// The house rules and the turn structure (issue 12), each written only when it is not the default:
// rooms and games without them are stored (and exported) exactly as before they existed.
void put_house_rules(json& j, const GameOptions& o) {
    const GameOptions defaults;
    if (o.discard_limit != defaults.discard_limit) j["discard_limit"] = o.discard_limit;
    if (o.friendly_robber) j["friendly_robber"] = true;
    if (o.balanced_board) j["balanced_board"] = true;
    if (o.first_by_dice) j["first_by_dice"] = true;
    if (o.turn_structure != defaults.turn_structure) j["turn_structure"] = to_string(o.turn_structure);
}

// Absent: a record written before them, the default.
void get_house_rules(const json& j, GameOptions& o) {
    if (j.contains("discard_limit")) o.discard_limit = j["discard_limit"].get<int>();
    if (j.contains("friendly_robber")) o.friendly_robber = j["friendly_robber"].get<bool>();
    if (j.contains("balanced_board")) o.balanced_board = j["balanced_board"].get<bool>();
    if (j.contains("first_by_dice")) o.first_by_dice = j["first_by_dice"].get<bool>();
    if (j.contains("turn_structure")) {
        const std::string& name = j["turn_structure"].get_ref<const std::string&>();
        if (name == to_string(TurnStructure::Paired))
            o.turn_structure = TurnStructure::Paired;
        else if (name == to_string(TurnStructure::SpecialBuild))
            o.turn_structure = TurnStructure::SpecialBuild;
        else
            corrupt("options with the turn structure \"" + name + "\"");
    }
}

}  // namespace

json room_options_json(const RoomOptions& o) {
    json j = {{"players", o.players}, {"vp_target", o.vp_target}, {"takeover_after", o.takeover_after}};
    if (o.seed) j["seed"] = seed_text(*o.seed);
    // Only when on: a room without a timer is stored (and exported) exactly as before the timer existed.
    if (o.turn_timer != 0) j["turn_timer"] = o.turn_timer;
    put_house_rules(j, o.game_options(o.players));
    return j;
}

RoomOptions room_options_from_json(const json& j) {
    RoomOptions o;
    o.players = j.at("players").get<int>();
    o.vp_target = j.at("vp_target").get<int>();
    if (j.contains("seed")) o.seed = parse_seed(j["seed"]);
    if (j.contains("takeover_after")) o.takeover_after = j["takeover_after"].get<int>();  // kNeverTakeOver for never
    if (j.contains("turn_timer")) o.turn_timer = j["turn_timer"].get<int>();  // absent: written before the timer, off
    if (!valid_turn_timer(o.turn_timer)) corrupt("room options with a turn timer of " + std::to_string(o.turn_timer) + " s");
    if (o.players < kMinPlayers || o.players > kMaxPlayers) corrupt("room options with " + std::to_string(o.players) + " players");
    GameOptions house = o.game_options(o.players);
    get_house_rules(j, house);
    if (const auto error = validate_options(house)) corrupt("room options: " + std::string(error->message));
    o.discard_limit = house.discard_limit;
    o.friendly_robber = house.friendly_robber;
    o.balanced_board = house.balanced_board;
    o.first_by_dice = house.first_by_dice;
    o.turn_structure = house.turn_structure;
    return o;
}

json game_options_json(const GameOptions& o) {
    json j = {{"players", o.players}, {"victory_target", o.victory_target}, {"seed", seed_text(o.seed)}};
    put_house_rules(j, o);
    return j;
}

GameOptions game_options_from_json(const json& j) {
    GameOptions o;
    o.players = j.at("players").get<int>();
    o.victory_target = j.at("victory_target").get<int>();
    o.seed = parse_seed(j.at("seed"));
    get_house_rules(j, o);
    if (const auto error = validate_options(o)) corrupt("game options: " + std::string(error->message));
    return o;
}

RebuiltGame rebuild_game(const store::StoredRoom& stored) {
    const store::RoomRecord& r = stored.room;
    const json stored_options = json::parse(r.game_options);
    const GameOptions options = game_options_from_json(stored_options);
    RebuiltGame out;
    // A game started before commitments existed has no salt: it is played on without one.
    if (stored_options.contains("salt")) {
        const json& salt = stored_options["salt"];
        if (!salt.is_string() || salt.get_ref<const std::string&>().size() != 2 * kSaltBytes ||
            salt.get_ref<const std::string&>().find_first_not_of("0123456789abcdef") != std::string::npos)
            corrupt("the game's salt is not " + std::to_string(2 * kSaltBytes) + " lowercase hex digits");
        out.salt = salt.get<std::string>();
    }
    const json room_options = json::parse(r.options);
    if (stored_options.contains("seed_chosen") && !stored_options["seed_chosen"].is_boolean())
        corrupt("the game's seed_chosen is not true or false");
    out.seed_chosen = stored_options.value("seed_chosen", false) ||
                      (room_options.contains("seed") && parse_seed(room_options["seed"]) == options.seed);
    GameState& game = out.state;
    std::int64_t& applied = out.applied;
    if (stored.snapshot) {
        auto decoded = proto::decode_state(std::string_view(stored.snapshot->state));
        if (!decoded) corrupt("the snapshot after command " + std::to_string(stored.snapshot->index) + " does not decode: " + decoded.error().message);
        game = std::move(decoded.value());
        if (!(game.options == options)) corrupt("the snapshot belongs to another game");
        applied = stored.snapshot->index;
    } else {
        game = new_game(options);
    }
    // The whole log: every command is decoded (the replay record keeps them); those after the
    // snapshot are re-applied.
    std::int64_t logged = 0;
    for (const store::LoggedCommand& c : stored.commands) {
        const std::string where = "command " + std::to_string(c.index) + " of game " + std::to_string(r.game);
        if (c.index != logged + 1) throw LogError(where + " follows command " + std::to_string(logged) + " (a gap in the log)", c.index);
        ++logged;
        auto command = proto::decode_command(std::string_view(c.command), c.seat, proto::command_bounds(game));
        if (!command) throw LogError(where + " does not decode: " + command.error().message, c.index);
        out.log.push_back({c.seat, command.value()});
        if (c.index <= applied) continue;  // already in the snapshot
        if (const auto error = apply(game, command.value()))
            throw LogError(where + " no longer applies: " + std::string(error->message), c.index);
        ++applied;
    }
    if (applied != logged)
        corrupt("the log of game " + std::to_string(r.game) + " ends at command " + std::to_string(logged) +
                ", before its snapshot after command " + std::to_string(applied));
    const bool over = game.phase == Phase::GameOver;
    if (over != (parse_phase(r.phase) == RoomPhase::Finished)) corrupt("the log and the room's phase disagree on whether the game is over");
    return out;
}

std::shared_ptr<Room> Room::restore(const store::StoredRoom& stored, std::shared_ptr<Executor> executor,
                                    std::shared_ptr<const RoomContext> context) {
    const store::RoomRecord& r = stored.room;
    // A room that throws part-way is dropped; its destructor balances the metrics.
    auto room = std::make_shared<Room>(r.code, room_options_from_json(json::parse(r.options)), r.host_key_hash,
                                      std::move(executor), std::move(context));
    Room& m = *room;
    // Above every seq an earlier server handed out for this room (Store::begin_serving moved it to a
    // new epoch), so a command resent from before the restart is stale, never applied again. Epochs
    // stay below 2^21, so seq stays an exact number in JavaScript (below 2^53).
    if (r.epoch < 0 || r.epoch >= kMaxEpoch) corrupt("its sequence-number epoch " + std::to_string(r.epoch) + " is out of range");
    m.views_.start_at(static_cast<std::uint64_t>(r.epoch) << kEpochShift);
    m.answers_.reset(m.seq());  // nothing sent before the restart is an answer to what follows
    m.created_ms_ = r.created_ms;
    m.game_number_ = r.game;
    m.game_options_ = r.game_options;
    m.phase_ = parse_phase(r.phase);
    for (const store::SeatRecord& s : r.seats) {
        if (s.seat < 0 || s.seat >= m.options_.players || m.seats_[s.seat].taken) corrupt("seat " + std::to_string(s.seat) + " does not fit");
        Seat& seat = m.seats_[s.seat];
        seat.taken = true;
        seat.host = s.host;
        seat.name = s.name;
        seat.token_hash = s.token_hash;
        if (!s.bot.empty()) {
            seat.bot = bots::parse_level(s.bot);
            if (!seat.bot) corrupt("seat " + std::to_string(s.seat) + " has a bot of unknown level \"" + s.bot + "\"");
        }
    }
    for (const std::string& entry : stored.chat) {
        json line = json::parse(entry);
        // Kept by an earlier version: a line without a seat was a spectator's.
        if (line.is_object() && !line.contains("spectator")) line["spectator"] = line.value("seat", json()).is_null();
        m.chat_.push_back(std::move(line));
    }
    // A lobby nobody sits in and nobody spoke in was never joined, as far as the file can tell: it
    // keeps the deadline it had from its creation, so a restart does not bring back rooms made by
    // the thousand to fill the cap.
    m.ever_joined_ = !r.seats.empty() || !stored.chat.empty() || m.phase_ != RoomPhase::Lobby;
    if (!m.ever_joined_) {
        const auto age = std::chrono::milliseconds(std::max<std::int64_t>(0, store::now_ms() - r.created_ms));
        m.idle_since_ = Clock::now() - std::chrono::duration_cast<Clock::duration>(age);
    }
    if (m.phase_ != RoomPhase::Lobby) {
        RebuiltGame rebuilt = rebuild_game(stored);
        m.salt_ = std::move(rebuilt.salt);
        m.game_seed_chosen_ = rebuilt.seed_chosen;
        if (rebuilt.seed_chosen && !json::parse(m.game_options_).contains("seed_chosen")) {
            // Kept with the game from now on: the room's options may lose the seed (below).
            json marked = json::parse(m.game_options_);
            marked["seed_chosen"] = true;
            m.game_options_ = marked.dump();
        }
        if (!m.salt_.empty()) m.commitment_ = commitment_of(rebuilt.state.options.seed, m.salt_);
        m.log_ = std::move(rebuilt.log);
        const bool over = rebuilt.state.phase == Phase::GameOver;
        m.game_ = std::move(rebuilt.state);
        m.rebuild_history(r);
        if (over) {  // the keep period counts from the end of the game, across restarts
            const auto ago = std::chrono::milliseconds(std::max<std::int64_t>(0, store::now_ms() - r.updated_ms));
            m.finished_at_ = Clock::now() - std::chrono::duration_cast<Clock::duration>(ago);
        }
    }
    // A room saved by an earlier version (or by a test server) may carry a seed a client chose. This
    // server draws its own: the seed is dropped for the games to come; the current one, if any, plays
    // on from its own seed, shown as chosen (above). The record loses it at the next lobby save.
    if (m.options_.seed && !m.context_->options.allow_client_seeds) {
        spdlog::warn("[{}] its saved options carry a seed a client chose; this server draws the seeds, so the next game gets "
                     "a random one{}",
                     r.code, m.game_ && m.game_seed_chosen_ ? " (the game being played keeps its seed and is shown as not fair)" : "");
        m.options_.seed.reset();
    }
    m.views_.set_room(m.room_doc());
    m.publish_summary();
    return room;
}

}  // namespace catan::room
