// Hidden information over real sockets (issue 3): across whole games (2 to 6 players, several
// seeds, a spectator from the lobby and one who arrives mid-game), no message a player or spectator
// receives holds another player's hand contents or development card kinds, the deck order, or the
// generator state or seed. Checked three ways on every message each connection receives:
//   1. structurally: no key that names a secret (deck, rng, seed, generator, the saved-state marker),
//      hand and development-card contents only under the recipient's own `me` (never for a spectator,
//      never in another seat's entry or a patch aimed at it), `stole` and `dev_card_bought` events
//      without the resource / card for anyone but the thief and victim / the buyer;
//   2. by accounting: each connection's own hand equals the sum of what its own events showed it
//      (production, steals, trades, builds...), every seat's card and development-card counts follow
//      from the public events, so the doc holds nothing the recipient could not account for;
//   3. by replay: the test replays the same seeded game with the engine and requires each
//      connection's rebuilt doc.game, legal actions and events to equal exactly player_view /
//      legal_actions_json / events_json for that recipient (which tests/proto prove leak nothing), and
//      no message text to contain the generator's current state words or the seed.
#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <iostream>
#include <map>
#include <set>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "game_driver.hpp"
#include "sha256.hpp"
#include "server_process.hpp"

using namespace catan::nettest;
namespace proto = catan::proto;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* kRes[] = {"brick", "lumber", "wool", "grain", "ore"};
constexpr const char* kDev[] = {"knight", "road_building", "invention", "monopoly", "victory_point"};
using Counts = std::array<int, 5>;

const std::set<std::string> kSeatKeys = {"seat", "vp", "cards", "dev_cards", "knights", "road_length",
                                         "settlements_left", "cities_left", "roads_left", "discard_owed",
                                         "settlements", "cities", "roads", "vp_cards", "vp_total"};

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

int res_index(const std::string& r) {
    for (int i = 0; i < 5; ++i)
        if (r == kRes[i]) return i;
    FAIL("unknown resource " << r);
    return -1;
}

int dev_index(const std::string& d) {
    for (int i = 0; i < 5; ++i)
        if (d == kDev[i]) return i;
    FAIL("unknown development card " << d);
    return -1;
}

Counts counts_of(const json& set, const char* const (&names)[5]) {
    Counts c{};
    for (int i = 0; i < 5; ++i) c[i] = set.value(names[i], 0);
    return c;
}

