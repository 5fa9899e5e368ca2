// load_gen: a load generator for catan-server (bench/run_load.sh), and an echo client for the
// bare Beast baseline. Loopback only. Every run is bounded in time and stops by itself.
//
//   load_gen play --port P --rooms R [--rate X] --duration S   R rooms x 4 seated bots play random games
//   load_gen idle --port P --idle N [--idle-kind seat|spectate|bare]   N connections that sit idle
//   load_gen echo --port P --connections 100 --size 64         closed-loop echo (beast_echo baseline)
//
// Play: each room is created over the socket (create_room with a seed: the server must run with the
// test flag --allow-client-seeds, or every create_room is refused), 4 clients join (the first with
// the host key) and the host starts. Whenever every client of a room has seen the same sequence number,
// the lowest seat whose `legal` lists commands acts: a uniform choice among its listed commands (domestic
// trade offers are never listed, so none are made; at most one bank trade per turn keeps games short).
// One command per room is in flight. Its latency runs from sending it to the moment the LAST of the
// room's 4 connections has received an update with the new sequence number. With --rate the room
// sends at most that many commands per second (fixed schedule, random phase); without it, as soon as
// it may, within the server's per-connection rate limit (20 messages/s, bursts of 40: load_gen keeps
// each connection under --client-rate 18/s with bursts of --client-burst 30, so no command is refused
// as rate_limited). Finished games are replaced by a new room. Any `error` answer is counted and shown:
// it is a bug in the generator or the server. The server's CPU time and resident memory are read from
// /proc/<pid> (pid given, or found from the listening port); /proc/stat tells how much CPU everything
// else on the machine used meanwhile.
//
// Threads: --threads io_contexts, one thread each; a room and its 4 clients live on one of them, so a
// room's bookkeeping needs no locks. Output: a readable report, then one `RESULT key=value ...` line;
// --progress N adds a line every N seconds on stderr (commands/s, p50/p99 of that interval).
//
// This file runs one measurement (set up, warm up, measure, drain, report). The parts it drives:
// options.cpp (command line), counters.cpp (what workers count), ws_client.cpp (one connection),
// room.cpp (a room of bots), bare_and_echo.cpp (idle bare and echo connections), worker.cpp (one
// io_context thread), proc_readings.cpp (server CPU and memory); shared declarations in load_gen.hpp
// and connections.hpp.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "connections.hpp"
#include "replay_hammer.hpp"

