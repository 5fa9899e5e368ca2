// R-L1 behind the seam (docs/rules-choices.md): a log written before the per-turn trade limit, which
// may go beyond it, restores and replays to the same state, and the limit's counts travel in saved
// states (absent from older ones).
#include <bit>

#include "catan/engine/engine.hpp"
#include "catan/games/catan.hpp"
#include "catan/proto/command_json.hpp"
#include "catan/proto/state_json.hpp"
#include "modules.hpp"

using namespace catan;
using nlohmann::json;

namespace {

constexpr ResourceSet kOneBrick{1, 0, 0, 0, 0};
constexpr ResourceSet kOneOre{0, 0, 0, 0, 1};
constexpr ResourceSet kOneWool{0, 0, 1, 0, 0};

ResourceSet one_of_first(const ResourceSet& hand, unsigned skip = 0) {
    const unsigned kinds = hand.kinds_with_at_least(1) & ~skip;
    return kinds ? ResourceSet::of(static_cast<Resource>(std::countr_zero(kinds))) : ResourceSet{};
}

GameState trading_game() {
    GameOptions o;
    o.players = 4;
    o.seed = 1;
    GameState s = new_game(o);
    s.first_player = 0;
    s.current = 0;
    s.turn_player = 0;
    s.setup_step = 8;
    s.turn = 1;
    s.phase = Phase::Main;
    s.rolled = true;
    s.players[0].hand = kOneBrick;
    s.players[1].hand = ResourceSet{0, 0, 1, 0, 1};
    s.bank -= ResourceSet{1, 0, 1, 0, 1};
    return s;
}

void ok(GameState& s, const Command& c) { REQUIRE_FALSE(apply(s, c)); }

}  // namespace

TEST_CASE("R-L1 (choice) restore and replay records apply an old log that goes beyond the limit", "[R-L1][trade][game][replay]") {
    const auto module = games::catan_module();
    const json options = module->default_options(4);
    const std::uint64_t seed = 7;
    // Played to a main phase where the turn's player and the next seat hold different kinds, then 30
    // offers, 50 counter-offers and 30 cancels in that turn: what a server before R-L1 accepted and logged.
    GameState s = proto::decode_state(json::parse(module->start(options, seed)->snapshot())).value();
    std::vector<game::LoggedMove> log;
    const auto play = [&](const Command& c, Limits limits) {
        INFO(to_string(c.type) << " by seat " << int(c.player));
        REQUIRE_FALSE(apply(s, c, nullptr, limits));
        log.push_back({c.player, proto::command_json(c)});
    };
    Rng rng(3);
    const auto ready = [&] {
        if (s.phase != Phase::Main || s.current != s.turn_player) return false;
        const ResourceSet mine = one_of_first(s.players[s.current].hand);
        return !mine.empty() && !one_of_first(s.players[(s.current + 1) % 4].hand, mine.kinds_with_at_least(1)).empty();
    };
    while (!ready()) {
        REQUIRE(s.phase != Phase::GameOver);
        int actor = -1;
        for (int p = 0; p < s.num_players && actor < 0; ++p)
            if (players_to_act(s) >> p & 1) actor = p;
        std::vector<Command> moves = legal_actions(s, actor);
        REQUIRE(!moves.empty());
        Command c = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
        if (s.phase == Phase::Main)  // on to the next turn rather than build for long
            for (const Command& m : moves)
                if (m.type == CommandType::EndTurn) c = m;
        play(c, Limits::Live);
    }
    const int p = s.current, q = (p + 1) % 4;
    const ResourceSet give = one_of_first(s.players[p].hand);
    const ResourceSet want = one_of_first(s.players[q].hand, give.kinds_with_at_least(1));
    const std::size_t before_spam = log.size();
    for (int i = 0; i < 30; ++i) {
        play(cmd::propose(p, give, want, q), Limits::Recorded);
        if (i < 25) {
            play(cmd::counter(q, want, give), Limits::Recorded);
            play(cmd::counter(q, want, give), Limits::Recorded);
        }
        play(cmd::cancel_trade(p), Limits::Recorded);
    }
    REQUIRE(s.offers_made == 30);
    REQUIRE(s.answers_made[q] == 50);
    const std::string expected = proto::state_json(s).dump();
    const json record = module->start(options, seed)->options_record();
    const auto restore = [&](const std::string* snapshot, std::size_t at, const std::vector<game::LoggedMove>& entries) {
        auto restored = module->restore(record, snapshot, at, entries);
        if (const auto* error = std::get_if<game::RestoreError>(&restored)) FAIL(error->message);
        return std::move(std::get<std::unique_ptr<game::Session>>(restored));
    };
    CHECK(restore(nullptr, 0, log)->snapshot() == expected);
    // From a snapshot taken before the spam (the store keeps one every 64 commands).
    const std::string snapshot = restore(nullptr, 0, {log.begin(), log.begin() + static_cast<long>(before_spam)})->snapshot();
    CHECK(restore(&snapshot, before_spam, log)->snapshot() == expected);
    // And from one taken in the middle of it: the counts come with the snapshot.
    const std::string middle = restore(nullptr, 0, {log.begin(), log.begin() + static_cast<long>(before_spam + 40)})->snapshot();
    CHECK(json::parse(middle).contains("offers_made"));
    CHECK(restore(&middle, before_spam + 40, log)->snapshot() == expected);
    // A session replays the log (replay records, verify); the same log played live is refused past R-L1.
    auto replayed = module->start(options, seed);
    auto live = module->start(options, seed);
    std::size_t live_refused = 0;
    for (const auto& m : log) {
        const auto move = std::get<game::MovePtr>(replayed->decode(m.command, m.seat));
        REQUIRE(std::holds_alternative<game::Applied>(replayed->replay(*move)));
        live_refused += std::holds_alternative<game::Error>(live->apply(*move));
    }
    CHECK(replayed->snapshot() == expected);
    CHECK(live_refused > 0);
}

TEST_CASE("R-L1 (choice) the counts travel in saved states, and states without them read as zero", "[R-L1][trade][game]") {
    GameState s = trading_game();
    const std::string untouched = proto::state_json(s).dump();
    CHECK(untouched.find("offers_made") == std::string::npos);  // a state without trading reads as before R-L1
    CHECK(untouched.find("answers_made") == std::string::npos);
    ok(s, cmd::propose(0, kOneBrick, kOneOre));
    ok(s, cmd::counter(1, kOneWool, kOneBrick));
    const json written = proto::state_json(s);
    CHECK(written["offers_made"] == 1);
    CHECK(written["answers_made"] == json::array({0, 1, 0, 0}));
    auto read = proto::decode_state(written);
    REQUIRE(read);
    CHECK(read.value() == s);
    // Written before R-L1: no counts, the turn counts from zero.
    json old = written;
    old.erase("offers_made");
    old.erase("answers_made");
    auto read_old = proto::decode_state(old);
    REQUIRE(read_old);
    CHECK(read_old.value().offers_made == 0);
    CHECK(read_old.value().answers_made == decltype(s.answers_made){});
    // Counts a turn cannot hold are refused like any inconsistent state.
    json bad = written;
    bad["answers_made"] = json::array({1, 1, 0, 0});  // seat 0 answering its own offer
    CHECK_FALSE(proto::decode_state(bad));
}
