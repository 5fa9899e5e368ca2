// libFuzzer target: one WebSocket text message from a client, through what the hub does with it
// before any room sees it: room::parse_client_message (a new room's options checked by the Catan module), the error reply for a refusal (serialised
// with the client's id echoed), the name and chat checks, and the game command inside "command".
#include <cstddef>
#include <cstdint>
#include <string>

#include "catan/games/catan.hpp"
#include "catan/proto/command_json.hpp"
#include "catan/room/envelope.hpp"
#include "catan/room/text.hpp"
#include "fuzz_support.hpp"
#include "messages.hpp"

using namespace catan;

namespace {
// A new room's options are checked against its game (Catan, as the server registers it).
const bool registered = (game::register_module(games::catan_module()), true);
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const room::ParsedMessage parsed = room::parse_client_message(fuzz::as_text(data, size));
    if (!parsed.message) {
        fuzz::check(!parsed.error.message.empty(), "a refused message has no error text");
        const room::Message reply = room::error_message(proto::error_reply(parsed.error), parsed.id);
        fuzz::check(reply && !reply->empty(), "the error reply is empty");
        return 0;
    }
    const room::ClientMessage& m = *parsed.message;
    std::string why;
    switch (m.type) {
        case room::ClientType::Join:
            if (const auto name = room::clean_name(m.name, why)) fuzz::check(!name->empty(), "an empty name was accepted");
            else fuzz::check(!why.empty(), "a refused name has no reason");
            break;
        case room::ClientType::Chat:
            if (!room::valid_chat(m.text, why)) fuzz::check(!why.empty(), "a refused chat line has no reason");
            break;
        case room::ClientType::Command:
            for (int seat = 0; seat < kMaxPlayers; ++seat) {
                const auto c = proto::decode_command(m.command, seat);
                if (c) fuzz::check(proto::decode_command(proto::command_json(c.value()), seat).value() == c.value(),
                                   "a command does not survive command_json");
                else fuzz::check(!c.error().message.empty(), "a refused command has no message");
            }
            break;
        default: break;
    }
    // The id is echoed in every answer: it must serialise.
    fuzz::check(!room::error_message({"x", "x", {}, {}}, parsed.id)->empty(), "a reply with the id is empty");
    return 0;
}
