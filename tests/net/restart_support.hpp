#pragma once
// The durability tests' ledger: every command the server acknowledged, the state the engine rebuilds
// from them, and the check that every seat's view is that state's.
#include <catch2/catch.hpp>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "game_driver.hpp"

namespace catan::nettest {

struct Logged {
    int seat;
    json command;
};

inline catan::GameState rebuild(const catan::GameOptions& options, const std::vector<Logged>& log) {
    catan::GameState state = catan::new_game(options);
    for (const Logged& c : log) {
        auto command = catan::proto::decode_command(c.command, c.seat, catan::proto::command_bounds(state));
        INFO(c.command.dump());
        REQUIRE(command);
        REQUIRE(!catan::apply(state, command.value()));
    }
    return state;
}

inline void require_views_match(Table& t, const catan::GameOptions& options, const std::vector<Logged>& log) {
    const catan::GameState state = rebuild(options, log);
    for (Peer* p : t.players()) {
        INFO(p->label << " after " << log.size() << " commands");
        REQUIRE(engine_view(p->game()) == catan::proto::player_view(state, p->seat));
    }
}

inline int turn_of(Table& t) { return t.host().game()["turn"].get<int>(); }

}  // namespace catan::nettest
