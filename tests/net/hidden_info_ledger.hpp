#pragma once
// The hidden-information tests' checks of one message (test_hidden_info.cpp, test_fog_hidden.cpp): every
// key a recipient may hold, and what each connection received, accounted for (Ledger, inspect).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "catan/proto/proto.hpp"
#include "game_driver.hpp"

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

}  // namespace catan::nettest::hidden
