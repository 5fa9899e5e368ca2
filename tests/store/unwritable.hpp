#pragma once
// Makes a data file that this process cannot write, for the tests of an unwritable data file. Tests
// run as root, and root ignores permission bits, so the file is made immutable (chattr +i, through
// the FS_IOC_SETFLAGS ioctl) where the file system allows it; as another user, mode 0444 is enough.
// The flag is cleared again when the object goes, so the temporary directory can be removed.
#include <filesystem>
#include <string>

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

namespace catan::store::test {

class Unwritable {
public:
    explicit Unwritable(std::filesystem::path path) : path_(std::move(path)) {
        if (::geteuid() != 0) {
            std::filesystem::permissions(path_, std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                                                    std::filesystem::perms::others_read);
            made_ = true;
            return;
        }
        made_ = set_immutable(true);
        immutable_ = made_;
        if (!made_)
            why_not_ = "running as root, and " + path_.string() +
                       " cannot be made immutable here (the file system does not support chattr +i, or"
                       " CAP_LINUX_IMMUTABLE is missing), so no file this process cannot write can be made";
    }
    ~Unwritable() {
        if (immutable_) set_immutable(false);
    }
    Unwritable(const Unwritable&) = delete;
    Unwritable& operator=(const Unwritable&) = delete;

    explicit operator bool() const { return made_; }
    const std::string& why_not() const { return why_not_; }

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
    bool made_ = false;
    bool immutable_ = false;
    std::string why_not_;
};

}  // namespace catan::store::test
