// Per-player views: what each seat and a spectator see, and a property test that nothing hidden leaks.
#include <catch2/catch.hpp>

#include "catan/proto/actions_json.hpp"
#include "catan/proto/view_json.hpp"
#include "games_share.hpp"
#include "scramble.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;

using std::popcount;
using std::countr_zero;
namespace {

json hand_json(const ResourceSet& r) {
    json j = json::object();
    for (Resource k : kAllResources) j[to_string(k)] = r[k];
    return j;
}

// Several states from many games, covering every phase (offers, discards and game over included).
template <class F>
void for_sample_states(int games, int sea_games, int every, F&& f) {
    for (std::uint64_t seed = 1000; seed < 1000u + static_cast<unsigned>(games); ++seed) {
        int step = 0;
        const GameState end = test::walk_game(seed, 2 + static_cast<int>(seed % 3), [&](auto&, auto&, auto&, const GameState& s) {
            const bool rare = s.phase == Phase::Discard || s.phase == Phase::RoadBuilding;
            if (++step % every == 0 || (rare && step % 2 == 0) || s.turn == 0) f(s);
        });
        f(end);
    }
    // Seafarers boards (R-SF1): the pirate, ships and gold choices, the phase only they have.
    for (std::uint64_t seed = 2000; seed < 2000u + static_cast<unsigned>(sea_games); ++seed) {
        const GameOptions o = test::sea_options(seed);
        int step = 0;
        f(test::walk_game(new_game(o), seed, [&](auto&, auto&, auto&, const GameState& s) {
            if (++step % every == 0 || s.phase == Phase::ChooseGold) f(s);
        }));
    }
}

}  // namespace

TEST_CASE("HIDDEN INFORMATION: a view does not change when what its viewer must not see changes", "[proto][view][hidden]") {
    Rng rng(2024);
    std::array<int, kPhaseCount> phases{};
    int compared = 0, scrambled = 0;
    // At least one Seafarers game on every board: fewer may never stop to choose gold.
    const int sea_games = test::share_of_games(15, static_cast<int>(test::sea_boards().size()));
    for_sample_states(test::share_of_games(60), sea_games, 10, [&](const GameState& s) {
        ++phases[static_cast<int>(s.phase)];
        for (int viewer = kSpectator; viewer < s.num_players; ++viewer) {
            GameState other = s;
            test::scramble_hidden(other, viewer, rng);
            scrambled += !(other.players == s.players);
            const json view = player_view(s, viewer);
            INFO("viewer " << viewer << " phase " << to_string(s.phase));
            REQUIRE(view.dump() == player_view(other, viewer).dump());
            // So the property cannot hold by showing nothing: the viewer's own cards are there.
            if (viewer >= 0) {
                REQUIRE(view["me"]["hand"] == hand_json(s.players[viewer].hand));
                REQUIRE(view["me"]["vp"] == victory_points(s, viewer));
                REQUIRE(legal_actions_json(s, viewer).dump() == legal_actions_json(other, viewer).dump());
            } else {
                REQUIRE_FALSE(view.contains("me"));
            }
            ++compared;
        }
    });
    CHECK(compared > test::share_of_bound(5000));
    CHECK(phases[static_cast<int>(Phase::TradeOffer)] > test::share_of_bound(200));
    CHECK(scrambled > compared / 3);  // most scrambles really did change hidden cards
    for (int p = 0; p < kPhaseCount; ++p) {
        INFO(to_string(static_cast<Phase>(p)));
        CHECK(phases[p] > 0);
    }
}

TEST_CASE("a view does change when the viewer's own hidden cards change", "[proto][view][hidden]") {
    int changed = 0;
    for_sample_states(10, 2, 13, [&](const GameState& s) {
        for (int viewer = 0; viewer < s.num_players; ++viewer) {
            GameState other = s;
            PlayerState& me = other.players[viewer];
            if (me.hand.total() == 0) continue;
            const Resource from = *std::find_if(kAllResources.begin(), kAllResources.end(), [&](Resource r) { return me.hand[r] > 0; });
            me.hand[from]--;
            me.hand[from == Resource::Ore ? Resource::Brick : Resource::Ore]++;
            CHECK(player_view(s, viewer) != player_view(other, viewer));
            CHECK(player_view(s, kSpectator) == player_view(other, kSpectator));
            ++changed;
        }
    });
    CHECK(changed > 100);
}

