#include "server_process.hpp"

#include <algorithm>

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace catan::nettest {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

#ifndef CATAN_SERVER_BINARY
#define CATAN_SERVER_BINARY "catan-server"
#endif
#ifndef CATAN_RACE_SERVER_BINARY
#define CATAN_RACE_SERVER_BINARY "catan-server-race"
#endif

namespace {
// The sanitizer stages run this (uninstrumented) test binary against their instrumented servers.
const char* override_or(const char* variable, const char* built) {
    const char* path = std::getenv(variable);
    return path && *path ? path : built;
}
}  // namespace

const char* server_binary() { return override_or("CATAN_TEST_SERVER_BINARY", CATAN_SERVER_BINARY); }
const char* race_server_binary() { return override_or("CATAN_TEST_RACE_SERVER_BINARY", CATAN_RACE_SERVER_BINARY); }

namespace {

fs::path make_temp_dir() {
    const char* base = std::getenv("TMPDIR");
    std::string templ = std::string(base && *base ? base : "/tmp") + "/catan-it-XXXXXX";
    if (!::mkdtemp(templ.data())) throw std::runtime_error("mkdtemp failed: " + std::string(std::strerror(errno)));
    return templ;
}

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string describe_status(int status) {
    if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return std::string("signal ") + ::strsignal(WTERMSIG(status));
    return "status " + std::to_string(status);
}

}  // namespace

ServerProcess::ServerProcess(std::vector<std::string> extra_args, std::chrono::milliseconds timeout,
                             std::vector<std::string> extra_env, std::string binary)
    : binary_(binary.empty() ? std::string(server_binary()) : std::move(binary)) {
    dir_ = make_temp_dir();
    data_dir_ = dir_ / "data";
    log_path_ = dir_ / "server.log";
    const fs::path port_file = dir_ / "port";

    std::vector<std::string> args = {binary_, "serve", "--listen", "127.0.0.1:0", "--port-file", port_file.string()};
    // The test's own --listen (e.g. 0.0.0.0:0) replaces 127.0.0.1:0; --log-level is warn unless the
    // test asks for another (to read info lines from log()).
    const auto has = [&](const char* flag) { return std::find(extra_args.begin(), extra_args.end(), flag) != extra_args.end(); };
    if (has("--listen")) args.erase(args.begin() + 2, args.begin() + 4);
    if (!has("--log-level")) {
        args.push_back("--log-level");
        args.push_back("warn");
    }
    // A test that restarts the server on the same data file passes its own --data (or --no-persist).
    bool own_data = false;
    for (const auto& a : extra_args) own_data = own_data || a == "--data" || a == "--no-persist";
    if (!own_data) {
        args.push_back("--data");
        args.push_back((data_dir_ / "catan.db").string());
        std::filesystem::create_directories(data_dir_);
    }
    // The tests play repeatable games from seeds they choose, which only a test server accepts
    // (docs/security.md); a test of the normal server passes --allow-client-seeds=false.
    bool own_seeds = false;
    for (const auto& a : extra_args) own_seeds = own_seeds || a.starts_with("--allow-client-seeds");
    if (!own_seeds) args.push_back("--allow-client-seeds");
    for (auto& a : extra_args) args.push_back(std::move(a));
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<char*> envp;  // built before the fork: the child may not allocate
    for (char** e = environ; *e; ++e) envp.push_back(*e);
    for (auto& e : extra_env) envp.push_back(e.data());
    envp.push_back(nullptr);

    // fork + exec rather than posix_spawn: the child asks to be killed when the test process dies,
    // so even a crashed test run leaves no server behind.
    const int devnull = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    const int logfd = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (devnull < 0 || logfd < 0) throw std::runtime_error("cannot open the server's log file " + log_path_.string());
    const pid_t parent = ::getpid();
    pid_ = ::fork();
    if (pid_ < 0) {
        ::close(devnull);
        ::close(logfd);
        throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
    }
    if (pid_ == 0) {  // the child: async-signal-safe calls only, then exec
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) ::_exit(127);
        ::dup2(devnull, 0);
        ::dup2(logfd, 1);
        ::dup2(logfd, 2);
        ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    ::close(devnull);
    ::close(logfd);

    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::string last_text;
    for (;;) {
        if (reap(false))
            throw std::runtime_error(binary_ + " exited before listening (" + describe_status(status_) +
                                     "); its output:\n" + log());
        std::error_code ec;
        if (fs::exists(port_file, ec)) {
            // Complete once it ends with a newline, or once it reads the same twice (a writer without one).
            const std::string text = read_file(port_file);
            const bool complete = !text.empty() && (text.back() == '\n' || text == last_text);
            last_text = text;
            char* end = nullptr;
            const long p = std::strtol(text.c_str(), &end, 10);
            if (complete && end != text.c_str() && p > 0 && p < 65536) {
                port_ = static_cast<unsigned short>(p);
                const long redirect = std::strtol(end, nullptr, 10);  // a second line: --http-redirect-listen's
                if (redirect > 0 && redirect < 65536) redirect_port_ = static_cast<unsigned short>(redirect);
                return;
            }
        }
        if (std::chrono::steady_clock::now() > deadline) {
            kill_now();
            throw std::runtime_error(binary_ + " did not write its port to --port-file within " +
                                     std::to_string(timeout.count()) + " ms; its output:\n" + log());
        }
        std::this_thread::sleep_for(5ms);
    }
}

ServerProcess::~ServerProcess() {
    if (pid_ > 0 && !exited_ && !reap(false)) {
        std::cerr << "[server_process] catan-server (pid " << pid_ << ") still running at teardown: SIGKILL; log kept in "
                  << log_path_ << "\n";
        kill_now();
        return;  // keep the directory for the log
    }
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

bool ServerProcess::reap(bool block) {
    if (pid_ <= 0 || exited_) return exited_;
    int status = 0;
    pid_t r;
    do r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
    while (r < 0 && errno == EINTR);
    if (r == pid_) {
        exited_ = true;
        status_ = status;
    }
    return exited_;
}

bool ServerProcess::running() { return pid_ > 0 && !reap(false); }

void ServerProcess::kill_now() {
    if (pid_ <= 0 || reap(false)) return;
    ::kill(pid_, SIGKILL);
    reap(true);
}

int ServerProcess::stop(std::chrono::milliseconds grace) {
    if (pid_ <= 0) return -1;
    if (!reap(false)) {
        ::kill(pid_, SIGTERM);
        const auto deadline = std::chrono::steady_clock::now() + grace;
        while (!reap(false)) {
            if (std::chrono::steady_clock::now() > deadline) {
                std::cerr << "[server_process] catan-server ignored SIGTERM for " << grace.count()
                          << " ms: SIGKILL; its output:\n"
                          << log() << "\n";
                ::kill(pid_, SIGKILL);
                reap(true);
                return -1;
            }
            std::this_thread::sleep_for(2ms);
        }
    }
    if (WIFEXITED(status_)) return WEXITSTATUS(status_);
    if (WIFSIGNALED(status_)) return 128 + WTERMSIG(status_);
    return -1;
}

std::string ServerProcess::log() const { return read_file(log_path_); }

}  // namespace catan::nettest
