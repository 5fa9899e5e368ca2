#include "state_check.hpp"

#include <string>

#include "catan/engine/engine.hpp"
#include "catan/proto/reader.hpp"

namespace catan::proto::detail {

using namespace strict;

namespace {

[[noreturn]] void broken(const std::string& field, const std::string& why) {
    const Path root;
    fail(DecodeErrorKind::Inconsistent, root.child(field), why);
}

std::string player_field(int p, const char* key) { return "players[" + std::to_string(p) + "]." + key; }

}  // namespace

// The engine decides what a consistent state is; this names the field in the decoder's terms.
void check_state(const GameState& s) {
    if (const auto problem = find_state_problem(s))
        broken(problem->seat < 0 ? std::string(problem->field) : player_field(problem->seat, problem->field), problem->why);
}

void check_road_lengths(const GameState& s) {
    for (int p = 0; p < s.num_players; ++p)
        if (s.players[p].road_length != longest_road_of(s, p))
            broken(player_field(p, "road_length"), "does not match the roads on the board");
}

}  // namespace catan::proto::detail
