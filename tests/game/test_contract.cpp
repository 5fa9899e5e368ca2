// The seam's contract (catan/game/module.hpp), checked for every module through the interface only:
// Catan (4 and 6 players) and the test-only race game.
#include <algorithm>
#include <bit>
#include <future>

#include "modules.hpp"

using namespace catan::game;
using gametest::Case;

namespace {

bool refused(const std::variant<Applied, Error>& r) { return std::holds_alternative<Error>(r); }

}  // namespace

TEST_CASE("options: the schema's defaults validate, and a bad value is refused naming the option", "[game][options]") {
    for (const Case& c : gametest::cases()) {
        INFO(c.label);
        const Module& m = *c.module;
        for (int players = m.min_players(); players <= m.max_players(); ++players) {
            const Json schema = m.option_schema(players);
            const Json defaults = m.default_options(players);
            CHECK_FALSE(m.validate(defaults, "options"));
            REQUIRE(schema.contains("players"));
            for (const auto& [name, entry] : schema.items()) {
                INFO(name);
                REQUIRE(entry.contains("type"));
                REQUIRE(entry.contains("default"));
                if (name != "players") CHECK(defaults.at(name) == entry["default"]);
                if (entry["type"] == "int") {
                    Json bad = defaults;
                    bad[name] = entry["max"].get<int>() + 1;
                    const auto error = m.validate(bad, "options");
                    REQUIRE(error);
                    CHECK(error->field == "options." + name);
                    CHECK(error->message.find("options." + name) != std::string::npos);
                }
            }
        }
        Json unknown = m.default_options(m.min_players());
        unknown["no_such_option"] = 1;
        const auto error = m.validate(unknown, "options");
        REQUIRE(error);
        CHECK(error->field == "options.no_such_option");
    }
}

TEST_CASE("start: the same options and seed give the same game, another seed another", "[game][start]") {
    for (const Case& c : gametest::cases()) {
        INFO(c.label);
        const auto a = c.module->start(c.options, 77), b = c.module->start(c.options, 77), other = c.module->start(c.options, 78);
        CHECK(gametest::all_views(*a) == gametest::all_views(*b));
        CHECK(a->snapshot() == b->snapshot());
        CHECK(a->snapshot() != other->snapshot());
        CHECK(a->players() == c.options["players"]);
        CHECK(a->to_act() != 0);
        CHECK_FALSE(a->over());
    }
}

TEST_CASE("decode and apply: a bad command is refused with an error naming it, and changes nothing", "[game][bad-input]") {
    for (const Case& c : gametest::cases()) {
        INFO(c.label);
        const auto s = c.module->start(c.options, 5);
        for (const Json& bad : {Json(42), Json{{"type", "no_such_command"}}, Json{{"type", 7}}}) {
            const auto decoded = c.module->decode(bad, 0, c.options);
            REQUIRE(std::holds_alternative<Error>(decoded));
            CHECK_FALSE(std::get<Error>(decoded).message.empty());
            CHECK_FALSE(std::get<Error>(decoded).code.empty());
        }
        // A well-formed command of a seat that has nothing to do now: every legal move of an acting seat,
        // sent by a seat that is not acting.
        int idle = -1, acting = -1;
        for (int seat = 0; seat < s->players(); ++seat) (s->to_act() >> seat & 1u ? acting : idle) = seat;
        const std::vector<std::string> before = gametest::all_views(*s);
        const std::string snapshot = s->snapshot();
        REQUIRE(acting >= 0);
        if (idle >= 0) {
            for (const MovePtr& legal : s->legal_moves(acting)) {
                const auto decoded = c.module->decode(legal->json(), idle, c.options);
                REQUIRE(std::holds_alternative<MovePtr>(decoded));
                const auto result = s->apply(*std::get<MovePtr>(decoded));
                REQUIRE(refused(result));
                CHECK_FALSE(std::get<Error>(result).message.empty());
            }
        }
        CHECK(gametest::all_views(*s) == before);
        CHECK(s->snapshot() == snapshot);
    }
}

