// What a run counts: the counters shared between the main thread and the workers, the latency
// histogram behind the progress lines, and each worker's own Stats (merged by the main thread at the end).
#include <cmath>

#include "load_gen.hpp"

namespace loadgen {

std::atomic<int> g_ready{0};
std::atomic<int> g_failed{0};
std::atomic<int> g_inflight{0};
std::atomic<bool> g_go{false};
std::atomic<bool> g_stop{false};
std::atomic<std::int64_t> g_window_start{INT64_MAX};
std::atomic<std::int64_t> g_window_end{INT64_MAX};
std::atomic<std::uint64_t> g_room_serial{0};
std::atomic<std::uint64_t> g_pings{0};
const std::int64_t g_start_ns = now_ns();

std::array<std::atomic<std::uint64_t>, kHistBuckets> g_hist{};

double hist_upper_us(int b) {
    const int log = b / 8, sub = b % 8;
    return std::ldexp(1.0 + (sub + 1) / 8.0, log) - 1;
}

void Stats::error(std::string_view code, std::string_view text, std::string_view context) {
    ++errors;
    ++error_codes[std::string(code)];
    if (error_samples.size() < 8) {
        std::string s(text.substr(0, 400));
        s += "  <- ";
        s += context.substr(0, 400);
        error_samples.push_back(std::move(s));
    }
}

void Stats::note(std::string s) {
    if (notes.size() < 8) notes.push_back(std::move(s));
}

void Stats::merge(const Stats& s) {
    latencies_ns.insert(latencies_ns.end(), s.latencies_ns.begin(), s.latencies_ns.end());
    target_latencies_ns.insert(target_latencies_ns.end(), s.target_latencies_ns.begin(), s.target_latencies_ns.end());
    sent_in_window += s.sent_in_window;
    completed_in_window += s.completed_in_window;
    commands_total += s.commands_total;
    errors += s.errors;
    for (auto& [k, v] : s.error_codes) error_codes[k] += v;
    for (auto& e : s.error_samples) error_samples.push_back(e);
    for (auto& n : s.notes) notes.push_back(n);
    gaps += s.gaps;
    stalls += s.stalls;
    disconnects += s.disconnects;
    setup_failures += s.setup_failures;
    games_finished += s.games_finished;
    games_capped += s.games_capped;
    rooms_created += s.rooms_created;
    throttled += s.throttled;
    late += s.late;
    elsewhere_retries += s.elsewhere_retries;
    chat_sent += s.chat_sent;
    chat_refused += s.chat_refused;
    chat_received += s.chat_received;
    messages_received += s.messages_received;
    bytes_received += s.bytes_received;
    messages_in_window += s.messages_in_window;
    bytes_in_window += s.bytes_in_window;
}

double pct(const std::vector<std::uint64_t>& sorted_ns, double q) {
    if (sorted_ns.empty()) return 0;
    const auto k = std::min(sorted_ns.size() - 1, static_cast<std::size_t>(q * static_cast<double>(sorted_ns.size())));
    return static_cast<double>(sorted_ns[k]) / 1e3;
}

}  // namespace loadgen
