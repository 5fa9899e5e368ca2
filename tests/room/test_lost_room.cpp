// A room this node lost to another node sharing its data (docs/operating.md, "PostgreSQL", "Leases"):
// its next write is refused by the store (fenced), and the room then leaves this node at once, with no
// "could not save" anywhere: each connection gets room_moved and is closed, the room is gone from the
// registry, nothing more of it is written, and the refused write is counted as fenced, not failed.
// Two Stores on one SQLite file stand for the two nodes (the lease and fence are the backends' same).
#include <thread>

#include "catan/proto/proto.hpp"
#include "catan/store/store.hpp"
#include "durable_game.hpp"
#include "temp_dir.hpp"

using namespace catan;
using namespace catan::room;
using namespace catan::room::test;
using catan::store::Store;
using catan::store::StoreOptions;
using catan::store::test::TempDir;

namespace {

std::int64_t logged(const std::string& path, const std::string& code) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "SELECT count(*) FROM commands WHERE code = ?1", -1, &s, nullptr) == SQLITE_OK);
    sqlite3_bind_text(s, 1, code.c_str(), -1, SQLITE_TRANSIENT);
    REQUIRE(sqlite3_step(s) == SQLITE_ROW);
    const std::int64_t n = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return n;
}

}  // namespace

TEST_CASE("lost room: a write fenced because another node took the room drops it and tells its clients to reconnect",
          "[room][durability][lease]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    StoreOptions mine;
    mine.node = "node-a";
    mine.lease = std::chrono::milliseconds(300);
    mine.renew = false;  // a node that stalls: its lease runs out
    auto store = std::make_shared<Store>(path, mine);
    Fixture f{durable(store)};
    Game g(f.hub, *store, 2, 31, 10);
    g.play(*store, 5);
    const std::string code = g.room.code;
    REQUIRE(logged(path, code) == 5);
    REQUIRE(store->holds(code));

    // Another node takes the room once the lease ran out.
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    StoreOptions theirs;
    theirs.node = "node-b";
    Store other(path, theirs);
    REQUIRE(other.take_room(code).room);

    // This node does not know yet: a player's command is applied in memory, and its write is refused.
    const auto [seat, command] = g.next();
    Client& c = *g.seats[seat];
    c.poll();
    c.send(msg("command", {{"seq", c.seq()}, {"command", proto::command_json(command)}}));
    settle(*store);
    for (auto& client : g.seats) {
        bool moved = false, other_error = false, update = false;
        for (const json& m : client->poll()) {
            if (m["type"] == "error") (m["code"] == "room_moved" ? moved : other_error) = true;
            if (m["type"] == "update" || m["type"] == "closing") update = true;
        }
        CHECK(moved);
        CHECK_FALSE(other_error);  // no store_failed, no "could not save"
        CHECK_FALSE(update);       // the refused command was never announced
        CHECK(client->outbox()->closed());
    }
    CHECK(f.hub.room_count() == 0);
    CHECK_FALSE(store->holds(code));
    CHECK(store->stats().fenced >= 1);
    CHECK(store->stats().failed == 0);
    CHECK_FALSE(store->health().failing);
    CHECK(logged(path, code) == 5);  // nothing of the refused command reached the file
}

// A new room's code may name a row of the database already (another node's room): the store refuses
// the create without touching that row and the database is healthy, so the room is made again under
// a fresh code rather than answered 503. Here the first create's answer is turned into such a refusal.
TEST_CASE("lost room: a new room whose create is fenced gets a fresh code and is created", "[room][durability][lease]") {
    TempDir dir;
    auto store = std::make_shared<Store>(dir.file("catan.db").string());
    int creates = 0;
    HubOptions o = durable(store);
    o.hold_commit_for_testing = [&creates](std::string_view write, std::function<void(bool)> done) -> std::function<void(bool)> {
        if (write != "create" || creates++ > 0) return done;
        return [done](bool) { done(false); };  // as the store answers a code in use
    };
    Fixture f{std::move(o)};
    const Hub::HttpResult r = create_room(f.hub, json::object());
    REQUIRE(r.status == 201);
    CHECK(creates == 2);
    CHECK(f.hub.room_count() == 1);
    const std::string code = r.body.at("code");
    // The room under the code answered is the one served.
    Client c(f.hub, 1);
    c.send(msg("join", {{"room", code}, {"name", "Ana"}, {"host_key", r.body.at("host_key")}}));
    settle(*store);
    CHECK(!c.last("welcome").is_null());
}
