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

}  // namespace catan::room::test
