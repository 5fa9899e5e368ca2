#include "catan/proto/guard.hpp"

#include "catan/proto/parse.hpp"

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

nlohmann::json parse_untrusted(std::string_view text, bool* too_deep) {
    using nlohmann::json;
    bool deep = false;
    // Once too deep, every further value is dropped as it is read, so the rest costs no memory either.
    json j = json::parse(
        text,
        [&deep](int depth, json::parse_event_t event, json&) {
            // `depth` counts the containers around the value: a container starting at depth 64 is level 65.
            const bool opens = event == json::parse_event_t::object_start || event == json::parse_event_t::array_start;
            if (opens && depth >= kMaxJsonDepth) deep = true;
            return !deep;
        },
        /*allow_exceptions=*/false);
    if (deep) j = json(json::value_t::discarded);
    if (too_deep) *too_deep = deep;
    return j;
}

namespace strict {

json parse_or_fail(std::string_view text) {
    bool too_deep = false;
    json j = parse_untrusted(text, &too_deep);
    if (j.is_discarded()) fail(DecodeErrorKind::Malformed, Path{}, too_deep ? kTooDeepMessage : "the message is not valid JSON");
    return j;
}

}  // namespace strict
}  // namespace catan::proto
