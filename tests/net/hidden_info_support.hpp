#pragma once
// The machinery of the hidden-information tests over real sockets (test_hidden_info.cpp, the base game
// and the 5-6 extension; test_fog_hidden.cpp, The Fog Islands): what each connection received, checked
// structurally and accounted for (Ledger, inspect), one game in a real room replayed by the engine
// (Game), and the fake snapshots and updates the self-tests feed to the checker. What the checks are is
// told at the top of each test file.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "catan/engine/engine.hpp"
#include "catan/engine/scenario.hpp"
#include "catan/proto/proto.hpp"
#include "game_driver.hpp"
#include "sha256.hpp"

namespace catan::nettest::hidden {

inline constexpr const char* kRes[] = {"brick", "lumber", "wool", "grain", "ore"};
inline constexpr const char* kDev[] = {"knight", "road_building", "invention", "monopoly", "victory_point"};
using Counts = std::array<int, 5>;

inline const std::set<std::string> kSeatKeys = {"seat", "vp", "cards", "dev_cards", "knights", "road_length",
                                                "settlements_left", "cities_left", "roads_left", "discard_owed",
                                                "settlements", "cities", "roads", "vp_cards", "vp_total"};
// Seafarers adds these to every seat's entry, all public (R-SF2, R-SF7, R-SF8); only on a sea board.
inline const std::set<std::string> kSeaSeatKeys = {"ships", "ships_left", "island_vp", "gold_owed"};

inline std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

inline int res_index(const std::string& r) {
    for (int i = 0; i < 5; ++i)
        if (r == kRes[i]) return i;
    FAIL("unknown resource " << r);
    return -1;
}

inline int dev_index(const std::string& d) {
    for (int i = 0; i < 5; ++i)
        if (d == kDev[i]) return i;
    FAIL("unknown development card " << d);
    return -1;
}

inline Counts counts_of(const json& set, const char* const (&names)[5]) {
    Counts c{};
    for (int i = 0; i < 5; ++i) c[i] = set.value(names[i], 0);
    return c;
}

// The words of a sentence, lower case ("Ana stole a card from Bo." -> ana stole a card from bo).
inline std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::string w;
    for (char c : text + " ") {
        if (std::isalpha(static_cast<unsigned char>(c))) {
            w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!w.empty()) {
            out.push_back(w);
            w.clear();
        }
    }
    return out;
}

inline bool mentions(const std::string& text, std::initializer_list<const char*> phrase) {
    const auto ws = words(text);
    const std::vector<std::string> p(phrase.begin(), phrase.end());
    for (std::size_t i = 0; i + p.size() <= ws.size(); ++i)
        if (std::equal(p.begin(), p.end(), ws.begin() + static_cast<long>(i))) return true;
    return false;
}

inline std::vector<std::string> pointer_tokens(const std::string& pointer) {  // RFC 6901
    std::vector<std::string> out;
    for (std::size_t i = 0; i < pointer.size(); ++i) {
        if (pointer[i] == '/') {
            out.emplace_back();
        } else if (pointer[i] == '~' && i + 1 < pointer.size()) {
            out.back().push_back(pointer[i + 1] == '1' ? '/' : '~');
            ++i;
        } else if (!out.empty()) {
            out.back().push_back(pointer[i]);
        }
    }
    return out;
}

inline std::string join_path(const std::vector<std::string>& path) {
    std::string s;
    for (const auto& t : path) s += "/" + t;
    return s;
}

