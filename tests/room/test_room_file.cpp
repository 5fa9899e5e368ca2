// Moving a room between data files as a "catan-room" document, on real SQLite files: a game played on
// file A is exported, imported into file B and restored by a hub on B exactly as it was (players
// rejoin with their tokens, see the same board, hands and turn, and play on to a winner); a document
// that is wrong anywhere is refused with the field named, and nothing is written.
#include "catan/room/room_file.hpp"

#include <fstream>

#include "catan/store/store.hpp"
#include "durable_game.hpp"
#include "temp_dir.hpp"

using namespace catan;
using namespace catan::room;
using namespace catan::room::test;
using catan::store::test::TempDir;

namespace {

constexpr std::uint64_t kSeed = 1234;

// A 3-player game on `path` (host chat included), played for `commands` commands, left running.
struct PlayedGame {
    PlayedGame(const std::string& path, int commands)
        : store(std::make_shared<Store>(path)), f(durable(store)), g(f.hub, *store, 3, kSeed, 10, /*vp_target=*/5) {
        g.seats[0]->send(msg("chat", {{"text", "moving house"}}));
        settle(*store);
        g.play(*store, commands);
    }
    std::shared_ptr<Store> store;
    Fixture f;
    Game g;
};

json exported(const std::string& path, const std::string& code) {
    Store reader(path);  // a second connection beside the hub's, as `catan-server export` is
    const auto stored = reader.read_room(code);
    REQUIRE(stored);
    return json::parse(export_room(*stored, 1'700'000'000'000).dump());  // through text, as a file carries it
}

store::StoredRoom accepted(const json& doc) {
    auto room = import_room(doc);
    if (!room) FAIL(room.error().field << ": " << room.error().message);
    return room.value();
}

// A document that must be refused: the error names `field` and its message holds `says`.
proto::DecodeError refused(const json& doc, const std::string& field, const std::string& says = "") {
    auto room = import_room(doc);
    REQUIRE(!room);
    CHECK(room.error().field == field);
    CHECK_THAT(room.error().message, Catch::Contains(says));
    return room.error();
}

// `good` with the member at `pointer` set to `value` (a JSON pointer: "/seats/0/name").
// `token`'s seat comes back on a new connection; the seq of its snapshot.
std::uint64_t rejoin_seq(Hub& hub, std::uint64_t id, const std::string& code, const std::string& token) {
    Client seat(hub, id);
    seat.send(msg("rejoin", {{"room", code}, {"token", token}}));
    const json snapshot = seat.last("snapshot");
    REQUIRE(snapshot.is_object());
    return snapshot["seq"].get<std::uint64_t>();
}

json with(const json& good, const std::string& pointer, json value) {
    json doc = good;
    doc[json::json_pointer(pointer)] = std::move(value);
    return doc;
}

}  // namespace

TEST_CASE("room file: a game exported from one data file and imported into another comes back exactly and plays on to a winner",
          "[room][durability][room-file]") {
    TempDir dir;
    const std::string a = dir.file("a.db").string(), b = dir.file("b.db").string();
    PlayedGame played(a, 40);
    Game& g = played.g;
    REQUIRE(g.mirror.phase != Phase::GameOver);
    const json summary = played.f.hub.room_summary(g.room.code).body;

    json doc = exported(a, g.room.code);
    CHECK(doc["format"] == "catan-room");
    CHECK(doc["version"] == kRoomFileVersion);
    CHECK(doc["phase"] == "playing");
    CHECK(doc["commands"].size() == 40);  // the whole log, though snapshots were taken every 7
    CHECK(doc["seats"].size() == 3);
    CHECK(doc["chat"].size() == 1);
    CHECK(doc["game_options"]["seed"] == std::to_string(kSeed));
    const std::string text = doc.dump();
    for (const std::string& token : g.tokens) CHECK(text.find(token) == std::string::npos);  // hashes only
    CHECK(text.find(g.room.host_key) == std::string::npos);

    // The fairness salt travels with the game, so the imported room keeps its commitment (docs/fairness.md).
    CHECK(doc["game_options"]["salt"].get<std::string>().size() == 32);
    // Members of the game options this server does not know (a newer server's) travel unchanged.
    doc["game_options"]["house_rule"] = "c0ffee";
    const store::StoredRoom room = accepted(doc);
    REQUIRE(room.snapshot);
    CHECK(room.snapshot->index == 40);
    {
        Store target(b);
        REQUIRE(target.import_room(room, /*replace=*/false));
        json again = exported(b, g.room.code);  // what B now holds is what A held
        CHECK(again == doc);
    }

    auto store = std::make_shared<Store>(b);
    Fixture f(durable(store));
    REQUIRE(f.hub.room_count() == 1);
    json expected = summary;
    for (json& seat : expected["seats"]) seat["connected"] = false;  // nobody is connected after a move
    CHECK(f.hub.room_summary(g.room.code).body == expected);
    g.rejoin_all(f.hub, 100);  // the tokens they hold, the board, hands, turn and legal actions
    CHECK(g.seats[1]->last("snapshot").is_null());  // (rejoin_all consumed it; the chat is checked below)
    Client watcher(f.hub, 150);
    watcher.send(msg("rejoin", {{"room", g.room.code}, {"token", g.tokens[2]}}));
    const json snapshot = watcher.last("snapshot");
    REQUIRE(snapshot["chat"].size() == 1);
    CHECK(snapshot["chat"][0]["text"] == "moving house");
    watcher.close();

    g.play(*store, 20000);
    REQUIRE(g.mirror.phase == Phase::GameOver);
    for (std::size_t seat = 0; seat < g.seats.size(); ++seat) g.check(*g.seats[seat], static_cast<int>(seat));
    CHECK(f.hub.room_summary(g.room.code).body["phase"] == "finished");
}

