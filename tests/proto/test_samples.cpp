// Not a test: with CATAN_PROTO_SAMPLES=<file> it writes real messages of every family as JSON lines,
// which proto/tools/check_schemas.py validates against the schemas in proto/v1.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "catan/proto/proto.hpp"
#include "walk.hpp"

using namespace catan;
using namespace catan::proto;
using nlohmann::json;

TEST_CASE("write sample messages for the schema check", "[.samples]") {
    const char* path = std::getenv("CATAN_PROTO_SAMPLES");
    if (!path) return;
    std::ofstream out(path);
    auto put = [&](const char* family, const json& message) {
        out << json{{"family", family}, {"message", message}}.dump() << '\n';
    };
    put("topology", topology_json(BoardKind::Base));
    put("topology", topology_json(BoardKind::Large));
    Rng rng(1);
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        int step = 0;
        // 2 to 6 players; 5 and 6 with either turn structure (R-X6, R-X7).
        GameOptions options;
        options.players = 2 + static_cast<int>(seed % 5);
        options.seed = seed;
        options.turn_structure = seed % 2 ? TurnStructure::Paired : TurnStructure::SpecialBuild;
        test::walk_game(new_game(options), seed, [&](const GameState& before, const Command& c, const std::vector<Event>& events, const GameState& after) {
            put("command", command_json(c));
            for (int viewer = kSpectator; viewer < after.num_players; ++viewer)
                for (const Event& e : events) put("event", event_json(e, viewer));
            // A command from a random seat: usually refused, which gives real rule errors.
            const auto seat = static_cast<int>(rng.below(before.num_players));
            std::vector<Command> tries = legal_actions(after, after.current);
            tries.push_back(cmd::end_turn(seat));
            tries.push_back(cmd::road(seat, static_cast<int>(rng.below(BaseVariant::edges))));
            GameState scratch = before;
            if (auto e = apply(scratch, tries[rng.below(static_cast<std::uint32_t>(tries.size()))])) put("error", error_json(*e));
            if (++step % 17 != 0 && after.phase != Phase::GameOver) return;
            put("state", state_json(after));
            for (int viewer = kSpectator; viewer < after.num_players; ++viewer) {
                put("view", player_view(after, viewer));
                put("actions", legal_actions_json(after, viewer));
            }
        }, sim::kDefaultTurnCap);
    }
    for (const char* bad : {"{", R"({"type":"fly"})", R"({"type":"build_road"})", R"({"type":"build_road","path":99})",
                            R"({"type":"end_turn","x":1})", R"({"type":"discard","cards":[]})"})
        put("error", error_json(decode_command(std::string_view(bad), 0).error()));
}
