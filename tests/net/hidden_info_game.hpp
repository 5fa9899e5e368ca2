#pragma once
// One game of the hidden-information tests in a real room: every connection's messages inspected and
// accounted for, and the engine replaying the game beside it to check each message against its state.
#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "catan/engine/engine.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/proto/proto.hpp"
#include "game_driver.hpp"
#include "hidden_info_face_down.hpp"
#include "hidden_info_ledger.hpp"
#include "sha256.hpp"

namespace catan::nettest::hidden {

inline json strip_text(json events) {
    for (auto& e : events) e.erase("text");
    return events;
}

struct Config {
    int players;
    std::string seed;
    int vp;
    std::string scenario = {};  // a Seafarers scenario ("fog_islands"): the room's option and the replay's
};

// What the games of one test add up to (Game::finish).
struct Totals {
    std::size_t messages = 0, replayed = 0;
    int third_party_steals = 0, others_bought = 0, own_steals = 0, own_bought = 0, commands = 0;
    int hexes_revealed = 0;  // R-SF10: hex_revealed events the connections received
};

// One game of the test: its room, what each connection accounted for, and the engine's replay.
struct Game {
    Config cfg;
    Table t;
    std::map<Peer*, Ledger> ledgers;
    catan::GameState local;
    Policy policy;
    int late = 0;
    std::size_t replayed = 0;
    std::unique_ptr<GameRun> run;
    // R-SF10, in games with face-down hexes: every message is checked against what lay face down in the
    // state it shows (the replay's now, or before the last command for a message older than its update).
    bool fog = false;
    std::optional<FaceDown> face_down_before;
    int turned = 0;  // hexes the replay turned up

    Game(const Config& c, unsigned short port) : cfg(c), t(port), policy(policy_options(c)) {}

    static PolicyOptions policy_options(const Config& c) {
        PolicyOptions po;
        po.seed = std::stoull(c.seed);
        po.want_knight = true;
        po.random_trade_per_mille = 80;
        po.counter_per_mille = 250;
        return po;
    }

    std::string name() const {
        return std::to_string(cfg.players) + " players" + (cfg.scenario.empty() ? "" : ", " + cfg.scenario) + ", seed " + cfg.seed;
    }

    catan::GameOptions options() const {
        catan::GameOptions options;
        options.players = cfg.players;
        options.victory_target = cfg.vp;
        options.seed = std::stoull(cfg.seed);
        if (!cfg.scenario.empty()) {
            const auto scenario = catan::scenario_from_name(cfg.scenario);
            REQUIRE(scenario.has_value());
            options.scenario = *scenario;
        }
        return options;
    }

    // Every connection's doc, legal actions and events are exactly what the engine's state says this
    // recipient may see, and no message since the last check held the seed or the generator's words.
    void check_views(const std::vector<catan::Event>* events) {
        const json state = proto::state_json(local);
        // Once the game is over the seed is revealed (room.fairness, checked in inspect).
        const bool over = local.phase == catan::Phase::GameOver;
        std::vector<std::string> secrets;
        if (!over) secrets.push_back(cfg.seed);
        for (const auto& w : state["rng"]) secrets.push_back(w.get<std::string>());
        const FaceDown now = fog ? face_down(local) : FaceDown{};
        if (fog && !face_down_before) face_down_before = now;
        for (Peer* q : t.connected()) {
            const int v = q->seat == kNoSeat ? proto::kSpectator : q->seat;
            INFO(name() << ": " << q->label << " at seq " << q->view.seq());
            REQUIRE(engine_view(q->game()) == proto::player_view(local, v));
            if (q->seat == kNoSeat) REQUIRE(q->view.legal().is_null());
            else REQUIRE(q->view.legal() == proto::legal_actions_json(local, v));
            if (events) REQUIRE(strip_text(q->view.last_events()) == strip_text(proto::events_json(*events, v)));
            Ledger& L = ledgers[q];
            for (const auto& text : L.texts)
                for (const auto& secret : secrets) REQUIRE(text.find(secret) == std::string::npos);
            if (!over) L.before_end.insert(L.before_end.end(), L.texts.begin(), L.texts.end());
            L.texts.clear();
            // The last command's update and anything after it show the replay's now; anything older, the
            // state before that command (joins between two commands add seqs but turn nothing).
            for (const Received& r : L.received)
                check_face_down(r, r.seq && *r.seq < q->view.seq() ? *face_down_before : now, name() + ": " + q->label);
            L.received.clear();
        }
        if (fog) face_down_before = now;
        ++replayed;
    }

