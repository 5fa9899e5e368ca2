// libFuzzer target: a game command from a client (proto::decode_command), as the room decodes the
// body of a "command" message. Never throws; a refusal names what is wrong; an accepted command
// survives command_json and decodes back to itself.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "catan/proto/command_json.hpp"
#include "fuzz_support.hpp"

using namespace catan;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    constexpr int kSeat = 1;  // the room supplies the seat; it is not on the wire
    const auto decoded = proto::decode_command(fuzz::as_text(data, size), kSeat);
    if (!decoded) {
        fuzz::check(!decoded.error().message.empty(), "a refused command has no message");
        return 0;
    }
    const Command& c = decoded.value();
    fuzz::check(c.player == kSeat, "the decoded command is not the sender's seat");
    const nlohmann::json wire = proto::command_json(c);
    const auto again = proto::decode_command(std::string_view(wire.dump()), kSeat);
    fuzz::check(again.ok(), "command_json of an accepted command is refused");
    fuzz::check(again.value() == c, "command_json does not decode back to the same command");
    return 0;
}
