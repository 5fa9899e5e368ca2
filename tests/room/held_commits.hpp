#pragma once
// A slow disk, as far as the room layer can tell: plugged into HubOptions::hold_commit_for_testing,
// it keeps back the commit callbacks of one kind of write ("chat", "create") until the test
// releases them. Each write is really committed; only its callback waits. Thread-safe (the store's
// writer thread hands the callbacks in).
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "catan/room/hub.hpp"

namespace catan::room::test {

class HeldCommits {
public:
    explicit HeldCommits(std::string kind) : kind_(std::move(kind)) {}
    ~HeldCommits() { release_all(); }  // nothing waits forever, whatever the test did

    // For HubOptions::hold_commit_for_testing. Must outlive the hub's writes.
    auto hook() {
        return [this](std::string_view write, std::function<void(bool)> done) -> std::function<void(bool)> {
            if (write != kind_) return done;
            return [this, done = std::move(done)](bool ok) {
                {
                    const std::lock_guard lock(mutex_);
                    held_.push_back([done, ok] { done(ok); });
                }
                arrived_.notify_all();
            };
        };
    }
    // Callbacks that came back from the store and wait (released ones included).
    std::size_t count() const {
        const std::lock_guard lock(mutex_);
        return held_.size();
    }
    // Waits until at least `n` callbacks came back from the store; false after 10 s.
    bool wait_for(std::size_t n) {
        std::unique_lock lock(mutex_);
        return arrived_.wait_for(lock, std::chrono::seconds(10), [&] { return held_.size() >= n; });
    }
    // Runs the i-th callback (once).
    void release(std::size_t i) {
        std::function<void()> run;
        {
            const std::lock_guard lock(mutex_);
            if (i >= held_.size() || !held_[i]) return;
            run = std::move(held_[i]);
            held_[i] = nullptr;
        }
        run();
    }
    void release_all() {
        for (std::size_t i = 0; i < count(); ++i) release(i);
    }

private:
    const std::string kind_;
    mutable std::mutex mutex_;
    std::condition_variable arrived_;
    std::vector<std::function<void()>> held_;
};

}  // namespace catan::room::test
