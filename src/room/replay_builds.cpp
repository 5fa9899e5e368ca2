#include "replay_builds.hpp"

namespace catan::room {

ReplayBuilds::ReplayBuilds(std::shared_ptr<Worker> worker, std::size_t max_in_flight)
    : worker_(std::move(worker)), max_(std::max<std::size_t>(1, max_in_flight)) {}

bool ReplayBuilds::start(std::shared_ptr<const ReplayInput> input, Done done) {
    if (in_flight_.fetch_add(1) >= max_) {
        in_flight_.fetch_sub(1);
        return false;
    }
    if (!worker_) {
        build(*input, done);
        return true;
    }
    worker_->run([self = shared_from_this(), input = std::move(input), done = std::move(done)] { self->build(*input, done); });
    return true;
}

void ReplayBuilds::build(const ReplayInput& input, const Done& done) {
    Record record;
    std::string error;
    try {
        record = std::make_shared<const std::string>(replay_record_text(input));
    } catch (const std::exception& e) {
        error = e.what();
    }
    in_flight_.fetch_sub(1);  // before `done`: a room answering its waiters may start the next build
    done(std::move(record), std::move(error));
}

}  // namespace catan::room
