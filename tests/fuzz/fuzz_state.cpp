// libFuzzer target: a saved game state (proto::decode_state), as a restart reads a snapshot from the
// data file. A refused document names what is wrong; an accepted one is lossless through state_json,
// and the engine can list and apply the moves of every seat in it without undefined behaviour.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "catan/engine/engine.hpp"
#include "catan/proto/state_json.hpp"
#include "fuzz_support.hpp"

using namespace catan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto decoded = proto::decode_state(fuzz::as_text(data, size));
    if (!decoded) {
        fuzz::check(!decoded.error().message.empty(), "a refused state has no message");
        return 0;
    }
    const GameState& s = decoded.value();
    const auto again = proto::decode_state(std::string_view(proto::state_json(s).dump()));
    fuzz::check(again.ok(), "state_json of an accepted state is refused");
    fuzz::check(again.value() == s, "state_json does not decode back to the same state");

    // The engine on a state it did not produce: a refusal leaves it exactly as it was.
    std::vector<Command> listed;
    std::vector<Event> events;
    (void)players_to_act(s);
    for (int p = 0; p < s.num_players; ++p) {
        (void)victory_points(s, p);
        (void)longest_road_of(s, p);
        legal_actions(s, p, listed);
        for (std::size_t i = 0; i < listed.size() && i < 16; ++i) {
            GameState copy = s;
            events.clear();
            if (apply(copy, listed[i], &events)) fuzz::check(copy == s && events.empty(), "a refused command changed the state");
        }
    }
    return 0;
}
