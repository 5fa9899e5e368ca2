#pragma once
// Internal to catan_net: how rooms run on Asio. Each room gets a strand of the server's io_context
// (post, and post_after through a steady_timer on that strand); bot decisions run on a small thread
// pool of their own so that a strong bot's second of thinking never holds up a connection or a room.
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include "catan/room/executor.hpp"

namespace catan::net {

// Every room timer still waiting, so that a shutdown can cancel them: a pending timer is work that
// would keep the io_context (and the server's threads) running for up to a takeover grace period.
class RoomTimers : public std::enable_shared_from_this<RoomTimers> {
public:
    // A timer on `strand` that runs `task` after `delay`; nothing once stopping.
    void start(boost::asio::strand<boost::asio::io_context::executor_type>& strand, std::chrono::milliseconds delay,
               std::function<void()> task);
    // Cancels every waiting timer (their tasks do not run) and refuses new ones.
    void stop();

private:
    std::mutex mutex_;
    bool stopped_ = false;
    std::uint64_t next_ = 0;
    std::unordered_map<std::uint64_t, std::weak_ptr<boost::asio::steady_timer>> waiting_;
};

// The executor factory the hub gets: one strand per room, sharing `timers`.
room::ExecutorFactory strand_executors(boost::asio::io_context& ioc, std::shared_ptr<RoomTimers> timers);

// Bot decisions: a fixed pool of threads. join() waits for the decisions under way (each is bounded
// by its bot's time budget); jobs not yet started are dropped.
class BotWorkers final : public room::Worker {
public:
    explicit BotWorkers(unsigned threads) : pool_(threads) {}
    ~BotWorkers() override { join(); }
    void run(std::function<void()> job) override;
    void join();

private:
    boost::asio::thread_pool pool_;
};

}  // namespace catan::net
