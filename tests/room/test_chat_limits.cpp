// Chat under attack: lines over a room's budget and over an address's budget (across its
// connections and rooms) are refused with rate_limited naming the limit, and a chat line's write
// never holds up the game: commands are applied and broadcast while it is pending, and each line is
// still broadcast only once durable, in order.
#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "catan/store/store.hpp"
#include "durable_game.hpp"
#include "held_commits.hpp"
#include "temp_dir.hpp"

using namespace catan;
using namespace catan::room;
using namespace catan::room::test;
using catan::store::Store;
using catan::store::test::TempDir;

namespace {

json chat(const std::string& text, int id) { return msg("chat", {{"text", text}, {"id", id}}); }

// The chat lines (their texts) among `messages`, in order.
std::vector<std::string> chat_texts(const std::vector<json>& messages) {
    std::vector<std::string> out;
    for (const json& m : messages)
        if (m["type"] == "chat") out.push_back(m["text"]);
    return out;
}

json only_error(Client& c) {
    const auto got = c.poll();
    REQUIRE(got.size() == 1);
    REQUIRE(got[0]["type"] == "error");
    return got[0];
}

}  // namespace

TEST_CASE("chat: lines over the room's budget are refused with rate_limited naming the room's limit", "[room][chat]") {
    HubOptions o;
    o.chat_rate_room = 0.001;  // three lines, then one every 1000 s
    o.chat_burst_room = 3;
    Fixture f(o);
    const Created room = create(f.hub);
    // Two addresses: only the room's budget is in play.
    Client a(f.hub, 1), b(f.hub, 2, nullptr, "10.0.0.2");
    a.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
    b.send(msg("join", {{"room", room.code}, {"name", "Bob"}}));
    a.poll();
    b.poll();
    a.send(chat("one", 1));
    b.send(chat("two", 2));
    a.send(chat("three", 3));
    CHECK(chat_texts(b.poll()) == std::vector<std::string>{"one", "two", "three"});
    a.poll();

    b.send(chat("four", 4));
    const json e = only_error(b);
    CHECK(e["code"] == "rate_limited");
    CHECK(e["id"] == 4);
    CHECK(e["message"].get<std::string>().find("in this room") != std::string::npos);
    CHECK(e["message"].get<std::string>().find("0.001 lines a second (bursts of 3)") != std::string::npos);
    CHECK(a.poll().empty());  // nobody saw it

    // Another room has its own budget.
    const Created other = create(f.hub);
    Client c(f.hub, 3, nullptr, "10.0.0.3");
    c.send(msg("join", {{"room", other.code}, {"name", "Cy"}, {"host_key", other.host_key}}));
    c.poll();
    c.send(chat("elsewhere", 5));
    CHECK(chat_texts(c.poll()) == std::vector<std::string>{"elsewhere"});
}

TEST_CASE("chat: one address over its budget is refused across its connections and rooms", "[room][chat]") {
    HubOptions o;
    o.chat_rate_address = 0.001;
    o.chat_burst_address = 3;
    Fixture f(o);
    const Created first = create(f.hub), second = create(f.hub);
    // a1 and a2: the same address (127.0.0.1, each on its own port), in two rooms; c: another address.
    Client a1(f.hub, 1), a2(f.hub, 2), c(f.hub, 3, nullptr, "10.0.0.3");
    a1.send(msg("join", {{"room", first.code}, {"name", "Ana"}, {"host_key", first.host_key}}));
    a2.send(msg("join", {{"room", second.code}, {"name", "Al"}, {"host_key", second.host_key}}));
    c.send(msg("join", {{"room", second.code}, {"name", "Cy"}}));
    for (Client* x : {&a1, &a2, &c}) x->poll();

    a1.send(chat("a", 1));
    a1.send(chat("b", 2));
    a2.send(chat("c", 3));
    CHECK(chat_texts(a1.poll()) == std::vector<std::string>{"a", "b"});
    CHECK(chat_texts(c.poll()) == std::vector<std::string>{"c"});
    a2.poll();

    a2.send(chat("d", 4));
    const json e = only_error(a2);
    CHECK(e["code"] == "rate_limited");
    CHECK(e["id"] == 4);
    CHECK(e["message"].get<std::string>().find("from your address") != std::string::npos);
    CHECK(c.poll().empty());
    a1.send(chat("e", 5));
    CHECK(only_error(a1)["code"] == "rate_limited");

    // Another address in the same room is not held back.
    c.send(chat("f", 6));
    CHECK(chat_texts(a2.poll()) == std::vector<std::string>{"f"});
}

