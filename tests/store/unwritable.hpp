#pragma once
// Makes a data file that the code under test cannot write, for the tests of an unwritable data file.
// Tests run as root, and root ignores permission bits, so:
//  - as root, the file is made immutable (chattr +i, through the FS_IOC_SETFLAGS ioctl) where the
//    file system and the capabilities allow it (CAP_LINUX_IMMUTABLE; containers often drop it);
//  - as root without that, the file gets mode 0444 and its directory 0777, and the writer must run as
//    nobody: as_nobody() says so and in_child_as_nobody() runs a function that way (a forked child);
//  - as another user, mode 0444 is enough.
// CATAN_TEST_NO_CHATTR=1 skips the first way (to exercise the second where chattr works).
// The immutable flag is cleared again when the object goes, so the temporary directory can be removed.
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include <fcntl.h>
#include <grp.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace catan::store::test {

class Unwritable {
public:
    explicit Unwritable(std::filesystem::path path) : path_(std::move(path)) {
        namespace fs = std::filesystem;
        const auto read_only = fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read;
        if (::geteuid() != 0) {
            fs::permissions(path_, read_only);
            return;
        }
        const char* no_chattr = std::getenv("CATAN_TEST_NO_CHATTR");
        if (!(no_chattr && std::string(no_chattr) == "1") && set_immutable(true)) {
            immutable_ = true;
            return;
        }
        fs::permissions(path_, read_only);
        fs::permissions(path_.parent_path(), fs::perms::all);
        as_nobody_ = true;
    }
    ~Unwritable() {
        if (immutable_) set_immutable(false);
    }
    Unwritable(const Unwritable&) = delete;
    Unwritable& operator=(const Unwritable&) = delete;

    // The code under test must run as nobody (in_child_as_nobody) for the file to be unwritable to it.
    bool as_nobody() const { return as_nobody_; }

private:
    bool set_immutable(bool on) const {
        const int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) return false;
        int flags = 0;
        bool ok = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
        if (ok) {
            flags = on ? (flags | FS_IMMUTABLE_FL) : (flags & ~FS_IMMUTABLE_FL);
            ok = ::ioctl(fd, FS_IOC_SETFLAGS, &flags) == 0;
        }
        ::close(fd);
        return ok;
    }

    std::filesystem::path path_;
    bool immutable_ = false;
    bool as_nobody_ = false;
};

// Runs `f` in a forked child as user and group nobody (65534) and returns what it returned; nothing
// when the child could not drop its privileges or did not finish.
inline std::optional<std::string> in_child_as_nobody(const std::function<std::string()>& f) {
    int out[2];
    if (::pipe(out) != 0) return std::nullopt;
    const pid_t pid = ::fork();
    if (pid < 0) return std::nullopt;
    if (pid == 0) {
        ::close(out[0]);
        if (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(3);
        const std::string text = f();
        for (std::size_t sent = 0; sent < text.size();) {
            const ssize_t n = ::write(out[1], text.data() + sent, text.size() - sent);
            if (n <= 0) ::_exit(4);
            sent += static_cast<std::size_t>(n);
        }
        ::_exit(0);
    }
    ::close(out[1]);
    std::string text;
    char buffer[4096];
    for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<std::size_t>(n));
    ::close(out[0]);
    int status = 0;
    if (::waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
    return text;
}

}  // namespace catan::store::test
