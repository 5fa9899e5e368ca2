#pragma once
// A game view (player_view) cut into parts: each a JSON value at a fixed JSON Pointer inside the
// view, kept as serialised text. Rooms diff views part by part — a changed part is one RFC 6902 op —
// instead of building and walking a json tree per viewer per command: the public parts are the same
// for every viewer, so they are written and compared once per command, and only the few parts of
// each viewer's own ("viewer", "me") are done per viewer. player_view() is assembled from the same
// parts, so the document a client holds and the diffs it receives cannot drift apart.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/engine/state.hpp"
#include "catan/game/view_parts.hpp"

namespace catan::proto {

// The seam's types (game/view_parts.hpp): the room holds them, this codec writes them in place.
using ViewPart = game::ViewPart;
using ViewParts = game::ViewParts;
using PatchSink = game::PatchSink;

// Rewrites `parts` from `state`. With a sink, `parts` must hold the same game's parts as last sent
// and the ops turning them into the new ones are appended to it (nothing when nothing changed).
// Parts that cannot change during a game (the board's terrain, numbers and harbors, the options,
// the seats) are only rewritten when `parts` does not hold them yet.
void update_public_parts(const GameState& state, ViewParts& parts, const PatchSink* sink = nullptr);
// What only `viewer` sees: "viewer" and, for a seat, "me". viewer: a seat or kSpectator.
void update_viewer_parts(const GameState& state, int viewer, ViewParts& parts, const PatchSink* sink = nullptr);

// The whole view, as player_view returns it.
nlohmann::json assemble_view(const ViewParts& public_parts, const ViewParts& viewer_parts);

}  // namespace catan::proto
