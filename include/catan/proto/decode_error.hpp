#pragma once
// Decoding untrusted JSON never throws past this layer: it yields either a value or a DecodeError
// that names the offending field, so the gateway can answer the sender and carry on.
#include <string>
#include <utility>
#include <variant>

namespace catan::proto {

enum class DecodeErrorKind {
    Malformed,        // not JSON, or not the expected kind of document at the top
    UnknownType,      // "type" names no known message
    MissingField,
    UnexpectedField,  // strict: unknown keys are rejected, so typos never pass silently
    WrongType,        // e.g. a string where an integer belongs
    OutOfRange,       // an id, count or name outside its domain
    Inconsistent,     // state documents only: fields that contradict each other
};

struct DecodeError {
    DecodeErrorKind kind = DecodeErrorKind::Malformed;
    std::string field;    // dotted path, e.g. "give.ore" or "players[2].hand"; empty for the whole document
    std::string message;  // one plain sentence, suitable to show to the sender
};

const char* to_string(DecodeErrorKind kind);

// C++20 has no std::expected; this is the small part of it the codecs need.
template <class T>
class Decoded {
public:
    Decoded(T value) : v_(std::move(value)) {}
    Decoded(DecodeError error) : v_(std::move(error)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return std::get<0>(v_); }
    T&& value() && { return std::get<0>(std::move(v_)); }
    const DecodeError& error() const { return std::get<1>(v_); }

private:
    std::variant<T, DecodeError> v_;
};

}  // namespace catan::proto
