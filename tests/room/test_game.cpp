// Whole games through Hub::on_text, checked message by message against an independent replay: every
// connection's document (its snapshot with every patch applied in order) must equal a document
// built fresh from player_view for its seat, its legal actions and events must be exactly its own,
// and no message may carry the deck order, the generator or the seed. This is the room-level proof
// that diffs are exact and that nothing beyond a recipient's view ever leaves the room.
#include <map>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "catan/sim/random_game.hpp"
#include "support.hpp"

using namespace catan;
using namespace catan::room;
using namespace catan::room::test;

namespace {

const char* const kNames[] = {"Ana", "Bob", "Cy", "Dee"};

class GameTable : public Fixture {
public:
    GameTable(int players, std::uint64_t seed, int vp_target = 10, bool second_tab = false) : players_(players) {
        room = create(hub, json{{"players", players}, {"seed", std::to_string(seed)}, {"vp_target", vp_target}});
        for (int i = 0; i < players; ++i) {
            seats.push_back(std::make_unique<Client>(hub, 10 + i));
            json join = {{"room", room.code}, {"name", kNames[i]}};
            if (i == 0) join["host_key"] = room.host_key;
            seats[i]->send(msg("join", join));
            tokens.push_back(seats[i]->last("welcome")["token"]);
        }
        watchers.push_back(std::make_unique<Client>(hub, 100));
        watchers.push_back(std::make_unique<Client>(hub, 101));
        for (auto& w : watchers) w->send(msg("spectate", {{"room", room.code}}));
        if (second_tab) {  // a second tab on seat 1 shares its seat's every message
            tab = std::make_unique<Client>(hub, 102);
            tab->send(msg("rejoin", {{"room", room.code}, {"token", tokens[1]}}));
        }
        seats[0]->send(msg("start"));
        GameOptions o;
        o.players = players;
        o.victory_target = vp_target;
        o.seed = seed;
        mirror = new_game(o);
        for (int i = 0; i < players; ++i) names[i] = kNames[i];
        for (Client* c : all()) c->poll();
        check_everyone();
    }

    std::vector<Client*> all() {
        std::vector<Client*> out;
        for (auto& c : seats) out.push_back(c.get());
        for (auto& c : watchers) out.push_back(c.get());
        if (tab) out.push_back(tab.get());
        return out;
    }
    int seat_of(const Client* c) const {
        for (int i = 0; i < players_; ++i)
            if (seats[i].get() == c) return i;
        return c == tab.get() ? 1 : proto::kSpectator;
    }

    // What a fresh connection of this viewer would be given: the room part is common to everyone but
    // for "you", the viewer's own seat.
    void check_everyone() {
        json room_part = watchers[0]->doc()["room"];
        REQUIRE(room_part["you"].is_null());
        for (Client* c : all()) {
            if (c->closed()) continue;
            const int seat = seat_of(c);
            INFO("seat " << seat);
            REQUIRE(c->has_doc());
            REQUIRE(engine_view(c->doc()["game"]) == proto::player_view(mirror, seat));
            room_part["you"] = seat >= 0 ? json(seat) : json(nullptr);
            REQUIRE(c->doc()["room"] == room_part);
            REQUIRE(c->legal() == (seat >= 0 ? proto::legal_actions_json(mirror, seat) : json(nullptr)));
            REQUIRE(c->seq() == watchers[0]->seq());
        }
    }

