#pragma once
// A saved state read back: GameState -> JSON text -> GameState, failing the test on a decode error.
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "catan/proto/state_json.hpp"

namespace catan::test {

inline GameState through_text(const GameState& s) {
    const std::string text = proto::state_json(s).dump();
    const auto back = proto::decode_state(std::string_view(text));
    if (!back.ok()) FAIL_CHECK(back.error().field << ": " << back.error().message);
    REQUIRE(back.ok());
    return back.value();
}

}  // namespace catan::test