    void set_up() {
        t.on_new_peer = [this](Peer& p) {
            Ledger& L = ledgers[&p];
            L.fog = fog;
            p.observer = [&L](Peer& peer, const json& m, const json& before) { inspect(peer, m, before, L); };
        };
        const catan::GameOptions options = this->options();
        fog = options.scenario != catan::Scenario::None && catan::scenario_has_fog(options.scenario, cfg.players);
        json room = {{"players", cfg.players}, {"vp_target", cfg.vp}, {"seed", cfg.seed}};
        if (!cfg.scenario.empty()) room["scenario"] = cfg.scenario;
        t.create_room_rest(room);
        const char* names[] = {"Ana", "Bo", "Cy", "Dee", "Eve", "Fay"};
        for (int i = 0; i < cfg.players; ++i) t.join(names[i], i == 0);
        t.spectate();
        t.start();
        // The server builds the game from the seed: the test replays it with the engine.
        REQUIRE_FALSE(catan::validate_options(options).has_value());
        local = catan::new_game(options);
        if (fog) REQUIRE(local.board.fog.any());
        check_views(nullptr);
        run = std::make_unique<GameRun>(t, policy, 20000, [this](Peer& actor, const json& command, const json&) {
            INFO(name() << ": " << actor.label << " sent " << command.dump());
            const auto decoded = proto::decode_command(command, actor.seat, proto::command_bounds(local));
            REQUIRE(decoded.ok());
            std::vector<catan::Event> events;
            const auto error = catan::apply(local, decoded.value(), &events);
            REQUIRE_FALSE(error.has_value());
            for (const catan::Event& e : events) turned += e.type == catan::EventType::HexRevealed;
            check_views(&events);
            if (late == 0 && local.turn >= 6) {  // someone arrives mid-game: a spectator, public view only
                Peer& newcomer = t.join("Late");
                REQUIRE(newcomer.seat == kNoSeat);
                REQUIRE(newcomer.token.empty());
                REQUIRE(engine_view(newcomer.game()) == proto::player_view(local, proto::kSpectator));
                ++late;
            }
        });
    }

    // After the game: a winner the replay agrees with, and the room's fairness. At the end every
    // connection holds the same commitment, now with the seed and salt it hashes; the salt, like the
    // seed, was in no message before the end. Adds this game's counts to `totals`.
    GameStats finish(Totals& totals) {
        INFO(name());
        const GameStats stats = run->result();
        REQUIRE(local.phase == catan::Phase::GameOver);
        REQUIRE(stats.winner == static_cast<int>(local.winner));
        CHECK(late == 1);
        totals.commands += stats.commands;
        totals.replayed += replayed;
        for (auto& [peer, L] : ledgers) {
            const json& f = peer->view.doc()["room"]["fairness"];
            INFO(peer->label << ": " << f.dump());
            REQUIRE(f["seed"] == cfg.seed);
            REQUIRE(f["salt"].is_string());
            CHECK(f["commitment"] == L.commitment);
            CHECK(f["commitment"] == sha256_hex("catan-v1:" + cfg.seed + ":" + f["salt"].get<std::string>()));
            CHECK(f["commitment"] == t.host().view.doc()["room"]["fairness"]["commitment"]);
            REQUIRE(!L.before_end.empty());
            for (const auto& text : L.before_end) REQUIRE(text.find(f["salt"].get<std::string>()) == std::string::npos);
            totals.messages += static_cast<std::size_t>(L.messages);
            totals.third_party_steals += L.third_party_steals;
            totals.others_bought += L.others_bought;
            totals.own_steals += L.own_steals;
            totals.own_bought += L.own_bought;
            totals.hexes_revealed += L.hexes_revealed;
        }
        return stats;
    }
};

}  // namespace catan::nettest::hidden
