// The Catan module gives what the room computes today (src/room and proto, called as the room calls
// them), for the same options, seed and commands: the same view parts and diff ops, legal commands,
// events, history and stats, timer decisions, options errors and records, and the same game restored
// from a snapshot and the log's tail. So switching the room onto the seam changes nothing for players.
#include <deque>

#include "catan/engine/engine.hpp"
#include "catan/games/catan.hpp"
#include "catan/proto/proto.hpp"
#include "catan/proto/view_parts.hpp"
#include "catan/room/envelope.hpp"
#include "catan/proto/game_stats.hpp"
#include "modules.hpp"
#include "stored_json.hpp"
#include "turn_timer.hpp"

using namespace catan;
using game::Json;

namespace {

// The room's side of one game: its state, public parts and each viewer's parts, as room_views.cpp keeps them.
struct RoomSide {
    GameState state;
    proto::ViewParts pub;
    std::array<proto::ViewParts, kMaxPlayers + 1> viewer;  // [0]: the spectator
    std::vector<Event> events;
    proto::GameStats stats;
};

// The events a room's snapshot "log" holds (room.hpp's kLogEvents, which the split of Room may move).
constexpr std::size_t kLogEvents = 200;

const std::vector<std::string> kNames = {"Ann", "", "Cleo", "Dev", "Eve", "Flo"};

proto::SeatNames room_names() {
    proto::SeatNames names = proto::default_seat_names();
    for (std::size_t i = 0; i < kNames.size(); ++i)
        if (!kNames[i].empty()) names[i] = kNames[i];
    return names;
}

}  // namespace

TEST_CASE("the Catan module's options are the room's: defaults, schema and errors", "[game][catan][as-room]") {
    const game::Module& m = *games::catan_module();
    for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
        const room::RoomOptions room_defaults;
        GameOptions expected = room_defaults.game_options(players);
        const auto session = m.start(m.default_options(players), 5);
        expected.seed = 5;
        CHECK(session->options_record() == room::game_options_json(expected));
        // The schema is proto's rules block (the client's room.limits) with a type per option.
        Json schema = m.option_schema(players);
        for (auto& [name, entry] : schema.items()) entry.erase("type");
        CHECK(schema == proto::rules_json(board_for_players(players))["options"]);
    }
    struct Bad {
        const char* option;
        Json value;
    };
    for (const Bad& bad : {Bad{"vp_target", 25}, Bad{"vp_target", 2}, Bad{"discard_limit", 3}, Bad{"players", 7}, Bad{"players", 1}}) {
        Json options = m.default_options(4);
        options[bad.option] = bad.value;
        room::RoomOptions room_options;
        room_options.apply({});
        GameOptions game_options = room_options.game_options(options["players"]);
        game_options.victory_target = options["vp_target"];
        game_options.discard_limit = options["discard_limit"];
        const auto room_error = room::options_error(game_options, "options");
        const auto error = m.validate(options, "options");
        INFO(bad.option << " = " << bad.value);
        REQUIRE(room_error);
        REQUIRE(error);
        const proto::ErrorReply reply = proto::error_reply(*room_error);
        CHECK(error->field == reply.field);
        CHECK(error->message == reply.message);
        CHECK(error->code == reply.code);
    }
}

TEST_CASE("the Catan module refuses options of the wrong kind naming the option", "[game][catan][options]") {
    const game::Module& m = *games::catan_module();
    struct Bad {
        const char* option;
        Json value;
        const char* code;
    };
    for (const Bad& bad : {Bad{"turn_structure", "pairs", "out_of_range"}, Bad{"friendly_robber", 1, "wrong_type"},
                           Bad{"vp_target", "ten", "wrong_type"}, Bad{"seed", 5, "unexpected_field"}}) {
        INFO(bad.option);
        Json options = m.default_options(6);
        options[bad.option] = bad.value;
        const auto error = m.validate(options, "options");
        REQUIRE(error);
        CHECK(error->field == std::string("options.") + bad.option);
        CHECK(error->code == bad.code);
    }
    Json five = m.default_options(5);
    five["turn_structure"] = "special_build";
    CHECK_FALSE(m.validate(five, "options"));
}

TEST_CASE("the Catan module decodes against the board of the options' players count, as the room's lobby does", "[game][catan]") {
    const game::Module& m = *games::catan_module();
    const Json city = {{"type", "build_city"}, {"intersection", 60}};  // past the base board's 54
    const auto on_base = m.decode(city, 0, m.default_options(4));
    REQUIRE(std::holds_alternative<game::Error>(on_base));
    const auto room_error = proto::error_reply(proto::decode_command(city, 0, proto::command_bounds(BoardKind::Base, 4)).error());
    CHECK(std::get<game::Error>(on_base).message == room_error.message);
    CHECK(std::get<game::Error>(on_base).field == "intersection");
    CHECK(std::holds_alternative<game::MovePtr>(m.decode(city, 0, m.default_options(6))));
}

