// Rebuilding a room from the store: seats and tokens as they were, chat, and the game from its latest
// snapshot plus every later command, each re-applied by its game module (Module::restore). A record that does not rebuild
// (an unknown phase, a gap in the log, a command the game refuses) is corrupt: restore throws and
// the hub sets that room aside, the others carry on.
#include <algorithm>
#include <charconv>
#include <stdexcept>

#include <spdlog/spdlog.h>

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

const game::Module& module_named(const std::string& id) {
    const game::Module* module = game::find_module(id);
    if (!module) corrupt("its game \"" + id + "\" is not one this server hosts");
    return *module;
}

}  // namespace

// "game" only when not the default: rooms stored before modules existed read as Catan, and a Catan
// room is stored (and exported) exactly as before.
json room_options_json(const RoomOptions& o) {
    const game::Module& module = module_named(o.game);
    json j = module.store_options(o.game_options(o.players));
    j["players"] = o.players;
    j["takeover_after"] = o.takeover_after;
    if (o.game != kDefaultGame) j["game"] = o.game;
    if (o.seed) j["seed"] = seed_text(*o.seed);
    // Only when on: a room without a timer is stored (and exported) exactly as before the timer existed.
    if (o.turn_timer != 0) j["turn_timer"] = o.turn_timer;
    // Only for a turn-based room: a live room is stored as before turn-based rooms existed.
    if (o.turn_based()) {
        j["pace"] = to_string(o.pace);
        j["turn_hours"] = o.turn_hours;
        j["on_timeout"] = to_string(o.on_timeout);
    }
    return j;
}

RoomOptions room_options_from_json(const json& j) {
    RoomOptions o;
    if (j.contains("game")) o.game = j["game"].get<std::string>();
    const game::Module& module = module_named(o.game);
    o.players = j.at("players").get<int>();
    if (j.contains("seed")) o.seed = parse_seed(j["seed"]);
    if (j.contains("takeover_after")) o.takeover_after = j["takeover_after"].get<int>();  // kNeverTakeOver for never
    if (j.contains("turn_timer")) o.turn_timer = j["turn_timer"].get<int>();  // absent: written before the timer, off
    if (!valid_turn_timer(o.turn_timer)) corrupt("room options with a turn timer of " + std::to_string(o.turn_timer) + " s");
    // Absent: a live room (written before turn-based rooms, or live).
    if (j.contains("pace")) {
        const std::string pace = j["pace"].get<std::string>();
        if (pace != to_string(Pace::TurnBased) && pace != to_string(Pace::Live)) corrupt("room options with pace \"" + pace + "\"");
        o.pace = pace == to_string(Pace::TurnBased) ? Pace::TurnBased : Pace::Live;
    }
    if (j.contains("turn_hours")) o.turn_hours = j["turn_hours"].get<int>();
    if (o.turn_hours < kMinTurnHours || o.turn_hours > kMaxTurnHours) corrupt("room options with turns of " + std::to_string(o.turn_hours) + " hours");
    if (j.contains("on_timeout")) {
        const std::string on_timeout = j["on_timeout"].get<std::string>();
        if (on_timeout != to_string(OnTimeout::Bot) && on_timeout != to_string(OnTimeout::Wait))
            corrupt("room options with on_timeout \"" + on_timeout + "\"");
        o.on_timeout = on_timeout == to_string(OnTimeout::Wait) ? OnTimeout::Wait : OnTimeout::Bot;
    }
    if (o.players < module.min_players() || o.players > std::min(module.max_players(), kMaxSeats))
        corrupt("room options with " + std::to_string(o.players) + " players");
    json stored = json::object();
    for (const auto& [key, value] : j.items())
        if (!is_room_option(key)) stored[key] = value;
    auto loaded = module.load_options(stored, o.players);
    if (auto* error = std::get_if<game::Error>(&loaded)) corrupt("room options: " + error->message);
    o.rules = std::get<json>(std::move(loaded));
    o.rules.erase("players");
    return o;
}