namespace loadgen {
namespace {

void sleep_s(double s) { std::this_thread::sleep_for(std::chrono::duration<double>(s)); }

// Sleeps `seconds`, printing to stderr every --progress seconds the commands completed in that interval
// with their median and 99th percentile (bucket upper bounds), so a run's dynamics can be seen.
void sleep_with_progress(double seconds, const char* phase) {
    const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    std::array<std::uint64_t, kHistBuckets> last{};
    for (int b = 0; b < kHistBuckets; ++b) last[static_cast<std::size_t>(b)] = g_hist[static_cast<std::size_t>(b)].load();
    auto t0 = Clock::now();
    std::uint64_t pings = g_pings.load();
    while (Clock::now() < end) {
        const double step = g_opt.progress > 0 ? g_opt.progress : seconds;
        sleep_s(std::min(step, std::chrono::duration<double>(end - Clock::now()).count()));
        if (g_opt.progress <= 0) continue;
        std::array<std::uint64_t, kHistBuckets> d{};
        std::uint64_t n = 0;
        for (std::size_t b = 0; b < d.size(); ++b) {
            const std::uint64_t v = g_hist[b].load();
            d[b] = v - last[b];
            last[b] = v;
            n += d[b];
        }
        auto quantile = [&](double q) {
            std::uint64_t acc = 0;
            for (int b = 0; b < kHistBuckets; ++b) {
                acc += d[static_cast<std::size_t>(b)];
                if (n > 0 && static_cast<double>(acc) >= q * static_cast<double>(n)) return hist_upper_us(b);
            }
            return 0.0;
        };
        const auto t1 = Clock::now();
        const std::uint64_t p = g_pings.load();
        const double rate = static_cast<double>(n) / std::chrono::duration<double>(t1 - t0).count();
        std::fprintf(stderr, "  %6.1f s %s: %.0f commands/s  p50 <= %.0f us  p99 <= %.0f us  in flight %d  pings %" PRIu64 "\n",
                     static_cast<double>(now_ns() - g_start_ns) / 1e9, phase, rate, quantile(0.5), quantile(0.99),
                     g_inflight.load(), p - pings);
        t0 = t1;
        pings = p;
    }
}

// Waits until `target` setups are done (or failed), at most `timeout` seconds. Returns seconds taken.
double wait_ready(int target, double timeout) {
    const auto start = Clock::now();
    int last_print = -1;
    while (g_ready.load() + g_failed.load() < target) {
        const double el = std::chrono::duration<double>(Clock::now() - start).count();
        if (el > timeout) break;
        const int secs = static_cast<int>(el);
        if (secs % 5 == 0 && secs != last_print && secs > 0) {
            last_print = secs;
            std::fprintf(stderr, "  setup: %d of %d ready, %d failed after %d s\n", g_ready.load(), target, g_failed.load(), secs);
        }
        sleep_s(0.02);
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
}


// --cpu-probe NAME=COMMAND: COMMAND's output, the CPU seconds some other process (or processes) used so
// far; -1 when it printed nothing usable.
double read_probe(const std::string& probe) {
    const std::string command = probe.substr(probe.find('=') + 1);
    FILE* p = ::popen(command.c_str(), "r");
    if (!p) return -1;
    double v = -1;
    if (std::fscanf(p, "%lf", &v) != 1) v = -1;
    ::pclose(p);
    return v;
}
std::vector<double> read_probes() {
    std::vector<double> out;
    for (const auto& probe : g_opt.cpu_probes) out.push_back(read_probe(probe));
    return out;
}

int run() {
    const Options& o = g_opt;
    for (const auto& probe : o.cpu_probes) {
        if (probe.find('=') == std::string::npos || probe.find('=') == 0) {
            std::fprintf(stderr, "load_gen: --cpu-probe wants NAME=COMMAND (got %s)\n", probe.c_str());
            return 2;
        }
    }
    beast::error_code ec;
    const auto address = net::ip::make_address(o.host, ec);
    if (ec || !address.is_loopback()) {
        std::fprintf(stderr, "load_gen: --host must be a loopback address (got %s)\n", o.host.c_str());
        return 2;
    }
    g_endpoint = tcp::endpoint(address, static_cast<unsigned short>(o.port));
    const int pid = o.pid > 0 ? o.pid : find_pid_by_port(o.port);
    if (pid <= 0) std::fprintf(stderr, "load_gen: server pid not found for port %d; no CPU/memory figures\n", o.port);

    rlimit nofile{};
    getrlimit(RLIMIT_NOFILE, &nofile);
    const long needed = (o.mode == "play" ? 4L * o.rooms : o.mode == "idle" ? o.idle : o.connections) + 64;
    if (static_cast<long>(nofile.rlim_cur) < needed) {
        std::fprintf(stderr, "load_gen: open-file limit %ld < %ld needed; raise ulimit -n\n", static_cast<long>(nofile.rlim_cur), needed);
        return 2;
    }

    const ProcSample empty = sample_proc(pid);
    const long slab_before = slab_kib();
    std::printf("load_gen %s against %s:%d (pid %d), %d threads\n", o.mode.c_str(), o.host.c_str(), o.port, pid, o.threads);
    std::printf("  server before: RSS %ld KiB, %d threads\n", empty.rss_kb, empty.threads);

    std::vector<std::unique_ptr<Worker>> workers;
    for (int i = 0; i < o.threads; ++i) {
        workers.push_back(std::make_unique<Worker>(i));
        workers.back()->setup_limit = std::max(1, o.setup_concurrency / o.threads);
    }
    std::vector<std::unique_ptr<Bare>> bares;
    std::vector<std::unique_ptr<Echo>> echoes;
    int target = 0;
    int connections = 0;
    int rooms = 0;

    if (o.mode == "play" || (o.mode == "idle" && o.idle_kind != "bare")) {
        Room::Kind kind = Room::Kind::Play;
        int per_room = 4;
        int nrooms = o.rooms;
        if (o.mode == "idle") {
            kind = o.idle_kind == "spectate" ? Room::Kind::IdleSpectate : Room::Kind::IdleSeat;
            per_room = kind == Room::Kind::IdleSpectate ? o.spectators_per_room : 4;
            nrooms = (o.idle + per_room - 1) / per_room;
        }
        for (int i = 0; i < nrooms; ++i) {
            Worker& w = *workers[static_cast<std::size_t>(i % o.threads)];
            const int n = std::min(per_room, (o.mode == "idle" ? o.idle - i * per_room : per_room));
            w.rooms.push_back(std::make_shared<Room>(w, kind, n));
            connections += n;
        }
        rooms = nrooms;
        target = nrooms;
        if (o.mode == "play" && o.replay_clients > 0) workers[0]->rooms[0]->replay_target = true;
        for (auto& w : workers) {
            Worker* wp = w.get();
            net::post(wp->ioc, [wp] {
                for (auto& r : wp->rooms) {
                    auto keep = r;
                    wp->request_setup(keep);
                }
                wp->start_tick();
            });
        }
    } else if (o.mode == "idle") {  // bare
        for (auto& w : workers) bares.push_back(std::make_unique<Bare>(*w));
        for (int i = 0; i < o.idle; ++i) {
            const auto k = static_cast<std::size_t>(i % o.threads);
            bares[k]->add(std::make_shared<Client>(*workers[k], bares[k].get(), i));
        }
        connections = target = o.idle;
        for (std::size_t k = 0; k < bares.size(); ++k) {
            Bare* b = bares[k].get();
            net::post(workers[k]->ioc, [b] { b->start(); });
        }
    } else if (o.mode == "echo") {
        for (int i = 0; i < o.threads; ++i) {
            const int n = o.connections / o.threads + (i < o.connections % o.threads ? 1 : 0);
            echoes.push_back(std::make_unique<Echo>(*workers[static_cast<std::size_t>(i)], n));
        }
        connections = target = o.connections;
        for (std::size_t i = 0; i < echoes.size(); ++i) {
            Echo* e = echoes[i].get();
            net::post(workers[i]->ioc, [e] { e->start(); });
        }
    } else {
        std::fprintf(stderr, "load_gen: unknown mode %s\n", o.mode.c_str());
        return 2;
    }

    std::vector<std::thread> threads;
    std::vector<net::executor_work_guard<net::io_context::executor_type>> guards;
    for (auto& w : workers) {
        guards.push_back(net::make_work_guard(w->ioc));
        Worker* wp = w.get();
        threads.emplace_back([wp] { wp->ioc.run(); });
    }

    const double setup_s = wait_ready(target, o.setup_timeout);
    std::printf("  setup: %d of %d %s ready, %d failed, in %.1f s\n", g_ready.load(), target,
                o.mode == "play" || (o.mode == "idle" && o.idle_kind != "bare") ? "rooms" : "connections", g_failed.load(), setup_s);

    std::unique_ptr<ReplayHammer> hammer;
    if (o.mode == "play" && o.replay_clients > 0) hammer = std::make_unique<ReplayHammer>(o.replay_clients);
    ProcSample before{}, after{};
    std::vector<double> probes0, probes1;
    double self0 = 0, self1 = 0;
    SystemCpu sys0{}, sys1{};
    long slab_after = -1;
    if (o.mode == "idle") {
        sleep_s(o.settle);
        before = sample_proc(pid);
        self0 = self_cpu_s();
        sys0 = system_cpu();
        slab_after = slab_kib();
        sleep_s(o.duration);
        after = sample_proc(pid);
        self1 = self_cpu_s();
        sys1 = system_cpu();
    } else {
        if (o.mode == "play") {
            g_go.store(true);
            for (auto& w : workers) {
                Worker* wp = w.get();
                net::post(wp->ioc, [wp] {
                    for (std::size_t i = 0; i < wp->rooms.size(); ++i) {
                        auto keep = wp->rooms[i];
                        keep->go();
                    }
                });
            }
        }
        if (hammer) hammer->start();  // with the warm-up: the window sees the hammering in its steady state
        sleep_with_progress(o.warmup, "warm-up");
        probes0 = read_probes();
        before = sample_proc(pid);
        self0 = self_cpu_s();
        sys0 = system_cpu();
        g_window_start.store(now_ns());
        sleep_with_progress(o.duration, "measured");
        g_window_end.store(now_ns());
        g_stop.store(true);
        after = sample_proc(pid);
        self1 = self_cpu_s();
        sys1 = system_cpu();
        probes1 = read_probes();
        slab_after = slab_kib();
        const auto drain_start = Clock::now();
        while (g_inflight.load() > 0 && std::chrono::duration<double>(Clock::now() - drain_start).count() < o.drain) sleep_s(0.01);
    }

    for (auto& w : workers) w->ioc.stop();
    for (auto& t : threads) t.join();
    if (hammer) hammer->stop();

    Stats all;
    for (auto& w : workers) all.merge(w->stats);
    std::sort(all.latencies_ns.begin(), all.latencies_ns.end());
    std::sort(all.target_latencies_ns.begin(), all.target_latencies_ns.end());
    const double window_s = static_cast<double>(g_window_end.load() - g_window_start.load()) / 1e9;
    const double measured_s = static_cast<double>(after.at_ns - before.at_ns) / 1e9;
    const double server_cpu = (after.ok && before.ok && measured_s > 0) ? 100.0 * (after.cpu_s - before.cpu_s) / measured_s : -1;
    const double self_cpu = measured_s > 0 ? 100.0 * (self1 - self0) / measured_s : -1;
    // Everything else that ran meanwhile (other processes, and kernel work not charged to either).
    const double other_cpu = measured_s > 0 && server_cpu >= 0 ? 100.0 * (sys1.busy_s - sys0.busy_s) / measured_s - server_cpu - self_cpu : -1;
    // Part of "other": CPU time this machine's processes were ready for but the host ran another
    // guest; runs with much of it are not comparable with quiet ones (docs/performance.md).
    const double steal_cpu = measured_s > 0 ? 100.0 * (sys1.steal_s - sys0.steal_s) / measured_s : -1;
    const long delta_kb = after.rss_kb - empty.rss_kb;
    const double per_conn_kib = connections > 0 ? static_cast<double>(delta_kb) / connections : 0;
    const double per_room_kib = rooms > 0 ? static_cast<double>(delta_kb) / rooms : 0;
    // One connection is two sockets on loopback (ours and the server's): half the slab delta per connection.
    const double kernel_kib_per_socket = (slab_before >= 0 && slab_after >= 0 && connections > 0)
                                             ? static_cast<double>(slab_after - slab_before) / 2.0 / connections
                                             : -1;

    std::string result = "RESULT mode=" + o.mode;
    auto add = [&](const char* key, double v, int decimals) {
        char buf[64];
        std::snprintf(buf, sizeof buf, " %s=%.*f", key, decimals, v);
        result += buf;
    };
    add("connections", connections, 0);
    add("ready", g_ready.load(), 0);
    add("setup_failed", g_failed.load(), 0);
    add("setup_s", setup_s, 1);
    if (o.mode == "play") {
        const double cps = window_s > 0 ? static_cast<double>(all.completed_in_window) / window_s : 0;
        std::printf("  rooms %d, rate %s, window %.1f s\n", o.rooms, o.rate > 0 ? (std::to_string(o.rate) + " cmd/s/room").c_str() : "as fast as possible", window_s);
        std::printf("  commands: %" PRIu64 " sent, %" PRIu64 " completed in the window: %.0f commands/s\n", all.sent_in_window, all.completed_in_window, cps);
        std::printf("  latency send -> last of 4 recipients: p50 %.0f us  p90 %.0f us  p99 %.0f us  p999 %.0f us  max %.0f us\n",
                    pct(all.latencies_ns, 0.5), pct(all.latencies_ns, 0.9), pct(all.latencies_ns, 0.99), pct(all.latencies_ns, 0.999),
                    all.latencies_ns.empty() ? 0.0 : static_cast<double>(all.latencies_ns.back()) / 1e3);
        std::printf("  messages received in the window: %.0f/s, %.1f MB/s\n", static_cast<double>(all.messages_in_window) / window_s,
                    static_cast<double>(all.bytes_in_window) / window_s / 1e6);
        std::printf("  games finished %" PRIu64 ", capped %" PRIu64 ", rooms created %" PRIu64 ", commands overall %" PRIu64 "\n",
                    all.games_finished, all.games_capped, all.rooms_created, all.commands_total);
        std::printf("  throttled by the client-side rate limit %" PRIu64 ", sends behind schedule %" PRIu64 "\n", all.throttled, all.late);
        if (hammer) {
            const ReplayCounts rc = hammer->counts();
            const auto& tl = all.target_latencies_ns;
            std::printf("  the room whose replay %d clients ask for: %zu commands in the window, p50 %.0f us  p99 %.0f us  max %.0f us"
                        " (the latency above is of the other rooms)\n",
                        o.replay_clients, tl.size(), pct(tl, 0.5), pct(tl, 0.99), tl.empty() ? 0.0 : static_cast<double>(tl.back()) / 1e3);
            std::printf("  replay answers: %" PRIu64 " records (%.1f MB, p50 %.1f ms, p99 %.1f ms), %" PRIu64 " refused (429/503), %" PRIu64
                        " other, %" PRIu64 " failed connections\n",
                        rc.ok, static_cast<double>(rc.bytes) / 1e6, rc.ok_p50_ms, rc.ok_p99_ms, rc.refused, rc.other, rc.failures);
            add("target_commands", static_cast<double>(tl.size()), 0);
            add("target_p50_us", pct(tl, 0.5), 0);
            add("target_p99_us", pct(tl, 0.99), 0);
            add("target_max_us", tl.empty() ? 0.0 : static_cast<double>(tl.back()) / 1e3, 0);
            add("replay_ok", static_cast<double>(rc.ok), 0);
            add("replay_refused", static_cast<double>(rc.refused), 0);
            add("replay_other", static_cast<double>(rc.other), 0);
            add("replay_mb", static_cast<double>(rc.bytes) / 1e6, 1);
            add("replay_p50_ms", rc.ok_p50_ms, 1);
            add("replay_p99_ms", rc.ok_p99_ms, 1);
        }
        if (o.chatters > 0) {
            std::printf("  chat flood: %d chatters per room at %.1f lines/s each: %.0f lines/s sent, %.0f/s refused, %.0f/s received per chatter\n",
                        o.chatters, o.chat_rate, static_cast<double>(all.chat_sent) / window_s, static_cast<double>(all.chat_refused) / window_s,
                        static_cast<double>(all.chat_received) / window_s / (o.chatters * o.rooms));
            add("chat_sent_per_s", static_cast<double>(all.chat_sent) / window_s, 0);
            add("chat_refused_per_s", static_cast<double>(all.chat_refused) / window_s, 0);
        }
        add("rooms", o.rooms, 0);
        add("rate", o.rate, 2);
        add("window_s", window_s, 1);
        add("commands", static_cast<double>(all.completed_in_window), 0);
        add("cmds_per_s", cps, 1);
        add("p50_us", pct(all.latencies_ns, 0.5), 0);
        add("p90_us", pct(all.latencies_ns, 0.9), 0);
        add("p99_us", pct(all.latencies_ns, 0.99), 0);
        add("p999_us", pct(all.latencies_ns, 0.999), 0);
        add("max_us", all.latencies_ns.empty() ? 0.0 : static_cast<double>(all.latencies_ns.back()) / 1e3, 0);
        add("msgs_per_s", static_cast<double>(all.messages_in_window) / window_s, 0);
        add("games_finished", static_cast<double>(all.games_finished), 0);
        add("throttled", static_cast<double>(all.throttled), 0);
        add("late", static_cast<double>(all.late), 0);
        if (o.route_by_room) {
            std::printf("  routed by room code: %" PRIu64 " joins answered room_elsewhere and tried again\n", all.elsewhere_retries);
            add("elsewhere_retries", static_cast<double>(all.elsewhere_retries), 0);
        }
        for (std::size_t i = 0; i < probes0.size() && i < probes1.size(); ++i) {
            const std::string name = o.cpu_probes[i].substr(0, o.cpu_probes[i].find('='));
            if (probes0[i] < 0 || probes1[i] < 0 || measured_s <= 0) {
                std::printf("  %s: no CPU reading\n", name.c_str());
                continue;
            }
            const double used = probes1[i] - probes0[i];
            const double us_per_cmd = all.completed_in_window > 0 ? 1e6 * used / static_cast<double>(all.completed_in_window) : 0;
            std::printf("  %s: CPU %.1f%% of one core, %.1f us per command\n", name.c_str(), 100.0 * used / measured_s, us_per_cmd);
            add((name + "_cpu_pct").c_str(), 100.0 * used / measured_s, 1);
            add((name + "_us_per_cmd").c_str(), us_per_cmd, 1);
        }
        if (server_cpu > 0) {
            const double per_core = cps / (server_cpu / 100.0);
            std::printf("  commands/s per server core: %.0f (x4 recipients: %.0f messages/s per core)\n", per_core, 4 * per_core);
            add("cmds_per_core_s", per_core, 0);
        }
    } else if (o.mode == "echo") {
        const double mps = window_s > 0 ? static_cast<double>(all.completed_in_window) / window_s : 0;
        std::printf("  echo: %d connections x %d-byte messages, window %.1f s: %.0f messages/s\n", o.connections, o.size, window_s, mps);
        std::printf("  round trip under load: p50 %.0f us  p99 %.0f us\n", pct(all.latencies_ns, 0.5), pct(all.latencies_ns, 0.99));
        add("msgs_per_s", mps, 0);
        add("p50_us", pct(all.latencies_ns, 0.5), 0);
        add("p99_us", pct(all.latencies_ns, 0.99), 0);
        if (server_cpu > 0) add("msgs_per_core_s", mps / (server_cpu / 100.0), 0);
    }
    std::printf("  server: CPU %.1f%% of one core over %.1f s; RSS empty %ld KiB, now %ld KiB (delta %ld KiB), peak %ld KiB\n",
                server_cpu, measured_s, empty.rss_kb, after.rss_kb, delta_kb, after.hwm_kb);
    if (rooms > 0) std::printf("  server RSS per room: %.1f KiB\n", per_room_kib);
    std::printf("  server RSS per connection: %.1f KiB (%d connections)\n", per_conn_kib, connections);
    if (kernel_kib_per_socket >= 0)
        std::printf("  kernel slab per socket (system-wide delta / 2 ends / connections): %.1f KiB\n", kernel_kib_per_socket);
    std::printf("  load_gen: CPU %.1f%% of one core; everything else on the machine: %.1f%% of one core (of %ld), of which "
                "stolen by the host's other guests: %.1f%%\n",
                self_cpu, other_cpu, sysconf(_SC_NPROCESSORS_ONLN) * 100, steal_cpu);
    std::printf("  errors %" PRIu64, all.errors);
    for (auto& [k, v] : all.error_codes) std::printf(" %s=%" PRIu64, k.c_str(), v);
    std::printf(", gaps %" PRIu64 ", stalls %" PRIu64 ", disconnects %" PRIu64 ", failed rooms/setups %" PRIu64 "\n", all.gaps, all.stalls,
                all.disconnects, all.setup_failures);
    for (auto& e : all.error_samples) std::printf("  error: %s\n", e.c_str());
    for (auto& n : all.notes) std::printf("  note: %s\n", n.c_str());
    add("server_cpu_pct", server_cpu, 1);
    add("loadgen_cpu_pct", self_cpu, 1);
    add("other_cpu_pct", other_cpu, 1);
    add("steal_cpu_pct", steal_cpu, 1);
    add("rss_empty_kib", static_cast<double>(empty.rss_kb), 0);
    add("rss_kib", static_cast<double>(after.rss_kb), 0);
    add("rss_peak_kib", static_cast<double>(after.hwm_kb), 0);
    add("rss_per_room_kib", per_room_kib, 2);
    add("rss_per_conn_kib", per_conn_kib, 2);
    add("kernel_kib_per_socket", kernel_kib_per_socket, 2);
    add("errors", static_cast<double>(all.errors), 0);
    add("gaps", static_cast<double>(all.gaps), 0);
    add("stalls", static_cast<double>(all.stalls), 0);
    add("disconnects", static_cast<double>(all.disconnects), 0);
    add("failures", static_cast<double>(all.setup_failures), 0);
    std::printf("%s\n", result.c_str());
    std::fflush(stdout);
    // Thousands of sockets close with the process; skip destructors that would only do the same.
    std::_Exit(all.errors == 0 && all.setup_failures == 0 && g_failed.load() == 0 ? 0 : 1);
}


}  // namespace
}  // namespace loadgen

int main(int argc, char** argv) {
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // progress lines reach a log file as they happen
    if (const int code = loadgen::parse_options(argc, argv); code >= 0) return code;
    return loadgen::run();
}
