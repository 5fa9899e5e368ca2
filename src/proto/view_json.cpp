#include "catan/proto/view_json.hpp"

#include "catan/proto/view_parts.hpp"

namespace catan::proto {

// One source for the view: the parts rooms diff (view_parts.cpp), put together.
nlohmann::json player_view(const GameState& s, int viewer) {
    ViewParts public_parts, viewer_parts;
    update_public_parts(s, public_parts);
    update_viewer_parts(s, viewer, viewer_parts);
    return assemble_view(public_parts, viewer_parts);
}

}  // namespace catan::proto
