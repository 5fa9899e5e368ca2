// The beginner set-up in the lobby (option layout: beginner): judged with the players count as a whole,
// refused with a scenario or the balanced board, a start with a count it is not laid for refused naming
// the count; with 3 seated the game starts at the first turn with every seat's pieces and starting
// resources, white left in the box; the room writes the option and comes back from its file with it.
#include <set>

#include "catan/engine/beginner.hpp"
#include "durable_game.hpp"
#include "lobby_support.hpp"
#include "temp_dir.hpp"

namespace catan::room::test {

namespace {

int count_of(const json& log, const std::string& type) {
    int n = 0;
    for (const json& e : log) n += e.value("type", "") == type;
    return n;
}

}  // namespace

TEST_CASE("lobby: the beginner layout is an option judged with the players count, a scenario and the balanced board",
          "[room][R-S4][R-S5]") {
    Lobby l(json{{"seed", "7"}});
    CHECK(l.host.doc()["room"]["options"]["layout"] == "random");  // the default
    l.host.send(msg("set_options", {{"options", {{"layout", "beginner"}}}}));
    l.host.poll();
    CHECK(l.host.doc()["room"]["options"]["layout"] == "beginner");
    CHECK(l.host.doc()["room"]["options"]["vp_target"] == 10);

    // Judged as a whole: the error names the option and what is wrong with it, the count included.
    for (const auto& [options, field, words] :
         {std::tuple{json{{"players", 5}}, "options.layout", "5 players"},
          std::tuple{json{{"players", 2}}, "options.layout", "3 and 4 players"},
          std::tuple{json{{"layout", "tutorial"}}, "options.layout", "beginner"},
          std::tuple{json{{"scenario", "new_shores"}}, "options.layout", "scenario"},
          std::tuple{json{{"balanced_board", true}}, "options.balanced_board", "beginner layout"}}) {
        INFO(options.dump());
        l.host.send(msg("set_options", {{"options", options}}));
        const json e = error_of(l.host);
        CHECK(e["code"] == "out_of_range");
        CHECK(e["field"] == field);
        CHECK(e["message"].get<std::string>().find(words) != std::string::npos);
    }
    CHECK(l.host.doc()["room"]["options"]["layout"] == "beginner");
    CHECK(l.host.doc()["room"]["options"]["players"] == 4);
    // The same options judged together are fine: random with a scenario, beginner again without.
    l.host.send(msg("set_options", {{"options", {{"layout", "random"}, {"scenario", "new_shores"}}}}));
    l.host.poll();
    CHECK(l.host.doc()["room"]["options"]["scenario"] == "new_shores");
    l.host.send(msg("set_options", {{"options", {{"layout", "beginner"}, {"scenario", "none"}}}}));
    l.host.poll();
    CHECK(l.host.doc()["room"]["options"]["layout"] == "beginner");

    // Two seated: the start is refused, naming the count.
    Client b(l.hub, 2), c(l.hub, 3);
    l.join(b, "Bob");
    l.host.poll();
    l.host.send(msg("start"));
    const json e = error_of(l.host);
    CHECK(e["field"] == "options.layout");
    CHECK(e["message"].get<std::string>().find("2 players") != std::string::npos);

    // Three seated: the first turn at once, every seat's pieces and starting cards, no white.
    l.join(c, "Cy");
    l.host.poll();
    l.host.send(msg("start"));
    l.host.poll();
    // A spectator arriving now gets the whole of it in a snapshot, log included.
    Client watcher(l.hub, 4);
    watcher.send(msg("spectate", {{"room", l.room.code}}));
    const json started = watcher.last("snapshot");
    REQUIRE(!started.is_null());
    const json& game = l.host.doc()["game"];
    CHECK(game["options"]["layout"] == "beginner");
    CHECK(game["options"]["board"] == "base");
    CHECK(game["options"]["players"] == 3);
    CHECK(game["phase"] == "pre_roll");
    CHECK(game["turn"] == 1);
    CHECK(game["current"] == game["first_player"]);
    std::set<int> nodes;
    for (int p = 0; p < 3; ++p) {
        const json& pl = game["players"][p];
        CHECK(pl["settlements"].size() == 2);
        CHECK(pl["roads"].size() == 2);
        CHECK(pl["cards"] == 3);
        CHECK(pl["vp"] == 2);
        const BeginnerPieces want = beginner_pieces(beginner_colour(3, p));
        CHECK(pl["settlements"] == json::array({std::min(want.first_settlement, want.second_settlement),
                                                std::max(want.first_settlement, want.second_settlement)}));
        for (const json& n : pl["settlements"]) nodes.insert(n.get<int>());
    }
    const BeginnerPieces white = beginner_pieces(PieceColour::White);
    CHECK(nodes.count(white.first_settlement) == 0);
    CHECK(nodes.count(white.second_settlement) == 0);
    CHECK(game["board"]["numbers"][0] == 10);  // mountains 10 in the top left corner
    // The log shows how the game was set: the rolls for the first player, the pieces, the cards.
    REQUIRE(started.contains("log"));
    CHECK(count_of(started["log"], "first_roll") >= 3);
    CHECK(count_of(started["log"], "starting_resources") == 3);
    CHECK(count_of(started["log"], "built") == 12);
    // The first player rolls: the game goes on as any other.
    const int first = game["first_player"];
    Client* seats[] = {&l.host, &b, &c};
    Client& roller = *seats[first];
    roller.poll();
    roller.send(msg("command", {{"seq", roller.seq()}, {"command", {{"type", "roll_dice"}}}}));
    CHECK(!roller.last("update").is_null());
    CHECK(roller.doc()["game"]["rolled"] == true);
}

TEST_CASE("restore: a beginner game is written with its layout and comes back from the file as it was", "[room][durability]") {
    catan::store::test::TempDir dir;
    const std::string path = dir.file("catan.db").string();
    std::unique_ptr<Game> g;
    {
        auto store = std::make_shared<Store>(path);
        Fixture f(durable(store));
        g = std::make_unique<Game>(f.hub, *store, 4, 21, 10, 10, Layout::Beginner);
        for (std::size_t seat = 0; seat < g->seats.size(); ++seat) g->check(*g->seats[seat], static_cast<int>(seat));
        g->play(*store, 25);  // snapshots at 7, 14 and 21, then 4 commands to replay
    }
    // The room's stored options name the layout (house rules are written only when chosen).
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "SELECT options, game_options FROM rooms", -1, &s, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(s) == SQLITE_ROW);
    const json room_options = json::parse(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)));
    const json game_options = json::parse(reinterpret_cast<const char*>(sqlite3_column_text(s, 1)));
    sqlite3_finalize(s);
    sqlite3_close(db);
    INFO(room_options.dump() << " " << game_options.dump());
    CHECK(room_options.dump().find("\"layout\":\"beginner\"") != std::string::npos);
    CHECK(game_options.dump().find("\"layout\":\"beginner\"") != std::string::npos);

    auto store = std::make_shared<Store>(path);
    Fixture f(durable(store));
    REQUIRE(f.hub.room_count() == 1);
    g->rejoin_all(f.hub, 100);
    g->play(*store, 20);
    for (std::size_t seat = 0; seat < g->seats.size(); ++seat) g->check(*g->seats[seat], static_cast<int>(seat));
    CHECK(g->mirror.options.layout == Layout::Beginner);
}

}  // namespace catan::room::test
