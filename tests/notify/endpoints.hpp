#pragma once
// The real protocol endpoints the notify tests talk to, each a Node process on loopback started by
// the test (push_endpoint.mjs, smtp_sink.mjs), killed with the object; and what they recorded.
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace notify_test {

// A child process whose first stdout line (JSON) says it is ready.
class Child {
public:
    explicit Child(const std::vector<std::string>& argv) {
        int out[2];
        if (::pipe(out) != 0) throw std::runtime_error("pipe failed");
        pid_ = ::fork();
        if (pid_ < 0) throw std::runtime_error("fork failed");
        if (pid_ == 0) {
            ::dup2(out[1], 1);
            ::close(out[0]);
            ::close(out[1]);
            std::vector<char*> args;
            for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
            args.push_back(nullptr);
            ::execvp(args[0], args.data());
            ::_exit(127);
        }
        ::close(out[1]);
        fd_ = out[0];
        ready_ = nlohmann::json::parse(read_line(std::chrono::seconds(15)));
    }
    ~Child() {
        if (pid_ > 0) {
            ::kill(pid_, SIGTERM);
            int status = 0;
            ::waitpid(pid_, &status, 0);
        }
        if (fd_ >= 0) ::close(fd_);
    }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;
    const nlohmann::json& ready() const { return ready_; }

private:
    std::string read_line(std::chrono::seconds timeout) {
        std::string line;
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            pollfd p{fd_, POLLIN, 0};
            if (left.count() <= 0 || ::poll(&p, 1, static_cast<int>(left.count())) <= 0)
                throw std::runtime_error("the endpoint did not start (is node installed? scripts/install-deps.sh test)");
            char c;
            if (::read(fd_, &c, 1) != 1) throw std::runtime_error("the endpoint exited before it was ready");
            if (c == '\n') return line;
            line += c;
        }
    }

    pid_t pid_ = -1;
    int fd_ = -1;
    nlohmann::json ready_;
};

// The JSON lines a Child appended to `path` so far.
inline std::vector<nlohmann::json> records(const std::filesystem::path& path) {
    std::vector<nlohmann::json> out;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) out.push_back(nlohmann::json::parse(line));
    return out;
}

// Waits until `path` holds at least `n` records (or `timeout` passes), and returns them.
inline std::vector<nlohmann::json> wait_records(const std::filesystem::path& path, std::size_t n,
                                                std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        auto r = records(path);
        if (r.size() >= n || std::chrono::steady_clock::now() > deadline) return r;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

inline std::string script(const char* name) { return std::string(CATAN_NOTIFY_TEST_DIR) + "/" + name; }

}  // namespace notify_test
