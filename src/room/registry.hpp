#pragma once
// Every open room by code. The one piece of the room layer shared by all threads: a mutex guards the
// map, and nothing else happens under it (rooms are built there, but never run there).
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace catan::room {

class Room;

class Registry {
public:
    explicit Registry(std::size_t max_rooms) : max_rooms_(max_rooms) {}

    // Picks a fresh random code and registers make(code) under it; null when the cap is reached.
    std::shared_ptr<Room> create(const std::function<std::shared_ptr<Room>(const std::string& code)>& make);
    // Registers a room restored from the store under its own code; false when the code is taken.
    bool adopt(const std::string& code, std::shared_ptr<Room> room);
    // Case-insensitive; null for an unknown or malformed code.
    std::shared_ptr<Room> find(std::string_view code) const;
    // Removes `room` if it is still the one registered under `code`.
    void remove(const std::string& code, const Room* room);
    std::vector<std::shared_ptr<Room>> rooms() const;
    std::size_t size() const;

private:
    const std::size_t max_rooms_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
};

}  // namespace catan::room
