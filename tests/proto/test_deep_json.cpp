// Deeply nested JSON is refused while parsing, before a decoder walks or copies it (nlohmann's copy and
// dump recurse once per level).
#include <string>

#include <catch2/catch.hpp>

#include "catan/proto/command_json.hpp"
#include "catan/proto/parse.hpp"
#include "catan/proto/state_json.hpp"

using namespace catan;

namespace {

std::string nested_arrays(int depth) {
    return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']');
}

}  // namespace

TEST_CASE("parse_untrusted refuses documents nested deeper than kMaxJsonDepth", "[proto][bad-input]") {
    bool too_deep = false;
    CHECK(proto::parse_untrusted(nested_arrays(proto::kMaxJsonDepth), &too_deep).is_array());
    CHECK_FALSE(too_deep);
    CHECK(proto::parse_untrusted(nested_arrays(proto::kMaxJsonDepth + 1), &too_deep).is_discarded());
    CHECK(too_deep);
    CHECK(proto::parse_untrusted("{\"a\":", &too_deep).is_discarded());
    CHECK_FALSE(too_deep);  // merely malformed
}

TEST_CASE("decoders refuse deeply nested text as malformed, saying why", "[proto][bad-input]") {
    const std::string deep = R"({"type":"end_turn","x":)" + nested_arrays(10000) + "}";
    const auto command = proto::decode_command(std::string_view(deep), 0);
    REQUIRE_FALSE(command);
    CHECK(command.error().kind == proto::DecodeErrorKind::Malformed);
    CHECK_THAT(command.error().message, Catch::Contains("nested deeper than 64 levels"));

    const auto state = proto::decode_state(std::string_view(R"({"rng":)" + nested_arrays(10000) + "}"));
    REQUIRE_FALSE(state);
    CHECK(state.error().kind == proto::DecodeErrorKind::Malformed);
    CHECK_THAT(state.error().message, Catch::Contains("nested deeper than 64 levels"));
}
