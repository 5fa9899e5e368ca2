#pragma once
// What the load generator's parts share apart from the sockets (those are in connections.hpp): the
// options, the counters the main thread and the workers exchange, the latency histogram behind the
// progress lines, each worker's statistics and the /proc readings. No Boost here, so the parts that
// only count or read /proc compile without it.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace loadgen {

using Clock = std::chrono::steady_clock;

inline std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

// ---------------------------------------------------------------------------------------------------
// Options (options.cpp)

struct Options {
    std::string mode;
    std::string host = "127.0.0.1";
    int port = 0;
    int pid = 0;
    int threads = 2;
    std::uint64_t seed = 1;
    double duration = 60;
    double warmup = 5;
    double drain = 5;
    double setup_timeout = 300;
    std::string origin;
    // play
    int rooms = 100;
    double rate = 0;  // commands per second per room; 0: as fast as possible
    int setup_concurrency = 256;
    double client_rate = 18;   // messages per second per connection (the server allows 20, bursts of 40)
    double client_burst = 30;
    int max_commands_per_game = 5000;
    double stall_ms = 30000;
    int replay_clients = 0;  // HTTP clients asking for the first room's replay record over and over
    // Through a proxy that routes by room code (docs/cluster.md): the first client creates the room on
    // /ws, the other three connect to /ws?room=CODE (&node=NAME when the proxy named the first one's
    // server in `node_header` of its 101 answer) and join; a room_elsewhere answer is retried as it says.
    bool route_by_room = false;
    std::string node_header = "X-Served-By";
    // Commands printing CPU seconds used so far (e.g. bench/pg_bench_server.sh cpu DIR), read at the
    // start and end of the measured window: NAME=COMMAND, reported as NAME_cpu_pct and NAME_us_per_cmd.
    std::vector<std::string> cpu_probes;
    int chatters = 0;       // extra connections per room that spectate and flood chat (a chat flood)
    double chat_rate = 16;  // chat lines per second per chatter
    // idle
    int idle = 1000;
    std::string idle_kind = "seat";
    int spectators_per_room = 50;
    double settle = 3;
    double progress = 0;  // seconds between progress lines on stderr; 0: none
    // echo
    int connections = 100;
    int size = 64;
};

// Written once by parse_options before any worker thread starts, only read afterwards: no lock needed.
extern Options g_opt;

// Fills g_opt from the command line. Returns -1 to go on, or the exit code to return from main (after
// --help, or with the message for an option that is missing or out of range already printed).
int parse_options(int argc, char** argv);

// ---------------------------------------------------------------------------------------------------
// Shared progress, main thread <-> workers (counters.cpp)

extern std::atomic<int> g_ready;        // rooms (or idle/echo connections) fully set up
extern std::atomic<int> g_failed;       // setups that failed
extern std::atomic<int> g_inflight;     // commands sent and not yet seen by all 4 clients
extern std::atomic<bool> g_go;          // rooms may start playing
extern std::atomic<bool> g_stop;        // no new commands
extern std::atomic<std::int64_t> g_window_start;
extern std::atomic<std::int64_t> g_window_end;
extern std::atomic<std::uint64_t> g_room_serial;
extern std::atomic<std::uint64_t> g_pings;  // pings received from the server (Beast answers them)
extern const std::int64_t g_start_ns;       // when the process started, for the progress lines' clock

// Whether t falls in the measured window (it is closed only once the measurement ends).
inline bool in_window(std::int64_t t) {
    return t >= g_window_start.load(std::memory_order_relaxed) && t < g_window_end.load(std::memory_order_relaxed);
}

// A log-scale latency histogram (8 buckets per power of two of microseconds) shared by the workers, read
// by the main thread for the progress lines.
constexpr int kHistBuckets = 8 * 34;
extern std::array<std::atomic<std::uint64_t>, kHistBuckets> g_hist;
inline int hist_bucket(std::uint64_t ns) {
    const std::uint64_t us = ns / 1000 + 1;
    const int log = 63 - __builtin_clzll(us);
    const int sub = log >= 3 ? static_cast<int>((us >> (log - 3)) & 7) : static_cast<int>((us << (3 - log)) & 7);
    return std::min(kHistBuckets - 1, log * 8 + sub);
}
double hist_upper_us(int b);  // the bucket's upper bound in microseconds

// What one worker counted; each worker writes only its own, the main thread merges them at the end.
struct Stats {
    std::vector<std::uint64_t> latencies_ns;  // commands sent in the window, completed
    std::vector<std::uint64_t> target_latencies_ns;  // the same for the room whose replay is hammered (not in the above)
    std::uint64_t sent_in_window = 0;
    std::uint64_t completed_in_window = 0;
    std::uint64_t commands_total = 0;
    std::uint64_t errors = 0;
    std::map<std::string, std::uint64_t> error_codes;
    std::vector<std::string> error_samples;
    std::uint64_t gaps = 0;
    std::uint64_t stalls = 0;
    std::uint64_t disconnects = 0;
    std::uint64_t setup_failures = 0;
    std::uint64_t games_finished = 0;
    std::uint64_t games_capped = 0;
    std::uint64_t rooms_created = 0;
    std::uint64_t throttled = 0;
    std::uint64_t elsewhere_retries = 0;  // --route-by-room: joins answered room_elsewhere and tried again
    std::uint64_t late = 0;  // paced sends that went out over a period behind schedule
    std::uint64_t chat_sent = 0, chat_refused = 0, chat_received = 0;  // by chatters, in the window
    std::uint64_t messages_received = 0;
    std::uint64_t bytes_received = 0;
    std::uint64_t bytes_in_window = 0;
    std::uint64_t messages_in_window = 0;
    std::vector<std::string> notes;

    // Counts an `error` answer and keeps the first few, with what was sent, for the report.
    void error(std::string_view code, std::string_view text, std::string_view context);
    void note(std::string s);
    void merge(const Stats& s);
};

// The q-quantile of sorted latencies, in microseconds (0 when there are none).
double pct(const std::vector<std::uint64_t>& sorted_ns, double q);

// ---------------------------------------------------------------------------------------------------
// /proc readings (proc_readings.cpp)

struct ProcSample {
    bool ok = false;
    double cpu_s = 0;       // utime + stime
    long rss_kb = 0;        // VmRSS
    long hwm_kb = 0;        // VmHWM
    int threads = 0;
    std::int64_t at_ns = 0;
};

ProcSample sample_proc(int pid);
// CPU seconds of the whole machine (/proc/stat): busy (all but idle and iowait), and of those the time
// the hypervisor gave this virtual machine's CPUs to someone else (steal).
struct SystemCpu {
    double busy_s = 0;
    double steal_s = 0;
};
SystemCpu system_cpu();
double self_cpu_s();
long slab_kib();
int find_pid_by_port(int port);

}  // namespace loadgen
