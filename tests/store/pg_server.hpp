#pragma once
// A real PostgreSQL server for the store tests, started by the test process itself: initdb into a
// temporary folder as an unprivileged user (PostgreSQL refuses to run as root: as root the tests use the
// `postgres` user of Debian's package, else a system user `catan-test` they create), listening on a free
// loopback port with its unix socket in that folder, and stopped and removed when the process ends.
// The server is this process's child and is told to stop when this process dies, however it dies (a
// test killed at its timeout leaves no server running). Each test gets a fresh database of its own.
#include <memory>
#include <string>
#include <vector>

namespace catan::store::test {

class PgServer {
public:
    // The process's server, started at the first call; nullptr when PostgreSQL's binaries are not
    // installed (skip_reason() says so). Throws std::runtime_error, with the server's log, when they
    // are installed but the server does not start.
    static PgServer* get();
    static std::string skip_reason();

    ~PgServer();
    PgServer(const PgServer&) = delete;
    PgServer& operator=(const PgServer&) = delete;

    // A new, empty database owned by the test user; returns its postgresql:// URL.
    std::string new_database();
    // Runs SQL in the database at `url` on a connection of the test's own; the last statement's rows,
    // one a line, columns separated by '|' (NULL as "NULL").
    static std::string query(const std::string& url, const std::string& statements);
    int port() const { return port_; }
    // Runs PostgreSQL's client program `program` (pg_dump, pg_restore, ...) from the server's own
    // installation, as the user the server runs as, with `args`; its output to a log in the server's
    // folder, which client_log() reads back. Returns its exit code.
    int run_client(const std::string& program, const std::vector<std::string>& args);
    std::string client_log() const;
    // A path in the server's folder, which the server's user may write (pg_dump's --file).
    std::string scratch_file(const std::string& name) const { return dir_ + "/" + name; }

private:
    PgServer() = default;
    void start();
    void stop() noexcept;
    void stop_postmaster() noexcept;

    std::string bin_, dir_, user_;
    int postmaster_ = -1;  // the server's process id
    int port_ = 0;
    int databases_ = 0;
};

}  // namespace catan::store::test
