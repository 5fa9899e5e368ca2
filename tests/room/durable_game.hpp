#pragma once
// Durable games for room-layer tests on real SQLite files: a hub writing to a store, a wait until the
// store is idle, and a seated game driven through the hub beside an engine mirror of what it accepted.
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <sqlite3.h>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "catan/store/store.hpp"
#include "support.hpp"

namespace catan::room::test {

using catan::store::Store;

// Room work runs on whichever thread posts it: the test's, or the store's writer for a commit.
inline HubOptions durable(const std::shared_ptr<Store>& store) {
    HubOptions o = seeded();
    o.store = store;
    o.snapshot_every = 7;  // small, so a restore uses a snapshot and replays the commands after it
    return o;
}

// Until the writer is idle and nothing it called back queued another write.
inline void settle(Store& store) {
    for (std::uint64_t queued = ~0ull; queued != store.stats().queued;) {
        queued = store.stats().queued;
        store.flush();
    }
}

// Runs SQL on a data file with a connection of our own (to read it, or to damage it on purpose).
inline void exec(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
}

// Up to `n` commands (fewer once the game is over), each a random legal command of the first seat
// that may act, sent by that seat's client at the seq it last saw and applied to `mirror`; `settle`
// runs after each send (a store's writes, say). Then every client reads what it was sent.
inline void play_random(GameState& mirror, const std::vector<Client*>& seats, std::mt19937_64& rng, int n,
                        const std::function<void()>& settle = [] {}) {
    for (int i = 0; i < n && mirror.phase != Phase::GameOver; ++i) {
        int seat = 0;
        std::vector<Command> options;
        for (; seat < mirror.num_players && (options = legal_actions(mirror, seat)).empty(); ++seat) {}
        REQUIRE(!options.empty());
        const Command command = options[rng() % options.size()];
        Client& c = *seats[static_cast<std::size_t>(seat)];
        c.poll();
        c.send(msg("command", {{"seq", c.seq()}, {"command", proto::command_json(command)}}));
        settle();
        REQUIRE(!apply(mirror, command));
        REQUIRE(!c.last("update").is_null());
    }
    for (Client* c : seats) c->poll();
}

// A seated game driven through the hub, mirrored by an engine state built from the accepted commands.
struct Game {
    Created room;
    std::vector<std::unique_ptr<Client>> seats;
    std::vector<std::string> tokens;
    GameState mirror;
    std::mt19937_64 rng{7};

    Game(Hub& hub, Store& store, int players, std::uint64_t seed, std::uint64_t first_id, int vp_target = 10,
         Layout layout = Layout::Random) {
        json options{{"players", players}, {"seed", std::to_string(seed)}, {"vp_target", vp_target}};
        if (layout != Layout::Random) options["layout"] = to_string(layout);
        room = create(hub, options);
        for (int i = 0; i < players; ++i) {
            seats.push_back(std::make_unique<Client>(hub, first_id + i));
            std::string name = "P";  // (not "P" + ...: GCC 12 warns about it, -Wrestrict)
            name += std::to_string(i);
            json join = {{"room", room.code}, {"name", name}};
            if (i == 0) join["host_key"] = room.host_key;
            seats[i]->send(msg("join", join));
            settle(store);
            tokens.push_back(seats[i]->last("welcome").at("token"));
        }
        seats[0]->send(msg("start"));
        settle(store);
        GameOptions o;
        o.players = players;
        o.seed = seed;
        o.victory_target = vp_target;
        o.layout = layout;
        mirror = new_game(o);
        for (auto& c : seats) c->poll();
    }

    // A legal command of some seat that may act, applied to the mirror; the seat sends it.
    std::pair<int, Command> next() {
        for (int seat = 0; seat < mirror.num_players; ++seat) {
            const auto options = legal_actions(mirror, seat);
            if (options.empty()) continue;
            return {seat, options[rng() % options.size()]};
        }
        FAIL("nobody may act");
        return {};
    }
    std::vector<Client*> clients() const {
        std::vector<Client*> out;
        for (const auto& c : seats) out.push_back(c.get());
        return out;
    }
    void play(Store& store, int n) { play_random(mirror, clients(), rng, n, [&] { settle(store); }); }
    void check(Client& c, int seat) const {
        REQUIRE(engine_view(c.doc()["game"]) == proto::player_view(mirror, seat));
        REQUIRE(c.legal() == proto::legal_actions_json(mirror, seat));
    }
    // Every seat comes back on a new connection with the token it holds, and sees exactly the mirror:
    // the same board, hands, turn and legal actions.
    void rejoin_all(Hub& hub, std::uint64_t first_id) {
        for (std::size_t seat = 0; seat < seats.size(); ++seat) {
            seats[seat] = std::make_unique<Client>(hub, first_id + seat);
            seats[seat]->send(msg("rejoin", {{"room", room.code}, {"token", tokens[seat]}}));
            const json welcome = seats[seat]->last("welcome");
            REQUIRE(welcome["seat"] == seat);
            CHECK(welcome["token"] == tokens[seat]);
            CHECK(welcome["host"] == (seat == 0));
            check(*seats[seat], static_cast<int>(seat));
        }
    }
};

}  // namespace catan::room::test