// One key at `path` (the tokens down to its parent): is it something this recipient may hold?
inline void check_key(const std::string& key, const std::vector<std::string>& path, bool spectator, const std::string& who) {
    const std::string l = lower(key);
    INFO(who << ": key '" << key << "' at " << join_path(path));
    // The one seed allowed: room.fairness.seed, null until the game is over (checked in inspect).
    const bool fairness = !path.empty() && path.back() == "fairness" && (key == "seed" || key == "salt");
    // Whether a client chose the seed (room.seed_chosen, room.fairness.seed_chosen): a flag, never the seed.
    const bool chosen_flag = key == "seed_chosen" && !path.empty() && (path.back() == "room" || path.back() == "fairness");
    if (!fairness && !chosen_flag) CHECK(l.find("seed") == std::string::npos);
    CHECK(l.find("rng") == std::string::npos);
    CHECK(l.find("generator") == std::string::npos);
    CHECK(l != "deck");
    CHECK(l != "deck_top");
    CHECK(l != "dev_bought");
    CHECK(l != "format");  // the saved-state marker ("catan-state")
    CHECK(l.find("fog_tokens") == std::string::npos);  // R-SF10: the face-down reserve of number tokens and its order
    // R-SF7: a gold choice is the chooser's until every owner has chosen, like a hand.
    if (key == "hand" || key == "dev" || key == "dev_playable" || key == "gold_chosen") {
        CHECK_FALSE(spectator);
        REQUIRE_FALSE(path.empty());
        CHECK(path.back() == "me");
    }
    if (key == "me" && !path.empty() && path.back() == "game") CHECK_FALSE(spectator);
}

inline void walk(const json& j, std::vector<std::string>& path, bool spectator, const std::string& who) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            check_key(it.key(), path, spectator, who);
            path.push_back(it.key());
            walk(it.value(), path, spectator, who);
            path.pop_back();
        }
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            path.push_back(std::to_string(i));
            walk(j[i], path, spectator, who);
            path.pop_back();
        }
    }
}

// One message as a connection received it, kept for the face-down check (R-SF10), which runs once the
// engine's replay has reached the state the message shows.
struct Received {
    std::optional<std::int64_t> seq;  // snapshots and updates
    json message;
    json terrain, numbers;  // the connection's doc.game.board after applying it (null without a game)
};

// What one connection received, checked and accounted for.
struct Ledger {
    bool on = false;
    std::vector<int> cards, devs;  // every seat's counts, from public events
    Counts own{}, own_dev{};       // the recipient's own hand and development cards, from its own events
    std::vector<std::string> texts;  // raw messages since the last replay check
    std::vector<std::string> before_end;  // every raw message received while the game ran
    std::string commitment;  // room.fairness.commitment as first seen: it never changes during a game
    int messages = 0, updates = 0, third_party_steals = 0, others_bought = 0, own_steals = 0, own_bought = 0;
    int hexes_revealed = 0;          // hex_revealed events received (R-SF10)
    bool fog = false;                // keep what arrives in `received` for check_face_down
    std::vector<Received> received;  // since the last replay check

    void init(const json& game, int viewer) {
        const std::size_t n = game["players"].size();
        cards.assign(n, 0);
        devs.assign(n, 0);
        for (std::size_t i = 0; i < n; ++i) {
            cards[i] = game["players"][i]["cards"];
            devs[i] = game["players"][i]["dev_cards"];
        }
        if (viewer >= 0) {
            own = counts_of(game["me"]["hand"], kRes);
            own_dev = counts_of(game["me"]["dev"], kDev);
        }
        on = true;
    }

    void gain(int seat, const json& set, int viewer, int sign) {
        const Counts c = counts_of(set, kRes);
        for (int i = 0; i < 5; ++i) {
            cards[static_cast<std::size_t>(seat)] += sign * c[static_cast<std::size_t>(i)];
            if (seat == viewer) own[static_cast<std::size_t>(i)] += sign * c[static_cast<std::size_t>(i)];
        }
    }

