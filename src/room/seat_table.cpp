#include "seat_table.hpp"

#include "catan/room/text.hpp"
#include "catan/room/secret.hpp"

namespace catan::room {

int SeatTable::seated() const {
    int n = 0;
    for (const Seat& s : seats_) n += s.taken;
    return n;
}

int SeatTable::host() const {
    for (int i = 0; i < kMaxSeats; ++i)
        if (seats_[i].host) return i;
    return -1;
}

int SeatTable::first_free(int players) const {
    int seat = 0;
    while (seat < players && seats_[seat].taken) ++seat;
    return seat;
}

int SeatTable::seat_of_token(const std::string& token_hash) const {
    int seat = -1;
    for (int i = 0; i < kMaxSeats; ++i)  // no early exit: every seat's token is compared
        if (seats_[i].taken && !seats_[i].bot && secret_equal(token_hash, seats_[i].token_hash)) seat = i;
    return seat;
}

const Seat* SeatTable::name_clash(std::string_view name, bool& looks_alike) const {
    for (const Seat& s : seats_) {
        if (!s.taken) continue;
        const NameMatch match = match_names(s.name, name);
        if (match == NameMatch::Different) continue;
        looks_alike = match == NameMatch::LooksAlike;
        return &s;
    }
    return nullptr;
}

std::string SeatTable::free_bot_name() const {
    for (int n = 1;; ++n) {
        std::string candidate = "Bot " + std::to_string(n);
        bool used = false;
        for (const Seat& s : seats_) used = used || (s.taken && same_name(s.name, candidate));
        if (!used) return candidate;
    }
}

std::vector<std::string> SeatTable::names() const {
    std::vector<std::string> names(kMaxSeats);
    for (int i = 0; i < kMaxSeats; ++i)
        if (seats_[i].taken) names[i] = seats_[i].name;
    return names;
}

Seat& SeatTable::take(int seat, std::string name, bool host) {
    if (host)  // one host: whoever last proved they hold the key
        for (Seat& s : seats_) s.host = false;
    Seat& s = seats_[seat];
    s = Seat{};
    s.taken = true;
    s.host = host;
    s.name = std::move(name);
    return s;
}

SeatSource SeatTable::reseat(const SeatSource& source) {
    std::array<Seat, kMaxSeats> next{};
    SeatSource moved_to;
    moved_to.fill(-1);
    for (int i = 0; i < kMaxSeats; ++i)
        if (source[i] >= 0) {
            next[i] = std::move(seats_[source[i]]);
            moved_to[source[i]] = i;
        }
    seats_ = std::move(next);
    return moved_to;
}

SeatSource SeatTable::compacted() const {
    SeatSource source;
    source.fill(-1);
    for (int s = 0, i = 0; s < kMaxSeats; ++s)
        if (seats_[s].taken) source[i++] = s;
    return source;
}

SeatSource SeatTable::shrunk(int players) const {
    SeatSource source;
    source.fill(-1);
    for (int s = 0; s < players; ++s)
        if (seats_[s].taken) source[s] = s;
    for (int s = players, free = 0; s < kMaxSeats; ++s) {
        if (!seats_[s].taken) continue;
        while (source[free] >= 0) ++free;  // exists: no more seated than seats
        source[free] = s;
    }
    return source;
}

}  // namespace catan::room