    // Sends a command from `seat` (at its last seq unless given) and checks what everybody received.
    // Returns the error the sender got, or null when the command was applied.
    json play(int seat, json command, std::optional<std::uint64_t> seq = std::nullopt) {  // a copy: polling replaces legal
        Client& sender = *seats[seat];
        sender.send(msg("command", {{"seq", seq.value_or(sender.seq())}, {"command", command}}));
        std::map<Client*, std::vector<json>> got;
        for (Client* c : all()) got[c] = c->poll();
        for (Client* c : all())
            if (c->closed()) REQUIRE(got[c].empty());
        REQUIRE(got[&sender].size() == 1);
        if (got[&sender][0]["type"] == "error") {
            for (Client* c : all())
                if (c != &sender) REQUIRE(got[c].empty());  // errors go to the sender only, nothing changed
            check_everyone();
            return got[&sender][0];
        }
        auto decoded = proto::decode_command(command, seat);
        REQUIRE(decoded);
        events.clear();
        REQUIRE(!apply(mirror, decoded.value(), &events));
        ++applied;
        for (Client* c : all()) {
            if (c->closed()) continue;
            REQUIRE(got[c].size() == 1);
            const json& u = got[c][0];
            REQUIRE(u["type"] == "update");
            REQUIRE(u["events"] == proto::events_json(events, seat_of(c), names));
        }
        // One serialisation per viewer, shared by its connections.
        REQUIRE(watchers[0]->outbox()->sent().back() == watchers[1]->outbox()->sent().back());
        if (tab) REQUIRE(tab->outbox()->sent().back() == seats[1]->outbox()->sent().back());
        REQUIRE(seats[0]->outbox()->sent().back() != seats[1]->outbox()->sent().back());
        check_everyone();
        return nullptr;
    }

    // A random legal move for whoever must act, now and then a one-for-one domestic offer.
    std::pair<int, json> choose(Rng& rng) {
        const int actor = sim::next_actor(mirror);
        REQUIRE(actor >= 0);
        const json& legal = seats[actor]->legal();
        const json& hand = seats[actor]->doc()["game"]["me"]["hand"];
        if (legal["may_propose_trade"] == true && mirror.turn != last_offer_turn_ && rng.below(4) == 0) {
            std::vector<std::string> have, lack;
            for (const auto& [name, n] : hand.items()) (n.get<int>() > 0 ? have : lack).push_back(name);
            if (!have.empty() && !lack.empty()) {
                last_offer_turn_ = mirror.turn;
                json offer = {{"type", "propose_trade"},
                              {"give", {{have[rng.below(static_cast<std::uint32_t>(have.size()))], 1}}},
                              {"want", {{lack[rng.below(static_cast<std::uint32_t>(lack.size()))], 1}}}};
                if (rng.below(2)) offer["to"] = (actor + 1) % players_;
                return {actor, offer};
            }
        }
        const json& actions = legal["actions"];
        REQUIRE(!actions.empty());
        return {actor, actions[rng.below(static_cast<std::uint32_t>(actions.size()))]};
    }

    // No message to anyone ever holds a secret of the saved state (deck, generator words), nor the
    // seed or salt before the game is over: until then room.fairness has both null (docs/fairness.md).
    void scan_for_secrets() {
        const json saved = proto::state_json(mirror);
        std::vector<std::string> words;
        for (const json& w : saved["rng"]) words.push_back(w.get<std::string>());
        const bool over = mirror.phase == Phase::GameOver;
        for (Client* c : all())
            for (const Message& m : c->outbox()->sent()) {
                for (const char* key : {"\"deck\"", "\"deck_top\"", "\"rng\"", "\"dev_bought\""})
                    REQUIRE(m->find(key) == std::string::npos);
                for (const std::string& w : words) REQUIRE(m->find(w) == std::string::npos);
                if (over) continue;
                for (const char* revealed : {"\"seed\":\"", "\"salt\":\"", "fairness/seed\",\"value\":\"", "fairness/salt\",\"value\":\""})
                    REQUIRE(m->find(revealed) == std::string::npos);
            }
    }

    Created room;
    std::vector<std::unique_ptr<Client>> seats, watchers;
    std::unique_ptr<Client> tab;
    std::vector<std::string> tokens;
    GameState mirror;
    proto::SeatNames names = proto::default_seat_names();
    std::vector<Event> events;
    int applied = 0;

private:
    int players_;
    int last_offer_turn_ = -1;
};

}  // namespace

