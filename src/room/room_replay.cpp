// GET /api/rooms/{code}/replay: the public record of the room's current (or just finished) game,
// built on the room's executor from what the room holds in memory (its options, seed, salt and the
// accepted commands); no I/O. Building it re-runs the game (8-14 ms of CPU for a random game of
// 600-1,000 commands, bench/replay_bench.cpp), so the last record is kept until the next command or
// the next sweep, whichever comes first (memory: see Room::sweep).
#include "room.hpp"

namespace catan::room {

using nlohmann::json;

std::pair<int, json> Room::replay() const {
    if (!game_)
        return {409, error_body({std::string(err::kWrongPhase),
                                 "room " + code_ + " has no game yet: its replay is available once the host starts one", {}, {}})};
    if (commitment_.empty())
        return {409, error_body({std::string(err::kWrongPhase),
                                 "this game was started by an older server that published no commitment, so it has no replay record", {}, {}})};
    const std::pair<std::int64_t, std::size_t> key{game_number_, log_.size()};
    if (replay_cache_ && replay_cache_key_ == key) return {200, *replay_cache_};
    ReplayInput in;
    in.code = code_;
    in.game = game_number_;
    in.options = game_->options;
    for (int i = 0; i < game_->options.players; ++i) in.names.push_back(seats_[i].name);
    in.salt = salt_;
    in.seed_chosen = game_seed_chosen_;
    in.commands = log_;
    in.reveal = phase_ == RoomPhase::Finished;
    replay_cache_ = std::make_shared<const json>(replay_record(in));
    replay_cache_key_ = key;
    return {200, *replay_cache_};
}

}  // namespace catan::room