TEST_CASE("the Catan module's game is the room's: parts, diffs, legal commands, events, stats, timer", "[game][catan][as-room]") {
    for (const gametest::Case& c : gametest::cases()) {
        if (c.module->id() != "catan") continue;
        INFO(c.label);
        const std::uint64_t seed = 61;
        // The room's start (room_lobby.cpp on_start): the room options' game for the seated players.
        room::RoomOptions room_options;
        room_options.players = c.options["players"];
        room_options.turn_structure = c.options["turn_structure"] == "special_build" ? TurnStructure::SpecialBuild : TurnStructure::Paired;
        GameOptions options = room_options.game_options(room_options.players);
        options.seed = seed;
        RoomSide r;
        r.state = new_game(options, &r.events);
        r.stats.add(r.events);
        std::deque<Event> recent(r.events.begin(), r.events.end());

        const auto session = c.module->start(c.options, seed);
        game::ViewParts pub;
        std::array<game::ViewParts, kMaxPlayers + 1> viewer;
        session->update_public(pub);
        proto::update_public_parts(r.state, r.pub);
        for (int v = -1; v < r.state.num_players; ++v) {
            session->update_viewer(v, viewer[v + 1]);
            proto::update_viewer_parts(r.state, v, r.viewer[v + 1]);
        }
        CHECK(session->last_events(-1, kNames) == proto::events_json(r.events, proto::kSpectator, room_names()));

        int compared = 0, answers_ending = 0, answers_open = 0;
        gametest::Played played{nullptr, {}};
        const auto check_step = [&](const game::Session& s, const std::vector<game::LoggedMove>& log, const game::Applied& applied) {
            // The room's play(): decode the logged command as the room's restore does, apply, record.
            const game::LoggedMove& last = log.back();
            const auto command = proto::decode_command(last.command, last.seat, proto::command_bounds(r.state));
            REQUIRE(command);
            r.events.clear();
            const Phase decision = r.state.phase;
            REQUIRE_FALSE(apply(r.state, command.value(), &r.events));
            // room_game.cpp's play(): an answer that moved the phase on ended the decision.
            REQUIRE(applied.ended_decision == (r.state.phase != decision));
            REQUIRE(applied.game_over == (r.state.phase == Phase::GameOver));
            const std::string type = last.command["type"];
            if (type == "discard" || type == "accept_trade" || type == "decline_trade" || type == "counter_trade")
                ++(applied.ended_decision ? answers_ending : answers_open);
            r.stats.add(r.events);
            for (const Event& e : r.events) {
                recent.push_back(e);
                if (recent.size() > kLogEvents) recent.pop_front();
            }
            // Diffs: the same ops, part by part, for the public parts and every viewer's.
            std::string ops, room_ops;
            const game::PatchSink sink{ops, "/game"};
            const proto::PatchSink room_sink{room_ops, "/game"};
            s.update_public(pub, &sink);
            proto::update_public_parts(r.state, r.pub, &room_sink);
            REQUIRE(ops == room_ops);
            for (int v = -1; v < r.state.num_players; ++v) {
                ops.clear();
                room_ops.clear();
                s.update_viewer(v, viewer[v + 1], &sink);
                proto::update_viewer_parts(r.state, v, r.viewer[v + 1], &room_sink);
                REQUIRE(ops == room_ops);
                REQUIRE(s.last_events(v, kNames) == proto::events_json(r.events, v, room_names()));
                if (v >= 0) REQUIRE(s.legal(v) == proto::legal_actions_json(r.state, v));
            }
            REQUIRE(s.to_act() == players_to_act(r.state));
            REQUIRE(s.over() == (r.state.phase == Phase::GameOver));
            // The turn timer (turn_timer.cpp) at a 90 s turn limit.
            const room::PendingDecision d = room::pending_decision(r.state);
            const game::Pending p = s.pending(90);
            REQUIRE(p.kind == (d.kind == room::Decision::None ? "" : room::to_string(d.kind)));
            REQUIRE(p.seats == d.seats);
            REQUIRE(p.identity == d.identity);
            REQUIRE(p.turn == d.turn);
            REQUIRE(p.limit == room::decision_limit(d.kind, 90));
            // room_timer.cpp's timer_due: a turn decision ends the turn; the robber and answers to the
            // seat's own offer also run on the turn clock.
            REQUIRE(p.whole_turn == (d.kind == room::Decision::Turn));
            REQUIRE(p.counts_turn == (d.kind == room::Decision::Robber || d.kind == room::Decision::Trade));
            ++compared;
            if (log.size() % 50 != 0 && !s.over()) return;
            // The snapshot's log and the stats (room_history.cpp), now and then: they are whole documents.
            Json room_log = Json::array();
            for (const Event& e : recent) room_log.push_back(proto::event_json(e, 0, room_names()));
            REQUIRE(s.history(0, kNames) == room_log);
            REQUIRE(s.stats(1000, std::nullopt) == r.stats.to_json(r.state, 1000, std::nullopt));
            REQUIRE(s.assemble(pub, viewer[1]) == proto::assemble_view(r.pub, r.viewer[1]));
        };
        played = gametest::play_bots(c, seed, 5000, check_step);
        CHECK(played.session->over());
        CHECK(played.session->winner() == r.state.winner);
        CHECK(played.session->snapshot() == proto::state_json(r.state).dump());
        CHECK(compared > 200);
        CHECK(answers_ending > 0);  // the last answer of a decision...
        CHECK(answers_open > 0);    // ...and answers while others still owe theirs
    }
}

