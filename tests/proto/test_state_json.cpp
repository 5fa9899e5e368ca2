// Server-side persistence: GameState -> JSON -> GameState is exact, and a reloaded game plays on
// identically. Damaged documents are refused with an error value.
#include <catch2/catch.hpp>

#include "catan/proto/state_json.hpp"
#include "games_share.hpp"
#include "through_text.hpp"
#include "walk.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;
using catan::test::through_text;

namespace {

// Plays both states on with the same chooser and requires the same commands and the same end.
void check_same_future(GameState a, GameState b, std::uint64_t chooser_seed) {
    Rng ca(chooser_seed), cb(chooser_seed);
    std::vector<Command> la, lb;
    sim::play_random_game(a, ca, sim::kDefaultTurnCap, &la);
    sim::play_random_game(b, cb, sim::kDefaultTurnCap, &lb);
    REQUIRE(la == lb);
    REQUIRE(a == b);
}

}  // namespace

TEST_CASE("state round-trips exactly along hundreds of random games", "[proto][state]") {
    int checked = 0, offers = 0;
    const int games = test::share_of_games(300);
    for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed) {
        // 2 to 6 players (the 5–6 board in both turn structures) and, in some games, the house rules.
        GameOptions o;
        o.players = 2 + static_cast<int>(seed % 5);
        o.seed = seed;
        o.turn_structure = seed % 2 ? TurnStructure::SpecialBuild : TurnStructure::Paired;
        if (seed % 7 == 0) {
            o.victory_target = 12;
            o.discard_limit = 9;
            o.friendly_robber = true;
            o.balanced_board = true;
            o.first_by_dice = true;
        }
        int step = 0;
        // Every state of the first games; afterwards a sample, always including trade offers.
        const int every = seed <= 10 ? 1 : 23;
        const GameState end = test::walk_game(new_game(o), seed, [&](const GameState&, const Command&, auto&, const GameState& after) {
            const bool offer = after.phase == Phase::TradeOffer;
            if (++step % every != 0 && !(offer && step % 3 == 0)) return;
            offers += offer;
            REQUIRE(through_text(after) == after);
            ++checked;
            if (step % (every * 25) == 0) check_same_future(after, through_text(after), seed * 31);
        });
        REQUIRE(through_text(end) == end);
    }
    CHECK(checked > test::share_of_bound(10000));
    CHECK(offers > test::share_of_bound(100));
}

TEST_CASE("Seafarers states round-trip exactly along random games of every scenario board", "[proto][state][R-SF1]") {
    int checked = 0, gold = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        const GameOptions o = test::sea_options(seed / 2);
        int step = 0;
        const GameState start = new_game(o);
        REQUIRE(through_text(start) == start);
        const GameState end = test::walk_game(start, seed, [&](const GameState&, const Command&, auto&, const GameState& after) {
            const bool choosing = after.phase == Phase::ChooseGold;
            if (++step % 5 != 0 && !choosing) return;
            gold += choosing;
            REQUIRE(through_text(after) == after);
            ++checked;
            if (step % 500 == 0) check_same_future(after, through_text(after), seed * 31);
        });
        REQUIRE(through_text(end) == end);
    }
    CHECK(checked > 2000);
    CHECK(gold > 10);
}

TEST_CASE("a fresh game and a finished game round-trip", "[proto][state]") {
    GameOptions o;
    o.players = 3;
    o.victory_target = 12;
    o.seed = 0xffffffffffffffffULL;  // the whole uint64 range survives
    GameState s = new_game(o);
    CHECK(through_text(s) == s);
    CHECK(state_json(s)["options"]["seed"] == "18446744073709551615");
    Rng chooser(5);
    sim::play_random_game(s, chooser);
    REQUIRE(s.phase == Phase::GameOver);
    CHECK(through_text(s) == s);
}

TEST_CASE("derived fields are not stored", "[proto][state]") {
    const json j = state_json(test::start(9, 4));
    for (const char* key : {"occupied", "blocked", "roads_all", "harbor_nodes", "number_hexes", "num_players"}) CHECK_FALSE(j.contains(key));
    CHECK(j["v"] == kStateFormatVersion);
    CHECK(j["format"] == "catan-state");
}

namespace {

GameState midgame() {
    GameState s = test::start(77, 4);
    Rng chooser(78);
    sim::play_random_game(s, chooser, 40);
    return s;
}

// Applies one damage to a good document and expects a refusal naming `field` (a prefix of it).
void expect_refused(const std::function<void(json&)>& damage, const std::string& field,
                    DecodeErrorKind kind = DecodeErrorKind::Inconsistent) {
    json j = state_json(midgame());
    damage(j);
    const auto r = decode_state(j);
    INFO(j.dump().substr(0, 200));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().kind == kind);
    CHECK(r.error().field.rfind(field, 0) == 0);
}

}  // namespace

