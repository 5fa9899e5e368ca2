#include "admin_token.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "catan/room/secret.hpp"

namespace catan::app {

namespace {

constexpr std::size_t kTokenBytes = 32;

bool is_token(const std::string& text) {
    if (text.size() != 2 * kTokenBytes) return false;
    for (const char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

}  // namespace

std::string default_admin_token_file(const std::string& data_path) { return data_path + ".admin-token"; }

std::optional<std::string> write_admin_token(const std::string& path, std::string& why) {
    const std::string token = room::random_hex(kTokenBytes);
    const std::string partial = path + ".partial-" + std::to_string(::getpid());
    // Created 0600 from the start (O_EXCL: never through a file someone else put there), so the token
    // is never readable by another user, not even for a moment.
    const int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        why = "cannot create " + partial + ": " + std::strerror(errno);
        return std::nullopt;
    }
    const std::string line = token + "\n";
    const bool written = ::fchmod(fd, 0600) == 0 && ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size()) &&
                         ::fsync(fd) == 0;
    const int error = errno;
    ::close(fd);
    if (!written || ::rename(partial.c_str(), path.c_str()) != 0) {
        why = "cannot write " + path + ": " + std::strerror(written ? errno : error);
        ::unlink(partial.c_str());
        return std::nullopt;
    }
    return token;
}

std::optional<std::string> read_admin_token(const std::string& path, std::string& why) {
    std::ifstream in(path);
    if (!in) {
        why = "cannot read the admin token file " + path + ": " + std::strerror(errno) +
              " (the server writes it at start; run this as the server's user, or pass --admin-token-file)";
        return std::nullopt;
    }
    std::string token;
    std::getline(in, token);
    if (!is_token(token)) {
        why = path + " does not hold an admin token (64 hex digits); restart the server to write a new one";
        return std::nullopt;
    }
    return token;
}

}  // namespace catan::app