TEST_CASE("game: whole seeded games through the hub, every document equals a fresh view", "[room][game]") {
    const auto [players, seed] = GENERATE(table<int, std::uint64_t>({{4, 2024}, {3, 5}, {2, 11}}));
    INFO(players << " players, seed " << seed);
    GameTable t(players, seed, 10, /*second_tab=*/true);
    Rng rng(seed);
    int offers = 0;
    while (t.mirror.phase != Phase::GameOver) {
        REQUIRE(t.applied < 5000);
        const auto [actor, command] = t.choose(rng);
        INFO(command.dump());
        offers += command["type"] == "propose_trade";
        const json error = t.play(actor, command);
        REQUIRE(error.is_null());  // every listed action is accepted; one-for-one offers of held cards too
        if (t.applied % 97 == 0) t.scan_for_secrets();
    }
    t.scan_for_secrets();
    CHECK(offers > 0);
    for (Client* c : t.all()) {
        CHECK(c->doc()["room"]["phase"] == "finished");
        CHECK(c->doc()["game"]["winner"] == t.mirror.winner);
        CHECK(c->snapshots() == 1);   // no gap ever forced a resync
        CHECK(c->topologies() == 1);  // the topology went once per connection
    }
    CHECK(t.hub.room_summary(t.room.code).body["phase"] == "finished");
    CHECK(t.play(t.mirror.current, json{{"type", "end_turn"}})["code"] == "game_over");
    // Finished rooms stay readable.
    Client late(t.hub, 500);
    late.send(msg("spectate", {{"room", t.room.code}}));
    late.poll();
    CHECK(engine_view(late.doc()["game"]) == proto::player_view(t.mirror, proto::kSpectator));
    const std::string text = t.metrics->prometheus();
    CHECK(text.find("catan_commands_total " + std::to_string(t.applied) + "\n") != std::string::npos);
}

TEST_CASE("game: a stale sequence number is refused, and a command is never applied twice", "[room][game]") {
    GameTable t(2, 99);
    const int first = sim::next_actor(t.mirror);
    const json settle = t.seats[first]->legal()["actions"][0];
    const std::uint64_t seq = t.seats[first]->seq();

    json e = t.play(first, settle, seq - 1);
    CHECK(e["code"] == "stale_sequence");
    CHECK(e["field"] == "seq");
    e = t.play(first, settle, seq + 1);  // from the future is no better
    CHECK(e["code"] == "stale_sequence");

    CHECK(t.play(first, settle, seq).is_null());
    // The same message again (a client retrying after a lost reply): refused, not applied twice.
    e = t.play(first, settle, seq);
    CHECK(e["code"] == "stale_sequence");
    // Someone connecting moves the room on too: a command sent before that is stale.
    const std::uint64_t before = t.seats[first]->seq();
    Client w(t.hub, 300);
    w.send(msg("spectate", {{"room", t.room.code}}));
    for (Client* c : t.all()) c->poll();
    const json road = t.seats[first]->legal()["actions"][0];
    CHECK(t.play(first, road, before)["code"] == "stale_sequence");
    CHECK(t.play(first, road).is_null());
    const std::string text = t.metrics->prometheus();
    CHECK(text.find("catan_commands_rejected_total{reason=\"stale_sequence\"} 4\n") != std::string::npos);
}

