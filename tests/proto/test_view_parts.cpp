// View parts: the ops rooms send after each command must turn every viewer's previous view into its
// new one exactly, across whole games with trades, counters, discards and the end of the game.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "catan/proto/view_json.hpp"
#include "catan/proto/view_parts.hpp"
#include "games_share.hpp"
#include "walk.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;

namespace {

constexpr int kViewers = kMaxPlayers + 1;  // every seat and a spectator
int viewer_of(int i) { return i == kMaxPlayers ? kSpectator : i; }

}  // namespace

TEST_CASE("view parts: each viewer's ops, applied in order, rebuild exactly its new view", "[proto][view][diff]") {
    int commands = 0, ops_sent = 0, game_overs = 0;
    const int games = test::share_of_games(16);
    for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
        const int players = 2 + static_cast<int>(seed % 3);
        GameOptions o;
        o.seed = seed;
        o.players = players;
        ViewParts public_parts;
        std::array<ViewParts, kViewers> viewer_parts;
        std::array<json, kViewers> docs;
        bool started = false;
        const GameState end = test::walk_game(seed, players, [&](auto&, auto&, auto&, const GameState& s) {
            if (!started) {  // the first state: every viewer gets the whole view
                started = true;
                update_public_parts(s, public_parts);
                for (int i = 0; i < kViewers; ++i) {
                    update_viewer_parts(s, viewer_of(i), viewer_parts[i]);
                    docs[i] = {{"game", assemble_view(public_parts, viewer_parts[i])}};
                    REQUIRE(docs[i]["game"] == player_view(s, viewer_of(i)));
                }
                return;
            }
            std::string shared;
            const PatchSink public_sink{shared, "/game"};
            update_public_parts(s, public_parts, &public_sink);
            for (int i = 0; i < kViewers; ++i) {
                std::string ops = shared;
                const PatchSink sink{ops, "/game"};
                update_viewer_parts(s, viewer_of(i), viewer_parts[i], &sink);
                docs[i] = docs[i].patch(json::parse("[" + ops + "]"));
                REQUIRE(docs[i]["game"] == player_view(s, viewer_of(i)));
                ops_sent += !ops.empty();
            }
            ++commands;
            game_overs += s.phase == Phase::GameOver;
        });
        (void)end;
    }
    INFO(commands << " commands, " << ops_sent << " non-empty patches");
    CHECK(commands > test::share_of_bound(3000));
    CHECK(game_overs > 0);  // vp_cards and vp_total appear ("add") only at the end
}

TEST_CASE("view parts: a viewer's own parts never reach the public ones", "[proto][view][hidden]") {
    GameOptions o;
    o.seed = 7;
    o.players = 3;
    GameState s = new_game(o);
    ViewParts public_parts;
    update_public_parts(s, public_parts);
    for (const ViewPart& p : public_parts) {
        CHECK(p.path.rfind("/me", 0) != 0);
        CHECK(p.path != "/viewer");
    }
    ViewParts spectator;
    update_viewer_parts(s, kSpectator, spectator);
    REQUIRE(spectator.size() == 1);
    CHECK(spectator[0].path == "/viewer");
    CHECK(spectator[0].text == "null");
}

TEST_CASE("view parts: diffing against another game's parts is refused, not sent", "[proto][view][diff]") {
    GameOptions three, four;
    three.players = 3;
    four.players = 4;
    ViewParts parts;
    update_public_parts(new_game(three), parts);
    std::string ops;
    const PatchSink sink{ops, "/game"};
    CHECK_THROWS_AS(update_public_parts(new_game(four), parts, &sink), std::logic_error);
    ViewParts seat;
    update_viewer_parts(new_game(three), 1, seat);
    CHECK_THROWS_AS(update_viewer_parts(new_game(three), kSpectator, seat, &sink), std::logic_error);
}
