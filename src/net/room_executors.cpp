#include "room_executors.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <spdlog/spdlog.h>

namespace catan::net {

namespace asio = boost::asio;

namespace {

// A room task must never throw into Asio (that would stop the io_context thread); Room::run already
// catches, this is the last line.
void run_guarded(const std::function<void()>& task) {
    try {
        task();
    } catch (const std::exception& e) {
        spdlog::error("room task failed: {}", e.what());
    } catch (...) {
        spdlog::error("room task failed");
    }
}

class StrandExecutor final : public room::Executor {
public:
    StrandExecutor(asio::io_context& ioc, std::shared_ptr<RoomTimers> timers)
        : strand_(asio::make_strand(ioc)), timers_(std::move(timers)) {}
    void post(std::function<void()> task) override {
        asio::post(strand_, [task = std::move(task)] { run_guarded(task); });
    }
    void post_after(std::chrono::milliseconds delay, std::function<void()> task) override {
        timers_->start(strand_, delay, std::move(task));
    }

private:
    asio::strand<asio::io_context::executor_type> strand_;
    std::shared_ptr<RoomTimers> timers_;
};

}  // namespace

void RoomTimers::start(asio::strand<asio::io_context::executor_type>& strand, std::chrono::milliseconds delay,
                       std::function<void()> task) {
    auto timer = std::make_shared<asio::steady_timer>(strand, delay);
    std::uint64_t id = 0;
    {
        const std::lock_guard lock(mutex_);
        if (stopped_) return;
        id = next_++;
        waiting_.emplace(id, timer);
    }
    timer->async_wait([self = shared_from_this(), id, timer, task = std::move(task)](const boost::system::error_code& ec) {
        {
            const std::lock_guard lock(self->mutex_);
            self->waiting_.erase(id);
        }
        if (!ec) run_guarded(task);
    });
}

void RoomTimers::stop() {
    std::unordered_map<std::uint64_t, std::weak_ptr<asio::steady_timer>> waiting;
    {
        const std::lock_guard lock(mutex_);
        stopped_ = true;
        waiting.swap(waiting_);
    }
    // Cancelling from this thread races a timer's own strand; the handler still runs exactly once
    // (with operation_aborted, or already due and then harmlessly late), which is all that matters.
    for (const auto& [id, weak] : waiting)
        if (const auto timer = weak.lock()) asio::post(timer->get_executor(), [timer] { timer->cancel(); });
}

room::ExecutorFactory strand_executors(asio::io_context& ioc, std::shared_ptr<RoomTimers> timers) {
    return [&ioc, timers = std::move(timers)] { return std::make_shared<StrandExecutor>(ioc, timers); };
}

void BotWorkers::run(std::function<void()> job) {
    asio::post(pool_, [job = std::move(job)] {
        try {
            job();
        } catch (const std::exception& e) {
            spdlog::error("bot job failed: {}", e.what());
        }
    });
}

void BotWorkers::join() {
    pool_.stop();
    pool_.join();
}

}  // namespace catan::net
