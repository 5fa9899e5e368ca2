// The engine's trade-route search prunes its start points, and a ship move or a new piece recounts only
// around the piece: this checks the kept length and the full search against a plain exhaustive search
// from every intersection, after every command of random games of every scenario.
#include "test_support.hpp"

#include "catan/engine/scenario.hpp"
#include "catan/sim/random_game.hpp"

using namespace catan;

namespace {

struct Route {
    const Topology& t;
    EdgeMask roads, ships;
    NodeMask cut, own;

    // R-SF5: a trail arriving by road goes on by ship (or the reverse) only at the player's building.
    int walk(int node, EdgeMask used, int length, bool by_ship) const {
        int best = length;
        if (length > 0 && cut.test(node)) return best;  // R-A2
        for (std::uint8_t e : t.node_edges[node]) {
            if (e == kNone || used.test(e)) continue;
            const bool ship = ships.test(e);
            if (!ship && !roads.test(e)) continue;
            if (length > 0 && ship != by_ship && !own.test(node)) continue;
            EdgeMask next = used;
            next.set(e);
            const int other = t.edge_nodes[e][0] == node ? t.edge_nodes[e][1] : t.edge_nodes[e][0];
            const int len = walk(other, next, length + 1, ship);
            if (len > best) best = len;
        }
        return best;
    }
};

int exhaustive_trade_route(const GameState& s, int p) {
    const NodeMask own = rules::buildings_of(s, p);
    const Route route{topology(s), s.players[p].roads, s.players[p].ships, s.occupied & ~own, own};
    int best = 0;
    for (int n = 0; n < topology(s).node_count; ++n) {
        const int len = route.walk(n, EdgeMask{}, 0, false);
        if (len > best) best = len;
    }
    return best;
}

}  // namespace

TEST_CASE("the trade route kept across ship moves and new pieces matches an exhaustive search", "[R-SF5][R-SF4]") {
    std::vector<Command> actions;
    long compared = 0, after_moves = 0;
    for (int scenario = 1; scenario < kScenarioCount; ++scenario) {
        for (int players = kMinPlayers; players <= kMaxPlayers; ++players) {
            if (!scenario_has_board(static_cast<Scenario>(scenario), players)) continue;
            for (std::uint64_t seed = 1; seed <= 12; ++seed) {
                GameOptions o;
                o.scenario = static_cast<Scenario>(scenario);
                o.players = players;
                o.victory_target = scenario_victory_target(o.scenario, players);
                o.seed = seed;
                GameState s = new_game(o);
                Rng chooser(seed * 31 + static_cast<std::uint64_t>(scenario));
                while (s.phase != Phase::GameOver && s.turn <= sim::kDefaultTurnCap) {
                    legal_actions(s, sim::next_actor(s), actions);
                    const Command c = actions[chooser.below(static_cast<std::uint32_t>(actions.size()))];
                    REQUIRE_FALSE(apply(s, c));
                    after_moves += c.type == CommandType::MoveShip;
                    for (int p = 0; p < s.num_players; ++p) {
                        INFO(to_string(o.scenario) << ", " << players << " players, seed " << seed << ", turn " << s.turn
                                                   << ", after " << to_string(c.type) << ", seat " << p);
                        const int expected = exhaustive_trade_route(s, p);
                        REQUIRE(s.players[p].road_length == expected);
                        REQUIRE(longest_road_of(s, p) == expected);
                        ++compared;
                    }
                }
            }
        }
    }
    CHECK(after_moves > 1000);
    CHECK(compared > 100000);
}
