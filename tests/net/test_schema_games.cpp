// Whole games against the published schemas: one real server, rooms played to a winner at once over
// real sockets (6 and 5 players with each turn structure, a 4- and a 2-player game, every house rule on
// in some room, Seafarers games of New Shores, The Four Islands, The Fog Islands (face-down hexes,
// R-SF10) and Through the Desert, and New Shores and The New World on the 5-6 sea frame, each room with
// its own seed), every seat a connection choosing from its own
// legal actions, and a spectator in each room. Everything goes to schema_games.jsonl, which the CTest
// test schema_whole_games validates with Ajv (tests/schema/CMakeLists.txt): every message each
// connection sent and received (room_created, welcome, snapshots, updates with their events, legal
// actions and patches, errors, chat, pong, closing), the doc each connection rebuilt after every
// snapshot and update, the saved state after every command (the engine replays each room's commands
// beside the server), the rules of /api/rules and the topology of every table it lists (/api/boards), the REST answers, each
// room's replay record while it runs and once it is over, and each room's export document
// (`catan-server export`).
//
// A few refusals are provoked on the way (a command out of turn, a stale seq, ids and counts the
// schema allows but the room's board or bank does not), so error frames are in the file too. The test
// fails unless every game reached game_over and the file holds enough of every kind of message; the
// validator is also told the minimum count of each kind (so an empty or thin file cannot pass).
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "catan/engine/engine.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/proto/proto.hpp"
#include "game_driver.hpp"
#include "server_process.hpp"
#include "tool_run.hpp"

using namespace catan::nettest;
using Clock = std::chrono::steady_clock;

namespace {

const char* games_path() {
    if (const char* p = std::getenv("CATAN_SCHEMA_GAMES_JSONL"); p && *p) return p;
#ifdef CATAN_SCHEMA_GAMES_JSONL
    return CATAN_SCHEMA_GAMES_JSONL;
#else
    return "schema_games.jsonl";
#endif
}

// One room: its options (the wire's), the engine's options for the same game, and its policy.
struct Setup {
    std::string name;
    json options;  // POST /api/rooms
    std::uint64_t policy_seed;
};

catan::GameOptions engine_options(const json& o) {
    catan::GameOptions g;
    g.players = o["players"];
    g.victory_target = o.value("vp_target", 10);
    g.seed = std::stoull(o["seed"].get<std::string>());
    g.discard_limit = o.value("discard_limit", 7);
    g.friendly_robber = o.value("friendly_robber", false);
    g.balanced_board = o.value("balanced_board", false);
    g.first_by_dice = o.value("first_by_dice", false);
    g.turn_structure = o.value("turn_structure", "paired") == "special_build" ? catan::TurnStructure::SpecialBuild : catan::TurnStructure::Paired;
    g.scenario = catan::scenario_from_name(o.value("scenario", "none")).value_or(catan::Scenario::None);
    g.layout = o.value("layout", "random") == "beginner" ? catan::Layout::Beginner : catan::Layout::Random;
    return g;
}

json get_json(unsigned short port, const std::string& target, int status, const std::string& schema) {
    const HttpResponse r = http_request(port, "GET", target);
    INFO(target << " -> " << r.status << " " << r.body.substr(0, 300));
    REQUIRE(r.status == status);
    json body = r.json_body();
    record_message(schema, body);
    return body;
}

// "/api/rooms/CODE" + tail (built with append: GCC 12 warns about "literal" + string, -Wrestrict).
std::string room_target(const std::string& code, const char* tail = "") { return std::string("/api/rooms/").append(code).append(tail); }

// A room being played: the connections, the engine's copy of the game, what was seen.
struct SchemaRoom {
    Setup setup;
    std::unique_ptr<Table> table;
    std::unique_ptr<Policy> policy;
    std::unique_ptr<GameRun> run;
    catan::GameState state;
    int commands = 0;
    int errors = 0;
    bool rejoined = false;
    std::map<std::string, int> events;  // event type (build_phase_started: and its kind) -> count, as the spectator saw them
};

// Refusals a seat that may not act provokes: each an error frame to it alone (the next command, whose update
// must have the next seq, shows nothing changed).
void provoke_errors(SchemaRoom& room) {
    Table& t = *room.table;
    const json& game = t.host().game();
    std::set<int> acting;
    for (const auto& s : game["to_act"]) acting.insert(s.get<int>());
    Peer* idle = nullptr;
    for (Peer* p : t.players())
        if (!acting.count(p->seat)) idle = p;
    if (idle == nullptr) return;
    const json& board = game["options"]["board"];
    const bool large = board == "large", sea = board == "sea" || board == "sea_large";
    // code: the error expected; nullptr: any (a count past this game's bank is out_of_range, else the
    // engine refuses the seat; which it checks first is its business).
    const auto refused = [&](const json& command, std::optional<std::int64_t> seq, const char* code) {
        idle->send_command(command, seq);
        const json m = idle->recv();
        if (code != nullptr) require_error(m, code, idle->label);
        else if (m.value("type", "") != "error") FAIL(idle->label << ": expected an error, got " << m.dump());
        ++room.errors;
    };
    refused({{"type", "end_turn"}}, std::nullopt, "not_your_turn");
    refused({{"type", "end_turn"}}, t.seq() - 1, "stale_sequence");
    // Counts up to the largest bank (24) and ids up to the documented maxima are well-formed; the room's
    // game refuses them (a seat that may not act, a path or hex beyond this board).
    refused({{"type", "discard"}, {"cards", {{"brick", 22}, {"ore", 20}}}}, std::nullopt, nullptr);
    refused({{"type", "build_road"}, {"path", sea ? 300 : large ? 150 : 100}}, std::nullopt, "out_of_range");
    refused({{"type", "move_robber"}, {"hex", sea ? 90 : large ? 40 : 25}, {"victim", 1}}, std::nullopt, "out_of_range");
    refused({{"type", "propose_trade"}, {"give", {{"wool", 21}}}, {"want", {{"grain", 23}}}}, std::nullopt, nullptr);
}

}  // namespace

