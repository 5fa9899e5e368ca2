#pragma once
// Every room by code: those in memory, and the turn-based rooms asleep in the data file with when each
// is to be woken. The one piece of the room layer shared by all threads: a mutex guards the maps, and
// nothing else happens under it (rooms are built there, but never run there; a room is woken outside
// it, while whoever else asks for the same room waits for that wake).
#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace catan::room {

class Room;

class Registry {
public:
    explicit Registry(std::size_t max_rooms) : max_rooms_(max_rooms) {}

    // Picks a fresh random code (none of a room in memory or asleep) and registers make(code) under
    // it; null when the cap is reached.
    std::shared_ptr<Room> create(const std::function<std::shared_ptr<Room>(const std::string& code)>& make);
    // Registers a room restored from the store under its own code; false when the code is taken.
    bool adopt(const std::string& code, std::shared_ptr<Room> room);
    // Case-insensitive; null for an unknown or malformed code.
    std::shared_ptr<Room> find(std::string_view code) const;
    // Removes `room` if it is still the one registered under `code`.
    void remove(const std::string& code, const Room* room);
    std::vector<std::shared_ptr<Room>> rooms() const;
    std::size_t size() const;  // rooms in memory

    // ---- Turn-based rooms asleep (docs/operating.md, "Turn-based rooms") ----
    // Reads a sleeping room from the data file and makes it a Room (not yet registered, not yet
    // resumed); no room when it cannot be (gone, or corrupt: the waker says why in the log), and then
    // `elsewhere` says so when another node holds it.
    struct Elsewhere {
        std::int64_t ms = 0;  // > 0: another node holds the room and may let go of it within that many ms
        std::string node;     // that node's --node name (a proxy routes to it by that name)
    };
    struct Woken {
        std::shared_ptr<Room> room;
        Elsewhere elsewhere;
    };
    using Waker = std::function<Woken(const std::string& code)>;
    // `any_code`: every code not in memory goes to the waker, not only those asleep here (a database
    // shared with other nodes, where a room this node never saw may be free for it to take).
    void set_waker(Waker waker, bool any_code) {
        waker_ = std::move(waker);
        wake_any_ = any_code;
    }
    // A room asleep in the file at a server's start, to be woken at `wake_ms` (Unix ms) or when asked for.
    void add_sleeping(const std::string& code, std::optional<std::int64_t> wake_ms);
    // `room` goes to sleep if it is still the one registered under `code`: from now on whoever asks for
    // the code wakes it from the file. False (and nothing changes) when it is not registered.
    bool put_to_sleep(const std::string& code, const Room* room, std::optional<std::int64_t> wake_ms);
    // The room under `code` in memory, or woken from the file (registered; `woken` says so, and the
    // caller resumes it); null when there is none, or it could not be woken. Case-insensitive.
    // `elsewhere`: set (ms > 0, and the node) when another node holds the room, else empty.
    std::shared_ptr<Room> find_or_wake(std::string_view code, bool* woken = nullptr, Elsewhere* elsewhere = nullptr);
    // The sleeping rooms whose time to wake has come (wake_ms <= now_ms), earliest first.
    std::vector<std::string> due(std::int64_t now_ms) const;
    std::size_t sleeping() const;

private:
    void forget_wake(const std::string& code);  // mutex_ held

    const std::size_t max_rooms_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
    std::unordered_map<std::string, std::optional<std::int64_t>> asleep_;
    std::set<std::pair<std::int64_t, std::string>> wake_order_;  // the asleep_ that have a time to wake
    std::map<std::string, std::shared_future<Woken>> waking_;  // being read from the file
    Waker waker_;
    bool wake_any_ = false;
};

}  // namespace catan::room
