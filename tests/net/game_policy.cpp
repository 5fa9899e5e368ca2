// The policy that plays the socket tests' games (a sensible player from the public doc and its own
// hand: placements by production, builds by cost, trades, the robber), and the loop that runs a game.
#include <algorithm>
#include <set>
#include <thread>

#include "driver_text.hpp"
#include "game_driver.hpp"

namespace catan::nettest {

namespace {

constexpr const char* kResources[] = {"brick", "lumber", "wool", "grain", "ore"};

// ---- Board sense for the policy (from the topology and the public doc) ----------------------------------
int pips(const json& number) {
    if (!number.is_number_integer()) return 0;
    const int n = number.get<int>();
    return 6 - std::abs(7 - n);
}

// Production value of an intersection: the pips of the hexes around it.
int spot_value(const json& topo, const json& game, int node) {
    int v = 0;
    for (const auto& h : topo["intersections"][static_cast<std::size_t>(node)]["hexes"])
        v += pips(game["board"]["numbers"][h.get<std::size_t>()]);
    return v;
}

// Intersections where nobody may build: occupied, or next to a building (R-B distance rule).
std::vector<bool> blocked_nodes(const json& topo, const json& game) {
    std::vector<bool> blocked(topo["intersections"].size(), false);
    for (const auto& pl : game["players"])
        for (const char* kind : {"settlements", "cities"})
            for (const auto& n : pl[kind]) {
                blocked[n.get<std::size_t>()] = true;
                for (const auto& m : topo["intersections"][n.get<std::size_t>()]["neighbors"]) blocked[m.get<std::size_t>()] = true;
            }
    return blocked;
}

// Free intersections at the end of one of `seat`'s roads.
std::vector<int> open_spots(const json& topo, const json& game, int seat) {
    const auto blocked = blocked_nodes(topo, game);
    std::vector<int> out;
    for (const auto& r : game["players"][static_cast<std::size_t>(seat)]["roads"])
        for (const auto& n : topo["paths"][r.get<std::size_t>()]["intersections"])
            if (!blocked[n.get<std::size_t>()]) out.push_back(n.get<int>());
    return out;
}

using Cost = std::map<std::string, int>;
const Cost kCityCost = {{"grain", 2}, {"ore", 3}};
const Cost kSettlementCost = {{"brick", 1}, {"lumber", 1}, {"wool", 1}, {"grain", 1}};
const Cost kDevCost = {{"wool", 1}, {"grain", 1}, {"ore", 1}};
const Cost kRoadCost = {{"brick", 1}, {"lumber", 1}};

int missing(const Cost& cost, const json& hand) {
    int m = 0;
    for (const auto& [r, n] : cost) m += std::max(0, n - hand.value(r, 0));
    return m;
}

int need(const Cost& cost, const std::string& r) {
    const auto it = cost.find(r);
    return it == cost.end() ? 0 : it->second;
}

}  // namespace

// ---- Policy -------------------------------------------------------------------------------------------------------------------
Policy::Policy(PolicyOptions o) : o_(o), rng_(o.seed * 0x9E3779B97F4A7C15ULL + 12345) {}

int Policy::pick_actor(const json& game) {
    if (!game.is_object() || !game.contains("to_act")) return kNoSeat;
    std::vector<int> who;
    for (const auto& s : game["to_act"]) who.push_back(s.get<int>());
    if (who.empty()) return kNoSeat;
    const int current = game.value("current", -1);
    const bool current_in = std::find(who.begin(), who.end(), current) != who.end();
    if (game["phase"] == "trade_offer") {
        std::vector<int> others;
        for (int s : who)
            if (s != current) others.push_back(s);
        if (!others.empty()) return others[below(static_cast<std::uint32_t>(others.size()))];
        return current_in ? current : who.front();
    }
    if (current_in) return current;
    return *std::min_element(who.begin(), who.end());
}

std::optional<json> Policy::propose(Peer& p, Table& table, bool forced) {
    const json& legal = p.view.legal();
    if (!legal.is_object() || legal.value("may_propose_trade", false) != true) return std::nullopt;
    const json hand = p.hand();
    std::vector<std::string> have;
    for (const char* r : kResources)
        if (hand.value(r, 0) > 0) have.push_back(r);
    if (have.empty()) return std::nullopt;
    const int players = static_cast<int>(p.game()["players"].size());
    std::vector<int> others;
    for (int s = 0; s < players; ++s)
        if (s != p.seat) others.push_back(s);
    std::shuffle(others.begin(), others.end(), rng_);
    if (forced) {
        for (int b : others) {
            Peer* q = nullptr;
            for (Peer* c : table.players())
                if (c->seat == b) q = c;
            if (!q) continue;
            const json their = q->hand();
            for (const std::string& x : have)
                for (const char* y : kResources)
                    if (y != x && their.value(y, 0) > 0) {
                        forced_to_ = b;
                        return json{{"type", "propose_trade"}, {"give", {{x, 1}}}, {"want", {{y, 1}}}, {"to", b}};
                    }
        }
        return std::nullopt;
    }
    const std::string x = have[below(static_cast<std::uint32_t>(have.size()))];
    std::string y = x;
    while (y == x) y = kResources[below(5)];
    json offer = {{"type", "propose_trade"}, {"give", {{x, 1 + static_cast<int>(below(std::min(2, hand.value(x, 0))))}}}, {"want", {{y, 1}}}};
    const std::uint32_t to = below(static_cast<std::uint32_t>(others.size()) + 1);
    if (to < others.size()) offer["to"] = others[to];
    else if (chance(500)) offer["to"] = nullptr;
    return offer;
}

json Policy::choose(Peer& p, Table& table) {
    const json& game = p.game();
    const json actions = p.view.legal_actions();
    const std::string phase = game["phase"];
    const int turn = game.value("turn", 0);
    std::map<std::string, std::vector<json>> by;
    for (const auto& a : actions) by[a["type"].get<std::string>()].push_back(a);
    auto has = [&](const char* t) { return by.count(t) > 0; };
    auto pick = [&](const char* t) { return by[t][below(static_cast<std::uint32_t>(by[t].size()))]; };
    auto any = [&]() {
        if (actions.empty()) fail(p.label + ": is to act in phase " + phase + " but has no legal action: " + clip(p.view.legal()));
        return actions[below(static_cast<std::uint32_t>(actions.size()))];
    };

    if (phase == "pre_roll") {
        if (has("play_knight") && (knight_pending() || chance(300))) return pick("play_knight");
        if (has("roll_dice")) return pick("roll_dice");
        return any();
    }
    if (phase == "main") {
        if (p.seat == o_.hoard_seat && discard_pending() && has("end_turn")) return pick("end_turn");
        const json& topo = p.view.topology();
        const json& mine = game["players"][static_cast<std::size_t>(p.seat)];
        const json hand = p.hand();
        auto best = [&](const char* t, auto&& score) {
            json top;
            int top_score = -1000000;
            for (const auto& a : by[t]) {
                const int sc = score(a);
                if (sc > top_score) top = a, top_score = sc;
            }
            return top;
        };
        if (has("play_knight") && (knight_pending() || chance(150))) return pick("play_knight");
        if (has("build_city")) return best("build_city", [&](const json& a) { return spot_value(topo, game, a["intersection"]); });
        if (has("build_settlement"))
            return best("build_settlement", [&](const json& a) { return spot_value(topo, game, a["intersection"]); });
        if (trade_pending() && offer_turn_ != turn)
            if (auto offer = propose(p, table, true)) {
                offer_turn_ = turn;
                return *offer;
            }
        if (o_.random_trade_per_mille > 0 && offer_turn_ != turn && chance(o_.random_trade_per_mille))
            if (auto offer = propose(p, table, false)) {
                offer_turn_ = turn;
                return *offer;
            }
        std::vector<json> dev;
        for (const char* t : {"play_monopoly", "play_invention", "play_road_building"})
            if (has(t)) dev.push_back(pick(t));
        if (!dev.empty() && chance(700)) return dev[below(static_cast<std::uint32_t>(dev.size()))];

        // What to save for: the reachable build with the fewest cards missing.
        const bool spot = !open_spots(topo, game, p.seat).empty();
        const Cost* target = nullptr;
        int target_missing = 1000;
        auto consider = [&](const Cost& c, bool possible) {
            if (possible && missing(c, hand) < target_missing) target = &c, target_missing = missing(c, hand);
        };
        consider(kCityCost, mine["cities_left"] > 0 && !mine["settlements"].empty());
        consider(kSettlementCost, mine["settlements_left"] > 0 && spot);
        consider(kDevCost, game["dev_deck"] > 0);
        if (!spot && mine["settlements_left"] > 0 && mine["roads_left"] > 0) consider(kRoadCost, true);

        if (has("buy_dev_card") && (knight_pending() || target == &kDevCost || chance(250))) return pick("buy_dev_card");
        if (has("build_road") && (!spot || chance(100)))
            return best("build_road", [&](const json& a) {
                const auto blocked = blocked_nodes(topo, game);
                int sc = 0;
                for (const auto& n : topo["paths"][a["path"].get<std::size_t>()]["intersections"])
                    if (!blocked[n.get<std::size_t>()]) sc = std::max(sc, 100 + spot_value(topo, game, n.get<int>()));
                return sc + static_cast<int>(below(3));
            });
        // Seafarers (R-SF2, R-SF4): a ship out to sea when the island is full or now and then, and a
        // ship moved now and then.
        if (has("build_ship") && (!spot || chance(300))) return pick("build_ship");
        if (has("move_ship") && chance(80)) return pick("move_ship");
        if (has("bank_trade") && target && bank_trades_ < 3) {
            std::vector<json> useful;
            for (const auto& a : by["bank_trade"]) {
                const std::string give = a["give"], get = a["get"];
                if (need(*target, get) > hand.value(get, 0) && hand.value(give, 0) >= need(*target, give) + 4) useful.push_back(a);
            }
            if (!useful.empty()) {
                ++bank_trades_;
                return useful[below(static_cast<std::uint32_t>(useful.size()))];
            }
        }
        if (has("end_turn")) {
            bank_trades_ = 0;
            return pick("end_turn");
        }
        return any();
    }
    if (phase == "trade_offer") {
        if (p.seat == game.value("current", -1)) {
            if (has("confirm_trade")) {
                for (const auto& c : by["confirm_trade"])
                    if (c.value("with", -1) == forced_to_) return c;
                return pick("confirm_trade");
            }
            if (has("cancel_trade")) return pick("cancel_trade");
            return any();
        }
        if (forced_to_ == p.seat && has("accept_trade")) return pick("accept_trade");
        const json& legal = p.view.legal();
        if (o_.counter_per_mille > 0 && legal.value("may_counter_trade", false) && chance(o_.counter_per_mille)) {
            const json hand = p.hand();
            std::vector<std::string> have;
            for (const char* r : kResources)
                if (hand.value(r, 0) > 0) have.push_back(r);
            if (!have.empty()) {
                const std::string x = have[below(static_cast<std::uint32_t>(have.size()))];
                std::string y = x;
                while (y == x) y = kResources[below(5)];
                return json{{"type", "counter_trade"}, {"give", {{x, 1}}}, {"want", {{y, 1}}}};
            }
        }
        if (has("accept_trade") && chance(400)) return pick("accept_trade");
        if (has("decline_trade")) return pick("decline_trade");
        return any();
    }
    const json& topo = p.view.topology();
    if (phase == "setup_settlement" && has("build_settlement")) {
        json top;
        int top_score = -1;
        for (const auto& a : by["build_settlement"]) {
            const int sc = spot_value(topo, game, a["intersection"]) * 4 + static_cast<int>(below(4));
            if (sc > top_score) top = a, top_score = sc;
        }
        return top;
    }
    if ((phase == "setup_road" || phase == "road_building") && has("build_road")) {
        const auto blocked = blocked_nodes(topo, game);
        json top;
        int top_score = -1;
        for (const auto& a : by["build_road"]) {
            int sc = static_cast<int>(below(3));
            for (const auto& n : topo["paths"][a["path"].get<std::size_t>()]["intersections"])
                if (!blocked[n.get<std::size_t>()]) sc = std::max(sc, 10 + spot_value(topo, game, n.get<int>()) * 4 + static_cast<int>(below(3)));
            if (sc > top_score) top = a, top_score = sc;
        }
        return top;
    }
    if (phase == "move_robber" && has("move_pirate") && chance(350)) return pick("move_pirate");  // R-SF6
    if (phase == "move_robber" && has("move_robber")) {
        // Not on our own hexes; rob someone, preferably the leader; a productive hex.
        std::set<int> own_hexes;
        for (const char* kind : {"settlements", "cities"})
            for (const auto& n : game["players"][static_cast<std::size_t>(p.seat)][kind])
                for (const auto& h : topo["intersections"][n.get<std::size_t>()]["hexes"]) own_hexes.insert(h.get<int>());
        json top;
        int top_score = -1000000;
        for (const auto& a : by["move_robber"]) {
            const int hex = a["hex"];
            int sc = pips(game["board"]["numbers"][static_cast<std::size_t>(hex)]) + static_cast<int>(below(3));
            if (own_hexes.count(hex)) sc -= 100;
            if (a.contains("victim") && a["victim"].is_number_integer())
                sc += 20 + 2 * game["players"][a["victim"].get<std::size_t>()]["vp"].get<int>();
            if (sc > top_score) top = a, top_score = sc;
        }
        return top;
    }
    return any();  // discard, and anything else: any legal choice
}

void Policy::observe(const json& events, GameStats& s) {
    if (!events.is_array()) return;
    for (const auto& e : events) {
        const std::string t = type_of(e);
        if (t == "dice_rolled" && e.value("sum", 0) == 7) ++s.sevens;
        else if (t == "discarded") ++s.discards, discarded_ = true;
        else if (t == "dev_card_played" && e.value("card", "") == "knight") ++s.knights, knighted_ = true;
        else if (t == "trade_completed") ++s.trades_completed, traded_ = true, forced_to_ = kNoSeat;
        else if (t == "trade_cancelled") forced_to_ = kNoSeat;
        else if (t == "trade_proposed") ++s.offers;
        else if (t == "trade_countered") ++s.counters;
        else if (t == "stole") ++s.steals;
        else if (t == "dev_card_bought") ++s.dev_bought;
        else if (t == "bank_traded") ++s.bank_trades;
        else if (t == "game_won") s.winner = e.value("player", -1);
    }
}

GameRun::GameRun(Table& table, Policy& policy, int max_commands, AfterCommand after)
    : table_(table), policy_(policy), max_commands_(max_commands), after_(std::move(after)) {}

bool GameRun::finished() {
    auto peers = table_.connected();
    if (peers.empty()) fail("nobody connected");
    const json& game = peers.front()->game();
    if (!game.is_object()) fail("no game in progress");
    stats_.turns = game.value("turn", 0);
    return game["phase"] == "game_over";
}

Peer& GameRun::next_actor() {
    if (!actor_) {
        const json& game = table_.connected().front()->game();
        const int a = policy_.pick_actor(game);
        if (a == kNoSeat) fail("nobody may act in phase " + game["phase"].dump());
        actor_ = a;
    }
    return table_.player(*actor_);
}

std::chrono::duration<double> GameRun::wait() { return next_actor().send_wait(); }

void GameRun::step() {
    if (stats_.commands >= max_commands_)
        fail("no winner after " + std::to_string(stats_.commands) + " commands (turn " + std::to_string(stats_.turns) + ")");
    Peer& p = next_actor();
    actor_.reset();
    const json command = policy_.choose(p, table_);
    if (on_send_) on_send_(p, command);
    const json update = table_.play(p, command);
    ++stats_.commands;
    policy_.observe(update.value("events", json::array()), stats_);
    if (after_) after_(p, command, update);
}

GameStats GameRun::result() {
    if (!finished()) fail("the game is not over");
    const json& game = table_.connected().front()->game();
    if (!game["winner"].is_number_integer()) fail("game over without a winner: " + game["winner"].dump());
    if (stats_.winner && *stats_.winner != game["winner"].get<int>()) fail("game_won event and doc disagree on the winner");
    stats_.winner = game["winner"].get<int>();
    return stats_;
}

GameStats play_to_end(Table& table, Policy& policy, int max_commands, const AfterCommand& after) {
    GameRun run(table, policy, max_commands, after);
    while (!run.finished()) run.step();
    return run.result();
}

void play_interleaved(const std::vector<GameRun*>& runs) {
    for (;;) {
        bool any_left = false, stepped = false;
        std::chrono::duration<double> shortest{1.0};
        for (GameRun* r : runs) {
            if (r->finished()) continue;
            any_left = true;
            const auto w = r->wait();
            if (w.count() <= 0) {
                r->step();
                stepped = true;
            } else {
                shortest = std::min(shortest, w);
            }
        }
        if (!any_left) return;
        if (!stepped) std::this_thread::sleep_for(shortest);
    }
}

}  // namespace catan::nettest
