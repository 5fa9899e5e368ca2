// GET /api/rooms/{code}/replay: the public record of the room's current (or just finished) game, made
// from what the room holds in memory (its options, names, salt and the accepted commands); no I/O.
// Building it re-runs the game (8-14 ms of CPU for a random game of 600-1,000 commands,
// bench/replay_bench.cpp), so the room only copies its log (microseconds) and a worker builds the
// record (ReplayBuilds) while the room plays on. One build at a time per room: requests that come
// meanwhile wait for it, or for the next one if the log has grown since. The record comes back
// serialised and is kept, one string every answer shares, until the next sweep (memory: Room::sweep).
#include <spdlog/spdlog.h>

#include "catan/proto/error_json.hpp"
#include "replay_builds.hpp"
#include "room.hpp"

namespace catan::room {

using nlohmann::json;

namespace {

Hub::HttpResult record_answer(std::shared_ptr<const std::string> record) {
    Hub::HttpResult r;
    r.text = std::move(record);
    return r;
}

}  // namespace

void Room::replay(std::function<void(Hub::HttpResult)> done) {
    if (slept_) {
        if (const auto next = successor(/*wake=*/true)) return next->post([done = std::move(done)](Room& r) mutable { r.replay(std::move(done)); });
    }
    if (closed_) return done({404, proto::error_json({std::string(err::kNoSuchRoom), "room " + code_ + " has been closed", {}, {}})});
    if (!game_)
        return done({409, proto::error_json({std::string(err::kWrongPhase),
                                      "room " + code_ + " has no game yet: its replay is available once the host starts one", {}, {}})});
    if (commitment_.empty())
        return done({409, proto::error_json({std::string(err::kWrongPhase),
                                      "this game was started by an older server that published no commitment, so it has no replay record", {}, {}})});
    const ReplayKey key{game_number_, log_.size()};
    if (replay_cache_ && replay_cache_key_ == key) return done(record_answer(replay_cache_));
    replay_waiting_.push_back({key, std::move(done)});
    if (!replay_building_) start_replay_build();
}

void Room::start_replay_build() {
    auto in = std::make_shared<ReplayInput>();
    in->code = code_;
    in->game = game_number_;
    in->module = module_;
    in->options = game_->options();
    in->seed = game_->seed();
    for (int i = 0; i < game_->players(); ++i) in->names.push_back(seats_[i].name);
    in->salt = salt_;
    in->seed_chosen = game_seed_chosen_;
    in->commands = log_;
    in->reveal = phase_ == RoomPhase::Finished;
    const ReplayKey key{game_number_, log_.size()};
    replay_building_ = true;
    const bool started = context_->replay_builds->start(
        std::move(in), [self = shared_from_this(), key](std::shared_ptr<const std::string> record, std::string error) {
            self->post([key, record = std::move(record), error = std::move(error)](Room& r) { r.replay_built(key, record, error); });
        });
    if (started) return;
    replay_building_ = false;
    auto waiting = std::move(replay_waiting_);
    replay_waiting_.clear();
    spdlog::debug("[{}] {} replay requests refused: the server is building as many records as it may", code_, waiting.size());
    for (auto& w : waiting) {
        Hub::HttpResult busy{503, proto::error_json({std::string(err::kRateLimited),
                                              "the server is building as many replay records as it may at once; try again in a second", {}, {}})};
        busy.retry_after = 1;
        w.done(std::move(busy));
    }
}

void Room::replay_built(ReplayKey key, std::shared_ptr<const std::string> record, const std::string& error) {
    replay_building_ = false;
    if (record) {
        replay_cache_ = record;
        replay_cache_key_ = key;
    } else {  // a log that no longer re-runs: the room itself carries on
        spdlog::error("[{}] the replay record could not be built: {}", code_, error);
    }
    auto waiting = std::move(replay_waiting_);
    replay_waiting_.clear();
    std::vector<std::function<void(Hub::HttpResult)>> newer;  // asked after the log grew past `key`
    for (auto& w : waiting) {
        if (!record)
            w.done({500, nullptr});
        else if (w.key <= key)
            w.done(record_answer(record));
        else
            newer.push_back(std::move(w.done));
    }
    for (auto& done : newer) replay(std::move(done));
}

}  // namespace catan::room
