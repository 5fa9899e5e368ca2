// Readings from /proc: the server's CPU time and memory, the machine's busy time, the kernel's slab,
// and which process listens on a port (so --pid may be left out).
#include <dirent.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "load_gen.hpp"

namespace loadgen {

ProcSample sample_proc(int pid) {
    ProcSample s;
    s.at_ns = now_ns();
    if (pid <= 0) return s;
    {
        std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
        std::string line;
        if (!std::getline(f, line)) return s;
        const auto close = line.rfind(')');
        if (close == std::string::npos) return s;
        std::istringstream in(line.substr(close + 2));
        std::string field;
        unsigned long long utime = 0, stime = 0;
        // after ')': state(3) ppid(4) ... utime(14) stime(15)
        for (int i = 3; i <= 15 && in >> field; ++i) {
            if (i == 14) utime = std::stoull(field);
            if (i == 15) stime = std::stoull(field);
        }
        s.cpu_s = static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
    }
    {
        std::ifstream f("/proc/" + std::to_string(pid) + "/status");
        std::string line;
        while (std::getline(f, line)) {
            if (line.rfind("VmRSS:", 0) == 0) s.rss_kb = std::stol(line.substr(6));
            else if (line.rfind("VmHWM:", 0) == 0) s.hwm_kb = std::stol(line.substr(6));
            else if (line.rfind("Threads:", 0) == 0) s.threads = std::stoi(line.substr(8));
        }
    }
    s.ok = true;
    return s;
}

// To tell how much other work shared the machine, and how much of it the host's other guests took.
SystemCpu system_cpu() {
    std::ifstream f("/proc/stat");
    std::string cpu;
    unsigned long long v[8] = {};  // user nice system idle iowait irq softirq steal
    f >> cpu;
    for (auto& x : v) f >> x;
    const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
    return {static_cast<double>(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) / tick, static_cast<double>(v[7]) / tick};
}

double self_cpu_s() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + 1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// The kernel's slab memory (KiB, /proc/meminfo "Slab"), where socket structures and their buffers' metadata
// live. System-wide: the delta over a run counts both ends of every loopback connection.
long slab_kib() {
    std::ifstream f("/proc/meminfo");
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind("Slab:", 0) == 0) return std::stol(line.substr(5));
    }
    return -1;
}

// The process listening on 127.0.0.1:port (or any address), via /proc/net/tcp and /proc/*/fd.
int find_pid_by_port(int port) {
    std::vector<std::string> inodes;
    for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
        std::ifstream f(table);
        std::string line;
        std::getline(f, line);
        while (std::getline(f, line)) {
            std::istringstream in(line);
            std::string sl, local, remote, st, queues, timer, retr, uid, timeout, inode;
            in >> sl >> local >> remote >> st >> queues >> timer >> retr >> uid >> timeout >> inode;
            const auto colon = local.rfind(':');
            if (colon == std::string::npos || st != "0A") continue;
            if (std::stoi(local.substr(colon + 1), nullptr, 16) == port) inodes.push_back("socket:[" + inode + "]");
        }
    }
    if (inodes.empty()) return 0;
    DIR* proc = opendir("/proc");
    if (!proc) return 0;
    int found = 0;
    while (dirent* e = readdir(proc)) {
        const int pid = std::atoi(e->d_name);
        if (pid <= 0 || pid == getpid()) continue;
        const std::string fd_dir = "/proc/" + std::to_string(pid) + "/fd";
        DIR* fds = opendir(fd_dir.c_str());
        if (!fds) continue;
        while (dirent* fd = readdir(fds)) {
            char target[128];
            const std::string path = fd_dir + "/" + fd->d_name;
            const ssize_t n = readlink(path.c_str(), target, sizeof target - 1);
            if (n <= 0) continue;
            target[n] = 0;
            if (std::find(inodes.begin(), inodes.end(), target) != inodes.end()) {
                found = pid;
                break;
            }
        }
        closedir(fds);
        if (found) break;
    }
    closedir(proc);
    return found;
}

}  // namespace loadgen
