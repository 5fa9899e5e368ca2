// Deeply nested JSON from a client is refused while parsing: nlohmann's copy constructor recurses, so a
// command body 8,000 objects deep overflowed the stack of the thread copying it (found by fuzz_envelope;
// the input is kept in tests/fuzz/regressions/fuzz_envelope/).
#include <string>

#include <catch2/catch.hpp>

#include "catan/proto/parse.hpp"
#include "catan/room/envelope.hpp"

using namespace catan;

namespace {

std::string nested_objects(int depth) {
    std::string s;
    for (int i = 0; i < depth; ++i) s += R"({"a":)";
    s += "1";
    s += std::string(static_cast<std::size_t>(depth), '}');
    return s;
}

std::string command_with(const std::string& extra) {
    return R"({"v":1,"type":"command","seq":1,"id":5,"command":{"type":"end_turn","x":)" + extra + "}}";
}

}  // namespace

TEST_CASE("envelope: JSON nested deeper than the limit is refused as malformed, saying why", "[envelope][bad-input]") {
    const auto deep = room::parse_client_message(command_with(nested_objects(8000)));
    REQUIRE_FALSE(deep.message);
    CHECK(deep.error.kind == proto::DecodeErrorKind::Malformed);
    CHECK_THAT(deep.error.message, Catch::Contains("nested deeper than 64 levels"));

    const auto just_over = room::parse_client_message(command_with(nested_objects(proto::kMaxJsonDepth)));
    CHECK_FALSE(just_over.message);
    // The envelope and the command take two levels: 62 more still parse (the room refuses the field).
    const auto at_limit = room::parse_client_message(command_with(nested_objects(proto::kMaxJsonDepth - 2)));
    CHECK(at_limit.message);
}