TEST_CASE("legal moves: who must act has some, anyone else only answers, and each is accepted", "[game][legal]") {
    for (const Case& c : gametest::cases()) {
        INFO(c.label);
        int checked = 0, accepted = 0;
        const std::size_t every = c.module->id() == "race" ? 1 : 37;
        gametest::Played game = gametest::play_bots(c, 11, 20000, [&](const Session& s, const std::vector<LoggedMove>& log) {
            if (log.size() % every != 1 % every && !s.over()) return;
            ++checked;
            for (int seat = 0; seat < s.players(); ++seat) {
                INFO("seat " << seat << " after " << log.size() << " moves");
                const auto moves = s.legal_moves(seat);
                INFO("first legal " << (moves.empty() ? std::string("none") : moves.front()->json().dump()) << " phase " << Json::parse(s.snapshot())["phase"]);
                // Who must act has moves; anyone else may only change an answer.
                if (s.to_act() >> seat & 1u) CHECK_FALSE(moves.empty());
                for (const MovePtr& m : moves)
                    if (!(s.to_act() >> seat & 1u)) CHECK(m->is_answer());
                CHECK(s.legal(seat).is_null() == false);
                // A few of them, spread over the list: each applies to a copy of the game.
                for (std::size_t i = 0; i < moves.size(); i += moves.size() / 4 + 1) {
                    const auto copy = gametest::copy_of(s, log);
                    const auto result = copy->apply(*moves[i]);
                    if (const auto* e = std::get_if<Error>(&result)) FAIL(moves[i]->json().dump() << " refused: " << e->message);
                    ++accepted;
                }
            }
            CHECK(s.legal(kSpectator).is_null());
        });
        CHECK(game.session->over());
        CHECK(checked > 3);
        CHECK(accepted > checked);
    }
}

TEST_CASE("restore: the options record and the command log give the same game", "[game][restore]") {
    for (const Case& c : gametest::cases()) {
        INFO(c.label);
        gametest::Played game = gametest::play_bots(c, 21, 300);
        const auto copy = gametest::copy_of(game);
        CHECK(gametest::all_views(*copy) == gametest::all_views(*game.session));
        CHECK(copy->snapshot() == game.session->snapshot());
        CHECK(copy->to_act() == game.session->to_act());
        const std::vector<std::string> names(6, "");
        CHECK(copy->history(0, names) == game.session->history(0, names));
        CHECK(copy->stats(std::nullopt, std::nullopt) == game.session->stats(std::nullopt, std::nullopt));
        // A log entry that no longer applies is named by its index.
        std::vector<LoggedMove> broken = game.log;
        broken.insert(broken.begin() + 3, broken[3]);
        broken[3].seat = (broken[3].seat + 1) % game.session->players();
        const auto refused_log = c.module->restore(game.session->options_record(), nullptr, 0, broken);
        if (const auto* e = std::get_if<RestoreError>(&refused_log)) {
            CHECK(e->index >= 4);
            CHECK_FALSE(e->message.empty());
        }
    }
}

TEST_CASE("views: updating parts with a sink gives ops only for the parts that changed", "[game][views]") {
    for (const Case& c : gametest::cases()) {
        INFO(c.label);
        const auto s = c.module->start(c.options, 3);
        ViewParts parts;
        s->update_public(parts);
        std::string ops;
        const PatchSink sink{ops, "/game"};
        s->update_public(parts, &sink);
        CHECK(ops.empty());  // nothing changed, nothing sent
        ViewParts before = parts;
        const MovePtr move = s->legal_moves(std::countr_zero(s->to_act())).front();
        REQUIRE_FALSE(refused(s->apply(*move)));
        s->update_public(parts, &sink);
        CHECK_FALSE(ops.empty());
        // The ops turn the old view into the new one.
        Json doc = {{"game", s->assemble(before, {})}};
        doc = doc.patch(Json::parse("[" + ops + "]"));
        CHECK(doc["game"] == s->assemble(parts, {}));
    }
}