    void apply(const json& events, const json& before, int viewer) {
        const std::string phase = before.is_object() ? before.value("phase", "") : "";
        for (const auto& e : events) {
            const std::string t = e["type"];
            const int p = e.value("player", -1);
            if (t == "starting_resources" || t == "produced" || t == "invention_taken") {
                gain(p, e["resources"], viewer, +1);
            } else if (t == "discarded") {
                gain(p, e["resources"], viewer, -1);
            } else if (t == "stole") {
                const int v = e["victim"];
                ++cards[static_cast<std::size_t>(p)];
                --cards[static_cast<std::size_t>(v)];
                if (p == viewer) ++own[static_cast<std::size_t>(res_index(e["resource"]))];
                if (v == viewer) --own[static_cast<std::size_t>(res_index(e["resource"]))];
            } else if (t == "monopoly_taken") {
                const json set = {{e["resource"].get<std::string>(), e["count"]}};
                gain(p, set, viewer, +1);
                gain(e["from"], set, viewer, -1);
            } else if (t == "bank_traded") {
                gain(p, e["gave"], viewer, -1);
                gain(p, e["got"], viewer, +1);
            } else if (t == "trade_completed") {
                const int w = e["with"];
                gain(p, e["gave"], viewer, -1);
                gain(p, e["got"], viewer, +1);
                gain(w, e["gave"], viewer, +1);
                gain(w, e["got"], viewer, -1);
            } else if (t == "built") {
                const std::string piece = e["piece"];
                const bool free = phase == "setup_settlement" || phase == "setup_road" ||
                                  ((piece == "road" || piece == "ship") && phase == "road_building");
                if (!free) {
                    if (piece == "road") gain(p, {{"brick", 1}, {"lumber", 1}}, viewer, -1);
                    else if (piece == "ship") gain(p, {{"lumber", 1}, {"wool", 1}}, viewer, -1);  // R-SF2
                    else if (piece == "settlement") gain(p, {{"brick", 1}, {"lumber", 1}, {"wool", 1}, {"grain", 1}}, viewer, -1);
                    else gain(p, {{"grain", 2}, {"ore", 3}}, viewer, -1);
                }
            } else if (t == "hex_revealed" || t == "gold_chosen") {  // R-SF10: what a turned hex paid; R-SF7
                gain(p, e["resources"], viewer, +1);
            } else if (t == "dev_card_bought") {
                gain(p, {{"wool", 1}, {"grain", 1}, {"ore", 1}}, viewer, -1);
                ++devs[static_cast<std::size_t>(p)];
                if (p == viewer) ++own_dev[static_cast<std::size_t>(dev_index(e["card"]))];
            } else if (t == "dev_card_played") {
                --devs[static_cast<std::size_t>(p)];
                if (p == viewer) --own_dev[static_cast<std::size_t>(dev_index(e["card"]))];
            }
        }
    }

    void compare(const json& game, int viewer, const std::string& who) {
        INFO(who << " at turn " << game["turn"] << " phase " << game["phase"]);
        for (std::size_t i = 0; i < cards.size(); ++i) {
            INFO("seat " << i);
            REQUIRE(game["players"][i]["cards"] == cards[i]);
            REQUIRE(game["players"][i]["dev_cards"] == devs[i]);
        }
        if (viewer >= 0) {
            REQUIRE(counts_of(game["me"]["hand"], kRes) == own);
            REQUIRE(counts_of(game["me"]["dev"], kDev) == own_dev);
        }
    }
};