TEST_CASE("game: refused commands go to the sender only, with the rule, and change nothing", "[room][game]") {
    GameTable t(3, 4242);
    const int actor = sim::next_actor(t.mirror);
    const int other = (actor + 1) % 3;
    json e = t.play(other, t.seats[actor]->legal()["actions"][0]);
    CHECK(e["code"] == "not_your_turn");
    CHECK(e["rule"].is_string());
    CHECK(e["message"].is_string());

    e = t.play(actor, json{{"type", "roll_dice"}});
    CHECK(e["code"] == "wrong_phase");
    CHECK(e["rule"].is_string());

    e = t.play(actor, json{{"type", "build_settlement"}, {"intersection", 54}});
    CHECK(e["code"] == "out_of_range");
    CHECK(e["field"] == "command.intersection");

    e = t.play(actor, json{{"type", "end_turn"}, {"player", other}});  // acting for another seat
    CHECK(e["code"] == "unexpected_field");
    CHECK(e["field"] == "command.player");

    // An illegal spot: next to the first settlement.
    REQUIRE(t.play(actor, t.seats[actor]->legal()["actions"][0]).is_null());
    const int road_path = t.seats[actor]->legal()["actions"][0]["path"];
    const auto& topo = catan::kBaseTopology;
    int neighbour = -1;
    for (int n : {topo.edge_nodes[road_path][0], topo.edge_nodes[road_path][1]})
        if (!t.mirror.occupied.test(n)) neighbour = n;
    REQUIRE(neighbour >= 0);
    e = t.play(actor, json{{"type", "build_settlement"}, {"intersection", neighbour}});
    CHECK(e["code"] == "wrong_phase");  // a road must come first in setup
    REQUIRE(t.play(actor, t.seats[actor]->legal()["actions"][0]).is_null());
    const int next = sim::next_actor(t.mirror);
    e = t.play(next, json{{"type", "build_settlement"}, {"intersection", neighbour}});
    CHECK(e["code"] == "illegal_spot");
    CHECK(e["rule"].is_string());
    // Each refusal was counted by reason.
    const std::string text = t.metrics->prometheus();
    CHECK(text.find("catan_commands_rejected_total{reason=\"illegal_spot\"} 1\n") != std::string::npos);
    CHECK(text.find("catan_commands_rejected_total{reason=\"not_your_turn\"} 1\n") != std::string::npos);
}

TEST_CASE("game: a player who drops mid-turn keeps the seat and carries on after rejoining", "[room][game]") {
    GameTable t(3, 77);
    Rng rng(77);
    // Play into the regular turns, then stop right after a roll.
    while (!(t.mirror.turn >= 3 && t.mirror.rolled && t.mirror.phase == Phase::Main)) {
        const auto [actor, command] = t.choose(rng);
        REQUIRE(t.play(actor, command).is_null());
    }
    const int seat = t.mirror.current;
    auto dropped = std::move(t.seats[seat]);
    dropped->close();
    t.seats[seat] = std::move(dropped);
    for (Client* c : t.all())
        if (c != t.seats[seat].get()) {
            c->poll();
            CHECK(c->doc()["room"]["seats"][seat]["connected"] == false);
        }
    CHECK(t.hub.room_summary(t.room.code).body["seats"][seat]["connected"] == false);

    // The game waits: the others cannot act for it.
    const int other = (seat + 1) % 3;
    CHECK(t.play(other, json{{"type", "end_turn"}})["code"] == "not_your_turn");

    // Back on another device, with the token.
    t.seats[seat] = std::make_unique<Client>(t.hub, 400);
    Client& back = *t.seats[seat];
    back.send(msg("rejoin", {{"room", t.room.code}, {"token", t.tokens[seat]}, {"id", "r"}}));
    const auto got = back.poll();
    REQUIRE(got.size() == 2);
    CHECK(got[0]["type"] == "welcome");
    CHECK(got[0]["seat"] == seat);
    CHECK(got[0]["token"] == t.tokens[seat]);
    CHECK(got[0]["id"] == "r");
    CHECK(got[1]["type"] == "snapshot");
    CHECK(got[1].contains("topology"));
    for (Client* c : t.all()) c->poll();
    t.check_everyone();
    CHECK(back.doc()["room"]["seats"][seat]["connected"] == true);

    // ... and carries on to the end of the game.
    while (t.mirror.phase != Phase::GameOver) {
        REQUIRE(t.applied < 5000);
        const auto [actor, command] = t.choose(rng);
        REQUIRE(t.play(actor, command).is_null());
    }
    t.scan_for_secrets();
}

TEST_CASE("game: sync answers a fresh snapshot, without the topology again", "[room][game]") {
    GameTable t(2, 3);
    Client& c = *t.seats[1];
    const std::uint64_t seq = c.seq();
    c.send(msg("sync"));
    const json snap = c.last("snapshot");
    CHECK(snap["seq"] == seq);
    CHECK(!snap.contains("topology"));
    CHECK(engine_view(snap["doc"]["game"]) == proto::player_view(t.mirror, 1));
    CHECK(snap["legal"] == proto::legal_actions_json(t.mirror, 1));
    CHECK(t.seats[0]->poll().empty());
}

