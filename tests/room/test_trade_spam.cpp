// Trade spam (an outside attack finding): one seat on many connections sent propose/cancel pairs by the
// tens of thousands, and a seat not on turn counter-offered a stranger's offer again and again, each
// one a command in the game's log and replay record. The room limits commands per seat across all its
// connections, the engine limits trading per turn (R-L1), and a game whose log is at its size limit
// takes no more offers; every refusal changes nothing.
#include <bit>
#include <map>

#include "catan/engine/engine.hpp"
#include "catan/proto/command_json.hpp"
#include "support.hpp"

using namespace catan;
using namespace catan::room;
using namespace catan::room::test;

namespace {

const char* const kNames[] = {"Ana", "Bob", "Cy", "Dee"};

ResourceSet one_of(const ResourceSet& hand, unsigned skip = 0) {
    const unsigned kinds = hand.kinds_with_at_least(1) & ~skip;
    return kinds ? ResourceSet::of(static_cast<Resource>(std::countr_zero(kinds))) : ResourceSet{};
}

// A 4-player game of a fixed seed, its seats each on one connection, mirrored by an engine state.
class TradeTable : public Fixture {
public:
    explicit TradeTable(HubOptions options = {}) : Fixture(seeded(std::move(options)), {}, nullptr, /*keep_command_rate=*/true) {
        room = create(hub, json{{"players", 4}, {"seed", "11"}});
        for (int i = 0; i < 4; ++i) {
            clients.push_back(std::make_unique<Client>(hub, 10 + static_cast<std::uint64_t>(i)));
            json join = {{"room", room.code}, {"name", kNames[i]}};
            if (i == 0) join["host_key"] = room.host_key;
            clients[static_cast<std::size_t>(i)]->send(msg("join", join));
            tokens.push_back(clients[static_cast<std::size_t>(i)]->last("welcome")["token"]);
            seat_of[clients.back().get()] = i;
        }
        clients.push_back(std::make_unique<Client>(hub, 99));
        clients.back()->send(msg("spectate", {{"room", room.code}}));
        seat_of[clients.back().get()] = -1;
        clients[0]->send(msg("start"));
        GameOptions o;
        o.players = 4;
        o.seed = 11;
        mirror = new_game(o);
        poll_all();
    }

    // Another connection of `seat` (a second tab, or one of an attacker's many).
    Client& connect(int seat) {
        clients.push_back(std::make_unique<Client>(hub, 200 + clients.size()));
        clients.back()->send(msg("rejoin", {{"room", room.code}, {"token", tokens[static_cast<std::size_t>(seat)]}}));
        seat_of[clients.back().get()] = seat;
        poll_all();
        return *clients.back();
    }
    Client& spectator() { return *clients[4]; }

    // Sends `c` on `conn` at its last seq; returns null when the room applied it (the mirror follows),
    // else the error the sender got. Nobody else hears of a refusal.
    json send(Client& conn, const Command& c) {
        REQUIRE(seat_of[&conn] == c.player);
        conn.send(msg("command", {{"seq", conn.seq()}, {"command", proto::command_json(c)}}));
        const auto got = poll_all();
        const std::vector<json>& mine = got.at(&conn);
        REQUIRE(mine.size() == 1);
        if (mine[0]["type"] == "error") {
            for (const auto& [other, messages] : got)
                if (other != &conn) REQUIRE(messages.empty());
            return mine[0];
        }
        REQUIRE(mine[0]["type"] == "update");
        REQUIRE_FALSE(apply(mirror, c));
        ++logged;
        return nullptr;
    }
    json send(const Command& c) { return send(*clients[c.player], c); }

    // Random legal moves, one a second, until the turn's player is in its main phase holding a card
    // of a kind the next seat lacks and the next seat a card of another kind.
    void play_until_trading() {
        Rng rng(5);
        while (!(mirror.phase == Phase::Main && mirror.current == mirror.turn_player && !trade_terms().first.empty() &&
                 !trade_terms().second.empty())) {
            REQUIRE(mirror.phase != Phase::GameOver);
            int actor = -1;
            for (int p = 0; p < 4 && actor < 0; ++p)
                if (players_to_act(mirror) >> p & 1) actor = p;
            const std::vector<Command> moves = legal_actions(mirror, actor);
            REQUIRE(!moves.empty());
            Command c = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
            if (mirror.phase == Phase::Main)  // on to the next turn rather than build for long
                for (const Command& m : moves)
                    if (m.type == CommandType::EndTurn) c = m;
            timers->advance(std::chrono::seconds(1));
            REQUIRE(send(c).is_null());
        }
    }
    int on_turn() const { return mirror.current; }
    int next() const { return (mirror.current + 1) % 4; }
    // What the turn's player can give and the next seat can give back.
    std::pair<ResourceSet, ResourceSet> trade_terms() const {
        const ResourceSet give = one_of(mirror.players[on_turn()].hand);
        return {give, one_of(mirror.players[next()].hand, give.kinds_with_at_least(1))};
    }

    std::map<const Client*, std::vector<json>> poll_all() {
        std::map<const Client*, std::vector<json>> got;
        for (auto& c : clients) got[c.get()] = c->poll();
        return got;
    }

    Created room;
    std::vector<std::unique_ptr<Client>> clients;
    std::vector<json> tokens;
    std::map<const Client*, int> seat_of;
    GameState mirror;
    std::size_t logged = 0;  // commands the room applied: its game log
};

HubOptions max_commands(std::size_t n) {
    HubOptions o;
    o.max_game_commands = n;
    return o;
}

}  // namespace

