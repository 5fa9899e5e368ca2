#pragma once
// The real catan-server binary as a child process, for the tests over real sockets. It listens on an
// ephemeral loopback port (--listen 127.0.0.1:0) and reports the port through --port-file; the
// fixture waits for that file, and stop() sends SIGTERM and returns the exit code. A server still
// running when the object dies (a failed REQUIRE unwinding) is killed with SIGKILL, so no test ever
// leaves a process behind.
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include <sys/types.h>

namespace catan::nettest {

class ServerProcess {
public:
    // Starts CATAN_SERVER_BINARY serve with the fixed flags plus `extra_args`; throws when the server
    // exits early or has not written its port within `timeout`. Rooms go to data_dir()/catan.db
    // unless `extra_args` has its own --data (or --no-persist). Clients may choose seeds
    // (--allow-client-seeds) unless `extra_args` says --allow-client-seeds=false.
    // `extra_env` ("NAME=value") is added to the environment the server inherits (the test hooks,
    // e.g. CATAN_TEST_KILL_AFTER_COMMITS). `binary`: another server binary with the same command line
    // (catan-server-race, which hosts the test-only race game too); empty: server_binary().
    explicit ServerProcess(std::vector<std::string> extra_args = {},
                           std::chrono::milliseconds timeout = std::chrono::seconds(10),
                           std::vector<std::string> extra_env = {}, std::string binary = {});
    ~ServerProcess();
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    unsigned short port() const { return port_; }
    unsigned short redirect_port() const { return redirect_port_; }  // 0 without --http-redirect-listen
    bool running();  // false once the process has exited (reaped)
    pid_t pid() const { return pid_; }

    // SIGTERM, then waits up to `grace`; returns the exit code (128 + signal when killed by one, -1
    // when it had to be killed with SIGKILL after the grace period).
    int stop(std::chrono::milliseconds grace = std::chrono::seconds(10));
    // SIGKILL now (no-op when already gone).
    void kill_now();

    // What the server wrote to stdout/stderr so far (for failure messages).
    std::string log() const;
    const std::filesystem::path& data_dir() const { return data_dir_; }

private:
    bool reap(bool block);

    std::string binary_;
    pid_t pid_ = -1;
    int status_ = 0;
    bool exited_ = false;
    unsigned short port_ = 0;
    unsigned short redirect_port_ = 0;
    std::filesystem::path dir_;
    std::filesystem::path data_dir_;
    std::filesystem::path log_path_;
};

// The binary under test: $CATAN_TEST_SERVER_BINARY, else the compile definition CATAN_SERVER_BINARY.
const char* server_binary();
// catan-server-race, which hosts the test-only race game too: $CATAN_TEST_RACE_SERVER_BINARY, else the
// compile definition CATAN_RACE_SERVER_BINARY.
const char* race_server_binary();

}  // namespace catan::nettest