TEST_CASE("the Catan module restores from a snapshot and the log's tail as the room does", "[game][catan][as-room][restore]") {
    for (const gametest::Case& c : gametest::cases()) {
        if (c.module->id() != "catan") continue;
        INFO(c.label);
        std::string snapshot;
        std::size_t snapshot_at = 0;
        gametest::Played played = gametest::play_bots(c, 71, 400, [&](const game::Session& s, const std::vector<game::LoggedMove>& log) {
            if (log.size() == 256) snapshot = s.snapshot(), snapshot_at = log.size();  // the room's snapshot_every, a multiple of 64
        });
        REQUIRE(snapshot_at == 256);
        auto restored = c.module->restore(played.session->options_record(), &snapshot, snapshot_at, played.log);
        REQUIRE(restored.index() == 0);
        const game::Session& copy = *std::get<0>(restored);
        CHECK(gametest::all_views(copy) == gametest::all_views(*played.session));
        CHECK(copy.history(1, kNames) == played.session->history(1, kNames));
        CHECK(copy.stats(std::nullopt, std::nullopt) == played.session->stats(std::nullopt, std::nullopt));

        // The room's restore (restore.cpp) from the same records gives the same state.
        store::StoredRoom stored;
        stored.room.code = "ABCDE";
        stored.room.options = room::room_options_json(room::RoomOptions{}).dump();
        stored.room.phase = played.session->over() ? "finished" : "playing";
        stored.room.game = 1;
        stored.room.game_options = played.session->options_record().dump();
        stored.snapshot = store::Snapshot{static_cast<std::int64_t>(snapshot_at), snapshot};
        for (std::size_t i = 0; i < played.log.size(); ++i)
            stored.commands.push_back({static_cast<std::int64_t>(i + 1), played.log[i].seat, played.log[i].command.dump()});
        const room::RebuiltGame rebuilt = room::rebuild_game(stored);
        CHECK(proto::state_json(rebuilt.state).dump() == copy.snapshot());

        // A snapshot of another game is refused, as the room refuses it.
        const std::string other = c.module->start(c.options, 72)->snapshot();
        const auto refused = c.module->restore(played.session->options_record(), &other, 0, played.log);
        REQUIRE(refused.index() == 1);
        CHECK(std::get<1>(refused).message.find("another game") != std::string::npos);
    }
}

TEST_CASE("the Catan module's answers and expiry moves are the room's", "[game][catan][as-room]") {
    const game::Module& m = *games::catan_module();
    for (const char* type : {"discard", "accept_trade", "decline_trade", "counter_trade"}) {
        INFO(type);
        // Shapes only matter to decode; the answer flag is the command type's.
        Json command = {{"type", type}};
        if (std::string(type) == "discard") command["cards"] = {{"brick", 1}};
        if (std::string(type) == "counter_trade") command["give"] = {{"brick", 1}}, command["want"] = {{"ore", 1}};
        const auto decoded = m.decode(command, 1, m.default_options(4));
        if (const auto* e = std::get_if<game::Error>(&decoded)) FAIL(e->message);
        CHECK(std::get<game::MovePtr>(decoded)->is_answer());
    }
    for (const char* type : {"end_turn", "roll_dice", "cancel_trade", "confirm_trade"}) {
        const auto decoded = m.decode({{"type", type}}, 1, m.default_options(4));
        if (std::holds_alternative<game::Error>(decoded)) {
            CHECK(std::string(type) == "confirm_trade");  // needs a responder
            continue;
        }
        CHECK_FALSE(std::get<game::MovePtr>(decoded)->is_answer());
    }
}