// Checks one received message for `p` (after its view applied it; `before` is the game doc before).
inline void inspect(Peer& p, const json& m, const json& before, Ledger& L) {
    ++L.messages;
    L.texts.push_back(m.dump());
    if (L.fog) {
        const json& g = p.game();
        const json board = g.is_object() && g.contains("board") ? g["board"] : json();
        Received r{std::nullopt, m, json(), json()};
        if (m.contains("seq") && m["seq"].is_number_integer()) r.seq = m["seq"].get<std::int64_t>();
        if (board.is_object()) r.terrain = board.value("terrain", json()), r.numbers = board.value("numbers", json());
        L.received.push_back(std::move(r));
    }
    const bool spectator = p.seat == kNoSeat;
    const int viewer = p.seat;
    const std::string who = p.label;
    const std::string type = m["type"];
    std::vector<std::string> path;

    if (type == "update") {
        ++L.updates;
        path = {"legal"};
        walk(m["legal"], path, spectator, who + " (legal)");
        path.clear();
        for (const auto& op : m["patch"]) {
            const auto tokens = pointer_tokens(op["path"].get<std::string>());
            for (std::size_t i = 0; i < tokens.size(); ++i) {
                const std::vector<std::string> parent(tokens.begin(), tokens.begin() + static_cast<long>(i));
                check_key(tokens[i], parent, spectator, who + " (patch path " + op["path"].get<std::string>() + ")");
            }
            if (op.contains("value")) {
                auto base = tokens;
                walk(op["value"], base, spectator, who + " (patch value at " + op["path"].get<std::string>() + ")");
            }
        }
        for (const auto& e : m["events"]) {
            walk(e, path, spectator, who + " (event)");
            const std::string t = e["type"];
            INFO(who << ": event " << e.dump());
            if (t == "stole") {
                const bool party = viewer == e["player"] || viewer == e["victim"];
                CHECK(e.contains("resource") == party);
                if (!party) {
                    ++L.third_party_steals;
                    for (const char* r : kRes) CHECK_FALSE(mentions(e["text"], {r}));
                } else {
                    ++L.own_steals;
                }
            } else if (t == "dev_card_bought") {
                const bool buyer = viewer == e["player"];
                CHECK(e.contains("card") == buyer);
                if (!buyer) {
                    ++L.others_bought;
                    for (const char* d : {"knight", "invention", "monopoly"}) CHECK_FALSE(mentions(e["text"], {d}));
                    CHECK_FALSE(mentions(e["text"], {"victory", "point"}));
                    CHECK_FALSE(mentions(e["text"], {"road", "building"}));
                } else {
                    ++L.own_bought;
                }
            } else if (t == "hex_revealed") {
                ++L.hexes_revealed;
            }
        }
    } else {
        walk(m, path, spectator, who + " (" + type + ")");
    }

    if (type != "snapshot" && type != "update") return;
    // Fairness: the commitment from the start, the same all game long; seed and salt null until the end.
    const json& room = p.view.doc()["room"];
    if (room.is_object() && room["phase"] != "lobby") {
        INFO(who << ": room.fairness " << room["fairness"].dump());
        REQUIRE(room["fairness"].is_object());
        const json& f = room["fairness"];
        REQUIRE(f["commitment"].is_string());
        if (L.commitment.empty()) L.commitment = f["commitment"];
        REQUIRE(f["commitment"] == L.commitment);
        if (room["phase"] != "finished") {
            REQUIRE(f["seed"].is_null());
            REQUIRE(f["salt"].is_null());
        }
    }
    // The doc as rebuilt: every other seat's entry holds counts and public pieces only.
    const json& game = p.game();
    if (spectator) CHECK(m["legal"].is_null());
    if (!game.is_object()) return;
    {
        INFO(who);
        CHECK(game["viewer"] == (spectator ? json() : json(viewer)));
        CHECK(game.contains("me") == !spectator);
        if (!spectator) CHECK(game["me"]["seat"] == viewer);
        const std::string board = game.contains("options") && game["options"].is_object() ? game["options"].value("board", "") : "";
        const bool sea = board == "sea" || board == "sea_large";
        for (const auto& seat : game["players"])
            for (auto it = seat.begin(); it != seat.end(); ++it) {
                INFO("seat entry key " << it.key());
                CHECK(kSeatKeys.count(it.key()) + (sea ? kSeaSeatKeys.count(it.key()) : 0) == 1);
                CHECK((it.value().is_number_integer() || it.value().is_array()));
            }
        if (game["phase"] != "game_over")
            for (const auto& seat : game["players"]) {
                CHECK_FALSE(seat.contains("vp_cards"));
                CHECK_FALSE(seat.contains("vp_total"));
            }
    }
    // Accounting.
    if (type == "snapshot" || !before.is_object()) {
        L.init(game, viewer);
        if (!before.is_object() && type == "update") {  // the game just started: nobody holds anything
            for (int c : L.cards) CHECK(c == 0);
            for (int c : L.devs) CHECK(c == 0);
        }
    } else if (L.on) {
        L.apply(m["events"], before, viewer);
    }
    if (L.on) L.compare(game, viewer, who);
}

