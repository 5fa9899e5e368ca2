#include "guard.hpp"

namespace catan::proto {

const char* to_string(DecodeErrorKind kind) {
    switch (kind) {
        case DecodeErrorKind::Malformed: return "malformed";
        case DecodeErrorKind::UnknownType: return "unknown_type";
        case DecodeErrorKind::MissingField: return "missing_field";
        case DecodeErrorKind::UnexpectedField: return "unexpected_field";
        case DecodeErrorKind::WrongType: return "wrong_type";
        case DecodeErrorKind::OutOfRange: return "out_of_range";
        case DecodeErrorKind::Inconsistent: return "inconsistent";
    }
    return "malformed";
}

namespace detail {

json parse_or_fail(std::string_view text) {
    json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) fail(DecodeErrorKind::Malformed, Path{}, "the message is not valid JSON");
    return j;
}

}  // namespace detail
}  // namespace catan::proto
