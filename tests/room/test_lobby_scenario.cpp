// A Seafarers scenario in the lobby (R-SF1): the option is judged with the players count as a whole,
// its target follows it unless one is given, the table follows it, and a start with a count the
// scenario has no board for is refused naming both.
#include "lobby_support.hpp"

namespace catan::room::test {

TEST_CASE("lobby: a scenario is an option judged with the players count, and its table and target follow it", "[room][sea][R-SF1]") {
    Lobby l(json{{"seed", "7"}});
    l.host.send(msg("set_options", {{"options", {{"scenario", "new_shores"}}}}));
    const json u = l.host.last("snapshot");  // the table changed: a snapshot with the new one
    REQUIRE(!u.is_null());
    CHECK(l.host.doc()["room"]["options"]["scenario"] == "new_shores");
    CHECK(l.host.doc()["room"]["options"]["vp_target"] == 13);  // the scenario's, none being given
    REQUIRE(u.contains("topology"));
    CHECK(u["topology"]["scenario"]["id"] == "new_shores");
    CHECK(u["topology"]["scenario"]["players"] == 4);
    CHECK(u["topology"]["hexes"].size() == 72);

    // A target given with it is kept.
    l.host.send(msg("set_options", {{"options", {{"scenario", "four_islands"}, {"vp_target", 10}}}}));
    l.host.poll();
    CHECK(l.host.doc()["room"]["options"]["vp_target"] == 10);

    // Judged as a whole: 5 seats have no board in the scenario; the error names the option and the count.
    for (const auto& [options, field, words] :
         {std::tuple{json{{"players", 5}}, "options.scenario", "for 5 players, or none (four_islands has boards for 3-4 players"},
          std::tuple{json{{"scenario", "atlantis"}}, "options.scenario", "new_shores"},
          std::tuple{json{{"balanced_board", true}}, "options.balanced_board", "scenario"}}) {
        INFO(options.dump());
        l.host.send(msg("set_options", {{"options", options}}));
        const json e = error_of(l.host);
        CHECK(e["code"] == "out_of_range");
        CHECK(e["field"] == field);
        CHECK(e["message"].get<std::string>().find(words) != std::string::npos);
    }
    CHECK(l.host.doc()["room"]["options"]["scenario"] == "four_islands");
    CHECK(l.host.doc()["room"]["options"]["players"] == 4);

    // Two seated: the start is refused, naming the scenario's counts.
    Client b(l.hub, 2), c(l.hub, 3);
    l.join(b, "Bob");
    l.host.poll();
    l.host.send(msg("start"));
    const json e = error_of(l.host);
    CHECK(e["field"] == "options.scenario");
    CHECK(e["message"].get<std::string>().find("for 2 players, or none (four_islands has boards for 3-4 players") != std::string::npos);

    // Three seated: a Four Islands game for 3 on the sea frame.
    l.join(c, "Cy");
    l.host.poll();
    l.host.send(msg("start"));
    const json started = l.host.last("snapshot");
    REQUIRE(!started.is_null());
    CHECK(l.host.doc()["game"]["options"]["board"] == "sea");
    CHECK(l.host.doc()["game"]["options"]["scenario"] == "four_islands");
    CHECK(l.host.doc()["game"]["board"]["terrain"].size() == 72);
    REQUIRE(started.contains("topology"));
    CHECK(started["topology"]["scenario"]["players"] == 3);

    // Back to the base game: its target again.
    Lobby m(json{{"seed", "8"}, {"scenario", "new_shores"}});
    CHECK(m.host.doc()["room"]["options"]["vp_target"] == 13);
    m.host.send(msg("set_options", {{"options", {{"scenario", "none"}}}}));
    m.host.poll();
    CHECK(m.host.doc()["room"]["options"]["vp_target"] == 10);
}

// New Shores has boards for 3 to 6 players: the table follows the count across 4/5 (the sea frame, the
// 5-6 sea frame), and the start plays the board of the count seated.
TEST_CASE("lobby: New Shores for 5 and 6 plays on the 5-6 sea frame, the table following the count", "[room][sea][R-SF1]") {
    Lobby l(json{{"seed", "9"}, {"scenario", "new_shores"}});
    l.host.send(msg("set_options", {{"options", {{"players", 6}}}}));
    const json six = l.host.last("snapshot");
    REQUIRE(!six.is_null());
    REQUIRE(six.contains("topology"));
    CHECK(six["topology"]["rules"]["board"] == "sea_large");
    CHECK(six["topology"]["scenario"]["id"] == "new_shores");
    CHECK(six["topology"]["scenario"]["players"] == 6);
    CHECK(six["topology"]["hexes"].size() == 70);
    CHECK(l.host.doc()["room"]["options"]["vp_target"] == 13);

    // The Four Islands has no board for 6: refused, naming both; New Shores stays.
    l.host.send(msg("set_options", {{"options", {{"scenario", "four_islands"}}}}));
    const json e = error_of(l.host);
    CHECK(e["field"] == "options.scenario");
    CHECK(e["message"].get<std::string>().find("for 6 players") != std::string::npos);
    CHECK(l.host.doc()["room"]["options"]["scenario"] == "new_shores");

    // Five seated of six: a New Shores game for 5 on the 5-6 sea frame, with the 5-6 box's cards.
    std::vector<std::unique_ptr<Client>> guests;
    for (int seat = 1; seat < 5; ++seat) {
        guests.push_back(std::make_unique<Client>(l.hub, seat + 1));
        l.join(*guests.back(), "Guest " + std::to_string(seat));
        l.host.poll();
    }
    l.host.send(msg("start"));
    const json started = l.host.last("snapshot");
    REQUIRE(!started.is_null());
    const json& game = l.host.doc()["game"];
    CHECK(game["options"]["board"] == "sea_large");
    CHECK(game["options"]["players"] == 5);
    CHECK(game["board"]["terrain"].size() == 70);
    CHECK(game["dev_deck"] == 34);
    REQUIRE(started.contains("topology"));
    CHECK(started["topology"]["scenario"]["players"] == 5);
    CHECK(started["topology"]["hexes"].size() == 70);
}

}  // namespace catan::room::test