// The words of a sentence, lower case ("Ana stole a card from Bo." -> ana stole a card from bo).
std::vector<std::string> words(const std::string& text) {
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

bool mentions(const std::string& text, std::initializer_list<const char*> phrase) {
    const auto ws = words(text);
    const std::vector<std::string> p(phrase.begin(), phrase.end());
    for (std::size_t i = 0; i + p.size() <= ws.size(); ++i)
        if (std::equal(p.begin(), p.end(), ws.begin() + static_cast<long>(i))) return true;
    return false;
}

std::vector<std::string> pointer_tokens(const std::string& pointer) {  // RFC 6901
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

std::string join_path(const std::vector<std::string>& path) {
    std::string s;
    for (const auto& t : path) s += "/" + t;
    return s;
}

// One key at `path` (the tokens down to its parent): is it something this recipient may hold?
void check_key(const std::string& key, const std::vector<std::string>& path, bool spectator, const std::string& who) {
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
    if (key == "hand" || key == "dev" || key == "dev_playable") {
        CHECK_FALSE(spectator);
        REQUIRE_FALSE(path.empty());
        CHECK(path.back() == "me");
    }
    if (key == "me" && !path.empty() && path.back() == "game") CHECK_FALSE(spectator);
}

void walk(const json& j, std::vector<std::string>& path, bool spectator, const std::string& who) {
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

// What one connection received, checked and accounted for.
struct Ledger {
    bool on = false;
    std::vector<int> cards, devs;  // every seat's counts, from public events
    Counts own{}, own_dev{};       // the recipient's own hand and development cards, from its own events
    std::vector<std::string> texts;  // raw messages since the last replay check
    std::vector<std::string> before_end;  // every raw message received while the game ran
    std::string commitment;  // room.fairness.commitment as first seen: it never changes during a game
    int messages = 0, updates = 0, third_party_steals = 0, others_bought = 0, own_steals = 0, own_bought = 0;

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
                                  (piece == "road" && phase == "road_building");
                if (!free) {
                    if (piece == "road") gain(p, {{"brick", 1}, {"lumber", 1}}, viewer, -1);
                    else if (piece == "settlement") gain(p, {{"brick", 1}, {"lumber", 1}, {"wool", 1}, {"grain", 1}}, viewer, -1);
                    else gain(p, {{"grain", 2}, {"ore", 3}}, viewer, -1);
                }
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
void inspect(Peer& p, const json& m, const json& before, Ledger& L) {
    ++L.messages;
    L.texts.push_back(m.dump());
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
        for (const auto& seat : game["players"])
            for (auto it = seat.begin(); it != seat.end(); ++it) {
                INFO("seat entry key " << it.key());
                CHECK(kSeatKeys.count(it.key()) == 1);
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

json strip_text(json events) {
    for (auto& e : events) e.erase("text");
    return events;
}

struct Config {
    int players;
    std::string seed;
    int vp;
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

    Game(const Config& c, unsigned short port) : cfg(c), t(port), policy(policy_options(c)) {}

    static PolicyOptions policy_options(const Config& c) {
        PolicyOptions po;
        po.seed = std::stoull(c.seed);
        po.want_knight = true;
        po.random_trade_per_mille = 80;
        po.counter_per_mille = 250;
        return po;
    }

    std::string name() const { return std::to_string(cfg.players) + " players, seed " + cfg.seed; }

    // Every connection's doc, legal actions and events are exactly what the engine's state says this
    // recipient may see, and no message since the last check held the seed or the generator's words.
    void check_views(const std::vector<catan::Event>* events) {
        const json state = proto::state_json(local);
        // Once the game is over the seed is revealed (room.fairness, checked in inspect).
        const bool over = local.phase == catan::Phase::GameOver;
        std::vector<std::string> secrets;
        if (!over) secrets.push_back(cfg.seed);
        for (const auto& w : state["rng"]) secrets.push_back(w.get<std::string>());
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
        }
        ++replayed;
    }

    void set_up() {
        t.on_new_peer = [this](Peer& p) {
            Ledger& L = ledgers[&p];
            p.observer = [&L](Peer& peer, const json& m, const json& before) { inspect(peer, m, before, L); };
        };
        t.create_room_rest({{"players", cfg.players}, {"vp_target", cfg.vp}, {"seed", cfg.seed}});
        const char* names[] = {"Ana", "Bo", "Cy", "Dee", "Eve", "Fay"};
        for (int i = 0; i < cfg.players; ++i) t.join(names[i], i == 0);
        t.spectate();
        t.start();
        // The server builds the game from the seed: the test replays it with the engine.
        catan::GameOptions options;
        options.players = cfg.players;
        options.victory_target = cfg.vp;
        options.seed = std::stoull(cfg.seed);
        REQUIRE_FALSE(catan::validate_options(options).has_value());
        local = catan::new_game(options);
        check_views(nullptr);
        run = std::make_unique<GameRun>(t, policy, 20000, [this](Peer& actor, const json& command, const json&) {
            INFO(name() << ": " << actor.label << " sent " << command.dump());
            const auto decoded = proto::decode_command(command, actor.seat, proto::command_bounds(local));
            REQUIRE(decoded.ok());
            std::vector<catan::Event> events;
            const auto error = catan::apply(local, decoded.value(), &events);
            REQUIRE_FALSE(error.has_value());
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
};

}  // namespace

TEST_CASE("Hidden information: no message reveals other hands or development cards or the deck or the generator", "[hidden]") {
    const auto t0 = Clock::now();
    ServerProcess server;
    const std::vector<Config> configs = {
        {2, "7301154412093", 7}, {3, "5820937716551", 10}, {4, "1948820563217", 10}, {4, "3377001912846", 8},
        {5, "5512093773016", 8}, {6, "6120937716552", 8}};  // issue 12: the 5–6 board, every seat checked
    std::vector<std::unique_ptr<Game>> games;
    std::vector<GameRun*> runs;
    for (const Config& cfg : configs) {
        games.push_back(std::make_unique<Game>(cfg, server.port()));
        games.back()->set_up();
        runs.push_back(games.back()->run.get());
    }
    play_interleaved(runs);  // the games run side by side, one command at a time

    std::size_t messages = 0, replayed = 0;
    int third_party_steals = 0, others_bought = 0, own_steals = 0, own_bought = 0, commands = 0;
    for (auto& g : games) {
        INFO(g->name());
        const GameStats stats = g->run->result();
        REQUIRE(g->local.phase == catan::Phase::GameOver);
        REQUIRE(stats.winner == static_cast<int>(g->local.winner));
        CHECK(g->late == 1);
        commands += stats.commands;
        replayed += g->replayed;
        for (auto& [peer, L] : g->ledgers) {
            // At the end every connection holds the same commitment, now with the seed and salt it
            // hashes; the salt, like the seed, was in no message before the end.
            const json& f = peer->view.doc()["room"]["fairness"];
            INFO(peer->label << ": " << f.dump());
            REQUIRE(f["seed"] == g->cfg.seed);
            REQUIRE(f["salt"].is_string());
            CHECK(f["commitment"] == L.commitment);
            CHECK(f["commitment"] == sha256_hex("catan-v1:" + g->cfg.seed + ":" + f["salt"].get<std::string>()));
            CHECK(f["commitment"] == g->t.host().view.doc()["room"]["fairness"]["commitment"]);
            REQUIRE(!L.before_end.empty());
            for (const auto& text : L.before_end) REQUIRE(text.find(f["salt"].get<std::string>()) == std::string::npos);
            messages += static_cast<std::size_t>(L.messages);
            third_party_steals += L.third_party_steals;
            others_bought += L.others_bought;
            own_steals += L.own_steals;
            own_bought += L.own_bought;
        }
        std::cout << "[hidden] " << g->name() << ": winner seat " << *stats.winner << " after " << stats.turns
                  << " turns, " << stats.commands << " commands, " << stats.offers << " offers, " << stats.counters
                  << " counters, " << stats.trades_completed << " trades, " << stats.steals << " steals\n";
    }
    // The secrets were there to leak: steals and purchases seen by third parties and by their owners.
    CHECK(third_party_steals > 0);
    CHECK(others_bought > 0);
    CHECK(own_steals > 0);
    CHECK(own_bought > 0);
    for (auto& g : games) g->t.close_all();
    CHECK(server.stop() == 0);
    std::cout << "[hidden] " << messages << " messages checked, " << replayed << " states replayed, " << commands
              << " commands, " << std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count()
              << " ms\n";
}

// ---- The checker has teeth: each of these feeds inspect() one leak and must fail ---------------------
namespace {

// A snapshot as the server would send it to `viewer` (a seat, or kNoSeat) at the start of a game.
json fake_snapshot(int viewer, catan::GameState* out = nullptr) {
    catan::GameOptions o;
    o.players = 3;
    o.seed = 99;
    catan::GameState s = catan::new_game(o);
    if (out) *out = s;
    json room = {{"code", "K7QX3"}, {"phase", "playing"}, {"options", {{"players", 3}, {"vp_target", 10}}}, {"host", 0},
                 {"seats", json::array()}, {"spectators", 0},
                 {"fairness", {{"commitment", std::string(64, 'a')}, {"seed", nullptr}, {"salt", nullptr}}}};
    return {{"v", 1},
            {"type", "snapshot"},
            {"seq", 5},
            {"doc", {{"room", room}, {"game", proto::player_view(s, viewer == kNoSeat ? proto::kSpectator : viewer)}}},
            {"legal", viewer == kNoSeat ? json() : proto::legal_actions_json(s, viewer)},
            {"chat", json::array()}};
}

void feed(int viewer, const json& first, const std::optional<json>& second = std::nullopt) {
    Peer p("self-test viewer", nullptr);
    p.seat = viewer;
    Ledger L;
    p.view.apply(first);
    inspect(p, first, json(), L);
    if (second) {
        const json before = p.game();
        p.view.apply(*second);
        inspect(p, *second, before, L);
    }
}

json fake_update(json patch, json events) {
    return {{"v", 1}, {"type", "update"}, {"seq", 6}, {"patch", std::move(patch)}, {"events", std::move(events)}, {"legal", nullptr}};
}

}  // namespace

TEST_CASE("Hidden information self-test: a clean snapshot passes", "[hidden][self-test]") {
    feed(1, fake_snapshot(1));
    feed(kNoSeat, fake_snapshot(kNoSeat));
}

TEST_CASE("Hidden information self-test: another seat's hand is caught", "[hidden][self-test][!shouldfail]") {
    json s = fake_snapshot(1);
    s["doc"]["game"]["players"][0]["hand"] = {{"ore", 1}};
    feed(1, s);
}

TEST_CASE("Hidden information self-test: a spectator's me is caught", "[hidden][self-test][!shouldfail]") {
    json s = fake_snapshot(kNoSeat);
    s["doc"]["game"]["me"] = fake_snapshot(0)["doc"]["game"]["me"];
    feed(kNoSeat, s);
}

TEST_CASE("Hidden information self-test: the seed in the room options is caught", "[hidden][self-test][!shouldfail]") {
    json s = fake_snapshot(1);
    s["doc"]["room"]["options"]["seed"] = "99";
    feed(1, s);
}

TEST_CASE("Hidden information self-test: the seed revealed before the game is over is caught", "[hidden][self-test][!shouldfail]") {
    json s = fake_snapshot(1);
    s["doc"]["room"]["fairness"]["seed"] = "99";
    feed(1, s);
}

TEST_CASE("Hidden information self-test: the salt revealed before the game is over is caught", "[hidden][self-test][!shouldfail]") {
    json s = fake_snapshot(kNoSeat);
    s["doc"]["room"]["fairness"]["salt"] = std::string(32, 'b');
    feed(kNoSeat, s);
}

TEST_CASE("Hidden information self-test: a patch into another seat's hand is caught", "[hidden][self-test][!shouldfail]") {
    feed(1, fake_snapshot(1),
         fake_update(json::array({{{"op", "add"}, {"path", "/game/players/0/hand"}, {"value", {{"ore", 1}}}}}), json::array()));
}

TEST_CASE("Hidden information self-test: a stolen resource shown to a third party is caught", "[hidden][self-test][!shouldfail]") {
    const json stole = {{"type", "stole"}, {"player", 0}, {"victim", 1}, {"resource", "ore"}, {"text", "Seat 0 stole a card from Seat 1."}};
    feed(2, fake_snapshot(2), fake_update(json::array(), json::array({stole})));
}

TEST_CASE("Hidden information self-test: another buyer's card kind is caught", "[hidden][self-test][!shouldfail]") {
    const json bought = {{"type", "dev_card_bought"}, {"player", 0}, {"card", "monopoly"}, {"text", "Seat 0 bought a card."}};
    feed(1, fake_snapshot(1), fake_update(json::array(), json::array({bought})));
}

TEST_CASE("Hidden information self-test: a hand change no event explains is caught", "[hidden][self-test][!shouldfail]") {
    feed(0, fake_snapshot(0),
         fake_update(json::array({{{"op", "replace"}, {"path", "/game/me/hand/ore"}, {"value", 1}}}), json::array()));
}
