#pragma once
// The statistics of one game (doc.game.stats, docs/protocol.md): a pure accumulator over the game's
// events, public information only. Kept beside the engine's state (the engine keeps no history) by
// whoever hosts the game, the room or the Catan game module; a restored game rebuilds it by replaying
// its command log.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "catan/engine/event.hpp"
#include "catan/engine/state.hpp"
#include "catan/proto/view_parts.hpp"

namespace catan::proto {

class GameStats {
public:
    void add(const Event& e);
    void add(const std::vector<Event>& events) {
        for (const Event& e : events) add(e);
    }

    // The stats as doc.game.stats shows them. The turn count and each road's length are read from
    // the public state; the times (Unix ms) come from the room: started_at null for a game started
    // before the server kept start times, ended_at null while the game runs.
    nlohmann::json to_json(const GameState& state, std::optional<std::int64_t> started_at,
                           std::optional<std::int64_t> ended_at) const;
    // The same, cut into view parts under /stats (turns, started_at, ended_at, dice, and one per
    // player), written as text and, with a sink, diffed against `parts`: a roll changes the dice and
    // the producing players' parts, not the whole block. to_json is assembled from these parts.
    void update_parts(const GameState& state, std::optional<std::int64_t> started_at, std::optional<std::int64_t> ended_at,
                      ViewParts& parts, const PatchSink* sink) const;

private:
    struct Player {
        ResourceSet gained{};  // production and starting resources
        int stolen = 0, lost = 0, discarded = 0;
        int traded_given = 0, traded_received = 0;  // domestic and bank trades
        int dev_bought = 0, knights = 0;
    };
    std::array<int, 11> dice_{};  // sums 2..12
    std::array<Player, kMaxPlayers> players_{};
};

}  // namespace catan::proto
