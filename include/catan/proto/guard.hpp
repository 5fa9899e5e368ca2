#pragma once
// Public API of catan_proto, with reader.hpp: the boundary between readers that throw DecodeFailure
// and entry points that return a Decoded value. Every decoder of client JSON runs inside guarded().
#include <exception>
#include <string_view>

#include "catan/proto/decode_error.hpp"
#include "catan/proto/reader.hpp"

namespace catan::proto::strict {

// Parses text without exceptions; malformed JSON fails with a DecodeFailure.
json parse_or_fail(std::string_view text);

template <class F>
auto guarded(F&& f) -> Decoded<decltype(f())> {
    try {
        return f();
    } catch (const DecodeFailure& e) {
        return e.error;
    } catch (const std::exception&) {
        // A library surprise (or memory exhaustion) on hostile input must still come back as a value.
        return DecodeError{DecodeErrorKind::Malformed, "", "the message could not be read"};
    }
}

}  // namespace catan::proto::strict
