#pragma once
// Internal to the room layer: what a stranger may ask of the rooms without sitting in one, per
// address (AddressLimiter) and in total. Looking up codes is limited so that they cannot be guessed
// (32^5 codes; at 0.2 unknown lookups a second one address finds a room in ~1,000 open ones about
// once in two days), replay records so that one address cannot keep the workers busy.
#include <optional>
#include <string>
#include <string_view>

#include "catan/room/address_limiter.hpp"
#include "catan/room/hub.hpp"

namespace catan::room {

class RequestLimits {
public:
    explicit RequestLimits(const HubOptions& options);

    // A refused request: the HTTP status (429 for the address's own budget, 503 for the server's),
    // a message saying what to do, and the seconds after which to try again (at least 1).
    struct Refusal {
        int status = 429;
        std::string message;
        int retry_after = 1;
    };

    // Before a lookup of a room code from `remote` ("ip:port"; empty: inside the process, never
    // refused). Takes one lookup; refuses when none is left, or when the address is out of unknown codes.
    std::optional<Refusal> lookup(std::string_view remote);
    // After a lookup found no room: counts one unknown code against the address.
    void unknown(std::string_view remote);
    // Before a replay request (then its lookup).
    std::optional<Refusal> replay(std::string_view remote);

private:
    // A bucket, or none when its rate is 0 (the limit is off).
    static std::optional<AddressLimiter> bucket(double rate, double burst, std::size_t addresses = 65536);

    std::optional<AddressLimiter> lookups_, unknown_, replays_, replays_total_;
};

}  // namespace catan::room