TEST_CASE("room file: a wrong document is refused with the field named, and nothing is written", "[room][durability][room-file]") {
    TempDir dir;
    const std::string a = dir.file("a.db").string(), b = dir.file("b.db").string();
    PlayedGame played(a, 12);
    const json good = exported(a, played.g.room.code);
    accepted(good);

    SECTION("another version or format") {
        refused(with(good, "/version", kRoomFileVersion + 1), "version", "reads versions 1 to 2");
        refused(with(good, "/format", "catan-game"), "format", "must be \"catan-room\"");
    }
    SECTION("a missing or unknown field") {
        json doc = good;
        doc.erase("seats");
        CHECK(refused(doc, "seats").kind == proto::DecodeErrorKind::MissingField);
        refused(with(good, "/seats/1/password", "x"), "seats[1].password");
    }
    SECTION("a field of the wrong type or out of range") {
        refused(with(good, "/game", "1"), "game");
        refused(with(good, "/options/players", 7), "options.players");
        refused(with(good, "/seats/2/seat", 3), "seats[2].seat");  // the room has 3 seats: 0..2
        refused(with(good, "/seats/2/seat", 1), "seats[2].seat", "appears twice");
        refused(with(good, "/code", "ABC0E"), "code");
        refused(with(good, "/chat/0/text", "two\nlines"), "chat[0].text");
        refused(with(good, "/seats/1/name", " P1"), "seats[1].name");
    }
    SECTION("house rules out of range or of the wrong type") {
        refused(with(good, "/options/discard_limit", 30), "options.discard_limit", "between 4 and 20");
        refused(with(good, "/options/friendly_robber", 1), "options.friendly_robber");
        refused(with(good, "/options/turn_structure", "fast"), "options.turn_structure", "special_build");
        refused(with(good, "/game_options/discard_limit", 2), "game_options.discard_limit", "between 4 and 20");
        refused(with(good, "/game_options/first_by_dice", "yes"), "game_options.first_by_dice");
    }
    SECTION("a command that does not apply") {
        // The same move twice: the second is not legal.
        refused(with(good, "/commands/6", good["commands"][5]), "commands[6]", "command 7 of game 1");
    }
    SECTION("a log that does not end the game while the room says it is over") {
        refused(with(good, "/phase", "finished"), "", "disagree");
    }
    SECTION("a raw-looking token") {
        refused(with(good, "/seats/0/token_hash", played.g.tokens[0]), "seats[0].token_hash", "raw token");
        refused(with(good, "/host_key_hash", "not a hash"), "host_key_hash");
    }
    Store target(b);
    CHECK(target.load_rooms().empty());  // nothing reached the file
}

TEST_CASE("room file: a code the data file holds already is refused unless replacing", "[room][durability][room-file]") {
    TempDir dir;
    const std::string a = dir.file("a.db").string(), b = dir.file("b.db").string();
    PlayedGame played(a, 12);
    const store::StoredRoom room = accepted(exported(a, played.g.room.code));
    played.g.play(*played.store, 5);
    const store::StoredRoom later = accepted(exported(a, played.g.room.code));

    Store target(b);
    REQUIRE(target.import_room(room, false));
    CHECK(!target.import_room(later, false));  // refused: what is there stays
    CHECK(target.read_room(room.room.code)->commands.size() == 12);
    REQUIRE(target.import_room(later, true));
    CHECK(target.read_room(room.room.code)->commands.size() == 17);
    CHECK(target.load_rooms().front().snapshot->index == 17);  // a restore replays nothing
}

TEST_CASE("room file: a room in its lobby moves with its seats, bots and chat", "[room][durability][room-file]") {
    TempDir dir;
    const std::string a = dir.file("a.db").string(), b = dir.file("b.db").string();
    json doc;
    Created lobby;
    {
        auto store = std::make_shared<Store>(a);
        Fixture f(durable(store));
        lobby = create(f.hub, json{{"players", 4}, {"vp_target", 8}});
        Client host(f.hub, 30);
        host.send(msg("join", {{"room", lobby.code}, {"name", "Hal"}, {"host_key", lobby.host_key}}));
        settle(*store);
        host.send(msg("add_bot", {{"seat", 2}, {"level", "strong"}}));
        settle(*store);
        host.send(msg("chat", {{"text", "waiting for Ida"}}));
        settle(*store);
        doc = exported(a, lobby.code);
    }
    CHECK(doc["phase"] == "lobby");
    CHECK(doc["game_options"].is_null());
    CHECK(doc["chat"].size() == 1);
    REQUIRE(doc["seats"].size() == 2);
    CHECK(doc["seats"][1]["seat"] == 2);
    CHECK(doc["seats"][1]["bot"] == "strong");
    CHECK(doc["seats"][1]["token_hash"] == "");
    Store target(b);
    REQUIRE(target.import_room(accepted(doc), false));
    CHECK(exported(b, lobby.code) == doc);
}

