#pragma once
// For the hidden-information self-tests: snapshots and updates as a server might send them, each fed to
// inspect() one leak at a time, to show the checks catch it.
#include <optional>

#include "catan/engine/engine.hpp"
#include "catan/proto/proto.hpp"
#include "hidden_info_face_down.hpp"
#include "hidden_info_ledger.hpp"

namespace catan::nettest::hidden {

// A snapshot as the server would send it to `viewer` (a seat, or kNoSeat) of the game `s`, whose room has
// these options.
inline json fake_snapshot_of(const catan::GameState& s, int viewer, const json& room_options) {
    json room = {{"code", "K7QX3"}, {"phase", "playing"}, {"options", room_options}, {"host", 0},
                 {"seats", json::array()}, {"spectators", 0},
                 {"fairness", {{"commitment", std::string(64, 'a')}, {"seed", nullptr}, {"salt", nullptr}}}};
    return {{"v", 1},
            {"type", "snapshot"},
            {"seq", 5},
            {"doc", {{"room", room}, {"game", proto::player_view(s, viewer == kNoSeat ? proto::kSpectator : viewer)}}},
            {"legal", viewer == kNoSeat ? json() : proto::legal_actions_json(s, viewer)},
            {"chat", json::array()}};
}

// A snapshot as the server would send it to `viewer` (a seat, or kNoSeat) at the start of a game.
inline json fake_snapshot(int viewer, catan::GameState* out = nullptr) {
    catan::GameOptions o;
    o.players = 3;
    o.seed = 99;
    catan::GameState s = catan::new_game(o);
    if (out) *out = s;
    return fake_snapshot_of(s, viewer, {{"players", 3}, {"vp_target", 10}});
}

// Applies and inspects `first`, then `second`; with `face_down`, also checks both against it (R-SF10).
inline void feed(int viewer, const json& first, const std::optional<json>& second = std::nullopt, const FaceDown* face_down = nullptr) {
    Peer p("self-test viewer", nullptr);
    p.seat = viewer;
    Ledger L;
    L.fog = face_down != nullptr;
    p.view.apply(first);
    inspect(p, first, json(), L);
    if (second) {
        const json before = p.game();
        p.view.apply(*second);
        inspect(p, *second, before, L);
    }
    if (face_down)
        for (const Received& r : L.received) check_face_down(r, *face_down, p.label);
}

inline json fake_update(json patch, json events) {
    return {{"v", 1}, {"type", "update"}, {"seq", 6}, {"patch", std::move(patch)}, {"events", std::move(events)}, {"legal", nullptr}};
}

}  // namespace catan::nettest::hidden