TEST_CASE("trade spam: one seat on many connections gets one seat's command rate, not one per connection", "[room][limits][trade]") {
    TradeTable t;
    t.play_until_trading();
    const int p = t.on_turn();
    std::vector<Client*> conns{t.clients[static_cast<std::size_t>(p)].get()};
    for (int i = 0; i < 7; ++i) conns.push_back(&t.connect(p));
    t.timers->advance(std::chrono::seconds(60));  // the bucket full
    const auto [give, want] = t.trade_terms();
    const std::uint64_t seq = t.spectator().seq();
    std::map<std::string, int> refused;
    int accepted = 0;
    // 400 commands at once, round the seat's 8 connections: the clock does not move meanwhile.
    for (int i = 0; i < 400; ++i) {
        Client& conn = *conns[static_cast<std::size_t>(i) % conns.size()];
        const Command c = t.mirror.phase == Phase::Main ? cmd::propose(p, give, want) : cmd::cancel_trade(p);
        const json error = t.send(conn, c);
        if (error.is_null()) {
            ++accepted;
            continue;
        }
        ++refused[error["code"].get<std::string>()];
        if (error["code"] == "rate_limited") CHECK(error["message"].get<std::string>().find("your seat") != std::string::npos);
    }
    // The burst of 40 (20 offers and 20 cancels, within R-L1), then refusals that changed nothing.
    CHECK(accepted == 40);
    CHECK(refused["rate_limited"] == 360);
    CHECK(t.spectator().seq() == seq + 40);
    // The seat's budget comes back with time, for every connection at once: 20 a second.
    t.timers->advance(std::chrono::seconds(1));
    int after_a_second = 0;
    for (int i = 0; i < 40; ++i)
        after_a_second += t.send(*conns[static_cast<std::size_t>(i) % conns.size()], cmd::end_turn(p))["code"] != "rate_limited";
    CHECK(after_a_second == 20);
}

TEST_CASE("trade spam: propose and cancel pairs stop at R-L1's 20 offers a turn, however slowly they come",
          "[room][limits][trade][R-L1]") {
    TradeTable t;
    t.play_until_trading();
    const int p = t.on_turn();
    Client& second = t.connect(p);
    const auto [give, want] = t.trade_terms();
    const std::size_t before = t.logged;
    int limited = 0;
    for (int i = 0; i < 1000; ++i) {
        t.timers->advance(std::chrono::seconds(1));  // well within the rate
        const Command c = t.mirror.phase == Phase::Main ? cmd::propose(p, give, want) : cmd::cancel_trade(p);
        const json error = t.send(i % 2 ? second : *t.clients[static_cast<std::size_t>(p)], c);
        if (error.is_null()) continue;
        REQUIRE(error["code"] == "trade_limit");
        CHECK(error["rule"] == "R-L1");
        ++limited;
    }
    CHECK(t.logged - before == 2 * kMaxOffersPerTurn);
    CHECK(limited == 1000 - 2 * kMaxOffersPerTurn);
    // The turn goes on: the player ends it, and the next player offers afresh.
    t.timers->advance(std::chrono::seconds(1));
    CHECK(t.send(cmd::end_turn(p)).is_null());
}

TEST_CASE("trade spam: a seat not on turn counter-offers a stranger's offer at most 40 times a turn, and may still decline",
          "[room][limits][trade][R-L1]") {
    TradeTable t;
    t.play_until_trading();
    const int p = t.on_turn(), q = t.next();
    std::vector<Client*> conns{t.clients[static_cast<std::size_t>(q)].get(), &t.connect(q), &t.connect(q)};
    const auto [give, want] = t.trade_terms();
    t.timers->advance(std::chrono::seconds(1));
    REQUIRE(t.send(cmd::propose(p, give, want)).is_null());
    const std::size_t before = t.logged;
    int limited = 0;
    for (int i = 0; i < 1000; ++i) {
        t.timers->advance(std::chrono::seconds(1));
        const json error = t.send(*conns[static_cast<std::size_t>(i) % conns.size()], cmd::counter(q, want, give));
        if (error.is_null()) continue;
        REQUIRE(error["code"] == "trade_limit");
        ++limited;
    }
    CHECK(t.logged - before == static_cast<std::size_t>(kMaxTradeAnswersPerTurn));
    CHECK(limited == 1000 - kMaxTradeAnswersPerTurn);
    t.timers->advance(std::chrono::seconds(1));
    CHECK(t.send(*conns[0], cmd::decline(q)).is_null());
}

TEST_CASE("trade spam: a game whose log is at its size limit refuses offers and counter-offers, and plays on",
          "[room][limits][trade]") {
    std::size_t to_trading = 0;
    {
        TradeTable probe;
        probe.play_until_trading();
        to_trading = probe.logged;
    }
    TradeTable t(max_commands(to_trading + 3));
    t.play_until_trading();
    REQUIRE(t.logged == to_trading);
    const int p = t.on_turn(), q = t.next();
    const auto [give, want] = t.trade_terms();
    for (const Command& c : {cmd::propose(p, give, want, q), cmd::cancel_trade(p), cmd::propose(p, give, want, q)}) {
        t.timers->advance(std::chrono::seconds(1));
        REQUIRE(t.send(c).is_null());
    }
    REQUIRE(t.logged == to_trading + 3);  // at the limit, with an offer open
    t.timers->advance(std::chrono::seconds(1));
    const json counter = t.send(cmd::counter(q, want, give));
    CHECK(counter["code"] == "game_too_long");
    CHECK(counter["message"].get<std::string>().find("counter_trade") != std::string::npos);
    // What closes the offer and moves the game on still plays.
    CHECK(t.send(cmd::decline(q)).is_null());
    const json offer = t.send(cmd::propose(p, give, want));
    CHECK(offer["code"] == "game_too_long");
    CHECK(t.send(cmd::end_turn(p)).is_null());
}