TEST_CASE("Schemas: every message, view and state of whole 2-, 4-, 5- and 6-player games, on the land and sea boards, validates", "[schema-games]") {
    const auto t0 = Clock::now();
    RecordingGuard recording(games_path());
    // Every room's host chats at once: more lines than one address's default burst (9).
    ServerProcess server({"--replay-burst", "100", "--lookup-burst", "500", "--room-create-burst", "20", "--max-connections-per-ip", "256", "--command-rate-seat", "0", "--chat-rate-address", "10"});
    const unsigned short port = server.port();

    // Constant answers: the rules of every board and each board's topology (rules block included).
    const json rules = get_json(port, "/api/rules", 200, "rest#/$defs/rules");
    CHECK(rules["boards"].contains("large"));
    // Every table /api/rules lists: the boxes' boards and each scenario's board for each player count it has.
    for (const char* board : {"base", "large", "new_shores-4", "new_shores-5", "new_shores-6", "four_islands-3", "fog_islands-3", "fog_islands-4",
                              "through_the_desert-3", "through_the_desert-4", "new_world-5", "new_world-6"})
        CHECK(rules["boards"].contains(board));
    for (const auto& [board, table_rules] : rules["boards"].items()) get_json(port, "/api/boards/" + board, 200, "topology");
    get_json(port, "/api/boards/seafarers", 404, "rest#/$defs/error");
    get_json(port, "/api/server", 200, "rest#/$defs/server_addresses");
    get_json(port, "/api/rooms/ZZZZZ", 404, "rest#/$defs/not_found");

    const std::vector<Setup> setups = {
        {"6 players, paired turns", {{"players", 6}, {"seed", "60601"}, {"vp_target", 8}, {"takeover_after", "never"}}, 61},
        {"6 players, special building phase",
         {{"players", 6}, {"seed", "60602"}, {"vp_target", 8}, {"turn_structure", "special_build"}, {"friendly_robber", true},
          {"balanced_board", true}, {"first_by_dice", true}, {"discard_limit", 9}, {"takeover_after", "never"}},
         62},
        {"5 players, paired turns",
         {{"players", 5}, {"seed", "50503"}, {"vp_target", 8}, {"balanced_board", true}, {"discard_limit", 5}, {"takeover_after", "never"}},
         53},
        {"5 players, special building phase",
         {{"players", 5}, {"seed", "50504"}, {"vp_target", 8}, {"turn_structure", "special_build"}, {"first_by_dice", true},
          {"takeover_after", "never"}},
         54},
        {"4 players", {{"players", 4}, {"seed", "40405"}, {"vp_target", 10}, {"friendly_robber", true}, {"takeover_after", "never"}}, 45},
        {"2 players", {{"players", 2}, {"seed", "20206"}, {"vp_target", 12}, {"discard_limit", 12}, {"takeover_after", "never"}}, 26},
        {"New Shores, 4 players", {{"players", 4}, {"seed", "40407"}, {"vp_target", 13}, {"scenario", "new_shores"}, {"takeover_after", "never"}}, 47},
        {"The Four Islands, 3 players", {{"players", 3}, {"seed", "30308"}, {"vp_target", 12}, {"scenario", "four_islands"}, {"takeover_after", "never"}}, 38},
        {"The Fog Islands, 3 players", {{"players", 3}, {"seed", "30311"}, {"vp_target", 12}, {"scenario", "fog_islands"}, {"takeover_after", "never"}}, 31},
        {"Through the Desert, 4 players",
         {{"players", 4}, {"seed", "40412"}, {"vp_target", 12}, {"scenario", "through_the_desert"}, {"takeover_after", "never"}},
         42},
        {"New Shores, 5 players, special building phase",
         {{"players", 5}, {"seed", "50513"}, {"vp_target", 13}, {"scenario", "new_shores"}, {"turn_structure", "special_build"},
          {"takeover_after", "never"}},
         55},
        {"The New World, 6 players, paired turns", {{"players", 6}, {"seed", "60614"}, {"vp_target", 12}, {"scenario", "new_world"}, {"takeover_after", "never"}}, 63},
        {"The beginner set-up, 3 players", {{"players", 3}, {"seed", "30310"}, {"vp_target", 10}, {"layout", "beginner"}, {"takeover_after", "never"}}, 39},
    };
    const char* names[] = {"Ana", "Bo", "Cy", "Dee", "Eve", "Fay"};

    // Counted as they are recorded, for the guard below.
    std::map<std::string, int> seen;  // "snapshot", "update", "error", "doc", "state", ...
    const auto observe = [&](Peer& p) {
        p.observer = [&seen](Peer& q, const json& m, const json&) {
            const std::string type = m.value("type", "");
            ++seen[type];
            if ((type == "snapshot" || type == "update") && q.view.has_snapshot()) {
                record_message("server#/$defs/doc", q.view.doc());
                ++seen["doc"];
                if (q.game().is_object() && q.game()["phase"] == "game_over") ++seen["doc at game over"];
            }
        };
    };

    std::vector<std::unique_ptr<SchemaRoom>> rooms;
    for (const Setup& s : setups) {
        auto room = std::make_unique<SchemaRoom>();
        room->setup = s;
        room->table = std::make_unique<Table>(port);
        Table& t = *room->table;
        t.on_new_peer = observe;
        if (s.options["players"] == 2) t.create_room_ws(s.options);  // room_created, over the socket
        else t.create_room_rest(s.options);
        const int players = s.options["players"];
        for (int i = 0; i < players; ++i) t.join(names[i], i == 0);
        t.spectate();
        get_json(port, room_target(t.code), 200, "rest#/$defs/room_summary");
        t.host().send(msg("chat", {{"text", std::string("good luck, ").append(s.name)}}));
        for (Peer* p : t.connected()) p->expect("chat");
        t.host().ping_pong();
        t.start();
        room->state = catan::new_game(engine_options(s.options));
        REQUIRE(catan::proto::player_view(room->state, 0) == engine_view(t.player(0).game()));
        record_message("state", catan::proto::state_json(room->state));
        ++seen["state"];
        PolicyOptions po;
        po.seed = s.policy_seed;
        po.hoard_seat = players - 1;
        po.want_trade = true;
        po.want_knight = true;
        po.random_trade_per_mille = 40;
        po.counter_per_mille = 250;
        room->policy = std::make_unique<Policy>(po);
        rooms.push_back(std::move(room));
    }

    for (auto& r : rooms) {
        SchemaRoom& room = *r;
        room.run = std::make_unique<GameRun>(*room.table, *room.policy, 20000, [&room, &seen, port](Peer& actor, const json& command, const json&) {
            Table& t = *room.table;
            const auto decoded = catan::proto::decode_command(command, actor.seat, catan::proto::command_bounds(room.state));
            REQUIRE(decoded);
            REQUIRE_FALSE(catan::apply(room.state, decoded.value()));
            record_message("state", catan::proto::state_json(room.state));
            ++seen["state"];
            ++room.commands;
            for (const json& e : t.connected().back()->view.last_events()) {  // the spectator joined last
                std::string type = e.value("type", "");
                if (type == "build_phase_started") type.append(" ").append(e.value("kind", ""));
                ++room.events[type];
            }
            const json& game = t.host().game();
            if (room.commands == 40 || (room.commands > 40 && room.commands % 400 == 0 && game["phase"] != "game_over")) {
                provoke_errors(room);
                get_json(port, room_target(t.code), 200, "rest#/$defs/room_summary");
            }
            if (room.commands == 40) get_json(port, room_target(t.code, "/replay"), 200, "rest#/$defs/replay");  // seed still hidden
            if (!room.rejoined && room.commands >= 120 && game["phase"] == "main") {
                // A seat's socket drops and comes back with its token: welcome and a snapshot mid-game.
                Peer& p = t.player(1);
                t.drop(p);
                t.rejoin(p);
                room.rejoined = true;
            }
        });
    }
    std::vector<GameRun*> runs;
    for (auto& r : rooms) runs.push_back(r->run.get());
    const auto t_play = Clock::now();
    play_interleaved(runs);
    const auto t_played = Clock::now();

    for (auto& r : rooms) {
        SchemaRoom& room = *r;
        Table& t = *room.table;
        INFO(room.setup.name);
        const GameStats stats = room.run->result();
        REQUIRE(stats.winner);
        CHECK(room.state.phase == catan::Phase::GameOver);
        for (Peer* p : t.players()) {
            INFO(p->label);
            CHECK(engine_view(p->game()) == catan::proto::player_view(room.state, p->seat));
            p->check_in_sync();  // a snapshot at game over: every seat's VP cards revealed
        }
        const json replay = get_json(port, room_target(t.code, "/replay"), 200, "rest#/$defs/replay");
        CHECK(replay["finished"] == true);
        CHECK(replay["steps"].size() == static_cast<std::size_t>(room.commands));
        get_json(port, room_target(t.code), 200, "rest#/$defs/room_summary");
        t.spectate();  // a newcomer to a finished game
        std::cout << "[schema-games] " << room.setup.name << ": seat " << *stats.winner << " won after " << stats.turns << " turns, "
                  << room.commands << " commands, " << room.errors << " refusals; events:";
        for (const auto& [type, n] : room.events) std::cout << ' ' << type << '=' << n;
        std::cout << '\n';
        CHECK(room.rejoined);
        CHECK(room.errors >= 6);
        CHECK(room.events["game_won"] == 1);
        CHECK(room.events["built"] > 0);
        CHECK(room.events["dice_rolled"] > 0);
        if (room.setup.options["players"].get<int>() >= 5) {
            const bool special = room.setup.options.value("turn_structure", "") == "special_build";
            CHECK(room.events[special ? "build_phase_started special" : "build_phase_started paired"] > 0);
            CHECK(room.events[special ? "build_phase_started paired" : "build_phase_started special"] == 0);
        }
        if (room.setup.options.value("first_by_dice", false)) CHECK(replay["start_events"].size() > 0);
        if (room.setup.options.value("scenario", "") == "fog_islands") CHECK(room.events["hex_revealed"] > 0);  // R-SF10
        if (room.setup.options.contains("layout")) {  // the start: the rolls, the pieces, the starting cards
            CHECK(replay["options"]["layout"] == "beginner");
            CHECK(replay["start_events"].size() > 15);
        }
    }
    // Across the games: the secret and the rare events, so their redacted and full forms are in the file.
    std::map<std::string, int> all;
    for (auto& r : rooms)
        for (const auto& [type, n] : r->events) all[type] += n;
    CHECK(all["stole"] > 0);
    CHECK(all["discarded"] > 0);
    CHECK(all["dev_card_bought"] > 0);
    CHECK(all["trade_completed"] > 0);
    CHECK(all["trade_countered"] > 0);
    CHECK(all["bank_traded"] > 0);

    // SIGTERM with one connection left open: it is told ("closing") before its socket closes.
    for (auto& r : rooms) r->table->close_all();
    Peer& last = rooms.front()->table->spectate();
    int exit_code = -2;
    std::thread stopper([&] { exit_code = server.stop(); });
    bool closing = false;
    for (int i = 0; i < 10 && !closing; ++i) {
        const auto m = last.poll(std::chrono::seconds(5));
        if (!m) break;
        closing = (*m)["type"] == "closing";
    }
    stopper.join();
    CHECK(closing);
    REQUIRE(exit_code == 0);

    // Each room's export document, from the stopped server's data file.
    const std::string data = (server.data_dir() / "catan.db").string();
    for (auto& r : rooms) {
        const ToolRun exported = run_tool(server.data_dir(), "export --data " + shell_quote(data) + " --room " + r->table->code, "export");
        INFO(exported.err);
        REQUIRE(exported.exit_code == 0);
        const json doc = json::parse(exported.out);
        CHECK(doc["commands"].size() == static_cast<std::size_t>(r->commands));
        record_message("room-file", doc);
        ++seen["room-file"];
    }

    // The guard: enough of every kind, so the schema test cannot pass on a thin file.
    INFO(json(seen).dump());
    CHECK(seen["welcome"] >= 40);
    CHECK(seen["snapshot"] >= 60);
    CHECK(seen["update"] >= 5000);
    CHECK(seen["error"] >= 36);
    CHECK(seen["chat"] >= 30);
    CHECK(seen["pong"] >= 6);
    CHECK(seen["closing"] == 1);
    CHECK(seen["doc"] >= 5000);
    CHECK(seen["doc at game over"] >= 30);
    CHECK(seen["state"] >= 1000);
    CHECK(seen["room-file"] == static_cast<int>(rooms.size()));

    const auto ms = [](auto d) { return std::chrono::duration_cast<std::chrono::milliseconds>(d).count(); };
    std::cout << "[schema-games] recorded " << json(seen).dump() << "; play " << ms(t_played - t_play) << " ms, total "
              << ms(Clock::now() - t0) << " ms\n";
}
