#pragma once
// Process-wide counters, exported at GET /metrics in the Prometheus text format. Thread-safe; updates
// are lock-free except the per-reason rejection counts.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace catan::store {
class Store;
}

namespace catan::room {

class Metrics {
public:
    void room_opened() { ++rooms_; }
    void room_closed() { --rooms_; }
    void connection_opened() { ++connections_; }
    void connection_closed() { --connections_; }
    void send_queue_dropped() { ++send_queue_drops_; }  // a connection closed for reading too slowly
    // Bytes waiting in every connection's send queue (a message shared by n connections counts n times).
    void send_queue_bytes_changed(std::int64_t delta) { send_queue_bytes_ += delta; }
    void sync_coalesced() { ++syncs_coalesced_; }  // a sync beyond the burst: one snapshot later answers it
    void frame_rejected() { ++frames_rejected_; }       // oversized frame, flood, bad origin ...
    // Latency from the room taking the command to its diffs being queued for every recipient.
    void command_accepted(std::chrono::nanoseconds latency);
    void command_rejected(std::string_view reason);      // an error code name
    void bot_decision() { ++bot_decisions_; }               // a bot's command applied
    void bot_decision_dropped() { ++bot_decisions_dropped_; }  // stale: the room moved on while it thought
    void bot_takeover() { ++bot_takeovers_; }               // a bot began playing a disconnected player's seat

    // The data file's counters (writes, transactions, failures) join the export; the hub sets it.
    void watch_store(std::shared_ptr<store::Store> store);
    // How many turn-based rooms sleep in the data file right now (the hub's registry counts them).
    void watch_sleeping(std::function<std::size_t()> count) { sleeping_ = std::move(count); }

    std::string prometheus() const;

    // Bucket upper bounds in microseconds; the last bucket is +Inf.
    static constexpr std::array<std::uint64_t, 12> kLatencyBucketsUs{50, 100, 250, 500, 1000, 2500, 5000,
                                                                      10000, 25000, 50000, 100000, 250000};

private:
    std::function<std::size_t()> sleeping_;
    std::atomic<std::int64_t> rooms_{0}, connections_{0}, send_queue_bytes_{0};
    std::atomic<std::uint64_t> syncs_coalesced_{0};
    std::atomic<std::uint64_t> send_queue_drops_{0}, frames_rejected_{0}, commands_{0}, latency_sum_ns_{0};
    std::atomic<std::uint64_t> bot_decisions_{0}, bot_decisions_dropped_{0}, bot_takeovers_{0};
    std::array<std::atomic<std::uint64_t>, kLatencyBucketsUs.size() + 1> latency_buckets_{};
    mutable std::mutex rejected_mutex_;
    std::map<std::string, std::uint64_t, std::less<>> rejected_;
    std::shared_ptr<store::Store> store_;  // set once, before the server serves
};

}  // namespace catan::room