TEST_CASE("chat: a command is applied and broadcast while a chat line's commit is pending, lines follow in order", "[room][chat][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    auto store = std::make_shared<Store>(path);
    HeldCommits held("chat");
    HubOptions o = durable(store);
    o.hold_commit_for_testing = held.hook();
    Fixture f(o);
    Game g(f.hub, *store, 2, 5, 10);
    Client& a = *g.seats[0];
    Client& b = *g.seats[1];

    a.send(chat("first", 1));
    settle(*store);
    REQUIRE(held.count() == 1);
    a.send(chat("second", 2));
    a.send(chat("third", 3));
    settle(*store);
    CHECK(held.count() == 1);  // one write in flight; the lines sent meanwhile wait for it
    CHECK(chat_texts(b.poll()).empty());

    // The game goes on meanwhile: applied, committed and broadcast to everyone.
    const auto [seat, command] = g.next();
    Client& mover = *g.seats[seat];
    Client& other = *g.seats[1 - seat];
    mover.poll();
    const auto seq = mover.seq();
    mover.send(msg("command", {{"seq", seq}, {"command", proto::command_json(command)}}));
    settle(*store);
    REQUIRE(!apply(g.mirror, command));
    CHECK(other.seq() == seq);
    other.poll();
    CHECK(other.seq() == seq + 1);
    g.check(other, 1 - seat);
    CHECK(chat_texts(a.poll()).empty());

    // The first line goes out once its commit is back; the next two were written together after it.
    held.release(0);
    CHECK(chat_texts(b.poll()) == std::vector<std::string>{"first"});
    settle(*store);
    REQUIRE(held.count() == 2);
    held.release(1);
    CHECK(chat_texts(b.poll()) == std::vector<std::string>{"second", "third"});
    CHECK(chat_texts(a.poll()) == std::vector<std::string>{"first", "second", "third"});
    settle(*store);
    CHECK(held.count() == 2);

    // And the file has them, in order.
    const auto rooms = store->load_rooms();
    REQUIRE(rooms.size() == 1);
    REQUIRE(rooms[0].chat.size() == 3);
    CHECK(json::parse(rooms[0].chat[0])["text"] == "first");
    CHECK(json::parse(rooms[0].chat[2])["text"] == "third");
}

TEST_CASE("chat: a line the data file refuses is not sent, its sender gets store_failed and the room goes on", "[room][chat][durability]") {
    TempDir dir;
    const std::string path = dir.file("catan.db").string();
    auto store = std::make_shared<Store>(path);
    Fixture f(durable(store));
    Game g(f.hub, *store, 2, 5, 10);
    Client& a = *g.seats[0];
    Client& b = *g.seats[1];
    exec(path, "CREATE TRIGGER refuse_chat BEFORE INSERT ON chat BEGIN SELECT RAISE(ABORT, 'the disk says no'); END;");
    a.send(chat("lost", 7));
    settle(*store);
    const json e = a.last("error");
    REQUIRE(!e.is_null());
    CHECK(e["code"] == "store_failed");
    CHECK(e["id"] == 7);
    CHECK(chat_texts(b.poll()).empty());

    exec(path, "DROP TRIGGER refuse_chat;");
    a.send(chat("kept", 8));
    settle(*store);
    CHECK(chat_texts(b.poll()) == std::vector<std::string>{"kept"});
    g.play(*store, 3);  // the game goes on
}
