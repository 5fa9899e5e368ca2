#include "pg_server.hpp"

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <vector>

#include <arpa/inet.h>
#include <fcntl.h>
#include <grp.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace catan::store::test {

namespace fs = std::filesystem;

namespace {

constexpr const char* kDbUser = "catan";  // the database superuser initdb makes (trust on loopback)

// The folder with initdb and postgres: $CATAN_TEST_PG_BINDIR, else the newest of Debian's
// /usr/lib/postgresql/*/bin, else empty.
std::string find_binaries() {
    if (const char* dir = std::getenv("CATAN_TEST_PG_BINDIR"); dir && *dir) return dir;
    std::string best;
    int best_version = -1;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", ec)) {
        const fs::path bin = entry.path() / "bin";
        if (!fs::exists(bin / "initdb") || !fs::exists(bin / "postgres")) continue;
        const int version = std::atoi(entry.path().filename().c_str());
        if (version > best_version) {
            best_version = version;
            best = bin.string();
        }
    }
    return best;
}

std::string read_file(const fs::path& p) {
    std::ifstream in(p);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The user the server runs as: ours unless we are root; as root Debian's `postgres`, else `catan-test`
// (created when missing).
std::string server_user() {
    if (::geteuid() != 0) return {};
    if (::getpwnam("postgres")) return "postgres";
    if (!::getpwnam("catan-test") &&
        std::system("useradd --system --no-create-home --shell /usr/sbin/nologin catan-test >/dev/null 2>&1") != 0)
        throw std::runtime_error("running as root, and cannot create the system user catan-test (useradd) for PostgreSQL");
    return "catan-test";
}

// Runs `argv` (as `user` when not empty), its output to `log`; its exit code.
int run(const std::vector<std::string>& argv, const std::string& user, const std::string& log) {
    const passwd* pw = user.empty() ? nullptr : ::getpwnam(user.c_str());
    if (!user.empty() && !pw) throw std::runtime_error("no user " + user);
    const uid_t uid = pw ? pw->pw_uid : 0;
    const gid_t gid = pw ? pw->pw_gid : 0;
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        // The user first: the log is then that user's, and the server may append to it.
        if (pw && (::setgroups(0, nullptr) != 0 || ::setgid(gid) != 0 || ::setuid(uid) != 0)) ::_exit(126);
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) {
            ::dup2(fd, 1);
            ::dup2(fd, 2);
        }
        std::vector<char*> args;
        for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

// A loopback port nobody listens on now (the kernel's choice; released again for the server to take).
int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
        if (fd >= 0) ::close(fd);
        throw std::runtime_error("no free loopback port");
    }
    ::close(fd);
    return ntohs(addr.sin_port);
}

// Starts `argv` as `user` (when not empty) in the background, its output to `log`, asking the kernel
// to send it SIGQUIT (PostgreSQL's immediate shutdown) when this process dies. Its process id.
pid_t spawn_child(const std::vector<std::string>& argv, const std::string& user, const std::string& log) {
    const passwd* pw = user.empty() ? nullptr : ::getpwnam(user.c_str());
    if (!user.empty() && !pw) throw std::runtime_error("no user " + user);
    const uid_t uid = pw ? pw->pw_uid : 0;
    const gid_t gid = pw ? pw->pw_gid : 0;
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        if (pw && (::setgroups(0, nullptr) != 0 || ::setgid(gid) != 0 || ::setuid(uid) != 0)) ::_exit(126);
        // After the change of user, which clears it.
        ::prctl(PR_SET_PDEATHSIG, SIGQUIT);
        if (::getppid() != parent) ::_exit(125);
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) {
            ::dup2(fd, 1);
            ::dup2(fd, 2);
        }
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    return pid;
}

std::string url_of(int port, const std::string& database) {
    return std::string("postgresql://") + kDbUser + "@127.0.0.1:" + std::to_string(port) + "/" + database;
}

}  // namespace

std::string PgServer::skip_reason() {
    return "skipped: PostgreSQL's binaries (initdb, postgres) are not installed (Debian: apt-get install postgresql;"
           " scripts/install-deps.sh test installs them), or set CATAN_TEST_PG_BINDIR";
}

PgServer* PgServer::get() {
    static std::unique_ptr<PgServer> server;
    static std::string failure;  // a start that failed is not tried again: every test hears why
    if (!server && failure.empty()) {
        const std::string bin = find_binaries();
        if (bin.empty()) return nullptr;
        std::unique_ptr<PgServer> starting(new PgServer());
        starting->bin_ = bin;
        try {
            starting->start();
        } catch (const std::exception& e) {
            failure = e.what();
        }
        if (failure.empty()) server = std::move(starting);
    }
    if (!failure.empty()) throw std::runtime_error(failure);
    return server.get();
}