TEST_CASE("views carry the public game and the viewer's own cards", "[proto][view]") {
    GameState s = test::start(4, 4);
    Rng chooser(8);
    sim::play_random_game(s, chooser, 30);
    s.players[1].dev = {2, 0, 1, 0, 1};
    s.players[1].dev_bought = {1, 0, 0, 0, 1};

    const json mine = player_view(s, 1);
    CHECK(mine["viewer"] == 1);
    CHECK(mine["me"]["seat"] == 1);
    CHECK(mine["me"]["dev"] == json::parse(R"({"knight":2,"road_building":0,"invention":1,"monopoly":0,"victory_point":1})"));
    CHECK(mine["me"]["dev_playable"] == json::parse(R"({"knight":1,"road_building":0,"invention":1,"monopoly":0,"victory_point":0})"));
    CHECK(mine["me"]["vp"] == public_victory_points(s, 1) + 1);
    CHECK(mine["players"][1]["vp"] == public_victory_points(s, 1));
    CHECK(mine["players"][1]["dev_cards"] == 4);
    CHECK(mine["players"].size() == 4u);
    for (int p = 0; p < 4; ++p) {
        const json& pj = mine["players"][p];
        CHECK(pj["cards"] == s.players[p].hand.total());
        CHECK(pj["settlements"].size() == static_cast<std::size_t>(popcount(s.players[p].settlements)));
        CHECK(pj["roads"].size() == static_cast<std::size_t>(s.players[p].roads.count()));
        CHECK_FALSE(pj.contains("hand"));
        CHECK_FALSE(pj.contains("vp_cards"));
    }
    CHECK(mine["dev_deck"] == s.deck_left());
    CHECK(mine["board"]["harbors"].size() == 9u);
    CHECK(mine["board"]["robber"] == s.robber);
    CHECK(mine["bank"] == hand_json(s.bank));
    CHECK(mine["offer"].is_null());

    const json spectator = player_view(s, kSpectator);
    CHECK(spectator["viewer"].is_null());
    CHECK_FALSE(spectator.contains("me"));
    CHECK(player_view(s, 7) == spectator);  // a seat outside the game sees what a spectator sees

    // Nothing server-only appears under any name.
    const std::string all = spectator.dump() + mine.dump();
    for (const char* word : {"\"deck\"", "rng", "seed", "dev_bought"}) CHECK(all.find(word) == std::string::npos);
}

TEST_CASE("an open offer and its answers are public", "[proto][view]") {
    GameState s = test::start(4, 3);
    Rng chooser(8);
    sim::play_random_game(s, chooser, 20);
    while (s.phase != Phase::Main) {
        std::vector<Command> a = legal_actions(s, sim::next_actor(s));
        REQUIRE(!apply(s, a.front()));
    }
    const int me = s.current, a = (me + 1) % 3, b = (me + 2) % 3;
    s.players[me].hand = ResourceSet(1, 0, 0, 0, 0);
    s.players[a].hand = ResourceSet(0, 0, 0, 0, 1);
    s.players[b].hand = ResourceSet(0, 0, 2, 0, 0);
    s.bank = ResourceSet(19, 19, 19, 19, 19);
    s.bank -= ResourceSet(1, 0, 2, 0, 1);
    REQUIRE(!apply(s, cmd::propose(me, ResourceSet(1, 0, 0, 0, 0), ResourceSet(0, 0, 0, 0, 1))));
    REQUIRE(!apply(s, cmd::accept(a)));
    REQUIRE(!apply(s, cmd::counter(b, ResourceSet(0, 0, 2, 0, 0), ResourceSet(1, 0, 0, 0, 0))));
    const json offer = player_view(s, kSpectator)["offer"];
    CHECK(offer["from"] == me);
    CHECK(offer["give"] == json{{"brick", 1}});
    CHECK(offer["want"] == json{{"ore", 1}});
    // Counter terms are shown from the offering player's side, like give and want above.
    const json accepted = {{"seat", a}, {"response", "accepted"}};
    const json countered = {{"seat", b}, {"response", "countered"}, {"give", {{"brick", 1}}}, {"want", {{"wool", 2}}}};
    CHECK(offer["responses"] == (a < b ? json::array({accepted, countered}) : json::array({countered, accepted})));
    CHECK(player_view(s, kSpectator)["to_act"] == json::array({me}));
}

TEST_CASE("at game over every Victory Point card is revealed", "[proto][view]") {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        GameState s = test::start(seed, 4);
        Rng chooser(seed);
        sim::play_random_game(s, chooser);
        REQUIRE(s.phase == Phase::GameOver);
        const json v = player_view(s, kSpectator);
        CHECK(v["winner"] == s.winner);
        for (int p = 0; p < 4; ++p) {
            CHECK(v["players"][p]["vp_cards"] == s.players[p].dev[static_cast<int>(DevCard::VictoryPoint)]);
            CHECK(v["players"][p]["vp_total"] == victory_points(s, p));
        }
        CHECK(v["players"][s.winner]["vp_total"] >= 10);
    }
}
