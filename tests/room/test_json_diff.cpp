// The room's RFC 6902 generator against nlohmann::json::patch: on random trees and on real views
// along random games, patch(from, diff(from, to)) must give `to` exactly.
#include <chrono>
#include <cstdio>

#include <catch2/catch.hpp>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "catan/room/json_diff.hpp"
#include "catan/sim/random_game.hpp"

using nlohmann::json;
using catan::room::json_diff;

namespace {

json random_tree(catan::Rng& rng, int depth) {
    const auto pick = rng.below(depth > 0 ? 9 : 5);
    switch (pick) {
        case 0: return nullptr;
        case 1: return rng.below(2) == 1;
        case 2: return static_cast<int>(rng.below(5)) - 2;
        case 3: return static_cast<unsigned>(rng.below(3));
        case 4: return std::string(1, static_cast<char>('a' + rng.below(3)));
        case 5:
        case 6: {
            json a = json::array();
            for (std::uint32_t i = rng.below(4); i > 0; --i) a.push_back(random_tree(rng, depth - 1));
            return a;
        }
        default: {
            // Keys include the characters JSON pointers must escape.
            static const char* keys[] = {"a", "b", "c", "a/b", "~", "~1", "", "seat"};
            json o = json::object();
            for (std::uint32_t i = rng.below(5); i > 0; --i) o[keys[rng.below(8)]] = random_tree(rng, depth - 1);
            return o;
        }
    }
}

// A copy of `t` with a few random edits, so pairs share most of their structure like views do.
json mutate(const json& t, catan::Rng& rng, int depth) {
    if (rng.below(6) == 0) return random_tree(rng, depth);
    if (t.is_object()) {
        json o = t;
        for (auto& [k, v] : o.items()) v = mutate(v, rng, depth - 1);
        if (rng.below(4) == 0) o[std::string(1, static_cast<char>('a' + rng.below(4)))] = random_tree(rng, 1);
        if (!o.empty() && rng.below(4) == 0) o.erase(o.begin());
        return o;
    }
    if (t.is_array()) {
        json a = t;
        for (auto& v : a) v = mutate(v, rng, depth - 1);
        if (rng.below(5) == 0) a.push_back(random_tree(rng, 1));
        return a;
    }
    return t;
}

}  // namespace

TEST_CASE("diff: patch reproduces the target on random trees", "[room][diff]") {
    catan::Rng rng(42);
    for (int i = 0; i < 20000; ++i) {
        const json from = random_tree(rng, 4);
        const json to = i % 2 ? mutate(from, rng, 4) : random_tree(rng, 4);
        const json patch = json_diff(from, to);
        INFO(from.dump() << " -> " << to.dump() << " via " << patch.dump());
        REQUIRE(from.patch(patch) == to);
        if (from == to) REQUIRE(patch.empty());
    }
}

TEST_CASE("diff: equal numbers of different stored types need no operation", "[room][diff]") {
    const json a = {{"n", 3}, {"m", json::array({1u, 2})}};
    const json b = {{"n", 3u}, {"m", json::array({1, 2u})}};
    CHECK(json_diff(a, b).empty());
    CHECK(json_diff(json(1), json("1")).size() == 1);
}

TEST_CASE("diff: whole-document and member changes are valid RFC 6902", "[room][diff]") {
    CHECK(json_diff(json(nullptr), json{{"a", 1}}) == json::parse(R"([{"op":"replace","path":"","value":{"a":1}}])"));
    CHECK(json_diff(json{{"a", 1}}, json{{"b", 1}}) ==
          json::parse(R"([{"op":"remove","path":"/a"},{"op":"add","path":"/b","value":1}])"));
    CHECK(json_diff(json{{"a/b", json::array({1, 2})}}, json{{"a/b", json::array({1, 3})}}) ==
          json::parse(R"([{"op":"replace","path":"/a~1b/1","value":3}])"));
    CHECK(json_diff(json{{"~", json::array({1})}}, json{{"~", json::array({1, 2})}}) ==
          json::parse(R"([{"op":"replace","path":"/~0","value":[1,2]}])"));
}

TEST_CASE("diff: real views along random games, with its cost against nlohmann::json::diff", "[room][diff]") {
    using clock = std::chrono::steady_clock;
    clock::duration ours{}, theirs{};
    std::size_t our_bytes = 0, their_bytes = 0, steps = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        catan::GameOptions o;
        o.seed = seed;
        catan::GameState s = catan::new_game(o);
        catan::Rng chooser(seed);
        std::vector<catan::Command> actions;
        json before[5];
        for (int v = 0; v < 5; ++v) before[v] = catan::proto::player_view(s, v - 1);
        while (s.phase != catan::Phase::GameOver && s.turn < 300) {
            catan::legal_actions(s, catan::sim::next_actor(s), actions);
            REQUIRE(!catan::apply(s, actions[chooser.below(static_cast<std::uint32_t>(actions.size()))]));
            for (int v = 0; v < 5; ++v) {
                json after = catan::proto::player_view(s, v - 1);
                const auto t0 = clock::now();
                const json patch = json_diff(before[v], after);
                const auto t1 = clock::now();
                const json reference = json::diff(before[v], after);
                const auto t2 = clock::now();
                ours += t1 - t0;
                theirs += t2 - t1;
                our_bytes += patch.dump().size();
                their_bytes += reference.dump().size();
                REQUIRE(before[v].patch(patch) == after);
                before[v] = std::move(after);
                ++steps;
            }
        }
    }
    using us = std::chrono::duration<double, std::micro>;
    std::printf("view diff: %.2f us (nlohmann::json::diff %.2f us), %.0f bytes (%.0f) per view, %zu views\n",
                us(ours).count() / steps, us(theirs).count() / steps, double(our_bytes) / steps,
                double(their_bytes) / steps, steps);
}