void PgServer::start() {
    user_ = server_user();
    const char* base = std::getenv("TMPDIR");
    // The server's user must reach the folder: as root, under /tmp whatever TMPDIR says.
    std::string templ = std::string(base && *base && user_.empty() ? base : "/tmp") + "/catan-pg-XXXXXX";
    if (!::mkdtemp(templ.data())) throw std::runtime_error("mkdtemp failed");
    dir_ = templ;
    if (const passwd* pw = user_.empty() ? nullptr : ::getpwnam(user_.c_str()))
        if (::chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0) throw std::runtime_error("cannot chown " + dir_ + " to " + user_);
    const std::string data = dir_ + "/data", log = dir_ + "/server.log";
    if (run({bin_ + "/initdb", "-D", data, "-U", kDbUser, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"}, user_, log) != 0) {
        const std::string why = read_file(log);
        stop();
        throw std::runtime_error("initdb failed:\n" + why);
    }
    for (int attempt = 0; attempt < 3; ++attempt) {
        port_ = free_port();
        {
            // The last setting in the file wins, so a retry on another port appends its own.
            std::ofstream conf(data + "/postgresql.conf", std::ios::app);
            conf << "\nlisten_addresses = '127.0.0.1'\nport = " << port_ << "\nunix_socket_directories = '" << dir_ << "'\n"
                 // A test never outlives a crash of the machine: no fsync, for speed.
                 << "fsync = off\nfull_page_writes = off\nmax_connections = 50\n";
        }
        postmaster_ = spawn_child({bin_ + "/postgres", "-D", data}, user_, log);
        const std::string ping = std::string("host=127.0.0.1 port=") + std::to_string(port_) + " dbname=postgres user=" + kDbUser;
        for (int waited = 0; waited < 60000; waited += 50) {
            int status = 0;
            if (::waitpid(postmaster_, &status, WNOHANG) == postmaster_) {  // exited: the port was taken meanwhile?
                postmaster_ = -1;
                break;
            }
            if (PQping(ping.c_str()) == PQPING_OK) return;
            ::usleep(50 * 1000);
        }
        stop_postmaster();
    }
    const std::string why = read_file(log);
    stop();
    throw std::runtime_error("PostgreSQL did not start:\n" + why);
}

void PgServer::stop_postmaster() noexcept {
    if (postmaster_ <= 0) return;
    ::kill(postmaster_, SIGQUIT);  // immediate shutdown: the databases are thrown away
    int status = 0;
    ::waitpid(postmaster_, &status, 0);
    postmaster_ = -1;
}

void PgServer::stop() noexcept {
    stop_postmaster();
    if (dir_.empty()) return;
    std::error_code ec;
    fs::remove_all(dir_, ec);
    dir_.clear();
}

PgServer::~PgServer() { stop(); }

int PgServer::run_client(const std::string& program, const std::vector<std::string>& args) {
    std::vector<std::string> argv{bin_ + "/" + program};
    argv.insert(argv.end(), args.begin(), args.end());
    return run(argv, user_, dir_ + "/client.log");
}

std::string PgServer::client_log() const { return read_file(dir_ + "/client.log"); }

std::string PgServer::new_database() {
    const std::string name = std::string("catan_test_") + std::to_string(++databases_);
    query(url_of(port_, "postgres"), "CREATE DATABASE " + name);
    return url_of(port_, name);
}

std::string PgServer::query(const std::string& url, const std::string& statements) {
    PGconn* conn = PQconnectdb(url.c_str());
    if (PQstatus(conn) != CONNECTION_OK) {
        const std::string why = PQerrorMessage(conn);
        PQfinish(conn);
        throw std::runtime_error("cannot connect to " + url + ": " + why);
    }
    PQsetNoticeProcessor(conn, [](void*, const char*) {}, nullptr);
    PGresult* result = PQexec(conn, statements.c_str());
    const bool ok = PQresultStatus(result) == PGRES_COMMAND_OK || PQresultStatus(result) == PGRES_TUPLES_OK;
    std::string out, why;
    if (ok) {
        for (int row = 0; row < PQntuples(result); ++row)
            for (int column = 0; column < PQnfields(result); ++column) {
                out += PQgetisnull(result, row, column) ? "NULL" : PQgetvalue(result, row, column);
                out += column + 1 < PQnfields(result) ? '|' : '\n';
            }
    } else {
        why = PQresultErrorMessage(result);
    }
    PQclear(result);
    PQfinish(conn);
    if (!ok) throw std::runtime_error(url + ": " + why + " (in: " + statements + ")");
    return out;
}

}  // namespace catan::store::test
