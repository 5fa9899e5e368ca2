#pragma once
// Events for the game log, redacted for one recipient. A stolen card's resource is shown only to the
// thief and the victim, a bought development card's kind only to its buyer; everything else is public.
#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/engine/event.hpp"
#include "catan/engine/types.hpp"

namespace catan::proto {

inline constexpr int kSpectator = -1;

// How seats are called in the "text" sentence; by default "Seat 0", "Seat 1", ...
using SeatNames = std::array<std::string, kMaxPlayers>;
const SeatNames& default_seat_names();

// {"type":"stole","player":1,"victim":2,"resource":"ore","text":"Seat 1 stole 1 ore from Seat 2."}
// viewer: the recipient's seat, or kSpectator.
nlohmann::json event_json(const Event& event, int viewer, const SeatNames& names = default_seat_names());
nlohmann::json events_json(const std::vector<Event>& events, int viewer, const SeatNames& names = default_seat_names());
// Whether some viewer is shown these events otherwise than a spectator is (a stolen card, a bought
// development card): when not, one redaction serves every viewer.
bool events_differ_by_viewer(const std::vector<Event>& events);

}  // namespace catan::proto
