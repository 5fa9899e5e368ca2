// sync requests: a connection repeating sync gets a burst of snapshots, then one
// per sync interval, and repeats of one state share one built snapshot instead of a copy each.
#include <catch2/catch.hpp>

#include "support.hpp"

using namespace catan::room;
using namespace catan::room::test;

namespace {

// The snapshots among `client`'s messages since the last poll.
int snapshots_in(Client& client) {
    int n = 0;
    for (const json& m : client.poll()) n += m["type"] == "snapshot";
    return n;
}

}  // namespace

TEST_CASE("sync: a burst of snapshots, then one per interval for any number of syncs", "[room][sync]") {
    HubOptions options;
    options.sync_burst = 3;
    options.sync_interval = std::chrono::hours(1);  // no token comes back by itself while the test runs
    Fixture f(options);
    const Created room = create(f.hub);
    Client c(f.hub, 1);
    c.send(msg("spectate", {{"room", room.code}}));
    REQUIRE(snapshots_in(c) == 1);  // the welcome snapshot is not a sync's

    for (int i = 0; i < 3; ++i) c.send(msg("sync"));
    CHECK(snapshots_in(c) == 3);  // the burst
    for (int i = 0; i < 50; ++i) c.send(msg("sync"));
    CHECK(snapshots_in(c) == 0);  // beyond it: nothing now ...
    CHECK(f.timers->pending() == 1);  // ... one snapshot scheduled for all 50
    const std::string coalesced = "catan_syncs_coalesced_total 50\n";
    CHECK(f.metrics->prometheus().find(coalesced) != std::string::npos);

    f.timers->advance(std::chrono::hours(1));
    const auto answers = c.poll();
    REQUIRE(answers.size() == 1);
    CHECK(answers[0]["type"] == "snapshot");
    CHECK(answers[0]["seq"] == c.seq());
    c.send(msg("sync"));  // that snapshot used the token that came back
    CHECK(snapshots_in(c) == 0);
    CHECK(f.timers->pending() == 1);
}

TEST_CASE("sync: a connection gone before its scheduled snapshot gets nothing, and nothing breaks", "[room][sync]") {
    HubOptions options;
    options.sync_burst = 1;
    options.sync_interval = std::chrono::hours(1);
    Fixture f(options);
    const Created room = create(f.hub);
    Client c(f.hub, 1), other(f.hub, 2);
    c.send(msg("spectate", {{"room", room.code}}));
    other.send(msg("spectate", {{"room", room.code}}));
    c.send(msg("sync"));
    c.send(msg("sync"));
    REQUIRE(f.timers->pending() == 1);
    const auto sent = c.outbox()->sent().size();
    c.close();
    f.timers->advance(std::chrono::hours(1));
    CHECK(c.outbox()->sent().size() == sent);
    other.poll();
    other.send(msg("sync"));
    CHECK(snapshots_in(other) == 1);
}

TEST_CASE("sync: snapshots of one state share their bytes, a change builds a new one", "[room][sync]") {
    Fixture f;
    const Created room = create(f.hub);
    Client a(f.hub, 1), b(f.hub, 2);
    a.send(msg("spectate", {{"room", room.code}}));
    b.send(msg("spectate", {{"room", room.code}}));
    a.poll();
    b.poll();
    a.send(msg("sync"));
    b.send(msg("sync"));
    a.send(msg("sync"));
    const Message first = a.outbox()->sent().back();
    CHECK(b.outbox()->sent().back() == first);  // the same string, queued for both: one copy in memory
    CHECK(a.outbox()->sent()[a.outbox()->sent().size() - 2] == first);
    CHECK(json::parse(*first)["type"] == "snapshot");
    CHECK_FALSE(json::parse(*first).contains("topology"));  // only a connection's first snapshot has it

    a.send(msg("chat", {{"text", "hello"}}));  // chat does not move seq, but is in the snapshot
    a.poll();
    a.send(msg("sync"));
    const json with_chat = json::parse(*a.outbox()->sent().back());
    CHECK(a.outbox()->sent().back() != first);
    REQUIRE(with_chat["chat"].size() == 1);
    CHECK(with_chat["chat"][0]["text"] == "hello");

    Client c(f.hub, 3);  // a newcomer changes the room (spectator count): its snapshot is its own
    c.send(msg("spectate", {{"room", room.code}}));
    a.poll();
    a.send(msg("sync"));
    const json after = json::parse(*a.outbox()->sent().back());
    CHECK(after["seq"] == a.seq());
    CHECK(after["doc"] == a.doc());
    CHECK(after["doc"]["room"]["spectators"] == 3);
}
