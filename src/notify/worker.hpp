#pragma once
// The notifications service's worker threads (internal to catan_notify).
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include <spdlog/spdlog.h>

namespace catan::notify {

// One thread running tasks at their time, in order of time; at most `cap` waiting. A background
// task (the periodic purge) does not keep wait_idle() waiting.
class Worker {
public:
    using Clock = std::chrono::steady_clock;

    Worker(std::string name, std::size_t cap) : name_(std::move(name)), cap_(cap), thread_([this] { run(); }) {}
    ~Worker() { stop(); }

    // False (and the task dropped) when the queue is full or the worker stopped.
    bool post(std::function<void()> task, Clock::time_point when = Clock::now(), bool background = false) {
        {
            const std::lock_guard lock(mutex_);
            if (stopping_ || tasks_.size() >= cap_) return false;
            tasks_.emplace(when, Task{std::move(task), background});
            if (!background) ++foreground_;
        }
        wake_.notify_all();
        return true;
    }

    void wait_idle() {
        std::unique_lock lock(mutex_);
        idle_.wait(lock, [&] { return stopping_ || (foreground_ == 0 && !busy_); });
    }

    void stop() {
        std::size_t dropped = 0;
        {
            const std::lock_guard lock(mutex_);
            if (stopping_) return;
            stopping_ = true;
            dropped = static_cast<std::size_t>(std::count_if(tasks_.begin(), tasks_.end(), [](const auto& t) { return !t.second.background; }));
            tasks_.clear();
            foreground_ = busy_ ? 1 : 0;
        }
        wake_.notify_all();
        idle_.notify_all();
        if (thread_.joinable()) thread_.join();
        if (dropped > 0) spdlog::warn("notify: {} stopped with {} task(s) not done", name_, dropped);
    }

private:
    struct Task {
        std::function<void()> run;
        bool background = false;
    };

    void run() {
        std::unique_lock lock(mutex_);
        for (;;) {
            if (stopping_) return;
            if (tasks_.empty()) {
                wake_.wait(lock);
                continue;
            }
            const auto first = tasks_.begin();
            // A copy: stop() may free the node while this waits, and wait_until reads the time again.
            if (const Clock::time_point due = first->first; due > Clock::now()) {
                wake_.wait_until(lock, due);
                continue;
            }
            Task task = std::move(first->second);
            tasks_.erase(first);
            busy_ = true;
            lock.unlock();
            try {
                task.run();
            } catch (const std::exception& e) {
                spdlog::error("notify: a {} task failed: {}", name_, e.what());
            }
            task.run = nullptr;  // its captures go before anyone hears the worker is idle
            lock.lock();
            busy_ = false;
            if (!task.background) --foreground_;
            idle_.notify_all();
        }
    }

    std::string name_;
    std::size_t cap_;
    std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::multimap<Clock::time_point, Task> tasks_;
    std::size_t foreground_ = 0;  // tasks waiting or running that are not background
    bool busy_ = false;
    bool stopping_ = false;
    std::thread thread_;  // last: starts once everything above is ready
};

}  // namespace catan::notify
