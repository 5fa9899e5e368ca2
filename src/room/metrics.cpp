#include "catan/room/metrics.hpp"

#include <cstdio>

#include "catan/store/store.hpp"

namespace catan::room {

void Metrics::command_accepted(std::chrono::nanoseconds latency) {
    ++commands_;
    const auto ns = static_cast<std::uint64_t>(latency.count() < 0 ? 0 : latency.count());
    latency_sum_ns_ += ns;
    std::size_t bucket = 0;
    while (bucket < kLatencyBucketsUs.size() && ns > kLatencyBucketsUs[bucket] * 1000) ++bucket;
    ++latency_buckets_[bucket];  // per-bucket counts; prometheus() makes them cumulative
}

void Metrics::command_rejected(std::string_view reason) {
    const std::lock_guard lock(rejected_mutex_);
    const auto it = rejected_.find(reason);
    if (it != rejected_.end())
        ++it->second;
    else
        rejected_.emplace(std::string(reason), 1);
}

namespace {

void header(std::string& out, const char* name, const char* type, const char* help) {
    out += "# HELP ";
    out += name;
    out += ' ';
    out += help;
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += '\n';
}

template <class T>
void sample(std::string& out, const char* name, T value) {
    out += name;
    out += ' ';
    out += std::to_string(value);
    out += '\n';
}

// Label values are our own error codes, but escape them as the format requires anyway.
std::string label_value(std::string_view v) {
    std::string s;
    for (char c : v) {
        if (c == '\\' || c == '"') s += '\\';
        if (c == '\n') {
            s += "\\n";
            continue;
        }
        s += c;
    }
    return s;
}

// Microseconds as seconds in plain decimal ("0.00005"), the form Prometheus clients print.
std::string seconds_from_us(std::uint64_t us) {
    std::string s = std::to_string(us / 1000000) + "." + std::to_string(1000000 + us % 1000000).substr(1);
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s;
}

}  // namespace

std::string Metrics::prometheus() const {
    std::string out;
    out.reserve(2048);
    header(out, "catan_rooms", "gauge", "Rooms open (lobby, playing or finished).");
    sample(out, "catan_rooms", rooms_.load());
    if (sleeping_) {
        header(out, "catan_rooms_asleep", "gauge", "Turn-based rooms asleep in the data file (out of memory until woken).");
        sample(out, "catan_rooms_asleep", static_cast<std::int64_t>(sleeping_()));
    }
    header(out, "catan_connections", "gauge", "WebSocket connections open.");
    sample(out, "catan_connections", connections_.load());
    header(out, "catan_commands_total", "counter", "Game commands accepted and applied.");
    sample(out, "catan_commands_total", commands_.load());
    header(out, "catan_commands_rejected_total", "counter", "Game commands refused, by error code.");
    {
        const std::lock_guard lock(rejected_mutex_);
        for (const auto& [reason, n] : rejected_)
            out += "catan_commands_rejected_total{reason=\"" + label_value(reason) + "\"} " + std::to_string(n) + "\n";
    }
    header(out, "catan_bot_decisions_total", "counter", "Bot commands applied (bot seats and takeovers).");
    sample(out, "catan_bot_decisions_total", bot_decisions_.load());
    header(out, "catan_bot_decisions_dropped_total", "counter",
           "Bot decisions dropped because the room changed while the bot was thinking.");
    sample(out, "catan_bot_decisions_dropped_total", bot_decisions_dropped_.load());
    header(out, "catan_bot_takeovers_total", "counter", "Times a bot began playing a disconnected player's seat.");
    sample(out, "catan_bot_takeovers_total", bot_takeovers_.load());
    header(out, "catan_send_queue_drops_total", "counter", "Connections closed because they read too slowly.");
    sample(out, "catan_send_queue_drops_total", send_queue_drops_.load());
    header(out, "catan_send_queue_bytes", "gauge", "Bytes waiting in the send queues of all connections.");
    sample(out, "catan_send_queue_bytes", send_queue_bytes_.load());
    header(out, "catan_syncs_coalesced_total", "counter",
           "sync requests beyond a connection's burst, answered by one snapshot when its next is due.");
    sample(out, "catan_syncs_coalesced_total", syncs_coalesced_.load());
    header(out, "catan_frames_rejected_total", "counter", "Frames refused by the gateway (size, flood, origin).");
    sample(out, "catan_frames_rejected_total", frames_rejected_.load());

    header(out, "catan_command_latency_seconds", "histogram",
           "From a room taking a command to its diffs being queued for every recipient.");
    // _count is the sum of the buckets read here, so +Inf always equals _count even while commands
    // are being recorded concurrently.
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < latency_buckets_.size(); ++i) {
        cumulative += latency_buckets_[i].load();
        const std::string le = i < kLatencyBucketsUs.size() ? seconds_from_us(kLatencyBucketsUs[i]) : "+Inf";
        out += "catan_command_latency_seconds_bucket{le=\"" + le + "\"} " + std::to_string(cumulative) + "\n";
    }
    char sum[64];
    std::snprintf(sum, sizeof sum, "%.9f", static_cast<double>(latency_sum_ns_.load()) / 1e9);
    out += "catan_command_latency_seconds_sum ";
    out += sum;
    out += '\n';
    sample(out, "catan_command_latency_seconds_count", cumulative);
    if (store_) {
        const store::Store::Stats s = store_->stats();
        header(out, "catan_store_writes_total", "counter", "Room records, commands and chat lines committed to the data file.");
        sample(out, "catan_store_writes_total", s.writes);
        header(out, "catan_store_commits_total", "counter", "Transactions committed (writes / commits: the average group commit).");
        sample(out, "catan_store_commits_total", s.commits);
        header(out, "catan_store_failed_writes_total", "counter", "Writes the data file refused (their rooms were closed).");
        sample(out, "catan_store_failed_writes_total", s.failed);
        header(out, "catan_store_fenced_writes_total", "counter",
               "Writes not made because another node had taken their room over (a shared PostgreSQL database).");
        sample(out, "catan_store_fenced_writes_total", s.fenced);
        header(out, "catan_store_failing", "gauge", "1 while the data file refuses writes (from a failed commit until one succeeds).");
        sample(out, "catan_store_failing", store_->health().failing ? 1 : 0);
    }
    return out;
}

void Metrics::watch_store(std::shared_ptr<store::Store> store) { store_ = std::move(store); }

}  // namespace catan::room
