#pragma once
// Real proxies (nginx, Caddy, HAProxy) as child processes for the tests that run the documented
// configs (test_reverse_proxy.cpp: docs/proxy/, test_cluster_proxy.cpp: docs/cluster/): finding the
// binary, free loopback ports, the process with its log, and text replacements that must match.
#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace catan::nettest {

inline constexpr int kSkipReturnCode = 4;  // SKIP_RETURN_CODE of the proxy tests in tests/net/CMakeLists.txt

// A program on PATH or in the sbin directories (nginx and haproxy live in /usr/sbin, often not on a user's PATH).
std::optional<std::filesystem::path> find_program(const std::string& name);
// The same, or the process ends with kSkipReturnCode saying the program is missing (Catch2 v2 has no SKIP).
std::filesystem::path require_program(const std::string& name);

// A loopback port nobody listens on now (the caller binds it right after); 0 when `address` has none.
unsigned short free_port(const char* address = "127.0.0.1");
bool ipv6_loopback();
bool accepts(unsigned short port);  // a TCP connection to 127.0.0.1:port succeeds

// A proxy as a child process: stdout and stderr to `log`, stopped (SIGTERM, then SIGKILL) with the object.
// `env` ("NAME=value") is set on top of this process's environment.
class Child {
public:
    Child(std::vector<std::string> argv, std::vector<std::string> env, std::filesystem::path log);
    ~Child() { stop(); }
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    bool running();
    // Waits until `port` accepts connections; throws with the proxy's log when it exits or is too slow.
    void wait_listening(unsigned short port, std::chrono::milliseconds timeout = std::chrono::seconds(15));
    void stop();
    std::string log() const;

private:
    pid_t pid_ = -1;
    std::filesystem::path log_;
};

// Replaces `from` by `to` in `text`; the documented file must hold it exactly `count` times (a REQUIRE).
void replace(std::string& text, const std::string& from, const std::string& to, int count = 1);

// nginx's own main file in `root` (as Debian's /etc/nginx/nginx.conf includes conf.d/*.conf): every
// path in `root`, in the foreground, including `site`. Makes the folders nginx writes to; returns the
// main file's path. Start nginx with -p root -c <that> -e root/logs/error.log.
std::filesystem::path write_nginx_main(const std::filesystem::path& root, const std::filesystem::path& site);

}  // namespace catan::nettest