RebuiltGame rebuild_game(const game::Module& module, const store::StoredRoom& stored) {
    const store::RoomRecord& r = stored.room;
    const json record = json::parse(r.game_options);
    RebuiltGame out;
    // A game started before commitments existed has no salt: it is played on without one.
    if (record.contains("salt")) {
        const json& salt = record["salt"];
        if (!salt.is_string() || salt.get_ref<const std::string&>().size() != 2 * kSaltBytes ||
            salt.get_ref<const std::string&>().find_first_not_of("0123456789abcdef") != std::string::npos)
            corrupt("the game's salt is not " + std::to_string(2 * kSaltBytes) + " lowercase hex digits");
        out.salt = salt.get<std::string>();
    }
    if (record.contains("seed_chosen") && !record["seed_chosen"].is_boolean()) corrupt("the game's seed_chosen is not true or false");
    // The whole log, in order from the first command; the game replays those after its snapshot.
    std::vector<game::LoggedMove> log;
    for (const store::LoggedCommand& c : stored.commands) {
        const std::int64_t expected = static_cast<std::int64_t>(log.size()) + 1;
        const std::string where = "command " + std::to_string(c.index) + " of game " + std::to_string(r.game);
        if (c.index != expected)
            throw LogError(where + " follows command " + std::to_string(expected - 1) + " (a gap in the log)", c.index);
        json command = json::parse(c.command, nullptr, /*allow_exceptions=*/false);
        if (command.is_discarded()) throw LogError(where + " is not JSON", c.index);
        log.push_back({c.seat, std::move(command)});
    }
    const std::size_t snapshot_at = stored.snapshot ? static_cast<std::size_t>(stored.snapshot->index) : 0;
    if (stored.snapshot && (stored.snapshot->index < 0 || snapshot_at > log.size()))
        corrupt("the log of game " + std::to_string(r.game) + " ends at command " + std::to_string(log.size()) +
                ", before its snapshot after command " + std::to_string(stored.snapshot->index));
    auto restored = module.restore(record, stored.snapshot ? &stored.snapshot->state : nullptr, snapshot_at, log);
    if (auto* error = std::get_if<game::RestoreError>(&restored)) {
        if (error->index > 0)
            throw LogError("command " + std::to_string(error->index) + " of game " + std::to_string(r.game) + ": " + error->message,
                           error->index);
        corrupt(error->message);
    }
    out.session = std::get<std::unique_ptr<game::Session>>(std::move(restored));
    for (std::size_t i = 0; i < log.size(); ++i) {
        auto move = out.session->decode(log[i].command, log[i].seat);
        if (auto* error = std::get_if<game::Error>(&move))
            throw LogError("command " + std::to_string(i + 1) + " of game " + std::to_string(r.game) + " does not decode: " + error->message,
                           static_cast<std::int64_t>(i) + 1);
        out.log.push_back(std::get<game::MovePtr>(std::move(move)));
    }
    out.applied = static_cast<std::int64_t>(log.size());
    const json room_options = json::parse(r.options);
    out.seed_chosen = record.value("seed_chosen", false) ||
                      (room_options.contains("seed") && parse_seed(room_options["seed"]) == out.session->seed());
    if (out.session->over() != (parse_phase(r.phase) == RoomPhase::Finished))
        corrupt("the log and the room's phase disagree on whether the game is over");
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
            const std::vector<std::string> levels = m.module_->bot_levels();
            if (std::find(levels.begin(), levels.end(), s.bot) == levels.end())
                corrupt("seat " + std::to_string(s.seat) + " has a bot of unknown level \"" + s.bot + "\"");
            seat.bot = s.bot;
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
        RebuiltGame rebuilt = rebuild_game(*m.module_, stored);
        m.salt_ = std::move(rebuilt.salt);
        m.game_seed_chosen_ = rebuilt.seed_chosen;
        if (rebuilt.seed_chosen && !json::parse(m.game_options_).contains("seed_chosen")) {
            // Kept with the game from now on: the room's options may lose the seed (below).
            json marked = json::parse(m.game_options_);
            marked["seed_chosen"] = true;
            m.game_options_ = marked.dump();
        }
        if (!m.salt_.empty()) m.commitment_ = commitment_of(rebuilt.session->seed(), m.salt_);
        m.log_ = std::move(rebuilt.log);
        const bool over = rebuilt.session->over();
        m.game_ = std::move(rebuilt.session);
        m.restore_times(r);
        if (over) {  // the keep period counts from the end of the game, across restarts
            const auto ago = std::chrono::milliseconds(std::max<std::int64_t>(0, store::now_ms() - r.updated_ms));
            m.finished_at_ = Clock::now() - std::chrono::duration_cast<Clock::duration>(ago);
        }
    }
    m.person_active_ms_ = r.updated_ms;  // the file's last change, unless the turn clock kept better
    m.restore_turn_clock(r.timer);
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
