#include "proxy_process.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "raw_http.hpp"
#include "temp_dir.hpp"

namespace catan::nettest {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

std::optional<fs::path> find_program(const std::string& name) {
    std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
    path += ":/usr/local/sbin:/usr/sbin:/sbin:/usr/local/bin:/usr/bin";
    std::size_t start = 0;
    while (start <= path.size()) {
        const auto end = std::min(path.find(':', start), path.size());
        const fs::path candidate = fs::path(path.substr(start, end - start)) / name;
        if (end > start && ::access(candidate.c_str(), X_OK) == 0) return candidate;
        start = end + 1;
    }
    return std::nullopt;
}

fs::path require_program(const std::string& name) {
    if (auto p = find_program(name)) return *p;
    std::printf("SKIP: %s is not installed (scripts/install-deps.sh test installs it)\n", name.c_str());
    std::fflush(stdout);
    std::_Exit(kSkipReturnCode);
}

unsigned short free_port(const char* address) {
    const bool v6 = std::string(address).find(':') != std::string::npos;
    const int fd = ::socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    REQUIRE(fd >= 0);
    sockaddr_storage ss{};
    socklen_t len;
    if (v6) {
        auto* a = reinterpret_cast<sockaddr_in6*>(&ss);
        a->sin6_family = AF_INET6;
        inet_pton(AF_INET6, address, &a->sin6_addr);
        len = sizeof *a;
    } else {
        auto* a = reinterpret_cast<sockaddr_in*>(&ss);
        a->sin_family = AF_INET;
        inet_pton(AF_INET, address, &a->sin_addr);
        len = sizeof *a;
    }
    const bool bound = ::bind(fd, reinterpret_cast<sockaddr*>(&ss), len) == 0;
    unsigned short port = 0;
    if (bound && ::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &len) == 0)
        port = ntohs(v6 ? reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port : reinterpret_cast<sockaddr_in*>(&ss)->sin_port);
    ::close(fd);
    return port;
}

bool ipv6_loopback() { return free_port("::1") != 0; }

bool accepts(unsigned short port) {
    try {
        RawConnection c(port, "127.0.0.1", 500ms);
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

Child::Child(std::vector<std::string> argv, std::vector<std::string> env, fs::path log) : log_(std::move(log)) {
    // Everything the child needs is built before fork (this process has threads): the child only
    // redirects its output and execs.
    std::vector<char*> args, envp;
    for (auto& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    for (auto& e : env) envp.push_back(e.data());
    for (char** e = environ; *e; ++e) {  // the rest of ours, less the names set above
        const std::string_view entry(*e);
        const auto name = entry.substr(0, entry.find('=') + 1);
        if (std::none_of(env.begin(), env.end(), [&](const std::string& mine) { return mine.starts_with(name); }))
            envp.push_back(*e);
    }
    envp.push_back(nullptr);
    const int fd = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    REQUIRE(fd >= 0);
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        ::execve(args[0], args.data(), envp.data());
        std::_Exit(127);
    }
    ::close(fd);
}

bool Child::running() {
    if (pid_ <= 0) return false;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return false;
    }
    return true;
}

void Child::wait_listening(unsigned short port, std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    while (!accepts(port)) {
        if (!running()) throw std::runtime_error("the proxy exited before listening:\n" + log());
        if (Clock::now() > deadline) throw std::runtime_error("the proxy is not listening in time:\n" + log());
        std::this_thread::sleep_for(50ms);
    }
}

void Child::stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 100; ++i) {
        if (::waitpid(pid_, nullptr, WNOHANG) == pid_) {
            pid_ = -1;
            return;
        }
        std::this_thread::sleep_for(50ms);
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
}

std::string Child::log() const { return catan::store::test::read_bytes(log_); }

void replace(std::string& text, const std::string& from, const std::string& to, int count) {
    int found = 0;
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
        ++found;
    }
    INFO("'" << from << "' in the documented config");
    REQUIRE(found == count);
}

fs::path write_nginx_main(const fs::path& root, const fs::path& site) {
    for (const char* sub : {"body", "proxy", "fastcgi", "uwsgi", "scgi", "logs"}) fs::create_directories(root / sub);
    const std::string r = root.string();
    const fs::path main = root / "nginx.conf";
    catan::store::test::write_bytes(
        main, "daemon off;\nworker_processes 1;\npid " + r + "/nginx.pid;\nerror_log " + r +
                  "/logs/error.log info;\nevents { worker_connections 256; }\nhttp {\n  access_log " + r +
                  "/logs/access.log;\n  client_body_temp_path " + r + "/body;\n  proxy_temp_path " + r +
                  "/proxy;\n  fastcgi_temp_path " + r + "/fastcgi;\n  uwsgi_temp_path " + r + "/uwsgi;\n  scgi_temp_path " +
                  r + "/scgi;\n  include " + site.string() + ";\n}\n");
    return main;
}

}  // namespace catan::nettest