// ---- R-SF10: what lies face down never leaves the server before it turns ------------------------------
// The hexes face down in a state of the engine's replay, and what each truly is.
struct FaceDown {
    std::map<int, std::string> terrain;  // hex -> its true terrain ("grain", "sea", "gold", ...)
    bool covers(int hex) const { return terrain.count(hex) > 0; }
};

inline FaceDown face_down(const catan::GameState& s) {
    FaceDown f;
    s.board.fog.for_each([&](int h) { f.terrain[h] = catan::to_string(s.board.terrain[h]); });
    return f;
}

// A JSON pointer token that is an array index ("12"), or nothing.
inline std::optional<int> index_token(const std::string& token) {
    if (token.empty() || token.size() > 4) return std::nullopt;
    for (char c : token)
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    return std::stoi(token);
}

// Whether a sentence names hex `hex` ("... turned up fields 5 (hex 12)", not hex 120).
inline bool names_hex(const std::string& text, int hex) {
    const std::string l = lower(text), needle = "hex " + std::to_string(hex);
    for (auto at = l.find(needle); at != std::string::npos; at = l.find(needle, at + 1)) {
        const std::size_t end = at + needle.size();
        if (end == l.size() || !std::isdigit(static_cast<unsigned char>(l[end]))) return true;
    }
    return false;
}

// Structurally, wherever a message ties a value to a face-down hex: a board's terrain ("fog") and number
// (null) at its index, a table's hexes[h] (terrain and number null), an object naming it as "hex" (no
// terrain, no number, no hex_revealed), a sentence naming it. Failures only (a message has thousands of
// leaves): FAIL_CHECK says where.
inline void walk_face_down(const json& j, std::vector<std::string>& path, const FaceDown& fd, const std::string& who) {
    const std::size_t n = path.size();
    if (j.is_object()) {
        if (j.contains("hex") && j["hex"].is_number_integer() && fd.covers(j["hex"].get<int>())) {
            const bool revealed = j.contains("type") && j["type"] == "hex_revealed";
            if (revealed || j.contains("terrain") || j.contains("number"))
                FAIL_CHECK(who << ": " << j.dump() << " at " << join_path(path) << " tells face-down hex " << j["hex"]
                               << " (truly " << fd.terrain.at(j["hex"].get<int>()) << ")");
        }
        for (auto it = j.begin(); it != j.end(); ++it) {
            path.push_back(it.key());
            walk_face_down(it.value(), path, fd, who);
            path.pop_back();
        }
        return;
    }
    if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            path.push_back(std::to_string(i));
            walk_face_down(j[i], path, fd, who);
            path.pop_back();
        }
        return;
    }
    const auto fail = [&](int h, const char* what) {
        FAIL_CHECK(who << ": " << j.dump() << " at " << join_path(path) << " for face-down hex " << h << " (truly " << fd.terrain.at(h)
                       << "): " << what);
    };
    if (n >= 3 && path[n - 3] == "board" && (path[n - 2] == "terrain" || path[n - 2] == "numbers"))
        if (const auto h = index_token(path[n - 1]); h && fd.covers(*h)) {
            if (path[n - 2] == "terrain" && j != "fog") fail(*h, "its terrain must be \"fog\"");
            if (path[n - 2] == "numbers" && !j.is_null()) fail(*h, "its number must be null");
        }
    if (n >= 3 && path[n - 3] == "hexes" && (path[n - 1] == "terrain" || path[n - 1] == "number"))
        if (const auto h = index_token(path[n - 2]); h && fd.covers(*h) && !j.is_null()) fail(*h, "a table shows nothing of it");
    if (n >= 1 && path[n - 1] == "text" && j.is_string())
        for (const auto& [h, truth] : fd.terrain)
            if (names_hex(j.get<std::string>(), h)) fail(h, "no sentence names it before it turns");
}

