#pragma once
// A game view cut into parts (the types of the game-module seam, module.hpp): each part a JSON value at
// a fixed JSON Pointer inside the view, kept as serialised text, so rooms diff views part by part. A
// header of its own so that a game's codec (proto::update_public_parts) writes the room's parts in
// place, with no copy across the seam. Standard library only.
#include <string>
#include <string_view>
#include <vector>

namespace catan::game {

// Empty text: the member is absent. A view is its public parts (the same for every viewer) plus the
// viewer's own parts; both lists keep their order and paths for the whole game.
struct ViewPart {
    std::string path;  // e.g. "/players/2/cards"
    std::string text;  // the value as JSON
};
using ViewParts = std::vector<ViewPart>;

// Where RFC 6902 ops go: comma-separated op objects (no brackets), each path behind `prefix`.
struct PatchSink {
    std::string& ops;
    std::string_view prefix;  // e.g. "/game"
};

}  // namespace catan::game