TEST_CASE("room file: the examples of proto/v1/room-file.schema.json import, and a tampered one is refused", "[room][room-file]") {
    std::ifstream in(CATAN_ROOM_FILE_SCHEMA);
    REQUIRE(in);
    const json schema = json::parse(in);
    REQUIRE(schema["examples"].size() == 3);  // two of version 1 (before epochs), one of version 2
    for (const json& example : schema["examples"]) {
        const store::StoredRoom room = accepted(example);
        CHECK(room.room.code == example["code"]);
        CHECK(room.commands.size() == example["commands"].size());
        CHECK(room.room.epoch == example.value("epoch", 0));
    }
    json tampered = schema["examples"][0];
    tampered["commands"].erase(3);  // seat 0's first road goes missing: its next settlement comes too early
    refused(tampered, "commands[3]");
}

TEST_CASE("room file: the epoch travels, so the new server's seq is above the old one's, a version 1 document still imports",
          "[room][durability][room-file][epoch]") {
    TempDir dir;
    const std::string a = dir.file("a.db").string(), b = dir.file("b.db").string(), c = dir.file("c.db").string();
    std::uint64_t seq_on_a = 0;
    std::string code, token;
    {
        PlayedGame played(a, 12);
        code = played.g.room.code;
        token = played.g.tokens[0];
    }
    for (int restart = 0; restart < 2; ++restart) {  // two restarts on A: the room is in epoch 2 there
        auto store = std::make_shared<Store>(a);
        Fixture f(durable(store));
        seq_on_a = std::max(seq_on_a, rejoin_seq(f.hub, 200 + restart, code, token));
        settle(*store);
    }
    const json doc = exported(a, code);
    CHECK(doc["version"] == 2);
    CHECK(doc["epoch"] == 2);

    // Moved to B: the first start there is above everything A sent.
    {
        Store target(b);
        REQUIRE(target.import_room(accepted(doc), false));
    }
    {
        auto store = std::make_shared<Store>(b);
        Fixture f(durable(store));
        const std::uint64_t seq = rejoin_seq(f.hub, 300, code, token);
        CHECK(seq > seq_on_a);
        CHECK(seq >> 32 == 3);
    }

    // The same room as a version 1 document (written by the previous server: no epoch) imports with
    // epoch 0 and starts at epoch 1, above any seq a server of that version handed out.
    json old = doc;
    old["version"] = 1;
    old.erase("epoch");
    const store::StoredRoom room = accepted(old);
    CHECK(room.room.epoch == 0);
    {
        Store target(c);
        REQUIRE(target.import_room(room, false));
    }
    auto store = std::make_shared<Store>(c);
    Fixture f(durable(store));
    CHECK(rejoin_seq(f.hub, 400, code, token) >> 32 == 1);
    CHECK(f.hub.room_summary(code).body["phase"] == "playing");

    // A version 2 document must carry its epoch, within range; other versions are refused.
    json missing = doc;
    missing.erase("epoch");
    CHECK(refused(missing, "epoch").kind == proto::DecodeErrorKind::MissingField);
    refused(with(doc, "/epoch", -1), "epoch");
    refused(with(doc, "/epoch", std::int64_t{1} << 21), "epoch");  // the next start would pass 2^53
    refused(with(doc, "/version", 0), "version", "reads versions 1 to 2");
}

TEST_CASE("room file: names and chat lines kept before names were folded still import as they were", "[room][room-file][names]") {
    // Earlier versions kept "Ana\u00a0" (only plain spaces were trimmed), look-alike names side by
    // side and U+061C in chat; a room exported then must still import, and keep them unchanged.
    std::ifstream in(CATAN_ROOM_FILE_SCHEMA);
    REQUIRE(in);
    json doc = json::parse(in)["examples"][0];
    doc["seats"][0]["name"] = "Ana\u00a0";
    doc["seats"][1]["name"] = "\u0410na";
    doc["chat"][0]["name"] = "Ana\u00a0";
    doc["chat"][0]["text"] = "see you \u061cthere \u200b";
    const store::StoredRoom room = accepted(doc);
    CHECK(room.room.seats[0].name == "Ana\u00a0");
    CHECK(room.room.seats[1].name == "\u0410na");
    CHECK(json::parse(room.chat[0])["text"] == "see you \u061cthere \u200b");
    refused(with(doc, "/seats/1/name", "Ana\n"), "seats[1].name");
}