// One received message against what was face down in the state it shows: the connection's doc has
// "fog" and no number at every such hex, and nothing in the message tells any of them.
inline void check_face_down(const Received& r, const FaceDown& fd, const std::string& who) {
    const std::string what = who + " (" + r.message.value("type", std::string("?")) + (r.seq ? " seq " + std::to_string(*r.seq) : std::string()) + ")";
    if (r.terrain.is_array() || r.numbers.is_array())
        for (const auto& [h, truth] : fd.terrain) {
            const auto at = static_cast<std::size_t>(h);
            if (!r.terrain.is_array() || at >= r.terrain.size() || r.terrain[at] != "fog")
                FAIL_CHECK(what << ": the doc's board.terrain at face-down hex " << h << " (truly " << truth << ") is not fog: "
                                << (r.terrain.is_array() && at < r.terrain.size() ? r.terrain[at].dump() : "missing"));
            if (!r.numbers.is_array() || at >= r.numbers.size() || !r.numbers[at].is_null())
                FAIL_CHECK(what << ": the doc's board.numbers at face-down hex " << h << " (truly " << truth << ") is not null: "
                                << (r.numbers.is_array() && at < r.numbers.size() ? r.numbers[at].dump() : "missing"));
        }
    std::vector<std::string> path;
    walk_face_down(r.message, path, fd, what);
    if (r.message.value("type", std::string()) == "update" && r.message.contains("patch") && r.message["patch"].is_array())
        for (const auto& op : r.message["patch"])
            if (op.contains("value") && op.contains("path") && op["path"].is_string()) {
                auto base = pointer_tokens(op["path"].get<std::string>());
                walk_face_down(op["value"], base, fd, what + " patch at " + op["path"].get<std::string>());
            }
}

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

// ---- For the self-tests: each feeds inspect() what a server might send, one leak at a time ----------
// A snapshot as the server would send it to `viewer` (a seat, or kNoSeat) of the game `s`, whose room has
// these options.
inline json fake_snapshot_of(const catan::GameState& s, int viewer, const json& room_options) {
    json room = {{"code", "K7QX3"}, {"phase", "playing"}, {"options", room_options}, {"host", 0},
                 {"seats", json::array()}, {"spectators", 0},
                 {"fairness", {{"commitment", std::string(64, 'a')}, {"seed", nullptr}, {"salt", nullptr}}}};
    return {{"v", 1},
            {"type", "snapshot"},
            {"seq", 5},
            {"doc", {{"room", room}, {"game", proto::player_view(s, viewer == kNoSeat ? proto::kSpectator : viewer)}}},
            {"legal", viewer == kNoSeat ? json() : proto::legal_actions_json(s, viewer)},
            {"chat", json::array()}};
}

// A snapshot as the server would send it to `viewer` (a seat, or kNoSeat) at the start of a game.
inline json fake_snapshot(int viewer, catan::GameState* out = nullptr) {
    catan::GameOptions o;
    o.players = 3;
    o.seed = 99;
    catan::GameState s = catan::new_game(o);
    if (out) *out = s;
    return fake_snapshot_of(s, viewer, {{"players", 3}, {"vp_target", 10}});
}

// Applies and inspects `first`, then `second`; with `face_down`, also checks both against it (R-SF10).
inline void feed(int viewer, const json& first, const std::optional<json>& second = std::nullopt, const FaceDown* face_down = nullptr) {
    Peer p("self-test viewer", nullptr);
    p.seat = viewer;
    Ledger L;
    L.fog = face_down != nullptr;
    p.view.apply(first);
    inspect(p, first, json(), L);
    if (second) {
        const json before = p.game();
        p.view.apply(*second);
        inspect(p, *second, before, L);
    }
    if (face_down)
        for (const Received& r : L.received) check_face_down(r, *face_down, p.label);
}

inline json fake_update(json patch, json events) {
    return {{"v", 1}, {"type", "update"}, {"seq", 6}, {"patch", std::move(patch)}, {"events", std::move(events)}, {"legal", nullptr}};
}

}  // namespace catan::nettest::hidden