TEST_CASE("bots: a job taken on the room's thread runs on another and returns a move the game accepts", "[game][bots]") {
    for (const Case& c : gametest::cases()) {
        INFO(c.label);
        const auto s = c.module->start(c.options, 9);
        for (const std::string& level : c.module->bot_levels()) {
            INFO(level);
            bool waiting = false;
            const int seat = s->seat_for_bots((1u << s->players()) - 1, waiting);
            REQUIRE(seat >= 0);
            const BotPtr bot = c.module->make_bot(level, std::chrono::milliseconds(200));
            REQUIRE(bot);
            CHECK(bot->level() == level);
            BotJob job = s->bot_job(seat, bot, 1234);
            const MovePtr move = std::async(std::launch::async, std::move(job)).get();
            REQUIRE(move);
            const auto copy = c.module->start(c.options, 9);
            CHECK_FALSE(refused(copy->apply(*move)));
        }
        CHECK(c.module->make_bot("no_such_level", {}) == nullptr);
        const auto levels = c.module->bot_levels();
        CHECK(std::find(levels.begin(), levels.end(), "random") != levels.end());
    }
}

TEST_CASE("bots: a whole game played by bots through the seam ends with a winner", "[game][bots]") {
    for (const Case& c : gametest::cases()) {
        INFO(c.label);
        for (std::uint64_t seed : {1u, 2u}) {
            const gametest::Played game = gametest::play_bots(c, seed, 20000);
            REQUIRE(game.session->over());
            CHECK(game.session->winner() >= 0);
            CHECK(game.session->winner() < game.session->players());
            CHECK(game.session->to_act() == 0);
            CHECK(game.session->pending(60, false).kind.empty());
        }
    }
}

TEST_CASE("simultaneous answers: an answer is marked as one, and the last answer ends the decision", "[game][answers]") {
    // The race game's start: every seat says ready at once.
    const Case c = gametest::cases().back();
    const auto s = c.module->start(c.options, 4);
    REQUIRE(std::popcount(s->to_act()) == 3);
    REQUIRE(s->pending(60, false).kind == "ready");
    for (int seat = 0; seat < 3; ++seat) {
        const MovePtr ready = s->legal_moves(seat).front();
        CHECK(ready->is_answer());
        const auto result = s->apply(*ready);
        REQUIRE_FALSE(refused(result));
        CHECK(std::get<Applied>(result).ended_decision == (seat == 2));
    }
    CHECK(s->pending(60, false).kind == "turn");
    CHECK_FALSE(s->legal_moves(s->on_turn()).front()->is_answer());
}

TEST_CASE("registry: a module registered is found by its id, and its table follows the players count", "[game][registry]") {
    for (const Case& c : gametest::cases()) register_module(std::shared_ptr<const Module>(std::shared_ptr<const Module>{}, c.module));
    REQUIRE(find_module("catan"));
    REQUIRE(find_module("race"));
    CHECK(find_module("chess") == nullptr);
    CHECK(find_module("catan")->id() == "catan");
    const Module& catan = *find_module("catan");
    CHECK(catan.table_id(catan.default_options(4)) == "base");
    CHECK(catan.table_id(catan.default_options(5)) == "large");
    CHECK(catan.table(catan.default_options(4)) != catan.table(catan.default_options(6)));
    CHECK(catan.table(catan.default_options(6)) == catan.table(catan.default_options(5)));
    // R-SF1: a scenario's table follows its options, not the players count alone.
    Json sea = catan.default_options(4);
    sea["scenario"] = "new_shores";
    CHECK(catan.table_id(sea) == "new_shores-4");
    CHECK(catan.table(sea)["scenario"]["id"] == "new_shores");
    sea["players"] = 3;
    CHECK(catan.table_id(sea) == "new_shores-3");
    CHECK(catan.table(sea) != catan.table(catan.default_options(3)));
}
