#pragma once
// AnswerMarks: which commands sent at an older sequence number still mean what their sender meant
// (docs/protocol.md, "Sequence numbers and diffs"). Several seats answer one decision at once
// (discards on a 7, answers to a trade offer); one seat's answer cannot change what another's means.
// Owns: per seat, the seq from which that seat's answers still count (its floor).
// Must not: know which commands are answers or whether one ended the decision; the game says so
// (game::Move::is_answer, game::Applied::ended_decision), and the room passes it on (room_game.cpp).
#include <array>
#include <cstdint>

#include "catan/room/envelope.hpp"  // kMaxSeats

namespace catan::room {

class AnswerMarks {
public:
    // Whether a command sent at `sent` still applies with the room at `now`: always at `now`; an
    // answer sent earlier only when nothing but other seats' answers happened since.
    bool still_meant(int seat, bool answer, std::uint64_t sent, std::uint64_t now) const {
        if (sent == now) return true;
        return answer && sent < now && sent >= floor_[seat];
    }
    // A change was published at `seq`. An answer that left the decision open moves only its own
    // seat's floor (a resend, another mind); anything else (a roll, a new offer, a build, and an
    // answer that ended the decision) may change what every pending answer means.
    void decided(int seat, bool answer, bool ended_decision, std::uint64_t seq) {
        if (answer && !ended_decision)
            floor_[seat] = seq;
        else
            floor_.fill(seq);
    }
    void reset(std::uint64_t from) { floor_.fill(from); }  // a new game, a restored room

private:
    std::array<std::uint64_t, kMaxSeats> floor_{};
};

}  // namespace catan::room