TEST_CASE("damaged state documents are refused", "[proto][state]") {
    using K = DecodeErrorKind;
    CHECK_FALSE(decode_state(std::string_view("{")).ok());
    CHECK_FALSE(decode_state(std::string_view("[]")).ok());
    CHECK(decode_state(std::string_view("{}")).error().kind == K::MissingField);

    expect_refused([](json& j) { j["v"] = 2; }, "v", K::OutOfRange);
    expect_refused([](json& j) { j["format"] = "other"; }, "format", K::OutOfRange);
    expect_refused([](json& j) { j.erase("deck"); }, "deck", K::MissingField);
    expect_refused([](json& j) { j["extra"] = 1; }, "extra", K::UnexpectedField);
    expect_refused([](json& j) { j["rng"][2] = "xyz"; }, "rng[2]", K::OutOfRange);
    expect_refused([](json& j) { j["rng"][2] = 5; }, "rng[2]", K::WrongType);
    expect_refused([](json& j) { j["rng"][2] = "1ffffffffffffffff"; }, "rng[2]", K::OutOfRange);
    expect_refused([](json& j) { j["rng"] = {"0", "0", "0", "0"}; }, "rng", K::OutOfRange);
    expect_refused([](json& j) { j["options"]["seed"] = "-1"; }, "options.seed", K::OutOfRange);
    expect_refused([](json& j) { j["options"]["seed"] = "18446744073709551616"; }, "options.seed", K::OutOfRange);
    expect_refused([](json& j) { j["options"]["players"] = 7; }, "options.players", K::OutOfRange);
    // A 4-player base state claiming 5 players: the 5–6 board would have 30 hexes.
    expect_refused([](json& j) { j["options"]["players"] = 5; }, "board.terrain", K::OutOfRange);
    expect_refused([](json& j) { j["options"]["victory_target"] = 1; }, "options");
    expect_refused([](json& j) { j["current"] = 4; }, "current", K::OutOfRange);
    expect_refused([](json& j) { j["robber"] = 19; }, "robber", K::OutOfRange);
    expect_refused([](json& j) { j["phase"] = "lunch"; }, "phase", K::OutOfRange);
    expect_refused([](json& j) { j["phase"] = "discard"; }, "phase");
    expect_refused([](json& j) { j["phase"] = "setup_road"; }, "setup_step");
    expect_refused([](json& j) { j["winner"] = 1; }, "winner");
    expect_refused([](json& j) { j["board"]["terrain"].erase(0); }, "board.terrain", K::OutOfRange);
    expect_refused([](json& j) { j["board"]["harbors"][3] = "gold"; }, "board.harbors[3]", K::OutOfRange);
    expect_refused([](json& j) { j["deck"][0] = j["deck"][0] == "knight" ? "monopoly" : "knight"; }, "deck");
    expect_refused([](json& j) { j["deck_top"] = 26; }, "deck_top", K::OutOfRange);
    expect_refused([](json& j) { j["bank"]["ore"] = j["bank"].value("ore", 0) == 0 ? 1 : 0; }, "bank");
    expect_refused([](json& j) { j["players"][1]["hand"]["wool"] = 19; }, "bank");
    expect_refused([](json& j) { j["players"][1]["hand"]["wool"] = 20; }, "players[1].hand.wool", K::OutOfRange);
    expect_refused([](json& j) { j["players"][0]["roads"].push_back(j["players"][1]["roads"][0]); }, "players[0].road");
    expect_refused([](json& j) { j["players"][0]["roads"].push_back(j["players"][0]["roads"][0]); }, "players[0].roads[");
    expect_refused([](json& j) { j["players"][2]["settlements"] = json::array(); }, "players[2].settlements_left");
    expect_refused([](json& j) { j["players"][2]["settlements"][0] = 54; }, "players[2].settlements[0]", K::OutOfRange);
    expect_refused([](json& j) { j["players"][3]["knights_played"] = 20; }, "deck");
    expect_refused([](json& j) { j["players"][3]["dev_bought"] = {{"monopoly", 1}}; }, "players[3].dev_bought");
    expect_refused([](json& j) { j["players"][3]["discard_owed"] = 3; }, "phase");
    expect_refused([](json& j) { j["players"].erase(3); }, "players", K::OutOfRange);
    expect_refused([](json& j) { j["offer"]["response"][0] = "maybe"; }, "offer.response[0]", K::OutOfRange);
    expect_refused([](json& j) { j["offer"]["counter_give"] = nullptr; }, "offer.counter_give", K::WrongType);
    expect_refused([](json& j) { j["offer"]["to"] = 4; }, "offer.to", K::OutOfRange);
    const auto desert = [](const json& j) {
        const auto& t = j["board"]["terrain"];
        return static_cast<std::size_t>(std::find(t.begin(), t.end(), "desert") - t.begin());
    };
    expect_refused([&](json& j) { std::swap(j["board"]["numbers"][desert(j) == 0 ? 1 : 0], j["board"]["numbers"][desert(j)]); }, "board.numbers");
    expect_refused([&](json& j) { j["board"]["terrain"][desert(j) == 0 ? 1 : 0] = "desert"; }, "board.numbers");
    expect_refused([](json& j) { j["board"]["harbors"][0] = j["board"]["harbors"][0] == "generic" ? "ore" : "generic"; }, "board.harbors");
    expect_refused([](json& j) { j["players"][0]["road_length"] = j["players"][0]["road_length"].get<int>() + 1; }, "players[0].road_length");
}

TEST_CASE("random damage to a saved state never crashes", "[proto][state]") {
    const std::string good = state_json(midgame()).dump();
    Rng rng(3);
    const char alphabet[] = "{}[]\":,0123456789-abcdefnul ";
    int refused = 0;
    for (int i = 0; i < 3000; ++i) {
        std::string text = good;
        const std::size_t at = rng.below(static_cast<std::uint32_t>(text.size()));
        text[at] = alphabet[rng.below(sizeof alphabet - 1)];
        Decoded<GameState> d = GameState{};
        REQUIRE_NOTHROW(d = decode_state(std::string_view(text)));
        refused += !d.ok();
        if (d.ok()) REQUIRE(decode_state(state_json(d.value())).ok());
    }
    CHECK(refused > 1000);
}