TEST_CASE("game: play_again takes a finished room back to the lobby with the same seats and tokens", "[room][game]") {
    GameTable t(2, 11, /*vp_target=*/3, /*second_tab=*/true);
    // Only the host, and only once the game is over.
    t.seats[1]->send(msg("play_again", {{"id", "p"}}));
    json e = t.seats[1]->last("error");
    CHECK(e["code"] == "not_host");
    CHECK(e["id"] == "p");
    t.seats[0]->send(msg("play_again"));
    CHECK(t.seats[0]->last("error")["code"] == "wrong_phase");
    for (Client* c : t.all()) CHECK(c->poll().empty());  // nothing changed, nobody else heard of it
    t.check_everyone();

    Rng rng(11);
    while (t.mirror.phase != Phase::GameOver) {
        REQUIRE(t.applied < 5000);
        const auto [actor, command] = t.choose(rng);
        REQUIRE(t.play(actor, command).is_null());
    }
    t.seats[1]->send(msg("play_again"));
    CHECK(t.seats[1]->last("error")["code"] == "not_host");
    t.seats[0]->send(msg("start"));
    CHECK(t.seats[0]->last("error")["code"] == "game_started");

    const std::uint64_t seq = t.watchers[0]->seq();
    json seats_before = t.watchers[0]->doc()["room"]["seats"];
    for (json& seat : seats_before) seat.erase("moves");  // who made the finished game's moves: that game's only
    t.seats[0]->send(msg("play_again"));
    for (Client* c : t.all()) {
        const auto got = c->poll();
        REQUIRE(got.size() == 1);
        CHECK(got[0]["type"] == "update");
        CHECK(got[0]["seq"] == seq + 1);
        CHECK(got[0]["legal"].is_null());
        CHECK(got[0]["events"] == json::array());
        CHECK(c->doc()["game"].is_null());
        CHECK(c->doc()["room"]["phase"] == "lobby");
        CHECK(c->doc()["room"]["seats"] == seats_before);
        CHECK(c->doc()["room"]["host"] == 0);
        CHECK(c->doc()["room"]["options"] == (json{{"game", "catan"}, {"players", 2}, {"vp_target", 3}, {"takeover_after", 60}, {"turn_timer", 0}, {"pace", "live"}, {"turn_hours", 24}, {"on_timeout", "bot"}, {"discard_limit", 7}, {"friendly_robber", false},
                   {"balanced_board", false}, {"first_by_dice", false}, {"turn_structure", "paired"}, {"scenario", "none"}, {"layout", "random"}}));
        CHECK(c->snapshots() == 1);
    }
    CHECK(t.seats[1]->doc()["room"]["you"] == 1);
    CHECK(t.hub.room_summary(t.room.code).body["phase"] == "lobby");
    // The patched documents are what fresh connections get; the tokens still take the seats back.
    for (int seat = 0; seat < 2; ++seat) {
        Client again(t.hub, 600 + seat);
        again.send(msg("rejoin", {{"room", t.room.code}, {"token", t.tokens[seat]}}));
        const json welcome = again.last("welcome");
        CHECK(welcome["seat"] == seat);
        CHECK(welcome["host"] == (seat == 0));
        for (Client* c : t.all()) c->poll();
        CHECK(again.doc() == t.seats[seat]->doc());
        again.close();
        for (Client* c : t.all()) c->poll();
    }
    t.seats[0]->send(msg("play_again"));  // in the lobby now
    CHECK(t.seats[0]->last("error")["code"] == "wrong_phase");

    // A new game: options.seed was set, so the same deal; every document follows it as before.
    t.seats[0]->send(msg("start"));
    for (Client* c : t.all()) c->poll();
    GameOptions o;
    o.players = 2;
    o.victory_target = 3;
    o.seed = 11;
    t.mirror = new_game(o);
    t.check_everyone();
    CHECK(t.watchers[0]->doc()["room"]["phase"] == "playing");
    const int actor = sim::next_actor(t.mirror);
    CHECK(t.play(actor, t.seats[actor]->legal()["actions"][0]).is_null());
}
