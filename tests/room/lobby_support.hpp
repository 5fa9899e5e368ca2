#pragma once
// A room in its lobby with its host seated (test_lobby.cpp, test_lobby_names.cpp), and the error a
// client got for its last message.
#include "support.hpp"

namespace catan::room::test {

// The error a client got for its last message, after checking it came alone.
inline json error_of(Client& c) {
    const auto got = c.poll();
    REQUIRE(got.size() == 1);
    REQUIRE(got[0]["type"] == "error");
    return got[0];
}

struct Lobby : Fixture {
    explicit Lobby(json options = json::object(), HubOptions hub_options = seeded()) : Fixture(std::move(hub_options)) {
        room = create(hub, std::move(options));
        host.send(msg("join", {{"room", room.code}, {"name", "Ana"}, {"host_key", room.host_key}}));
        host.poll();
    }
    void join(Client& c, const std::string& name) {
        c.send(msg("join", {{"room", room.code}, {"name", name}}));
        const json w = c.last("welcome");
        REQUIRE(!w.is_null());
    }
    Created room;
    Client host{hub, 1};
};

}  // namespace catan::room::test
